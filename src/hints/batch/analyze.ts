/**
 * Infers what a batch built from its block writes and their outcomes (never from words in the prose):
 * rooms, walls, floors and roofs, doors, windows and lights, and the boxes it touched.
 */
import type { BlockSpec } from '../../commands/block-write.js';
import type { BlockPos, Box } from '../../vocabulary/blocks/box.js';
import type { CommandResult } from '../../results/schema.js';
import { bare, bedFacing, bedPart, doorHalf, isAirName, isBedName, roleOf } from './blocks.js';
import type {
  Bed,
  BuildContext,
  Door,
  Feature,
  HintEntry,
  Room,
  RoomOpening,
  Slab,
  TouchedBox,
} from '../context.js';
import { findGaps } from './gaps.js';
import { containsPos, intersection, SIDES, sideFace, size, step, writeBox, writeBoxes } from '../geometry.js';
import { distinctRooms, type RoomShape, roomsFromFills, roomsFromWalls } from './rooms.js';
import { mergeSegments, type Segment, segmentToWall } from './walls.js';
import { type CountedWrite, WrittenWorld } from './written-world.js';

export type { BuildContext, HintEntry } from '../context.js';

/** The server changed the world as asked, or said the world already matched (`noChange`). */
const counts = (r: CommandResult): boolean =>
  (r.status === 'applied' && r.applied !== false) ||
  (r.status === 'rejected_by_game' && r.detail?.noChange === true);

const touchStatus = (r: CommandResult): TouchedBox['status'] | undefined => {
  if (r.status === 'applied' && r.applied === true) return 'applied';
  // sent but unanswered: the blocks may have changed
  if ((r.status === 'unknown' || r.status === 'timed_out') && r.accepted) return 'uncertain';
  return undefined;
};

export const analyzeBuild = (entries: readonly HintEntry[]): BuildContext => {
  const counted: CountedWrite[] = [];
  const touched: TouchedBox[] = [];
  const rejected: BuildContext['rejected'] = [];
  const noChange: BuildContext['noChange'] = [];
  entries.forEach((e, entry) => {
    const r = e.result;
    if (counts(r)) for (const write of e.writes) counted.push({ write, entry, box: writeBox(write) });
    const status = touchStatus(r);
    if (status) {
      // a move's emptied source is touched too: the rooms whose walls it took from are the batch's
      for (const box of e.writes.flatMap(writeBoxes)) {
        const t: TouchedBox = { box, entry, status };
        if (e.verification) t.verification = e.verification.status;
        touched.push(t);
      }
    }
    if (r.status === 'rejected_by_game') {
      const outcome = { entry, command: e.command, args: r.detail?.args ?? [], writes: e.writes };
      const withKey = r.detail?.key === undefined ? outcome : { ...outcome, key: r.detail.key };
      (r.detail?.noChange ? noChange : rejected).push(withKey);
    }
  });

  const world = new WrittenWorld(counted);
  const { segments, slabBoxes } = shapes(counted);
  const walls = mergeSegments(segments);
  const shapesFound = distinctRooms([...roomsFromFills(counted), ...roomsFromWalls(walls, world)]);
  const inRoom = new Set<number>();
  for (const room of shapesFound) for (const s of room.segments ?? []) inRoom.add(walls.indexOf(s));

  const doors = findDoors(counted, world);
  const beds = findBeds(counted, world);
  const glass = features(counted, world, 'glass');
  const lights = features(counted, world, 'light');
  const rooms = shapesFound.map((shape) => attach(shape, { doors, windows: glass, lights, counted, world }));
  // glass counts as a window where it sits in a wall or in a room's side
  const wallBoxes = [
    ...walls.map((w) => segmentToWall(w).box),
    ...rooms.flatMap((r) => SIDES.map((s) => sideFace(r.box, s))),
  ];
  const windows = glass.filter((g) => wallBoxes.some((b) => intersection(b, g.box)));
  const slabs = slabBoxes.map((s) => ({ ...s, role: slabRole(s.box, rooms, walls) }));
  return {
    rooms,
    walls: walls.map(segmentToWall),
    slabs,
    floors: slabs.filter((s) => s.role === 'floor'),
    roofs: slabs.filter((s) => s.role === 'roof'),
    doors,
    beds,
    windows,
    lights,
    gaps: findGaps(walls, inRoom, world),
    touched,
    rejected,
    noChange,
  };
};

/** 1-thick vertical fills become wall runs, 1-thick horizontal ones slabs; hollow rooms are found elsewhere. */
const shapes = (counted: readonly CountedWrite[]) => {
  const segments: Segment[] = [];
  const slabBoxes: Array<Omit<Slab, 'role'>> = [];
  for (const { write, box, entry } of counted) {
    if (write.kind !== 'fill') continue;
    const role = roleOf(write.block);
    if (role === 'air' || role === 'door') continue;
    const [sx, sy, sz] = [size(box, 'x'), size(box, 'y'), size(box, 'z')];
    const roomShaped = sx >= 3 && sy >= 3 && sz >= 3;
    if ((write.mode === 'hollow' || write.mode === 'outline') && roomShaped) continue;
    const base = { block: write.block, entries: [entry], y0: box.min.y, y1: box.max.y };
    if (sy >= 2 && sx === 1 && sz >= 2)
      segments.push({ ...base, plane: 'x', at: box.min.x, from: box.min.z, to: box.max.z });
    else if (sy >= 2 && sz === 1 && sx >= 2)
      segments.push({ ...base, plane: 'z', at: box.min.z, from: box.min.x, to: box.max.x });
    else if (sy === 1 && sx >= 2 && sz >= 2) slabBoxes.push({ box, block: write.block, entries: [entry] });
  }
  return { segments, slabBoxes };
};

const slabRole = (box: Box, rooms: readonly Room[], walls: readonly Segment[]): Slab['role'] => {
  const y = box.min.y;
  for (const room of rooms) {
    if (!intersection(box, room.box)) continue;
    if (room.hasRoof && y === room.box.max.y) return 'roof';
    if (room.hasFloor && y === room.box.min.y) return 'floor';
  }
  const flat = (s: Segment): Box =>
    s.plane === 'x'
      ? { min: { x: s.at, y, z: s.from }, max: { x: s.at, y, z: s.to } }
      : { min: { x: s.from, y, z: s.at }, max: { x: s.to, y, z: s.at } };
  const near = walls.filter((s) => intersection(box, flat(s)));
  // walls that end right under it make it a roof; walls standing on it (or none) make it a floor
  return near.some((s) => s.y1 === y - 1 || s.y1 === y) && !near.some((s) => s.y0 === y + 1)
    ? 'roof'
    : 'floor';
};

const stillThere = (world: WrittenWorld, pos: BlockPos, block: BlockSpec): boolean => {
  const now = world.at(pos);
  return now !== undefined && now !== 'unknown' && bare(now.name) === bare(block.name);
};

/** Door halves from setblock writes, paired lower/upper by column; a lone half is an incomplete door. */
const findDoors = (counted: readonly CountedWrite[], world: WrittenWorld): Door[] => {
  const byColumn = new Map<string, Door>();
  for (const { write, entry } of counted) {
    if (write.kind !== 'setblock' || roleOf(write.block) !== 'door') continue;
    const now = world.at(write.pos);
    if (!stillThere(world, write.pos, write.block) || now === undefined || now === 'unknown') continue;
    const half = doorHalf(write.block);
    if (doorHalf(now) !== half) continue;
    const lowerY = half === 'lower' ? write.pos.y : write.pos.y - 1;
    const key = `${bare(write.block.name)} ${write.pos.x} ${lowerY} ${write.pos.z}`;
    const door = byColumn.get(key) ?? { block: write.block, complete: false, entries: [] };
    byColumn.set(key, door);
    door[half] = write.pos;
    if (write.block.states['facing']) door.facing = write.block.states['facing'];
    if (!door.entries.includes(entry)) door.entries.push(entry);
    door.complete = door.lower !== undefined && door.upper !== undefined;
  }
  return [...byColumn.values()];
};

/**
 * Bed halves from setblock writes, paired foot/head (the head one block towards `facing`); a lone half is
 * an incomplete bed.
 */
const findBeds = (counted: readonly CountedWrite[], world: WrittenWorld): Bed[] => {
  const byFoot = new Map<string, Bed>();
  for (const { write, entry } of counted) {
    if (write.kind !== 'setblock' || !isBedName(write.block.name)) continue;
    const now = world.at(write.pos);
    if (!stillThere(world, write.pos, write.block) || now === undefined || now === 'unknown') continue;
    const part = bedPart(write.block);
    if (bedPart(now) !== part) continue;
    const facing = bedFacing(write.block);
    const foot = part === 'foot' ? write.pos : step(write.pos, facing, -1);
    const key = `${bare(write.block.name)} ${facing} ${foot.x} ${foot.y} ${foot.z}`;
    const bed = byFoot.get(key) ?? { block: write.block, facing, complete: false, entries: [] };
    byFoot.set(key, bed);
    bed[part] = write.pos;
    if (!bed.entries.includes(entry)) bed.entries.push(entry);
    bed.complete = bed.foot !== undefined && bed.head !== undefined;
  }
  return [...byFoot.values()];
};

/** Glass or light blocks written and still there (checked at the corner of their box). */
const features = (
  counted: readonly CountedWrite[],
  world: WrittenWorld,
  role: 'glass' | 'light',
): Feature[] =>
  counted.flatMap(({ write, box, entry }) =>
    write.kind !== 'clone' && roleOf(write.block) === role && stillThere(world, box.min, write.block)
      ? [{ box, block: write.block, entry }]
      : [],
  );

interface Parts {
  doors: readonly Door[];
  windows: readonly Feature[];
  lights: readonly Feature[];
  counted: readonly CountedWrite[];
  world: WrittenWorld;
}

const attach = (shape: RoomShape, parts: Parts): Room => {
  const { segments: _segments, ...room } = shape;
  const doors: Room['doors'] = [];
  const windows: RoomOpening[] = [];
  const doorways: RoomOpening[] = [];
  for (const side of SIDES) {
    const face = sideFace(room.box, side);
    parts.doors.forEach((d, door) => {
      const at = d.lower ?? d.upper;
      if (at && containsPos(face, at)) doors.push({ door, side });
    });
    for (const w of parts.windows) {
      const hit = intersection(face, w.box);
      if (hit) windows.push({ side, box: hit });
    }
    for (const { write, box } of parts.counted) {
      if (write.kind === 'clone' || !isAirName(write.block.name)) continue;
      const hit = intersection(face, box);
      const fromFloor = hit && hit.min.y <= room.interior.min.y && hit.max.y >= room.interior.min.y + 1;
      if (hit && fromFloor && !parts.world.isFilled({ ...hit.min, y: room.interior.min.y }))
        doorways.push({ side, box: hit });
    }
  }
  const lights = parts.lights.flatMap((l, i) => (intersection(l.box, room.box) ? [i] : []));
  return { ...room, doors, windows, doorways, lights };
};
