/**
 * Sponge schematics (.schem: WorldEdit, FastAsyncWorldEdit, Amulet), versions 1–3, read; version 3 written.
 * Written from the Sponge Schematic Specification (SpongePowered/Schematic-Specification, versions/
 * schematic-1.md, -2.md, -3.md): v1/v2 keep `Palette`, `BlockData` and `TileEntities`/`BlockEntities`
 * (extra fields inline) in the root compound `Schematic`; v3 nests the `Schematic` compound in an unnamed
 * root and moves blocks into `Blocks { Palette, Data, BlockEntities[{ Pos, Id, Data }] }`. Data is one
 * varint palette index per position, `x + z * Width + y * Width * Length`.
 * Origin: mcbridge places the minimum corner at `origin`; the file's `Offset` (the paster's offset in
 * WorldEdit) is not applied.
 */
import type { Structure } from '../store.js';
import { type Compound, NbtReader, compoundList, nbt, withoutPosition } from './nbt-file.js';
import { type BlockEntity, checkSize, fileStructure, withDataVersion } from './shape.js';

/** DataVersion when the caller does not know the server's (1.21.4) */
export const DEFAULT_DATA_VERSION = 4189;

export function readSponge(root: Compound, file: string, name: string): Structure {
  const r = new NbtReader(file);
  const schematic = r.optionalCompound(root, 'Schematic') ?? root;
  const version = r.optionalInt(schematic, 'Version') ?? 1;
  if (version < 1 || version > 3) r.fail(`Sponge schematic version ${version} is not 1, 2 or 3`);
  const size = checkSize(file, {
    x: r.int(schematic, 'Width', true),
    y: r.int(schematic, 'Height', true),
    z: r.int(schematic, 'Length', true),
  });
  const blocksHolder = version === 3 ? r.compound(schematic, 'Blocks') : schematic;
  const paletteTag = r.compound(blocksHolder, 'Palette');
  const palette: string[] = [];
  for (const [key, tag] of Object.entries(paletteTag.value)) {
    const index = tag?.type === 'int' ? tag.value : -1;
    if (index < 0) r.fail(`palette entry "${key}" has no index`);
    palette[index] = key;
  }
  const data = r.bytes(blocksHolder, version === 3 ? 'Data' : 'BlockData');
  const blocks = readVarints(data, r);
  const volume = size.x * size.y * size.z;
  if (blocks.length !== volume) r.fail(`it holds ${blocks.length} blocks for a ${volume}-block box`);
  for (const b of blocks) if (palette[b] === undefined) r.fail(`block index ${b} is not in the palette`);
  // the spec leaves gaps in the palette allowed; fill them so that every index names a state
  for (let i = 0; i < palette.length; i++) palette[i] ??= 'minecraft:air';

  const entityList =
    version === 3
      ? r.compounds(blocksHolder, 'BlockEntities', false)
      : [...r.compounds(schematic, 'BlockEntities', false), ...r.compounds(schematic, 'TileEntities', false)];
  const blockEntities: BlockEntity[] = entityList.map((entity) => {
    const [x, y, z] = r.ints(entity, 'Pos', 3) as [number, number, number];
    const idTag = r.field(entity, 'Id') ?? r.field(entity, 'id');
    const data = version === 3 ? (r.optionalCompound(entity, 'Data') ?? nbt.comp({})) : entity;
    return {
      pos: [x, y, z],
      ...(idTag?.type === 'string' ? { id: idTag.value } : {}),
      nbt: withoutPosition(data as Compound),
    };
  });
  // Sponge v1 (WorldEdit for 1.13) has flattened names and no DataVersion
  return withDataVersion(
    fileStructure(name, size, palette, blocks, blockEntities),
    r.optionalInt(schematic, 'DataVersion'),
    version === 1
      ? { dataVersion: 1519, writtenIn: '1.13 or later (Sponge v1 carries no DataVersion: read as 1.13)' }
      : { writtenIn: 'an unknown version (no DataVersion): read as the server’s' },
  );
}

export function writeSponge(structure: Structure, dataVersion = DEFAULT_DATA_VERSION): Compound {
  const palette: Compound['value'] = {};
  structure.palette.forEach((key, i) => (palette[key] = nbt.int(i)));
  const blockEntities = (structure.blockEntities ?? []).map((e) =>
    nbt.comp({
      Pos: nbt.intArray(e.pos),
      ...(e.id ? { Id: nbt.string(e.id) } : {}),
      Data: e.nbt as Compound,
    }),
  );
  const schematic = nbt.comp({
    Version: nbt.int(3),
    DataVersion: nbt.int(dataVersion),
    Width: nbt.short(structure.size.x),
    Height: nbt.short(structure.size.y),
    Length: nbt.short(structure.size.z),
    Offset: nbt.intArray([0, 0, 0]),
    Metadata: nbt.comp({ Name: nbt.string(structure.name), Date: nbt.long(BigInt(Date.now())) }),
    Blocks: nbt.comp({
      Palette: nbt.comp(palette),
      Data: nbt.byteArray(writeVarints(structure.blocks)),
      BlockEntities: compoundList(blockEntities.map((c) => c.value)),
    }),
  });
  return nbt.comp({ Schematic: schematic }) as unknown as Compound;
}

function readVarints(bytes: number[], r: NbtReader): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < bytes.length) {
    let value = 0;
    let shift = 0;
    for (;;) {
      const b = bytes[i++];
      if (b === undefined || shift > 28) return r.fail('its block data ends inside a number');
      value |= (b & 0x7f) << shift;
      shift += 7;
      if ((b & 0x80) === 0) break;
    }
    out.push(value);
  }
  return out;
}

function writeVarints(values: number[]): number[] {
  const out: number[] = [];
  for (let v of values) {
    while (v >= 0x80) {
      out.push((((v & 0x7f) | 0x80) << 24) >> 24);
      v >>>= 7;
    }
    out.push(v);
  }
  return out;
}
