/**
 * What a block-writing command asks of the world, with every coordinate already resolved to absolute
 * block positions. Produced by the command parser; consumed by safety (build zone, volume), verification
 * (expected blocks), snapshots/rollback and hints.
 */
import type { BlockPos } from '../vocabulary/blocks/box.js';

/** A block id with its states, e.g. `{ name: 'minecraft:oak_door', states: { facing: 'north', half: 'lower' } }`. */
export interface BlockSpec {
  /** namespaced id, `minecraft:` added when missing */
  name: string;
  /** only the states the command spelled out; the rest take the block's defaults */
  states: Record<string, string>;
  /** NBT text as written (`{...}`), if any */
  nbt?: string;
}

/** A block filter as used by `fill … replace <filter>`: a block, or a `#tag`. */
export type BlockFilter =
  { kind: 'block'; block: BlockSpec } | { kind: 'tag'; tag: string; states: Record<string, string> };

/**
 * Optional context of a write, filled in by the parser when it knows it. `dimension` is the namespaced
 * dimension the write happens in (after `execute in`, `clone … to`); `unresolved` marks a write whose
 * relative (`~`/`^`) coordinates could not be resolved because the executor's position, rotation or
 * dimension is unknown: its positions are then placeholders (resolved from 0 0 0, yaw 0, pitch 0), good
 * for sizes but not for locations.
 */
interface WriteContext {
  dimension?: string;
  unresolved?: true;
}

export type BlockWrite =
  | ({
      kind: 'setblock';
      pos: BlockPos;
      block: BlockSpec;
      mode: 'replace' | 'keep' | 'destroy';
      /** `strict` (1.21.5+): placed as written, no shapes, no neighbour updates */
      strict?: true;
    } & WriteContext)
  | ({
      kind: 'fill';
      from: BlockPos;
      to: BlockPos;
      block: BlockSpec;
      mode: 'replace' | 'keep' | 'destroy' | 'hollow' | 'outline';
      filter?: BlockFilter;
      /** `strict` (1.21.5+): placed as written, no shapes, no neighbour updates */
      strict?: true;
    } & WriteContext)
  | ({
      kind: 'clone';
      from: BlockPos;
      to: BlockPos;
      destination: BlockPos;
      maskMode: 'replace' | 'masked' | 'filtered';
      cloneMode: 'normal' | 'force' | 'move';
      filter?: BlockFilter;
      /** `clone from <dimension>`: where the source region is (and what `move` empties) */
      sourceDimension?: string;
    } & WriteContext);

/** Where relative (`~`) and local (`^`) coordinates are resolved from. */
export interface ExecutorPosition {
  x: number;
  y: number;
  z: number;
  /** degrees, Minecraft convention (0 = south, 90 = west) */
  yaw: number;
  /** degrees, Minecraft convention (-90 = up) */
  pitch: number;
  /** namespaced dimension, e.g. `minecraft:overworld`; unknown when absent */
  dimension?: string;
}
