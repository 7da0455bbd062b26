/** A small RGBA canvas for the renderer: blended pixels, convex polygons, lines and 3×5 text (digits, a–z). */
import { PNG } from 'pngjs';

export type Rgb = readonly [number, number, number];
/** a fixed colour, or one computed per pixel (patterns, textures; null leaves the pixel as it is) */
export type Paint = Rgb | ((px: number, py: number) => Rgb | null);
export interface Point {
  x: number;
  y: number;
}

// 3×5 glyphs, rows top to bottom, bit 2 = left column
const GLYPHS: Record<string, readonly number[]> = {
  '0': [7, 5, 5, 5, 7],
  '1': [2, 6, 2, 2, 7],
  '2': [7, 1, 7, 4, 7],
  '3': [7, 1, 3, 1, 7],
  '4': [5, 5, 7, 1, 1],
  '5': [7, 4, 7, 1, 7],
  '6': [7, 4, 7, 5, 7],
  '7': [7, 1, 2, 2, 2],
  '8': [7, 5, 7, 5, 7],
  '9': [7, 5, 7, 1, 7],
  '-': [0, 0, 7, 0, 0],
  a: [2, 5, 7, 5, 5],
  b: [6, 5, 6, 5, 6],
  c: [3, 4, 4, 4, 3],
  d: [6, 5, 5, 5, 6],
  e: [7, 4, 6, 4, 7],
  f: [7, 4, 6, 4, 4],
  g: [3, 4, 5, 5, 3],
  h: [5, 5, 7, 5, 5],
  i: [7, 2, 2, 2, 7],
  j: [1, 1, 1, 5, 2],
  k: [5, 5, 6, 5, 5],
  l: [4, 4, 4, 4, 7],
  m: [5, 7, 7, 5, 5],
  n: [6, 5, 5, 5, 5],
  o: [2, 5, 5, 5, 2],
  p: [6, 5, 6, 4, 4],
  q: [2, 5, 5, 6, 3],
  r: [6, 5, 6, 5, 5],
  s: [3, 4, 2, 1, 6],
  t: [7, 2, 2, 2, 2],
  u: [5, 5, 5, 5, 7],
  v: [5, 5, 5, 5, 2],
  w: [5, 5, 7, 7, 5],
  x: [5, 5, 2, 5, 5],
  y: [5, 5, 2, 2, 2],
  z: [7, 1, 2, 4, 7],
  _: [0, 0, 0, 0, 7],
  ':': [0, 2, 0, 2, 0],
  '.': [0, 0, 0, 0, 2],
  ',': [0, 0, 0, 2, 4],
  '+': [0, 2, 7, 2, 0],
  '=': [0, 7, 0, 7, 0],
  '(': [1, 2, 2, 2, 1],
  ')': [4, 2, 2, 2, 4],
  '/': [1, 1, 2, 4, 4],
  '>': [4, 2, 1, 2, 4],
  '<': [1, 2, 4, 2, 1],
};

/**
 * Which block each pixel of a picture shows: the renderer names the painter before it draws a block's faces,
 * and every pixel painted then is that block's. A see-through paint (alpha below 1) shows what is under it
 * too, so it is kept beside the opaque block it lies over; an opaque paint covers both.
 */
export class PixelOwners {
  /** per pixel: 2 + the block whose opaque paint is on top; 1: covered by no block; 0: nothing */
  private readonly opaque: Uint16Array | Int32Array;
  /** per pixel: 2 + the nearest block painted see-through over the opaque one, or 0 */
  private readonly over: Uint16Array | Int32Array;
  /** the block being drawn; -1: nothing is recorded (ground, grid, labels); -2: covers, but is no block */
  painter = -1;

  constructor(
    pixels: number,
    private readonly blocks: number,
  ) {
    // two bytes a pixel each where the blocks fit (a 2048 px square: 16 MB rather than 32)
    const small = blocks + 2 <= 0xffff;
    this.opaque = small ? new Uint16Array(pixels) : new Int32Array(pixels);
    this.over = small ? new Uint16Array(pixels) : new Int32Array(pixels);
  }

  record(pixel: number, alpha: number): void {
    if (this.painter === -1) return;
    if (alpha >= 1) {
      this.opaque[pixel] = this.painter + 2;
      this.over[pixel] = 0;
    } else this.over[pixel] = this.painter + 2;
  }

  /** 1 for every block that shows in at least one pixel, indexed by block */
  shown(): Uint8Array {
    const out = new Uint8Array(this.blocks);
    for (const owners of [this.opaque, this.over]) for (const b of owners) if (b >= 2) out[b - 2] = 1;
    return out;
  }
}

export class Canvas {
  readonly data: Buffer;
  /** set: every pixel painted is recorded as the current painter's */
  owners: PixelOwners | undefined;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.data = Buffer.alloc(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      this.data[i * 4] = background[0];
      this.data[i * 4 + 1] = background[1];
      this.data[i * 4 + 2] = background[2];
      this.data[i * 4 + 3] = 255;
    }
  }

  /** Paints one pixel with `alpha` (0–1) over what is there. */
  blend(px: number, py: number, paint: Paint, alpha = 1): void {
    if (px < 0 || py < 0 || px >= this.width || py >= this.height) return;
    const c = typeof paint === 'function' ? paint(px, py) : paint;
    if (c === null) return;
    const i = (py * this.width + px) * 4;
    for (let k = 0; k < 3; k++) {
      this.data[i + k] = Math.round(c[k]! * alpha + this.data[i + k]! * (1 - alpha));
    }
    this.owners?.record(py * this.width + px, alpha);
  }

  pixel(px: number, py: number): Rgb {
    const i = (py * this.width + px) * 4;
    return [this.data[i]!, this.data[i + 1]!, this.data[i + 2]!];
  }

  rect(x: number, y: number, w: number, h: number, paint: Paint, alpha = 1): void {
    for (let py = y; py < y + h; py++) for (let px = x; px < x + w; px++) this.blend(px, py, paint, alpha);
  }

  /** Fills a convex polygon; a pixel is inside when its centre is (half-open, so shared edges draw once). */
  polygon(points: readonly Point[], paint: Paint, alpha = 1): void {
    const ys = points.map((p) => p.y);
    const top = Math.max(0, Math.floor(Math.min(...ys)));
    const bottom = Math.min(this.height, Math.ceil(Math.max(...ys)));
    for (let py = top; py < bottom; py++) {
      const cy = py + 0.5;
      let left = Number.POSITIVE_INFINITY;
      let right = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < points.length; i++) {
        const a = points[i]!;
        const b = points[(i + 1) % points.length]!;
        if ((a.y <= cy && b.y > cy) || (b.y <= cy && a.y > cy)) {
          const x = a.x + ((cy - a.y) / (b.y - a.y)) * (b.x - a.x);
          left = Math.min(left, x);
          right = Math.max(right, x);
        }
      }
      for (
        let px = Math.max(0, Math.ceil(left - 0.5));
        px < Math.min(this.width, Math.ceil(right - 0.5));
        px++
      ) {
        this.blend(px, py, paint, alpha);
      }
    }
  }

  line(a: Point, b: Point, paint: Paint, alpha = 1): void {
    const steps = Math.max(1, Math.ceil(Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y))));
    for (let i = 0; i <= steps; i++) {
      const t = i / steps;
      this.blend(Math.floor(a.x + (b.x - a.x) * t), Math.floor(a.y + (b.y - a.y) * t), paint, alpha);
    }
  }

  /** Draws `text` with its top-left corner at (x, y); unknown characters leave a gap. */
  text(text: string, x: number, y: number, paint: Paint, size = 1): void {
    [...text].forEach((ch, n) => {
      const rows = GLYPHS[ch] ?? GLYPHS[ch.toLowerCase()];
      if (!rows) return;
      rows.forEach((bits, row) => {
        for (let col = 0; col < 3; col++) {
          if (bits & (4 >> col)) this.rect(x + (n * 4 + col) * size, y + row * size, size, size, paint);
        }
      });
    });
  }

  toPng(): Buffer {
    // the packer reads only width, height and data: encode the canvas's own pixels, not a copy of them
    const image = { width: this.width, height: this.height, data: this.data } as unknown as PNG;
    return PNG.sync.write(image);
  }
}

export const textWidth = (text: string, size = 1): number => Math.max(0, text.length * 4 - 1) * size;
export const TEXT_HEIGHT = 5;

export const shade = (c: Rgb, factor: number): Rgb => [
  Math.min(255, Math.round(c[0] * factor)),
  Math.min(255, Math.round(c[1] * factor)),
  Math.min(255, Math.round(c[2] * factor)),
];

/** Diagonal stripes: what the renderer paints where the world is unloaded (never air). */
export const UNLOADED_HATCH = (px: number, py: number): Rgb =>
  (px + py) % 8 < 3 ? [24, 24, 24] : [214, 64, 214];
