/** Commands that finish a room: door, window, light, roof, floor. Deterministic for the same room. */
import type { ExecutorPosition } from '../../commands/block-write.js';
import type { BlockPos, Box } from '../../vocabulary/blocks/box.js';
import { spec } from '../batch/blocks.js';
import { fillCommand, setblockCommand } from './commands.js';
import type { BuildContext, Room } from '../context.js';
import { boxOf, opposite, SIDES, type Side, size } from '../geometry.js';

/**
 * Side the door goes in: an existing doorway, else the side facing the bot, else north (lowest z) —
 * never a side in `avoid` (a wall shared with another room) while another side is free.
 */
export const doorSide = (
  room: Room,
  executor?: ExecutorPosition,
  avoid: ReadonlySet<Side> = new Set(),
): Side => {
  const doorway = room.doorways[0];
  if (doorway) return doorway.side;
  const free = SIDES.filter((s) => !avoid.has(s));
  if (executor) {
    const beyond: Record<Side, number> = {
      north: room.box.min.z - executor.z,
      south: executor.z - (room.box.max.z + 1),
      west: room.box.min.x - executor.x,
      east: executor.x - (room.box.max.x + 1),
    };
    const best = [...free].sort((a, b) => beyond[b] - beyond[a])[0];
    if (best && beyond[best] > 0) return best;
  }
  return free[0] ?? 'north';
};

/** The middle of `side` at floor level: the lower door half's position. */
const middleOf = (room: Room, side: Side): BlockPos => {
  const { box, interior } = room;
  const mid = (lo: number, hi: number) => Math.floor((lo + hi) / 2);
  const y = interior.min.y;
  switch (side) {
    case 'north':
      return { x: mid(interior.min.x, interior.max.x), y, z: box.min.z };
    case 'south':
      return { x: mid(interior.min.x, interior.max.x), y, z: box.max.z };
    case 'west':
      return { x: box.min.x, y, z: mid(interior.min.z, interior.max.z) };
    case 'east':
      return { x: box.max.x, y, z: mid(interior.min.z, interior.max.z) };
  }
};

export interface DoorPlan {
  side: Side;
  lower: BlockPos;
  /** 1: a door; 2: a double door across a 2-wide doorway */
  width: 1 | 2;
  commands: string[];
}

/** Counter-clockwise of a facing, seen from above: the side of a door its `hinge=left` is on. */
const LEFT_OF: Record<Side, Side> = { north: 'west', west: 'south', south: 'east', east: 'north' };

/**
 * A door in the middle of a side, or in its doorway: lower then upper half; a 2-wide doorway gets a double
 * door, a wider one none (a door would leave part of it open). `setblock` replaces the wall blocks there
 * (its default mode), which opens the 2-high hole. `facing` is the way a player walking in looks: vanilla
 * sets a door's facing to the placer's look direction, so this is the door as placed from outside. Of two
 * doors side by side, vanilla hinges the one on the placer's left (counter-clockwise of `facing`) on its
 * left and the other on its right, so that they meet in the middle (`DoorBlock.getHinge`).
 */
export const planDoor = (
  ctx: BuildContext,
  room: Room,
  executor?: ExecutorPosition,
  avoid?: ReadonlySet<Side>,
): DoorPlan | undefined => {
  if (size(room.interior, 'y') < 2) return undefined;
  const side = doorSide(room, executor, avoid);
  const doorway = room.doorways.find((d) => d.side === side);
  const along = side === 'north' || side === 'south' ? 'x' : 'z';
  const width = doorway ? size(doorway.box, along) : 1;
  if (width > 2) return undefined;
  return doorAt(ctx, side, doorway ? doorway.box.min : middleOf(room, side), width === 2 ? 2 : 1);
};

/**
 * The cells of a side of a room a door could go in, at the bottom of its air: from the middle of the wall
 * outwards (the nearer cell first, the lower one of two as near).
 */
export const wallCells = (room: Room, side: Side): BlockPos[] => {
  if (size(room.interior, 'y') < 2) return [];
  const middle = middleOf(room, side);
  const along = side === 'north' || side === 'south' ? 'x' : 'z';
  const cells: number[] = [];
  for (let a = room.interior.min[along]; a <= room.interior.max[along]; a++) cells.push(a);
  cells.sort((a, b) => Math.abs(a - middle[along]) - Math.abs(b - middle[along]) || a - b);
  return cells.map((a) => ({ ...middle, [along]: a }));
};

/** A door (a double door when `width` is 2) whose lower half, or the lower-x/z one's, is at `lower`. */
export const doorAt = (ctx: BuildContext, side: Side, lower: BlockPos, width: 1 | 2): DoorPlan => {
  const along = side === 'north' || side === 'south' ? 'x' : 'z';
  const name = ctx.doors[0]?.block.name ?? 'minecraft:oak_door';
  const facing = opposite(side);
  const door = (at: BlockPos, hinge?: 'left' | 'right'): string[] => {
    const states = (half: string) => (hinge ? { facing, half, hinge } : { facing, half });
    return [
      setblockCommand(at, spec(name, states('lower'))),
      setblockCommand({ ...at, y: at.y + 1 }, spec(name, states('upper'))),
    ];
  };
  if (width === 1) return { side, lower, width, commands: door(lower) };
  const next = { ...lower, [along]: lower[along] + 1 };
  // the door further towards the placer's left (higher x or z when that is east or south) hinges left
  const leftIsHigher = LEFT_OF[facing] === 'east' || LEFT_OF[facing] === 'south';
  const [first, second] = leftIsHigher ? (['right', 'left'] as const) : (['left', 'right'] as const);
  return { side, lower, width: 2, commands: [...door(lower, first), ...door(next, second)] };
};

/** A row of glass panes at eye height (the second block above the floor), centred in a side without a door. */
export const planWindow = (
  room: Room,
  avoid: Side,
  looksOut: (box: Box, side: Side) => boolean = () => true,
): { side: Side; command: string } | undefined => {
  const doorSides = new Set([avoid, ...room.doors.map((d) => d.side), ...room.doorways.map((d) => d.side)]);
  const sides = [opposite(avoid), ...SIDES].filter((s) => !doorSides.has(s));
  for (const side of sides.length ? sides : [opposite(avoid)]) {
    const plan = windowOn(room, side);
    if (looksOut(plan.box, side)) return { side, command: plan.command };
  }
  return undefined;
};

/** The panes of a window in the middle of one side, one block or three wide. */
const windowOn = (room: Room, side: Side): { box: Box; command: string } => {
  const { interior } = room;
  const y = size(interior, 'y') >= 2 ? interior.min.y + 1 : interior.min.y;
  const alongX = side === 'north' || side === 'south';
  const lo = alongX ? interior.min.x : interior.min.z;
  const hi = alongX ? interior.max.x : interior.max.z;
  const width = hi - lo + 1 >= 5 ? 3 : 1;
  const start = Math.floor((lo + hi) / 2) - Math.floor((width - 1) / 2);
  const end = start + width - 1;
  const plane =
    side === 'north'
      ? room.box.min.z
      : side === 'south'
        ? room.box.max.z
        : side === 'west'
          ? room.box.min.x
          : room.box.max.x;
  const box = alongX
    ? boxOf({ x: start, y, z: plane }, { x: end, y, z: plane })
    : boxOf({ x: plane, y, z: start }, { x: plane, y, z: end });
  // panes set by fill do not connect by themselves; spell the connections along the wall
  const states: Record<string, string> = alongX
    ? { east: 'true', west: 'true' }
    : { north: 'true', south: 'true' };
  return { box, command: fillCommand(box, spec('glass_pane', states)) };
};

/** One light per 7×7 of floor (at most 9): glowstone set into the roof, or lanterns on the floor without one. */
export const planLights = (room: Room): string[] => {
  const { interior, box } = room;
  const spots = (lo: number, hi: number): number[] => {
    const n = Math.min(3, Math.ceil((hi - lo + 1) / 7));
    return Array.from({ length: n }, (_, i) => lo + Math.floor(((2 * i + 1) * (hi - lo + 1)) / (2 * n)));
  };
  const commands: string[] = [];
  for (const x of spots(interior.min.x, interior.max.x)) {
    for (const z of spots(interior.min.z, interior.max.z)) {
      commands.push(
        room.hasRoof
          ? setblockCommand({ x, y: box.max.y, z }, spec('glowstone'))
          : setblockCommand({ x, y: interior.min.y, z }, spec('lantern')),
      );
    }
  }
  return commands;
};

/** A layer of the room's own block over its whole footprint, right above (roof) or below (floor). */
export const planLayer = (room: Room, which: 'roof' | 'floor'): string => {
  const y = which === 'roof' ? room.box.max.y + 1 : room.box.min.y - 1;
  const block = spec(room.block.name, room.block.states);
  return fillCommand(boxOf({ ...room.box.min, y }, { ...room.box.max, y }), block);
};
