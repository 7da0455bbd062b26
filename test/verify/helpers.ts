import type { BlockSpec } from '../../src/commands/block-write.js';
import type { BlockPos } from '../../src/vocabulary/blocks/box.js';
import { MapBlockSource, parseBlockStateKey } from '../../src/vocabulary/blocks/block-state.js';

/** A world from `"x,y,z": "state key"` pairs: air elsewhere, unloaded where `loaded` says so. */
export function world(blocks: Record<string, string>, loaded?: (p: BlockPos) => boolean): MapBlockSource {
  const source = new MapBlockSource(loaded);
  for (const [key, state] of Object.entries(blocks)) {
    const [x, y, z] = key.split(',').map(Number) as [number, number, number];
    source.set({ x, y, z }, state);
  }
  return source;
}

/** Every position of a box set to one state. */
export function filled(from: BlockPos, to: BlockPos, state: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (let x = from.x; x <= to.x; x++)
    for (let y = from.y; y <= to.y; y++) for (let z = from.z; z <= to.z; z++) out[`${x},${y},${z}`] = state;
  return out;
}

/** A command's block argument: `oak_door[facing=north]` -> BlockSpec with only those states. */
export function spec(text: string): BlockSpec {
  const s = parseBlockStateKey(text);
  return { name: s.name, states: s.properties };
}

export const P = (x: number, y: number, z: number): BlockPos => ({ x, y, z });
