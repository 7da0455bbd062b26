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
import { Canvas, PixelOwners, textWidth } from './raster.js';
import {
  BACKGROUND,
  BlockGrid,
  type LabelSpace,
  type Layout,
  LEGEND_ROOM,
  MAX_IMAGE_SIDE,
} from './render-grid.js';
import { type Cutaway, cutAway, findCeiling } from './cutaway.js';
import { type Counts, countBlocks, withLegend } from './legend.js';
import { drawIsometric, isoLayout } from './render-iso.js';
import { type Corner, CORNERS, turnFor } from './rotate.js';
import { drawTop, topLayout } from './render-top.js';
import { AreaTooLargeError, readyParts, type SplitAxis, type SplitPlan, splitPlan } from './split.js';

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

/** Sizes and pixel positions of a render, without reading the world: constant time, whatever the box. */
export function planRender(from: BlockPos, to: BlockPos, options: RenderOptions): RenderPlan {
  const { view = 'isometric', grid = true, maxBlocks = AREA_MAX_BLOCKS, corner = 'south-east' } = options;
  const box = boxOf(from, to);
  const layout = (b: Box) => {
    const labels = grid ? labelSpace(b) : undefined;
    const maxHeight = MAX_IMAGE_SIDE - ((options.legend ?? true) ? LEGEND_ROOM : 0);
    const l =
      view === 'top'
        ? topLayout(b, sizeOf(b), options.scale, labels, maxHeight)
        : isoLayout(b, turnFor(corner, b).size, options.scale, labels, turnFor(corner, b), maxHeight);
    return { layout: l, fits: l.width <= MAX_IMAGE_SIDE && l.height <= maxHeight };
  };
  const fits = (b: Box) => layout(b).fits;
  const volume = volumeOf(box);
  if (volume > maxBlocks) {
    // the parts a refusal offers must each render: a row too long for a picture is cut shorter
    const plan = splitPlan(box, maxBlocks);
    throw new AreaTooLargeError(volume, maxBlocks, fits(plan.part(0)) ? plan : splitPlan(box, ROW_FITS));
  }
  const planned = layout(box);
  if (!planned.fits) {
    const { width, height } = planned.layout;
    throw new ImageTooLargeError(sizeOf(box), width, height, imageSplit(box, fits));
  }
  return { view, corner, box, grid, ...planned.layout };
}

/** a row of this many blocks draws within the image limit in either view, labels and legend included */
const ROW_FITS = MAX_IMAGE_SIDE - LEGEND_ROOM - 100;

/** `box` cut along `axis` into `parts` parts as even as whole blocks allow */
function evenSplit(box: Box, axis: SplitAxis, parts: number): SplitPlan {
  const extent = sizeOf(box)[axis];
  const step = Math.ceil(extent / parts);
  return {
    axis,
    count: Math.ceil(extent / step),
    part: (i) => {
      const lo = box.min[axis] + i * step;
      return {
        min: { ...box.min, [axis]: lo },
        max: { ...box.max, [axis]: Math.min(lo + step - 1, box.max[axis]) },
      };
    },
  };
}

/**
 * The fewest parts along one axis whose pictures fit (the first part is the largest), found by bisection:
 * a few dozen layouts, whatever the box.
 */
function imageSplit(box: Box, fits: (b: Box) => boolean): SplitPlan {
  let best: SplitPlan | undefined;
  for (const axis of ['x', 'z', 'y'] as const) {
    const extent = sizeOf(box)[axis];
    if (extent < 2 || !fits(evenSplit(box, axis, extent).part(0))) continue;
    let lo = 2;
    let hi = extent;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (fits(evenSplit(box, axis, mid).part(0))) hi = mid;
      else lo = mid + 1;
    }
    const plan = evenSplit(box, axis, lo);
    if (!best || plan.count < best.count) best = plan;
  }
  return best ?? splitPlan(box, ROW_FITS);
}

export class ImageTooLargeError extends McbridgeError {
  override name = 'ImageTooLargeError' as const;
  /** the first few parts of the split (and the last), each drawn within the limit: ready calls */
  readonly parts: Box[];
  constructor(
    readonly size: BlockPos,
    readonly width: number,
    readonly height: number,
    plan: SplitPlan,
  ) {
    const { parts, calls } = readyParts(plan);
    super(
      `a ${size.x}×${size.y}×${size.z} area needs a ${width}×${height} px picture even at 1 px a block, more than ${MAX_IMAGE_SIDE} px a side with its legend`,
      { remedy: `split it along ${plan.axis} into ${plan.count} parts and render each: ${calls}` },
    );
    this.parts = parts;
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
  /** the blocks of the box after any cutaway, shown or not */
  counts: Counts;
  /** the blocks that show in at least one pixel of the picture */
  shown: Counts;
  /** the blocks of the box (after any cutaway) that show nowhere in the picture */
  hidden: Hidden;
  /** blocks were drawn see-through as the near walls of a cut-away room, and show */
  seeThrough: boolean;
  /** the layers left out, in world y */
  cutaway?: { fromY: number; removed: number };
  /** the lines written under the picture */
  caption: string[];
  /** the block types the legend panel names: those that show in the picture */
  legend: string[];
}

export interface Hidden {
  count: number;
  /** the block types none of whose blocks shows, with how many there are */
  unseen: Array<{ name: string; count: number }>;
  /** the highest world y of a block of an unseen type: a box whose top is there shows it from above */
  unseenTopY?: number;
}

/** What the box holds that shows nowhere in the picture (`shown`: 1 per block that does). */
function hiddenOf(blocks: BlockGrid, shown: Uint8Array, counts: Counts, visible: Counts, box: Box): Hidden {
  const seen = new Set(visible.blocks.map((b) => b.name));
  const unseen = counts.blocks.filter((b) => !seen.has(b.name));
  const total = counts.blocks.reduce((n, b) => n + b.count, 0);
  const count = total - visible.blocks.reduce((n, b) => n + b.count, 0);
  if (unseen.length === 0) return { count, unseen };
  const names = new Set(unseen.map((b) => b.name));
  const layer = blocks.size.x * blocks.size.z;
  let top = -1;
  blocks.cells.forEach((cell, i) => {
    if (cell >= 0 && shown[i] === 0 && names.has(blocks.palette[cell]!.name)) top = Math.floor(i / layer);
  });
  return { count, unseen, unseenTopY: box.min.y + top };
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
  // which blocks show in the picture: those that own at least one of its pixels
  let shownCells: Uint8Array = new Uint8Array(blocks.cells.length);
  let seeThrough = false;
  if (plan.view === 'top') drawTop(canvas, blocks, plan, textured, shownCells);
  else {
    const owners = new PixelOwners(canvas.width * canvas.height, blocks.cells.length);
    canvas.owners = owners;
    const nearWalls = drawIsometric(
      canvas,
      blocks,
      plan,
      turnFor(plan.corner, plan.box),
      textured,
      cut?.roofed,
    );
    canvas.owners = undefined;
    shownCells = owners.shown();
    seeThrough = nearWalls.some((i) => shownCells[i] === 1);
  }
  const counts = countBlocks(blocks);
  // the legend names and counts what the picture shows
  const shown = countBlocks(blocks, shownCells);
  const hidden = hiddenOf(blocks, shownCells, counts, shown, plan.box);
  const cutaway = cut ? { fromY: plan.box.min.y + cut.fromDy, removed: cut.removed } : undefined;
  const caption = [
    plan.view === 'top' ? 'seen from above, north up' : `seen from the ${plan.corner} and above`,
    ...(cutaway ? [`ceiling cut away: y ${cutaway.fromY} and up not drawn`] : []),
    ...(seeThrough ? ['near walls see-through'] : []),
  ];
  const image = (options.legend ?? true) ? withLegend(canvas, blocks, shown, caption, plan.fontSize) : canvas;
  return {
    png: image.toPng(),
    width: image.width,
    height: image.height,
    plan,
    counts,
    shown,
    hidden,
    seeThrough,
    ...(cutaway ? { cutaway } : {}),
    caption,
    legend: shown.blocks.map((b) => b.name),
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
