/**
 * The isometric view: seen from the south-east and above (x runs down-right, z down-left, y up), drawn
 * back to front so nearer blocks cover farther ones; top faces light, south faces darker, east darkest.
 */
import type { BlockPos, Box } from '../commands/block-write.js';
import { type Canvas, type Paint, type Point, type Rgb, shade, textWidth, UNLOADED_HATCH } from './raster.js';
import {
  type BlockGrid,
  fontHeight,
  isLabelled,
  LABEL,
  type LabelSpace,
  type Layout,
  labelStep,
  MAX_IMAGE_SIDE,
  UNLOADED_CELL,
} from './render-grid.js';
import type { Cuboid } from './shapes.js';

const GROUND: Rgb = [44, 47, 55];
const GRID: Rgb = [78, 82, 94];
const FULL: Cuboid = { x0: 0, y0: 0, z0: 0, x1: 1, y1: 1, z1: 1 };

export function isoLayout(box: Box, size: BlockPos, scale: number | undefined, labels?: LabelSpace): Layout {
  const across = size.x + size.z;
  const tall = across / 2 + size.y;
  const margins = (fs: number) => {
    if (!labels) return { left: 2, right: 2, top: 2, bottom: 2 };
    const lw = labels.width * fs;
    const fh = fontHeight(fs);
    return { left: lw + 4 * fs + 16, right: lw + 4 * fs + 16, top: fh + 12, bottom: 2 * fh + 16 };
  };
  const wide = margins(2);
  let a = scale ?? Math.min(16, Math.max(2, Math.round(600 / Math.max(across, tall))));
  a = Math.max(
    1,
    Math.min(
      a,
      Math.floor((MAX_IMAGE_SIDE - wide.left - wide.right) / across),
      Math.floor((MAX_IMAGE_SIDE - wide.top - wide.bottom) / tall),
    ),
  );
  const fontSize = a >= 6 ? 2 : 1;
  const m = margins(fontSize);
  const originX = m.left + size.z * a;
  const originY = m.top + size.y * a;
  return {
    width: Math.ceil(m.left + across * a + m.right),
    height: Math.ceil(m.top + tall * a + m.bottom),
    scale: a,
    fontSize,
    originX,
    originY,
    pixelOf: (pos) => {
      const p = project(
        originX,
        originY,
        a,
        pos.x - box.min.x + 0.5,
        pos.y - box.min.y + 1,
        pos.z - box.min.z + 0.5,
      );
      return { x: Math.floor(p.x), y: Math.floor(p.y) };
    },
  };
}

const project = (ox: number, oy: number, a: number, x: number, y: number, z: number): Point => ({
  x: ox + (x - z) * a,
  y: oy + ((x + z) * a) / 2 - y * a,
});

export function drawIsometric(
  canvas: Canvas,
  blocks: BlockGrid,
  plan: Layout & { box: Box; grid: boolean },
): void {
  const { size } = blocks;
  const a = plan.scale;
  const p = (x: number, y: number, z: number) => project(plan.originX, plan.originY, a, x, y, z);
  canvas.polygon([p(0, 0, 0), p(size.x, 0, 0), p(size.x, 0, size.z), p(0, 0, size.z)], GROUND);
  if (plan.grid) {
    for (let dx = 0; dx <= size.x; dx++) canvas.line(p(dx, 0, 0), p(dx, 0, size.z), GRID);
    for (let dz = 0; dz <= size.z; dz++) canvas.line(p(0, 0, dz), p(size.x, 0, dz), GRID);
  }
  const outline = a >= 5;
  const face = (points: Point[], paint: Paint, alpha: number, edge: Rgb | undefined) => {
    canvas.polygon(points, paint, alpha);
    if (edge) for (let i = 0; i < 4; i++) canvas.line(points[i]!, points[(i + 1) % 4]!, edge, 0.5);
  };
  const cuboid = (
    dx: number,
    dy: number,
    dz: number,
    c: Cuboid,
    paints: [Paint, Paint, Paint],
    alpha: number,
    edge?: Rgb,
  ) => {
    const [x0, y0, z0, x1, y1, z1] = [dx + c.x0, dy + c.y0, dz + c.z0, dx + c.x1, dy + c.y1, dz + c.z1];
    face([p(x0, y1, z1), p(x1, y1, z1), p(x1, y0, z1), p(x0, y0, z1)], paints[1], alpha, edge);
    face([p(x1, y1, z0), p(x1, y1, z1), p(x1, y0, z1), p(x1, y0, z0)], paints[2], alpha, edge);
    face([p(x0, y1, z0), p(x1, y1, z0), p(x1, y1, z1), p(x0, y1, z1)], paints[0], alpha, edge);
  };
  const hatch =
    (f: number): Paint =>
    (px, py) =>
      shade(UNLOADED_HATCH(px, py), f);

  // y, then x, then z ascending: every block that can cover another comes after it
  for (let dy = 0; dy < size.y; dy++) {
    for (let dx = 0; dx < size.x; dx++) {
      for (let dz = 0; dz < size.z; dz++) {
        const cell = blocks.at(dx, dy, dz);
        if (cell === UNLOADED_CELL) {
          cuboid(dx, dy, dz, FULL, [hatch(1), hatch(0.8), hatch(0.65)], 1);
          continue;
        }
        if (cell < 0) continue;
        const entry = blocks.palette[cell]!;
        if (
          entry.solid &&
          blocks.solidAt(dx + 1, dy, dz) &&
          blocks.solidAt(dx, dy + 1, dz) &&
          blocks.solidAt(dx, dy, dz + 1)
        ) {
          continue;
        }
        const { rgb, alpha, emissive } = entry.colour;
        const f = emissive ? [1, 0.92, 0.85] : [1, 0.8, 0.64];
        const paints: [Paint, Paint, Paint] = [shade(rgb, f[0]!), shade(rgb, f[1]!), shade(rgb, f[2]!)];
        for (const c of entry.shape)
          cuboid(dx, dy, dz, c, paints, alpha, outline ? shade(rgb, 0.6) : undefined);
      }
    }
  }
  if (plan.grid) drawIsoLabels(canvas, plan, size, p);
}

function drawIsoLabels(
  canvas: Canvas,
  plan: Layout & { box: Box },
  size: BlockPos,
  p: (x: number, y: number, z: number) => Point,
): void {
  const { box, scale: a, fontSize: fs } = plan;
  const fh = fontHeight(fs);
  // along the front-left ground edge (x), the front-right ground edge (z) and the left vertical edge (y)
  const xStep = labelStep(a / 2, fh + 2);
  for (let x = box.min.x; x <= box.max.x; x++) {
    if (!isLabelled(x, xStep)) continue;
    const q = p(x - box.min.x + 0.5, 0, size.z);
    const text = String(x);
    canvas.line(q, { x: q.x - 3, y: q.y + 2 }, LABEL);
    canvas.text(text, Math.round(q.x - 5 - textWidth(text, fs)), Math.round(q.y + 2), LABEL, fs);
  }
  const zStep = labelStep(a / 2, fh + 2);
  for (let z = box.min.z; z <= box.max.z; z++) {
    if (!isLabelled(z, zStep)) continue;
    const q = p(size.x, 0, z - box.min.z + 0.5);
    canvas.line(q, { x: q.x + 3, y: q.y + 2 }, LABEL);
    canvas.text(String(z), Math.round(q.x + 5), Math.round(q.y + 2), LABEL, fs);
  }
  const yStep = labelStep(a, fh + 2);
  for (let y = box.min.y; y <= box.max.y; y++) {
    if (!isLabelled(y, yStep)) continue;
    const q = p(0, y - box.min.y + 0.5, size.z);
    const text = String(y);
    canvas.line(q, { x: q.x - 3, y: q.y }, LABEL);
    canvas.text(text, Math.round(q.x - 5 - textWidth(text, fs)), Math.round(q.y - fh / 2), LABEL, fs);
  }
  const xEnd = p(size.x, 0, size.z);
  canvas.text('x', Math.round(xEnd.x - 5 - textWidth('x', fs)), Math.round(xEnd.y + fh + 6), LABEL, fs);
  canvas.text('z', Math.round(xEnd.x + 5), Math.round(xEnd.y + fh + 6), LABEL, fs);
  const yEnd = p(0, size.y, size.z);
  canvas.text('y', Math.round(yEnd.x - 5 - textWidth('y', fs)), Math.round(yEnd.y - fh - 4), LABEL, fs);
}
