/**
 * The open spaces of the world as read: air a player could be in (cells.ts), flooded six ways and divided
 * at doorways (passages.ts), so that two rooms joined by a doorway stay two. A space that reaches the edge
 * of what was read, or a cell the world could not tell, leaks: it is not known to be enclosed. The building
 * model (building.ts) splits a space into storeys and judges which are rooms; nothing else finds rooms.
 */
import type { BlockPos, Box } from '../../vocabulary/blocks/box.js';
import { boxOf, containsPos, intersection, size } from '../geometry.js';
import type { WorldRegion } from './world-region.js';
import { type CellKind, cellKind, cellKindAt, isClosed } from './cells.js';
import { passageCell } from './passages.js';
import { bodyShape, isFullCube } from './block-shape.js';

/** Pockets of air smaller than this (a niche, a gap behind furniture) are no room. */
const MIN_ROOM_CELLS = 2;

/** the six neighbours' offsets, along x, y and z */
const DX = [1, -1, 0, 0, 0, 0] as const;
const DY = [0, 0, 1, -1, 0, 0] as const;
const DZ = [0, 0, 0, 0, 1, -1] as const;

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

/** Spaces lower than this (air under a raised floor) hold no player: no rooms. */
const MIN_ROOM_HEIGHT = 2;

/** What a flood may be told: the openings the batch cut into walls (air written), which are doorways. */
export interface FloodOptions {
  cut?: ((p: BlockPos) => boolean) | undefined;
}

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
export function enclosedRoomsNear(
  region: WorldRegion,
  near: Box,
  version?: string,
  options: FloodOptions = {},
): Space[] {
  const reach = shellOf(near);
  return floodSpaces(region, region.box, version, { ...options, seeds: reach, enclosedOnly: true }).filter(
    ({ interior, leaks }) =>
      !leaks && intersection(interior, reach) !== undefined && size(interior, 'y') >= MIN_ROOM_HEIGHT,
  );
}

/** The open spaces inside `bounds`, divided at doorways; undefined when any cell in it is unknown. */
export function spacesIn(
  region: WorldRegion,
  bounds: Box,
  version?: string,
  options: FloodOptions = {},
): Space[] | undefined {
  for (let x = bounds.min.x; x <= bounds.max.x; x++)
    for (let y = bounds.min.y; y <= bounds.max.y; y++)
      for (let z = bounds.min.z; z <= bounds.max.z; z++)
        if (cellKind(region, { x, y, z }, version) === 'unknown') return undefined;
  return floodSpaces(region, bounds, version, options);
}

/**
 * The open spaces inside `bounds` (a flood over open cells, 6 ways, that stops at doorway cells), each
 * with whether it leaks: out of the bounds, or next to a cell the world could not tell. `seeds` limits
 * where floods start; `enclosedOnly` gives up on a space at its first leak and leaves it out, so that the
 * open air around a building is not read to the edge of the bounds; `openAirFaces` gives up on a space once
 * it leaks through that many faces of the bounds (the open air). `throughDoorways` floods on through
 * doorways: whole buildings with the air around them, not rooms.
 */
export function floodSpaces(
  region: WorldRegion,
  bounds: Box,
  version?: string,
  {
    seeds = bounds,
    enclosedOnly = false,
    cut,
    openAirFaces,
    throughDoorways = false,
  }: FloodOptions & {
    seeds?: Box;
    enclosedOnly?: boolean;
    openAirFaces?: number;
    throughDoorways?: boolean;
  } = {},
): Space[] {
  const kind = (p: BlockPos): CellKind => cellKind(region, p, version);
  const kindAt = (x: number, y: number, z: number): CellKind => cellKindAt(region, x, y, z, version);
  // cells inside the bounds are inside the region (never read outside it): its offsets are their keys
  const key = (p: BlockPos) => region.indexOf(p);
  const fullCube = (x: number, y: number, z: number): boolean => {
    const b = region.at({ x, y, z });
    return typeof b !== 'string' && isFullCube(bodyShape(b, version));
  };
  const portal = new Map<number, boolean>();
  const isPortal = (p: BlockPos, k = key(p)): boolean => {
    if (throughDoorways) return false;
    let v = portal.get(k);
    if (v === undefined)
      portal.set(k, (v = passageCell({ kindAt, fullCube, topY: region.box.max.y, cut }, p)));
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
        // the faces of the bounds it leaks through: at `openAirFaces` of them it is the open air, given up on
        const faces = new Set<number>();
        // or it meets air given up on as open air before (the same air, reached from another seed)
        let meetsOpenAir = false;
        const openAir = (): boolean =>
          openAirFaces !== undefined && (meetsOpenAir || faces.size >= openAirFaces);
        while (queue.length && !(leaks && enclosedOnly) && !openAir()) {
          const p = queue.pop()!;
          found.push(p);
          // the six neighbours, by coordinates: a position object only for a cell the flood goes on to
          for (let d = 0; d < 6; d++) {
            const nx = p.x + DX[d]!;
            const ny = p.y + DY[d]!;
            const nz = p.z + DZ[d]!;
            if (nx < min.x || ny < min.y || nz < min.z || nx > max.x || ny > max.y || nz > max.z) {
              const k = kindAt(nx, ny, nz);
              if (!isClosed(k)) {
                leaks = true;
                faces.add(d);
              }
              continue;
            }
            const i = region.indexAt(nx, ny, nz);
            if (leaked.has(i)) leaks = meetsOpenAir = true;
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
        if ((leaks && enclosedOnly) || openAir()) {
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

/** Whether the open cell at `p` is a passage (a doorway's air, which belongs to no room): passages.ts. */
export const isPassage = (
  region: WorldRegion,
  p: BlockPos,
  version?: string,
  { cut }: FloodOptions = {},
): boolean =>
  cellKind(region, p, version) === 'open' &&
  passageCell(
    {
      kindAt: (x, y, z) => cellKindAt(region, x, y, z, version),
      fullCube: (x, y, z) => {
        const b = region.at({ x, y, z });
        return typeof b !== 'string' && isFullCube(bodyShape(b, version));
      },
      topY: region.box.max.y,
      cut,
    },
    p,
  );
