/** Too-large area requests: the typed error and the split it suggests. */
import type { Box } from '../vocabulary/blocks/box.js';
import { McbridgeError } from '../vocabulary/errors.js';
import { sizeOf } from '../vocabulary/blocks/box.js';

export type SplitAxis = 'y' | 'z' | 'x';

export class AreaTooLargeError extends McbridgeError {
  override name = 'AreaTooLargeError' as const;
  constructor(
    readonly volume: number,
    readonly maxBlocks: number,
    readonly axis: SplitAxis,
    /** boxes that cover the request, each within the limit, in y, z, x order */
    readonly splits: Box[],
  ) {
    super(
      `the area has ${volume.toLocaleString('en-US')} blocks, more than ${maxBlocks.toLocaleString('en-US')} per call`,
      { remedy: describeSplits(axis, splits, maxBlocks) },
    );
  }
}

/** Splits `box` into boxes of at most `maxBlocks`: along y when a whole layer fits, else z, else x. */
export function splitBox(box: Box, maxBlocks: number): { axis: SplitAxis; boxes: Box[] } {
  const s = sizeOf(box);
  const axis: SplitAxis = s.x * s.z <= maxBlocks ? 'y' : s.x <= maxBlocks ? 'z' : 'x';
  const step =
    axis === 'y'
      ? Math.floor(maxBlocks / (s.x * s.z))
      : axis === 'z'
        ? Math.floor(maxBlocks / s.x)
        : maxBlocks;
  let outer = [box];
  if (axis !== 'y') outer = outer.flatMap((b) => slices(b, 'y'));
  if (axis === 'x') outer = outer.flatMap((b) => slices(b, 'z'));
  const boxes: Box[] = [];
  for (const part of outer) {
    for (let v = part.min[axis]; v <= part.max[axis]; v += step) {
      boxes.push({
        min: { ...part.min, [axis]: v },
        max: { ...part.max, [axis]: Math.min(v + step - 1, part.max[axis]) },
      });
    }
  }
  return { axis, boxes };
}

const slices = (box: Box, axis: 'y' | 'z'): Box[] => {
  const out: Box[] = [];
  for (let v = box.min[axis]; v <= box.max[axis]; v++) {
    out.push({ min: { ...box.min, [axis]: v }, max: { ...box.max, [axis]: v } });
  }
  return out;
};

function describeSplits(axis: SplitAxis, splits: Box[], maxBlocks: number): string {
  const range = (b: Box): string => {
    if (axis === 'y') return `y ${b.min.y}–${b.max.y}`;
    if (axis === 'z') return `y ${b.min.y} z ${b.min.z}–${b.max.z}`;
    return `y ${b.min.y} z ${b.min.z} x ${b.min.x}–${b.max.x}`;
  };
  const shown =
    splits.length <= 8 ? splits.map(range) : [...splits.slice(0, 6).map(range), '…', range(splits.at(-1)!)];
  const same = axis === 'y' ? 'same x and z' : axis === 'z' ? 'one y layer each, same x' : 'one row each';
  return `split along ${axis} into ${splits.length} requests of at most ${maxBlocks.toLocaleString('en-US')} blocks (${same}): ${shown.join(', ')}`;
}
