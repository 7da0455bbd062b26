/**
 * Pre-1.13 blocks (numeric id and 4-bit data) as 1.13 reads them: vanilla's flattening table
 * (net/minecraft/util/datafix/fixes/BlockStateData.java, extracted to block-state-data.json by
 * scripts/vanilla-tables/block-state-data.mjs; an id:data vanilla leaves out takes the id's first row, as
 * BlockStateData.finalizeMaps does), then what ChunkPalettedStorageFix fills in from the neighbours and
 * block entities because pre-1.13 data leaves it out:
 * - a door's two halves: the lower half keeps facing and open, the upper half hinge and powered; each half
 *   takes the other's;
 * - the upper half of a tall plant (sunflower, lilac, tall grass, large fern, rose bush, peony) is named by
 *   the lower half;
 * - grass, podzol and mycelium under snow are snowy;
 * - a bed takes its colour from its block entity (`color`, red when absent);
 * - a flower pot takes its plant from its block entity (`Item` and `Data`: FLOWER_POT_MAP, an empty pot for
 *   anything else);
 * - a note block takes `note` (0–24) and `powered` from its block entity;
 * - a skull (id 144, which vanilla's table leaves to this fix) takes its kind from `SkullType` and, on the
 *   floor, its rotation from `Rot`; on a wall, its facing from the data value (SKULL_MAP);
 * - a banner takes its colour from `Base` (white is the table's, 15 in the old numbering).
 * minecraft-data's legacy.json holds a table of the same kind; it differs from vanilla's in hundreds of rows
 * (open trapdoors `powered=true`, stairs `outer_right`, missing data values): test/structures/
 * flattening.test.ts shows where.
 */
import table from './block-state-data.json' with { type: 'json' };
import oldTable from './block-state-data-old.json' with { type: 'json' };
import { type BlockState, blockStateKey, parseBlockStateKey } from '../../vocabulary/blocks/block-state.js';

const FLAT = table as Record<string, string>;
const OLD = oldTable as Record<string, string>;

/**
 * The 1.13 state of a pre-1.13 state named by its old name and properties (`minecraft:stone[variant=granite]`,
 * as 1.12 structure files write them): BlockStateData.upgradeBlockStateTag, which
 * BlockStateStructureTemplateFix applies; undefined when vanilla's table has no such old state.
 */
export function flattenOldState(key: string): string | undefined {
  return OLD[normalise(key)];
}

/** The 1.13 state of numeric `id` with `data`; undefined when vanilla's table has no such id. */
export function flattenLegacy(id: number, data: number): string | undefined {
  return FLAT[`${id}:${data & 15}`];
}

export interface LegacyGrid {
  size: { x: number; y: number; z: number };
  /** 1.13 state per position, x fastest, then z, then y */
  states: BlockState[];
  /** block entity data by position index (pre-1.13 `TileEntities`) */
  blockEntities: Map<number, Record<string, unknown>>;
}

/** counts per ChunkPalettedStorageFix fill-in, by what it filled */
export type FillCounts = Record<string, number>;

const DYE = [
  'white',
  'orange',
  'magenta',
  'light_blue',
  'yellow',
  'lime',
  'pink',
  'gray',
  'light_gray',
  'cyan',
  'purple',
  'blue',
  'brown',
  'green',
  'red',
  'black',
];
const TALL_PLANTS = new Set(
  ['sunflower', 'lilac', 'tall_grass', 'large_fern', 'rose_bush', 'peony'].map((n) => `minecraft:${n}`),
);
/** ChunkPalettedStorageFix.FLOWER_POT_MAP: `Item` + `Data` → the potted block */
const POTS: Record<string, string> = {
  'minecraft:air0': 'flower_pot',
  'minecraft:yellow_flower0': 'potted_dandelion',
  'minecraft:red_mushroom0': 'potted_red_mushroom',
  'minecraft:brown_mushroom0': 'potted_brown_mushroom',
  'minecraft:deadbush0': 'potted_dead_bush',
  'minecraft:tallgrass2': 'potted_fern',
  'minecraft:cactus0': 'potted_cactus',
  ...Object.fromEntries(
    [
      'poppy',
      'blue_orchid',
      'allium',
      'azure_bluet',
      'red_tulip',
      'orange_tulip',
      'white_tulip',
      'pink_tulip',
      'oxeye_daisy',
    ].map((f, i) => [`minecraft:red_flower${i}`, `potted_${f}`]),
  ),
  ...Object.fromEntries(
    ['oak', 'spruce', 'birch', 'jungle', 'acacia', 'dark_oak'].map((t, i) => [
      `minecraft:sapling${i}`,
      `potted_${t}_sapling`,
    ]),
  ),
};
/** ChunkPalettedStorageFix.SKULL_MAP's kinds by `SkullType` */
const SKULLS: Array<[string, string]> = [
  ['skeleton', 'skull'],
  ['wither_skeleton', 'skull'],
  ['zombie', 'head'],
  ['player', 'head'],
  ['creeper', 'head'],
  ['dragon', 'head'],
];
/** the facing of skull data values, as BlockStateData registers them (6 and 7 take the first row's) */
const SKULL_FACING = ['down', 'up', 'north', 'south', 'west', 'east', 'down', 'down'];
const num = (v: unknown, fallback: number) => (typeof v === 'number' ? v : fallback);
const SNOWY = new Set(['minecraft:grass_block', 'minecraft:podzol', 'minecraft:mycelium']);

/** ChunkPalettedStorageFix's fill-ins over a whole structure, in place; returns how many blocks each changed. */
export function fillLegacyGaps(grid: LegacyGrid): FillCounts {
  const { size, states } = grid;
  const counts: FillCounts = {};
  const count = (what: string) => (counts[what] = (counts[what] ?? 0) + 1);
  const layer = size.x * size.z;
  const above = (i: number) => (i + layer < states.length ? i + layer : -1);
  const below = (i: number) => (i - layer >= 0 ? i - layer : -1);
  for (let i = 0; i < states.length; i++) {
    const s = states[i]!;
    if (s.name.endsWith('_door') && s.properties['half'] === 'lower') {
      const up = above(i);
      const upper = up >= 0 ? states[up]! : undefined;
      if (!upper || upper.name !== s.name) continue;
      const shared = {
        facing: s.properties['facing'] ?? 'east',
        open: s.properties['open'] ?? 'false',
        hinge: upper.properties['hinge'] ?? 'left',
        powered: upper.properties['powered'] ?? 'false',
      };
      states[i] = { name: s.name, properties: { ...shared, half: 'lower' } };
      states[up] = { name: s.name, properties: { ...shared, half: 'upper' } };
      count('door halves');
    } else if (TALL_PLANTS.has(s.name) && s.properties['half'] === 'upper') {
      // 175 with the upper bit reads as a peony: the plant is named by the half below
      const down = below(i);
      const lower = down >= 0 ? states[down]! : undefined;
      if (lower && TALL_PLANTS.has(lower.name) && lower.name !== s.name) {
        states[i] = { name: lower.name, properties: { half: 'upper' } };
        count('tall plant upper halves');
      }
    } else if (SNOWY.has(s.name)) {
      const up = above(i);
      const top = up >= 0 ? states[up]!.name : '';
      if (top === 'minecraft:snow' || top === 'minecraft:snow_layer') {
        states[i] = { name: s.name, properties: { snowy: 'true' } };
        count('snowy ground');
      }
    } else if (s.name === 'minecraft:red_bed') {
      const color = grid.blockEntities.get(i)?.['color'];
      const n = typeof color === 'number' ? color : undefined;
      if (n !== undefined && n !== 14 && n >= 0 && n < 16) {
        states[i] = { name: `minecraft:${DYE[n]}_bed`, properties: { ...s.properties } };
        count('bed colours');
      }
    } else if (grid.blockEntities.has(i))
      fillFromBlockEntity(states, i, s, grid.blockEntities.get(i)!, count);
  }
  return counts;
}

function fillFromBlockEntity(
  states: BlockState[],
  i: number,
  s: BlockState,
  entity: Record<string, unknown>,
  count: (what: string) => void,
): void {
  const skull = /^mcedit:unknown_144_(\d+)$/.exec(s.name);
  if (s.name === 'minecraft:note_block') {
    const note = Math.min(Math.max(num(entity['note'], 0), 0), 24);
    const powered = String(num(entity['powered'], 0) !== 0);
    // the instrument is the game's updateShape (the block above or below), not this fix's: shapes.ts sets it
    states[i] = { name: s.name, properties: { note: String(note), powered } };
    count('note blocks');
  } else if (s.name.startsWith('minecraft:potted_') || s.name === 'minecraft:flower_pot') {
    const item = typeof entity['Item'] === 'string' ? entity['Item'] : '';
    const pot = POTS[`${item}${num(entity['Data'], 0)}`] ?? 'flower_pot';
    states[i] = { name: `minecraft:${pot}`, properties: {} };
    count('flower pots');
  } else if (skull) {
    // SKULL_MAP by SkullType and the facing (a wall) or Rot (the floor); anything else reads as its default
    const facing = SKULL_FACING[Number(skull[1]) & 7]!;
    const kind = SKULLS[num(entity['SkullType'], 0)];
    const rot = num(entity['Rot'], 0);
    const floor = facing === 'up' || facing === 'down';
    states[i] =
      kind && floor && rot >= 0 && rot < 16
        ? { name: `minecraft:${kind[0]}_${kind[1]}`, properties: { rotation: String(rot) } }
        : kind && !floor
          ? { name: `minecraft:${kind[0]}_wall_${kind[1]}`, properties: { facing } }
          : { name: 'minecraft:skeleton_wall_skull', properties: { facing: 'north' } };
    count('skulls');
  } else if (/^minecraft:white_(wall_)?banner$/.test(s.name)) {
    const base = num(entity['Base'], 0);
    if (base === 15 || base < 0 || base >= 16) return;
    // the old numbering runs from black (0) to white (15), the reverse of the dye colours
    states[i] = { name: s.name.replace('white_', `${DYE[15 - base]}_`), properties: { ...s.properties } };
    count('banner colours');
  }
}

/** Re-exported for the test that compares vanilla's table with minecraft-data's. */
export const flatteningTable = (): Readonly<Record<string, string>> => FLAT;
export const normalise = (key: string): string => blockStateKey(parseBlockStateKey(key));
