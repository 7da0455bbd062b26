/**
 * The `before` of a batch: what keep, replace-with-filter and clone depend on, copied from the world
 * before the batch is sent (a live source would already show the batch's effects when verifying).
 */
import type { BlockWrite } from '../commands/block-write.js';
import type { BlockPos, Box } from '../vocabulary/blocks/box.js';
import type { BlockSource, BlockState } from '../vocabulary/blocks/block-state.js';
import { boxOf, positions, posKey, volumeOf } from '../vocabulary/blocks/box.js';
import type { PriorSource, PriorState } from './expected.js';

/** Boxes whose prior blocks the write's expectation depends on (none for plain replace, hollow, outline…). */
export function priorReads(write: BlockWrite): Box[] {
  if (write.unresolved) return [];
  switch (write.kind) {
    case 'setblock':
      return write.mode === 'keep' ? [{ min: write.pos, max: write.pos }] : [];
    case 'fill':
      return write.mode === 'keep' || (write.mode === 'replace' && write.filter)
        ? [boxOf(write.from, write.to)]
        : [];
    case 'clone':
      return [boxOf(write.from, write.to)];
  }
}

export class BeforeSnapshot implements PriorSource {
  private readonly states = new Map<string, BlockState | 'unloaded'>();

  /** Copies every position `writes` depend on, at most `maxBlocks` of them (the rest stay unknown). */
  constructor(source: BlockSource, writes: readonly BlockWrite[], maxBlocks = 262_144) {
    for (const box of writes.flatMap(priorReads)) {
      if (this.states.size + volumeOf(box) > maxBlocks) continue;
      for (const pos of positions(box)) {
        const key = posKey(pos);
        if (!this.states.has(key)) this.states.set(key, source.readBlock(pos));
      }
    }
  }

  get size(): number {
    return this.states.size;
  }

  readBlock(pos: BlockPos): PriorState {
    return this.states.get(posKey(pos)) ?? 'unknown';
  }
}
