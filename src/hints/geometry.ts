/** Box arithmetic for the hint analyzer. Every box is inclusive and normalized (min ≤ max on each axis). */
import type { BlockWrite } from '../commands/block-write.js';
import type { BlockPos, Box } from '../vocabulary/blocks/box.js';

export type Axis = 'x' | 'y' | 'z';
export const AXES: readonly Axis[] = ['x', 'y', 'z'];

/** The four vertical sides of a box, by the direction they face (Minecraft: north = -z, west = -x). */
export type Side = 'north' | 'south' | 'west' | 'east';
export const SIDES: readonly Side[] = ['north', 'south', 'west', 'east'];

export const boxOf = (a: BlockPos, b: BlockPos): Box => ({
  min: { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), z: Math.min(a.z, b.z) },
  max: { x: Math.max(a.x, b.x), y: Math.max(a.y, b.y), z: Math.max(a.z, b.z) },
});

export const pointBox = (p: BlockPos): Box => boxOf(p, p);

export const size = (b: Box, axis: Axis): number => b.max[axis] - b.min[axis] + 1;

export const volume = (b: Box): number => size(b, 'x') * size(b, 'y') * size(b, 'z');

export const containsPos = (b: Box, p: BlockPos): boolean =>
  AXES.every((a) => p[a] >= b.min[a] && p[a] <= b.max[a]);

export const containsBox = (outer: Box, inner: Box): boolean =>
  containsPos(outer, inner.min) && containsPos(outer, inner.max);

export const intersection = (a: Box, b: Box): Box | undefined => {
  const min = { x: 0, y: 0, z: 0 };
  const max = { x: 0, y: 0, z: 0 };
  for (const axis of AXES) {
    min[axis] = Math.max(a.min[axis], b.min[axis]);
    max[axis] = Math.min(a.max[axis], b.max[axis]);
    if (min[axis] > max[axis]) return undefined;
  }
  return { min, max };
};

export const shrink = (b: Box, by: number): Box | undefined => {
  const inner = {
    min: { x: b.min.x + by, y: b.min.y + by, z: b.min.z + by },
    max: { x: b.max.x - by, y: b.max.y - by, z: b.max.z - by },
  };
  return AXES.every((a) => inner.min[a] <= inner.max[a]) ? inner : undefined;
};

export const boundingBox = (boxes: readonly Box[]): Box | undefined => {
  const [first, ...rest] = boxes;
  if (!first) return undefined;
  return rest.reduce((acc, b) => boxOf(minPos(acc.min, b.min), maxPos(acc.max, b.max)), first);
};

const minPos = (a: BlockPos, b: BlockPos): BlockPos => ({
  x: Math.min(a.x, b.x),
  y: Math.min(a.y, b.y),
  z: Math.min(a.z, b.z),
});
const maxPos = (a: BlockPos, b: BlockPos): BlockPos => ({
  x: Math.max(a.x, b.x),
  y: Math.max(a.y, b.y),
  z: Math.max(a.z, b.z),
});

export const sameBox = (a: Box, b: Box): boolean =>
  AXES.every((axis) => a.min[axis] === b.min[axis] && a.max[axis] === b.max[axis]);

/** The blocks a write can change: the fill box, the setblock position, the clone destination. */
export const writeBox = (w: BlockWrite): Box => {
  switch (w.kind) {
    case 'setblock':
      return pointBox(w.pos);
    case 'fill':
      return boxOf(w.from, w.to);
    case 'clone': {
      const src = boxOf(w.from, w.to);
      const d = w.destination;
      return boxOf(d, {
        x: d.x + size(src, 'x') - 1,
        y: d.y + size(src, 'y') - 1,
        z: d.z + size(src, 'z') - 1,
      });
    }
  }
};

/**
 * Every box a write changes: its own (writeBox), and the source `clone … move` leaves air in (vanilla's
 * CloneCommands empties it), unless that source is in another dimension.
 */
export const writeBoxes = (w: BlockWrite): Box[] =>
  w.kind === 'clone' && w.cloneMode === 'move' && w.sourceDimension === undefined
    ? [writeBox(w), boxOf(w.from, w.to)]
    : [writeBox(w)];

/** The vertical face of `b` on `side`, one block thick, without the two corner columns. */
export const sideFace = (b: Box, side: Side): Box => {
  const inner = { minX: b.min.x + 1, maxX: b.max.x - 1, minZ: b.min.z + 1, maxZ: b.max.z - 1 };
  switch (side) {
    case 'north':
      return boxOf({ x: inner.minX, y: b.min.y, z: b.min.z }, { x: inner.maxX, y: b.max.y, z: b.min.z });
    case 'south':
      return boxOf({ x: inner.minX, y: b.min.y, z: b.max.z }, { x: inner.maxX, y: b.max.y, z: b.max.z });
    case 'west':
      return boxOf({ x: b.min.x, y: b.min.y, z: inner.minZ }, { x: b.min.x, y: b.max.y, z: inner.maxZ });
    case 'east':
      return boxOf({ x: b.max.x, y: b.min.y, z: inner.minZ }, { x: b.max.x, y: b.max.y, z: inner.maxZ });
  }
};

const OPPOSITE: Record<Side, Side> = { north: 'south', south: 'north', west: 'east', east: 'west' };

/** The direction a player looks when walking through `side` into the box (= the opposite side). */
export const opposite = (side: Side): Side => OPPOSITE[side];

const OUTWARD: Record<Side, BlockPos> = {
  north: { x: 0, y: 0, z: -1 },
  south: { x: 0, y: 0, z: 1 },
  west: { x: -1, y: 0, z: 0 },
  east: { x: 1, y: 0, z: 0 },
};

/** `n` blocks from `p` towards `side` (backwards for negative `n`). */
export const step = (p: BlockPos, side: Side, n = 1): BlockPos => ({
  x: p.x + OUTWARD[side].x * n,
  y: p.y,
  z: p.z + OUTWARD[side].z * n,
});

export const formatPos = (p: BlockPos): string => `${p.x} ${p.y} ${p.z}`;

export const formatBox = (b: Box): string => `(${p3(b.min)})–(${p3(b.max)})`;
const p3 = (p: BlockPos): string => `${p.x},${p.y},${p.z}`;

export const dims = (b: Box): string => `${size(b, 'x')}×${size(b, 'y')}×${size(b, 'z')}`;
