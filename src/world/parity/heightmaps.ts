/**
 * Heightmap.Types of vanilla 1.21.4 (world/level/levelgen/Heightmap.java) for `execute positioned over`:
 * world_surface counts every block that is not air; ocean_floor those that block motion
 * (BlockStateBase.blocksMotion: solid, and neither cobweb nor bamboo_sapling); motion_blocking also those
 * holding a fluid; motion_blocking_no_leaves the same without leaves. "Solid" is calculateSolid
 * (BlockBehaviour.java): forced on or off by the block's properties (the lists below, from Blocks.java:
 * forceSolidOn()/forceSolidOff() and the ofFullCopy/ofLegacyCopy of such blocks), otherwise a non-empty
 * collision shape whose bounds average at least 0.7291666 or are a full block high; dynamic-shape blocks
 * have no cached shape and are not solid unless forced.
 */
import type { BlockStates } from './block-states.js';
import { collisionBoxesByIndex, DYNAMIC_SHAPE } from '../../vocabulary/block-behaviour/collision.js';

export const HEIGHTMAPS = [
  'world_surface',
  'motion_blocking',
  'motion_blocking_no_leaves',
  'ocean_floor',
] as const;
export type HeightmapType = (typeof HEIGHTMAPS)[number];

const FORCE_SOLID_ON = new Set(
  (
    'acacia_fence_gate acacia_hanging_sign acacia_pressure_plate acacia_sign acacia_wall_hanging_sign ' +
    'acacia_wall_sign amethyst_cluster andesite_wall bamboo bamboo_fence_gate bamboo_hanging_sign ' +
    'bamboo_pressure_plate bamboo_sapling bamboo_sign bamboo_wall_hanging_sign bamboo_wall_sign bell ' +
    'birch_fence_gate birch_hanging_sign birch_pressure_plate birch_sign birch_wall_hanging_sign ' +
    'birch_wall_sign black_banner black_wall_banner blackstone_wall blue_banner blue_wall_banner ' +
    'brick_wall brown_banner brown_wall_banner cake chain cherry_fence_gate cherry_hanging_sign ' +
    'cherry_pressure_plate cherry_sign cherry_wall_hanging_sign cherry_wall_sign cobbled_deepslate_wall ' +
    'cobblestone_wall cobweb conduit crimson_fence_gate crimson_hanging_sign crimson_pressure_plate ' +
    'crimson_sign crimson_wall_hanging_sign crimson_wall_sign cyan_banner cyan_wall_banner ' +
    'dark_oak_fence_gate dark_oak_hanging_sign dark_oak_pressure_plate dark_oak_sign ' +
    'dark_oak_wall_hanging_sign dark_oak_wall_sign dead_brain_coral dead_brain_coral_block ' +
    'dead_brain_coral_fan dead_brain_coral_wall_fan dead_bubble_coral dead_bubble_coral_block ' +
    'dead_bubble_coral_fan dead_bubble_coral_wall_fan dead_fire_coral dead_fire_coral_block ' +
    'dead_fire_coral_fan dead_fire_coral_wall_fan dead_horn_coral dead_horn_coral_block ' +
    'dead_horn_coral_fan dead_horn_coral_wall_fan dead_tube_coral dead_tube_coral_block ' +
    'dead_tube_coral_fan dead_tube_coral_wall_fan deepslate_brick_wall deepslate_tile_wall diorite_wall ' +
    'end_stone_brick_wall granite_wall gray_banner gray_wall_banner green_banner green_wall_banner ' +
    'heavy_weighted_pressure_plate jungle_fence_gate jungle_hanging_sign jungle_pressure_plate ' +
    'jungle_sign jungle_wall_hanging_sign jungle_wall_sign lantern light_blue_banner ' +
    'light_blue_wall_banner light_gray_banner light_gray_wall_banner light_weighted_pressure_plate ' +
    'lightning_rod lime_banner lime_wall_banner magenta_banner magenta_wall_banner mangrove_fence_gate ' +
    'mangrove_hanging_sign mangrove_pressure_plate mangrove_sign mangrove_wall_hanging_sign ' +
    'mangrove_wall_sign mossy_cobblestone_wall mossy_stone_brick_wall moving_piston mud_brick_wall ' +
    'nether_brick_wall oak_fence oak_fence_gate oak_hanging_sign oak_pressure_plate oak_sign ' +
    'oak_wall_hanging_sign oak_wall_sign orange_banner orange_wall_banner pale_oak_fence_gate ' +
    'pale_oak_hanging_sign pale_oak_pressure_plate pale_oak_sign pale_oak_wall_hanging_sign ' +
    'pale_oak_wall_sign pink_banner pink_wall_banner pointed_dripstone polished_blackstone_brick_wall ' +
    'polished_blackstone_pressure_plate polished_blackstone_wall polished_deepslate_wall ' +
    'polished_tuff_wall prismarine_wall purple_banner purple_wall_banner red_banner red_nether_brick_wall ' +
    'red_sandstone_wall red_wall_banner sandstone_wall sculk_vein soul_lantern spruce_fence_gate ' +
    'spruce_hanging_sign spruce_pressure_plate spruce_sign spruce_wall_hanging_sign spruce_wall_sign ' +
    'stone_brick_wall stone_pressure_plate tuff_brick_wall tuff_wall turtle_egg warped_fence_gate ' +
    'warped_hanging_sign warped_pressure_plate warped_sign warped_wall_hanging_sign warped_wall_sign ' +
    'white_banner white_wall_banner yellow_banner yellow_wall_banner'
  ).split(' '),
);
const FORCE_SOLID_OFF = new Set([
  'azalea',
  'big_dripleaf',
  'chorus_flower',
  'chorus_plant',
  'end_rod',
  'flowering_azalea',
  'ladder',
  'snow',
]);
/** blocks whose fluid state is never empty, besides any state with waterlogged=true */
const FLUID_BLOCKS = new Set([
  'water',
  'lava',
  'bubble_column',
  'kelp',
  'kelp_plant',
  'seagrass',
  'tall_seagrass',
]);

function isSolid(states: BlockStates, stateId: number, version: string): boolean {
  const block = states.blockOf(stateId);
  const name = block?.name ?? 'air';
  // shulker boxes share a properties helper with forceSolidOn() (Blocks.shulkerBoxProperties)
  if (FORCE_SOLID_ON.has(name) || name.endsWith('shulker_box')) return true;
  if (FORCE_SOLID_OFF.has(name) || DYNAMIC_SHAPE.has(name)) return false;
  const boxes = block ? (collisionBoxesByIndex(name, stateId - block.minStateId, version) ?? []) : [];
  if (boxes.length === 0) return false;
  const min = [0, 1, 2].map((i) => Math.min(...boxes.map((b) => b[i]!)));
  const max = [3, 4, 5].map((i) => Math.max(...boxes.map((b) => b[i]!)));
  const size = [0, 1, 2].map((i) => max[i]! - min[i]!);
  return (size[0]! + size[1]! + size[2]!) / 3 >= 0.7291666666666666 || size[1]! >= 1;
}

function blocksMotion(states: BlockStates, stateId: number, version: string): boolean {
  const name = states.blockOf(stateId)?.name;
  return name !== 'cobweb' && name !== 'bamboo_sapling' && isSolid(states, stateId, version);
}

const hasFluid = (states: BlockStates, stateId: number): boolean =>
  FLUID_BLOCKS.has(states.blockOf(stateId)?.name ?? '') ||
  states.properties(stateId)['waterlogged'] === 'true';

/** whether a block counts for the heightmap `type` */
export function countsFor(
  type: HeightmapType,
  states: BlockStates,
  stateId: number,
  version: string,
): boolean {
  switch (type) {
    case 'world_surface':
      return !states.isAir(stateId);
    case 'ocean_floor':
      return blocksMotion(states, stateId, version);
    case 'motion_blocking':
      return blocksMotion(states, stateId, version) || hasFluid(states, stateId);
    case 'motion_blocking_no_leaves':
      return (
        (blocksMotion(states, stateId, version) || hasFluid(states, stateId)) &&
        !(states.blockOf(stateId)?.name ?? '').endsWith('_leaves')
      );
  }
}
