/**
 * A stair's shape from the stairs in front of and behind it (net/minecraft/world/level/block/StairBlock,
 * getStairsShape and canTakeShape; 1.21.4 and 1.21.11).
 */
import type { BlockState } from '../blocks/block-state.js';
import { axis, COUNTER, isDirection, isStairs, OPPOSITE, STEP, type Direction } from './blocks.js';

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
