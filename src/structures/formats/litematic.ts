/**
 * Litematica schematics (.litematic), read and written after Litematica's own LitematicaSchematic and
 * LitematicaBitArray (maruohon/litematica): root `Version`, `SubVersion`, `MinecraftDataVersion`,
 * `Metadata`, `Regions { <name>: { Position, Size, BlockStatePalette [{Name, Properties}], BlockStates,
 * TileEntities [{x, y, z, …}], Entities, PendingBlockTicks, PendingFluidTicks } }`. A region's Size may
 * be negative on an axis: its box then runs from Position + Size + 1 to Position. BlockStates packs one
 * palette index per position (x fastest, then z, then y) in max(2, ⌈log2 palette⌉) bits, entries crossing
 * long boundaries. Tile entity x y z are relative to the region's minimum corner.
 * Origin: all regions are merged into their enclosing box, whose minimum corner is placed at `origin`;
 * a position no region covers is left as the world has it (structure void).
 */
import { STRUCTURE_VOID, type Structure } from '../store.js';
import {
  type Compound,
  NbtReader,
  compoundList,
  nbt,
  paletteEntryKey,
  paletteEntryTag,
  withoutPosition,
} from './nbt-file.js';
import { type BlockEntity, checkSize, fileStructure, indexOf, withDataVersion } from './shape.js';
import { DEFAULT_DATA_VERSION } from './sponge.js';

/** the schematic version Litematica writes since Minecraft 1.20.5 */
const LITEMATIC_VERSION = 7;

const bitsFor = (paletteLength: number): number =>
  Math.max(2, 32 - Math.clz32(Math.max(0, paletteLength - 1)));

export function unpackStates(longs: bigint[], count: number, bits: number): number[] {
  const mask = (1n << BigInt(bits)) - 1n;
  const out = new Array<number>(count);
  for (let i = 0; i < count; i++) {
    const start = i * bits;
    const word = start >>> 6;
    const offset = BigInt(start & 63);
    let value = (longs[word] ?? 0n) >> offset;
    if ((start & 63) + bits > 64) value |= (longs[word + 1] ?? 0n) << (64n - offset);
    out[i] = Number(value & mask);
  }
  return out;
}

export function packStates(values: number[], bits: number): bigint[] {
  const longs = new Array<bigint>(Math.ceil((values.length * bits) / 64)).fill(0n);
  values.forEach((v, i) => {
    const start = i * bits;
    const word = start >>> 6;
    const offset = BigInt(start & 63);
    longs[word] = BigInt.asUintN(64, longs[word]! | (BigInt(v) << offset));
    if ((start & 63) + bits > 64)
      longs[word + 1] = BigInt.asUintN(64, longs[word + 1]! | (BigInt(v) >> (64n - offset)));
  });
  return longs.map((l) => BigInt.asIntN(64, l));
}

interface Region {
  min: { x: number; y: number; z: number };
  size: { x: number; y: number; z: number };
  palette: string[];
  states: number[];
  entities: Compound[];
}

export function readLitematic(root: Compound, file: string, name: string): Structure {
  const r = new NbtReader(file);
  const regionsTag = r.compound(root, 'Regions');
  const regions: Region[] = [];
  for (const regionName of Object.keys(regionsTag.value)) {
    const region = r.compound(regionsTag, regionName);
    const position = r.compound(region, 'Position');
    const rawSize = r.compound(region, 'Size');
    const [px, py, pz] = ['x', 'y', 'z'].map((k) => r.int(position, k)) as [number, number, number];
    const [sx, sy, sz] = ['x', 'y', 'z'].map((k) => r.int(rawSize, k)) as [number, number, number];
    const size = checkSize(file, { x: Math.abs(sx), y: Math.abs(sy), z: Math.abs(sz) });
    const min = { x: sx < 0 ? px + sx + 1 : px, y: sy < 0 ? py + sy + 1 : py, z: sz < 0 ? pz + sz + 1 : pz };
    const palette = r.compounds(region, 'BlockStatePalette').map((e) => paletteEntryKey(r, e));
    if (palette.length === 0) r.fail(`region "${regionName}" has an empty palette`);
    const count = size.x * size.y * size.z;
    const bits = bitsFor(palette.length);
    const longs = r.longs(region, 'BlockStates');
    if (longs.length < Math.ceil((count * bits) / 64))
      r.fail(`region "${regionName}" holds fewer block states than its ${count}-block box`);
    const states = unpackStates(longs, count, bits);
    if (states.some((s) => s >= palette.length))
      r.fail(`region "${regionName}" names a state not in its palette`);
    regions.push({ min, size, palette, states, entities: r.compounds(region, 'TileEntities', false) });
  }
  if (regions.length === 0) r.fail('it has no regions');
  const lo = { x: Infinity, y: Infinity, z: Infinity };
  const hi = { x: -Infinity, y: -Infinity, z: -Infinity };
  for (const { min, size } of regions)
    for (const k of ['x', 'y', 'z'] as const) {
      lo[k] = Math.min(lo[k], min[k]);
      hi[k] = Math.max(hi[k], min[k] + size[k] - 1);
    }
  const size = checkSize(file, { x: hi.x - lo.x + 1, y: hi.y - lo.y + 1, z: hi.z - lo.z + 1 });
  const palette = [STRUCTURE_VOID];
  const paletteIndex = new Map([[STRUCTURE_VOID, 0]]);
  const blocks = new Array<number>(size.x * size.y * size.z).fill(0);
  const blockEntities: BlockEntity[] = [];
  for (const region of regions) {
    const local = region.palette.map((key) => {
      let i = paletteIndex.get(key);
      if (i === undefined) {
        i = palette.push(key) - 1;
        paletteIndex.set(key, i);
      }
      return i;
    });
    const [dx, dy, dz] = [region.min.x - lo.x, region.min.y - lo.y, region.min.z - lo.z];
    let i = 0;
    for (let y = 0; y < region.size.y; y++)
      for (let z = 0; z < region.size.z; z++)
        for (let x = 0; x < region.size.x; x++)
          blocks[indexOf(size, x + dx, y + dy, z + dz)] = local[region.states[i++]!]!;
    for (const e of region.entities) {
      const idTag = r.field(e, 'id');
      blockEntities.push({
        pos: [r.int(e, 'x') + dx, r.int(e, 'y') + dy, r.int(e, 'z') + dz],
        ...(idTag?.type === 'string' ? { id: idTag.value } : {}),
        nbt: withoutPosition(e),
      });
    }
  }
  return withDataVersion(
    fileStructure(name, size, palette, blocks, blockEntities),
    r.optionalInt(root, 'MinecraftDataVersion'),
    { writtenIn: 'an unknown version (no MinecraftDataVersion): read as the server’s' },
  );
}

export function writeLitematic(structure: Structure, dataVersion = DEFAULT_DATA_VERSION): Compound {
  const { size } = structure;
  // Litematica's containers keep air at index 0; structure void is written as air
  const palette = ['minecraft:air'];
  const remap = structure.palette.map((key) => {
    const k = key === STRUCTURE_VOID ? 'minecraft:air' : key;
    const at = palette.indexOf(k);
    return at >= 0 ? at : palette.push(k) - 1;
  });
  const states = structure.blocks.map((b) => remap[b]!);
  const volume = size.x * size.y * size.z;
  const nonAir = states.filter((s) => s !== 0).length;
  const now = BigInt(Date.now());
  const xyz = (v: { x: number; y: number; z: number }) =>
    nbt.comp({ x: nbt.int(v.x), y: nbt.int(v.y), z: nbt.int(v.z) });
  const tileEntities = (structure.blockEntities ?? []).map((e) => ({
    ...(e.nbt.value as Compound['value']),
    ...(e.id ? { id: nbt.string(e.id) } : {}),
    x: nbt.int(e.pos[0]),
    y: nbt.int(e.pos[1]),
    z: nbt.int(e.pos[2]),
  }));
  const region = nbt.comp({
    Position: xyz({ x: 0, y: 0, z: 0 }),
    Size: xyz(size),
    // Litematica's own field names under 26.3 were not read: it keeps `Name`/`Properties`
    BlockStatePalette: compoundList(palette.map((key) => paletteEntryTag(key))),
    BlockStates: nbt.longArray(packStates(states, bitsFor(palette.length))),
    TileEntities: compoundList(tileEntities),
    Entities: compoundList([]),
    PendingBlockTicks: compoundList([]),
    PendingFluidTicks: compoundList([]),
  });
  return nbt.comp({
    Version: nbt.int(LITEMATIC_VERSION),
    SubVersion: nbt.int(1),
    MinecraftDataVersion: nbt.int(dataVersion),
    Metadata: nbt.comp({
      Name: nbt.string(structure.name),
      Author: nbt.string('mcbridge'),
      Description: nbt.string(''),
      RegionCount: nbt.int(1),
      TotalVolume: nbt.int(volume),
      TotalBlocks: nbt.int(nonAir),
      TimeCreated: nbt.long(now),
      TimeModified: nbt.long(now),
      EnclosingSize: xyz(size),
    }),
    Regions: nbt.comp({ [structure.name]: region }),
  }) as unknown as Compound;
}
