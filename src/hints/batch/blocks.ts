/** What a block is to the analyzer: air, a door, glass, a light source, or building material. */
import type { BlockSpec } from '../../commands/block-write.js';
import { isLightSource } from '../block-data.js';
import type { Side } from '../geometry.js';

export type BlockRole = 'air' | 'door' | 'glass' | 'light' | 'solid';

export const bare = (name: string): string => (name.startsWith('minecraft:') ? name.slice(10) : name);

const AIR = new Set(['air', 'cave_air', 'void_air']);

export const isAirName = (name: string): boolean => AIR.has(bare(name));
export const isDoorName = (name: string): boolean => bare(name).endsWith('_door');
export const isBedName = (name: string): boolean => bare(name).endsWith('_bed');
export const isGlassName = (name: string): boolean => /(^|_)glass(_pane)?$/.test(bare(name));

/** A light source by the game's block data (see block-data.ts), in the states as written. */
export const emitsLight = (block: BlockSpec): boolean => isLightSource(block.name, block.states);

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

/** A bed half as written; vanilla's default state is the foot, facing north (`BedBlock`). */
export const bedPart = (block: BlockSpec): 'foot' | 'head' =>
  block.states['part'] === 'head' ? 'head' : 'foot';
export const bedFacing = (block: BlockSpec): Side => {
  const f = block.states['facing'];
  return f === 'south' || f === 'west' || f === 'east' ? f : 'north';
};

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
