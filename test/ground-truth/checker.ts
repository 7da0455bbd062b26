/**
 * The naive reference checker: applies an answer's suggested steps to copies of a generated world and judges
 * them by the referee's rules, written from their definitions (docs/building-model.md) and nothing in
 * src/hints: a step writes only into air or a plain wall, floor or roof block; takes away nothing that holds
 * a block up; writes no cell another step of the answer writes; leaves no room worse (ways in, openings,
 * floor, light, air), alone or together with the others; a door it sets leads from standing room to
 * standing room (level with its sill; outside, also a jump of one block below it, as the walker moves), and a window it
 * sets into a wall looks from a room out on open air.
 */
import type { Building } from './generator.js';
import {
  formatState,
  id,
  inBox,
  isAir,
  key,
  parseCommand,
  type Pos,
  type State,
  unkey,
  writesOf,
  type Grid,
  add,
} from './grid.js';
import { fullCube, isDoor, isLight, leaks, passable, plain } from './blocks.js';
import { Walker } from './walk.js';
import { FACING } from './build.js';
import type { TruthRoom } from './build.js';

export type Rule =
  | 'writes-into-feature'
  | 'takes-support'
  | 'overlap'
  | 'room-worse'
  | 'door-to-nowhere'
  | 'window-to-nowhere'
  | 'not-absolute';

export interface Violation {
  rule: Rule;
  /** the step's index in the answer's list (0-based) */
  step: number;
  detail: string;
}

/** One step's commands applied in order to `grid`: the cells written, each with the state it left. */
const applyStep = (
  grid: Grid,
  commands: readonly string[],
): { writes: Map<string, State>; unread: string[] } => {
  const writes = new Map<string, State>();
  const unread: string[] = [];
  for (const c of commands) {
    if (!/^\/?(setblock|fill|clone)\s/.test(c.trim())) continue;
    const op = parseCommand(c);
    if (!op) {
      unread.push(c);
      continue;
    }
    for (const [k, s] of writesOf(grid, op)) {
      grid.set(unkey(k), s);
      writes.set(k, s);
    }
  }
  return { writes, unread };
};

const SIX: ReadonlyArray<readonly [number, number, number]> = [
  [1, 0, 0],
  [-1, 0, 0],
  [0, 1, 0],
  [0, -1, 0],
  [0, 0, 1],
  [0, 0, -1],
];

const HORIZONTAL: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];

/** What a room is, read from a grid: the verdict an answer's steps must not make worse. */
interface Verdict {
  wayIn: boolean;
  openings: Set<string>;
  held: number;
  lights: number;
  blockedAir: number;
}

const verdict = (grid: Grid, room: TruthRoom, reach: Set<number>, walker: Walker): Verdict => {
  const own = new Set(room.air.map(key));
  const openings = new Set<string>();
  const around = new Set<string>();
  let held = 0;
  let blockedAir = 0;
  for (const p of room.air) {
    const s = grid.get(p);
    if (!passable(s) && !isLight(s)) blockedAir++;
    if (walker.held(p)) held++;
    for (const [dx, dy, dz] of SIX) {
      const n = add(p, dx, dy, dz);
      const k = key(n);
      if (own.has(k)) continue;
      around.add(k);
      if (leaks(grid.get(n))) openings.add(k);
    }
  }
  let lights = 0;
  for (const k of [...own, ...around]) if (isLight(grid.get(unkey(k)))) lights++;
  return { wayIn: room.air.some((p) => reach.has(id(p))), openings, held, lights, blockedAir };
};

const worse = (before: Verdict, after: Verdict): string[] => {
  const out: string[] = [];
  if (before.wayIn && !after.wayIn) out.push('its way in is gone');
  const opened = [...after.openings].filter((k) => !before.openings.has(k));
  if (opened.length) out.push(`opened at ${opened.slice(0, 3).join(' ')}`);
  if (after.held < before.held) out.push(`${before.held - after.held} cells lost their floor`);
  if (after.lights < before.lights) out.push('it lost a light');
  if (after.blockedAir > before.blockedAir)
    out.push(`${after.blockedAir - before.blockedAir} cells of its air filled`);
  return out;
};

const roomsWorse = (b: Building, before: Map<TruthRoom, Verdict>, grid: Grid): string[] => {
  const walker = new Walker(grid, b.near);
  const reach = walker.reach();
  return b.rooms.flatMap((r) =>
    worse(before.get(r)!, verdict(grid, r, reach, walker)).map((w) => `${r.label}: ${w}`),
  );
};

/** Judges the steps (each a list of commands, in the answer's order) against the building. */
export const checkSteps = (b: Building, steps: ReadonlyArray<readonly string[]>): Violation[] => {
  const out: Violation[] = [];
  const baseWalker = new Walker(b.grid, b.near);
  const baseReach = baseWalker.reach();
  const before = new Map(b.rooms.map((r) => [r, verdict(b.grid, r, baseReach, baseWalker)]));
  const owner = new Map<string, number>();
  const roomAir = new Set(b.rooms.flatMap((r) => r.air.map(id)));
  const together = b.grid.copy();
  steps.forEach((commands, i) => {
    const grid = b.grid.copy();
    const { writes, unread } = applyStep(grid, commands);
    applyStep(together, commands);
    for (const c of unread)
      out.push({ rule: 'not-absolute', step: i, detail: `cannot be run as given here: ${c}` });
    for (const [k, s] of writes) {
      const p = unkey(k);
      const was = b.grid.get(p);
      const same = formatState(was) === formatState(s);
      if (!same && !isAir(was) && !plain(was))
        out.push({
          rule: 'writes-into-feature',
          step: i,
          detail: `writes ${formatState(s)} over ${formatState(was)} at ${k}`,
        });
      const other = owner.get(k);
      if (other !== undefined && other !== i)
        out.push({ rule: 'overlap', step: i, detail: `writes ${k}, which step ${other + 1} writes too` });
      owner.set(k, i);
    }
    for (const sup of b.supports) {
      const after = grid.get(sup.by);
      const was = b.grid.get(sup.by);
      const holds = fullCube(after) || (isDoor(was) && after.name === was.name);
      if (!holds && formatState(grid.get(sup.at)) === formatState(b.grid.get(sup.at)))
        out.push({
          rule: 'takes-support',
          step: i,
          detail: `${sup.block} at ${key(sup.at)} is held from ${sup.from} by ${key(sup.by)}, which becomes ${formatState(after)}`,
        });
    }
    for (const [k, s] of writes) {
      if (!isDoor(s) || s.properties['half'] !== 'lower') continue;
      const f = FACING[s.properties['facing'] ?? 'north'];
      if (!f) continue;
      const p = unkey(k);
      const walker = new Walker(grid, b.near);
      const ends = [add(p, f.x, 0, f.z), add(p, -f.x, 0, f.z * -1)];
      // standing room level with the sill; outside a room, also a floor one block below it with the cells
      // above open: the walker's own move (a jump of one block, the cell over the head open) takes a player in
      const below = (e: Pos): Pos => add(e, 0, -1, 0);
      const bad = ends.filter(
        (e: Pos) =>
          !(walker.fits(e) && walker.held(e)) &&
          !(!roomAir.has(id(e)) && walker.fits(e) && walker.fits(below(e)) && walker.held(below(e))),
      );
      if (bad.length)
        out.push({
          rule: 'door-to-nowhere',
          step: i,
          detail: `the door at ${k} opens onto no standing room at ${bad.map(key).join(' ')}`,
        });
    }
    for (const [k, s] of writes) {
      const p = unkey(k);
      if (!/glass/.test(s.name) || !plain(b.grid.get(p))) continue;
      // across the wall: a room's air on one side, open air that is no room's on the other
      const looksOut = HORIZONTAL.some(([dx, dz]) => {
        const inside = add(p, dx, 0, dz);
        const outside = add(p, -dx, 0, -dz);
        const indoors =
          roomAir.has(id(inside)) || (!isAir(grid.get(inside)) && b.rooms.some((r) => inBox(r.box, inside)));
        return indoors && !roomAir.has(id(outside)) && leaks(grid.get(outside));
      });
      if (!looksOut)
        out.push({
          rule: 'window-to-nowhere',
          step: i,
          detail: `the window at ${k} does not look from a room out on open air`,
        });
    }
    for (const w of roomsWorse(b, before, grid)) out.push({ rule: 'room-worse', step: i, detail: w });
  });
  if (steps.length > 1)
    for (const w of roomsWorse(b, before, together))
      out.push({ rule: 'room-worse', step: -1, detail: `all steps together: ${w}` });
  return out;
};
