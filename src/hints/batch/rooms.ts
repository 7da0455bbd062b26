/** Finding enclosed spaces: a hollow/outline fill, a solid fill carved out, or four walls meeting. */
import type { BlockSpec } from '../../commands/block-write.js';
import type { Box } from '../../vocabulary/blocks/box.js';
import { roleOf } from './blocks.js';
import type { Room } from '../context.js';
import { boxOf, sameBox, shrink } from '../geometry.js';
import { covers, type Segment, yOverlap } from './walls.js';
import type { CountedWrite, WrittenWorld } from './written-world.js';

/** A room before doors, windows and lights are attached. */
export type RoomShape = Omit<Room, 'doors' | 'windows' | 'doorways' | 'lights'> & { segments?: Segment[] };

/** Walls per axis considered for rooms, so the work stays bounded on huge batches. */
const MAX_WALLS_PER_AXIS = 512;
/** Share of interior cells a layer must cover to count as floor or roof (a stair hole is fine). */
const LAYER_COVERAGE = 0.9;
/** Cells sampled at most per layer; bigger layers are sampled on a grid. */
const MAX_LAYER_SAMPLES = 4096;

const isStructural = (block: BlockSpec): boolean => {
  const role = roleOf(block);
  return role !== 'air' && role !== 'door';
};

export const roomsFromFills = (writes: readonly CountedWrite[]): RoomShape[] => {
  const rooms: RoomShape[] = [];
  writes.forEach((w, i) => {
    const write = w.write;
    if (write.kind !== 'fill' || !isStructural(write.block)) return;
    const interior = shrink(w.box, 1);
    if (!interior) return;
    if (write.mode === 'hollow' || write.mode === 'outline') {
      rooms.push(shellRoom(w, interior, write.mode, write.block, true));
      return;
    }
    if (write.filter) return;
    // a solid box with its inside filled with air later: carved, with or without its top layer
    for (const later of writes.slice(i + 1)) {
      const air = later.write;
      if (air.kind !== 'fill' || roleOf(air.block) !== 'air' || air.filter) continue;
      const withRoof = sameBox(later.box, interior);
      const openTop = sameBox(later.box, { min: interior.min, max: { ...interior.max, y: w.box.max.y } });
      if (!withRoof && !openTop) continue;
      const room = shellRoom(w, later.box, 'carved', write.block, withRoof);
      room.entries = [w.entry, later.entry];
      rooms.push(room);
      return;
    }
  });
  return rooms;
};

const shellRoom = (
  w: CountedWrite,
  interior: Box,
  source: RoomShape['source'],
  block: BlockSpec,
  hasRoof: boolean,
): RoomShape => ({
  box: w.box,
  interior,
  source,
  block,
  entries: [w.entry],
  hasFloor: true,
  hasRoof,
});

/** Four walls (x = a, x = b, z = c, z = d) that span the sides between them and close the corners. */
export const roomsFromWalls = (segments: readonly Segment[], world: WrittenWorld): RoomShape[] => {
  const xs = segments.filter((s) => s.plane === 'x').slice(0, MAX_WALLS_PER_AXIS);
  const zs = segments.filter((s) => s.plane === 'z').slice(0, MAX_WALLS_PER_AXIS);
  const rooms: RoomShape[] = [];
  for (const west of xs) {
    const a = west.at;
    // north and south walls must cross x = a + 1 and lie where the west wall can close them
    const crossing = zs.filter((s) => s.from <= a + 1 && s.to >= a + 1);
    const norths = crossing.filter((s) => s.at >= west.from - 1 && s.at <= west.to);
    const souths = crossing.filter((s) => s.at >= west.from && s.at <= west.to + 1);
    for (const north of norths) {
      for (const south of souths) {
        if (south.at < north.at + 2) continue;
        for (const east of xs) {
          if (east.at < a + 2 || !spans(east, north.at + 1, south.at - 1)) continue;
          const room = enclose(west, east, north, south, xs, zs, world);
          if (room && !rooms.some((r) => sameBox(r.box, room.box))) rooms.push(room);
        }
      }
    }
  }
  return rooms;
};

const spans = (s: Segment, lo: number, hi: number): boolean => s.from <= lo && s.to >= hi;

const enclose = (
  west: Segment,
  east: Segment,
  north: Segment,
  south: Segment,
  xWalls: readonly Segment[],
  zWalls: readonly Segment[],
  world: WrittenWorld,
): RoomShape | undefined => {
  const [a, b, c, d] = [west.at, east.at, north.at, south.at];
  if (!spans(west, c + 1, d - 1) || !spans(east, c + 1, d - 1)) return undefined;
  if (!spans(north, a + 1, b - 1) || !spans(south, a + 1, b - 1)) return undefined;
  const corners: Array<[Segment, Segment, number, number]> = [
    [west, north, c, a],
    [west, south, d, a],
    [east, north, c, b],
    [east, south, d, b],
  ];
  // a corner is closed when either wall reaches it (or something else was built there)
  for (const [xw, zw, zAt, xAt] of corners) {
    if (covers(xw, zAt) || covers(zw, xAt)) continue;
    if (!world.isFilled({ x: xAt, y: Math.max(xw.y0, zw.y0), z: zAt })) return undefined;
  }
  const y0 = Math.max(west.y0, east.y0, north.y0, south.y0);
  const y1 = Math.min(west.y1, east.y1, north.y1, south.y1);
  if (y1 - y0 < 1) return undefined;
  // a wall across the middle makes this two rooms, not one
  const dividedX = xWalls.some((s) => s.at > a && s.at < b && spans(s, c + 1, d - 1) && yOverlap(s, west));
  const dividedZ = zWalls.some((s) => s.at > c && s.at < d && spans(s, a + 1, b - 1) && yOverlap(s, north));
  if (dividedX || dividedZ) return undefined;

  const footprint = { minX: a + 1, maxX: b - 1, minZ: c + 1, maxZ: d - 1 };
  const layer = (y: number) => covered(world, footprint, y);
  const floorY = layer(y0 - 1) ? y0 - 1 : layer(y0) ? y0 : undefined;
  const roofY = layer(y1 + 1) ? y1 + 1 : layer(y1) ? y1 : undefined;
  const interior = boxOf(
    { x: a + 1, y: floorY === undefined ? y0 : floorY + 1, z: c + 1 },
    { x: b - 1, y: roofY === undefined ? y1 : roofY - 1, z: d - 1 },
  );
  if (interior.max.y < interior.min.y) return undefined;
  const entries = [...new Set([west, east, north, south].flatMap((s) => s.entries))].sort((p, q) => p - q);
  return {
    box: boxOf({ x: a, y: floorY ?? y0, z: c }, { x: b, y: roofY ?? y1, z: d }),
    interior,
    source: 'walls',
    block: west.block,
    entries,
    hasFloor: floorY !== undefined,
    hasRoof: roofY !== undefined,
    segments: [west, east, north, south],
  };
};

const covered = (
  world: WrittenWorld,
  f: { minX: number; maxX: number; minZ: number; maxZ: number },
  y: number,
): boolean => {
  const area = (f.maxX - f.minX + 1) * (f.maxZ - f.minZ + 1);
  const step = Math.max(1, Math.ceil(Math.sqrt(area / MAX_LAYER_SAMPLES)));
  let total = 0;
  let filled = 0;
  for (let x = f.minX; x <= f.maxX; x += step) {
    for (let z = f.minZ; z <= f.maxZ; z += step) {
      total++;
      if (world.isFilled({ x, y, z })) filled++;
    }
  }
  return total > 0 && filled / total >= LAYER_COVERAGE;
};

/** Rooms found twice (a hollow fill whose faces also look like walls) are kept once, first source wins. */
export const distinctRooms = (rooms: readonly RoomShape[]): RoomShape[] =>
  rooms.filter((r, i) => rooms.findIndex((o) => sameBox(o.box, r.box)) === i);
