/**
 * What a block is to a player and to a room, the naive way (by name, from the definitions in
 * docs/building-model.md): a player passes air, torches, ladders, carpets and what opens by hand (wooden
 * doors, trapdoors, fence gates); fences, walls, panes, glass and iron doors block; a room is enclosed by any
 * block with a collision shape that fills its side (doors, trapdoors, panes and glass included).
 */
import { isAir, type State } from './grid.js';

const base = (s: State): string => s.name.replace(/^minecraft:/, '');

const NON_COLLIDING =
  /^(air|cave_air|void_air|(soul_|redstone_)?(wall_)?torch|ladder|vine|.*_carpet|.*_pressure_plate|.*_button|rail|.*_rail|redstone_wire|short_grass|tall_grass|fern|dandelion|poppy|.*_tulip|.*_sapling|snow|.*_sign|.*_wall_sign|.*_banner|lever|tripwire)$/;
const OPENS_BY_HAND = /^(?!iron_).*_(door|trapdoor|fence_gate)$/;

/** A player's body passes through it (a wooden door or gate opens first). */
export const passable = (s: State): boolean => NON_COLLIDING.test(base(s)) || OPENS_BY_HAND.test(base(s));

export const climbable = (s: State): boolean => /^(ladder|vine|scaffolding)$/.test(base(s));

/** Less than a block's rise: walked onto without a jump. */
export const halfRise = (s: State): boolean => /_(stairs|slab)$/.test(base(s));

/** A player can stand on its top: full cubes, stairs, slabs (a closed trapdoor on top of its cell too). */
export const standable = (s: State): boolean => {
  const b = base(s);
  if (isAir(s) || NON_COLLIDING.test(b)) return false;
  if (/_trapdoor$/.test(b)) return s.properties['open'] !== 'true';
  return !/_(door|fence_gate|fence|wall|pane|bed)$|^(iron_bars|lantern|soul_lantern|chest|flower_pot)$/.test(
    b,
  );
};

/** A whole cube with every face sturdy: holds a torch, a wall torch, a ladder, a lantern, a door. */
export const fullCube = (s: State): boolean => {
  const b = base(s);
  if (isAir(s) || NON_COLLIDING.test(b) || halfRise(s) || /_trapdoor$/.test(b)) return false;
  return standable(s);
};

/** A plain wall, floor or roof block: a full cube that is nothing else (no light, no window, no furniture). */
export const plain = (s: State): boolean =>
  /^(.*_planks|stone|cobblestone|bricks|stone_bricks|mossy_.*|dirt|grass_block|coarse_dirt|.*_log|.*_wood|sandstone|smooth_stone|deepslate|cobbled_deepslate|andesite|granite|diorite|polished_.*|.*_concrete|.*terracotta|.*_wool|mud_bricks|blackstone|end_stone|quartz_block)$/.test(
    base(s),
  );

/** A room's air leaks through it (it does not close a side). */
export const leaks = (s: State): boolean => NON_COLLIDING.test(base(s)) && !/_sign$|_banner$/.test(base(s));

export const isLight = (s: State): boolean =>
  /^((soul_)?(wall_)?torch|(soul_)?lantern|glowstone|sea_lantern|jack_o_lantern|shroomlight)$/.test(base(s));

export const isDoor = (s: State): boolean => /_door$/.test(base(s));
