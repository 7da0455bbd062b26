/**
 * The open spaces of the world as read: air a player could be in (cells.ts), flooded six ways and divided
 * at doorways (passages.ts), so that two rooms joined by a doorway stay two. A space that reaches the edge
 * of what was read, or a cell the world could not tell, leaks: it is not known to be enclosed. The building
 * model (building.ts) splits a space into storeys and judges which are rooms; nothing else finds rooms. Every
 * question here is answered by the one flood of open air (flood.ts): the spaces in a box, the rooms near a
 * block (kept per region, so each cell is flooded once), whether open air reaches out (`reachesOut`, the air
 * not divided at doorways), and whether a cell is a doorway's air.
 */
import type { BlockPos, Box } from '../../vocabulary/blocks/box.js';
import { boxOf, intersection, size } from '../geometry.js';
import type { WorldRegion } from './world-region.js';
import { cellKind } from './cells.js';
import { passageCell } from './passages.js';
import { Flood, type FloodOptions, floodOf, passageReader, type Space } from './flood.js';

export type { FloodOptions, Space } from './flood.js';

/** Spaces lower than this (air under a raised floor) hold no player: no rooms. */
const MIN_ROOM_HEIGHT = 2;

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
 * without making them one. Each region floods its air once: what one call found (a room, air that leaks) the
 * next call is given without flooding it again.
 */
export function enclosedRoomsNear(
  region: WorldRegion,
  near: Box,
  version?: string,
  options: FloodOptions = {},
): Space[] {
  const reach = shellOf(near);
  const flood = floodOf(region, version, options.cut, false);
  const found: Space[] = [];
  const seen = new Set<Space>();
  const { min, max } = region.box;
  for (let x = Math.max(reach.min.x, min.x); x <= Math.min(reach.max.x, max.x); x++)
    for (let y = Math.max(reach.min.y, min.y); y <= Math.min(reach.max.y, max.y); y++)
      for (let z = Math.max(reach.min.z, min.z); z <= Math.min(reach.max.z, max.z); z++) {
        const space = flood.spaceAt({ x, y, z });
        if (!space || seen.has(space)) continue;
        seen.add(space);
        found.push(space);
      }
  return found.filter(
    ({ interior }) => intersection(interior, reach) !== undefined && size(interior, 'y') >= MIN_ROOM_HEIGHT,
  );
}

/**
 * Whether the open air at `p` reaches out of what is enclosed: the flood of the spaces, not divided at doorways,
 * gets to the edge of the region or to a cell the read could not tell (the world beyond), or past OPEN_AIR_CELLS.
 */
export const reachesOut = (region: WorldRegion, p: BlockPos, version?: string): boolean =>
  cellKind(region, p, version) === 'open' && floodOf(region, version, undefined, true).leaksAt(p);

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
 * where floods start; `openAirFaces` gives up on a space once it leaks through that many faces of the bounds
 * (the open air). `throughDoorways` floods on through doorways: whole buildings with the air around them, not
 * rooms.
 */
export function floodSpaces(
  region: WorldRegion,
  bounds: Box,
  version?: string,
  {
    seeds = bounds,
    cut,
    openAirFaces,
    throughDoorways = false,
  }: FloodOptions & { seeds?: Box; openAirFaces?: number; throughDoorways?: boolean } = {},
): Space[] {
  const flood = new Flood(region, bounds, version, { cut, whole: throughDoorways, openAirFaces });
  const spaces: Space[] = [];
  const seen = new Set<Space>();
  for (let x = seeds.min.x; x <= seeds.max.x; x++)
    for (let y = seeds.min.y; y <= seeds.max.y; y++)
      for (let z = seeds.min.z; z <= seeds.max.z; z++) {
        const space = flood.spaceAt({ x, y, z });
        if (!space || seen.has(space)) continue;
        seen.add(space);
        spaces.push(space);
      }
  return spaces;
}

/** Whether the open cell at `p` is a passage (a doorway's air, which belongs to no room): passages.ts. */
export const isPassage = (
  region: WorldRegion,
  p: BlockPos,
  version?: string,
  { cut }: FloodOptions = {},
): boolean => cellKind(region, p, version) === 'open' && passageCell(passageReader(region, version, cut), p);
