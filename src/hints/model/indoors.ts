/**
 * Whether a position is inside something already built: air with a roof above and walls around it in the
 * world as the bot sees it. It tells an opening into a room built by an earlier batch (a doorway between
 * rooms) from an opening to the outside, which the batch alone cannot tell.
 */
import type { BlockPos } from '../../vocabulary/blocks/box.js';
import { isAirName } from '../batch/blocks.js';

/** The bot's view of a block: its id, or 'unloaded' / undefined when unknown. */
export type BlockReader = (pos: BlockPos) => { name: string } | 'unloaded' | undefined;

/** How far a roof or a wall may be from the position and still enclose it. */
const REACH = 24;

type Solid = (pos: BlockPos) => boolean | undefined;

const solidOf =
  (read: BlockReader): Solid =>
  (pos) => {
    let block;
    try {
      block = read(pos);
    } catch {
      return undefined;
    }
    if (block === undefined || block === 'unloaded') return undefined;
    return !isAirName(block.name);
  };

/** The first solid block from `from` along `step`, within REACH; undefined when none or unknown. */
const hits = (solid: Solid, from: BlockPos, step: BlockPos): boolean => {
  for (let i = 1; i <= REACH; i++) {
    const s = solid({ x: from.x + step.x * i, y: from.y + step.y * i, z: from.z + step.z * i });
    if (s === undefined) return false;
    if (s) return true;
  }
  return false;
};

/** Air enclosed by a roof and by walls on all four sides (nothing unknown on the way). */
export function isIndoors(read: BlockReader, pos: BlockPos): boolean {
  const solid = solidOf(read);
  if (solid(pos) !== false) return false;
  const around: BlockPos[] = [
    { x: 0, y: 1, z: 0 },
    { x: 1, y: 0, z: 0 },
    { x: -1, y: 0, z: 0 },
    { x: 0, y: 0, z: 1 },
    { x: 0, y: 0, z: -1 },
  ];
  return around.every((step) => hits(solid, pos, step));
}
