/**
 * Sending one player its chunks as vanilla 1.21.4 does (net/minecraft/server/network/PlayerChunkSender.java;
 * 26.1.2's is the same): chunks wait in a pending set; every tick, while fewer batches than allowed are
 * unacknowledged, the nearest ones (by squared chunk distance to the player) go out between
 * chunk_batch_start and chunk_batch_finished, as many as the quota allows. The client answers each batch
 * with chunk_batch_received and the rate it can take (chunks per tick, 0.01–64), which sets the next
 * quota; until the first answer only one batch may be in flight, then ten. A chunk that leaves the view
 * while still pending is just forgotten; one that was sent is taken back with unload_chunk
 * (ClientboundForgetLevelChunkPacket).
 */
import { type ChunkPos, chunkKey } from './chunk-tracking-view.js';

const MIN_CHUNKS_PER_TICK = 0.01;
const MAX_CHUNKS_PER_TICK = 64;
const START_CHUNKS_PER_TICK = 9;
const MAX_UNACKNOWLEDGED_BATCHES = 10;

export interface ChunkSink {
  /** the player's chunk now (the batch goes out nearest first) */
  center(): ChunkPos;
  write(packet: string, data: unknown): void;
  /** writes the chunk's map_chunk packet */
  sendChunk(x: number, z: number): void;
}

export class PlayerChunkSender {
  private readonly pending = new Map<string, ChunkPos>();
  private desiredChunksPerTick = START_CHUNKS_PER_TICK;
  private batchQuota = 0;
  private unacknowledgedBatches = 0;
  private maxUnacknowledgedBatches = 1;

  constructor(private readonly sink: ChunkSink) {}

  markPending(x: number, z: number): void {
    this.pending.set(chunkKey(x, z), { x, z });
  }

  isPending(x: number, z: number): boolean {
    return this.pending.has(chunkKey(x, z));
  }

  /** nothing is waiting to be sent and the client has acknowledged every batch it was sent */
  get delivered(): boolean {
    return this.pending.size === 0 && this.unacknowledgedBatches === 0;
  }

  /** the client starts from no chunks (a respawn): nothing pending is owed any more */
  clearPending(): void {
    this.pending.clear();
  }

  /** the chunk left the player's view */
  drop(x: number, z: number): void {
    if (!this.pending.delete(chunkKey(x, z))) this.sink.write('unload_chunk', { chunkX: x, chunkZ: z });
  }

  /** called once a tick */
  sendNextChunks(): void {
    if (this.unacknowledgedBatches >= this.maxUnacknowledgedBatches) return;
    const ceiling = Math.max(1, this.desiredChunksPerTick);
    this.batchQuota = Math.min(this.batchQuota + this.desiredChunksPerTick, ceiling);
    if (this.batchQuota < 1 || this.pending.size === 0) return;
    const batch = this.nearest(Math.floor(this.batchQuota));
    this.unacknowledgedBatches++;
    this.sink.write('chunk_batch_start', {});
    for (const chunk of batch) {
      this.pending.delete(chunkKey(chunk.x, chunk.z));
      this.sink.sendChunk(chunk.x, chunk.z);
    }
    this.sink.write('chunk_batch_finished', { batchSize: batch.length });
    this.batchQuota -= batch.length;
  }

  /** ServerboundChunkBatchReceivedPacket */
  onBatchReceived(chunksPerTick: number): void {
    this.unacknowledgedBatches = Math.max(0, this.unacknowledgedBatches - 1);
    this.desiredChunksPerTick = Number.isNaN(chunksPerTick)
      ? MIN_CHUNKS_PER_TICK
      : Math.min(MAX_CHUNKS_PER_TICK, Math.max(MIN_CHUNKS_PER_TICK, chunksPerTick));
    if (this.unacknowledgedBatches === 0) this.batchQuota = 1;
    this.maxUnacknowledgedBatches = MAX_UNACKNOWLEDGED_BATCHES;
  }

  private nearest(count: number): ChunkPos[] {
    const c = this.sink.center();
    const distance = (p: ChunkPos) => (p.x - c.x) ** 2 + (p.z - c.z) ** 2;
    return [...this.pending.values()].sort((a, b) => distance(a) - distance(b)).slice(0, count);
  }
}
