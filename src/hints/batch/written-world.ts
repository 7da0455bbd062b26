/**
 * The blocks a batch left behind, as far as its own writes tell: later writes win, `hollow` clears the
 * inside, `outline` leaves it alone. Positions no write touched are `undefined` (the world decides).
 */
import type { BlockSpec, BlockWrite } from '../../commands/block-write.js';
import type { BlockPos, Box } from '../../vocabulary/blocks/box.js';
import { bare, isAirName } from './blocks.js';
import { AXES, containsPos } from '../geometry.js';

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

/** Writes spanning more chunk columns than this are checked for every position instead of indexed. */
const MAX_INDEXED_COLUMNS = 256;
const column = (x: number, z: number): string => `${x >> 4},${z >> 4}`;

export class WrittenWorld {
  /** write indexes (ascending) per 16×16 column, so a lookup scans only the writes that can reach it */
  private readonly byColumn = new Map<string, number[]>();
  private readonly everywhere: number[] = [];

  constructor(readonly writes: readonly CountedWrite[]) {
    writes.forEach((w, i) => {
      const [cx0, cx1, cz0, cz1] = [w.box.min.x >> 4, w.box.max.x >> 4, w.box.min.z >> 4, w.box.max.z >> 4];
      if ((cx1 - cx0 + 1) * (cz1 - cz0 + 1) > MAX_INDEXED_COLUMNS) {
        this.everywhere.push(i);
        return;
      }
      for (let cx = cx0; cx <= cx1; cx++) {
        for (let cz = cz0; cz <= cz1; cz++) {
          const key = `${cx},${cz}`;
          const list = this.byColumn.get(key) ?? [];
          list.push(i);
          this.byColumn.set(key, list);
        }
      }
    });
  }

  /** The block at `pos` after the first `upTo` writes (all of them by default). */
  at(pos: BlockPos, upTo = this.writes.length): WrittenBlock {
    const local = this.byColumn.get(column(pos.x, pos.z)) ?? [];
    let i = local.length - 1;
    let j = this.everywhere.length - 1;
    // walk both lists from the latest write back, in write order
    while (i >= 0 || j >= 0) {
      const li = local[i] ?? -1;
      const gj = this.everywhere[j] ?? -1;
      const index = Math.max(li, gj);
      if (li > gj) i--;
      else j--;
      if (index >= upTo) continue;
      const w = this.writes[index];
      if (!w || !containsPos(w.box, pos)) continue;
      const decided = this.decide(w, pos, index);
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
