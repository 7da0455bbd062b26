/**
 * A wall's sides (none/low/tall) and post, as WallBlock.updateShape / updateSides / shouldRaisePost
 * compute them (net/minecraft/world/level/block/WallBlock, 1.21.4 and 1.21.11): a side joins what
 * connections.ts says; it is tall, and the post raised, by the shape of the block on the wall (isCovered
 * against the test shapes) and the wall_post_override tag. The shape of the block above is vanilla's
 * collision per state (collision.ts: minecraft-data's blockCollisionShapes, 1.21.4).
 */
import type { BlockState } from '../blocks/block-state.js';
import { collisionBoxes } from './collision.js';
import { connects } from './connections.js';
import { bare, type Direction, HORIZONTAL, isWall, OPPOSITE, STEP } from './blocks.js';

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
/** WallBlock's test shapes as footprints in sixteenths (x0, x1, z0, z1): each spans the block's height */
const TESTS: Record<'post' | Direction, readonly [number, number, number, number]> = {
  post: [7, 9, 7, 9],
  north: [7, 9, 0, 9],
  south: [7, 9, 7, 16],
  west: [0, 9, 7, 9],
  east: [7, 16, 7, 9],
};
/**
 * blocks whose collision depends on more than their state: scaffolding (on who stands on it), a moving
 * piston (its block entity), bamboo and pointed dripstone (moved by a random offset of their position)
 */
const NOT_BY_STATE = /^(scaffolding|moving_piston|bamboo|pointed_dripstone)$/;

/**
 * WallBlock.isCovered against the bottom face of the collision shape of the block above
 * (getCollisionShape(…).getFaceShape(DOWN): the boxes that touch its bottom), from vanilla's collision
 * boxes per state (collision.ts); undefined when they are not known (a block 1.21.4 lacks, or one whose
 * collision is not its state's alone) — then the file's tall/low and post stay, and the report names the
 * block. A test is covered when every point of its footprint (sampled every quarter sixteenth) lies in one
 * of the face's boxes.
 */
export function wallCover(above: BlockState): WallCover | undefined {
  const n = bare(above.name);
  if (n === 'air' || n === 'cave_air' || n === 'void_air' || isPostOverride(above)) return coverAll(false);
  if (NOT_BY_STATE.test(n)) return undefined;
  const boxes = collisionBoxes(above);
  if (!boxes) return undefined;
  const face = boxes.filter((b) => b[1] <= 1e-6).map((b) => [b[0] * 16, b[3] * 16, b[2] * 16, b[5] * 16]);
  const covered = ([x0, x1, z0, z1]: readonly [number, number, number, number]) => {
    for (let x = x0 + 0.125; x < x1; x += 0.25)
      for (let z = z0 + 0.125; z < z1; z += 0.25)
        if (!face.some(([a, b, c, d]) => a! <= x && x <= b! && c! <= z && z <= d!)) return false;
    return true;
  };
  return {
    post: covered(TESTS.post),
    sides: {
      north: covered(TESTS.north),
      east: covered(TESTS.east),
      south: covered(TESTS.south),
      west: covered(TESTS.west),
    },
  };
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
 * tall/low or post stayed because the shape of the block above is not known from its state.
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
