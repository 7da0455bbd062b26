/** What a block is to the analyzer: air, a door, glass, a light source, or building material. */
import type { BlockSpec } from '../commands/block-write.js';

export type BlockRole = 'air' | 'door' | 'glass' | 'light' | 'solid';

export const bare = (name: string): string => (name.startsWith('minecraft:') ? name.slice(10) : name);

const AIR = new Set(['air', 'cave_air', 'void_air']);

/**
 * Blocks that light a room (minecraft-data 1.21.4 `emitLight` ≥ 10, without portals, fire and fluids that
 * nobody places as lamps). A test checks every entry against minecraft-data.
 */
export const LIGHT_BLOCKS: ReadonlySet<string> = new Set([
  'torch',
  'wall_torch',
  'soul_torch',
  'soul_wall_torch',
  'lantern',
  'soul_lantern',
  'glowstone',
  'sea_lantern',
  'shroomlight',
  'jack_o_lantern',
  'end_rod',
  'beacon',
  'campfire',
  'soul_campfire',
  'light',
  'conduit',
  'crying_obsidian',
  'ochre_froglight',
  'verdant_froglight',
  'pearlescent_froglight',
]);

/** Blocks that emit light only in their `lit=true` state (their default is unlit). */
const LIT_WHEN_LIT = (name: string): boolean => name === 'redstone_lamp' || name.endsWith('candle');

export const isAirName = (name: string): boolean => AIR.has(bare(name));
export const isDoorName = (name: string): boolean => bare(name).endsWith('_door');
export const isGlassName = (name: string): boolean => /(^|_)glass(_pane)?$/.test(bare(name));

export const emitsLight = (block: BlockSpec): boolean => {
  const name = bare(block.name);
  // campfires are lit by default; `lit=false` puts them out
  if (name.endsWith('campfire')) return block.states['lit'] !== 'false';
  if (LIGHT_BLOCKS.has(name)) return true;
  return LIT_WHEN_LIT(name) && block.states['lit'] === 'true';
};

export const roleOf = (block: BlockSpec): BlockRole => {
  if (isAirName(block.name)) return 'air';
  if (isDoorName(block.name)) return 'door';
  if (isGlassName(block.name)) return 'glass';
  if (emitsLight(block)) return 'light';
  return 'solid';
};

/** A door half as written; vanilla's default `half` is `lower`. */
export const doorHalf = (block: BlockSpec): 'lower' | 'upper' =>
  block.states['half'] === 'upper' ? 'upper' : 'lower';

/** `minecraft:oak_door[facing=south,half=lower]{…}` as a command argument. */
export const formatBlock = (block: BlockSpec): string => {
  const name = block.name.includes(':') ? block.name : `minecraft:${block.name}`;
  const states = Object.entries(block.states);
  const stateText = states.length ? `[${states.map(([k, v]) => `${k}=${v}`).join(',')}]` : '';
  return `${name}${stateText}${block.nbt ?? ''}`;
};

export const spec = (name: string, states: Record<string, string> = {}): BlockSpec => ({
  name: name.includes(':') ? name : `minecraft:${name}`,
  states,
});
