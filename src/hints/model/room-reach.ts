/**
 * The read grown where a room the writes touched runs out of it. growToBuilding (hint-region.ts) follows
 * the blocks of the building beyond the writes; a room can run on past them through its own air (glowstone
 * set into a tower's ceiling: the tower's floor lies further down than the margin; a window in a house's
 * wall: the storey above is wider than the margin). Here the air next to the writes is flooded (flood.ts)
 * and where one of its spaces leaks only through one or two faces of the read — a room cut off by the
 * box, not the open air around the building, which leaks through its top and sides — the box grows past
 * those faces, a few times at most, within MAX_REGION_BLOCKS. What still runs out is "could not judge".
 */
import type { Box } from '../../vocabulary/blocks/box.js';
import type { BlockSource } from '../../vocabulary/blocks/block-state.js';
import { boundingBox, intersection, size, volume } from '../geometry.js';
import { floodSpaces, shellOf, type Space } from './spaces.js';
import { MAX_GROWTH, MAX_REGION_BLOCKS, type WorldHeight, WorldRegion } from './world-region.js';

/** How far one round grows the box past a face a room runs out of. */
const STEP = 8;
/** Rounds at most (STEP × rounds stays within MAX_GROWTH). */
const MAX_ROUNDS = MAX_GROWTH / STEP;
/** A space leaking through this many faces of the box is the open air around the building: no room. */
const OPEN_AIR_FACES = 3;

export type Face = `${'min' | 'max'}.${'x' | 'y' | 'z'}`;

/** The faces of `box` the space's air reaches (its cells on them leak out of what was read). */
const facesReached = (interior: Box, box: Box): Face[] => {
  const out: Face[] = [];
  for (const axis of ['x', 'y', 'z'] as const) {
    if (interior.min[axis] === box.min[axis]) out.push(`min.${axis}`);
    if (interior.max[axis] === box.max[axis]) out.push(`max.${axis}`);
  }
  return out;
};

/**
 * The air next to the writes that runs on out of `region`: spaces (flooded through doorways) that leak through
 * one or two faces of it, each with those faces. A room, maybe, cut off by what was read.
 */
export const cutOffAir = (
  region: WorldRegion,
  writes: readonly Box[],
  version?: string,
): Array<{ space: Space; faces: Face[] }> => {
  const written = boundingBox(writes);
  const seeds = written && intersection(shellOf(written), region.box);
  if (!seeds) return [];
  return floodSpaces(region, region.box, version, {
    seeds,
    openAirFaces: OPEN_AIR_FACES,
    // a room open to the outside through a doorway is judged with the open air: only closed air grows the read
    throughDoorways: true,
  }).flatMap((space) => {
    if (!space.leaks) return [];
    const faces = facesReached(space.interior, region.box);
    // none: it leaked into a cell the world could not tell, which a larger read does not mend
    return faces.length > 0 && faces.length < OPEN_AIR_FACES ? [{ space, faces }] : [];
  });
};

export const growToRooms = (
  box: Box,
  writes: readonly Box[],
  source: BlockSource,
  version?: string,
  height?: WorldHeight,
): Box => {
  const written = boundingBox(writes);
  if (!written) return box;
  let current = box;
  // each position read once over all rounds: a grown box reads through the last one
  let region = new WorldRegion(current, source);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    // a box that cannot grow by a step on any face is not flooded for nothing
    const room = (['x', 'y', 'z'] as const).some(
      (axis) => (volume(current) / size(current, axis)) * (size(current, axis) + STEP) <= MAX_REGION_BLOCKS,
    );
    if (!room) break;
    const faces = new Set(cutOffAir(region, writes, version).flatMap((c) => c.faces));
    if (!faces.size) break;
    const next = { min: { ...current.min }, max: { ...current.max } };
    for (const face of faces) {
      const [end, axis] = face.split('.') as ['min' | 'max', 'x' | 'y' | 'z'];
      next[end][axis] += end === 'min' ? -STEP : STEP;
    }
    if (height) {
      next.min.y = Math.max(next.min.y, height.minY);
      next.max.y = Math.min(next.max.y, height.maxY);
    }
    if (volume(next) > MAX_REGION_BLOCKS || volume(next) === volume(current)) break;
    current = next;
    const within = region;
    region = new WorldRegion(current, {
      readBlock: (p) => {
        const b = within.at(p);
        return b === 'outside' ? source.readBlock(p) : b;
      },
    });
  }
  return current;
};
