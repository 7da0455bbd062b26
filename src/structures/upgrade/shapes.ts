/**
 * States that depend on neighbours, computed the way the game's `updateShape` does after an upgrade, from
 * the structure's own blocks and, at its edge, the world's blocks beside it (`around`, where the caller can
 * read them). A property that depends on a block nobody can read keeps the file's value.
 * Followed (net/minecraft/world/level/block/, 1.21.4 and 1.21.11):
 * - StairBlock.getStairsShape / canTakeShape: the shape from the stairs in front and behind;
 * - FenceBlock.connectsTo, IronBarsBlock.attachsTo (panes and bars), WallBlock.connectsTo / updateSides /
 *   shouldRaisePost: sides from same-kind neighbours, fence gates across them and sturdy faces
 *   (Block.isExceptionForConnection: leaves, barrier, pumpkins, melon, shulker boxes never count);
 *   a wall side is tall and its post raised by the shape of the block on it (isCovered against the
 *   test shapes, the wall_post_override tag: see wallCover);
 * - ChestBlock (getConnectedDirection): two single chests of one kind side by side, facing the same way,
 *   become a left and a right half;
 * - LeavesBlock.updateDistance: distance to the nearest log, at most 7;
 * - RedStoneWireBlock (getConnectionState, getMissingConnections, getConnectingSide, shouldConnectTo;
 *   the outcome of Block.updateFromNeighbourShapes, which ends with updateShape(UP), a full recompute): a
 *   side is `up` when the wire climbs the neighbour (a sturdy-topped block or a trapdoor with wire on it,
 *   nothing conducting above this wire; `up` only if the neighbour's face towards the wire is sturdy, else
 *   `side`), `side` when the neighbour is something redstone connects to from that side (wire; a repeater
 *   along its axis; an observer whose back faces the wire; any other signal source) or wire one step down
 *   past a non-conductor; otherwise `none`. A file's dot (no sides) stays a dot when nothing connects;
 *   otherwise a wire with no north/south connection runs east–west and the reverse (the cross when
 *   nothing connects). Conductors (BlockBehaviour's isRedstoneConductor: a full collision cube, except
 *   those Blocks.java marks `never`: glass, leaves, ice, glowstone, pistons, TNT, observers, redstone
 *   blocks…; soul sand and mud `always`) and signal sources (the blocks whose class overrides
 *   isSignalSource) are named below. Power is the file's: the game recomputes it from what powers it.
 * Sturdy faces are judged by name: a full cube (minecraft-data's `boundingBox: block`) that is not one of
 * the partial shapes below; a stair is sturdy only on its back (its `facing` side).
 */
import { createRequire } from 'node:module';
import type { BlockState } from '../../vocabulary/blocks/block-state.js';

const require = createRequire(import.meta.url);

export type Direction = 'north' | 'east' | 'south' | 'west';
export const HORIZONTAL: readonly Direction[] = ['north', 'east', 'south', 'west'];
const STEP: Record<Direction, [number, number]> = {
  north: [0, -1],
  east: [1, 0],
  south: [0, 1],
  west: [-1, 0],
};
const OPPOSITE: Record<Direction, Direction> = { north: 'south', south: 'north', east: 'west', west: 'east' };
const CLOCKWISE: Record<Direction, Direction> = {
  north: 'east',
  east: 'south',
  south: 'west',
  west: 'north',
};
const COUNTER: Record<Direction, Direction> = { north: 'west', west: 'south', south: 'east', east: 'north' };
const axis = (d: string) => (d === 'north' || d === 'south' ? 'z' : 'x');
const isDirection = (d: string | undefined): d is Direction => d !== undefined && d in STEP;

const bare = (name: string) => name.replace(/^minecraft:/, '');
export const isStairs = (s: BlockState) => bare(s.name).endsWith('_stairs');
export const isFence = (s: BlockState) => bare(s.name).endsWith('_fence');
export const isFenceGate = (s: BlockState) => bare(s.name).endsWith('_fence_gate');
export const isPaneOrBars = (s: BlockState) => /(_pane|^iron_bars|_bars)$/.test(bare(s.name));
export const isWall = (s: BlockState) =>
  /_wall$/.test(bare(s.name)) && !/(_sign|_torch|_banner|_head|_skull|_fan)_?wall$/.test(bare(s.name));
const isChest = (s: BlockState) => s.name === 'minecraft:chest' || s.name === 'minecraft:trapped_chest';
const isLeaves = (s: BlockState) => bare(s.name).endsWith('_leaves');
const isLog = (s: BlockState) =>
  /(_log|_wood|_stem|_hyphae)$/.test(bare(s.name)) && !bare(s.name).startsWith('petrified');

const EXCEPTIONS = /(_leaves|^barrier|^carved_pumpkin|^jack_o_lantern|^melon|^pumpkin|shulker_box)$/;
const PARTIAL =
  /(_stairs|_slab|_fence|_fence_gate|_wall|_pane|_bars|_door|_trapdoor|_carpet|chest|^ladder|^dirt_path|^farmland|_bed|_sign|_banner|_head|_skull|lantern|candle|^cake|_plate|_button|anvil|^bell|cauldron|^hopper|^composter|^lectern|_rod|chain|^scaffolding|^snow|^enchanting_table|^end_portal_frame|^brewing_stand|^stonecutter|^grindstone|_pot|^potted_|campfire|^conduit|daylight_detector|^repeater|^comparator|^honey_block|bamboo|^cactus|^dragon_egg|turtle_egg|sea_pickle|lily_pad|amethyst_cluster|_bud|dripstone|dripleaf|azalea$|^chorus|coral|sniffer_egg|^vault|^trial_spawner|^heavy_core|_shelf|_golem_statue)/;

let fullCubes: Set<string> | undefined;
function isFullCube(name: string): boolean {
  if (!fullCubes) {
    const data = require('minecraft-data')('1.21.4') as {
      blocksArray: Array<{ name: string; boundingBox: string }>;
    };
    fullCubes = new Set(data.blocksArray.filter((b) => b.boundingBox === 'block').map((b) => b.name));
  }
  const n = bare(name);
  return fullCubes.has(n) && !PARTIAL.test(n);
}

/** Block.isFaceSturdy for the face of `s` that looks `face`-wards, judged by name (see the header). */
export function sturdyFace(s: BlockState, face: Direction): boolean {
  if (isStairs(s)) return s.properties['facing'] === face;
  return isFullCube(s.name);
}
const exception = (s: BlockState) => EXCEPTIONS.test(bare(s.name));
/** FenceGateBlock.connectsToDirection: a gate connects across the side it does not swing on */
const gateConnects = (s: BlockState, from: Direction) =>
  isFenceGate(s) &&
  isDirection(s.properties['facing']) &&
  axis(s.properties['facing']) === axis(CLOCKWISE[from]);
const woodenFence = (s: BlockState) => isFence(s) && s.name !== 'minecraft:nether_brick_fence';

/** Does `self` (a fence, pane/bars or wall) connect to `other`, whose face looking back is `face`? */
export function connects(self: BlockState, other: BlockState, face: Direction): boolean {
  const sturdy = !exception(other) && sturdyFace(other, face);
  if (isFence(self))
    return (
      sturdy || (isFence(other) && woodenFence(other) === woodenFence(self)) || gateConnects(other, face)
    );
  if (isPaneOrBars(self)) return sturdy || isPaneOrBars(other) || isWall(other);
  if (isWall(self)) return isWall(other) || sturdy || isPaneOrBars(other) || gateConnects(other, face);
  return false;
}

/** StairBlock.getStairsShape, with `at(dx, dz)` the state beside on the same layer (undefined: outside). */
export function stairsShape(
  self: BlockState,
  at: (dx: number, dz: number) => BlockState | undefined,
): string | undefined {
  const facing = self.properties['facing'];
  const half = self.properties['half'];
  if (!isDirection(facing)) return undefined;
  const look = (d: Direction) => at(...STEP[d]);
  const sameHalfStairs = (s: BlockState | undefined) => s && isStairs(s) && s.properties['half'] === half;
  const canTakeShape = (d: Direction) => {
    const s = look(d);
    if (s === undefined) return undefined;
    return !isStairs(s) || s.properties['facing'] !== facing || s.properties['half'] !== half;
  };
  const front = look(facing);
  if (front === undefined) return undefined;
  if (sameHalfStairs(front)) {
    const f = front.properties['facing'];
    if (isDirection(f) && axis(f) !== axis(facing)) {
      const can = canTakeShape(OPPOSITE[f]);
      if (can === undefined) return undefined;
      if (can) return f === COUNTER[facing] ? 'outer_left' : 'outer_right';
    }
  }
  const back = look(OPPOSITE[facing]);
  if (back === undefined) return undefined;
  if (sameHalfStairs(back)) {
    const b = back.properties['facing'];
    if (isDirection(b) && axis(b) !== axis(facing)) {
      const can = canTakeShape(b);
      if (can === undefined) return undefined;
      if (can) return b === COUNTER[facing] ? 'inner_left' : 'inner_right';
    }
  }
  return 'straight';
}

export interface Grid {
  size: { x: number; y: number; z: number };
  /** state per position, x fastest, then z, then y */
  states: BlockState[];
}

/** counts per rule of the blocks whose state changed */
export type ShapeCounts = Record<string, number>;

/** Every neighbour-dependent state of the grid, recomputed in place; returns how many changed per rule. */
export function updateShapes(
  grid: Grid,
  around: (x: number, y: number, z: number) => BlockState | undefined = () => undefined,
): ShapeCounts {
  const { size } = grid;
  const source = grid.states.slice();
  const counts: ShapeCounts = {};
  const index = (x: number, y: number, z: number) => (y * size.z + z) * size.x + x;
  const get = (x: number, y: number, z: number): BlockState | undefined =>
    x < 0 || y < 0 || z < 0 || x >= size.x || y >= size.y || z >= size.z
      ? around(x, y, z)
      : source[index(x, y, z)];
  const set = (i: number, rule: string, properties: Record<string, string>) => {
    const old = grid.states[i]!;
    if (Object.entries(properties).every(([k, v]) => old.properties[k] === v)) return;
    grid.states[i] = { name: old.name, properties: { ...old.properties, ...properties } };
    counts[rule] = (counts[rule] ?? 0) + 1;
  };
  for (let y = 0; y < size.y; y++)
    for (let z = 0; z < size.z; z++)
      for (let x = 0; x < size.x; x++) {
        const i = index(x, y, z);
        const s = source[i]!;
        if (isStairs(s)) {
          const shape = stairsShape(s, (dx, dz) => get(x + dx, y, z + dz));
          if (shape) set(i, 'stairs shape (StairBlock.getStairsShape)', { shape });
        } else if (isWire(s)) {
          const sides = wireSides(s, (dx, dy, dz) => get(x + dx, y + dy, z + dz));
          if (sides) set(i, 'redstone wire sides (RedStoneWireBlock.getConnectionState)', sides);
        } else if (isFence(s) || isPaneOrBars(s) || isWall(s)) {
          const sides: Record<string, string> = {};
          const above = get(x, y + 1, z);
          const cover = isWall(s) && above !== undefined ? wallCover(above) : undefined;
          for (const d of HORIZONTAL) {
            if (s.properties[d] === undefined) continue;
            const other = get(x + STEP[d][0], y, z + STEP[d][1]);
            if (other === undefined) continue;
            const on = connects(s, other, OPPOSITE[d]);
            if (!isWall(s)) sides[d] = String(on);
            else if (cover === undefined)
              sides[d] = on ? (s.properties[d] === 'tall' ? 'tall' : 'low') : 'none';
            else sides[d] = on ? (cover.sides[d] ? 'tall' : 'low') : 'none';
          }
          if (isWall(s) && above !== undefined && s.properties['up'] !== undefined) {
            const up = raisePost({ ...s.properties, ...sides }, above, cover);
            if (up !== undefined) sides['up'] = String(up);
          }
          const rule = isFence(s)
            ? 'fence sides (FenceBlock.connectsTo)'
            : isWall(s)
              ? 'wall sides (WallBlock.updateShape)'
              : 'pane and bar sides (IronBarsBlock.attachsTo)';
          set(i, rule, sides);
        }
      }
  const inside = (x: number, y: number, z: number): BlockState | undefined =>
    x < 0 || y < 0 || z < 0 || x >= size.x || y >= size.y || z >= size.z ? undefined : source[index(x, y, z)];
  pairChests(grid, source, inside, index, set);
  leafDistances(grid, inside, index, set);
  return counts;
}

const isWire = (s: BlockState | undefined) => s?.name === 'minecraft:redstone_wire';
/** isRedstoneConductor `never` in Blocks.java (1.21.4), for blocks whose collision is a full cube */
const NOT_CONDUCTOR =
  /^(glass|.*_stained_glass|tinted_glass|.*_leaves|piston|sticky_piston|moving_piston|tnt|ice|frosted_ice|glowstone|beacon|redstone_block|sea_lantern|observer|.*copper_grate|.*copper_bulb|chorus_flower|scaffolding|bamboo|pointed_dripstone|powder_snow)$/;
/** BlockBehaviour.isRedstoneConductor, judged by name */
export const isConductor = (s: BlockState) =>
  /^(soul_sand|mud)$/.test(bare(s.name)) || (isFullCube(s.name) && !NOT_CONDUCTOR.test(bare(s.name)));
/** the blocks whose class overrides isSignalSource (1.21.4) */
const SIGNAL_SOURCE =
  /^(redstone_wire|repeater|comparator|observer|redstone_torch|redstone_wall_torch|lever|.*_button|.*_pressure_plate|detector_rail|daylight_detector|jukebox|lectern|.*lightning_rod|redstone_block|sculk_sensor|calibrated_sculk_sensor|target|trapped_chest|tripwire_hook)$/;
/** RedStoneWireBlock.shouldConnectTo: `towards` is the direction from the wire to `s` (none: above/below) */
function wireConnectsTo(s: BlockState, towards?: Direction): boolean {
  const n = bare(s.name);
  if (n === 'redstone_wire') return true;
  const facing = s.properties['facing'];
  if (n === 'repeater') return towards !== undefined && (facing === towards || facing === OPPOSITE[towards]);
  if (n === 'observer') return towards !== undefined && facing === towards;
  return towards !== undefined && SIGNAL_SOURCE.test(n);
}
/** Block.isFaceSturdy(UP), or a hopper (RedStoneWireBlock.canSurviveOn) */
const sturdyTop = (s: BlockState) =>
  bare(s.name) === 'hopper' ||
  (isStairs(s) && s.properties['half'] === 'top') ||
  (/_slab$/.test(bare(s.name)) && (s.properties['type'] === 'top' || s.properties['type'] === 'double')) ||
  isFullCube(s.name);
const sturdySide = (s: BlockState, face: Direction) =>
  sturdyFace(s, face) || (/_slab$/.test(bare(s.name)) && s.properties['type'] === 'double');

/**
 * A wire's four sides as updateFromNeighbourShapes leaves them, with `at(dx, dy, dz)` the state beside
 * (undefined: unknown, and then the file's sides stay).
 */
export function wireSides(
  self: BlockState,
  at: (dx: number, dy: number, dz: number) => BlockState | undefined,
): Record<Direction, string> | undefined {
  const above = at(0, 1, 0);
  if (above === undefined) return undefined;
  const open = !isConductor(above);
  const sides = {} as Record<Direction, string>;
  for (const d of HORIZONTAL) {
    const [dx, dz] = STEP[d];
    const other = at(dx, 0, dz);
    if (other === undefined) return undefined;
    if (open && (bare(other.name).endsWith('_trapdoor') || sturdyTop(other))) {
      const on = at(dx, 1, dz);
      if (on === undefined) return undefined;
      if (isWire(on)) {
        sides[d] = sturdySide(other, OPPOSITE[d]) ? 'up' : 'side';
        continue;
      }
    }
    if (wireConnectsTo(other, d)) sides[d] = 'side';
    else if (isConductor(other)) sides[d] = 'none';
    else {
      const below = at(dx, -1, dz);
      if (below === undefined) return undefined;
      sides[d] = isWire(below) ? 'side' : 'none';
    }
  }
  const connected = (d: Direction) => sides[d] !== 'none';
  const wasDot = HORIZONTAL.every((d) => (self.properties[d] ?? 'none') === 'none');
  if (wasDot && !HORIZONTAL.some(connected)) return sides;
  const noNorthSouth = !connected('north') && !connected('south');
  const noEastWest = !connected('east') && !connected('west');
  if (noNorthSouth) for (const d of ['east', 'west'] as const) if (!connected(d)) sides[d] = 'side';
  if (noEastWest) for (const d of ['north', 'south'] as const) if (!connected(d)) sides[d] = 'side';
  return sides;
}

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

/**
 * WallBlock.isCovered against the bottom face of the collision shape of the block above
 * (getCollisionShape(…).getFaceShape(DOWN)), judged by name; undefined when the name cannot tell (then
 * the file's tall/low and post stay). Every test shape holds the face's middle (x and z 7..9), so a face
 * covers one only if it fills that middle:
 * - air, and the post-override blocks (no collision): covers nothing;
 * - a full cube, a bottom or double slab, a bottom-half stair (its lower half is a full slab): all;
 * - a top slab (nothing at the bottom), a top-half stair (its lower step fills at most three quarters,
 *   never the middle): nothing;
 * - a wall (collision post x/z 4..12, arms 5..11 wide reaching the side): the post test when its post is
 *   up or any arm stands, a side's test when it has that arm.
 * Anything else (fences, panes, lanterns, carpets, pistons…) is not judged.
 */
export function wallCover(above: BlockState): WallCover | undefined {
  const n = bare(above.name);
  if (n === 'air' || n === 'cave_air' || n === 'void_air' || isPostOverride(above)) return coverAll(false);
  if (n.endsWith('_slab')) {
    const type = above.properties['type'];
    return type === undefined ? undefined : coverAll(type !== 'top');
  }
  if (isStairs(above)) {
    const half = above.properties['half'];
    return half === undefined ? undefined : coverAll(half === 'bottom');
  }
  if (isWall(above)) {
    const arm = (d: Direction) => (above.properties[d] ?? 'none') !== 'none';
    return {
      post: above.properties['up'] === 'true' || HORIZONTAL.some(arm),
      sides: { north: arm('north'), east: arm('east'), south: arm('south'), west: arm('west') },
    };
  }
  // an extended piston's base is a plate on one side; cocoa and the pitcher crop are small boxes
  if (/^(sticky_)?piston$/.test(n) && above.properties['extended'] !== 'false') return undefined;
  if (/^(cocoa|pitcher_crop)$/.test(n)) return undefined;
  return isFullCube(above.name) ? coverAll(true) : undefined;
}

/**
 * WallBlock.shouldRaisePost: `p` holds the sides already set; `cover` is undefined when the block above
 * cannot be judged by name, and then the file's `up` stays where the rule needs that block.
 */
function raisePost(
  p: Record<string, string | undefined>,
  above: BlockState,
  cover: WallCover | undefined,
): boolean | undefined {
  if (isWall(above) && above.properties['up'] === 'true') return true;
  const [n, e, s, w] = [p['north'], p['east'], p['south'], p['west']].map((v) => v ?? 'none') as string[];
  const none = (v: string) => v === 'none';
  if ((none(n!) && none(s!) && none(w!) && none(e!)) || none(n!) !== none(s!) || none(w!) !== none(e!))
    return true;
  if ((n === 'tall' && s === 'tall') || (e === 'tall' && w === 'tall')) return false;
  if (isPostOverride(above)) return true;
  return cover?.post;
}

function pairChests(
  grid: Grid,
  source: BlockState[],
  get: (x: number, y: number, z: number) => BlockState | undefined,
  index: (x: number, y: number, z: number) => number,
  set: (i: number, rule: string, p: Record<string, string>) => void,
): void {
  const { size } = grid;
  const rule = 'double chests (ChestBlock)';
  const taken = new Set<number>();
  for (let y = 0; y < size.y; y++)
    for (let z = 0; z < size.z; z++)
      for (let x = 0; x < size.x; x++) {
        const i = index(x, y, z);
        const s = source[i]!;
        const facing = s.properties['facing'];
        if (!isChest(s) || s.properties['type'] !== 'single' || taken.has(i) || !isDirection(facing))
          continue;
        // a left half's partner stands on its facing's clockwise side (ChestBlock.getConnectedDirection)
        const [dx, dz] = STEP[CLOCKWISE[facing]];
        const other = get(x + dx, y, z + dz);
        const j = index(x + dx, y, z + dz);
        if (!other || other.name !== s.name || other.properties['type'] !== 'single') continue;
        if (other.properties['facing'] !== facing || taken.has(j)) continue;
        taken.add(i).add(j);
        set(i, rule, { type: 'left' });
        set(j, rule, { type: 'right' });
      }
}

function leafDistances(
  grid: Grid,
  get: (x: number, y: number, z: number) => BlockState | undefined,
  index: (x: number, y: number, z: number) => number,
  set: (i: number, rule: string, p: Record<string, string>) => void,
): void {
  const { size } = grid;
  const distance = new Map<number, number>();
  let frontier: Array<[number, number, number]> = [];
  for (let y = 0; y < size.y; y++)
    for (let z = 0; z < size.z; z++)
      for (let x = 0; x < size.x; x++) if (isLog(get(x, y, z)!)) frontier.push([x, y, z]);
  if (!grid.states.some((s) => isLeaves(s) && s.properties['distance'] !== undefined)) return;
  for (let d = 1; d < 7 && frontier.length; d++) {
    const next: Array<[number, number, number]> = [];
    for (const [x, y, z] of frontier)
      for (const [dx, dy, dz] of [
        [1, 0, 0],
        [-1, 0, 0],
        [0, 1, 0],
        [0, -1, 0],
        [0, 0, 1],
        [0, 0, -1],
      ] as const) {
        const s = get(x + dx, y + dy, z + dz);
        const i = index(x + dx, y + dy, z + dz);
        if (!s || !isLeaves(s) || distance.has(i)) continue;
        distance.set(i, d);
        next.push([x + dx, y + dy, z + dz]);
      }
    frontier = next;
  }
  grid.states.forEach((s, i) => {
    // a leaf no log of the structure reaches may be held by one outside it: its distance stays
    const d = distance.get(i);
    if (isLeaves(s) && s.properties['distance'] !== undefined && d !== undefined)
      set(i, 'leaf distance (LeavesBlock.updateDistance)', { distance: String(d) });
  });
}
