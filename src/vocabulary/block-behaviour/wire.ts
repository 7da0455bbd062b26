/**
 * Redstone wire's four sides as Block.updateFromNeighbourShapes leaves them (it ends with
 * updateShape(UP), a full recompute) — net/minecraft/world/level/block/RedStoneWireBlock, 1.21.4 and
 * 1.21.11: getConnectionState, getMissingConnections, getConnectingSide, shouldConnectTo. A side is `up`
 * when the wire climbs the neighbour (a sturdy-topped block or a trapdoor with wire on it, nothing
 * conducting above this wire; `up` only if the neighbour's face towards the wire is sturdy, else `side`),
 * `side` when the neighbour is something redstone connects to from that side (wire; a repeater along its
 * axis; an observer whose back faces the wire; any other signal source) or wire one step down past a
 * non-conductor; otherwise `none`. A dot (no sides) stays a dot when nothing connects; otherwise a wire
 * with no north/south connection runs east–west and the reverse (the cross when nothing connects). An update
 * from one side changes only that side unless its connection comes or goes (wireSideUpdate).
 * Conductors (BlockBehaviour's isRedstoneConductor: a full collision cube, except those Blocks.java marks
 * `never`: glass, leaves, ice, glowstone, pistons, TNT, observers, redstone blocks…; soul sand and mud
 * `always`) and signal sources (the blocks whose class overrides isSignalSource) are named below. Power
 * is the file's: the game recomputes it from what powers it.
 */
import type { BlockState } from '../blocks/block-state.js';
import { bare, type Direction, HORIZONTAL, isFullCube, isStairs, OPPOSITE, STEP } from './blocks.js';
import { sturdyFace } from './sturdy.js';

export const isWire = (s: BlockState | undefined) => s?.name === 'minecraft:redstone_wire';
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
 * RedStoneWireBlock.getConnectingSide of one side, with `at(dx, dy, dz)` the state beside; undefined where a
 * cell it needs cannot be read.
 */
export function wireSide(
  at: (dx: number, dy: number, dz: number) => BlockState | undefined,
  d: Direction,
): string | undefined {
  const above = at(0, 1, 0);
  if (above === undefined) return undefined;
  const [dx, dz] = STEP[d];
  const other = at(dx, 0, dz);
  if (other === undefined) return undefined;
  if (!isConductor(above) && (bare(other.name).endsWith('_trapdoor') || sturdyTop(other))) {
    const on = at(dx, 1, dz);
    if (on === undefined) return undefined;
    if (isWire(on)) return sturdySide(other, OPPOSITE[d]) ? 'up' : 'side';
  }
  if (wireConnectsTo(other, d)) return 'side';
  if (isConductor(other)) return 'none';
  const below = at(dx, -1, dz);
  if (below === undefined) return undefined;
  return isWire(below) ? 'side' : 'none';
}

const connectedSide = (v: string | undefined) => (v ?? 'none') !== 'none';
/** RedStoneWireBlock.isDot: no side connected */
export const isWireDot = (s: BlockState) => HORIZONTAL.every((d) => !connectedSide(s.properties[d]));
/** RedStoneWireBlock.isCross: every side connected */
export const isWireCross = (s: BlockState) => HORIZONTAL.every((d) => connectedSide(s.properties[d]));

/**
 * RedStoneWireBlock.getConnectionState: all four sides worked out again, with `at(dx, dy, dz)` the state
 * beside (undefined: unknown, and then the sides stay). A dot (`keepDot`, the state it starts from had no
 * side) stays a dot when nothing connects; otherwise a wire with no north/south connection runs east–west
 * and the reverse (the cross when nothing connects).
 */
export function wireSides(
  self: BlockState,
  at: (dx: number, dy: number, dz: number) => BlockState | undefined,
  keepDot = isWireDot(self),
): Record<Direction, string> | undefined {
  const sides = {} as Record<Direction, string>;
  for (const d of HORIZONTAL) {
    const side = wireSide(at, d);
    if (side === undefined) return undefined;
    sides[d] = side;
  }
  const connected = (d: Direction) => sides[d] !== 'none';
  if (keepDot && !HORIZONTAL.some(connected)) return sides;
  const noNorthSouth = !connected('north') && !connected('south');
  const noEastWest = !connected('east') && !connected('west');
  if (noNorthSouth) for (const d of ['east', 'west'] as const) if (!connected(d)) sides[d] = 'side';
  if (noEastWest) for (const d of ['north', 'south'] as const) if (!connected(d)) sides[d] = 'side';
  return sides;
}

/**
 * RedStoneWireBlock.updateShape from a horizontal side: when that side stays as connected as it was and the
 * wire is no cross, only that side changes (`side` ↔ `up`); otherwise all four are worked out again from the
 * cross (so a dot does not stay one).
 */
export function wireSideUpdate(
  self: BlockState,
  face: Direction,
  at: (dx: number, dy: number, dz: number) => BlockState | undefined,
): Record<string, string> | undefined {
  const side = wireSide(at, face);
  if (side === undefined) return undefined;
  if (connectedSide(side) === connectedSide(self.properties[face]) && !isWireCross(self))
    return { [face]: side };
  return wireSides(self, at, false);
}
