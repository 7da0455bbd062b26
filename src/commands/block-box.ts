/** The regions a block write can change, as inclusive boxes. */
import type { BlockPos, BlockWrite, Box } from './block-write.js';

export function boxOf(a: BlockPos, b: BlockPos): Box {
  return {
    min: { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), z: Math.min(a.z, b.z) },
    max: { x: Math.max(a.x, b.x), y: Math.max(a.y, b.y), z: Math.max(a.z, b.z) },
  };
}

/** Number of blocks in an inclusive box. */
export function volume(box: Box): number {
  return (box.max.x - box.min.x + 1) * (box.max.y - box.min.y + 1) * (box.max.z - box.min.z + 1);
}

export interface WriteRegion {
  box: Box;
  /** the dimension of this box, when the parser knew it */
  dimension?: string;
}

/**
 * Every box the write can change, with its dimension: for clone the destination (the source region
 * shifted so its lowest corner is at `destination`), plus the source itself for `move`, which empties it.
 */
export function regionsOfWrite(w: BlockWrite): WriteRegion[] {
  const inDim = (box: Box, dimension: string | undefined): WriteRegion =>
    dimension === undefined ? { box } : { box, dimension };
  switch (w.kind) {
    case 'setblock':
      return [inDim(boxOf(w.pos, w.pos), w.dimension)];
    case 'fill':
      return [inDim(boxOf(w.from, w.to), w.dimension)];
    case 'clone': {
      const source = boxOf(w.from, w.to);
      const d = w.destination;
      const dest: Box = {
        min: d,
        max: {
          x: d.x + source.max.x - source.min.x,
          y: d.y + source.max.y - source.min.y,
          z: d.z + source.max.z - source.min.z,
        },
      };
      const regions = [inDim(dest, w.dimension)];
      if (w.cloneMode === 'move') regions.push(inDim(source, w.sourceDimension ?? w.dimension));
      return regions;
    }
  }
}

/** The boxes a write can change (see `regionsOfWrite`, which also says in which dimension). */
export function boxOfWrite(w: BlockWrite): Box[] {
  return regionsOfWrite(w).map((r) => r.box);
}

/** Blocks the command itself counts against `commandModificationBlockLimit` (fill region, clone source). */
export function commandVolume(w: BlockWrite): number {
  switch (w.kind) {
    case 'setblock':
      return 1;
    case 'fill':
      return volume(boxOf(w.from, w.to));
    case 'clone':
      return volume(boxOf(w.from, w.to));
  }
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
