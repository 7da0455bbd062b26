/**
 * The world the hints read after a batch: one box around what the batch sent (hints/world-region.ts),
 * made readable through the channel (the mod bridge fetches it from the game first), or why there is none.
 */
import { channelBlockSource, noBlockReads, prepareReads } from '../connection/block-reads.js';
import type { CommandChannel } from '../connection/channel.js';
import {
  type HintEntry,
  MAX_REGION_BLOCKS,
  type PostExecuteInput,
  regionAround,
  WorldRegion,
  writtenBoxes,
} from '../hints/index.js';

export async function readWorldForHints(
  channel: CommandChannel,
  entries: readonly HintEntry[],
): Promise<PostExecuteInput['world']> {
  const boxes = writtenBoxes(entries);
  // a batch that wrote no blocks makes no claim about rooms: nothing to read
  if (boxes.length === 0) return undefined;
  const source = channelBlockSource(channel);
  if (!source) return { notRead: noBlockReads(channel) };
  if (!channel.connected) return { notRead: 'the connection closed' };
  const box = regionAround(boxes);
  if (!box) {
    return {
      notRead: `the batch wrote over an area larger than the ${MAX_REGION_BLOCKS} blocks hints read at most`,
    };
  }
  await prepareReads(channel, [box]);
  return { region: new WorldRegion(box, source) };
}
