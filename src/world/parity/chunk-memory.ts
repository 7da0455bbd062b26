/**
 * Which chunks one embedded world holds, and what it keeps of the others. A chunk is held while a player
 * keeps it loaded (chunk-tracking-view.ts `holdsChunk`, vanilla's player tickets): that is what
 * `ServerLevel.hasChunkAt` answers, so `argument.pos.unloaded` follows it. A held chunk lives in
 * prismarine-world's column table and is generated when first read. A column no player holds any more
 * leaves memory (a live column with its light is ~77 kB): if it still equals what the generator makes
 * there it is simply dropped, otherwise its chunk data (block states and biomes, prismarine-chunk `dump`,
 * ~2.5 kB for a superflat chunk with a build on it) is kept and loaded back into a freshly generated
 * column when the chunk is read again. Block entities live beside the chunks (block-entity-store.ts).
 */
import { chunkKey } from './chunk-tracking-view.js';

export interface Column {
  dump(): Buffer;
  load(data: Buffer): void;
  dumpLight(): object;
}

/** the parts of prismarine-world's World used here */
export interface ColumnTable {
  columns: Record<string, Column | undefined>;
  chunkGenerator: ((x: number, z: number) => Column) | null;
  setLoadedColumn(x: number, z: number, column: Column, save?: boolean): void;
  unloadColumn(x: number, z: number): void;
}

/** columns looked at per tick for leaving memory (each costs a generation and two dumps, ~2 ms) */
const SWEEP_PER_TICK = 32;

export class ChunkMemory {
  private held = new Set<string>();
  private readonly kept = new Map<string, Buffer>();
  private readonly generate: (x: number, z: number) => Column;

  constructor(private readonly world: ColumnTable) {
    const generate = world.chunkGenerator;
    if (!generate) throw new Error('the embedded world has no chunk generator');
    this.generate = generate;
    // a chunk read again after it left memory comes back with its blocks and biomes
    world.chunkGenerator = (x, z) => {
      const column = generate(x, z);
      const data = this.kept.get(chunkKey(x, z));
      if (data) column.load(data);
      return column;
    };
  }

  holds(x: number, z: number): boolean {
    return this.held.has(chunkKey(x, z));
  }

  setHeld(chunks: Set<string>): void {
    this.held = chunks;
  }

  /** the column now, generated (or restored) at once if it is not in memory */
  column(x: number, z: number): Column {
    const present = this.world.columns[chunkKey(x, z)];
    if (present) return present;
    const column = this.world.chunkGenerator!(x, z);
    this.world.setLoadedColumn(x, z, column, false);
    return column;
  }

  /** lets a few columns that no player holds leave memory; returns how many left */
  sweep(limit = SWEEP_PER_TICK): number {
    let left = 0;
    for (const key of Object.keys(this.world.columns)) {
      if (left >= limit) break;
      if (this.held.has(key)) continue;
      const column = this.world.columns[key];
      const [x, z] = key.split(',').map(Number) as [number, number];
      if (column) {
        const data = column.dump();
        if (data.equals(this.generate(x, z).dump())) this.kept.delete(key);
        else this.kept.set(key, data);
      }
      this.world.unloadColumn(x, z);
      left++;
    }
    return left;
  }

  /** for the memory figures: columns in memory, chunks kept compactly and their bytes */
  stats(): { columns: number; kept: number; keptBytes: number } {
    let keptBytes = 0;
    for (const data of this.kept.values()) keptBytes += data.length;
    return { columns: Object.keys(this.world.columns).length, kept: this.kept.size, keptBytes };
  }
}
