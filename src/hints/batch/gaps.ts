/** Perpendicular walls whose ends nearly meet: the gap a player (or a mob) walks through. */
import type { Box } from '../../vocabulary/blocks/box.js';
import type { WallGap } from '../context.js';
import { boxOf } from '../geometry.js';
import { distanceOutside, type Segment, yOverlap } from './walls.js';
import type { WrittenWorld } from './written-world.js';

/** Ends further apart than this are taken as meant to stay apart. */
export const MAX_WALL_GAP = 3;

/**
 * `walls` are indexed as in `BuildContext.walls`; `inRoom` marks walls already closed into a room, whose
 * ends are not loose.
 */
export const findGaps = (
  walls: readonly Segment[],
  inRoom: ReadonlySet<number>,
  world: WrittenWorld,
): WallGap[] => {
  const gaps: WallGap[] = [];
  walls.forEach((xw, i) => {
    if (xw.plane !== 'x') return;
    walls.forEach((zw, j) => {
      if (zw.plane !== 'z') return;
      const ys = yOverlap(xw, zw);
      if (!ys || ys[1] - ys[0] < 1) return;
      const gap = gapBetween(xw, zw, ys, world);
      if (!gap) return;
      // a wall closed into a room has no loose end to extend
      if (gap.some((f) => inRoom.has(f.wall === 'x' ? i : j))) return;
      gaps.push({
        walls: [i, j],
        corner: { x: xw.at, z: zw.at },
        fills: gap.map((f) => ({
          box: f.box,
          block: f.wall === 'x' ? xw.block : zw.block,
          wall: f.wall === 'x' ? i : j,
        })),
      });
    });
  });
  return gaps;
};

/** The runs that would close the corner, or undefined when the walls meet (or are too far apart). */
const gapBetween = (
  xw: Segment,
  zw: Segment,
  [y0, y1]: [number, number],
  world: WrittenWorld,
): Array<{ box: Box; wall: 'x' | 'z' }> | undefined => {
  const corner = { x: xw.at, z: zw.at };
  const dx = distanceOutside(xw, corner.z); // how far the x-wall stops short of the corner
  const dz = distanceOutside(zw, corner.x);
  if (dx > MAX_WALL_GAP || dz > MAX_WALL_GAP) return undefined;
  if ((dx === 0 && dz <= 1) || (dz === 0 && dx <= 1)) return undefined;
  const fills: Array<{ box: Box; wall: 'x' | 'z' }> = [];
  // the x-wall takes the corner cell unless the z-wall already has it
  if (dx > 0 && dz > 0) {
    fills.push({ wall: 'x', box: run('x', xw.at, towards(xw, corner.z, 0), y0, y1) });
  } else if (dx > 1) {
    fills.push({ wall: 'x', box: run('x', xw.at, towards(xw, corner.z, 1), y0, y1) });
  }
  if (dz > 1) {
    fills.push({ wall: 'z', box: run('z', zw.at, towards(zw, corner.x, 1), y0, y1) });
  }
  if (fills.length === 0) return undefined;
  const everyCellFilled = fills.every((f) => cells(f.box).every((p) => world.isFilled(p)));
  return everyCellFilled ? undefined : fills;
};

/** The cells from the end of `s` up to `target`, stopping `short` cells before it. */
const towards = (s: Segment, target: number, short: number): [number, number] =>
  target < s.from ? [target + short, s.from - 1] : [s.to + 1, target - short];

const run = (plane: 'x' | 'z', at: number, [from, to]: [number, number], y0: number, y1: number): Box =>
  plane === 'x'
    ? boxOf({ x: at, y: y0, z: from }, { x: at, y: y1, z: to })
    : boxOf({ x: from, y: y0, z: at }, { x: to, y: y1, z: at });

const cells = (b: Box) => {
  const out: Array<{ x: number; y: number; z: number }> = [];
  for (let x = b.min.x; x <= b.max.x; x++)
    for (let y = b.min.y; y <= b.max.y; y++) for (let z = b.min.z; z <= b.max.z; z++) out.push({ x, y, z });
  return out;
};
