/**
 * Seeing an area from any of its four corners: the isometric drawing always looks from local +x/+z, so
 * the area is turned about the vertical axis (in 90° steps) until the chosen corner is there. Cells,
 * block shapes and axis labels are turned together.
 */
import type { BlockPos, Box } from '../vocabulary/blocks/box.js';
import type { Cuboid } from './shapes.js';

export const CORNERS = ['south-east', 'south-west', 'north-west', 'north-east'] as const;
export type Corner = (typeof CORNERS)[number];

export interface Turn {
  corner: Corner;
  /** size of the turned area (x and z swap for a quarter turn) */
  size: BlockPos;
  /** world offset (from the box's min corner) of a local cell */
  toWorld(lx: number, lz: number): { dx: number; dz: number };
  /** the local cell of a world offset */
  toLocal(dx: number, dz: number): { lx: number; lz: number };
  /** the block-local shape as seen in the turned frame */
  cuboid(c: Cuboid): Cuboid;
  /** which world axis runs along local x and local z, and the world coordinate at a local index */
  axes: { x: AxisLabel; z: AxisLabel };
}

export interface AxisLabel {
  axis: 'x' | 'z';
  /** compass direction the local axis points to */
  towards: 'east' | 'west' | 'south' | 'north';
  coordinate(local: number): number;
}

export function turnFor(corner: Corner, box: Box): Turn {
  const s = { x: box.max.x - box.min.x + 1, y: box.max.y - box.min.y + 1, z: box.max.z - box.min.z + 1 };
  const { min, max } = box;
  switch (corner) {
    case 'south-east':
      return {
        corner,
        size: s,
        toWorld: (lx, lz) => ({ dx: lx, dz: lz }),
        toLocal: (dx, dz) => ({ lx: dx, lz: dz }),
        cuboid: (c) => c,
        axes: {
          x: { axis: 'x', towards: 'east', coordinate: (l) => min.x + l },
          z: { axis: 'z', towards: 'south', coordinate: (l) => min.z + l },
        },
      };
    case 'south-west':
      // local x = world z, local z = world -x
      return {
        corner,
        size: { x: s.z, y: s.y, z: s.x },
        toWorld: (lx, lz) => ({ dx: s.x - 1 - lz, dz: lx }),
        toLocal: (dx, dz) => ({ lx: dz, lz: s.x - 1 - dx }),
        cuboid: (c) => ({ ...c, x0: c.z0, x1: c.z1, y0: c.y0, y1: c.y1, z0: 1 - c.x1, z1: 1 - c.x0 }),
        axes: {
          x: { axis: 'z', towards: 'south', coordinate: (l) => min.z + l },
          z: { axis: 'x', towards: 'west', coordinate: (l) => max.x - l },
        },
      };
    case 'north-west':
      return {
        corner,
        size: s,
        toWorld: (lx, lz) => ({ dx: s.x - 1 - lx, dz: s.z - 1 - lz }),
        toLocal: (dx, dz) => ({ lx: s.x - 1 - dx, lz: s.z - 1 - dz }),
        cuboid: (c) => ({ ...c, x0: 1 - c.x1, x1: 1 - c.x0, y0: c.y0, y1: c.y1, z0: 1 - c.z1, z1: 1 - c.z0 }),
        axes: {
          x: { axis: 'x', towards: 'west', coordinate: (l) => max.x - l },
          z: { axis: 'z', towards: 'north', coordinate: (l) => max.z - l },
        },
      };
    case 'north-east':
      // local x = world -z, local z = world x
      return {
        corner,
        size: { x: s.z, y: s.y, z: s.x },
        toWorld: (lx, lz) => ({ dx: lz, dz: s.z - 1 - lx }),
        toLocal: (dx, dz) => ({ lx: s.z - 1 - dz, lz: dx }),
        cuboid: (c) => ({ ...c, x0: 1 - c.z1, x1: 1 - c.z0, y0: c.y0, y1: c.y1, z0: c.x0, z1: c.x1 }),
        axes: {
          x: { axis: 'z', towards: 'north', coordinate: (l) => max.z - l },
          z: { axis: 'x', towards: 'east', coordinate: (l) => min.x + l },
        },
      };
  }
}
