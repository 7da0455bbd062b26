/**
 * The sides of fences, panes, iron bars and walls: which neighbours they join (net/minecraft/world/level/
 * block/, 1.21.4 and 1.21.11: FenceBlock.connectsTo, IronBarsBlock.attachsTo, WallBlock.connectsTo):
 * same-kind neighbours, fence gates across them and sturdy faces (Block.isExceptionForConnection: leaves,
 * barrier, pumpkins, melon, shulker boxes never count).
 */
import type { BlockState } from '../blocks/block-state.js';
import {
  axis,
  bare,
  CLOCKWISE,
  type Direction,
  HORIZONTAL,
  isDirection,
  isFence,
  isFenceGate,
  isPaneOrBars,
  isWall,
  OPPOSITE,
  STEP,
} from './blocks.js';
import { sturdyFace } from './sturdy.js';

const EXCEPTIONS = /(_leaves|^barrier|^carved_pumpkin|^jack_o_lantern|^melon|^pumpkin|shulker_box)$/;
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

/**
 * A fence's, pane's or bar's four sides (`true`/`false`) from the blocks beside it, with `at(dx, dz)` the
 * state beside on the same layer; a side whose neighbour nobody can read is left out (the file's stays).
 */
export function crossSides(
  self: BlockState,
  at: (dx: number, dz: number) => BlockState | undefined,
): Record<string, string> {
  const sides: Record<string, string> = {};
  for (const d of HORIZONTAL) {
    if (self.properties[d] === undefined) continue;
    const other = at(...STEP[d]);
    if (other !== undefined) sides[d] = String(connects(self, other, OPPOSITE[d]));
  }
  return sides;
}

/** the rule a fence's, pane's or bar's sides are counted under in the report */
export const crossRule = (s: BlockState) =>
  isFence(s) ? 'fence sides (FenceBlock.connectsTo)' : 'pane and bar sides (IronBarsBlock.attachsTo)';
