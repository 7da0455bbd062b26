/**
 * The box the View shows for a call of `view_region_mesh`: the corners it was given (render_area's), or the
 * block writes of applied commands (an execute_commands result), found by our command parser, shown within
 * the rooms that hold them. The rooms are the hints' (hints/model/spaces.ts: open air enclosed by walls,
 * floor and roof, divided by inner walls, joined but not merged at doorways), read from one bounded area of
 * the world around the writes; what no room holds gets a margin of context instead (the ground under it,
 * what stands around it).
 */
import { boxOf, volumeOf } from '../../vocabulary/blocks/box.js';
import type { ExecutorPosition } from '../../commands/block-write.js';
import type { BlockPos, Box } from '../../vocabulary/blocks/box.js';
import type { BlockSource } from '../../vocabulary/blocks/block-state.js';
import { parseCommand } from '../../commands/parse.js';
import { boxesTouched } from '../../commands/block-box.js';
import { enclosedRoomsNear, shellOf, WorldRegion } from '../../hints/index.js';

export interface ViewBoxArgs {
  from?: BlockPos | undefined;
  to?: BlockPos | undefined;
  commands?: string[] | undefined;
}

/** The world the rooms are read from. */
export interface ViewWorld {
  /** makes `area` readable and answers a reader for it; undefined when the connection cannot read blocks */
  read(area: Box): Promise<BlockSource | undefined>;
  /** the server's version, for which blocks a player walks through (minecraft-data) */
  version?: string | undefined;
}

/** Blocks of context around what the commands changed when no room holds it: sideways, and up and down. */
export const CONTEXT_SIDEWAYS = 4;
export const CONTEXT_UP_DOWN = 2;
/**
 * How far around what changed the world is read for the rooms that hold it: a room reaches at most this far
 * from the change and still shows whole (sideways, and up and down); a bigger one is not found, and the
 * change gets the margin of context instead.
 */
export const ROOM_SEARCH_SIDEWAYS = 16;
export const ROOM_SEARCH_UP_DOWN = 8;

const grown = (box: Box, sideways: number, upDown: number): Box => ({
  min: { x: box.min.x - sideways, y: box.min.y - upDown, z: box.min.z - sideways },
  max: { x: box.max.x + sideways, y: box.max.y + upDown, z: box.max.z + sideways },
});

/** The smallest box that holds all of `boxes` (one at least). */
const union = (boxes: readonly Box[]): Box => {
  const min = { ...boxes[0]!.min };
  const max = { ...boxes[0]!.max };
  for (const b of boxes) {
    for (const axis of ['x', 'y', 'z'] as const) {
      min[axis] = Math.min(min[axis], b.min[axis]);
      max[axis] = Math.max(max[axis], b.max[axis]);
    }
  }
  return { min, max };
};

/**
 * The box the View shows; null when no box was given and no command writes blocks at a known position
 * (nothing to show). What the commands changed is shown with the whole of every room that holds it (its
 * walls, floor and roof) when `world` can tell, else with a margin that shrinks, down to one block, when
 * the whole would be more than `maxVolume` blocks. Rooms are looked for only as far as the box stays within
 * `maxVolume`.
 */
export async function viewBox(
  args: ViewBoxArgs,
  executor: ExecutorPosition | undefined,
  maxVolume = Infinity,
  world?: ViewWorld,
): Promise<Box | null> {
  if (args.from && args.to) return boxOf(args.from, args.to);
  const boxes = (args.commands ?? []).flatMap((c) => boxesTouched(parseCommand(c, executor).blockWrites));
  if (boxes.length === 0) return null;
  const changed = union(boxes);
  const rooms = world ? await roomsHolding(changed, world, maxVolume) : [];
  if (rooms.length > 0) return union([changed, ...rooms]);
  for (let m = CONTEXT_SIDEWAYS; m > 1; m--) {
    const box = grown(changed, m, Math.min(m, CONTEXT_UP_DOWN));
    if (volumeOf(box) <= maxVolume) return box;
  }
  return grown(changed, 1, 1);
}

/**
 * The rooms (walls, floor and roof) that hold `changed`, read from the area around it: as far as
 * ROOM_SEARCH_* reach, nearer when that area would pass `maxVolume`, none when even the margin of context
 * would (so every room found fits the View).
 */
async function roomsHolding(changed: Box, world: ViewWorld, maxVolume: number): Promise<Box[]> {
  let area: Box | undefined;
  for (let m = ROOM_SEARCH_SIDEWAYS; m >= CONTEXT_SIDEWAYS && !area; m--) {
    const box = grown(changed, m, Math.min(m, ROOM_SEARCH_UP_DOWN));
    if (volumeOf(box) <= maxVolume) area = box;
  }
  if (!area) return [];
  const source = await world.read(area);
  if (!source) return [];
  const region = new WorldRegion(area, source);
  return enclosedRoomsNear(region, changed, world.version).map((room) => shellOf(room.interior));
}
