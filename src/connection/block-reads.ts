/**
 * Reading blocks from the world a connection reaches, through the channel's own reader (the mod bridge
 * fetches boxes from the player's game before they can be read; a bot reads its loaded chunks).
 */
import type { BlockSource } from '../vocabulary/blocks/block-state.js';
import { type Box, volumeOf } from '../vocabulary/blocks/box.js';
import type { CommandChannel } from './channel.js';

export function channelBlockSource(channel: CommandChannel): BlockSource | undefined {
  if (channel.blockReadsOff) return undefined;
  const read = channel.readBlock?.bind(channel);
  return read ? { readBlock: (pos) => read(pos) } : undefined;
}

/** Why `channelBlockSource` answers nothing for this connection, in words for the user. */
export function noBlockReads(channel: CommandChannel): string {
  return channel.blockReadsOff ?? 'this connection cannot read blocks';
}

/** The same, for a named connection. */
export function noBlockReadsOn(channel: CommandChannel, name: string): string {
  return channel.blockReadsOff
    ? `connection "${name}": ${channel.blockReadsOff}`
    : `connection "${name}" cannot read blocks`;
}

/** Largest area fetched from a remote world (the bridge) for one verification or snapshot. */
export const REMOTE_READ_MAX_BLOCKS = 262_144;

/**
 * Makes `boxes` readable through `channelBlockSource` (a no-op for local worlds; the bridge fetches
 * them from the game). Boxes beyond REMOTE_READ_MAX_BLOCKS stay unread and read as unloaded.
 */
export async function prepareReads(channel: CommandChannel, boxes: readonly Box[]): Promise<void> {
  if (!channel.prepareRead || !channel.connected) return;
  let budget = REMOTE_READ_MAX_BLOCKS;
  const within = boxes.filter((b) => {
    budget -= volumeOf(b);
    return budget >= 0;
  });
  await channel.prepareRead(within).catch(() => undefined);
}
