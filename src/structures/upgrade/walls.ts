/**
 * A wall's sides (none/low/tall) and post, as WallBlock.updateShape / updateSides / shouldRaisePost
 * compute them (net/minecraft/world/level/block/WallBlock, 1.21.4 and 1.21.11): a side joins what
 * connections.ts says; it is tall, and the post raised, by the shape of the block on the wall (isCovered
 * against the test shapes) and the wall_post_override tag. The shapes of the blocks above are the block
 * classes' own boxes (1.21.4), named at each kind in wallCover.
 */
import type { BlockState } from '../../vocabulary/blocks/block-state.js';
import { connects } from './connections.js';
import {
  bare,
  CLOCKWISE,
  COUNTER,
  type Direction,
  hasNoCollision,
  HORIZONTAL,
  isDirection,
  isFence,
  isFenceGate,
  isFullCube,
  isPaneOrBars,
  isStairs,
  isWall,
  OPPOSITE,
  STEP,
} from './faces.js';

/**
 * The wall post override tag (VanillaBlockTagsProvider: torch, soul torch, redstone torch, copper torch,
 * tripwire, #signs — standing and wall signs, not hanging ones —, #banners, #pressure_plates, cactus flower;
 * blocks a server lacks never reach a wall here).
 */
const WALL_POST_OVERRIDE =
  /^(torch|soul_torch|redstone_torch|copper_torch|tripwire|cactus_flower|.*_pressure_plate|.*_banner|.*_sign)$/;
const isPostOverride = (s: BlockState) =>
  WALL_POST_OVERRIDE.test(bare(s.name)) && !bare(s.name).endsWith('_hanging_sign');

/** which of WallBlock's test shapes (POST_TEST, NORTH_TEST…) the face of the block above covers */
export interface WallCover {
  post: boolean;
  sides: Record<Direction, boolean>;
}
const coverAll = (on: boolean): WallCover => ({
  post: on,
  sides: { north: on, east: on, south: on, west: on },
});
const cover = (post: boolean, sides: Partial<Record<Direction, boolean>> = {}): WallCover => ({
  post,
  sides: {
    north: sides.north ?? false,
    east: sides.east ?? false,
    south: sides.south ?? false,
    west: sides.west ?? false,
  },
});
/** a cross-shaped collision (fences: post 6..10, arms 6..10 wide; panes and bars: 7..9), arms per side */
const crossCover = (s: BlockState) =>
  cover(
    true,
    Object.fromEntries(HORIZONTAL.map((d) => [d, s.properties[d] === 'true'])) as Record<Direction, boolean>,
  );

/** blocks whose collision's bottom face fills the whole block though their shape is not a cube */
const FULL_BOTTOM =
  /^(enchanting_table|daylight_detector|stonecutter|campfire|soul_campfire|lectern|composter|dirt_path|farmland|.*_carpet)$/;
/**
 * blocks whose collision's bottom face is a box around the middle, touching no side: it holds POST_TEST
 * (x and z 7..9) only — flower pots 5..11, candles (1–4: 7..9 to 5..11), a skull or head on the floor
 * 4..12 (piglin 3..13), anvils' base 2..14, brewing stands' base 1..15, ender chests and single chests
 * 1..15, cakes (up to three bites eaten: from 1, 3, 5 or 7 to 15), honey blocks and cactus 1..15,
 * decorated pots 1..15, sea pickles and turtle eggs, candle cakes
 */
const POST_ONLY =
  /^(flower_pot|potted_.*|(.*_)?candle|(.*_)?candle_cake|(wither_)?skeleton_skull|(zombie|player|creeper|dragon|piglin)_head|anvil|chipped_anvil|damaged_anvil|brewing_stand|ender_chest|honey_block|cactus|decorated_pot|sea_pickle|turtle_egg)$/;

/**
 * WallBlock.isCovered against the bottom face of the collision shape of the block above
 * (getCollisionShape(…).getFaceShape(DOWN)); undefined when its name and state cannot tell (then the
 * file's tall/low and post stay, and the report names the block). Every test shape holds the face's middle
 * (x and z 7..9); a side's test reaches that side's edge:
 * - air, the post-override blocks and blocks without collision: nothing;
 * - a full cube, a bottom or double slab, a bottom-half stair, a carpet, a bottom trapdoor that is shut,
 *   a snow layer of two or more, a block with a full bottom plate (FULL_BOTTOM): all;
 * - a top slab, a top-half stair (its lower step never holds the middle), a door or an open or top
 *   trapdoor (a panel 3 thick along one edge), one snow layer (no collision), a bed (legs in the corners),
 *   a cauldron (its bottom is cut away in the middle), a hanging lantern, a chain, rod or hopper spout
 *   lying sideways: nothing;
 * - a wall (collision post x/z 4..12, arms 5..11 wide reaching the side): the post test when its post is
 *   up or any arm stands, a side's test when it has that arm; a fence, pane or iron bars (a post and
 *   arms as wide as the test): the post, and each side it has an arm on; a shut fence gate (a bar 6..10
 *   across its facing): the post and the two sides it spans; an open gate: nothing;
 * - a chest of a double chest (1..15, reaching the side of its other half): the post and that side;
 * - an extended piston's base (12 thick, away from its facing): all but the facing side; facing up all,
 *   facing down nothing;
 * - a standing lantern (5..11), a chain, end rod or lightning rod standing up (6.5..9.5, 6..10), a hopper
 *   whose spout points down (6..10), and the POST_ONLY blocks: the post only.
 * Anything else (bells, grindstones, scaffolding, piston heads, dripleaves, pale moss carpets…) is not
 * judged.
 */
export function wallCover(above: BlockState): WallCover | undefined {
  const n = bare(above.name);
  const p = above.properties;
  if (n === 'air' || n === 'cave_air' || n === 'void_air' || isPostOverride(above)) return coverAll(false);
  if (hasNoCollision(above.name)) return coverAll(false);
  if (n.endsWith('_slab')) return p['type'] === undefined ? undefined : coverAll(p['type'] !== 'top');
  if (isStairs(above)) return p['half'] === undefined ? undefined : coverAll(p['half'] === 'bottom');
  if (isWall(above)) {
    const arm = (d: Direction) => (p[d] ?? 'none') !== 'none';
    return {
      post: p['up'] === 'true' || HORIZONTAL.some(arm),
      sides: { north: arm('north'), east: arm('east'), south: arm('south'), west: arm('west') },
    };
  }
  if (isFence(above) || isPaneOrBars(above)) return crossCover(above);
  if (isFenceGate(above)) {
    if (p['open'] === 'true') return coverAll(false);
    const f = p['facing'];
    if (!isDirection(f) || p['open'] === undefined) return undefined;
    return cover(true, { [CLOCKWISE[f]]: true, [COUNTER[f]]: true });
  }
  if (n === 'pale_moss_carpet') return undefined;
  if (FULL_BOTTOM.test(n)) return coverAll(true);
  if (n.endsWith('_trapdoor')) {
    if (p['open'] === undefined || p['half'] === undefined) return undefined;
    return coverAll(p['open'] === 'false' && p['half'] === 'bottom');
  }
  if (n.endsWith('_door') || n.endsWith('_bed') || n.endsWith('cauldron')) return coverAll(false);
  if (n === 'snow') return p['layers'] === undefined ? undefined : coverAll(p['layers'] !== '1');
  if (n === 'lantern' || n === 'soul_lantern')
    return p['hanging'] === undefined ? undefined : cover(p['hanging'] === 'false');
  if (n === 'chain' || n === 'iron_chain')
    return p['axis'] === undefined ? undefined : cover(p['axis'] === 'y');
  if (n === 'end_rod' || n === 'lightning_rod') {
    const f = p['facing'];
    return f === undefined ? undefined : cover(f === 'up' || f === 'down');
  }
  if (n === 'hopper') return p['facing'] === undefined ? undefined : cover(p['facing'] === 'down');
  if (n === 'chest' || n === 'trapped_chest') {
    const f = p['facing'];
    const type = p['type'];
    if (!isDirection(f) || type === undefined) return undefined;
    // ChestBlock.getConnectedDirection: a left half's other half is clockwise of its facing
    if (type === 'single') return cover(true);
    return cover(true, { [type === 'left' ? CLOCKWISE[f] : COUNTER[f]]: true });
  }
  if (/^(sticky_)?piston$/.test(n) && p['extended'] === 'true') {
    const f = p['facing'];
    if (f === 'up') return coverAll(true);
    if (f === 'down') return coverAll(false);
    if (!isDirection(f)) return undefined;
    return cover(true, { [CLOCKWISE[f]]: true, [COUNTER[f]]: true, [OPPOSITE[f]]: true });
  }
  if (POST_ONLY.test(n)) return cover(true);
  // a head on a wall hangs 4 above the bottom of its block
  if (/_wall_(skull|head)$/.test(n)) return coverAll(false);
  // cocoa and the pitcher crop are small boxes that may hang off the middle
  if (/^(cocoa|pitcher_crop)$/.test(n)) return undefined;
  return isFullCube(above.name) ? coverAll(true) : undefined;
}
/**
 * WallBlock.shouldRaisePost: `p` holds the sides already set; `covered` is undefined when the block above
 * cannot be judged by name, and then the file's `up` stays where the rule needs that block.
 */
export function raisePost(
  p: Record<string, string | undefined>,
  above: BlockState,
  covered: WallCover | undefined,
): boolean | undefined {
  if (isWall(above) && above.properties['up'] === 'true') return true;
  const [n, e, s, w] = [p['north'], p['east'], p['south'], p['west']].map((v) => v ?? 'none') as string[];
  const none = (v: string) => v === 'none';
  if ((none(n!) && none(s!) && none(w!) && none(e!)) || none(n!) !== none(s!) || none(w!) !== none(e!))
    return true;
  if ((n === 'tall' && s === 'tall') || (e === 'tall' && w === 'tall')) return false;
  if (isPostOverride(above)) return true;
  return covered?.post;
}

/**
 * A wall's sides and post from its neighbours (`at(dx, dz)`, undefined: unknown, the file's side stays)
 * and the block on it (`above`: undefined when nobody can read it). `unjudged` is set when the file's
 * tall/low or post stayed because the shape of the block above is not known by name.
 */
export function wallState(
  self: BlockState,
  at: (dx: number, dz: number) => BlockState | undefined,
  above: BlockState | undefined,
): { properties: Record<string, string>; unjudged?: BlockState } {
  const sides: Record<string, string> = {};
  const covered = above !== undefined ? wallCover(above) : undefined;
  let unjudged = false;
  for (const d of HORIZONTAL) {
    if (self.properties[d] === undefined) continue;
    const other = at(...STEP[d]);
    if (other === undefined) continue;
    const on = connects(self, other, OPPOSITE[d]);
    if (!on) sides[d] = 'none';
    else if (covered) sides[d] = covered.sides[d] ? 'tall' : 'low';
    else {
      sides[d] = self.properties[d] === 'tall' ? 'tall' : 'low';
      unjudged ||= above !== undefined;
    }
  }
  if (above !== undefined && self.properties['up'] !== undefined) {
    const up = raisePost({ ...self.properties, ...sides }, above, covered);
    if (up !== undefined) sides['up'] = String(up);
    else unjudged = true;
  }
  return { properties: sides, ...(unjudged && above ? { unjudged: above } : {}) };
}
