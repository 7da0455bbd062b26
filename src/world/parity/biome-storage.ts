/**
 * Biomes in flying-squid's chunks (prismarine-chunk keeps one per 4×4×4 cell, like vanilla's noise
 * biomes) and 1.21.4's chunk_biomes packet, which vanilla sends after fillbiome
 * (ChunkMap.resendBiomesForChunks → ClientboundChunksBiomesPacket: per chunk, its position and every
 * section's biome container, written as in the chunk data packet).
 */
import { createRequire } from 'node:module';
import type { BiomeRegistry } from './biomes.js';
import { installBiomeRegistry } from './biomes.js';
import type { ChunkMap } from './chunk-map.js';
import type { FlyingSquidPlayer, FlyingSquidServer, FlyingSquidWorld } from './flying-squid-types.js';

const require = createRequire(import.meta.url);
const { SmartBuffer } = require(
  require.resolve('smart-buffer', { paths: [require.resolve('prismarine-chunk')] }),
) as {
  SmartBuffer: new () => { toBuffer(): Buffer };
};

interface Local {
  x: number;
  y: number;
  z: number;
}
interface Column {
  getBiome(pos: Local): number;
  setBiome(pos: Local, id: number): void;
  biomes: Array<{ write(buffer: unknown): void }>;
}
interface ColumnWorld {
  getColumn(chunkX: number, chunkZ: number): Promise<Column>;
}

export type ChunkPos = { x: number; z: number };

export class BiomeStorage {
  constructor(
    private readonly serv: FlyingSquidServer,
    readonly registry: BiomeRegistry,
    private readonly chunks: ChunkMap,
  ) {}

  column(world: FlyingSquidWorld, chunk: ChunkPos): Promise<Column> {
    return (world as unknown as ColumnWorld).getColumn(chunk.x, chunk.z);
  }

  /** the biome id at a block position */
  async get(world: FlyingSquidWorld, pos: Local): Promise<number> {
    const column = await this.column(world, { x: pos.x >> 4, z: pos.z >> 4 });
    return column.getBiome({ x: pos.x & 15, y: pos.y, z: pos.z & 15 });
  }

  /** ClientboundChunksBiomesPacket to every player that sees one of the chunks, with the ones it sees */
  async resend(world: FlyingSquidWorld, chunks: ChunkPos[]): Promise<void> {
    const payloads = await Promise.all(
      chunks.map(async (chunk) => {
        const buffer = new SmartBuffer();
        for (const section of (await this.column(world, chunk)).biomes) section.write(buffer);
        return { chunk, data: buffer.toBuffer() };
      }),
    );
    for (const player of this.serv.players) {
      if (player.world !== world) continue;
      const seen = payloads.filter((p) => this.sees(player, p.chunk));
      if (seen.length === 0) continue;
      player._client.write('chunk_biomes', {
        biomes: seen.map((p) => ({ position: { x: p.chunk.x, z: p.chunk.z }, data: p.data })),
      });
    }
  }

  private sees(player: FlyingSquidPlayer, chunk: ChunkPos): boolean {
    return this.chunks.isTracked(player, chunk.x, chunk.z);
  }
}

const storages = new WeakMap<FlyingSquidServer, BiomeStorage>();

export function biomeStorage(serv: FlyingSquidServer): BiomeStorage {
  const storage = storages.get(serv);
  if (!storage) throw new Error('the parity biome storage is not installed on this server');
  return storage;
}

export function installBiomes(serv: FlyingSquidServer, version: string, chunks: ChunkMap): BiomeStorage {
  const storage = new BiomeStorage(serv, installBiomeRegistry(serv, version), chunks);
  storages.set(serv, storage);
  return storage;
}
