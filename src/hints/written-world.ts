/**
 * The blocks a batch left behind, as far as its own writes tell: later writes win, `hollow` clears the
 * inside, `outline` leaves it alone. Positions no write touched are `undefined` (the world decides).
 */
import type { BlockPos, BlockSpec, BlockWrite, Box } from '../commands/block-write.js';
import { bare, isAirName } from './blocks.js';
import { AXES, containsPos } from './geometry.js';

export interface CountedWrite {
  write: BlockWrite;
  /** index of the entry (command) that made it */
  entry: number;
  box: Box;
}

/** `unknown`: something was written there but its block cannot be told (clone, filtered fill on unknown ground). */
export type WrittenBlock = BlockSpec | 'unknown' | undefined;

const AIR: BlockSpec = { name: 'minecraft:air', states: {} };

const onShell = (b: Box, p: BlockPos): boolean => AXES.some((a) => p[a] === b.min[a] || p[a] === b.max[a]);

export class WrittenWorld {
  constructor(readonly writes: readonly CountedWrite[]) {}

  /** The block at `pos` after the first `upTo` writes (all of them by default). */
  at(pos: BlockPos, upTo = this.writes.length): WrittenBlock {
    for (let i = upTo - 1; i >= 0; i--) {
      const w = this.writes[i];
      if (!w || !containsPos(w.box, pos)) continue;
      const decided = this.decide(w, pos, i);
      if (decided !== 'pass') return decided;
    }
    return undefined;
  }

  /** The block at `pos` is something solid-looking (written, not air); unknown counts as solid. */
  isFilled(pos: BlockPos): boolean {
    const b = this.at(pos);
    return b === 'unknown' || (b !== undefined && !isAirName(b.name));
  }

  private decide(w: CountedWrite, pos: BlockPos, index: number): WrittenBlock | 'pass' {
    const write = w.write;
    if (write.kind === 'clone') return 'unknown';
    if (write.kind === 'setblock') return write.block;
    switch (write.mode) {
      case 'hollow':
        return onShell(w.box, pos) ? write.block : AIR;
      case 'outline':
        return onShell(w.box, pos) ? write.block : 'pass';
      case 'keep': {
        // keep only fills air; ground this batch never touched is taken as free, since the fill applied
        const before = this.at(pos, index);
        return before === undefined || (before !== 'unknown' && isAirName(before.name))
          ? write.block
          : before;
      }
      case 'replace':
      case 'destroy': {
        const filter = write.filter;
        if (!filter) return write.block;
        const before = this.at(pos, index);
        if (filter.kind === 'tag' || before === undefined || before === 'unknown') return 'unknown';
        return bare(before.name) === bare(filter.block.name) ? write.block : before;
      }
    }
  }
}
