/**
 * The world the hints read after a batch: one box around what the batch sent, grown to take in the rest of
 * the building it belongs to and the rooms the writes touched (hints/model/hint-region.ts), made readable through the channel (the mod bridge fetches it from the game first), or why there is none.
 */
import { channelBlockSource, noBlockReads, prepareReads } from '../connection/block-reads.js';
import type { CommandChannel } from '../connection/channel.js';
import type { Snapshot } from '../batch/snapshot.js';
import { type BlockSource, type BlockState, parseBlockStateKey } from '../vocabulary/blocks/block-state.js';
import {
  batchKeepsRooms,
  hintRegion,
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
  // cut to the dimension's height as the connection knows it (the superflat 1.21.4 world starts at -64)
  const view = channel.worldView?.();
  const height = view ? { minY: view.minY, maxY: view.maxY } : undefined;
  const box = regionAround(boxes, height);
  if (!box) {
    return {
      notRead: `the batch wrote over an area larger than the ${MAX_REGION_BLOCKS} blocks hints read at most`,
    };
  }
  await prepareReads(channel, [box]);
  // the rest of the building the writes belong to (a tower's lower storeys), within the bound; every position
  // is read once, whether the growth or the hints (and verification through them) ask first
  const around = new WorldRegion(box, source);
  const once: BlockSource = {
    readBlock: (pos) => {
      const block = around.at(pos);
      return block === 'outside' ? source.readBlock(pos) : block;
    },
  };
  // and past it where a room the writes touched runs on through its own air (a tall room's floor)
  const grown = hintRegion(box, boxes, once, channel.version, height);
  if (grown === box) return { region: around };
  await prepareReads(channel, [grown]);
  return { region: new WorldRegion(grown, once) };
}

/**
 * Whether the batch changed no room's verdict (hints/batch/room-neutral.ts): the blocks before it come from the
 * undo or transaction snapshot, those after it from the hints' region (read for verification already).
 * Without a snapshot, or a region, nothing is known, and the rooms are searched for.
 */
export function roomsKept(
  entries: readonly HintEntry[],
  snapshot: Snapshot | undefined,
  world: PostExecuteInput['world'],
  version?: string,
): boolean {
  if (!snapshot || !world || !('region' in world)) return false;
  const { region } = world;
  const states = new Map<string, BlockState>();
  return batchKeepsRooms(
    entries,
    {
      before: (pos) => {
        const key = snapshot.states.get(`${pos.x},${pos.y},${pos.z}`);
        if (key === undefined) return undefined;
        let state = states.get(key);
        if (!state) states.set(key, (state = parseBlockStateKey(key)));
        return state;
      },
      after: (pos) => {
        const b = region.at(pos);
        return typeof b === 'string' ? undefined : b;
      },
    },
    version,
  );
}
