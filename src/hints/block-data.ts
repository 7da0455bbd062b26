/**
 * What the game's block data says about a block, per version (minecraft-data's `blocks`): the light it
 * gives (`emitLight`, the level of its default state). Whether anything stands in it (vanilla's
 * `BlockBehaviour.hasCollision`, 1.21.4 `net/minecraft/world/level/block/state/BlockBehaviour.java`) and how
 * high it reaches are read from the block-behaviour module, which holds the one table of collision shapes.
 */
import { createRequire } from 'node:module';
import { FALLBACK_VERSION } from '../suggest/registries.js';
import { collisionBoxes, isEmptyShape, lowestTop } from '../vocabulary/block-behaviour/index.js';

const require = createRequire(import.meta.url);

interface BlockData {
  emitLight: number;
}

const cache = new Map<string, Map<string, BlockData>>();

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

/**
 * Nothing stands in it: a player walks through (air, torches, signs); unknown blocks stand. The block's
 * default state read in the block-behaviour module's collision table (the one copy of collision shapes).
 */
export const isPassable = (name: string, version = FALLBACK_VERSION): boolean =>
  isEmptyShape(collisionBoxes({ name, properties: {} }, version));

/** How high the block's collision reaches in its lowest state (the block-behaviour module's `lowestTop`). */
export { lowestTop };
