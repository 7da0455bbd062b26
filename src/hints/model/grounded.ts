/**
 * The answer's building, from the building model and the world read once around the writes (world-region.ts).
 * Its rooms are the model's rooms the batch touched (building.ts `touchedBy`), each with the doors, doorways
 * (passages.ts), windows and lights its walls show, whoever set them. The batch adds only what it alone can
 * tell: the doors and beds it set (checked against the world: a half the world no longer holds is gone), the
 * walls it outlined that enclose no room yet (split by storeys.ts, so that what they lack is said), the gaps
 * between its walls. Whatever the read cannot tell is left out: a room with a block the world could not read
 * is dropped, a door whose other half cannot be read is not called incomplete.
 */
import type { BlockSpec } from '../../commands/block-write.js';
import type { BlockPos } from '../../vocabulary/blocks/box.js';
import type { BlockState } from '../../vocabulary/blocks/block-state.js';
import { isLightSource } from '../block-data.js';
import { bare, doorHalf, isGlassName } from '../batch/blocks.js';
import type { BuildContext, Door, Feature, Room, RoomOpening } from '../context.js';
import { boundingBox, boxOf, intersection, type Side, SIDES, sideFace, step } from '../geometry.js';
import { isRoofSpace } from './roof-space.js';
import { unsupportedIn } from './support.js';
import { type CellKind, cellKind } from './cells.js';
import { enclosedRoomsNear, isPassage, shellOf } from './spaces.js';
import type { WorldRegion } from './world-region.js';
import { BuildingModel, touchedBy } from './building.js';
import { blockedEntrances, blockerAt, groundBeds, hasBed } from './furniture.js';
import { cellsOf, floorAndRoof, type Part, splitRoom, storeysOf } from './storeys.js';
import { cutOffAir } from './room-reach.js';

const specOf = (b: BlockState): BlockSpec => ({ name: b.name, states: b.properties });

/**
 * `searchRooms: false` (the batch changed no room's verdict, room-neutral.ts) keeps the rooms the batch
 * outlined but does not search the world around the writes for others.
 */
export function groundInWorld(
  build: BuildContext,
  region: WorldRegion,
  version?: string,
  {
    searchRooms = true,
    model = new BuildingModel(region, version),
  }: { searchRooms?: boolean; model?: BuildingModel } = {},
): BuildContext {
  const kind = (p: BlockPos): CellKind => cellKind(region, p, version);
  const doors = groundDoors(build.doors, region, kind);
  const beds = groundBeds(build.beds, region, kind);
  const unsupported = unsupportedIn(
    region,
    build.touched.filter((t) => t.status === 'applied').map((t) => t.box),
  );
  const lights: Feature[] = [];
  const windows: Feature[] = [];
  // the rooms are the building model's: enclosed air, one room per storey, that the batch's writes touched
  const found = modelRooms(build, model, region, kind, searchRooms);
  // walls the batch outlined that enclose no room yet (no roof, no floor, a gap): what they lack is said
  const unfinished = build.rooms
    .filter((room) => !found.some((f) => intersection(f.interior, room.interior)))
    .flatMap((room) => splitRoom(room, region, version, model.flood))
    .flatMap((p) => storeysOf(p, model, kind));
  const rooms = [...found, ...unfinished].map((part) => ({
    ...attachFromWorld(part, region, kind, { doors, lights, windows }, model),
    touchedBy: writesInto(part, build),
  }));
  // a gap between two walls is only a gap while the world still shows it open, and not where closing it
  // would fill a room's air (the inner walls of a U or an L, a closet's wall, stop where the room goes on)
  const roomAir = [...found, ...unfinished].map((p) => p.space?.open);
  const inRoomAir = (p: BlockPos): boolean => roomAir.some((o) => o?.has(`${p.x},${p.y},${p.z}`) === true);
  const gaps = build.gaps.filter(
    (g) =>
      g.fills.every((f) => ![...cellsOf(f.box)].some(inRoomAir)) &&
      g.fills.some((f) => [...cellsOf(f.box)].some((p) => kind(p) === 'open')) &&
      g.fills.every((f) => [...cellsOf(f.box)].every((p) => kind(p) !== 'unknown')),
  );
  // air the writes touched that runs on out of what was read even after the read grew: could not judge
  const cutOff = searchRooms
    ? cutOffAir(
        region,
        build.touched.map((t) => t.box),
        version,
      ).map((c) => c.space.interior)
    : [];
  return {
    ...build,
    doors,
    beds,
    rooms,
    lights,
    windows,
    gaps,
    unsupported,
    ...(cutOff.length ? { cutOff } : {}),
  };
}

/**
 * The building model's rooms the batch touched (building.ts `touchedBy`: a write in a room's air or in its
 * walls, floor or ceiling): enclosed spaces near the writes, one per storey, where a player stands; roof space
 * (air under a roof on another room's ceiling, that no way leads into) is none. Each takes its material and
 * commands from a room the batch outlined where one holds it. With `searchRooms` false only the outlined
 * rooms' air is looked at.
 */
const modelRooms = (
  build: BuildContext,
  model: BuildingModel,
  region: WorldRegion,
  kind: (p: BlockPos) => CellKind,
  searchRooms: boolean,
): Part[] => {
  const writes = build.touched.map((t) => t.box);
  const near = boundingBox(searchRooms ? writes : build.rooms.map((r) => r.box));
  if (!near) return [];
  return enclosedRoomsNear(region, near, model.version, model.flood).flatMap((space) => {
    const storeys = model.storeys(space);
    return storeys.flatMap(({ stands, space: air }, i): Part[] => {
      const interior = air.interior;
      const box = shellOf(interior);
      if (!touchedBy(air, writes)) return [];
      if (!stands.some((s) => !s.climbing && air.open.has(`${s.x},${s.y},${s.z}`))) return [];
      const wayIn = model.wayIn(stands);
      const under = i < storeys.length - 1;
      if (!under && !model.entered(stands) && isRoofSpace(air, region, kind)) return [];
      const outlined = build.rooms.find((r) => intersection(r.interior, interior));
      const wall = region.at({ ...interior.min, x: box.min.x });
      return [
        {
          box,
          interior,
          source: outlined?.source ?? 'world',
          block:
            outlined?.block ??
            (typeof wall === 'string' ? { name: 'minecraft:stone_bricks', states: {} } : specOf(wall)),
          entries: outlined?.entries ?? [],
          space: air,
          ...floorAndRoof(air, kind),
          ...(wayIn ? { wayIn } : {}),
        },
      ];
    });
  });
};

/** The writes that touched a part: in its air or shell (touchedBy) where the world holds its air, else its box. */
const writesInto = (part: Part, build: BuildContext): number[] =>
  build.touched.flatMap((t, i) =>
    (part.space ? touchedBy(part.space, [t.box]) : intersection(t.box, part.box)) ? [i] : [],
  );

/**
 * The batch's doors as the world shows them: a half the world no longer holds is gone; a door is
 * incomplete only when the world shows its other half missing (unreadable: no claim either way).
 */
const groundDoors = (doors: readonly Door[], region: WorldRegion, kind: (p: BlockPos) => CellKind): Door[] =>
  doors.flatMap((d): Door[] => {
    const have = d.lower ?? d.upper;
    if (!have) return [];
    const here = region.at(have);
    const half = d.lower ? 'lower' : 'upper';
    if (typeof here === 'string' || bare(here.name) !== bare(d.block.name) || doorHalf(specOf(here)) !== half)
      return [];
    const otherPos = { ...have, y: have.y + (half === 'lower' ? 1 : -1) };
    const other = region.at(otherPos);
    if (typeof other === 'string') return [{ ...d, complete: true }];
    const paired = bare(other.name) === bare(d.block.name) && doorHalf(specOf(other)) !== half;
    if (paired) return [{ ...d, complete: true, [half === 'lower' ? 'upper' : 'lower']: otherPos }];
    const blockedBy = blockerAt(region, kind, otherPos);
    return [blockedBy ? { ...d, complete: false, blockedBy } : { ...d, complete: false }];
  });

interface Found {
  doors: Door[];
  lights: Feature[];
  windows: Feature[];
}

/** Doors, doorways, windows and lights of a room, read from its walls and inside; its bed and what blocks its doors. */
const attachFromWorld = (
  part: Part,
  region: WorldRegion,
  kind: (p: BlockPos) => CellKind,
  found: Found,
  model: BuildingModel,
): Room => {
  const { version, flood } = model;
  const { space: _space, under: _under, ...shape } = part;
  const room: Room = { ...shape, doors: [], windows: [], doorways: [], lights: [] };
  const open = part.space?.open;
  const inRoom = (q: BlockPos): boolean => !open || open.has(`${q.x},${q.y},${q.z}`);
  const closed = (q: BlockPos): boolean => kind(q) === 'solid' || kind(q) === 'door';
  const uppers = new Set<string>();
  for (const side of SIDES) {
    const face = sideFace(part.box, side);
    for (const p of cellsOf(face)) {
      const b = region.at(p);
      if (typeof b === 'string') continue;
      const inward = step(p, side, -1);
      const up = (q: BlockPos, n = 1): BlockPos => ({ ...q, y: q.y + n });
      // the room is on the inner side of this cell: its air is there (or right above furniture there)
      const roomSide = inRoom(inward) || inRoom(up(inward)) || inRoom(up(inward, -1));
      if (!roomSide) continue;
      if (kind(p) === 'door') {
        attachDoor(room, side, p, b, found.doors);
      } else if (isGlassName(b.name)) {
        room.windows.push({ side, box: boxOf(p, p) });
        found.windows.push({ box: boxOf(p, p), block: specOf(b), entry: -1 });
      } else if (kind(p) === 'open') {
        // a door right behind the opening (outside) or in front of it (inside) closes it
        const behind = [step(p, side), inward].find((q) => kind(q) === 'door');
        if (behind) {
          const d = region.at(behind);
          if (typeof d !== 'string') attachDoor(room, side, behind, d, found.doors);
          continue;
        }
        if (uppers.has(`${p.x},${p.y},${p.z}`)) continue;
        // at the level of the room's floor inside (its floor, or furniture standing on it), open above
        const walkIn =
          closed(up(p, -1)) && kind(up(p)) === 'open' && (closed(inward) || closed(up(inward, -1)));
        if (walkIn) {
          // a doorway by passages.ts's rule, the one the flood that found the room stopped at
          if (!isPassage(region, p, version, flood) || kind(step(p, side)) !== 'open') continue;
          addDoorway(room.doorways, opening(side, p, up(p)));
          uppers.add(`${p.x},${p.y + 1},${p.z}`);
        } else if (kind(step(p, side)) === 'open') room.windows.push(opening(side, p, p));
      }
    }
  }
  // the open space and the blocks that bound it (glowstone set into a wall, the roof or the floor)
  const { min, max } = part.interior;
  const lit = boxOf(
    { x: min.x - 1, y: min.y - 1, z: min.z - 1 },
    { x: max.x + 1, y: max.y + 1, z: max.z + 1 },
  );
  for (const p of cellsOf(lit)) {
    const b = region.at(p);
    if (typeof b === 'string' || !isLightSource(b.name, b.properties)) continue;
    room.lights.push(found.lights.length);
    found.lights.push({ box: boxOf(p, p), block: specOf(b), entry: -1 });
  }
  if (hasBed(part, region)) room.kind = 'bedroom';
  const blocked = blockedEntrances(room, found, region, kind, version, open);
  if (blocked.length) room.blocked = blocked;
  return room;
};

const opening = (side: Side, a: BlockPos, b: BlockPos): RoomOpening => ({ side, box: boxOf(a, b) });

/** A doorway column next to one already found on the same side widens it: a 2-wide doorway is one. */
const addDoorway = (doorways: RoomOpening[], column: RoomOpening): void => {
  const along = column.side === 'north' || column.side === 'south' ? 'x' : 'z';
  const prev = doorways.find(
    (d) =>
      d.side === column.side &&
      d.box.max[along] + 1 === column.box.min[along] &&
      d.box.min.y === column.box.min.y,
  );
  if (prev) prev.box = boxOf(prev.box.min, column.box.max);
  else doorways.push(column);
};

/** A door in a room's wall: the batch's own when it set it, else one an earlier batch set. */
const attachDoor = (room: Room, side: Side, p: BlockPos, b: BlockState, doors: Door[]): void => {
  const half = doorHalf(specOf(b));
  const lowerY = half === 'lower' ? p.y : p.y - 1;
  const sameColumn = (d: Door): boolean => {
    const q = d.lower ?? d.upper;
    const y = d.lower ? d.lower.y : (d.upper?.y ?? 0) - 1;
    return q !== undefined && q.x === p.x && q.z === p.z && y === lowerY;
  };
  let index = doors.findIndex(sameColumn);
  if (index < 0) {
    index = doors.length;
    // a door an earlier batch set: its halves are counted as the world shows them, no claim on the other
    const door: Door = { block: specOf(b), [half]: p, complete: true, entries: [] };
    if (b.properties['facing']) door.facing = b.properties['facing'];
    doors.push(door);
  }
  if (!room.doors.some((d) => d.door === index)) room.doors.push({ door: index, side });
};
