/**
 * Vanilla structure files (.nbt: structure blocks, `place template`, datapacks), read and written as
 * vanilla's StructureTemplate.save/load do (net/minecraft/world/level/levelgen/structure/templatesystem/
 * StructureTemplate.java, 1.21.4): `size` [x,y,z] list, `palette` (or `palettes`, of which the first is
 * read) of `{Name, Properties}` (`{id, properties}` from DataVersion 5006, 26.3: BlockStateFieldNamesFix),
 * `blocks` of `{state, pos [x,y,z], nbt?}`, `entities`, `DataVersion`.
 * A position no block names is left as the world has it (vanilla saves structure void that way): it
 * becomes `minecraft:structure_void` here, and structure void is not written back as a block.
 * Origin: the file's 0 0 0 is placed at `origin`, as `place template` does.
 */
import { STRUCTURE_VOID, type Structure } from '../store.js';
import {
  type Compound,
  NbtReader,
  compoundList,
  intList,
  nbt,
  paletteEntryKey,
  paletteEntryTag,
  withoutPosition,
} from './nbt-file.js';
import { type BlockEntity, checkSize, fileStructure, indexOf } from './shape.js';
import { flattenOldState } from '../upgrade/flattening.js';
import { FLATTENING_DATA_VERSION } from '../upgrade/data-versions.js';
import { DEFAULT_DATA_VERSION } from './sponge.js';

export function readVanillaNbt(root: Compound, file: string, name: string): Structure {
  const r = new NbtReader(file);
  const [sx, sy, sz] = r.ints(root, 'size', 3) as [number, number, number];
  const size = checkSize(file, { x: sx, y: sy, z: sz });
  let paletteTags: Compound[];
  if (r.field(root, 'palette')) paletteTags = r.compounds(root, 'palette');
  else {
    const palettes = r.field(root, 'palettes');
    if (palettes?.type !== 'list' || palettes.value.type !== 'list' || !palettes.value.value[0])
      return r.fail('it has neither "palette" nor "palettes"');
    paletteTags = r.compounds(
      nbt.comp({ p: { type: 'list', value: palettes.value.value[0] } } as never) as Compound,
      'p',
    );
  }
  const palette = paletteTags.map((t) => paletteEntryKey(r, t));
  const voidIndex = palette.push(STRUCTURE_VOID) - 1;
  const blocks = new Array<number>(size.x * size.y * size.z).fill(voidIndex);
  const blockEntities: BlockEntity[] = [];
  for (const block of r.compounds(root, 'blocks')) {
    const [x, y, z] = r.ints(block, 'pos', 3) as [number, number, number];
    const state = r.int(block, 'state');
    if (state < 0 || state >= paletteTags.length) r.fail(`block state ${state} is not in the palette`);
    if (x < 0 || y < 0 || z < 0 || x >= size.x || y >= size.y || z >= size.z)
      r.fail(`block at ${x} ${y} ${z} is outside its ${size.x}×${size.y}×${size.z} size`);
    blocks[indexOf(size, x, y, z)] = state;
    const data = r.optionalCompound(block, 'nbt');
    if (data) {
      const idTag = r.field(data, 'id');
      blockEntities.push({
        pos: [x, y, z],
        ...(idTag?.type === 'string' ? { id: idTag.value } : {}),
        nbt: withoutPosition(data),
      });
    }
  }
  const dataVersion = r.optionalInt(root, 'DataVersion');
  if (dataVersion !== undefined && dataVersion > 0)
    return { ...fileStructure(name, size, palette, blocks, blockEntities), dataVersion };
  // vanilla reads a structure without DataVersion as written before 1.13 (StructureTemplateManager's
  // default 500): its old states are flattened by BlockStateStructureTemplateFix
  let flattened = 0;
  const counts = new Array<number>(palette.length).fill(0);
  for (const b of blocks) counts[b] = (counts[b] ?? 0) + 1;
  const upgraded = palette.map((key, i) => {
    const next = key === STRUCTURE_VOID ? undefined : flattenOldState(key);
    if (next !== undefined && next !== key) flattened += counts[i]!;
    return next ?? key;
  });
  return {
    ...fileStructure(name, size, upgraded, blocks, blockEntities),
    dataVersion: FLATTENING_DATA_VERSION,
    writtenIn: 'before 1.13 (vanilla structure without DataVersion)',
    conversions: [
      {
        rule: 'old states flattened (BlockStateStructureTemplateFix, BlockStateData, DataVersion 1450)',
        blocks: flattened,
      },
    ],
  };
}

export function writeVanillaNbt(structure: Structure, dataVersion = DEFAULT_DATA_VERSION): Compound {
  const { size } = structure;
  const voidIndex = structure.palette.indexOf(STRUCTURE_VOID);
  const entities = new Map((structure.blockEntities ?? []).map((e) => [indexOf(size, ...e.pos), e]));
  const blocks: Array<Compound['value']> = [];
  let i = 0;
  for (let y = 0; y < size.y; y++)
    for (let z = 0; z < size.z; z++)
      for (let x = 0; x < size.x; x++, i++) {
        const state = structure.blocks[i]!;
        if (state === voidIndex) continue;
        const entity = entities.get(i);
        blocks.push({
          state: nbt.int(state),
          pos: intList([x, y, z]),
          ...(entity
            ? {
                nbt: nbt.comp({
                  ...(entity.nbt.value as Compound['value']),
                  ...(entity.id ? { id: nbt.string(entity.id) } : {}),
                }),
              }
            : {}),
        });
      }
  return nbt.comp({
    DataVersion: nbt.int(dataVersion),
    size: intList([size.x, size.y, size.z]),
    palette: compoundList(structure.palette.map((key) => paletteEntryTag(key, dataVersion))),
    blocks: compoundList(blocks),
    entities: compoundList([]),
  }) as unknown as Compound;
}
