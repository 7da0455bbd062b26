/**
 * Block positions and inclusive boxes of them, iterated in one order everywhere: y, then z, then x.
 */
import { z } from 'zod';

export interface BlockPos {
  x: number;
  y: number;
  z: number;
}

/** Inclusive axis-aligned box. */
export interface Box {
  min: BlockPos;
  max: BlockPos;
}

export const BlockPosSchema = z.object({ x: z.number().int(), y: z.number().int(), z: z.number().int() });
export const BoxSchema = z.object({ min: BlockPosSchema, max: BlockPosSchema });

export const boxOf = (a: BlockPos, b: BlockPos): Box => ({
  min: { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), z: Math.min(a.z, b.z) },
  max: { x: Math.max(a.x, b.x), y: Math.max(a.y, b.y), z: Math.max(a.z, b.z) },
});

export const sizeOf = (box: Box): BlockPos => ({
  x: box.max.x - box.min.x + 1,
  y: box.max.y - box.min.y + 1,
  z: box.max.z - box.min.z + 1,
});

export const volumeOf = (box: Box): number => {
  const s = sizeOf(box);
  return s.x * s.y * s.z;
};

export const contains = (box: Box, p: BlockPos): boolean =>
  p.x >= box.min.x &&
  p.x <= box.max.x &&
  p.y >= box.min.y &&
  p.y <= box.max.y &&
  p.z >= box.min.z &&
  p.z <= box.max.z;

export const onShell = (box: Box, p: BlockPos): boolean =>
  p.x === box.min.x ||
  p.x === box.max.x ||
  p.y === box.min.y ||
  p.y === box.max.y ||
  p.z === box.min.z ||
  p.z === box.max.z;

/** Index of `p` in y, z, x order (x fastest); `p` must be inside `box`. */
export const indexIn = (box: Box, p: BlockPos): number => {
  const s = sizeOf(box);
  return ((p.y - box.min.y) * s.z + (p.z - box.min.z)) * s.x + (p.x - box.min.x);
};

export function* positions(box: Box): Generator<BlockPos> {
  for (let y = box.min.y; y <= box.max.y; y++) {
    for (let z = box.min.z; z <= box.max.z; z++) {
      for (let x = box.min.x; x <= box.max.x; x++) yield { x, y, z };
    }
  }
}

export const posKey = (p: BlockPos): string => `${p.x},${p.y},${p.z}`;

/** Compares positions in y, z, x order. */
export const comparePos = (a: BlockPos, b: BlockPos): number => a.y - b.y || a.z - b.z || a.x - b.x;

/**
 * Merges a set of cells (given as x-runs per y and z, sorted in y, z, x order) into boxes: runs with the
 * same x extent on consecutive z become rectangles, rectangles with the same x/z extent on consecutive y
 * become boxes. Deterministic; not always the fewest boxes.
 */
export function mergeRuns(runs: ReadonlyArray<{ y: number; z: number; x: number; length: number }>): Box[] {
  const rects: Array<{ y: number; x0: number; x1: number; z0: number; z1: number }> = [];
  const open = new Map<string, (typeof rects)[number]>();
  for (const r of runs) {
    const x1 = r.x + r.length - 1;
    const key = `${r.y}:${r.x}:${x1}`;
    const prev = open.get(key);
    if (prev && prev.z1 === r.z - 1) prev.z1 = r.z;
    else {
      const rect = { y: r.y, x0: r.x, x1, z0: r.z, z1: r.z };
      rects.push(rect);
      open.set(key, rect);
    }
  }
  const boxes: Box[] = [];
  const openBoxes = new Map<string, Box>();
  for (const r of rects) {
    const key = `${r.x0}:${r.x1}:${r.z0}:${r.z1}`;
    const prev = openBoxes.get(key);
    if (prev && prev.max.y === r.y - 1) prev.max.y = r.y;
    else {
      const box = { min: { x: r.x0, y: r.y, z: r.z0 }, max: { x: r.x1, y: r.y, z: r.z1 } };
      boxes.push(box);
      openBoxes.set(key, box);
    }
  }
  return boxes;
}

export function boxInside(inner: Box, outer: Box): boolean {
  return (
    inner.min.x >= outer.min.x &&
    inner.min.y >= outer.min.y &&
    inner.min.z >= outer.min.z &&
    inner.max.x <= outer.max.x &&
    inner.max.y <= outer.max.y &&
    inner.max.z <= outer.max.z
  );
}

/** The parts of `box` outside `cut` (up to six boxes). */
function subtract(box: Box, cut: Box): Box[] {
  const lo = {
    x: Math.max(box.min.x, cut.min.x),
    y: Math.max(box.min.y, cut.min.y),
    z: Math.max(box.min.z, cut.min.z),
  };
  const hi = {
    x: Math.min(box.max.x, cut.max.x),
    y: Math.min(box.max.y, cut.max.y),
    z: Math.min(box.max.z, cut.max.z),
  };
  if (lo.x > hi.x || lo.y > hi.y || lo.z > hi.z) return [box];
  const parts: Box[] = [];
  const { min, max } = box;
  if (min.x < lo.x) parts.push({ min, max: { ...max, x: lo.x - 1 } });
  if (max.x > hi.x) parts.push({ min: { ...min, x: hi.x + 1 }, max });
  const midX = { min: { ...min, x: lo.x }, max: { ...max, x: hi.x } };
  if (min.y < lo.y) parts.push({ min: midX.min, max: { ...midX.max, y: lo.y - 1 } });
  if (max.y > hi.y) parts.push({ min: { ...midX.min, y: hi.y + 1 }, max: midX.max });
  const midY = { min: { ...midX.min, y: lo.y }, max: { ...midX.max, y: hi.y } };
  if (min.z < lo.z) parts.push({ min: midY.min, max: { ...midY.max, z: lo.z - 1 } });
  if (max.z > hi.z) parts.push({ min: { ...midY.min, z: hi.z + 1 }, max: midY.max });
  return parts;
}

/** Whether every block of `box` lies in at least one of `cover` (a union of boxes). */
export function coveredBy(box: Box, cover: readonly Box[]): boolean {
  const [first, ...rest] = cover;
  if (first === undefined) return false;
  if (boxInside(box, first)) return true;
  return subtract(box, first).every((part) => coveredBy(part, rest));
}

export function formatBox(box: Box): string {
  const p = (b: BlockPos) => `${b.x} ${b.y} ${b.z}`;
  return `${p(box.min)} .. ${p(box.max)}`;
}
