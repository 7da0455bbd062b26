/**
 * The box the View shows for a call of `view_region_mesh`: the corners it was given (render_area's), or the
 * block writes of applied commands (an execute_commands result), found by our command parser and grown by a
 * margin so that what changed shows among what stands around it (the room it is in, the ground under it).
 */
import { boxOf, volumeOf } from '../../vocabulary/blocks/box.js';
import type { ExecutorPosition } from '../../commands/block-write.js';
import type { BlockPos, Box } from '../../vocabulary/blocks/box.js';
import { parseCommand } from '../../commands/parse.js';
import { boxesTouched } from '../../commands/block-box.js';

export interface ViewBoxArgs {
  from?: BlockPos | undefined;
  to?: BlockPos | undefined;
  commands?: string[] | undefined;
}

/** Blocks of context around what the commands changed: sideways, and up and down. */
export const CONTEXT_SIDEWAYS = 4;
export const CONTEXT_UP_DOWN = 2;

const grown = (box: Box, sideways: number, upDown: number): Box => ({
  min: { x: box.min.x - sideways, y: box.min.y - upDown, z: box.min.z - sideways },
  max: { x: box.max.x + sideways, y: box.max.y + upDown, z: box.max.z + sideways },
});

/**
 * null when no box was given and no command writes blocks at a known position (nothing to show). The
 * margin shrinks, down to one block, when the whole would be more than `maxVolume` blocks.
 */
export function viewBox(
  args: ViewBoxArgs,
  executor: ExecutorPosition | undefined,
  maxVolume = Infinity,
): Box | null {
  if (args.from && args.to) return boxOf(args.from, args.to);
  const boxes = (args.commands ?? []).flatMap((c) => boxesTouched(parseCommand(c, executor).blockWrites));
  if (boxes.length === 0) return null;
  const min = { ...boxes[0]!.min };
  const max = { ...boxes[0]!.max };
  for (const b of boxes) {
    for (const axis of ['x', 'y', 'z'] as const) {
      min[axis] = Math.min(min[axis], b.min[axis]);
      max[axis] = Math.max(max[axis], b.max[axis]);
    }
  }
  const changed = { min, max };
  for (let m = CONTEXT_SIDEWAYS; m > 1; m--) {
    const box = grown(changed, m, Math.min(m, CONTEXT_UP_DOWN));
    if (volumeOf(box) <= maxVolume) return box;
  }
  return grown(changed, 1, 1);
}
