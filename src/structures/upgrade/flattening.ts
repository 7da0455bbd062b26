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
 * - a bed takes its colour from its block entity (`color`, red when absent).
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
    }
  }
  return counts;
}

/** Re-exported for the test that compares vanilla's table with minecraft-data's. */
export const flatteningTable = (): Readonly<Record<string, string>> => FLAT;
export const normalise = (key: string): string => blockStateKey(parseBlockStateKey(key));
