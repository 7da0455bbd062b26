/**
 * A box's cost checked before any work: its volume against a tool's limit, in constant time, and the refusal
 * with the limit, the number of parts a split needs and the first few parts as ready calls. Nothing here
 * allocates in proportion to the box: a box as wide as the world (60,000,001 blocks a side) is refused as
 * fast as one block too many.
 */
import { McbridgeError } from '../errors.js';
import { type BlockPos, type Box, boxOf, sizeOf, volumeOf } from './box.js';

export type SplitAxis = 'y' | 'z' | 'x';

/** How a box splits into parts within a limit: along y when a whole layer fits, else z, else x. */
export interface SplitPlan {
  axis: SplitAxis;
  /** parts in all (may be astronomically many; never materialised) */
  count: number;
  /** the i-th part, in y, z, x order */
  part(i: number): Box;
}

export function splitPlan(box: Box, maxBlocks: number): SplitPlan {
  const s = sizeOf(box);
  const axis: SplitAxis = s.x * s.z <= maxBlocks ? 'y' : s.x <= maxBlocks ? 'z' : 'x';
  if (axis === 'y') {
    const step = Math.floor(maxBlocks / (s.x * s.z));
    return {
      axis,
      count: Math.ceil(s.y / step),
      part: (i) => {
        const y = box.min.y + i * step;
        return { min: { ...box.min, y }, max: { ...box.max, y: Math.min(y + step - 1, box.max.y) } };
      },
    };
  }
  if (axis === 'z') {
    const step = Math.floor(maxBlocks / s.x);
    const perLayer = Math.ceil(s.z / step);
    return {
      axis,
      count: s.y * perLayer,
      part: (i) => {
        const y = box.min.y + Math.floor(i / perLayer);
        const z = box.min.z + (i % perLayer) * step;
        return {
          min: { x: box.min.x, y, z },
          max: { x: box.max.x, y, z: Math.min(z + step - 1, box.max.z) },
        };
      },
    };
  }
  const perRow = Math.ceil(s.x / maxBlocks);
  return {
    axis,
    count: s.y * s.z * perRow,
    part: (i) => {
      const row = Math.floor(i / perRow);
      const y = box.min.y + Math.floor(row / s.z);
      const z = box.min.z + (row % s.z);
      const x = box.min.x + (i % perRow) * maxBlocks;
      return { min: { x, y, z }, max: { x: Math.min(x + maxBlocks - 1, box.max.x), y, z } };
    },
  };
}

/** Every part of a split, for boxes known to be small; refuses to list more than `most`. */
export function splitBox(box: Box, maxBlocks: number, most = 4_096): { axis: SplitAxis; boxes: Box[] } {
  const plan = splitPlan(box, maxBlocks);
  if (plan.count > most) throw new RangeError(`${plan.count} parts is more than ${most} to list`);
  return { axis: plan.axis, boxes: Array.from({ length: plan.count }, (_, i) => plan.part(i)) };
}

/** parts shown as ready calls in a refusal: the first few and the last */
const SHOWN_PARTS = 3;
/** past this many parts, reading them one by one is no way to look: the refusal says to ask for less */
const PARTS_WORTH_CALLING = 64;

/** A ready tool call's box arguments, as the model passes them back. */
export const fromTo = (b: Box): string =>
  JSON.stringify({ from: b.min, to: b.max } satisfies { from: BlockPos; to: BlockPos });

/** The parts of a split a refusal shows (the first few and the last) and them as ready calls, `…` between. */
export function readyParts(plan: SplitPlan): { parts: Box[]; calls: string } {
  const shown = Math.min(plan.count, SHOWN_PARTS);
  const parts = Array.from({ length: shown }, (_, i) => plan.part(i));
  if (plan.count > shown) parts.push(plan.part(plan.count - 1));
  const calls = parts.map(fromTo);
  if (plan.count > shown + 1) calls.splice(shown, 0, '…');
  return { parts, calls: calls.join(', ') };
}

export class AreaTooLargeError extends McbridgeError {
  override name = 'AreaTooLargeError' as const;
  readonly axis: SplitAxis;
  /** how many parts the split needs */
  readonly count: number;
  /** the first few parts of the split (and the last), each within the limit: ready calls */
  readonly parts: Box[];
  constructor(
    readonly volume: number,
    readonly maxBlocks: number,
    plan: SplitPlan,
    what = 'the area',
  ) {
    const { parts, calls } = readyParts(plan);
    const same =
      plan.axis === 'y' ? 'same x and z' : plan.axis === 'z' ? 'one y layer each, same x' : 'one row each';
    const tooMany =
      plan.count > PARTS_WORTH_CALLING
        ? `; that many calls is no way to look: ask for the box around what you built`
        : '';
    super(
      `${what} has ${volume.toLocaleString('en-US')} blocks, more than ${maxBlocks.toLocaleString('en-US')} per call`,
      {
        remedy: `split along ${plan.axis} into ${plan.count.toLocaleString('en-US')} parts of at most ${maxBlocks.toLocaleString('en-US')} blocks (${same}): ${calls}${tooMany}`,
      },
    );
    this.axis = plan.axis;
    this.count = plan.count;
    this.parts = parts;
  }
}

/** Refuses a box over `maxBlocks` before any work, in constant time. */
export function checkBoxSize(from: BlockPos, to: BlockPos, maxBlocks: number, what?: string): Box {
  const box = boxOf(from, to);
  const volume = volumeOf(box);
  if (volume > maxBlocks) throw new AreaTooLargeError(volume, maxBlocks, splitPlan(box, maxBlocks), what);
  return box;
}
