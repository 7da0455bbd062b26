/** What every format reader shares: the size bound and the Structure it builds. */
import { type Structure, StructureError } from '../store.js';

/** a structure file holds at most this many positions (air included) */
export const STRUCTURE_FILE_MAX_BLOCKS = 1_048_576;

export type Size = Structure['size'];
export type BlockEntity = NonNullable<Structure['blockEntities']>[number];

export function checkSize(file: string, size: Size): Size {
  const { x, y, z } = size;
  if (![x, y, z].every((n) => Number.isInteger(n) && n > 0))
    throw new StructureError(`${file}: its size ${x}×${y}×${z} is not a box`, {
      remedy: 'the file is damaged; nothing was changed',
    });
  if (x * y * z > STRUCTURE_FILE_MAX_BLOCKS)
    throw new StructureError(
      `${file} is ${x}×${y}×${z} = ${(x * y * z).toLocaleString('en-US')} blocks, more than ${STRUCTURE_FILE_MAX_BLOCKS.toLocaleString('en-US')}`,
      { remedy: 'split it into smaller files in its editor' },
    );
  return size;
}

export function fileStructure(
  name: string,
  size: Size,
  palette: string[],
  blocks: number[],
  blockEntities: BlockEntity[],
): Structure {
  return {
    format: 'mcbridge-structure',
    version: 1,
    name,
    savedAt: new Date().toISOString(),
    size,
    palette,
    blocks,
    ...(blockEntities.length ? { blockEntities } : {}),
  };
}

/** The structure name a file gives (its base name, cut to the characters names allow). */
export const nameOfFile = (base: string): string =>
  base
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9_-]/g, '_')
    .slice(0, 64) || 'structure';

/** x fastest, then z, then y: the order of Structure.blocks, Sponge's Data and Litematica's BlockStates */
export const indexOf = (size: Size, x: number, y: number, z: number): number => (y * size.z + z) * size.x + x;

/**
 * The structure with the DataVersion its file carries, which the upgrade path reads; a file without one
 * is named so (`noDataVersion` says how it is read).
 */
export function withDataVersion(
  structure: Structure,
  dataVersion: number | undefined,
  noDataVersion: { dataVersion?: number; writtenIn: string },
): Structure {
  if (dataVersion !== undefined && dataVersion > 0) return { ...structure, dataVersion };
  return {
    ...structure,
    ...(noDataVersion.dataVersion !== undefined ? { dataVersion: noDataVersion.dataVersion } : {}),
    writtenIn: noDataVersion.writtenIn,
  };
}
