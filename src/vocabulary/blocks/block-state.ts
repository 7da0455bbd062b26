/**
 * The one way world-view and verify read blocks: a `BlockSource` answers a position with the block's full
 * state, or `'unloaded'` when the world cannot tell (never air for what it does not know).
 */
import { z } from 'zod';
import type { BlockPos } from './box.js';
import { McbridgeError } from '../errors.js';

export const BlockStateSchema = z.object({
  /** namespaced id, e.g. `minecraft:oak_door` */
  name: z.string(),
  /** every state of the block as the world reports it, values as strings */
  properties: z.record(z.string(), z.string()),
});
export type BlockState = z.infer<typeof BlockStateSchema>;

export interface BlockSource {
  readBlock(pos: BlockPos): BlockState | 'unloaded';
}

export class BlockStateSyntaxError extends McbridgeError {
  override name = 'BlockStateSyntaxError' as const;
  constructor(readonly text: string) {
    super(`"${text}" is not a block state key`, {
      remedy: 'write it as namespace:block[prop=value,…], e.g. minecraft:oak_door[facing=north,half=lower]',
    });
  }
}

export const AIR_NAMES: ReadonlySet<string> = new Set([
  'minecraft:air',
  'minecraft:cave_air',
  'minecraft:void_air',
]);
export const AIR: BlockState = { name: 'minecraft:air', properties: {} };

export const isAir = (state: BlockState): boolean => AIR_NAMES.has(state.name);

/** `minecraft:` added when the id has no namespace. */
export const namespaced = (name: string): string => (name.includes(':') ? name : `minecraft:${name}`);

/** `minecraft:oak_door[facing=north,half=lower]`: properties sorted by name, no brackets when none. */
export function blockStateKey(state: BlockState): string {
  // a frozen state is a connection's shared view of one state id (connection/state-reads.ts), read thousands
  // of times a batch: its key is made once
  const frozen = Object.isFrozen(state) && Object.isFrozen(state.properties);
  let key = frozen ? frozenKeys.get(state) : undefined;
  if (key !== undefined) return key;
  const props = Object.keys(state.properties)
    .sort()
    .map((k) => `${k}=${state.properties[k]}`);
  key = props.length === 0 ? state.name : `${state.name}[${props.join(',')}]`;
  if (frozen) frozenKeys.set(state, key);
  return key;
}
const frozenKeys = new WeakMap<BlockState, string>();

const KEY_PATTERN = /^([a-z0-9_.-]+:)?([a-z0-9_./-]+)(?:\[([^\]]*)\])?$/;
const PROP_PATTERN = /^([a-z0-9_]+)=([a-z0-9_.-]+)$/;

/** Inverse of `blockStateKey`; adds `minecraft:` when missing, accepts spaces around `,` and `=`. */
export function parseBlockStateKey(text: string): BlockState {
  const match = KEY_PATTERN.exec(text.trim());
  if (!match) throw new BlockStateSyntaxError(text);
  const properties: Record<string, string> = {};
  const inside = match[3]?.trim() ?? '';
  if (inside !== '') {
    for (const part of inside.split(',')) {
      const prop = PROP_PATTERN.exec(part.replace(/\s+/g, ''));
      if (!prop) throw new BlockStateSyntaxError(text);
      properties[prop[1]!] = prop[2]!;
    }
  }
  return { name: (match[1] ?? 'minecraft:') + match[2], properties };
}

export const sameState = (a: BlockState, b: BlockState): boolean => blockStateKey(a) === blockStateKey(b);

/** An in-memory source: the positions it holds, air elsewhere inside `loaded`, unloaded outside it. */
export class MapBlockSource implements BlockSource {
  private readonly blocks = new Map<string, BlockState>();

  constructor(private readonly loaded: (pos: BlockPos) => boolean = () => true) {}

  static key(pos: BlockPos): string {
    return `${pos.x},${pos.y},${pos.z}`;
  }

  set(pos: BlockPos, state: BlockState | string): this {
    this.blocks.set(MapBlockSource.key(pos), typeof state === 'string' ? parseBlockStateKey(state) : state);
    return this;
  }

  readBlock(pos: BlockPos): BlockState | 'unloaded' {
    if (!this.loaded(pos)) return 'unloaded';
    return this.blocks.get(MapBlockSource.key(pos)) ?? AIR;
  }
}
