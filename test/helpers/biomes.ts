/**
 * Biomes as a 1.21.4 client sees them. mineflayer 4.39 keeps the biomes of map_chunk but has no handler
 * for chunk_biomes (the packet vanilla sends after fillbiome), so `watchBiomes` applies it to the bot's
 * columns the way vanilla's ClientPacketListener.handleChunksBiomes does (every section's biome container
 * replaced). Names come from the registry the bot received (registry_data), not from minecraft-data.
 */
import { createRequire } from 'node:module';
import type { Bot } from 'mineflayer';
import { Vec3 } from 'vec3';

const require = createRequire(import.meta.url);
const chunkDir = require.resolve('prismarine-chunk');
const BiomeSection = require('prismarine-chunk/src/pc/common/PaletteBiome.js') as {
  read(buffer: unknown, maxBits: number, noSizePrefix: boolean): unknown;
};
const { SmartBuffer } = require(require.resolve('smart-buffer', { paths: [chunkDir] })) as {
  SmartBuffer: { fromBuffer(b: Buffer): unknown };
};

interface Column {
  biomes: unknown[];
  maxBitsPerBiome: number;
  getBiome(pos: Vec3): number;
}
interface ChunkBiomes {
  biomes: Array<{ position: { x: number; z: number }; data: Buffer }>;
}

/** Applies every chunk_biomes the bot receives to its world; returns how many packets arrived so far. */
export function watchBiomes(bot: Bot): () => number {
  let received = 0;
  bot._client.on('chunk_biomes', (packet: ChunkBiomes) => {
    received++;
    for (const { position, data } of packet.biomes) {
      const column = bot.world.getColumn(position.x, position.z) as unknown as Column | undefined;
      if (!column) continue;
      const reader = SmartBuffer.fromBuffer(data);
      column.biomes = column.biomes.map(() => BiomeSection.read(reader, column.maxBitsPerBiome, false));
    }
  });
  return () => received;
}

/** The biome name the bot's client has at a block position. */
export function biomeAt(bot: Bot, x: number, y: number, z: number): string | undefined {
  const column = bot.world.getColumnAt(new Vec3(x, y, z)) as unknown as Column | undefined;
  if (!column) return undefined;
  const id = column.getBiome(new Vec3(x & 15, y, z & 15));
  const biome = (bot.registry.biomes as unknown as Record<number, { name: string } | undefined>)[id];
  return biome?.name.replace(/^minecraft:/, '');
}
