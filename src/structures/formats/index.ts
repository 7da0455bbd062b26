/** Structure file formats by extension: what each reads and writes. */
import type { Structure } from '../store.js';
import { StructureError } from '../store.js';
import { readLitematic, writeLitematic } from './litematic.js';
import { readMcedit } from './mcedit.js';
import { type Compound, NbtReader, decodeNbt, encodeNbt } from './nbt-file.js';
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
