/**
 * Block changes stored by state id, without prismarine Block objects when nobody listens for them.
 *
 * mineflayer's blocks plugin (lib/plugins/blocks.js, `block_change` and `multi_block_change`) handles every
 * changed block through `updateBlockState`: `blockAt` before and after the write, and prismarine-world's
 * `setBlockStateId` (src/worldsync.js) a `getBlock` before and after again, for its `blockUpdate` events. Four
 * Blocks per changed block, each with a Biome of its own (prismarine-chunk's getBlock), a block change and
 * a command's feedback being most of what a bot receives per command. mcbridge reads blocks by state id
 * (state-reads.ts) and listens for no `blockUpdate`.
 *
 * `leanBlockChanges` takes both packets over once mineflayer's plugins are in (`inject_allowed`): a change
 * goes straight into the chunk column by state id. Whenever something does listen (the live viewer's
 * `blockUpdate`, mineflayer's own `blockUpdate:(x, y, z)` waits while digging or placing, a test's watcher)
 * or a painting has been seen (mineflayer drops a painting whose block changes type), the change goes
 * through mineflayer's own `updateBlockState` as before, with every event it emits.
 */
import type { Bot } from 'mineflayer';
import { Vec3 } from 'vec3';

interface BlockChangePacket {
  location: { x: number; y: number; z: number };
  type: number;
}

/** `records`: one number per block (1.16.2+), `stateId << 12 | x << 8 | z << 4 | y`, or per-record objects before */
interface MultiBlockChangePacket {
  chunkCoordinates?: { x: number; y: number; z: number };
  chunkX?: number;
  chunkZ?: number;
  records: Array<number | { horizontalPos: number; y: number; blockId: number }>;
}

interface Column {
  setBlockStateId(pos: Vec3, stateId: number): void;
}

interface LeanBot {
  world?: { getColumnAt(pos: Vec3): Column | null | undefined };
  _updateBlockState?: (pos: Vec3, stateId: number) => void;
  supportFeature(feature: string): boolean;
}

const POSITIONAL = /^blockUpdate:/;
const TAKEN = Symbol('mcbridge.leanBlockChanges');

/** What the lean path wrote, for tests: blocks stored without Block objects, and those passed to mineflayer */
export interface LeanBlockChangeCounts {
  lean: number;
  full: number;
}

export function leanBlockChanges(bot: Bot): LeanBlockChangeCounts {
  const counts: LeanBlockChangeCounts = { lean: 0, full: 0 };
  const client = bot._client as unknown as NodeJS.EventEmitter & { [TAKEN]?: true };
  if (client[TAKEN]) return counts;
  client[TAKEN] = true;
  const lean = bot as unknown as LeanBot;
  // mineflayer's `blockUpdate:(x, y, z)` listeners are added on the bot and forwarded to its world
  let positional = 0;
  const events = bot as unknown as NodeJS.EventEmitter;
  events.on('newListener', (event: string | symbol) => {
    if (typeof event === 'string' && POSITIONAL.test(event)) positional++;
  });
  events.on('removeListener', (event: string | symbol) => {
    if (typeof event === 'string' && POSITIONAL.test(event)) positional--;
  });
  let paintings = false;
  client.on('spawn_entity_painting', () => {
    paintings = true;
  });

  const at = new Vec3(0, 0, 0);
  const inChunk = new Vec3(0, 0, 0);
  const listened = () => paintings || positional > 0 || bot.listenerCount('blockUpdate') > 0;

  const update = (x: number, y: number, z: number, stateId: number) => {
    if (listened() || !lean._updateBlockState) {
      counts.full++;
      lean._updateBlockState?.(new Vec3(x, y, z), stateId);
      return;
    }
    at.set(x, y, z);
    // a change before its column arrived is dropped, as mineflayer drops it
    const column = lean.world?.getColumnAt(at);
    if (!column) return;
    inChunk.set(x & 15, y, z & 15);
    column.setBlockStateId(inChunk, stateId);
    counts.lean++;
  };

  const onBlockChange = (packet: BlockChangePacket) =>
    update(packet.location.x, packet.location.y, packet.location.z, packet.type);

  let singleLong: boolean | undefined;
  let sections3d: boolean | undefined;
  const onMultiBlockChange = (packet: MultiBlockChangePacket) => {
    singleLong ??= lean.supportFeature('usesMultiblockSingleLong');
    sections3d ??= lean.supportFeature('usesMultiblock3DChunkCoords');
    const cx = (sections3d ? packet.chunkCoordinates?.x : packet.chunkX) ?? 0;
    const cy = sections3d ? (packet.chunkCoordinates?.y ?? 0) : 0;
    const cz = (sections3d ? packet.chunkCoordinates?.z : packet.chunkZ) ?? 0;
    for (const record of packet.records) {
      if (typeof record === 'number') {
        // as mineflayer reads it: the state above 12 bits of position in the section (x, z, y)
        update(
          cx * 16 + ((record >> 8) & 15),
          cy * 16 + (record & 15),
          cz * 16 + ((record >> 4) & 15),
          record >> 12,
        );
      } else {
        const x = cx * 16 + ((record.horizontalPos >> 4) & 15);
        const z = cz * 16 + (record.horizontalPos & 15);
        update(x, cy * 16 + record.y, z, record.blockId);
      }
    }
  };

  // mineflayer's plugins are injected on `inject_allowed`, a tick after createBot; its own listener runs first
  bot.once('inject_allowed', () => {
    client.removeAllListeners('block_change');
    client.removeAllListeners('multi_block_change');
    client.on('block_change', onBlockChange);
    client.on('multi_block_change', onMultiBlockChange);
  });
  return counts;
}
