/**
 * A step tried on a copy of the world as read: the copy holds the step's writes over the region (and, to
 * judge it together with the answer's other steps, theirs), and the rooms near the writes are found again in
 * it the way the rooms are found for the answer (model/spaces.ts `enclosedRoomsNear`, told the openings the batch
 * cut: enclosed air, divided at doorways; `reachesOut` for open air). Only what the writes can change is built
 * again: the rooms within a block of them, and the walk only when a write closes a cell a player's body or feet
 * used — the model's walk with the step's cells changed (model/walk.ts `withWrites`).
 *
 * A room is worse when the step fills its air (a light or a door excepted), opens it (its air no longer
 * enclosed), splits it, joins it to another, takes away the floor under its air, or takes away its way in
 * (a place a player walked to from outside no longer reached). What holds a block up is judged cell by cell in referee.ts.
 */
import type { BlockPos, Box } from '../../vocabulary/blocks/box.js';
import type { BlockState } from '../../vocabulary/blocks/block-state.js';
import { isLightSource } from '../block-data.js';
import { isDoorName } from '../batch/blocks.js';
import type { Room } from '../context.js';
import { containsPos, formatBox } from '../geometry.js';
import { bodyShape, letsBodyThrough } from '../model/block-shape.js';
import { type Stand, standKey, type WalkGraph } from '../model/walk.js';
import { type Cells, boxOfCells, cellKey } from './cells.js';
import { cellKind } from '../model/cells.js';
import { enclosedRoomsNear, type FloodOptions, reachesOut, type Space } from '../model/spaces.js';
import { RegionWithWrites, type WorldRegion } from '../model/world-region.js';

/** A copy of the region with `writes` over it (later maps win); reads the region for every other cell. */
export const copyWith = (region: WorldRegion, ...writes: readonly Cells[]): WorldRegion => {
  const over = new Map<number, BlockState>();
  for (const cells of writes)
    for (const { pos, block } of cells.values()) {
      const i = region.indexOf(pos);
      if (i >= 0) over.set(i, block);
    }
  return new RegionWithWrites(region, over);
};

const blockAt = (region: WorldRegion, p: BlockPos): BlockState | undefined => {
  const b = region.at(p);
  return typeof b === 'string' ? undefined : b;
};

/** The rooms within a block of `near`, and the room of an open cell (an index into `spaces`). */
export interface RoomsNear {
  spaces: Space[];
  roomOf: (cell: string) => number | undefined;
}

/**
 * The rooms within a block of `near`, found as the model finds them (model/spaces.ts, told the openings the batch
 * cut: `flood`); each region floods its air once.
 */
export const roomsNear = (
  region: WorldRegion,
  near: Box,
  version: string | undefined,
  flood: FloodOptions,
): RoomsNear => {
  const spaces = enclosedRoomsNear(region, near, version, flood);
  return {
    spaces,
    roomOf: (cell) => {
      const i = spaces.findIndex((s) => s.open.has(cell));
      return i < 0 ? undefined : i;
    },
  };
};

/**
 * Whether the open cell `p` is a room's air: in one of `rooms`, or inside a room the answer names (open to the
 * sky, its roof not laid yet).
 */
export const isRoomAir = (
  region: WorldRegion,
  p: BlockPos,
  rooms: RoomsNear,
  named: readonly Room[],
  version: string | undefined,
): boolean =>
  rooms.roomOf(cellKey(p)) !== undefined ||
  (cellKind(region, p, version) === 'open' && named.some((r) => containsPos(r.interior, p)));

/** Whether any of `cells` falls in or on the shell of a room near `near` (or within a block of `near`). */
export const touchesRoomsNear = (
  region: WorldRegion,
  near: Box,
  cells: Cells,
  version: string | undefined,
  flood: FloodOptions,
): boolean => {
  const boxes = [near, ...roomsNear(region, near, version, flood).spaces.map((s) => s.interior)];
  for (const { pos } of cells.values())
    for (const b of boxes)
      if (
        pos.x >= b.min.x - 1 &&
        pos.x <= b.max.x + 1 &&
        pos.y >= b.min.y - 1 &&
        pos.y <= b.max.y + 1 &&
        pos.z >= b.min.z - 1 &&
        pos.z <= b.max.z + 1
      )
        return true;
  return false;
};

const nameOf = (s: Space): string => `the room of air ${formatBox(s.interior)}`;

/** The body passes through it (air, a torch, a ladder, a door that opens by hand). */
const bodyFree = (b: BlockState, version: string | undefined): boolean =>
  letsBodyThrough(bodyShape(b, version));

/**
 * Why the step makes a room near its writes worse, comparing `after` (the copy with the step) with `before`
 * (the same without it); undefined when no room is worse.
 */
export const roomsWorse = (
  before: WorldRegion,
  after: WorldRegion,
  cells: Cells,
  version: string | undefined,
  flood: FloodOptions,
): string | undefined => {
  const near = boxOfCells(cells.values());
  if (!near) return undefined;
  const was = roomsNear(before, near, version, flood);
  const now = roomsNear(after, near, version, flood);
  for (const [i, space] of was.spaces.entries()) {
    let filled = 0;
    const into = new Set<number>();
    for (const k of space.open) {
      const w = cells.get(k);
      if (w && cellKind(after, w.pos, version) !== 'open') {
        if (!isLightSource(w.block.name, w.block.properties) && !isDoorName(w.block.name)) filled++;
        continue;
      }
      const j = now.roomOf(k);
      into.add(j ?? -1);
    }
    // a block moved within the room (clone … move) leaves as much air as it takes
    const kept = into.size === 1 && !into.has(-1) ? now.spaces[[...into][0]!]!.cells >= space.cells : false;
    if (filled && !kept) return `fills ${filled} cell${filled > 1 ? 's' : ''} of ${nameOf(space)}`;
    if (into.has(-1) && into.size === 1) return `opens ${nameOf(space)} (its air is no longer enclosed)`;
    if (into.has(-1)) return `cuts off part of ${nameOf(space)}`;
    if (into.size > 1) return `splits ${nameOf(space)}`;
    const j = [...into][0];
    if (j !== undefined) {
      for (const k of now.spaces[j]!.open) {
        const other = was.roomOf(k);
        if (other !== undefined && other !== i) return `joins ${nameOf(space)} to another room`;
      }
    }
  }
  // air enclosed on every side, of any size (a closet, a one-wide corridor, the arm of a U): not filled
  // (as many cells as it frees in enclosed air make up for those it fills: a block moved)
  let filled: BlockPos | undefined;
  let balance = 0;
  for (const w of cells.values()) {
    if (isLightSource(w.block.name, w.block.properties) || isDoorName(w.block.name)) continue;
    const was = cellKind(before, w.pos, version) === 'open';
    const is = cellKind(after, w.pos, version) === 'open';
    if (was && !is && !reachesOut(before, w.pos, version)) {
      balance++;
      filled ??= w.pos;
    } else if (!was && is && !reachesOut(after, w.pos, version)) balance--;
  }
  if (filled && balance > 0) return `fills enclosed air at ${filled.x} ${filled.y} ${filled.z}`;
  // the floor under a room's air: a block stood on that the step takes away
  for (const w of cells.values()) {
    const room = was.roomOf(cellKey({ ...w.pos, y: w.pos.y + 1 }));
    if (room === undefined) continue;
    const space = was.spaces[room]!;
    // under the room's air, not a block standing in it (furniture moved away)
    if (w.pos.y >= space.interior.min.y) continue;
    const old = blockAt(before, w.pos);
    if (old && bodyShape(old, version).stoodOn && !bodyShape(w.block, version).stoodOn)
      return `takes away the floor of ${nameOf(space)}`;
  }
  return undefined;
};

/**
 * Whether a light the step sets shines into a room's own air: the light stands in the air of a room (or of a
 * room the answer names, open to the sky), or next to it (glowstone in the ceiling).
 */
export const lightsRoom = (
  after: WorldRegion,
  at: BlockPos,
  rooms: readonly Room[],
  version: string | undefined,
  flood: FloodOptions,
): boolean => {
  const found = roomsNear(after, { min: at, max: at }, version, flood);
  const roomAir = (p: BlockPos): boolean => isRoomAir(after, p, found, rooms, version);
  if (roomAir(at)) return true;
  const around: BlockPos[] = [
    { ...at, x: at.x + 1 },
    { ...at, x: at.x - 1 },
    { ...at, y: at.y + 1 },
    { ...at, y: at.y - 1 },
    { ...at, z: at.z + 1 },
    { ...at, z: at.z - 1 },
  ];
  return around.some(roomAir);
};

/** Whether any write closes a cell a player's body passed through, or takes away a block stood on. */
export const closesWalk = (before: WorldRegion, cells: Cells, version: string | undefined): boolean => {
  for (const w of cells.values()) {
    const old = blockAt(before, w.pos);
    if (!old) continue;
    if (bodyFree(old, version) && !bodyFree(w.block, version)) return true;
    if (bodyShape(old, version).stoodOn && !bodyShape(w.block, version).stoodOn) return true;
  }
  return false;
};

/** Per walk: the stands under open sky a player starts from (not on a ladder), and what was walked from them. */
const walkedOf = new WeakMap<WalkGraph, { sky: Stand[]; walked: Map<string, string[]> }>();

/**
 * The places a player walks to from `outside` and back out again (by their keys), in the walk `before`; worked out
 * once per set of stands left out of the sky (the same for most steps of one answer).
 */
const walkedFrom = (before: WalkGraph, stillSky: (s: Stand) => boolean): string[] => {
  let known = walkedOf.get(before);
  if (!known) {
    const sky = before.allStands().filter((s) => s.sky && !s.climbing);
    walkedOf.set(before, (known = { sky, walked: new Map() }));
  }
  const outside: Stand[] = [];
  const roofed: string[] = [];
  for (const s of known.sky)
    if (stillSky(s)) outside.push(s);
    else roofed.push(standKey(s));
  const key = roofed.join(' ');
  let was = known.walked.get(key);
  if (!was) {
    const out = before.reachBack(outside);
    was = [...before.reachFrom(outside)].filter((k) => out.has(k));
    known.walked.set(key, was);
  }
  return was;
};

/**
 * Where a player could walk from open sky before the step and cannot after it: the walk of the copy (the walk
 * before it with the step's cells changed, model/walk.ts `withWrites`), only when a write closes a cell a player
 * used. `after` is `before.region` with `cells` written. Stands whose own cells (feet, head, floor) the step
 * writes are the step's to change. Undefined when every other stand is still reached.
 */
export const reachLost = (
  before: WalkGraph,
  after: WorldRegion,
  cells: Cells,
  version: string | undefined,
): string | undefined => {
  if (!closesWalk(before.region, cells, version)) return undefined;
  const nowGraph = before.withWrites(
    after,
    [...cells.values()].map((w) => w.pos),
  );
  const now = nowGraph.reachFromSky();
  // a stand under open sky that the step roofs over was outside, not walked into; and a place counts only
  // when a player there also gets back out to the sky that stays: a roofless storey a player drops into from
  // the top of its walls was never walked into, and a roof over it takes no way in away
  const was = walkedFrom(before, (s) => nowGraph.standOf(s)?.sky === true);
  for (const k of was) {
    if (now.has(k)) continue;
    const [x, y, z] = k.split(',').map(Number) as [number, number, number];
    if (cells.has(`${x},${y - 1},${z}`) || cells.has(k) || cells.has(`${x},${y + 1},${z}`)) continue;
    return `cuts off where a player walks in from outside (${x} ${y} ${z})`;
  }
  return undefined;
};
