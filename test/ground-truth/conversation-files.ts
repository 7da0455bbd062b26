/**
 * The structure files the conversation places, and their bytes: Sponge v3 files assembled per the
 * specification (prismarine-nbt writes the NBT), so that the truth knows every cell of what it places.
 */
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const nbt = require('prismarine-nbt') as typeof import('prismarine-nbt');

/**
 * The files, cell by cell from their corner: what place_structure writes and the
 * truth's grid holds. A 5×5×5 plank hut with a whole door and a glass window; the lean-to is the same hut
 * whose file holds its door's lower half alone, under a plank (a file's own defect, as real files have).
 */
export const FILE_SIZE = { x: 5, y: 5, z: 5 } as const;
export const FILES = ['hut.schem', 'lean-to.schem'] as const;
export type FileName = (typeof FILES)[number];

export const fileBlock = (file: FileName, x: number, y: number, z: number): string => {
  const edge = x === 0 || x === 4 || z === 0 || z === 4;
  if (y === 0 || y === 4) return 'minecraft:oak_planks';
  if (!edge) return 'minecraft:air';
  if (x === 2 && z === 0 && (y === 1 || (y === 2 && file === 'hut.schem')))
    return `minecraft:oak_door[facing=north,half=${y === 1 ? 'lower' : 'upper'},hinge=left,open=false,powered=false]`;
  if (x === 4 && z === 2 && y === 2) return 'minecraft:glass';
  return 'minecraft:oak_planks';
};

/** A file of the script's as a Sponge v3 file, assembled per the specification from its cells. */
export const structureFile = (file: FileName): Buffer => {
  const palette: string[] = [];
  const data: number[] = [];
  for (let y = 0; y < FILE_SIZE.y; y++)
    for (let z = 0; z < FILE_SIZE.z; z++)
      for (let x = 0; x < FILE_SIZE.x; x++) {
        const b = fileBlock(file, x, y, z);
        if (!palette.includes(b)) palette.push(b);
        data.push(palette.indexOf(b));
      }
  return gzipSync(
    nbt.writeUncompressed(
      nbt.comp({
        Schematic: nbt.comp({
          Version: nbt.int(3),
          DataVersion: nbt.int(4189),
          Width: nbt.short(FILE_SIZE.x),
          Height: nbt.short(FILE_SIZE.y),
          Length: nbt.short(FILE_SIZE.z),
          Blocks: nbt.comp({
            Palette: nbt.comp(Object.fromEntries(palette.map((k, i) => [k, nbt.int(i)]))),
            Data: nbt.byteArray(data),
            BlockEntities: nbt.list(nbt.comp([] as never[])),
          }),
        }),
      }) as never,
    ),
  );
};
