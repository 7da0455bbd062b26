/**
 * `render_area`: a PNG of a region, seen from above (`top`) or from one of its four corners at 30°
 * (`isometric`), with optional grid and coordinate labels so a picture's pixels can be related to block
 * positions, the ceiling of an enclosed room cut away, and a legend of the blocks drawn with their counts.
 * Unloaded positions are hatched magenta/black, never drawn as air.
 */
import { z } from 'zod';
import type { BlockPos, Box } from '../vocabulary/blocks/box.js';
import { McbridgeError } from '../vocabulary/errors.js';
import type { BlockSource } from '../vocabulary/blocks/block-state.js';
import { boxOf, sizeOf, volumeOf } from '../vocabulary/blocks/box.js';
import { AREA_MAX_BLOCKS } from './encode.js';
import { Canvas, textWidth } from './raster.js';
import {
  BACKGROUND,
  BlockGrid,
  type LabelSpace,
  type Layout,
  MAX_IMAGE_SIDE,
  type PaletteEntry,
} from './render-grid.js';
import { type Cutaway, cutAway, findCeiling } from './cutaway.js';
import { type Counts, countBlocks, withLegend } from './legend.js';
import { drawIsometric, isoLayout } from './render-iso.js';
import { type Corner, CORNERS, turnFor } from './rotate.js';
import { drawTop, topLayout } from './render-top.js';
import { AreaTooLargeError, splitPlan } from './split.js';

export const RenderViewSchema = z.enum(['isometric', 'top']);
export const RenderOptionsSchema = z.object({
  view: RenderViewSchema.default('isometric'),
  corner: z.enum(CORNERS).optional().describe('seen from (default south-east); try others to see every wall'),
  cutaway: z.boolean().optional().describe("cut a room's ceiling away (default true)"),
  textures: z.boolean().optional().describe('false: flat colours'),
  legend: z.boolean().optional().describe('blocks drawn, with counts (default true)'),
  grid: z.boolean().optional().describe('coordinates (default true)'),
  scale: z.number().int().min(1).max(64).optional().describe('pixels per block (default: fit 600 px)'),
});
export type RenderOptions = z.input<typeof RenderOptionsSchema> & { maxBlocks?: number };

export interface RenderPlan extends Layout {
  view: 'isometric' | 'top';
  corner: Corner;
  box: Box;
  grid: boolean;
}

/** Sizes and pixel positions of a render, without reading the world. */
export function planRender(from: BlockPos, to: BlockPos, options: RenderOptions): RenderPlan {
  const { view = 'isometric', grid = true, maxBlocks = AREA_MAX_BLOCKS, corner = 'south-east' } = options;
  const box = boxOf(from, to);
  const volume = volumeOf(box);
  if (volume > maxBlocks) {
    throw new AreaTooLargeError(volume, maxBlocks, splitPlan(box, maxBlocks));
  }
  const size = sizeOf(box);
  const labels = grid ? labelSpace(box) : undefined;
  const layout =
    view === 'top'
      ? topLayout(box, size, options.scale, labels)
      : isoLayout(box, turnFor(corner, box).size, options.scale, labels, turnFor(corner, box));
  if (Math.max(layout.width, layout.height) > MAX_IMAGE_SIDE) {
    throw new ImageTooLargeError(size, layout.width, layout.height);
  }
  return { view, corner, box, grid, ...layout };
}

export class ImageTooLargeError extends McbridgeError {
  override name = 'ImageTooLargeError' as const;
  constructor(
    readonly size: BlockPos,
    readonly width: number,
    readonly height: number,
  ) {
    const axis = size.x >= size.z ? 'x' : 'z';
    const parts = Math.ceil(Math.max(width, height) / (MAX_IMAGE_SIDE - 200));
    super(
      `a ${size.x}×${size.y}×${size.z} area needs a ${width}×${height} px image, more than ${MAX_IMAGE_SIDE} px a side`,
      {
        remedy: `split it along ${axis} into ${parts} parts and render each`,
      },
    );
  }
}

function labelSpace(box: Box): LabelSpace {
  const values = [box.min.x, box.max.x, box.min.y, box.max.y, box.min.z, box.max.z];
  return { width: Math.max(...values.map((v) => textWidth(String(v)))) };
}

export interface RenderResult {
  png: Buffer;
  /** the whole image, legend included */
  width: number;
  height: number;
  /** the picture part (pixel positions of blocks are as it says) */
  plan: RenderPlan;
  /** what was drawn (after any cutaway) */
  counts: Counts;
  /** the layers left out, in world y */
  cutaway?: { fromY: number; removed: number };
  /** the lines written under the picture */
  caption: string[];
  /** the block types the legend panel names: those that show in the picture */
  legend: string[];
}

/** Reads the area through `source` and draws it, with the legend and the counts. */
export function renderAreaDetailed(
  source: BlockSource,
  from: BlockPos,
  to: BlockPos,
  options: RenderOptions,
): RenderResult {
  const plan = planRender(from, to, options);
  const blocks = new BlockGrid(plan.box, source);
  let cut: Cutaway | undefined;
  if (options.cutaway ?? true) {
    const ceiling = findCeiling(blocks);
    if (ceiling !== undefined) cut = cutAway(blocks, ceiling);
  }
  const canvas = new Canvas(plan.width, plan.height, BACKGROUND);
  const textured = (options.textures ?? true) && plan.scale >= 8;
  let seen: Set<PaletteEntry> | undefined;
  if (plan.view === 'top') seen = drawTop(canvas, blocks, plan, textured);
  else {
    drawIsometric(canvas, blocks, plan, turnFor(plan.corner, plan.box), textured, cut?.roofed);
  }
  const counts = countBlocks(blocks);
  // the legend names what the picture shows; the counts keep every block drawn, hidden or not
  const shown = seen ? new Set([...seen].map((e) => e.name)) : undefined;
  const legendCounts = shown ? { ...counts, blocks: counts.blocks.filter((b) => shown.has(b.name)) } : counts;
  const cutaway = cut ? { fromY: plan.box.min.y + cut.fromDy, removed: cut.removed } : undefined;
  const caption = [
    plan.view === 'top' ? 'seen from above, north up' : `seen from the ${plan.corner} and above`,
    ...(cutaway
      ? [
          `ceiling cut away: y ${cutaway.fromY} and up not drawn`,
          ...(plan.view === 'top' ? [] : ['near walls see-through']),
        ]
      : []),
  ];
  const image =
    (options.legend ?? true) ? withLegend(canvas, blocks, legendCounts, caption, plan.fontSize) : canvas;
  return {
    png: image.toPng(),
    width: image.width,
    height: image.height,
    plan,
    counts,
    ...(cutaway ? { cutaway } : {}),
    caption,
    legend: legendCounts.blocks.map((b) => b.name),
  };
}

/** Reads the area through `source` and draws it (the PNG only). */
export function renderArea(
  source: BlockSource,
  from: BlockPos,
  to: BlockPos,
  options: RenderOptions,
): Buffer {
  return renderAreaDetailed(source, from, to, options).png;
}
