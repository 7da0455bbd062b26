/**
 * Legacy MCEdit/WorldEdit schematics (.schematic, Minecraft ≤ 1.12), read only. Root `Schematic` with
 * `Width`, `Height`, `Length`, `Blocks` (numeric id per position, `AddBlocks` for ids above 255, two ids
 * per byte, the even index in the high nibble), `Data` (4-bit metadata), `TileEntities` (x, y, z inline);
 * order `(y * Length + z) * Width + x` (as the MCEdit format and prismarine-schematic's reader describe it).
 * Ids map to 1.13+ states through WorldEdit's legacy table as minecraft-data ships it (`legacy.pc.blocks`).
 * An id:data the table does not know becomes `mcedit:unknown_<id>_<data>`, reported as an unknown block.
 */
import { createRequire } from 'node:module';
import type { Structure } from '../store.js';
import { type Compound, NbtReader, withoutPosition } from './nbt-file.js';
import { type BlockEntity, checkSize, fileStructure } from './shape.js';

const require = createRequire(import.meta.url);
let legacy: Record<string, string> | undefined;
const legacyBlocks = () =>
  (legacy ??= (require('minecraft-data') as { legacy: { pc: { blocks: Record<string, string> } } }).legacy.pc
    .blocks);

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
  const table = legacyBlocks();
  const palette: string[] = [];
  const index = new Map<string, number>();
  const blocks: number[] = [];
  for (let i = 0; i < volume; i++) {
    let id = ids[i]! & 0xff;
    if (add) id += ((i & 1 ? add[i >> 1]! & 0x0f : (add[i >> 1]! & 0xf0) >> 4) & 0x0f) << 8;
    const data = meta[i]! & 0x0f;
    const key = table[`${id}:${data}`] ?? table[`${id}:0`] ?? `mcedit:unknown_${id}_${data}`;
    let p = index.get(key);
    if (p === undefined) {
      p = palette.push(key) - 1;
      index.set(key, p);
    }
    blocks.push(p);
  }
  const blockEntities: BlockEntity[] = r.compounds(schematic, 'TileEntities', false).map((e) => {
    const idTag = r.field(e, 'id');
    return {
      pos: [r.int(e, 'x'), r.int(e, 'y'), r.int(e, 'z')],
      ...(idTag?.type === 'string' ? { id: idTag.value } : {}),
      nbt: withoutPosition(e),
    };
  });
  return fileStructure(name, size, palette, blocks, blockEntities);
}
