/**
 * Seeing into a room: when the top of the box is a ceiling or roof (layers that cover air), those layers
 * are left out of the picture so the floor, the furniture and the inside of the walls show.
 */
import { AIR_CELL, type BlockGrid, UNLOADED_CELL } from './render-grid.js';

export interface Cutaway {
  /** box-relative layer from which everything up was left out */
  fromDy: number;
  /** blocks left out */
  removed: number;
  /** per column (dz * size.x + dx): 1 where the cut layer held a block, i.e. the room's roofed area */
  roofed: Uint8Array;
}

const isBlock = (cell: number) => cell >= 0;

/** Whether layer `dy` roofs over air: enough of its blocks stand right above air in the layer below. */
function covers(grid: BlockGrid, dy: number): boolean {
  const { x: sx, z: sz } = grid.size;
  let blocks = 0;
  let overAir = 0;
  for (let dz = 0; dz < sz; dz++) {
    for (let dx = 0; dx < sx; dx++) {
      if (!isBlock(grid.at(dx, dy, dz))) continue;
      blocks++;
      if (grid.at(dx, dy - 1, dz) === AIR_CELL) overAir++;
    }
  }
  return overAir >= 4 && overAir >= 0.3 * blocks;
}

function layerEmpty(grid: BlockGrid, dy: number): boolean {
  for (let dz = 0; dz < grid.size.z; dz++)
    for (let dx = 0; dx < grid.size.x; dx++) if (isBlock(grid.at(dx, dy, dz))) return false;
  return true;
}

/**
 * The layers to leave out: from the highest non-empty layer down while each roofs over air (a pitched
 * roof, then the ceiling), stopping above the first layer that does not (the room's walls). A box whose
 * top roofs nothing (open ground, a hill, a floor) is left whole.
 */
export function findCeiling(grid: BlockGrid): number | undefined {
  let top = grid.size.y - 1;
  while (top >= 1 && layerEmpty(grid, top)) top--;
  if (top < 1 || !covers(grid, top)) return undefined;
  let from = top;
  while (from - 1 >= 1 && covers(grid, from - 1)) from--;
  return from;
}

/** Leaves out every block from layer `fromDy` up (unloaded cells stay hatched). */
export function cutAway(grid: BlockGrid, fromDy: number): Cutaway {
  const { x: sx, y: sy, z: sz } = grid.size;
  let removed = 0;
  const roofed = new Uint8Array(sx * sz);
  for (let dz = 0; dz < sz; dz++)
    for (let dx = 0; dx < sx; dx++) if (isBlock(grid.at(dx, fromDy, dz))) roofed[dz * sx + dx] = 1;
  for (let dy = fromDy; dy < sy; dy++) {
    for (let dz = 0; dz < sz; dz++) {
      for (let dx = 0; dx < sx; dx++) {
        const i = (dy * sz + dz) * sx + dx;
        const cell = grid.cells[i]!;
        if (cell === UNLOADED_CELL || cell === AIR_CELL) continue;
        grid.cells[i] = AIR_CELL;
        removed++;
      }
    }
  }
  return { fromDy, removed, roofed };
}

/** What the isometric drawing knows of a cut-away area, in its own (turned) frame; viewer toward +x, +z. */
export interface SeenFrom {
  solid(lx: number, dy: number, lz: number): boolean;
  /** under the cut-away layer (false outside the area) */
  roofed(lx: number, lz: number): boolean;
}

/**
 * Whether a full block is part of the near side of the shell, drawn see-through: a wall with the room
 * right behind it and only wall, then open air, in front of it, judged across the wall — along x for a
 * wall that runs along z, along z for one that runs along x, on the diagonal for a corner. A wall that
 * splits two rooms has a room in front of it and stays drawn, and so does the wall beside its doorway.
 */
export function isNearWall(seen: SeenFrom, lx: number, dy: number, lz: number): boolean {
  const room = (x: number, z: number) => seen.roofed(x, z) && !seen.solid(x, dy, z);
  const openInFront = (sx: number, sz: number) => {
    for (let x = lx + sx, z = lz + sz; ; x += sx, z += sz) {
      if (!seen.roofed(x, z)) return true;
      if (!seen.solid(x, dy, z)) return false;
    }
  };
  const runsAlongX = seen.solid(lx - 1, dy, lz) || seen.solid(lx + 1, dy, lz);
  const runsAlongZ = seen.solid(lx, dy, lz - 1) || seen.solid(lx, dy, lz + 1);
  return (
    (runsAlongZ && room(lx - 1, lz) && openInFront(1, 0)) ||
    (runsAlongX && room(lx, lz - 1) && openInFront(0, 1)) ||
    (runsAlongX && runsAlongZ && room(lx - 1, lz - 1) && openInFront(1, 1))
  );
}
