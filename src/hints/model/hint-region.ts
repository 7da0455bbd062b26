/**
 * The box of the world the hints read after a batch: the writes widened by a margin (regionAround), grown to
 * the rest of the building they belong to and down to its ground (growToBuilding), then where a room they
 * touched runs on out of it (room-reach.ts) — hintRegion, the one function the execute path and the ground
 * truth read through. Never more than MAX_REGION_BLOCKS.
 */
import type { Box } from '../../vocabulary/blocks/box.js';
import type { BlockSource, BlockState } from '../../vocabulary/blocks/block-state.js';
import { boundingBox, volume } from '../geometry.js';
import { growToRooms } from './room-reach.js';
import { MAX_GROWTH, MAX_REGION_BLOCKS, REGION_MARGIN, type WorldHeight } from './world-region.js';

const grow = (b: Box, side: number, up: number): Box => ({
  min: { x: b.min.x - side, y: b.min.y - up, z: b.min.z - side },
  max: { x: b.max.x + side, y: b.max.y + up, z: b.max.z + side },
});

/** The box with its y cut to the world's height; undefined where nothing of it is inside. */
const clipToHeight = (b: Box, height: WorldHeight | undefined): Box | undefined => {
  if (!height) return b;
  const min = Math.max(b.min.y, height.minY);
  const max = Math.min(b.max.y, height.maxY);
  return min > max ? undefined : { min: { ...b.min, y: min }, max: { ...b.max, y: max } };
};

/**
 * The box to read around `written`: the full margin when it fits the bound, else one block around the
 * writes, else undefined (too big to read); cut to the world's height when it is known.
 */
export const regionAround = (written: readonly Box[], height?: WorldHeight): Box | undefined => {
  const around = boundingBox(written);
  if (!around) return undefined;
  const wide = clipToHeight(grow(around, REGION_MARGIN.side, REGION_MARGIN.vertical), height);
  if (wide && volume(wide) <= MAX_REGION_BLOCKS) return wide;
  const narrow = clipToHeight(grow(around, 1, 1), height);
  return narrow && volume(narrow) <= MAX_REGION_BLOCKS ? narrow : undefined;
};

/** Blocks the ground is made of: a layer of only these (or air) is where a building ends. */
const GROUND = new Set([
  'grass_block',
  'dirt',
  'coarse_dirt',
  'podzol',
  'mycelium',
  'rooted_dirt',
  'mud',
  'stone',
  'deepslate',
  'granite',
  'diorite',
  'andesite',
  'tuff',
  'bedrock',
  'sand',
  'red_sand',
  'gravel',
  'clay',
  'water',
  'lava',
  'snow',
  'snow_block',
  'ice',
  'short_grass',
  'tall_grass',
  'fern',
  'netherrack',
  'end_stone',
]);

const bareName = (name: string): string => (name.startsWith('minecraft:') ? name.slice(10) : name);

/**
 * `box` grown, one layer at a time, towards every side where the building the writes belong to goes on:
 * the layer just outside the box, within the writes' footprint on that side, holds a block that is neither
 * air nor ground (a wall, a floor, a ladder of a lower storey). Downwards it goes on until it holds the ground
 * under the writes and one block around them (where a door in their walls leads): each such column meets
 * ground between the writes and the box's bottom. So a player stepping out of an upper storey's door is seen to
 * land, and the door judged on the ground below it, not on air. At most MAX_GROWTH layers a side,
 * and the box stays within MAX_REGION_BLOCKS; beyond it the hints could not judge, and say so.
 */
export const growToBuilding = (
  box: Box,
  writes: readonly Box[],
  source: BlockSource,
  height?: WorldHeight,
): Box => {
  const written = boundingBox(writes);
  if (!written) return box;
  const grown = { min: { ...box.min }, max: { ...box.max } };
  let changed = false;
  const read = (x: number, y: number, z: number): string | undefined => {
    let b: BlockState | 'unloaded';
    try {
      b = source.readBlock({ x, y, z });
    } catch {
      return undefined;
    }
    return b === 'unloaded' ? undefined : bareName(b.name);
  };
  const isAir = (n: string): boolean => n === 'air' || n === 'cave_air' || n === 'void_air';
  const built = (x: number, y: number, z: number): boolean => {
    const n = read(x, y, z);
    return n !== undefined && !isAir(n) && !GROUND.has(n);
  };
  // columns under the writes and one around them (where a door in their walls leads) whose ground was read
  const grounded = new Set<string>();
  /** some column under the writes or beside them meets no ground from the writes down to `bottom` */
  const notOnGround = (bottom: number): boolean => {
    for (let x = written.min.x - 1; x <= written.max.x + 1; x++)
      for (let z = written.min.z - 1; z <= written.max.z + 1; z++) {
        const column = `${x},${z}`;
        if (grounded.has(column)) continue;
        for (let y = written.min.y; y >= bottom && !grounded.has(column); y--) {
          const n = read(x, y, z);
          // an unread cell ends the column: reading further down tells nothing more
          if (n === undefined || GROUND.has(n)) grounded.add(column);
        }
        if (!grounded.has(column)) return true;
      }
    return false;
  };
  const layerHas = (
    axis: 'x' | 'y' | 'z',
    at: number,
    has: (x: number, y: number, z: number) => boolean,
  ): boolean => {
    const lo = { ...written.min, [axis]: at };
    const hi = { ...written.max, [axis]: at };
    for (let x = lo.x; x <= hi.x; x++)
      for (let y = lo.y; y <= hi.y; y++) for (let z = lo.z; z <= hi.z; z++) if (has(x, y, z)) return true;
    return false;
  };
  const goesOn = (axis: 'x' | 'y' | 'z', end: 'min' | 'max', at: number): boolean =>
    layerHas(axis, at, built) || (axis === 'y' && end === 'min' && notOnGround(at));
  const sides: Array<['x' | 'y' | 'z', 'min' | 'max']> = [
    ['y', 'min'],
    ['y', 'max'],
    ['x', 'min'],
    ['x', 'max'],
    ['z', 'min'],
    ['z', 'max'],
  ];
  for (const [axis, end] of sides) {
    const dir = end === 'min' ? -1 : 1;
    for (let n = 0; n < MAX_GROWTH; n++) {
      // the building goes on where the box's own outer layer (within the writes' footprint) is built
      if (!goesOn(axis, end, grown[end][axis])) break;
      const next = { min: { ...grown.min }, max: { ...grown.max } };
      next[end][axis] += dir;
      if (volume(next) > MAX_REGION_BLOCKS) break;
      // never past the world's floor or ceiling: nothing is built there to read
      if (height && (next.min.y < height.minY || next.max.y > height.maxY)) break;
      grown[end][axis] = next[end][axis];
      changed = true;
    }
  }
  return changed ? grown : box;
};

/**
 * The box the hints read for a batch's writes, grown from `box` (regionAround): to the rest of the building
 * the writes belong to and down to its ground (growToBuilding), then where a room they touched runs on out
 * of it (growToRooms). The execute path and the ground truth read the same box through this one function.
 */
export const hintRegion = (
  box: Box,
  writes: readonly Box[],
  source: BlockSource,
  version?: string,
  height?: WorldHeight,
): Box => growToRooms(growToBuilding(box, writes, source, height), writes, source, version, height);
