/**
 * The box the View shows for a call of `view_region_mesh`: the corners it was given (render_area's), or the
 * block writes of applied commands (an execute_commands result), found by our command parser and grown by
 * one block so the neighbours of what changed show too.
 */
import { boxOf } from '../../vocabulary/blocks/box.js';
import type { ExecutorPosition } from '../../commands/block-write.js';
import type { BlockPos, Box } from '../../vocabulary/blocks/box.js';
import { parseCommand } from '../../commands/parse.js';
import { boxesTouched } from '../../commands/block-box.js';

export interface ViewBoxArgs {
  from?: BlockPos | undefined;
  to?: BlockPos | undefined;
  commands?: string[] | undefined;
}

/** null when no box was given and no command writes blocks at a known position (nothing to show). */
export function viewBox(args: ViewBoxArgs, executor: ExecutorPosition | undefined): Box | null {
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
  for (const axis of ['x', 'y', 'z'] as const) {
    min[axis]--;
    max[axis]++;
  }
  return { min, max };
}
