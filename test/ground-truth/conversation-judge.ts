/**
 * The conversation's referee of answers: after each call, every sentence about the buildings is judged against
 * the script's truth (judge.ts for rooms, ways in and steps; sentences.ts for doors, support and counts), and
 * every suggested step is followed as given, with the world read back after it. Imports nothing from
 * src/hints: the judge stays independent of what it judges.
 */
import type { CommandChannel } from '../../src/connection/channel.js';
import type { BatchResult } from '../../src/results/schema.js';
import type { TestCompanion } from '../helpers/companion.js';
import type { Call, Truth } from './conversation-script.js';
import { falseSentences } from './conversation-sentences.js';
import type { Family } from './families.js';
import type { Building } from './generator.js';
import {
  bounding,
  grow,
  id,
  inBox,
  isAir,
  key,
  parseCommand,
  type Pos,
  type State,
  unkey,
  writesOf,
} from './grid.js';
import { judge, mentions, namedBox } from './judge.js';
import { settle } from './vanilla-updates.js';
import { Walker } from './walk.js';

/** One untrue sentence (or a step that did harm), with the call it came from. */
export interface Untrue {
  kind: string;
  call: string;
  detail: string;
}

/** What one answer said, for the transcript a failure prints. */
export interface Spoken {
  call: string;
  tool: string;
  args: unknown;
  text: string;
}

export interface Ctx {
  c: TestCompanion;
  channel: CommandChannel;
  t: Truth;
  o: Pos;
  untrue: Untrue[];
  transcript: Spoken[];
  /** where the world differs from the script's truth after one of the script's own calls */
  worldDiffers: string[];
  /** the script's hand-written "way in" against the naive walker's paths, where they disagree */
  scriptErrors: string[];
  /** how many sentences were judged, by what they are about */
  judged: Map<string, number>;
  /** cells a followed step wrote: a room around one has the walker's way in from then on, not the script's */
  followedCells: Set<string>;
}

interface Said {
  batch: BatchResult;
  text: string;
}

/** The truth as the judge reads it; rooms the script declared whose air still leaks out (no roof yet) apart. */
export const buildingOf = (t: Truth, o: Pos): Building & { open: Set<string> } => {
  const written = bounding(t.grid.written()) ?? { min: o, max: o };
  const near = grow(written, 2);
  const walker = new Walker(t.grid, near);
  // open to the sky straight above: walls not roofed yet (a doorway or a hole in a wall leaves a room a room)
  const open = new Set(
    [...t.rooms.values()].filter((r) => r.air.some((p) => walker.sky(p))).map((r) => r.label),
  );
  return {
    seed: 0,
    family: 'conversation' as Family,
    commands: [],
    grid: t.grid,
    rooms: [...t.rooms.values()],
    notRooms: [...t.notRooms.values()],
    // a block that is gone holds nothing and is held by nothing
    supports: t.supports.filter((h) => t.grid.get(h.at).name === h.block),
    near,
    site: written,
    siteCommands: [],
    origin: o,
    open,
  };
};

/** A state as vanilla compares it after /setblock: neighbour-shape properties are the world's to set. */
const SHAPED = new Set(['north', 'south', 'east', 'west', 'up', 'down', 'shape']);
const sameBlock = (a: State, b: State): boolean =>
  a.name === b.name &&
  [...new Set([...Object.keys(a.properties), ...Object.keys(b.properties)])].every(
    (k) =>
      SHAPED.has(k) ||
      a.properties[k] === undefined ||
      b.properties[k] === undefined ||
      a.properties[k] === b.properties[k],
  );

/** Applies commands to the truth's grid; returns the cells written and how many change anything. */
const apply = (t: Truth, commands: readonly string[]): { written: Set<string>; changing: boolean[] } => {
  const written = new Set<string>();
  const changing: boolean[] = [];
  for (const command of commands) {
    const op = parseCommand(command);
    if (!op) {
      changing.push(true);
      continue;
    }
    let changed = false;
    const cells: Pos[] = [];
    for (const [k, s] of writesOf(t.grid, op)) {
      const p = unkey(k);
      if (sameBlock(t.grid.get(p), s)) continue;
      changed = true;
      t.grid.set(p, s);
      written.add(k);
      cells.push(p);
    }
    settle(t.grid, cells);
    changing.push(changed);
  }
  return { written, changing };
};

/** The world against the truth's grid, by block name, at every cell the truth knows but `skip`. */
const readBack = (ctx: Ctx, skip: ReadonlySet<string> = new Set()): string[] => {
  const out: string[] = [];
  for (const p of ctx.t.grid.written()) {
    if (skip.has(key(p))) continue;
    const read = ctx.channel.readBlock!(p);
    const want = ctx.t.grid.get(p).name;
    const got = read === 'unloaded' ? 'unloaded' : read.name;
    // names only: the world gives panes, fences and stairs the shapes of their neighbours
    if (got !== want) out.push(`${key(p)} holds ${got}, the truth ${want}`);
  }
  return out;
};

const reachOf = (ctx: Ctx): { walker: Walker; reach: Set<number> } => {
  const walker = new Walker(ctx.t.grid, buildingOf(ctx.t, ctx.o).near);
  return { walker, reach: walker.reach() };
};

/**
 * Walls not yet roofed are named as the room they become, by the box of their walls, with "no roof yet":
 * true of them. Their way in is from the sky, and a roof that closes it makes them no worse.
 */
const unroofed = (open: ReadonlySet<string>, property: string, detail: string, label?: string): boolean => {
  if (label && open.has(label) && (property === 'room-named' || property === 'way-in')) return true;
  const near = [...open].some((l) => detail.includes(`${l} (`));
  if (property === 'no-phantom-room' && near) return true;
  return (
    property === 'steps-pass' &&
    [...open].some((l) => new RegExp(`^(all steps together: )?${l}: its way in is gone`).test(detail))
  );
};

/** Judges one answer: rooms and ways in (judge.ts, the touched rooms only), steps, and the other sentences. */
const judgeAnswer = (ctx: Ctx, call: string, said: Said, touched: ReadonlySet<string>): void => {
  const b = buildingOf(ctx.t, ctx.o);
  const cells = [...touched].map(unkey);
  // an answer describes the rooms its batch touched: a room it does not name is missed only when touched
  const wasTouched = (label: string) => {
    const r = ctx.t.rooms.get(label);
    return !!r && cells.some((p) => inBox(namedBox(r), p));
  };
  const about = (detail: string) => [...ctx.t.rooms.keys()].find((l) => detail.startsWith(`${l} `));
  const structured = judge(b, said.batch.actionHints);
  const spoken = judge(b, { moduleHints: said.text.split('\n') }).filter((f) => f.property !== 'steps-pass');
  const seen = new Set<string>();
  for (const f of [...structured, ...spoken]) {
    const label = about(f.detail);
    if (f.property === 'room-named' && !(label && wasTouched(label))) continue;
    if (unroofed(b.open, f.property, f.detail, label)) continue;
    const kind = `${f.property}: ${f.kind}${label ? ` (${label})` : ''}`;
    const k = `${kind} ${f.detail.split(':')[0]}`;
    if (seen.has(k)) continue;
    seen.add(k);
    ctx.untrue.push({ kind, call, detail: f.detail });
  }
  const tally = (what: string) => ctx.judged.set(what, (ctx.judged.get(what) ?? 0) + 1);
  for (const _ of mentions(said.batch.actionHints)) tally('rooms');
  for (const u of falseSentences(b, ctx.t, said, tally)) ctx.untrue.push({ ...u, call });
};

/**
 * The truth's ways in: the script's, checked against the naive walker; for a room a followed step wrote into
 * (its box or its walls), the walker's, since the script could not know the step.
 */
const reconcile = (ctx: Ctx, call: string, check: boolean): void => {
  const { reach } = reachOf(ctx);
  const followed = [...ctx.followedCells].map(unkey);
  for (const [label, r] of ctx.t.rooms) {
    const air = r.air.filter((p) => isAir(ctx.t.grid.get(p)));
    if (!air.length) {
      ctx.t.rooms.delete(label);
      continue;
    }
    const walks = air.some((p) => reach.has(id(p)));
    if (followed.some((p) => inBox(namedBox(r), p)))
      ctx.t.rooms.set(label, { ...r, air, box: bounding(air)!, wayIn: walks });
    else if (check && walks !== r.wayIn)
      ctx.scriptErrors.push(
        `${call}: the script says ${label} has ${r.wayIn ? 'a' : 'no'} way in, the walker ${walks}`,
      );
  }
};

/** Sends one call of the script, brings the truth up to date, checks the world and judges the answer. */
export const heard = async (ctx: Ctx, call: Call, send: (call: Call) => Promise<Said>): Promise<Said> => {
  const { written, changing } = apply(ctx.t, call.commands ?? []);
  const before = new Set(ctx.t.grid.written().map(key));
  call.then(ctx.t);
  // what then() wrote (the placed file's cells)
  for (const p of ctx.t.grid.written()) if (!before.has(key(p))) written.add(key(p));
  const said = await send(call);
  ctx.transcript.push({
    call: call.say,
    tool: call.tool,
    args: call.commands ?? call.place,
    text: said.text,
  });
  reconcile(ctx, call.say, true);
  if (call.commands) {
    const want = changing.filter(Boolean).length;
    if (said.batch.appliedCount !== want)
      ctx.worldDiffers.push(
        `${call.say}: ${said.batch.appliedCount} of ${call.commands.length} applied, the truth ${want}`,
      );
  }
  ctx.worldDiffers.push(...readBack(ctx).map((d) => `${call.say}: ${d}`));
  judgeAnswer(ctx, call.say, said, written);
  return said;
};

/** Follows every suggested step of an answer as given, then the steps of those answers once more. */
export const follow = async (ctx: Ctx, call: string, said: Said, depth = 0): Promise<void> => {
  const steps = said.batch.actionHints?.nextSteps ?? [];
  for (const [i, step] of steps.entries()) {
    const label = `${call} → step ${i + 1} (${step.action})`;
    const tool = step.suggestedTool;
    if (!tool) continue;
    const args = step.suggestedArgs ?? {};
    if (tool !== 'execute_commands') {
      const r = await ctx.c.call(tool, args);
      const text = (r.content as Array<{ text: string }>)[0]?.text ?? '';
      ctx.transcript.push({ call: label, tool, args, text });
      if (r.isError) ctx.untrue.push({ kind: `step refused: ${tool}`, call: label, detail: text });
      continue;
    }
    const commands = (args['commands'] as string[] | undefined) ?? [];
    ctx.judged.set('steps followed', (ctx.judged.get('steps followed') ?? 0) + 1);
    const differedBefore = new Set(readBack(ctx).map((d) => d.split(' ')[0]!));
    const { written, changing } = apply(ctx.t, commands);
    const r = await ctx.c.call(tool, args);
    const text = (r.content as Array<{ text: string }>)[0]?.text ?? '';
    ctx.transcript.push({ call: label, tool, args, text });
    if (r.isError) {
      ctx.untrue.push({ kind: 'step refused: execute_commands', call: label, detail: text });
      continue;
    }
    const batch = r.structuredContent as unknown as BatchResult;
    // the step does what it says: every command that changes something is applied, and reads back
    const refused = batch.results.filter((x, n) => changing[n] && x.status !== 'applied');
    if (refused.length)
      ctx.untrue.push({
        kind: 'step not applied as given',
        call: label,
        detail: refused.map((x) => `${x.command}: ${x.status} ${x.summary ?? ''}`).join('; '),
      });
    const notThere = readBack(ctx).filter((d) => written.has(d.split(' ')[0]!));
    if (notThere.length)
      ctx.untrue.push({ kind: 'step’s blocks not in the world', call: label, detail: notThere.join('; ') });
    // nothing the script built is damaged: the world holds the truth everywhere the step did not write
    const damaged = readBack(ctx, written).filter((d) => !differedBefore.has(d.split(' ')[0]!));
    if (damaged.length)
      ctx.untrue.push({
        kind: 'step damaged what stood',
        call: label,
        detail: damaged.slice(0, 6).join('; '),
      });
    for (const k of written) ctx.followedCells.add(k);
    reconcile(ctx, label, false);
    judgeAnswer(ctx, label, { batch, text }, written);
    if (depth < 1) await follow(ctx, label, { batch, text }, depth + 1);
  }
};

/**
 * One voice across tools: after a placed file's suggested steps are followed, compare_structure of the same
 * file must not call what those steps wrote a difference from the plan (a file's own defect is said as the
 * plan's, never as a required step that the comparison then undoes).
 */
export const comparedAfter = async (ctx: Ctx, call: Call): Promise<void> => {
  const r = await ctx.c.call('compare_structure', { ...call.place });
  const text = (r.content as Array<{ text: string }>)[0]?.text ?? '';
  ctx.transcript.push({
    call: `${call.say} → compare_structure`,
    tool: 'compare_structure',
    args: call.place,
    text,
  });
  const out = r.structuredContent as { differences?: Array<Pos & { expected: string; actual: string }> };
  const stepWrote = (d: Pos) => ctx.followedCells.has(key(d));
  const undone = (out.differences ?? []).filter(stepWrote);
  if (r.isError || undone.length)
    ctx.untrue.push({
      kind: 'two tools: a step of place_structure that compare_structure calls a difference',
      call: call.say,
      detail: `${text.split('\n')[0]} ${undone.map((d) => `${key(d)}: plan ${d.expected}, world ${d.actual}`).join('; ')}`,
    });
};
