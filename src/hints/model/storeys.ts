/**
 * A room storey by storey, as an answer names it: the open air of one storey (building.ts `storeys`), its
 * box grown by its walls, floor and roof, and whether a floor and a roof close it. The model's enclosed
 * rooms come here whole; so do the walls a batch outlined that enclose no room yet (no roof, a gap), whose
 * air is split where inner walls or floors divide it, so that what they lack can be said of each part.
 */
import type { Box, BlockPos } from '../../vocabulary/blocks/box.js';
import type { Room } from '../context.js';
import { intersection } from '../geometry.js';
import { type CellKind, cellKind } from './cells.js';
import { type FloodOptions, shellOf, type Space, spacesIn } from './spaces.js';
import type { WorldRegion } from './world-region.js';
import type { BuildingModel } from './building.js';

/** Share of a room's columns a layer must cover to be its floor or roof (a stair hole is fine). */
const LAYER_COVERAGE = 0.9;
/** A hole in a floor or ceiling that meets a block within this many blocks leads to another storey. */
const MAX_STOREY = 8;

export const cellsOf = function* (b: Box): Generator<BlockPos> {
  for (let x = b.min.x; x <= b.max.x; x++)
    for (let y = b.min.y; y <= b.max.y; y++) for (let z = b.min.z; z <= b.max.z; z++) yield { x, y, z };
};

/** A room before its doors, windows and lights are attached (grounded.ts). */
export type Part = Pick<
  Room,
  'box' | 'interior' | 'source' | 'block' | 'entries' | 'hasFloor' | 'hasRoof' | 'wayIn'
> & {
  /** the open air the world holds there; absent: not read */
  space?: Space;
  /** a storey with another storey of the same air above it: no roof space (a basement, a ground floor) */
  under?: boolean;
};

/**
 * The layer at `y` closes the space from above or below (unknown cells: assumed closed, no claim). A hole
 * in it that leads to another storey (a stair hole: open air that meets a block within MAX_STOREY going
 * on the same way) is no missing roof or floor.
 */
export const layerCovered = (space: Space, y: number, kind: (p: BlockPos) => CellKind): boolean => {
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

/** Floor and roof of a storey's air, as the world shows them. */
export const floorAndRoof = (
  space: Space,
  kind: (p: BlockPos) => CellKind,
): Pick<Part, 'hasFloor' | 'hasRoof'> => ({
  hasFloor: layerCovered(space, space.interior.min.y - 1, kind),
  hasRoof: layerCovered(space, space.interior.max.y + 1, kind),
});

/**
 * A part as the building model sees it: one part per storey of its air (a stairway or a hole in the floor
 * between two storeys is a passage), each with its way in from open sky.
 */
export const storeysOf = (part: Part, model: BuildingModel, kind: (p: BlockPos) => CellKind): Part[] => {
  if (!part.space) return [part];
  const storeys = model.storeys(part.space);
  const judged = (stands: Parameters<BuildingModel['wayIn']>[0]): Pick<Part, 'wayIn'> => {
    const wayIn = model.wayIn(stands);
    return wayIn ? { wayIn } : {};
  };
  if (storeys.length === 1) return [{ ...part, ...judged(storeys[0]!.stands) }];
  return storeys.map(({ stands, space }, i) => ({
    ...part,
    ...(i < storeys.length - 1 ? { under: true } : {}),
    space,
    interior: space.interior,
    box: intersection(shellOf(space.interior), part.box) ?? shellOf(space.interior),
    ...floorAndRoof(space, kind),
    ...judged(stands),
  }));
};

/**
 * The open space inside a room the batch outlined, as the world holds it: one room, or several where inner
 * walls divide it. Nothing when the world cannot tell (a block unread) or holds no room there any more.
 */
export const splitRoom = (
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
  return spaces.map((space) => ({
    ...room,
    space,
    box: intersection(shellOf(space.interior), room.box)!,
    interior: space.interior,
    ...floorAndRoof(space, kind),
  }));
};
