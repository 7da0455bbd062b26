/**
 * The world before a batch, read once: what keep, filters and clone sources depend on (verification's
 * `before`) is read first and kept; the undo or transaction snapshot that follows finds those positions
 * read and reads only the rest (without keeping them: a snapshot keeps its own copy).
 */
import { channelBlockSource } from '../connection/block-reads.js';
import type { CommandChannel } from '../connection/channel.js';
import type { BlockSource, BlockState } from '../vocabulary/blocks/block-state.js';

export interface BeforeReads extends BlockSource {
  /** from now on, positions not read yet are read without being kept */
  stopKeeping(): void;
}

export function readsBefore(channel: CommandChannel): BeforeReads | undefined {
  const source = channelBlockSource(channel);
  if (!source) return undefined;
  const seen = new Map<string, BlockState | 'unloaded'>();
  let keeping = true;
  return {
    readBlock: (pos) => {
      // most batches depend on no prior block: nothing kept, nothing to look up
      if (!keeping && seen.size === 0) return source.readBlock(pos);
      const key = `${pos.x},${pos.y},${pos.z}`;
      let block = seen.get(key);
      if (block === undefined) {
        block = source.readBlock(pos);
        // an unloaded read is not kept: the snapshot that follows may find the chunk loaded by then
        if (keeping && block !== 'unloaded') seen.set(key, block);
      }
      return block;
    },
    stopKeeping: () => {
      keeping = false;
    },
  };
}
