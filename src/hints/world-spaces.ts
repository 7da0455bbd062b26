/**
 * Spaces in the world as read: which blocks a player stands in (open), which enclose (solid), doors, and
 * how the open air inside a room falls apart into rooms where inner walls divide it. A doorway in an inner
 * wall joins two rooms without making them one: its cells are left out of the flood that finds a room and
 * become the opening between the two.
 *
 * Follows vanilla's idea of passable (`BlockBehaviour.hasCollision`, 1.21.4
 * `net/minecraft/world/level/block/state/BlockBehaviour.java`: an empty collision shape, which minecraft-data
 * exports as `boundingBox: empty`): air, torches and signs are open; doors, panes, beds and lanterns stand
 * in the way. A door's two halves are told apart by `half` (`DoorBlock`, `DoubleBlockHalf`).
 */
import type { BlockPos, Box } from '../vocabulary/blocks/box.js';
import { isPassable } from './block-data.js';
import { isAirName, isDoorName } from './blocks.js';
import { isClimbedThrough } from './model/block-shape.js';
import { boxOf, containsPos, intersection, size } from './geometry.js';
import type { CellKind, WorldRegion } from './world-region.js';
import type { BlockState } from '../vocabulary/blocks/block-state.js';

export type { CellKind };

const classify =
  (version: string | undefined) =>
  (b: BlockState): CellKind => {
    // a ladder or a vine takes no room: a player climbs in its cell (the building model's walk)
    if (isAirName(b.name) || isPassable(b.name, version) || isClimbedThrough(b.name)) return 'open';
    return isDoorName(b.name) ? 'door' : 'solid';
  };
/** one classifier per version: the region keeps each cell's kind */
const classifiers = new Map<string | undefined, (b: BlockState) => CellKind>();

const classifierOf = (version: string | undefined): ((b: BlockState) => CellKind) => {
  let c = classifiers.get(version);
  if (!c) classifiers.set(version, (c = classify(version)));
  return c;
};

export const cellKind = (region: WorldRegion, pos: BlockPos, version?: string): CellKind =>
  region.kindAt(pos.x, pos.y, pos.z, version, classifierOf(version));

/** `cellKind` by coordinates */
const cellKindAt = (region: WorldRegion, x: number, y: number, z: number, version?: string): CellKind =>
  region.kindAt(x, y, z, version, classifierOf(version));

/** A doorway is at most this high (a 2-high door, a 3-high arch). */
const MAX_DOORWAY_HEIGHT = 3;
/** and at most this wide (a double door, a wide arch); a wider gap in a wall is no doorway */
const MAX_DOORWAY_WIDTH = 3;
/** Pockets of air smaller than this (a niche, a gap behind furniture) are no room. */
const MIN_ROOM_CELLS = 4;

/** the six neighbours' offsets, along x, y and z */
const DX = [1, -1, 0, 0, 0, 0] as const;
const DY = [0, 0, 1, -1, 0, 0] as const;
const DZ = [0, 0, 0, 0, 1, -1] as const;

const at = (p: BlockPos, dx: number, dy: number, dz: number): BlockPos => ({
  x: p.x + dx,
  y: p.y + dy,
  z: p.z + dz,
});

export interface Space {
  /** the open cells' bounding box */
  interior: Box;
  /** the (x, z) columns it covers, as `x,z` */
  columns: Set<string>;
  cells: number;
  /** its open cells, as `x,y,z` */
  open: Set<string>;
  /** it reaches the edge of the bounds or a block the world could not tell: not known to be enclosed */
  leaks: boolean;
}

/**
 * Spaces lower than this (air under a raised floor) or narrower (the inside of a hollow pillar, a gap in a
 * double wall) are no rooms.
 */
const MIN_ROOM_HEIGHT = 2;
const MIN_ROOM_WIDTH = 2;

/** A room's whole box: its open interior with the walls, floor and roof around it. */
export const shellOf = (interior: Box): Box =>
  boxOf(
    { x: interior.min.x - 1, y: interior.min.y - 1, z: interior.min.z - 1 },
    { x: interior.max.x + 1, y: interior.max.y + 1, z: interior.max.z + 1 },
  );

/**
 * The rooms next to `near` as the world holds them: open spaces fully enclosed inside the region (walls,
 * floor and roof all read), high and wide enough for a room, that come within one block of `near`: a block
 * inside a room, or in its wall, floor or roof, finds it. Inner walls divide rooms; a doorway joins two
 * without making them one.
 */
export function enclosedRoomsNear(region: WorldRegion, near: Box, version?: string): Space[] {
  const reach = shellOf(near);
  return floodSpaces(region, region.box, version, { seeds: reach, enclosedOnly: true }).filter(
    ({ interior, leaks }) =>
      !leaks &&
      intersection(interior, reach) !== undefined &&
      size(interior, 'y') >= MIN_ROOM_HEIGHT &&
      size(interior, 'x') >= MIN_ROOM_WIDTH &&
      size(interior, 'z') >= MIN_ROOM_WIDTH,
  );
}

/** The open spaces inside `bounds`, divided at doorways; undefined when any cell in it is unknown. */
export function spacesIn(region: WorldRegion, bounds: Box, version?: string): Space[] | undefined {
  for (let x = bounds.min.x; x <= bounds.max.x; x++)
    for (let y = bounds.min.y; y <= bounds.max.y; y++)
      for (let z = bounds.min.z; z <= bounds.max.z; z++)
        if (cellKind(region, { x, y, z }, version) === 'unknown') return undefined;
  return floodSpaces(region, bounds, version);
}

/**
 * The open spaces inside `bounds` (a flood over open cells, 6 ways, that stops at doorway cells), each
 * with whether it leaks: out of the bounds, or next to a cell the world could not tell. `seeds` limits
 * where floods start; `enclosedOnly` gives up on a space at its first leak and leaves it out, so that the
 * open air around a building is not read to the edge of the bounds.
 */
export function floodSpaces(
  region: WorldRegion,
  bounds: Box,
  version?: string,
  { seeds = bounds, enclosedOnly = false }: { seeds?: Box; enclosedOnly?: boolean } = {},
): Space[] {
  const kind = (p: BlockPos): CellKind => cellKind(region, p, version);
  const kindAt = (x: number, y: number, z: number): CellKind => cellKindAt(region, x, y, z, version);
  // cells inside the bounds are inside the region (never read outside it): its offsets are their keys
  const key = (p: BlockPos) => region.indexOf(p);
  const portal = new Map<number, boolean>();
  const isPortal = (p: BlockPos, k = key(p)): boolean => {
    let v = portal.get(k);
    if (v === undefined) portal.set(k, (v = doorwayCell(kind, kindAt, p)));
    return v;
  };
  const done = new Set<number>();
  // cells of spaces given up on at a leak: a space that reaches one leaks too
  const leaked = new Set<number>();
  const spaces: Space[] = [];
  const { min, max } = bounds;
  for (let x = seeds.min.x; x <= seeds.max.x; x++)
    for (let y = seeds.min.y; y <= seeds.max.y; y++)
      for (let z = seeds.min.z; z <= seeds.max.z; z++) {
        const start = { x, y, z };
        if (!containsPos(bounds, start) || done.has(key(start))) continue;
        if (kind(start) !== 'open' || isPortal(start)) continue;
        const queue = [start];
        done.add(key(start));
        const found: BlockPos[] = [];
        let leaks = false;
        while (queue.length && !(leaks && enclosedOnly)) {
          const p = queue.pop()!;
          found.push(p);
          // the six neighbours, by coordinates: a position object only for a cell the flood goes on to
          for (let d = 0; d < 6; d++) {
            const nx = p.x + DX[d]!;
            const ny = p.y + DY[d]!;
            const nz = p.z + DZ[d]!;
            if (nx < min.x || ny < min.y || nz < min.z || nx > max.x || ny > max.y || nz > max.z) {
              const k = kindAt(nx, ny, nz);
              if (k !== 'solid' && k !== 'door') leaks = true;
              continue;
            }
            const i = region.indexAt(nx, ny, nz);
            if (leaked.has(i)) leaks = true;
            if (done.has(i)) continue;
            const k = kindAt(nx, ny, nz);
            if (k === 'unknown') leaks = true;
            if (k !== 'open') continue;
            const n = { x: nx, y: ny, z: nz };
            if (isPortal(n, i)) continue;
            done.add(i);
            queue.push(n);
          }
        }
        if (leaks && enclosedOnly) {
          for (const p of found) leaked.add(key(p));
          for (const p of queue) leaked.add(key(p));
          continue;
        }
        if (found.length < MIN_ROOM_CELLS) continue;
        const interior = found.reduce((b, p) => boxOf(boxOf(b.min, p).min, boxOf(b.max, p).max), {
          min: found[0]!,
          max: found[0]!,
        });
        spaces.push({
          interior,
          columns: new Set(found.map((p) => `${p.x},${p.z}`)),
          cells: found.length,
          open: new Set(found.map((p) => `${p.x},${p.y},${p.z}`)),
          leaks,
        });
      }
  return spaces;
}

/**
 * An open cell in a doorway of a thin wall: open on both sides across the wall, in a run along it of at
 * most MAX_DOORWAY_WIDTH open cells between two closed jambs, in a column of such cells that stands on
 * something and ends under a lintel, at most MAX_DOORWAY_HEIGHT high. (A gap beside a chest is open above
 * the chest, so it is no doorway.) A run wider than one block is a doorway only where the wall goes on past
 * both jambs (a wall beyond, or a wall across) and the space on both sides is wider than the run: the air
 * beside a pillar, or a corridor as wide as the run, is no doorway.
 */
const doorwayCell = (
  kind: (p: BlockPos) => CellKind,
  kindAt: (x: number, y: number, z: number) => CellKind,
  p: BlockPos,
): boolean => {
  // a doorway's run is at most MAX_DOORWAY_WIDTH wide between two closed jambs: without a closed cell on
  // both sides of `p` that near along x or along z, it is no doorway (the open air around a building)
  if (!jambsWithin(kindAt, p, 1, 0) && !jambsWithin(kindAt, p, 0, 1)) return false;
  const closed = (q: BlockPos): boolean => {
    const k = kind(q);
    return k === 'solid' || k === 'door';
  };
  for (const along of ['x', 'z'] as const) {
    /** the cell at `a` along the wall, `c` across it, in the row of `q` */
    const cell = (q: BlockPos, a: number, c = 0): BlockPos =>
      along === 'x' ? { x: a, y: q.y, z: q.z + c } : { x: q.x + c, y: q.y, z: a };
    const inWall = (q: BlockPos): boolean =>
      kind(q) === 'open' && kind(cell(q, q[along], 1)) === 'open' && kind(cell(q, q[along], -1)) === 'open';
    /** the run of open cells through `q` between two jambs, or undefined */
    const run = (q: BlockPos): [number, number] | undefined => {
      if (!inWall(q)) return undefined;
      let lo = q[along];
      let hi = q[along];
      while (inWall(cell(q, lo - 1)) && hi - lo + 1 <= MAX_DOORWAY_WIDTH) lo--;
      while (inWall(cell(q, hi + 1)) && hi - lo + 1 <= MAX_DOORWAY_WIDTH) hi++;
      if (hi - lo + 1 > MAX_DOORWAY_WIDTH) return undefined;
      if (!closed(cell(q, lo - 1)) || !closed(cell(q, hi + 1))) return undefined;
      return hi > lo && !wideDoorway(q, lo, hi) ? undefined : [lo, hi];
    };
    const wideDoorway = (q: BlockPos, lo: number, hi: number): boolean => {
      // a jamb the wall goes on from: the next cell along is wall too, or a wall runs across the jamb
      const wallGoesOn = (jamb: number, out: number): boolean =>
        closed(cell(q, jamb + out)) || (closed(cell(q, jamb, 1)) && closed(cell(q, jamb, -1)));
      const wider = (c: number): boolean => !closed(cell(q, lo - 1, c)) || !closed(cell(q, hi + 1, c));
      return wallGoesOn(lo - 1, -1) && wallGoesOn(hi + 1, 1) && wider(1) && wider(-1);
    };
    if (!run(p)) continue;
    const like = (q: BlockPos): boolean => run(q) !== undefined;
    let bottom = p;
    while (like(at(bottom, 0, -1, 0)) && p.y - bottom.y < MAX_DOORWAY_HEIGHT) bottom = at(bottom, 0, -1, 0);
    let top = p;
    while (like(at(top, 0, 1, 0)) && top.y - p.y < MAX_DOORWAY_HEIGHT) top = at(top, 0, 1, 0);
    const below = kind(at(bottom, 0, -1, 0));
    const above = kind(at(top, 0, 1, 0));
    if (top.y - bottom.y + 1 > MAX_DOORWAY_HEIGHT) continue;
    if ((below === 'solid' || below === 'door') && above === 'solid') return true;
  }
  return false;
};

/** a closed cell (solid or door) within MAX_DOORWAY_WIDTH of `p` both ways along (dx, dz), in its row */
const jambsWithin = (
  kindAt: (x: number, y: number, z: number) => CellKind,
  p: BlockPos,
  dx: number,
  dz: number,
): boolean => {
  const closedWithin = (sign: number): boolean => {
    for (let d = 1; d <= MAX_DOORWAY_WIDTH; d++) {
      const k = kindAt(p.x + sign * d * dx, p.y, p.z + sign * d * dz);
      if (k === 'solid' || k === 'door') return true;
    }
    return false;
  };
  return closedWithin(1) && closedWithin(-1);
};
