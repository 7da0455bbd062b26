/**
 * Waiting for the chunks a server is about to send. After a join or a teleport a server streams the
 * chunks around the player, nearest first, a batch at a time (vanilla's `PlayerChunkSender`): for a few
 * seconds blocks the player will see read as unloaded. A read that comes too early would call a block
 * "unloaded" (verification weaker, undo not recorded, a crash resume unable to check a step) when waiting
 * a moment would have read it.
 *
 * Only columns within the server's view distance of the player are waited for (farther ones never
 * come), and the wait ends as soon as they are all there, when the server has sent no chunk for
 * `quietMs` (it is not sending them), or after `maxMs` — whichever is first. The bounds are the product's
 * patience with a server, not a measure of speed.
 */
import type { Bot } from 'mineflayer';
import type { Box } from '../vocabulary/blocks/box.js';
import { forEachChunkInView, playerViewDistance } from '../vocabulary/chunk-view.js';

export const CHUNK_WAIT_QUIET_MS = 2_000;
export const CHUNK_WAIT_MAX_MS = 10_000;

/** `${chunkX},${chunkZ}` of every column the boxes touch that is not loaded and within the view distance. */
export function columnsToWaitFor(bot: Bot, boxes: readonly Box[]): Set<string> {
  const wanted = new Set<string>();
  const at = bot.entity?.position;
  if (!at) return wanted;
  const viewDistance = effectiveViewDistance(bot);
  const cx = Math.floor(at.x / 16);
  const cz = Math.floor(at.z / 16);
  for (const box of boxes) {
    const x0 = Math.max(Math.floor(box.min.x / 16), cx - viewDistance);
    const x1 = Math.min(Math.floor(box.max.x / 16), cx + viewDistance);
    const z0 = Math.max(Math.floor(box.min.z / 16), cz - viewDistance);
    const z1 = Math.min(Math.floor(box.max.z / 16), cz + viewDistance);
    for (let x = x0; x <= x1; x++) {
      for (let z = z0; z <= z1; z++) {
        const key = `${x},${z}`;
        if (!wanted.has(key) && !columnLoaded(bot, x, z)) wanted.add(key);
      }
    }
  }
  return wanted;
}

/**
 * `${chunkX},${chunkZ}` of every column of the bot's view that is not loaded: the chunks a vanilla server
 * sends a player standing where the bot stands (src/vocabulary/chunk-view.ts). Right after a join they are
 * the chunks still streaming in.
 */
export function viewColumnsToWaitFor(bot: Bot): Set<string> {
  const wanted = new Set<string>();
  const at = bot.entity?.position;
  if (!at) return wanted;
  const center = { x: Math.floor(at.x / 16), z: Math.floor(at.z / 16) };
  forEachChunkInView(center, effectiveViewDistance(bot), (x, z) => {
    if (!columnLoaded(bot, x, z)) wanted.add(`${x},${z}`);
  });
  return wanted;
}

/** Resolves when every column in `wanted` has loaded, the server goes quiet, the bot leaves, or time is up. */
export function waitForColumns(
  bot: Bot,
  wanted: Set<string>,
  { quietMs = CHUNK_WAIT_QUIET_MS, maxMs = CHUNK_WAIT_MAX_MS } = {},
): Promise<void> {
  if (wanted.size === 0) return Promise.resolve();
  return new Promise((resolve) => {
    let quiet: NodeJS.Timeout;
    const done = () => {
      clearTimeout(quiet);
      clearTimeout(limit);
      bot.world.off('chunkColumnLoad', onColumn);
      bot.off('end', done);
      resolve();
    };
    const onColumn = (corner: { x: number; z: number }) => {
      wanted.delete(`${Math.floor(corner.x / 16)},${Math.floor(corner.z / 16)}`);
      if (wanted.size === 0) return done();
      clearTimeout(quiet);
      quiet = setTimeout(done, quietMs);
    };
    quiet = setTimeout(done, quietMs);
    const limit = setTimeout(done, maxMs);
    bot.world.on('chunkColumnLoad', onColumn);
    bot.once('end', done);
  });
}

/** The bot's own setting, within the server's view distance (from its login packet), as vanilla's ChunkMap gives it. */
function effectiveViewDistance(bot: Bot): number {
  const server = (bot.game as { serverViewDistance?: number } | undefined)?.serverViewDistance;
  const own = bot.settings?.viewDistance;
  const client = typeof own === 'number' ? own : (CLIENT_VIEW_DISTANCE[own ?? 'far'] ?? 12);
  return playerViewDistance(client, server && server > 0 ? server : client);
}

/** mineflayer's named view distances (lib/plugins/settings.js) */
const CLIENT_VIEW_DISTANCE: Record<string, number> = { far: 12, normal: 10, short: 8, tiny: 6 };

function columnLoaded(bot: Bot, chunkX: number, chunkZ: number): boolean {
  const world = bot.world as unknown as { getColumn(x: number, z: number): unknown };
  return world.getColumn(chunkX, chunkZ) != null;
}
