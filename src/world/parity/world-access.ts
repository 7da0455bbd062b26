/**
 * Reading and writing the embedded world for the parity commands: writes are stored in the world and
 * sent to every player in it as one multi_block_change per chunk section (what vanilla sends for fills);
 * every write also updates the world's block entities (block-entity-store.ts).
 */
import { createRequire } from 'node:module';
import type { BlockPos } from '../../vocabulary/blocks/box.js';
import { BlockEntityStore } from './block-entity-store.js';
import type { ChunkMap } from './chunk-map.js';
import type { BlockStates } from './block-states.js';
import type { FlyingSquidPlayer, FlyingSquidServer, FlyingSquidWorld } from './flying-squid-types.js';

const require = createRequire(import.meta.url);
const { Vec3 } = require('vec3') as { Vec3: new (x: number, y: number, z: number) => BlockPos };

/** 1.21.4 overworld build limits */
export const MIN_Y = -64;
export const MAX_Y = 319;

/**
 * prismarine-world's setBlockStateId (src/world.js) builds a prismarine Block before and after the write,
 * each with its Biome, for its `blockUpdate` events; nothing in the embedded world listens for them. While
 * nothing does, the state goes into the column directly (and the column is queued for saving as there).
 */
function leanWrite(
  world: FlyingSquidWorld,
  set: (pos: BlockPos, stateId: number) => Promise<void>,
): (pos: BlockPos, stateId: number) => Promise<void> {
  const w = world as unknown as NodeJS.EventEmitter & {
    getColumnAt?(pos: BlockPos): Promise<{ setBlockStateId(pos: BlockPos, stateId: number): void }>;
    saveAt?(pos: BlockPos): void;
  };
  const listened = () => w.eventNames().some((e) => typeof e === 'string' && e.startsWith('blockUpdate'));
  if (typeof w.getColumnAt !== 'function' || typeof w.saveAt !== 'function') return set;
  return async (pos, stateId) => {
    if (listened()) return set(pos, stateId);
    const column = await w.getColumnAt!(pos);
    column.setBlockStateId(new Vec3(pos.x & 15, pos.y, pos.z & 15), stateId);
    w.saveAt!(pos);
  };
}

/** One chunk section's changes waiting to be sent: local position (x << 8 | z << 4 | y) → state */
interface PendingSection {
  x: number;
  y: number;
  z: number;
  changes: Map<number, number>;
}

export class WorldAccess {
  private pending = new Map<string, PendingSection>();
  /** the block entities of this world, kept in step with every write below */
  readonly blockEntities: BlockEntityStore;
  /** the world's own setter, for setState, which knows the old state already */
  private readonly writeState: (pos: BlockPos, stateId: number) => Promise<void>;

  constructor(
    private readonly serv: FlyingSquidServer,
    readonly world: FlyingSquidWorld,
    private readonly chunks: ChunkMap,
    states: BlockStates,
  ) {
    this.blockEntities = new BlockEntityStore(states, () => this.playersHere());
    // the one hook every block write passes, the plugin's and flying-squid's own (players digging and
    // placing go through setBlockType/setBlockData): block entities follow the blocks
    const store = this.blockEntities;
    const set = world.setBlockStateId.bind(world);
    this.writeState = leanWrite(world, set);
    world.setBlockStateId = async (pos: BlockPos, stateId: number): Promise<void> => {
      const before = await world.getBlockStateId(pos);
      await set(pos, stateId);
      if (before !== stateId) store.onStateChange(pos, before, stateId);
    };
    const legacy = world as unknown as Record<string, (pos: BlockPos, value: number) => Promise<void>>;
    for (const method of ['setBlockType', 'setBlockData']) {
      const original = legacy[method]?.bind(world);
      if (!original) continue;
      legacy[method] = async (pos, value) => {
        const before = await world.getBlockStateId(pos);
        await original(pos, value);
        const after = await world.getBlockStateId(pos);
        if (before !== after) store.onStateChange(pos, before, after);
      };
    }
  }

  private playersHere(): FlyingSquidPlayer[] {
    return this.serv.players.filter((p) => p.world === this.world);
  }

  getState(pos: BlockPos): Promise<number> {
    return this.world.getBlockStateId(new Vec3(pos.x, pos.y, pos.z));
  }

  /** Stores the state; returns false when it was already there (vanilla's setBlock "no change"). */
  async setState(pos: BlockPos, stateId: number): Promise<boolean> {
    const v = new Vec3(pos.x, pos.y, pos.z);
    const before = await this.world.getBlockStateId(v);
    if (before === stateId) return false;
    await this.writeState(v, stateId);
    this.blockEntities.onStateChange(pos, before, stateId);
    const sx = pos.x >> 4;
    const sy = pos.y >> 4;
    const sz = pos.z >> 4;
    const key = `${sx},${sy},${sz}`;
    let section = this.pending.get(key);
    if (!section) {
      section = { x: sx, y: sy, z: sz, changes: new Map() };
      this.pending.set(key, section);
    }
    section.changes.set(((pos.x & 15) << 8) | ((pos.z & 15) << 4) | (pos.y & 15), stateId);
    return true;
  }

  /** Sends every change since the last flush to the players in this world. */
  flush(): void {
    this.flushBlocks();
    // block entity data after the blocks it belongs to
    this.blockEntities.flush();
  }

  private flushBlocks(): void {
    if (this.pending.size === 0) return;
    const players = this.playersHere();
    for (const { x, y, z, changes } of this.pending.values()) {
      const records: number[] = [];
      for (const [local, state] of changes) records.push(state * 4096 + local);
      // vanilla sends a chunk's changes to the players that have it; a pending chunk carries them itself
      for (const player of players)
        if (this.chunks.isTracked(player, x, z)) this.send(player, x, y, z, records);
    }
    this.pending.clear();
  }

  private send(player: FlyingSquidPlayer, x: number, y: number, z: number, records: number[]): void {
    player._client.write('multi_block_change', { chunkCoordinates: { x, y, z }, records });
  }

  /** ServerLevel.hasChunkAt: the server holds the position's chunk (a player keeps it loaded, chunk-map.ts) */
  isLoaded(pos: BlockPos): boolean {
    return this.chunks.isLoaded(this.world, pos.x >> 4, pos.z >> 4);
  }

  boxLoaded(min: BlockPos, max: BlockPos): boolean {
    for (let cx = min.x >> 4; cx <= max.x >> 4; cx++) {
      for (let cz = min.z >> 4; cz <= max.z >> 4; cz++) {
        if (!this.isLoaded({ x: cx * 16, y: 0, z: cz * 16 })) return false;
      }
    }
    return true;
  }

  static inWorld(pos: BlockPos): boolean {
    return pos.y >= MIN_Y && pos.y <= MAX_Y && Math.abs(pos.x) < 30_000_000 && Math.abs(pos.z) < 30_000_000;
  }
}
