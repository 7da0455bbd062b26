/**
 * Judges an answer about a generated building against its truth: every room the generator built is named
 * with its box, nothing else is called a room, every "way in" / "no way in" agrees with the walkable paths,
 * and every suggested step passes the reference checker. Reads the answer as plain data (the shape of
 * `actionHints`), so that it judges the library's answer and the MCP tool's alike; imports nothing from src/.
 */
import type { TruthRoom } from './build.js';
import { checkSteps } from './checker.js';
import type { Building } from './generator.js';
import { type Box3, fmtBox, grow, sameBox } from './grid.js';

/** The part of an answer the judge reads: `actionHints` as the tools return it. */
export interface Answer {
  nextSteps?:
    | ReadonlyArray<{
        action: string;
        description: string;
        suggestedArgs?: Record<string, unknown> | undefined;
      }>
    | undefined;
  moduleHints?: readonly string[] | undefined;
}

export type Property = 'room-named' | 'no-phantom-room' | 'way-in' | 'steps-pass';

export interface Failure {
  property: Property;
  /** what went wrong, short, for grouping (e.g. `step writes-into-feature`, `phantom roof space`) */
  kind: string;
  seed: number;
  family: string;
  detail: string;
}

interface Mention {
  box: Box3;
  dims: [number, number, number];
  /** what the answer says about its way in here: yes, no, or nothing */
  wayIn: boolean | undefined;
  text: string;
}

const ROOM =
  /the (\d+)×(\d+)×(\d+) (?:room|bedroom) at \((-?\d+),(-?\d+),(-?\d+)\)–\((-?\d+),(-?\d+),(-?\d+)\)/g;

/** What one sentence says about the way into the room it names, reading on from the name. */
const wayInAfter = (rest: string, listed: boolean): boolean | undefined => {
  const clause = rest.split(/;|\. |\.$|\(\d+\) the/)[0] ?? '';
  if (/no way in|has no door:/.test(clause)) return false;
  if (/a way in|finished and verified|has (a 2-wide )?(an )?opening on its/.test(clause)) return true;
  // a room in the list of rooms touched, with only other things missing: the answer counts a way in
  if (listed && /^: (no (floor|roof)(, no (floor|roof))* yet|not all read back)/.test(clause)) return true;
  return undefined;
};

export const mentions = (answer: Answer | undefined): Mention[] => {
  const texts = [...(answer?.moduleHints ?? []), ...(answer?.nextSteps ?? []).map((s) => s.description)];
  const out: Mention[] = [];
  for (const text of texts)
    for (const m of text.matchAll(ROOM)) {
      const n = m.slice(1).map(Number);
      const rest = text.slice(m.index + m[0].length);
      const listed = /\(\d+\) $/.test(text.slice(0, m.index));
      out.push({
        dims: [n[0]!, n[1]!, n[2]!],
        box: { min: { x: n[3]!, y: n[4]!, z: n[5]! }, max: { x: n[6]!, y: n[7]!, z: n[8]! } },
        wayIn: wayInAfter(rest, listed),
        text: text.length > 220 ? `${text.slice(0, 217)}…` : text,
      });
    }
  return out;
};

/** The box an answer names a room by: its air with the walls, floor and ceiling around it. */
export const namedBox = (r: TruthRoom): Box3 => grow(r.box, 1);

const dimsOf = (b: Box3): [number, number, number] => [
  b.max.x - b.min.x + 1,
  b.max.y - b.min.y + 1,
  b.max.z - b.min.z + 1,
];

const overlaps = (a: Box3, b: Box3): boolean =>
  a.min.x <= b.max.x &&
  b.min.x <= a.max.x &&
  a.min.y <= b.max.y &&
  b.min.y <= a.max.y &&
  a.min.z <= b.max.z &&
  b.min.z <= a.max.z;

export const judge = (b: Building, answer: Answer | undefined): Failure[] => {
  const out: Failure[] = [];
  const fail = (property: Property, kind: string, detail: string) =>
    out.push({ property, kind, seed: b.seed, family: b.family, detail });
  const said = mentions(answer);
  for (const r of b.rooms) {
    const named = said.filter((m) => sameBox(m.box, namedBox(r)));
    if (named.length === 0) {
      fail('room-named', `${r.kind} not named`, `${r.label} ${fmtBox(namedBox(r))} is not named`);
      continue;
    }
    for (const m of named) {
      const want = dimsOf(r.box);
      if (m.dims.join() !== want.join())
        fail(
          'room-named',
          `${r.kind} named with other dims`,
          `${r.label}: ${m.dims.join('×')}, its air is ${want.join('×')}`,
        );
      if (m.wayIn !== undefined && m.wayIn !== r.wayIn)
        fail(
          'way-in',
          r.wayIn
            ? `${r.kind}: "no way in", but a player walks in`
            : `${r.kind}: "a way in", but no player can walk in`,
          `${r.label} ${fmtBox(namedBox(r))}: ${m.text}`,
        );
    }
  }
  for (const m of said) {
    if (b.rooms.some((r) => sameBox(m.box, namedBox(r)))) continue;
    const not = b.notRooms.find((n) => overlaps(n.box, m.box));
    const near = b.rooms.filter((r) => overlaps(namedBox(r), m.box));
    const what = not
      ? `phantom room over the ${not.label}`
      : near.length > 1
        ? 'rooms merged into one'
        : near.length === 1
          ? 'room named with another box'
          : 'phantom room';
    // a room named with another box still says something about the one room it stands for
    const only = near.length === 1 ? near[0]! : undefined;
    if (only && m.wayIn !== undefined && m.wayIn !== only.wayIn)
      fail(
        'way-in',
        only.wayIn
          ? `${only.kind}: "no way in", but a player walks in`
          : `${only.kind}: "a way in", but no player can walk in`,
        `${only.label} ${fmtBox(namedBox(only))} (named ${fmtBox(m.box)}): ${m.text}`,
      );
    fail(
      'no-phantom-room',
      what,
      `${fmtBox(m.box)} (${near.map((r) => `${r.label} ${fmtBox(namedBox(r))}`).join(', ') || 'no room there'}): ${m.text}`,
    );
  }
  const steps = answer?.nextSteps ?? [];
  const commands = steps.map((s) => {
    const c = s.suggestedArgs?.['commands'];
    return Array.isArray(c) ? c.filter((x): x is string => typeof x === 'string') : [];
  });
  for (const v of checkSteps(b, commands)) {
    const action = v.step >= 0 ? steps[v.step]!.action : 'together';
    fail(
      'steps-pass',
      `${action}: ${v.rule}`,
      `${v.detail} (${v.step >= 0 ? JSON.stringify(commands[v.step]) : 'all steps'})`,
    );
  }
  return out;
};
