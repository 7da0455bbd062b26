/**
 * What a picture shows, in words and counts: the block types drawn (by id, states merged) with how many
 * of each, and a panel under the picture with a swatch per type, the view and any cutaway note.
 */
import { Canvas, type Paint, textWidth } from './raster.js';
import {
  AIR_CELL,
  BACKGROUND,
  type BlockGrid,
  fontHeight,
  LABEL,
  MAX_IMAGE_SIDE,
  UNLOADED_CELL,
} from './render-grid.js';
import type { Texture } from './textures.js';

export interface BlockCount {
  name: string;
  count: number;
}

export interface Counts {
  /** block types drawn, most first (ties by name) */
  blocks: BlockCount[];
  air: number;
  unloaded: number;
}

/** The blocks of the grid by type; with `only`, the blocks marked 1 in it (air and unloaded: all of the grid). */
export function countBlocks(grid: BlockGrid, only?: Uint8Array): Counts {
  const byName = new Map<string, number>();
  const perEntry = new Array<number>(grid.palette.length).fill(0);
  let air = 0;
  let unloaded = 0;
  grid.cells.forEach((cell, i) => {
    if (cell === AIR_CELL) air++;
    else if (cell === UNLOADED_CELL) unloaded++;
    else if (!only || only[i] === 1) perEntry[cell]!++;
  });
  grid.palette.forEach((e, i) => {
    if (perEntry[i]! > 0) byName.set(e.name, (byName.get(e.name) ?? 0) + perEntry[i]!);
  });
  const blocks = [...byName]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  return { blocks, air, unloaded };
}

export function countsText(counts: Counts): string {
  const list = counts.blocks.map((b) => `${b.name} ${b.count}`).join(', ');
  const extra = [
    `air ${counts.air}`,
    ...(counts.unloaded > 0 ? [`unloaded (not known, hatched) ${counts.unloaded}`] : []),
  ];
  return `blocks drawn: ${list || 'none'}; ${extra.join(', ')}`;
}

const SWATCH_GAP = 6;

/**
 * Size of the legend panel for `entries` at this width and font size, no taller than `maxHeight`: when the
 * entries do not fit, it shows the first `shown` and a last line with the count of the rest.
 */
export function legendSize(
  width: number,
  entries: number,
  fs: number,
  caption: string[],
  maxHeight = Infinity,
): { width: number; height: number; columns: number; columnWidth: number; shown: number } {
  const fh = fontHeight(fs);
  const row = fh * 2 + 4;
  const columnWidth = 2 * fh + SWATCH_GAP + textWidth('m'.repeat(24), fs) + 12;
  const w = Math.max(width, columnWidth + 16, ...caption.map((line) => textWidth(line, fs) + 16));
  const columns = Math.max(1, Math.floor((w - 16) / columnWidth));
  const fixed = 8 + caption.length * (fh + 6) + 8;
  const room = Math.max(1, Math.floor((maxHeight - fixed) / row));
  let rows = Math.ceil(entries / columns);
  let shown = entries;
  if (rows > room) {
    rows = room;
    shown = rows * columns - 1;
  }
  return { width: w, height: fixed + rows * row, columns, columnWidth, shown };
}

/** A swatch painted with the texture, given positions 0–1 across it. */
const textureSwatch =
  (t: Texture): Paint =>
  (u, v) => {
    const i = (Math.min(15, Math.floor(v * 16)) * 16 + Math.min(15, Math.floor(u * 16))) * 4;
    return [t.data[i]!, t.data[i + 1]!, t.data[i + 2]!];
  };

/** Draws `picture` with the legend panel under it, the whole no taller than `maxHeight`. */
export function withLegend(
  picture: Canvas,
  grid: BlockGrid,
  counts: Counts,
  caption: string[],
  fs: number,
  maxHeight = MAX_IMAGE_SIDE,
): Canvas {
  const swatchOf = new Map<string, Paint>();
  for (const e of grid.palette) {
    if (swatchOf.has(e.name)) continue;
    swatchOf.set(
      e.name,
      e.textures && !e.textures.side.cutout ? textureSwatch(e.textures.side) : e.colour.rgb,
    );
  }
  const size = legendSize(picture.width, counts.blocks.length, fs, caption, maxHeight - picture.height);
  const out = new Canvas(size.width, picture.height + size.height, BACKGROUND);
  for (let y = 0; y < picture.height; y++) {
    picture.data.copy(out.data, y * size.width * 4, y * picture.width * 4, (y + 1) * picture.width * 4);
  }
  const fh = fontHeight(fs);
  let y = picture.height + 8;
  for (const line of caption) {
    out.text(line, 8, y, LABEL, fs);
    y += fh + 6;
  }
  const cell = (i: number) => ({
    x: 8 + (i % size.columns) * size.columnWidth,
    top: y + Math.floor(i / size.columns) * (fh * 2 + 4),
  });
  counts.blocks.slice(0, size.shown).forEach((b, i) => {
    const { x, top } = cell(i);
    const paint = swatchOf.get(b.name) ?? LABEL;
    const side = fh * 2;
    out.rect(
      x,
      top,
      side,
      side,
      typeof paint === 'function' ? (px, py) => paint((px - x) / side, (py - top) / side) : paint,
    );
    const text = `${b.name} ${b.count}`;
    const max = Math.floor((size.columnWidth - 2 * fh - SWATCH_GAP - 12) / (4 * fs));
    out.text(
      text.length > max ? `${text.slice(0, max - 1)}.` : text,
      x + fh * 2 + SWATCH_GAP,
      top + fh / 2,
      LABEL,
      fs,
    );
  });
  const rest = counts.blocks.length - size.shown;
  if (rest > 0) {
    const { x, top } = cell(size.shown);
    out.text(`+${rest} more types, see text`, x, top + fh / 2, LABEL, fs);
  }
  return out;
}
