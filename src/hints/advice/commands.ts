/** Command text for suggestions: setblock/fill lines, and a too-big fill split into allowed pieces. */
import type { BlockFilter, BlockSpec, BlockWrite } from '../../commands/block-write.js';
import type { BlockPos, Box } from '../../vocabulary/blocks/box.js';
import { formatBlock } from '../batch/blocks.js';
import { AXES, type Axis, formatPos, shrink, size, volume } from '../geometry.js';

export const setblockCommand = (pos: BlockPos, block: BlockSpec): string =>
  `setblock ${formatPos(pos)} ${formatBlock(block)}`;

export const formatFilter = (f: BlockFilter): string => {
  if (f.kind === 'block') return formatBlock(f.block);
  const states = Object.entries(f.states);
  return `#${f.tag}${states.length ? `[${states.map(([k, v]) => `${k}=${v}`).join(',')}]` : ''}`;
};

export const fillCommand = (
  box: Box,
  block: BlockSpec,
  mode: 'replace' | 'keep' | 'destroy' | 'hollow' | 'outline' = 'replace',
  filter?: BlockFilter,
): string => {
  const base = `fill ${formatPos(box.min)} ${formatPos(box.max)} ${formatBlock(block)}`;
  if (filter) return `${base} replace ${formatFilter(filter)}`;
  return mode === 'replace' ? base : `${base} ${mode}`;
};

/** vanilla's default `commandModificationBlockLimit` */
export const DEFAULT_FILL_LIMIT = 32_768;

/** Cuts `box` into boxes of at most `limit` blocks: slabs across the axis that gives the fewest pieces. */
export const splitBox = (box: Box, limit: number): Box[] => {
  if (limit < 1) return [];
  if (volume(box) <= limit) return [box];
  let best: { axis: Axis; thickness: number; pieces: number } | undefined;
  for (const axis of AXES) {
    const cross = volume(box) / size(box, axis);
    if (cross > limit) continue;
    const thickness = Math.floor(limit / cross);
    const pieces = Math.ceil(size(box, axis) / thickness);
    if (!best || pieces < best.pieces) best = { axis, thickness, pieces };
  }
  if (best) return slices(box, best.axis, best.thickness);
  // every cross-section alone is too big: cut 1-thick layers along the longest axis, then cut those
  const longest = [...AXES].sort((a, b) => size(box, b) - size(box, a))[0] ?? 'y';
  return slices(box, longest, 1).flatMap((layer) => splitBox(layer, limit));
};

/**
 * How many boxes `splitBox(box, limit)` returns, in constant time: the same cut, counted instead of made
 * (a box as wide as the world would be billions of pieces).
 */
export const countSplitBox = (box: Box, limit: number): number => {
  if (limit < 1) return 0;
  if (volume(box) <= limit) return 1;
  let best: number | undefined;
  for (const axis of AXES) {
    const cross = volume(box) / size(box, axis);
    if (cross > limit) continue;
    const pieces = Math.ceil(size(box, axis) / Math.floor(limit / cross));
    if (best === undefined || pieces < best) best = pieces;
  }
  if (best !== undefined) return best;
  // 1-thick layers along the longest axis, all of one size: count one layer's pieces
  const longest = [...AXES].sort((a, b) => size(box, b) - size(box, a))[0] ?? 'y';
  const layer = { min: box.min, max: { ...box.max, [longest]: box.min[longest] } };
  return size(box, longest) * countSplitBox(layer, limit);
};

const slices = (box: Box, axis: Axis, thickness: number): Box[] => {
  const out: Box[] = [];
  for (let start = box.min[axis]; start <= box.max[axis]; start += thickness) {
    const end = Math.min(box.max[axis], start + thickness - 1);
    out.push({ min: { ...box.min, [axis]: start }, max: { ...box.max, [axis]: end } });
  }
  return out;
};

/** The six faces of a box, without overlaps: bottom and top whole, the sides between them. */
const faces = (b: Box): Box[] => {
  const out: Box[] = [
    { min: b.min, max: { ...b.max, y: b.min.y } },
    ...(b.max.y > b.min.y ? [{ min: { ...b.min, y: b.max.y }, max: b.max }] : []),
  ];
  if (b.max.y - b.min.y < 2) return out;
  const y0 = b.min.y + 1;
  const y1 = b.max.y - 1;
  out.push({ min: { ...b.min, y: y0 }, max: { ...b.max, y: y1, z: b.min.z } });
  if (b.max.z > b.min.z) out.push({ min: { ...b.min, y: y0, z: b.max.z }, max: { ...b.max, y: y1 } });
  if (b.max.z - b.min.z >= 2) {
    const z0 = b.min.z + 1;
    const z1 = b.max.z - 1;
    out.push({ min: { x: b.min.x, y: y0, z: z0 }, max: { x: b.min.x, y: y1, z: z1 } });
    if (b.max.x > b.min.x) out.push({ min: { x: b.max.x, y: y0, z: z0 }, max: { x: b.max.x, y: y1, z: z1 } });
  }
  return out;
};

const AIR: BlockSpec = { name: 'minecraft:air', states: {} };

/**
 * Fill commands, each within `limit` blocks, that together do what `write` asked. A hollow or outline
 * fill becomes its faces (plus air inside for hollow): the split pieces must not each be hollow.
 */
/** How many commands `splitFill(write, box, limit)` returns, in constant time. */
export const countSplitFill = (
  write: Extract<BlockWrite, { kind: 'fill' }>,
  box: Box,
  limit: number,
): number => {
  if (write.mode === 'hollow' || write.mode === 'outline') {
    const shell = faces(box).reduce((n, f) => n + countSplitBox(f, limit), 0);
    const inner = write.mode === 'hollow' ? shrink(box, 1) : undefined;
    return shell + (inner ? countSplitBox(inner, limit) : 0);
  }
  return countSplitBox(box, limit);
};

export const splitFill = (
  write: Extract<BlockWrite, { kind: 'fill' }>,
  box: Box,
  limit: number,
): string[] => {
  if (write.mode === 'hollow' || write.mode === 'outline') {
    const shell = faces(box).flatMap((f) => splitBox(f, limit).map((p) => fillCommand(p, write.block)));
    const inner = write.mode === 'hollow' ? shrink(box, 1) : undefined;
    const air = inner ? splitBox(inner, limit).map((p) => fillCommand(p, AIR)) : [];
    return [...shell, ...air];
  }
  return splitBox(box, limit).map((p) => fillCommand(p, write.block, write.mode, write.filter));
};
