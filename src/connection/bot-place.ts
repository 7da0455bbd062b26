/**
 * Where a mineflayer bot stands, as the server told it: `position` packets (the server moved the bot —
 * vanilla sends one for every teleport, `ServerGamePacketListenerImpl.teleport`), the dimension and
 * height limits from the login/respawn packets, and the chunks the server has sent. A small plugin of its
 * own so that the channel only forwards to it.
 */
import { EventEmitter } from 'node:events';
import type { Bot } from 'mineflayer';
import type { WorldView } from './channel.js';

/** Counts position packets; listeners run after mineflayer has updated `bot.entity.position`. */
export class TeleportWatch {
  private readonly events = new EventEmitter();
  count = 0;

  constructor(bot: Bot) {
    this.events.setMaxListeners(0);
    // registered after mineflayer's physics plugin, so the entity already holds the new position
    bot._client.on('position', () => {
      this.count++;
      this.events.emit('moved');
    });
  }

  on(listener: () => void): () => void {
    this.events.on('moved', listener);
    return () => this.events.off('moved', listener);
  }
}

export function botWorldView(bot: Bot): WorldView {
  const game = bot.game as { dimension?: string; minY?: number; height?: number } | undefined;
  const minY = game?.minY ?? 0;
  const height = game?.height ?? 256;
  const columns = (bot.world as unknown as { async?: { columns?: Record<string, unknown> } }).async?.columns;
  const chunks = Object.keys(columns ?? {}).map((key) => key.split(',').map(Number) as [number, number]);
  const view: WorldView = {
    dimension: `minecraft:${(game?.dimension ?? 'overworld').replace(/^minecraft:/, '')}`,
    minY,
    maxY: minY + height - 1,
    loadedChunkCount: chunks.length,
    loadedChunks: chunks,
  };
  if (chunks.length) {
    const xs = chunks.map((c) => c[0]);
    const zs = chunks.map((c) => c[1]);
    view.loadedBox = {
      min: { x: Math.min(...xs) * 16, z: Math.min(...zs) * 16 },
      max: { x: Math.max(...xs) * 16 + 15, z: Math.max(...zs) * 16 + 15 },
    };
  }
  return view;
}
