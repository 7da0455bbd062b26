/**
 * Rooms that share a wall: an opening (or a door) in a wall between two rooms leads from one room into
 * the other, not outside. A group of rooms joined that way needs one way in from outside, not a door in
 * every opening (issue 15: `add_door` asked for a door where the user wanted an open doorway).
 */
import type { BlockPos, Box } from '../../vocabulary/blocks/box.js';
import type { BuildContext, Room, RoomOpening } from '../context.js';
import { containsPos, type Side, SIDES, step } from '../geometry.js';

const middle = (b: Box): BlockPos => ({
  x: Math.floor((b.min.x + b.max.x) / 2),
  y: Math.floor((b.min.y + b.max.y) / 2),
  z: Math.floor((b.min.z + b.max.z) / 2),
});

/** The room (other than `self`) a step outward from `at` through `side` lands in. */
const roomBeyond = (rooms: readonly Room[], self: number, at: BlockPos, side: Side): number | undefined => {
  const beyond = step(at, side);
  const found = rooms.findIndex((r, i) => i !== self && containsPos(r.box, beyond));
  return found < 0 ? undefined : found;
};

/** The sides of a room that are walls of another room: no outside door goes there. */
export const sharedSides = (rooms: readonly Room[], self: number): Set<Side> => {
  const room = rooms[self]!;
  const wallMiddle = (side: Side): BlockPos => {
    const m = middle(room.interior);
    const { box } = room;
    if (side === 'north') return { ...m, z: box.min.z };
    if (side === 'south') return { ...m, z: box.max.z };
    if (side === 'west') return { ...m, x: box.min.x };
    return { ...m, x: box.max.x };
  };
  return new Set(SIDES.filter((side) => roomBeyond(rooms, self, wallMiddle(side), side) !== undefined));
};

export interface Access {
  /** doorways that open to the outside (not into another room) */
  outsideDoorways: RoomOpening[];
  /** this room, or a room it opens into (through any number of rooms), has a door or doorway outside */
  reachable: boolean;
  /** this room opens into another room */
  joined: boolean;
  /** rooms joined by openings share a group number */
  group: number;
}

/**
 * For every room: which of its doorways lead outside, and whether its group of rooms can be entered.
 * `indoors` tells whether a position beyond an opening is inside something built earlier (another room):
 * such an opening is a doorway between rooms too.
 */
export function roomAccess(build: BuildContext, indoors?: (pos: BlockPos) => boolean): Access[] {
  const rooms = build.rooms;
  const parent = rooms.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const outside = rooms.map(() => false);
  const joined = rooms.map(() => false);
  const outsideDoorways = rooms.map((room, i) =>
    room.doorways.filter((d) => {
      const into = roomBeyond(rooms, i, d.box.min, d.side);
      if (into === undefined) {
        const floor = { ...d.box.min, y: room.interior.min.y };
        if (!indoors?.(step(floor, d.side))) return true;
        // into a room built before this batch: entered from there
        joined[i] = true;
        outside[i] = true;
        return false;
      }
      joined[i] = joined[into] = true;
      parent[find(i)] = find(into);
      return false;
    }),
  );
  rooms.forEach((room, i) => {
    for (const { door, side } of room.doors) {
      const at = build.doors[door]?.lower ?? build.doors[door]?.upper;
      const into = at ? roomBeyond(rooms, i, at, side) : undefined;
      if (into === undefined) outside[i] = true;
      else {
        joined[i] = joined[into] = true;
        parent[find(i)] = find(into);
      }
    }
    if (outsideDoorways[i]!.length) outside[i] = true;
  });
  const groupOpen = new Set(rooms.flatMap((_, i) => (outside[i] ? [find(i)] : [])));
  return rooms.map((_, i) => ({
    outsideDoorways: outsideDoorways[i]!,
    reachable: groupOpen.has(find(i)),
    joined: joined[i]!,
    group: find(i),
  }));
}
