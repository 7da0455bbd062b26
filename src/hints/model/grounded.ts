/**
 * The batch's picture checked against the world. The batch tells where to look (the rooms its writes
 * outline, the doors and walls it set); the world, read once around the writes (world-region.ts), tells
 * what is there: a door's other half set by an earlier batch, a room divided by an inner wall, the lantern
 * or the window an earlier batch put in. Whatever the read cannot tell is left out: a room with a block
 * the world could not read is dropped, a door whose other half cannot be read is not called incomplete.
 */
import type { BlockSpec } from '../../commands/block-write.js';
import type { BlockPos, Box } from '../../vocabulary/blocks/box.js';
import type { BlockState } from '../../vocabulary/blocks/block-state.js';
import { isLightSource } from '../block-data.js';
import { bare, doorHalf, isGlassName } from '../batch/blocks.js';
import type { BuildContext, Door, Feature, Room, RoomOpening } from '../context.js';
import { boundingBox, boxOf, intersection, type Side, SIDES, sideFace, step } from '../geometry.js';
import { isRoofSpace } from './roof-space.js';
import { unsupportedIn } from './support.js';
import { type CellKind, cellKind } from './cells.js';
import { enclosedRoomsNear, type FloodOptions, shellOf, type Space, spacesIn } from './spaces.js';
import type { WorldRegion } from './world-region.js';
import { BuildingModel } from './building.js';
import { blockedEntrances, blockerAt, groundBeds, hasBed } from './furniture.js';

/** Share of a room's columns a layer must cover to be its floor or roof (a stair hole is fine). */
const LAYER_COVERAGE = 0.9;

const specOf = (b: BlockState): BlockSpec => ({ name: b.name, states: b.properties });

const cellsOf = function* (b: Box): Generator<BlockPos> {
  for (let x = b.min.x; x <= b.max.x; x++)
    for (let y = b.min.y; y <= b.max.y; y++) for (let z = b.min.z; z <= b.max.z; z++) yield { x, y, z };
};

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
  const rooms = [...found, ...unfinished].map((part) =>
    attachFromWorld(part, region, kind, { doors, lights, windows }, version),
  );
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
  return { ...build, doors, beds, rooms, lights, windows, gaps, unsupported };
}

/**
 * The building model's rooms the batch touched (a write in a room's air or in its walls, floor or ceiling):
 * enclosed spaces near the writes, one per storey, where a player stands; roof space (air under a roof on
 * another room's ceiling, that no way leads into) is none. Each takes its name and material from a room the
 * batch outlined where one holds it. With `searchRooms` false only the outlined rooms' air is looked at.
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
      if (!writes.some((w) => intersection(w, box))) return [];
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
          hasFloor: layerCovered(air, interior.min.y - 1, kind),
          hasRoof: layerCovered(air, interior.max.y + 1, kind),
          ...(wayIn ? { wayIn } : {}),
        },
      ];
    });
  });
};

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

type Part = Pick<
  Room,
  'box' | 'interior' | 'source' | 'block' | 'entries' | 'hasFloor' | 'hasRoof' | 'wayIn'
> & {
  /** the open air the world holds there; absent: not read */
  space?: Space;
  /** a storey with another storey of the same air above it: no roof space (a basement, a ground floor) */
  under?: boolean;
};

/**
 * A part as the building model sees it: one part per storey of its air (a stairway or a hole in the floor
 * between two storeys is a passage), each with its way in from open sky.
 */
const storeysOf = (part: Part, model: BuildingModel, kind: (p: BlockPos) => CellKind): Part[] => {
  if (!part.space) return [part];
  const storeys = model.storeys(part.space);
  const judged = (stands: Parameters<BuildingModel['wayIn']>[0]): Pick<Part, 'wayIn'> => {
    const wayIn = model.wayIn(stands);
    return wayIn ? { wayIn } : {};
  };
  if (storeys.length === 1) return [{ ...part, ...judged(storeys[0]!.stands) }];
  return storeys.map(({ stands, space }, i) => {
    const interior = space.interior;
    return {
      ...part,
      ...(i < storeys.length - 1 ? { under: true } : {}),
      space,
      interior,
      box: intersection(shellOf(interior), part.box) ?? shellOf(interior),
      hasFloor: layerCovered(space, interior.min.y - 1, kind),
      hasRoof: layerCovered(space, interior.max.y + 1, kind),
      ...judged(stands),
    };
  });
};

/**
 * The open space inside a room the batch outlined, as the world holds it: one room, or several where inner
 * walls divide it. Nothing when the world cannot tell (a block unread) or holds no room there any more.
 */
const splitRoom = (
  room: Room,
  region: WorldRegion,
  version: string | undefined,
  flood: FloodOptions,
): Part[] => {
  const kind = (p: BlockPos): CellKind => cellKind(region, p, version);
  for (const p of cellsOf(room.box)) if (kind(p) === 'unknown') return [];
  const spaces = spacesIn(region, room.interior, version, flood) ?? [];
  // one space: the room the batch outlined, furniture and all
  const only = spaces.length === 1 ? spaces[0] : undefined;
  if (only) {
    const hasFloor = layerCovered(only, room.interior.min.y - 1, kind);
    const hasRoof = layerCovered(only, room.interior.max.y + 1, kind);
    // the box takes in the floor and roof the world shows, where the batch alone did not see them
    const box = {
      min: {
        ...room.box.min,
        y: hasFloor ? Math.min(room.box.min.y, room.interior.min.y - 1) : room.box.min.y,
      },
      max: {
        ...room.box.max,
        y: hasRoof ? Math.max(room.box.max.y, room.interior.max.y + 1) : room.box.max.y,
      },
    };
    return [{ ...room, box, space: only, hasFloor, hasRoof }];
  }
  return spaces.map((space) => {
    const interior = space.interior;
    const box = intersection(shellOf(interior), room.box)!;
    return {
      ...room,
      space,
      box,
      interior,
      hasFloor: layerCovered(space, interior.min.y - 1, kind),
      hasRoof: layerCovered(space, interior.max.y + 1, kind),
    };
  });
};

/** A hole in a floor or ceiling that meets a block within this many blocks leads to another storey. */
const MAX_STOREY = 8;

/**
 * The layer at `y` closes the space from above or below (unknown cells: assumed closed, no claim). A hole
 * in it that leads to another storey (a stair hole: open air that meets a block within MAX_STOREY going
 * on the same way) is no missing roof or floor.
 */
const layerCovered = (space: Space, y: number, kind: (p: BlockPos) => CellKind): boolean => {
  const dir = y > space.interior.max.y ? 1 : -1;
  // per column, the cell over its highest open cell (under its lowest): a pitched roof closes each column at
  // its own height
  const edge = new Map<string, number>();
  for (const k of space.open) {
    const [x, cy, z] = k.split(',').map(Number) as [number, number, number];
    const col = `${x},${z}`;
    const was = edge.get(col);
    if (was === undefined || (dir > 0 ? cy > was : cy < was)) edge.set(col, cy);
  }
  const closedBeyond = (x: number, from: number, z: number): boolean => {
    for (let d = 1; d <= MAX_STOREY; d++) {
      const k = kind({ x, y: from + dir * d, z });
      if (k === 'solid' || k === 'door') return true;
      if (k === 'unknown') return false;
    }
    return false;
  };
  let closed = 0;
  for (const column of space.columns) {
    const [x, z] = column.split(',').map(Number) as [number, number];
    const at = (edge.get(column) ?? y - dir) + dir;
    if (kind({ x, y: at, z }) !== 'open' || closedBeyond(x, at, z)) closed++;
  }
  return closed / space.columns.size >= LAYER_COVERAGE;
};

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
  version?: string,
): Room => {
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
          if (!isDoorway(p, side, kind)) continue;
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

/** A doorway is at most this wide (a double door, a wide arch) and this high. */
const MAX_DOORWAY_WIDTH = 3;
const MAX_DOORWAY_HEIGHT = 3;

/**
 * `p` (open, on something, open above) is the foot of a real opening in the wall on `side`: it leads
 * somewhere (open beyond it), lies in a run of at most MAX_DOORWAY_WIDTH such cells between two closed
 * jambs, and has a lintel at most MAX_DOORWAY_HEIGHT up. Air beside a wall (a room's box wider than its
 * air at that level) has no jambs, so it is no doorway.
 */
const isDoorway = (p: BlockPos, side: Side, kind: (p: BlockPos) => CellKind): boolean => {
  const closed = (q: BlockPos): boolean => kind(q) === 'solid' || kind(q) === 'door';
  if (kind(step(p, side)) !== 'open') return false;
  const along = side === 'north' || side === 'south' ? 'x' : 'z';
  const gap = (q: BlockPos): boolean => kind(q) === 'open' && kind({ ...q, y: q.y + 1 }) === 'open';
  let width = 1;
  for (const dir of [-1, 1]) {
    let q = { ...p, [along]: p[along] + dir };
    while (gap(q) && width <= MAX_DOORWAY_WIDTH) {
      width++;
      q = { ...q, [along]: q[along] + dir };
    }
    if (!closed(q)) return false;
  }
  if (width > MAX_DOORWAY_WIDTH) return false;
  for (let h = 2; h <= MAX_DOORWAY_HEIGHT; h++) if (closed({ ...p, y: p.y + h })) return true;
  return false;
};

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
