/** Structure file formats by extension: what each reads and writes. */
import type { Structure } from '../store.js';
import { StructureError } from '../store.js';
import { readLitematic, writeLitematic } from './litematic.js';
import { readMcedit } from './mcedit.js';
import { type Compound, NbtReader, type Tag, decodeNbt, encodeNbt } from './nbt-file.js';
import { readSponge, writeSponge } from './sponge.js';
import { readVanillaNbt, writeVanillaNbt } from './vanilla-nbt.js';

export { STRUCTURE_FILE_MAX_BLOCKS, nameOfFile } from './shape.js';
export { toSnbt } from './snbt.js';

export const READABLE_EXTENSIONS = ['.schem', '.schematic', '.nbt', '.litematic'] as const;
export const WRITABLE_EXTENSIONS = ['.schem', '.nbt', '.litematic'] as const;
export type StructureExtension = (typeof READABLE_EXTENSIONS)[number];

export const FORMAT_NAMES: Record<StructureExtension, string> = {
  '.schem': 'Sponge schematic',
  '.schematic': 'MCEdit schematic',
  '.nbt': 'vanilla structure',
  '.litematic': 'Litematica schematic',
};

export function extensionOf(file: string): StructureExtension | undefined {
  const lower = file.toLowerCase();
  return READABLE_EXTENSIONS.find((ext) => lower.endsWith(ext));
}

/** The structure in `bytes`; one StructureError naming the file and what is wrong, never a partial read. */
export function decodeStructure(
  bytes: Buffer,
  ext: StructureExtension,
  file: string,
  name: string,
): Structure {
  const root = decodeNbt(bytes, file);
  const structure = readBlocks(root, ext, file, name);
  const leftOut = leftOutOf(root, ext);
  return leftOut.entities > 0 || leftOut.biomes ? { ...structure, leftOut } : structure;
}

function readBlocks(root: Compound, ext: StructureExtension, file: string, name: string): Structure {
  switch (ext) {
    case '.schem':
      return readSponge(root, file, name);
    case '.schematic':
      // some editors save Sponge schematics under the old extension: the legacy format has `Blocks` bytes
      return isMcedit(root, file) ? readMcedit(root, file, name) : readSponge(root, file, name);
    case '.nbt':
      return readVanillaNbt(root, file, name);
    case '.litematic':
      return readLitematic(root, file, name);
  }
}

/**
 * Entities and biomes a file holds, where each format keeps them: Sponge `Entities` and `BiomePalette`
 * (v2) or `Biomes` (v3), MCEdit `Entities` and `Biomes`, vanilla `entities`, Litematica each region's
 * `Entities`.
 */
function leftOutOf(root: Compound, ext: StructureExtension): { entities: number; biomes: boolean } {
  const schematic = ext === '.litematic' ? root : (compoundAt(root, 'Schematic') ?? root);
  if (ext === '.litematic') {
    const regions = compoundAt(root, 'Regions');
    const entities = regions
      ? Object.keys(regions.value).reduce((n, key) => n + listLength(compoundAt(regions, key), 'Entities'), 0)
      : 0;
    return { entities, biomes: false };
  }
  const entities = listLength(schematic, ext === '.nbt' ? 'entities' : 'Entities');
  const biomes = ['Biomes', 'BiomePalette', 'BiomeData'].some((key) => schematic.value[key] !== undefined);
  return { entities, biomes: ext !== '.nbt' && biomes };
}

const compoundAt = (c: Compound | undefined, key: string): Compound | undefined => {
  const t = c?.value[key] as Tag | undefined;
  return t?.type === 'compound' ? (t as Compound) : undefined;
};

function listLength(c: Compound | undefined, key: string): number {
  const t = c?.value[key] as Tag | undefined;
  return t?.type === 'list' ? (t.value as { value: unknown[] }).value.length : 0;
}

export function encodeStructure(structure: Structure, ext: StructureExtension, dataVersion?: number): Buffer {
  switch (ext) {
    case '.schem':
      // v3 nests everything in an unnamed root
      return encodeNbt(writeSponge(structure, dataVersion));
    case '.nbt':
      return encodeNbt(writeVanillaNbt(structure, dataVersion));
    case '.litematic':
      return encodeNbt(writeLitematic(structure, dataVersion));
    case '.schematic':
      throw new StructureError('MCEdit .schematic files are read only', {
        remedy: 'save as .schem (Sponge), .nbt or .litematic',
      });
  }
}

function isMcedit(root: Compound, file: string): boolean {
  const r = new NbtReader(file);
  const schematic = r.optionalCompound(root, 'Schematic') ?? root;
  return r.field(schematic, 'Blocks')?.type === 'byteArray';
}
