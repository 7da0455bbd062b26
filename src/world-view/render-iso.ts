/**
 * The isometric view: seen from one corner (south-east by default) and above, drawn back to front so
 * nearer blocks cover farther ones; top faces light, the two facing sides darker. Faces are textured when
 * the assets are installed and a block edge is at least 8 px, flat colours otherwise.
 */
import type { BlockPos, Box } from '../vocabulary/blocks/box.js';
import { type Canvas, type Paint, type Point, type Rgb, shade, textWidth, UNLOADED_HATCH } from './raster.js';
import type { Texture } from './textures.js';
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
import { isNearWall, type SeenFrom } from './cutaway.js';
import { type FaceKind, texturedFace } from './face-paint.js';
import type { Turn } from './rotate.js';
import type { Cuboid } from './shapes.js';

const GROUND: Rgb = [44, 47, 55];
const NEAR_WALL_ALPHA = 0.12;
const GRID: Rgb = [78, 82, 94];
const FULL: Cuboid = { x0: 0, y0: 0, z0: 0, x1: 1, y1: 1, z1: 1 };

export function isoLayout(
  box: Box,
  size: BlockPos,
  scale: number | undefined,
  labels: LabelSpace | undefined,
  turn: Turn,
  maxHeight = MAX_IMAGE_SIDE,
): Layout {
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
      Math.floor((maxHeight - wide.top - wide.bottom) / tall),
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
      const { lx, lz } = turn.toLocal(pos.x - box.min.x, pos.z - box.min.z);
      const p = project(originX, originY, a, lx + 0.5, pos.y - box.min.y + 1, lz + 0.5);
      return { x: Math.floor(p.x), y: Math.floor(p.y) };
    },
  };
}

const project = (ox: number, oy: number, a: number, x: number, y: number, z: number): Point => ({
  x: ox + (x - z) * a,
  y: oy + ((x + z) * a) / 2 - y * a,
});

/**
 * Draws the blocks; returns the blocks (by index in `blocks.cells`) drawn see-through as the near walls of a
 * cut-away room. With `canvas.owners` set, every pixel painted is recorded as its block's.
 */
export function drawIsometric(
  canvas: Canvas,
  blocks: BlockGrid,
  plan: Layout & { box: Box; grid: boolean },
  turn: Turn,
  textured: boolean,
  roofed?: Uint8Array,
): number[] {
  const seeThrough: number[] = [];
  const owners = canvas.owners;
  const { size } = turn;
  const a = plan.scale;
  const at = (lx: number, dy: number, lz: number) => {
    if (lx < 0 || lz < 0 || lx >= size.x || lz >= size.z) return -1;
    const { dx, dz } = turn.toWorld(lx, lz);
    return blocks.at(dx, dy, dz);
  };
  const solidAt = (lx: number, dy: number, lz: number) => {
    const cell = at(lx, dy, lz);
    return cell >= 0 && blocks.palette[cell]!.solid;
  };
  const seen: SeenFrom = {
    solid: solidAt,
    roofed: (lx, lz) => {
      if (!roofed || lx < 0 || lz < 0 || lx >= size.x || lz >= size.z) return false;
      const { dx, dz } = turn.toWorld(lx, lz);
      return roofed[dz * blocks.size.x + dx] === 1;
    },
  };
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
    paints: [FacePaint, FacePaint, FacePaint],
    alpha: number,
    edge?: Rgb,
  ) => {
    const [x0, y0, z0, x1, y1, z1] = [dx + c.x0, dy + c.y0, dz + c.z0, dx + c.x1, dy + c.y1, dz + c.z1];
    // `origin`: the block's min corner moved into the face's plane, so each face samples its own block's texture
    const paint = (i: 0 | 1 | 2, kind: FaceKind, origin: Point) => {
      const pt = paints[i];
      if (typeof pt !== 'object' || !('texture' in pt)) return pt;
      return texturedFace(pt.texture, kind, pt.shade, a, origin.x, origin.y);
    };
    face(
      [p(x0, y1, z1), p(x1, y1, z1), p(x1, y0, z1), p(x0, y0, z1)],
      paint(1, 'south', p(dx, dy, z1)),
      alpha,
      edge,
    );
    face(
      [p(x1, y1, z0), p(x1, y1, z1), p(x1, y0, z1), p(x1, y0, z0)],
      paint(2, 'east', p(x1, dy, dz)),
      alpha,
      edge,
    );
    face(
      [p(x0, y1, z0), p(x1, y1, z0), p(x1, y1, z1), p(x0, y1, z1)],
      paint(0, 'top', p(dx, y1, dz)),
      alpha,
      edge,
    );
  };
  const hatch =
    (f: number): Paint =>
    (px, py) =>
      shade(UNLOADED_HATCH(px, py), f);

  // y, then x, then z ascending: every block that can cover another comes after it
  for (let dy = 0; dy < size.y; dy++) {
    for (let dx = 0; dx < size.x; dx++) {
      for (let dz = 0; dz < size.z; dz++) {
        const cell = at(dx, dy, dz);
        if (cell === UNLOADED_CELL) {
          if (owners) owners.painter = -2; // the hatch hides what is behind it
          cuboid(dx, dy, dz, FULL, [hatch(1), hatch(0.8), hatch(0.65)], 1);
          continue;
        }
        if (cell < 0) continue;
        const entry = blocks.palette[cell]!;
        if (entry.solid && solidAt(dx + 1, dy, dz) && solidAt(dx, dy + 1, dz) && solidAt(dx, dy, dz + 1)) {
          continue;
        }
        const w = turn.toWorld(dx, dz);
        const index = (dy * blocks.size.z + w.dz) * blocks.size.x + w.dx;
        if (owners) owners.painter = index;
        const { rgb, emissive } = entry.colour;
        const nearWall = roofed !== undefined && entry.solid && isNearWall(seen, dx, dy, dz);
        if (nearWall) seeThrough.push(index);
        const alpha = nearWall ? Math.min(entry.colour.alpha, NEAR_WALL_ALPHA) : entry.colour.alpha;
        const f = emissive ? [1, 0.92, 0.85] : [1, 0.8, 0.64];
        const t = textured ? entry.textures : undefined;
        const paints: [FacePaint, FacePaint, FacePaint] = t
          ? [
              { texture: t.top, shade: f[0]! },
              { texture: t.side, shade: f[1]! },
              { texture: t.side, shade: f[2]! },
            ]
          : [shade(rgb, f[0]!), shade(rgb, f[1]!), shade(rgb, f[2]!)];
        // textures carry their own detail; outlines would only blur them
        const edge = outline && !t ? shade(rgb, 0.6) : undefined;
        for (const c of entry.shape) {
          // a part with a colour of its own (a bed's pillow) is drawn flat in it, lit like the block
          const own = c.colour;
          const partPaints: [FacePaint, FacePaint, FacePaint] = own
            ? [shade(own, f[0]!), shade(own, f[1]!), shade(own, f[2]!)]
            : paints;
          const partEdge = own && outline ? shade(own, 0.6) : edge;
          cuboid(dx, dy, dz, turn.cuboid(c), partPaints, alpha, partEdge);
        }
      }
    }
  }
  if (owners) owners.painter = -1;
  if (plan.grid) drawIsoLabels(canvas, plan, size, p, turn);
  return seeThrough;
}

type FacePaint = Paint | { texture: Texture; shade: number };

function drawIsoLabels(
  canvas: Canvas,
  plan: Layout & { box: Box },
  size: BlockPos,
  p: (x: number, y: number, z: number) => Point,
  turn: Turn,
): void {
  const { box, scale: a, fontSize: fs } = plan;
  const fh = fontHeight(fs);
  const { x: xAxis, z: zAxis } = turn.axes;
  // along the front-left ground edge (local x), the front-right ground edge (local z), the left vertical edge (y)
  const xStep = labelStep(a / 2, fh + 2);
  for (let l = 0; l < size.x; l++) {
    const value = xAxis.coordinate(l);
    if (!isLabelled(value, xStep)) continue;
    const q = p(l + 0.5, 0, size.z);
    const text = String(value);
    canvas.line(q, { x: q.x - 3, y: q.y + 2 }, LABEL);
    canvas.text(text, Math.round(q.x - 5 - textWidth(text, fs)), Math.round(q.y + 2), LABEL, fs);
  }
  const zStep = labelStep(a / 2, fh + 2);
  for (let l = 0; l < size.z; l++) {
    const value = zAxis.coordinate(l);
    if (!isLabelled(value, zStep)) continue;
    const q = p(size.x, 0, l + 0.5);
    canvas.line(q, { x: q.x + 3, y: q.y + 2 }, LABEL);
    canvas.text(String(value), Math.round(q.x + 5), Math.round(q.y + 2), LABEL, fs);
  }
  const yStep = labelStep(a, fh + 2);
  for (let y = box.min.y; y <= box.max.y; y++) {
    if (!isLabelled(y, yStep)) continue;
    const q = p(0, y - box.min.y + 0.5, size.z);
    const text = String(y);
    canvas.line(q, { x: q.x - 3, y: q.y }, LABEL);
    canvas.text(text, Math.round(q.x - 5 - textWidth(text, fs)), Math.round(q.y - fh / 2), LABEL, fs);
  }
  // words, not lone letters: each edge's values grow toward the front corner, i.e. toward this direction
  const name = (axis: typeof xAxis) =>
    `${axis.axis}${axis.towards === 'east' || axis.towards === 'south' ? '+' : '-'} ${axis.towards}`;
  const corner = p(size.x, 0, size.z);
  const xName = name(xAxis);
  canvas.text(
    xName,
    Math.round(corner.x - 8 - textWidth(xName, fs)),
    Math.round(corner.y + fh + 6),
    LABEL,
    fs,
  );
  canvas.text(name(zAxis), Math.round(corner.x + 8), Math.round(corner.y + fh + 6), LABEL, fs);
  const yEnd = p(0, size.y, size.z);
  canvas.text('y up', Math.round(yEnd.x - 5 - textWidth('y up', fs)), Math.round(yEnd.y - fh - 4), LABEL, fs);
}
