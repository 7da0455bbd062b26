/**
 * What the game's block data says about a block, per version (minecraft-data's `blocks`): the light it
 * gives (`emitLight`, the level of its default state) and whether anything stands in it (`boundingBox`
 * `empty`: air, torches, signs, flowers — a player walks through them; vanilla's
 * `BlockBehaviour.hasCollision`, 1.21.4 `net/minecraft/world/level/block/state/BlockBehaviour.java`).
 */
import { createRequire } from 'node:module';
import { FALLBACK_VERSION } from '../suggest/registries.js';

const require = createRequire(import.meta.url);

interface BlockData {
  emitLight: number;
  boundingBox: 'block' | 'empty';
}

const cache = new Map<string, Map<string, BlockData>>();

interface CollisionShapes {
  blocks: Record<string, number | number[]>;
  shapes: Record<string, number[][]>;
}
const tops = new Map<string, Map<string, number>>();

const blocksOf = (version: string): Map<string, BlockData> => {
  let blocks = cache.get(version);
  if (blocks) return blocks;
  const load = require('minecraft-data') as (
    v: string,
  ) => { blocksArray: Array<BlockData & { name: string }> } | null;
  const data = load(version) ?? load(FALLBACK_VERSION)!;
  blocks = new Map(data.blocksArray.map((b) => [b.name, b]));
  cache.set(version, blocks);
  return blocks;
};

const bareName = (name: string): string => (name.startsWith('minecraft:') ? name.slice(10) : name);

/** The light level a room needs from a block to count it as a lamp (a torch gives 14, magma 3). */
export const LIGHT_SOURCE_LEVEL = 10;

/**
 * Whether the block in these states lights a room. minecraft-data gives the default state's level; vanilla
 * gives blocks with a `lit` state their light only while lit (`Blocks.litBlockEmission`, 1.21.4
 * `net/minecraft/world/level/block/Blocks.java`; candles `CandleBlock.LIGHT_EMISSION`, 3 per candle). So a
 * block dark by default (redstone lamp, candles, furnace) lights when `lit=true`, one lit by default
 * (campfire) goes dark with `lit=false`, and a dim one (a redstone torch, 7) stays dim either way.
 */
export const isLightSource = (
  name: string,
  states: Readonly<Record<string, string>>,
  version = FALLBACK_VERSION,
): boolean => {
  const lit = states['lit'];
  if (lit === 'false') return false;
  const level = blocksOf(version).get(bareName(name))?.emitLight ?? 0;
  return level >= LIGHT_SOURCE_LEVEL || (lit === 'true' && level === 0);
};

/** Nothing stands in it: a player walks through (air, torches, signs); unknown blocks stand. */
export const isPassable = (name: string, version = FALLBACK_VERSION): boolean =>
  blocksOf(version).get(bareName(name))?.boundingBox === 'empty';

/**
 * How high the block's collision shape reaches, in its lowest state (a slab: 0.5, its bottom state; a
 * carpet 0.0625, a chest 0.875, a bed 0.5625), from minecraft-data's `blockCollisionShapes`. The lowest
 * state, so that a claim that a block is too high to walk over holds whatever its state; 1 when unknown.
 */
export const lowestTop = (name: string, version = FALLBACK_VERSION): number => {
  let byName = tops.get(version);
  if (!byName) {
    const load = require('minecraft-data') as (v: string) => { blockCollisionShapes: CollisionShapes } | null;
    const shapes = (load(version) ?? load(FALLBACK_VERSION)!).blockCollisionShapes;
    byName = new Map(
      Object.entries(shapes.blocks).map(([block, ids]) => {
        const each = [...new Set(Array.isArray(ids) ? ids : [ids])].map((id) =>
          Math.max(0, ...(shapes.shapes[String(id)] ?? []).map((box) => box[4] ?? 1)),
        );
        return [block, Math.min(...each)];
      }),
    );
    tops.set(version, byName);
  }
  return byName.get(bareName(name)) ?? 1;
};
