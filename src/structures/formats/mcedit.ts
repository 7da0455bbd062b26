/**
 * Legacy MCEdit/WorldEdit schematics (.schematic, Minecraft ≤ 1.12), read only. Root `Schematic` with
 * `Width`, `Height`, `Length`, `Blocks` (numeric id per position, `AddBlocks` for ids above 255, two ids
 * per byte, the even index in the high nibble), `Data` (4-bit metadata), `TileEntities` (x, y, z inline);
 * order `(y * Length + z) * Width + x` (as the MCEdit format and prismarine-schematic's reader describe it).
 * Ids become 1.13 states as vanilla flattens them (upgrade/flattening.ts: BlockStateData, then
 * ChunkPalettedStorageFix's fill-ins from neighbours and block entities); the structure's states are then
 * at DataVersion 1451 and go on through the one upgrade path. An id vanilla's table does not know becomes
 * `mcedit:unknown_<id>_<data>`, reported as a block that cannot be placed.
 */
import type { Structure } from '../store.js';
import { fillLegacyGaps, flattenLegacy } from '../upgrade/flattening.js';
import { FLATTENING_DATA_VERSION } from '../upgrade/data-versions.js';
import { blockStateKey, parseBlockStateKey } from '../../vocabulary/blocks/block-state.js';
import { type Compound, NbtReader, withoutPosition } from './nbt-file.js';
import { type BlockEntity, checkSize, fileStructure, indexOf } from './shape.js';

export function readMcedit(root: Compound, file: string, name: string): Structure {
  const r = new NbtReader(file);
  const schematic = r.optionalCompound(root, 'Schematic') ?? root;
  const size = checkSize(file, {
    x: r.int(schematic, 'Width', true),
    y: r.int(schematic, 'Height', true),
    z: r.int(schematic, 'Length', true),
  });
  const ids = r.bytes(schematic, 'Blocks');
  const meta = r.bytes(schematic, 'Data');
  const add =
    r.field(schematic, 'AddBlocks')?.type === 'byteArray' ? r.bytes(schematic, 'AddBlocks') : undefined;
  const volume = size.x * size.y * size.z;
  if (ids.length !== volume || meta.length !== volume)
    r.fail(`it holds ${ids.length} blocks for a ${volume}-block box`);
  const states = new Array<ReturnType<typeof parseBlockStateKey>>(volume);
  const known = new Map<string, ReturnType<typeof parseBlockStateKey>>();
  let flattened = 0;
  for (let i = 0; i < volume; i++) {
    let id = ids[i]! & 0xff;
    if (add) id += ((i & 1 ? add[i >> 1]! & 0x0f : (add[i >> 1]! & 0xf0) >> 4) & 0x0f) << 8;
    const data = meta[i]! & 0x0f;
    const key = flattenLegacy(id, data) ?? `mcedit:unknown_${id}_${data}`;
    let state = known.get(key);
    if (!state) known.set(key, (state = parseBlockStateKey(key)));
    states[i] = state;
    if (id !== 0) flattened++;
  }
  const blockEntities: BlockEntity[] = r.compounds(schematic, 'TileEntities', false).map((e) => {
    const idTag = r.field(e, 'id');
    return {
      pos: [r.int(e, 'x'), r.int(e, 'y'), r.int(e, 'z')],
      ...(idTag?.type === 'string' ? { id: idTag.value } : {}),
      nbt: withoutPosition(e),
    };
  });
  const entityData = new Map(
    blockEntities.map((e) => [indexOf(size, ...e.pos), plainNumbers(e.nbt as Compound)] as const),
  );
  const fills = fillLegacyGaps({ size, states, blockEntities: entityData });
  const palette: string[] = [];
  const index = new Map<string, number>();
  const blocks = states.map((s) => {
    const key = blockStateKey(s);
    let p = index.get(key);
    if (p === undefined) {
      p = palette.push(key) - 1;
      index.set(key, p);
    }
    return p;
  });
  return {
    ...fileStructure(name, size, palette, blocks, blockEntities),
    dataVersion: FLATTENING_DATA_VERSION,
    writtenIn: 'before 1.13 (MCEdit schematic: numeric ids, no DataVersion)',
    conversions: [
      { rule: 'numeric ids flattened (BlockStateData, DataVersion 1451)', blocks: flattened },
      ...Object.entries(fills).map(([what, n]) => ({ rule: `${what} (ChunkPalettedStorageFix)`, blocks: n })),
    ],
  };
}

/**
 * the numbers and strings of a block entity's top level (a bed's `color`, a flower pot's `Item`), as
 * ChunkPalettedStorageFix reads them
 */
function plainNumbers(c: Compound): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, t] of Object.entries(c.value)) {
    const tag = t as { type: string; value: unknown } | undefined;
    if (tag && ['int', 'byte', 'short', 'string'].includes(tag.type)) out[k] = tag.value;
  }
  return out;
}
