/**
 * `render_area`: a PNG of a region, seen from above (`top`) or from the south-east at 30° (`isometric`),
 * with optional grid and coordinate labels so a picture's pixels can be related to block positions.
 * Unloaded positions are hatched magenta/black, never drawn as air.
 */
import { z } from 'zod';
import type { BlockPos, Box } from '../commands/block-write.js';
import { McbridgeError } from '../errors.js';
import type { BlockSource } from './block-source.js';
import { boxOf, sizeOf, volumeOf } from './box.js';
import { AREA_MAX_BLOCKS } from './encode.js';
import { Canvas, textWidth } from './raster.js';
import { BACKGROUND, BlockGrid, type LabelSpace, type Layout, MAX_IMAGE_SIDE } from './render-grid.js';
import { drawIsometric, isoLayout } from './render-iso.js';
import { drawTop, topLayout } from './render-top.js';
import { AreaTooLargeError, splitBox } from './split.js';

export const RenderViewSchema = z.enum(['isometric', 'top']);
export const RenderOptionsSchema = z.object({
  view: RenderViewSchema.default('isometric').describe(
    'isometric: seen from the south-east and above; top: a map, north up',
  ),
  grid: z.boolean().optional().describe('grid lines and coordinate labels (default true)'),
  scale: z
    .number()
    .int()
    .min(1)
    .max(64)
    .optional()
    .describe('pixels per block edge (default: fit about 600 px)'),
});
export type RenderOptions = z.input<typeof RenderOptionsSchema> & { maxBlocks?: number };

export interface RenderPlan extends Layout {
  view: 'isometric' | 'top';
  box: Box;
  grid: boolean;
}

/** Sizes and pixel positions of a render, without reading the world. */
export function planRender(from: BlockPos, to: BlockPos, options: RenderOptions): RenderPlan {
  const { view = 'isometric', grid = true, maxBlocks = AREA_MAX_BLOCKS } = options;
  const box = boxOf(from, to);
  const volume = volumeOf(box);
  if (volume > maxBlocks) {
    const { axis, boxes } = splitBox(box, maxBlocks);
    throw new AreaTooLargeError(volume, maxBlocks, axis, boxes);
  }
  const size = sizeOf(box);
  const labels = grid ? labelSpace(box) : undefined;
  const layout =
    view === 'top'
      ? topLayout(box, size, options.scale, labels)
      : isoLayout(box, size, options.scale, labels);
  if (Math.max(layout.width, layout.height) > MAX_IMAGE_SIDE) {
    throw new ImageTooLargeError(size, layout.width, layout.height);
  }
  return { view, box, grid, ...layout };
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

/** Reads the area through `source` and draws it. */
export function renderArea(
  source: BlockSource,
  from: BlockPos,
  to: BlockPos,
  options: RenderOptions,
): Buffer {
  const plan = planRender(from, to, options);
  const blocks = new BlockGrid(plan.box, source);
  const canvas = new Canvas(plan.width, plan.height, BACKGROUND);
  if (plan.view === 'top') drawTop(canvas, blocks, plan);
  else drawIsometric(canvas, blocks, plan);
  return canvas.toPng();
}
