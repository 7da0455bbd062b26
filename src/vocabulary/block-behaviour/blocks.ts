/**
 * What the neighbour-shape rules share: the four horizontal directions and their turns, a block's kind by
 * name, and whether it is a full cube by name (minecraft-data's `boundingBox: block`, not one of the
 * partial shapes below).
 */
import { createRequire } from 'node:module';
import type { BlockState } from '../blocks/block-state.js';

const require = createRequire(import.meta.url);

export type Direction = 'north' | 'east' | 'south' | 'west';
export const HORIZONTAL: readonly Direction[] = ['north', 'east', 'south', 'west'];
export const STEP: Record<Direction, [number, number]> = {
  north: [0, -1],
  east: [1, 0],
  south: [0, 1],
  west: [-1, 0],
};
export const OPPOSITE: Record<Direction, Direction> = {
  north: 'south',
  south: 'north',
  east: 'west',
  west: 'east',
};
export const CLOCKWISE: Record<Direction, Direction> = {
  north: 'east',
  east: 'south',
  south: 'west',
  west: 'north',
};
export const COUNTER: Record<Direction, Direction> = {
  north: 'west',
  west: 'south',
  south: 'east',
  east: 'north',
};
export const axis = (d: string) => (d === 'north' || d === 'south' ? 'z' : 'x');
export const isDirection = (d: string | undefined): d is Direction => d !== undefined && d in STEP;

export const bare = (name: string) => name.replace(/^minecraft:/, '');
export const isStairs = (s: BlockState) => bare(s.name).endsWith('_stairs');
export const isFence = (s: BlockState) => bare(s.name).endsWith('_fence');
export const isFenceGate = (s: BlockState) => bare(s.name).endsWith('_fence_gate');
export const isPaneOrBars = (s: BlockState) => /(_pane|^iron_bars|_bars)$/.test(bare(s.name));
export const isWall = (s: BlockState) =>
  /_wall$/.test(bare(s.name)) && !/(_sign|_torch|_banner|_head|_skull|_fan)_?wall$/.test(bare(s.name));
export const isChest = (s: BlockState) =>
  s.name === 'minecraft:chest' || s.name === 'minecraft:trapped_chest';
export const isLeaves = (s: BlockState) => bare(s.name).endsWith('_leaves');
export const isLog = (s: BlockState) =>
  /(_log|_wood|_stem|_hyphae)$/.test(bare(s.name)) && !bare(s.name).startsWith('petrified');

const PARTIAL =
  /(_stairs|_slab|_fence|_fence_gate|_wall|_pane|_bars|_door|_trapdoor|_carpet|chest|^ladder|^dirt_path|^farmland|_bed|_sign|_banner|_head|_skull|lantern|candle|^cake|_plate|_button|anvil|^bell|cauldron|^hopper|^composter|^lectern|_rod|chain|^scaffolding|^snow|^enchanting_table|^end_portal_frame|^brewing_stand|^stonecutter|^grindstone|_pot|^potted_|campfire|^conduit|daylight_detector|^repeater|^comparator|^honey_block|bamboo|^cactus|^dragon_egg|turtle_egg|sea_pickle|lily_pad|amethyst_cluster|_bud|dripstone|dripleaf|azalea$|^chorus|coral|sniffer_egg|^vault|^trial_spawner|^heavy_core|_shelf|_golem_statue)/;

let boxes: Map<string, string> | undefined;
/** minecraft-data's (1.21.4) bounding box of a block: `block` (a collision cube), `empty` (none) */
function boundingBox(name: string): string | undefined {
  if (!boxes) {
    const data = require('minecraft-data')('1.21.4') as {
      blocksArray: Array<{ name: string; boundingBox: string }>;
    };
    boxes = new Map(data.blocksArray.map((b) => [b.name, b.boundingBox]));
  }
  return boxes.get(bare(name));
}
export const isFullCube = (name: string) => boundingBox(name) === 'block' && !PARTIAL.test(bare(name));
