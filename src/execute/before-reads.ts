/**
 * The world before a batch, read once: what keep, filters and clone sources depend on (verification's
 * `before`) and what undo or a transaction snapshots are read through one memo, each position once.
 */
import { channelBlockSource } from '../connection/block-reads.js';
import type { CommandChannel } from '../connection/channel.js';
import type { BlockSource, BlockState } from '../vocabulary/blocks/block-state.js';

export function readsBefore(channel: CommandChannel): BlockSource | undefined {
  const source = channelBlockSource(channel);
  if (!source) return undefined;
  const seen = new Map<string, BlockState | 'unloaded'>();
  return {
    readBlock: (pos) => {
      const key = `${pos.x},${pos.y},${pos.z}`;
      let block = seen.get(key);
      if (block === undefined) seen.set(key, (block = source.readBlock(pos)));
      return block;
    },
  };
}
