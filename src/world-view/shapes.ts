/**
 * Rough block shapes for the renderer, in block-local units (0–1): slabs, stairs, doors, panes, fences,
 * torches, lanterns, carpets, beds, flower pots, signs, chests, ladders and plants are drawn smaller than a
 * cube so rooms read right (sizes from vanilla's block classes, e.g. BedBlock, FlowerPotBlock,
 * WallSignBlock in net/minecraft/world/level/block/). Everything else is a full cube. A part may carry a
 * colour of its own: a bed's pillow is white whatever the bed's colour, as in vanilla's bed textures.
 */
import type { BlockState } from '../vocabulary/blocks/block-state.js';
import type { Rgb } from './raster.js';

export interface Cuboid {
  x0: number;
  y0: number;
  z0: number;
  x1: number;
  y1: number;
  z1: number;
  /** drawn flat in this colour instead of the block's own (a bed's pillow) */
  colour?: Rgb;
}

const px = (n: number) => n / 16;
const FULL: Cuboid[] = [{ x0: 0, y0: 0, z0: 0, x1: 1, y1: 1, z1: 1 }];
const box = (x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): Cuboid => ({
  x0: px(x0),
  y0: px(y0),
  z0: px(z0),
  x1: px(x1),
  y1: px(y1),
  z1: px(z1),
});

// vanilla DoorBlock: the panel hugs the side the door faces away from when closed
const DOOR_PANEL: Record<string, Cuboid> = {
  north: box(0, 0, 13, 16, 16, 16),
  south: box(0, 0, 0, 16, 16, 3),
  west: box(13, 0, 0, 16, 16, 16),
  east: box(0, 0, 0, 3, 16, 16),
};
// an open door turns 90° about its hinge: right hinge turns counter-clockwise (seen from above)
const TURN_LEFT: Record<string, string> = { north: 'west', west: 'south', south: 'east', east: 'north' };
const TURN_RIGHT: Record<string, string> = { north: 'east', east: 'south', south: 'west', west: 'north' };

// a torch is its model's stick (template_torch: 7,0,7 to 9,10,9); vanilla WallTorchBlock's box leans out
// from the wall behind it
const WALL_TORCH: Record<string, Cuboid> = {
  north: box(5.5, 3, 11, 10.5, 13, 16),
  south: box(5.5, 3, 0, 10.5, 13, 5),
  west: box(11, 3, 5.5, 16, 13, 10.5),
  east: box(0, 3, 5.5, 5, 13, 10.5),
};
// vanilla LanternBlock: a body and a cap; hanging, both lower in the block under the ceiling block
const LANTERN = [box(5, 0, 5, 11, 7, 11), box(6, 7, 6, 10, 9, 10)];
const HANGING_LANTERN = [box(5, 1, 5, 11, 8, 11), box(6, 8, 6, 10, 10, 10)];

/** A centre post of `width`/16 and arms to each connected side (panes, bars, fences, walls). */
function connected(p: Record<string, string>, width: number, height: number): Cuboid[] {
  const a = (16 - width) / 2;
  const b = a + width;
  const out = [box(a, 0, a, b, height, b)];
  const arms: Record<string, Cuboid> = {
    north: box(a, 0, 0, b, height, a),
    south: box(a, 0, b, b, height, 16),
    west: box(0, 0, a, a, height, b),
    east: box(b, 0, a, 16, height, b),
  };
  const isOn = (v: string | undefined) => v !== undefined && v !== 'false' && v !== 'none';
  const on = Object.keys(arms).filter((d) => isOn(p[d]));
  // a lone pane shows as a cross in-game
  for (const d of on.length > 0 ? on : width <= 2 ? Object.keys(arms) : []) out.push(arms[d]!);
  return out;
}

function stairs(p: Record<string, string>): Cuboid[] {
  const top = p['half'] === 'top';
  const slab = top ? box(0, 8, 0, 16, 16, 16) : box(0, 0, 0, 16, 8, 16);
  const y0 = top ? 0 : 8;
  const y1 = top ? 8 : 16;
  const step: Record<string, Cuboid> = {
    north: box(0, y0, 0, 16, y1, 8),
    south: box(0, y0, 8, 16, y1, 16),
    west: box(0, y0, 0, 8, y1, 16),
    east: box(8, y0, 0, 16, y1, 16),
  };
  return [slab, step[p['facing'] ?? 'north'] ?? step['north']!];
}

// vanilla BedBlock's shape is 9 px tall (a carpet is 1 px): the two no longer look alike
const MATTRESS = box(0, 0, 0, 16, 9, 16);
/** The white of the pillow in vanilla's bed textures (textures/entity/bed/*.png, the head's top). */
export const PILLOW: Rgb = [235, 237, 237];
// the head half's top, at the end the bed faces (BedBlock's FACING points from the foot to the head):
// a pillow 12 px across and 6 px long, one pixel in from the head end, as flat as the mattress's top
const PILLOW_AT: Record<string, Cuboid> = {
  north: box(2, 9, 1, 14, 9, 7),
  south: box(2, 9, 9, 14, 9, 15),
  west: box(1, 9, 2, 7, 9, 14),
  east: box(9, 9, 2, 15, 9, 14),
};
const bed = (p: Record<string, string>): Cuboid[] =>
  p['part'] === 'head'
    ? [MATTRESS, { ...(PILLOW_AT[p['facing'] ?? 'north'] ?? PILLOW_AT['north']!), colour: PILLOW }]
    : [MATTRESS];

/** A thin plate on the wall opposite `facing` (wall signs, ladders hang on the block behind them). */
function wallPlate(facing: string, thickness: number, y0 = 0, y1 = 16): Cuboid {
  const t = 16 - thickness;
  const plates: Record<string, Cuboid> = {
    north: box(0, y0, t, 16, y1, 16),
    south: box(0, y0, 0, 16, y1, thickness),
    west: box(t, y0, 0, 16, y1, 16),
    east: box(0, y0, 0, thickness, y1, 16),
  };
  return plates[facing] ?? plates['north']!;
}

const wallSign = (p: Record<string, string>): Cuboid[] => [wallPlate(p['facing'] ?? 'north', 2, 4, 12)];

const PLANTS =
  /(sapling|_tulip|^dandelion|^poppy|^short_grass|^tall_grass|^fern|^large_fern|^dead_bush|orchid|^allium|azure_bluet|oxeye_daisy|cornflower|lily_of_the_valley|_mushroom$|^sweet_berry_bush|^wheat)$/;

export function blockShape(state: BlockState): Cuboid[] {
  const id = state.name.replace(/^minecraft:/, '');
  const p = state.properties;
  if (id.endsWith('_slab')) {
    if (p['type'] === 'top') return [box(0, 8, 0, 16, 16, 16)];
    return p['type'] === 'double' ? FULL : [box(0, 0, 0, 16, 8, 16)];
  }
  if (id.endsWith('_stairs')) return stairs(p);
  if (id.endsWith('_door')) {
    const facing = p['facing'] ?? 'north';
    const turned = p['open'] === 'true' ? (p['hinge'] === 'right' ? TURN_LEFT : TURN_RIGHT)[facing] : facing;
    return [DOOR_PANEL[turned ?? 'north'] ?? DOOR_PANEL['north']!];
  }
  if (id.endsWith('_trapdoor'))
    return [p['half'] === 'top' ? box(0, 13, 0, 16, 16, 16) : box(0, 0, 0, 16, 3, 16)];
  if (id.endsWith('_carpet') || id.endsWith('pressure_plate')) return [box(0, 0, 0, 16, 1, 16)];
  if (id === 'snow') return [box(0, 0, 0, 16, 2 * Number(p['layers'] ?? 1), 16)];
  if (id.endsWith('glass_pane') || id === 'iron_bars') return connected(p, 2, 16);
  if (id.endsWith('_fence')) return connected(p, 4, 16);
  if (id.endsWith('_wall') && !id.endsWith('_sign')) return connected(p, 8, 14);
  if (/wall_torch$/.test(id)) return [WALL_TORCH[p['facing'] ?? 'north'] ?? WALL_TORCH['north']!];
  if (/torch$/.test(id)) return [box(7, 0, 7, 9, 10, 9)];
  if (id.endsWith('lantern') && !id.startsWith('sea') && !id.startsWith('jack')) {
    return p['hanging'] === 'true' ? HANGING_LANTERN : LANTERN;
  }
  if (PLANTS.test(id)) return [box(3, 0, 3, 13, 13, 13)];
  if (id.endsWith('_bed')) return bed(p);
  if (id === 'flower_pot') return [box(5, 0, 5, 11, 6, 11)];
  if (id.startsWith('potted_')) return [box(5, 0, 5, 11, 6, 11), box(6, 6, 6, 10, 14, 10)];
  if (id.endsWith('_wall_sign') || id.endsWith('_wall_hanging_sign')) return wallSign(p);
  if (id.endsWith('_hanging_sign')) return [box(1, 0, 7, 15, 10, 9)];
  if (id.endsWith('_sign')) return [box(7, 0, 7, 9, 9, 9), box(0, 9, 7, 16, 16, 9)];
  if (id === 'chest' || id === 'trapped_chest' || id === 'ender_chest') return [box(1, 0, 1, 15, 14, 15)];
  if (id.endsWith('_button')) return [box(5, 0, 6, 11, 2, 10)];
  if (id === 'ladder') return [wallPlate(p['facing'] ?? 'north', 1)];
  return FULL;
}

export const isFullCube = (shape: Cuboid[]): boolean => shape === FULL;
