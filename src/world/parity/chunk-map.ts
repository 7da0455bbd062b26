/**
 * The embedded world streams chunks as vanilla 1.21.4's net/minecraft/server/level/ChunkMap.java does
 * (26.1.2's is the same in these parts): whenever a player's chunk or view distance changes (`move`,
 * `updateChunkTracking`) its tracking view moves, the client is told the new centre
 * (ClientboundSetChunkCacheCenterPacket = update_view_position), chunks entering the view are marked
 * pending for its PlayerChunkSender and chunks leaving it are forgotten (`applyChunkTrackingView`); the
 * sender sends the pending ones every tick (ServerGamePacketListenerImpl.tick). The player's view distance
 * is what its client asked for, between 2 and the server's (`getPlayerViewDistance`).
 *
 * This replaces flying-squid's own sending (plugins/world.js sendNearbyChunks): that one runs only on a
 * `move` flying-squid saw itself (plugins/login.js sendChunkWhenMove), so never after a command's teleport,
 * which sets the position directly (the client's echo of the same position is no move), sends a square
 * without batches, and unloads a column nobody sees with the changes in it. Here every position change
 * counts, whoever made it: a teleport calls `move` at once, and every tick looks at each player again.
 */
import { createRequire } from 'node:module';
import { playerViewDistance } from '../../vocabulary/chunk-view.js';
import { ChunkMemory, type Column, type ColumnTable } from './chunk-memory.js';
import {
  type ChunkPos,
  ChunkTrackingView,
  FULL_CHUNK_MARGIN,
  chunkKey,
  chunkOf,
} from './chunk-tracking-view.js';
import type { FlyingSquidPlayer, FlyingSquidServer, FlyingSquidWorld } from './flying-squid-types.js';
import { PlayerChunkSender } from './player-chunk-sender.js';

const require = createRequire(import.meta.url);
const nbt = require('prismarine-nbt') as {
  comp(value: object): unknown;
  longArray(value: number[][]): unknown;
};

/** what flying-squid sends for heightmaps (the client recomputes them) */
const HEIGHTMAPS = nbt.comp({ MOTION_BLOCKING: nbt.longArray(new Array(36).fill([0, 0])) });

/** the chunk-sending parts of a flying-squid player, replaced here */
interface StreamingPlayer {
  view?: number;
  /** where flying-squid's `move` listener (login.js) measures its 16 blocks from before it calls us */
  lastPositionChunkUpdated?: unknown;
  worldSendInitialChunks(): Promise<void>;
  worldSendRestOfChunks(): Promise<void>;
  worldSendAllChunks(): Promise<void>;
  sendRestMap(): void;
}

interface Tracked {
  world: FlyingSquidWorld;
  view: ChunkTrackingView | undefined;
  /** the chunk its tickets are on (vanilla's lastSectionPos) */
  ticket: ChunkPos | undefined;
  sender: PlayerChunkSender;
}

export class ChunkMap {
  private readonly tracked = new Map<FlyingSquidPlayer, Tracked>();
  private readonly memories = new Map<FlyingSquidWorld, ChunkMemory>();

  constructor(
    private readonly serv: FlyingSquidServer,
    private readonly serverViewDistance: number,
  ) {
    serv.on('tick', () => this.tick());
  }

  /** Takes over the player's chunks from flying-squid; its first chunks go out with the next tick. */
  attach(player: FlyingSquidPlayer): void {
    const p = player as unknown as StreamingPlayer;
    const update = () => {
      p.lastPositionChunkUpdated = player.position;
      this.move(player);
      return Promise.resolve();
    };
    p.worldSendInitialChunks = update;
    p.worldSendRestOfChunks = update;
    p.worldSendAllChunks = update;
    p.sendRestMap = () => void update();
    player._client.on('chunk_batch_received', (packet: { chunksPerTick: number }) =>
      this.tracked.get(player)?.sender.onBatchReceived(packet.chunksPerTick),
    );
    player.once('disconnected', () => this.detach(player));
  }

  private detach(player: FlyingSquidPlayer): void {
    const t = this.tracked.get(player);
    if (!t) return;
    this.tracked.delete(player);
    this.updateHeld(t.world);
  }

  /** ChunkMap.move: the player may stand in another chunk, or ask for another view distance */
  move(player: FlyingSquidPlayer): void {
    let t = this.tracked.get(player);
    if (!t || t.world !== player.world) {
      if (t) this.detach(player);
      t = {
        world: player.world,
        view: undefined,
        ticket: undefined,
        sender: new PlayerChunkSender({
          center: () => chunkOf(player.position),
          write: (packet, data) => player._client.write(packet, data),
          sendChunk: (x, z) => this.sendChunk(player, x, z),
        }),
      };
      this.tracked.set(player, t);
    }
    const center = chunkOf(player.position);
    if (t.ticket?.x !== center.x || t.ticket?.z !== center.z) {
      t.ticket = center;
      this.updateHeld(t.world);
    }
    const view = new ChunkTrackingView(center, this.playerViewDistance(player));
    if (view.equals(t.view)) return;
    if (t.view?.center.x !== center.x || t.view?.center.z !== center.z)
      player._client.write('update_view_position', { chunkX: center.x, chunkZ: center.z });
    const sender = t.sender;
    ChunkTrackingView.difference(
      t.view,
      view,
      (x, z) => sender.markPending(x, z),
      (x, z) => sender.drop(x, z),
    );
    t.view = view;
  }

  /**
   * After a respawn packet the client has no chunks: vanilla's new ServerPlayer starts from an empty view
   * (PlayerList.respawn), so every chunk around it is sent again.
   */
  resend(player: FlyingSquidPlayer): void {
    const t = this.tracked.get(player);
    if (t) {
      t.view = undefined;
      t.sender.clearPending();
    }
    this.move(player);
  }

  /** ServerLevel.hasChunkAt */
  isLoaded(world: FlyingSquidWorld, x: number, z: number): boolean {
    return this.memory(world).holds(x, z);
  }

  /** ChunkMap.isChunkTracked: the player's client has the chunk (a pending one gets the change with it) */
  isTracked(player: FlyingSquidPlayer, x: number, z: number): boolean {
    const t = this.tracked.get(player);
    return !!t && t.world === player.world && !!t.view?.contains(x, z) && !t.sender.isPending(x, z);
  }

  /**
   * The player's client holds every chunk of its view: none is pending and every batch was acknowledged,
   * which the client does after it has read the batch (the join's or a teleport's chunk stream is over).
   */
  viewDelivered(player: FlyingSquidPlayer): boolean {
    const t = this.tracked.get(player);
    return !!t && t.world === player.world && t.view !== undefined && t.sender.delivered;
  }

  /** for the memory figures */
  stats(world: FlyingSquidWorld): ReturnType<ChunkMemory['stats']> {
    return this.memory(world).stats();
  }

  private playerViewDistance(player: FlyingSquidPlayer): number {
    const requested = (player as unknown as StreamingPlayer).view ?? this.serverViewDistance;
    return playerViewDistance(requested, this.serverViewDistance);
  }

  private memory(world: FlyingSquidWorld): ChunkMemory {
    let memory = this.memories.get(world);
    if (!memory) {
      memory = new ChunkMemory(world as unknown as ColumnTable);
      this.memories.set(world, memory);
    }
    return memory;
  }

  /** the chunks the players of `world` keep loaded (DistanceManager's player tickets) */
  private updateHeld(world: FlyingSquidWorld): void {
    const held = new Set<string>();
    const reach = this.serverViewDistance + FULL_CHUNK_MARGIN;
    for (const t of this.tracked.values()) {
      if (t.world !== world || !t.ticket) continue;
      for (let x = t.ticket.x - reach; x <= t.ticket.x + reach; x++)
        for (let z = t.ticket.z - reach; z <= t.ticket.z + reach; z++) held.add(chunkKey(x, z));
    }
    this.memory(world).setHeld(held);
  }

  private tick(): void {
    for (const player of this.serv.players) {
      const t = this.tracked.get(player);
      if (!t) continue;
      this.move(player);
      t.sender.sendNextChunks();
    }
    for (const memory of this.memories.values()) memory.sweep();
  }

  /** ClientboundLevelChunkWithLightPacket, written at once so that a batch is never split */
  private sendChunk(player: FlyingSquidPlayer, x: number, z: number): void {
    const column: Column = this.memory(player.world).column(x, z);
    player._client.write('map_chunk', {
      x,
      z,
      heightmaps: HEIGHTMAPS,
      chunkData: column.dump(),
      blockEntities: [],
      ...column.dumpLight(),
    });
  }
}

const maps = new WeakMap<FlyingSquidServer, ChunkMap>();

export function installChunkMap(serv: FlyingSquidServer, serverViewDistance: number): ChunkMap {
  const map = new ChunkMap(serv, serverViewDistance);
  maps.set(serv, map);
  return map;
}

export function chunkMap(serv: FlyingSquidServer): ChunkMap {
  const map = maps.get(serv);
  if (!map) throw new Error('the parity chunk map is not installed on this server');
  return map;
}
