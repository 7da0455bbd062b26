/** The top view: a map with north up and east right; lower blocks are darker; top faces textured when asked. */
import type { BlockPos, Box } from '../vocabulary/blocks/box.js';
import { type Canvas, type Rgb, shade, textWidth, UNLOADED_HATCH } from './raster.js';
import {
  BACKGROUND,
  type BlockGrid,
  fontHeight,
  isLabelled,
  LABEL,
  type LabelSpace,
  type Layout,
  labelStep,
  MAX_IMAGE_SIDE,
  type PaletteEntry,
  UNLOADED_CELL,
} from './render-grid.js';
import type { Cuboid } from './shapes.js';

export function topLayout(
  box: Box,
  size: BlockPos,
  scale: number | undefined,
  labels?: LabelSpace,
  maxHeight = MAX_IMAGE_SIDE,
): Layout {
  const margins = (fs: number) =>
    labels
      ? {
          left: labels.width * fs + 8,
          top: fontHeight(fs) + 8,
          right: 3 * fs + 8,
          bottom: fontHeight(fs) + 8,
        }
      : { left: 0, top: 0, right: 0, bottom: 0 };
  const wide = margins(2);
  let cell = scale ?? Math.min(32, Math.max(2, Math.round(600 / Math.max(size.x, size.z))));
  cell = Math.max(
    1,
    Math.min(
      cell,
      Math.floor((MAX_IMAGE_SIDE - wide.left - wide.right) / size.x),
      Math.floor((maxHeight - wide.top - wide.bottom) / size.z),
    ),
  );
  const fontSize = cell >= 8 ? 2 : 1;
  const m = margins(fontSize);
  return {
    width: m.left + size.x * cell + m.right,
    height: m.top + size.z * cell + m.bottom,
    scale: cell,
    fontSize,
    originX: m.left,
    originY: m.top,
    pixelOf: (pos) => ({
      x: m.left + Math.floor((pos.x - box.min.x + 0.5) * cell),
      y: m.top + Math.floor((pos.z - box.min.z + 0.5) * cell),
    }),
  };
}

/** How high the part of the block seen from above at (fx, fz) stands (0–1), or -1 where nothing is. */
function heightAt(entry: PaletteEntry, fx: number, fz: number): number {
  return partAt(entry, fx, fz)?.y1 ?? -1;
}

/** The part of the block seen from above at (fx, fz): the highest, and of equal ones the last listed. */
function partAt(entry: PaletteEntry, fx: number, fz: number): Cuboid | undefined {
  let seen: Cuboid | undefined;
  for (const c of entry.shape)
    if (fx >= c.x0 && fx < c.x1 && fz >= c.z0 && fz < c.z1 && c.y1 >= (seen?.y1 ?? -1)) seen = c;
  return seen;
}
// a lower part of a block (a stair's lower half) is shaded this much darker, so its step shows from above
const LOWER_PART = 0.7;
const OUTLINE = 0.45;

// doors, panes and bars fill a wall's openings: a plan shows them under the lintel above them, drawn
// flat, opaque and outlined (their textures are mostly see-through from above, their colour the wall's)
const isOpening = (entry: PaletteEntry | undefined) =>
  entry !== undefined && /(_door|glass_pane|^iron_bars)$/.test(entry.name);

/** Draws the map; answers the palette entries that show in it (the legend lists only those). */
export function drawTop(
  canvas: Canvas,
  blocks: BlockGrid,
  plan: Layout & { box: Box; grid: boolean },
  textured = false,
  /** set to 1 for every block (by index in `blocks.cells`) that shows in at least one pixel */
  shown?: Uint8Array,
): Set<PaletteEntry> {
  const seen = new Set<PaletteEntry>();
  const entryAt = (dx: number, dy: number, dz: number) => {
    const c = blocks.at(dx, dy, dz);
    return c >= 0 ? blocks.palette[c] : undefined;
  };
  const { size } = blocks;
  const cell = plan.scale;
  const heightFactor = (dy: number) => 0.55 + (0.45 * (dy + 1)) / size.y;
  for (let dz = 0; dz < size.z; dz++) {
    for (let dx = 0; dx < size.x; dx++) {
      // what can be seen from above in this column, top down, down to the first solid block
      const column: Array<{ entry: PaletteEntry | 'unloaded'; dy: number; top: number }> = [];
      for (let dy = size.y - 1; dy >= 0; dy--) {
        const c = blocks.at(dx, dy, dz);
        if (c === UNLOADED_CELL) {
          column.push({ entry: 'unloaded', dy, top: 1 });
          break;
        }
        if (c < 0) continue;
        const entry = blocks.palette[c]!;
        if (entry.solid && isOpening(entryAt(dx, dy - 1, dz))) continue;
        column.push({ entry, dy, top: Math.max(...entry.shape.map((c) => c.y1)) });
        if (entry.solid) break;
      }
      const x0 = plan.originX + dx * cell;
      const y0 = plan.originY + dz * cell;
      for (let v = 0; v < cell; v++) {
        for (let u = 0; u < cell; u++) {
          const fx = (u + 0.5) / cell;
          const fz = (v + 0.5) / cell;
          const glass: Array<{ rgb: Rgb; alpha: number }> = [];
          let base: Rgb = BACKGROUND;
          for (const { entry, dy, top } of column) {
            if (entry === 'unloaded') {
              base = UNLOADED_HATCH(x0 + u, y0 + v);
              break;
            }
            const part = partAt(entry, fx, fz);
            if (!part) continue;
            const height = part.y1;
            const opening = isOpening(entry);
            // a part with a colour of its own (a bed's pillow) is drawn flat in it
            let own = part.colour ?? entry.colour.rgb;
            const texture = textured && !opening && !part.colour ? entry.textures?.top : undefined;
            if (texture) {
              const i = (Math.min(15, Math.floor(fz * 16)) * 16 + Math.min(15, Math.floor(fx * 16))) * 4;
              // a transparent texel (plants) shows what is below it
              if (texture.data[i + 3]! < 128) continue;
              own = [texture.data[i]!, texture.data[i + 1]!, texture.data[i + 2]!];
            }
            const step = 1 / cell;
            const outline =
              opening &&
              [
                heightAt(entry, fx - step, fz),
                heightAt(entry, fx + step, fz),
                heightAt(entry, fx, fz - step),
                heightAt(entry, fx, fz + step),
              ].some((h) => h < 0);
            const f =
              (entry.colour.emissive ? 1 : heightFactor(dy) * (height < top ? LOWER_PART : 1)) *
              (outline ? OUTLINE : 1);
            const rgb = shade(own, f);
            seen.add(entry);
            if (shown) shown[(dy * size.z + dz) * size.x + dx] = 1;
            if (entry.colour.alpha < 1 && !opening) glass.push({ rgb, alpha: entry.colour.alpha });
            else {
              base = rgb;
              break;
            }
          }
          canvas.blend(x0 + u, y0 + v, base);
          for (let i = glass.length - 1; i >= 0; i--)
            canvas.blend(x0 + u, y0 + v, glass[i]!.rgb, glass[i]!.alpha);
        }
      }
    }
  }
  if (plan.grid) drawTopGrid(canvas, plan, size);
  return seen;
}

function drawTopGrid(canvas: Canvas, plan: Layout & { box: Box }, size: BlockPos): void {
  const { box, scale: cell, fontSize: fs, originX: left, originY: top } = plan;
  const black: Rgb = [0, 0, 0];
  const fh = fontHeight(fs);
  if (cell >= 4) {
    for (let dx = 0; dx <= size.x; dx++) {
      const alpha = isLabelled(box.min.x + dx, 10) ? 0.55 : 0.25;
      canvas.rect(left + dx * cell, top, 1, size.z * cell, black, alpha);
    }
    for (let dz = 0; dz <= size.z; dz++) {
      const alpha = isLabelled(box.min.z + dz, 10) ? 0.55 : 0.25;
      canvas.rect(left, top + dz * cell, size.x * cell, 1, black, alpha);
    }
  }
  const widest = Math.max(textWidth(String(box.min.x), fs), textWidth(String(box.max.x), fs));
  const xStep = labelStep(cell, widest + 3 * fs);
  for (let x = box.min.x; x <= box.max.x; x++) {
    if (!isLabelled(x, xStep)) continue;
    const p = plan.pixelOf({ x, y: 0, z: box.min.z });
    const text = String(x);
    canvas.text(text, p.x - Math.floor(textWidth(text, fs) / 2), top - fh - 4, LABEL, fs);
    canvas.rect(p.x, top - 3, 1, 3, LABEL);
  }
  const zStep = labelStep(cell, fh + 2);
  for (let z = box.min.z; z <= box.max.z; z++) {
    if (!isLabelled(z, zStep)) continue;
    const p = plan.pixelOf({ x: box.min.x, y: 0, z });
    const text = String(z);
    canvas.text(text, left - 4 - textWidth(text, fs), p.y - Math.floor(fh / 2), LABEL, fs);
    canvas.rect(left - 3, p.y, 3, 1, LABEL);
  }
  canvas.text('x', left + size.x * cell + 4, top - fh - 4, LABEL, fs);
  canvas.text('z', left - 4 - textWidth('z', fs), top + size.z * cell + 4, LABEL, fs);
}
