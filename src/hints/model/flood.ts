/**
 * The one flood of open air (`Flood`): from a cell, over open cells six ways, divided at doorways (passages.ts)
 * or, for the air as one, not. Every question about air is answered by it (spaces.ts). Kept per region, version
 * and the openings the batch cut (`floodOf`), so that each cell is flooded once. A copy of a region with writes
 * (world-region.ts `RegionWithWrites`, a step the referee tries) is flooded the same way, taking the region's
 * doorway verdicts where they read no write.
 */
import type { BlockPos, Box } from '../../vocabulary/blocks/box.js';
import { boxOf, containsPos } from '../geometry.js';
import { RegionWithWrites, type WorldRegion } from './world-region.js';
import { cellKindAt, isClosed } from './cells.js';
import { type PassageReader, passageCell } from './passages.js';
import { bodyShape, isFullCube } from './block-shape.js';

/** Pockets of air smaller than this (a niche, a gap behind furniture) are no room. */
const MIN_ROOM_CELLS = 2;

/** the six neighbours' offsets, along x, y and z */
const DX = [1, -1, 0, 0, 0, 0] as const;
const DY = [0, 0, 1, -1, 0, 0] as const;
const DZ = [0, 0, 0, 0, 1, -1] as const;

export interface Space {
  /** the open cells' bounding box */
  interior: Box;
  /** the (x, z) columns it covers, as `x,z` */
  columns: Set<string>;
  cells: number;
  /** its open cells, as `x,y,z` */
  open: Set<string>;
  /** it reaches the edge of the bounds or a block the world could not tell: not known to be enclosed */
  leaks: boolean;
}

/** What a flood may be told: the openings the batch cut into walls (air written), which are doorways. */
export interface FloodOptions {
  cut?: ((p: BlockPos) => boolean) | undefined;
}

/** Open air this large is no room: it reaches out (the air around a building, not walled in). */
const OPEN_AIR_CELLS = 20_000;

/** The cells around `p` that tell whether it is a doorway's air (passages.ts), read from the region. */
export const passageReader = (
  region: WorldRegion,
  version: string | undefined,
  cut: FloodOptions['cut'],
): PassageReader => ({
  kindAt: (x, y, z) => cellKindAt(region, x, y, z, version),
  fullCube: (x, y, z) => {
    const b = region.at({ x, y, z });
    return typeof b !== 'string' && isFullCube(bodyShape(b, version));
  },
  topY: region.box.max.y,
  cut,
});

/**
 * The one flood of open air: from a cell, over open cells six ways inside `bounds`, stopping at doorway cells
 * (unless `whole`: the air as one, doorways and all). A space leaks where it reaches out of the bounds or next to a
 * cell the world could not tell. `stopAtLeak`: a space is given up on at its first leak and kept as leaking air,
 * so that the open air around a building is not read to the edge of the bounds; a space that reaches such air
 * leaks too. Each cell is flooded once: `spaceAt` gives every cell of a space the same answer.
 */
interface FloodHow {
  cut?: FloodOptions['cut'];
  /** not divided at doorways: the air as one */
  whole?: boolean;
  /** a space is given up on at its first leak */
  stopAtLeak?: boolean;
  /** a space is given up on once it leaks through this many faces of the bounds, or meets air given up on */
  openAirFaces?: number | undefined;
  /** a space of more cells than this leaks (that much air is no room) */
  limit?: number;
}

export class Flood {
  private readonly reader: PassageReader;
  private readonly cut: FloodOptions['cut'];
  private readonly whole: boolean;
  private readonly stopAtLeak: boolean;
  private readonly openAirFaces: number | undefined;
  private readonly limit: number;
  private readonly portal = new Map<number, boolean>();
  /**
   * per cell whose passage verdict was worked out: the box of the cells that verdict read (minimum x, y, z, then
   * maximum): a copy of the region with no write inside it has the same verdict
   */
  private readonly portalReads = new Map<number, number[]>();
  /** the box of what the verdict being worked out reads */
  private reading: number[] | undefined;
  /** each flooded cell's space; undefined: a pocket too small for a room */
  private readonly spaceOf = new Map<number, Space | undefined>();
  /** cells of spaces given up on: at a leak (stopAtLeak), or as the open air (openAirFaces) */
  private readonly leaked = new Set<number>();

  constructor(
    readonly region: WorldRegion,
    private readonly bounds: Box,
    private readonly version: string | undefined,
    { cut, whole = false, stopAtLeak = false, openAirFaces, limit = Infinity }: FloodHow,
    /** the region's reads this flood was made on (WorldRegion.forget starts them again) */
    readonly reads = region.reads,
  ) {
    this.cut = cut;
    this.whole = whole;
    this.stopAtLeak = stopAtLeak;
    this.openAirFaces = openAirFaces;
    this.limit = limit;
    const read = passageReader(region, version, cut);
    const note = (x: number, y: number, z: number): void => {
      const box = this.reading;
      if (!box) return;
      box[0] = Math.min(box[0]!, x);
      box[1] = Math.min(box[1]!, y);
      box[2] = Math.min(box[2]!, z);
      box[3] = Math.max(box[3]!, x);
      box[4] = Math.max(box[4]!, y);
      box[5] = Math.max(box[5]!, z);
    };
    // only the floods kept per region (floodOf) are asked for their verdicts by a copy: only they note what they read
    this.reader = read;
    this.noting = {
      ...read,
      kindAt: (x, y, z) => (note(x, y, z), read.kindAt(x, y, z)),
      fullCube: (x, y, z) => (note(x, y, z), read.fullCube(x, y, z)),
    };
  }

  /** the passage reader that notes the box of what it reads (`readsOf`) */
  private readonly noting: PassageReader;

  /**
   * Whether the open cell `p` (offset `i`) is a doorway's air. On a copy with writes (a step the referee tries),
   * the region's own verdict stands where the cells it read hold no write: it is worked out again only near them.
   */
  isPortal(p: BlockPos, i: number): boolean {
    if (this.whole) return false;
    let v = this.portal.get(i);
    if (v !== undefined) return v;
    const { region } = this;
    if (region instanceof RegionWithWrites) {
      const base = floodOf(region.base, this.version, this.cut, false);
      const verdict = base.isPortal(p, i);
      v = region.writesIn(base.readsOf(p, i)) ? passageCell(this.reader, p) : verdict;
    } else v = passageCell(this.reader, p);
    this.portal.set(i, v);
    return v;
  }

  /**
   * The box of the cells the passage verdict at `p` reads: worked out once, when a copy first asks (the verdict
   * read again with its reads noted), so that the model's own floods note nothing.
   */
  private readsOf(p: BlockPos, i: number): readonly number[] {
    let box = this.portalReads.get(i);
    if (box) return box;
    // a doorway's cell reads at least itself
    box = this.reading = [p.x, p.y, p.z, p.x, p.y, p.z];
    passageCell(this.noting, p);
    this.reading = undefined;
    this.portalReads.set(i, box);
    return box;
  }

  /**
   * Whether straight lines of open cells from the open cell `p` (offset `start`), one along each of the six
   * directions, leak through `openAirFaces` faces of the bounds or meet air given up on. Then `p`'s space is the
   * open air, as its flood would find it: the cells of the lines are all in it. They are given up on, and the
   * air around them is not flooded: a block set out in the open is judged in a few dozen reads, not the
   * thousand of a flood that wanders the open air until it has touched three faces.
   */
  private openAirAlongLines(p: BlockPos, start: number): boolean {
    const { openAirFaces } = this;
    if (openAirFaces === undefined) return false;
    const { region, version } = this;
    const { min, max } = this.bounds;
    // a neighbour in air given up on: the same air (the cells along a wall, one after the other)
    for (let d = 0; d < 6; d++) {
      const i = region.indexAt(p.x + DX[d]!, p.y + DY[d]!, p.z + DZ[d]!);
      if (i >= 0 && this.leaked.has(i)) {
        this.leaked.add(start);
        return true;
      }
    }
    const line = [start];
    let faces = 0;
    for (let d = 0; d < 6 && faces < openAirFaces; d++) {
      for (let x = p.x, y = p.y, z = p.z; ;) {
        x += DX[d]!;
        y += DY[d]!;
        z += DZ[d]!;
        if (x < min.x || y < min.y || z < min.z || x > max.x || y > max.y || z > max.z) {
          if (!isClosed(cellKindAt(region, x, y, z, version))) faces++;
          break;
        }
        const i = region.indexAt(x, y, z);
        if (this.leaked.has(i)) faces = openAirFaces;
        if (faces === openAirFaces || this.spaceOf.has(i)) break;
        if (cellKindAt(region, x, y, z, version) !== 'open' || this.isPortal({ x, y, z }, i)) break;
        line.push(i);
      }
    }
    if (faces < openAirFaces) return false;
    for (const i of line) this.leaked.add(i);
    return true;
  }

  /** Whether the air at open cell `p` leaks (stopAtLeak floods only). */
  leaksAt(p: BlockPos): boolean {
    const i = this.region.indexOf(p);
    if (!this.leaked.has(i) && !this.spaceOf.has(i)) this.spaceAt(p);
    return this.leaked.has(i);
  }

  /**
   * The space the open cell `p` is in (flooded now if it was not yet); undefined for a cell that is not open, a
   * doorway's cell, a pocket too small for a room, or air given up on (stopAtLeak, openAirFaces).
   */
  spaceAt(p: BlockPos): Space | undefined {
    const { region, bounds, version } = this;
    if (!containsPos(bounds, p)) return undefined;
    const start = region.indexOf(p);
    if (this.spaceOf.has(start)) return this.spaceOf.get(start);
    if (this.leaked.has(start)) return undefined;
    if (cellKindAt(region, p.x, p.y, p.z, version) !== 'open' || this.isPortal(p, start)) return undefined;
    if (this.openAirAlongLines(p, start)) return undefined;
    const { min, max } = bounds;
    const queue = [p];
    const done = new Set<number>([start]);
    const found: BlockPos[] = [];
    let leaks = false;
    // the faces of the bounds it leaks through: at `openAirFaces` of them it is the open air, given up on
    const faces = new Set<number>();
    // or it meets air given up on before (the same air, reached from another cell)
    let meetsOpenAir = false;
    const { openAirFaces } = this;
    const openAir = (): boolean => openAirFaces !== undefined && (meetsOpenAir || faces.size >= openAirFaces);
    while (queue.length && !(leaks && this.stopAtLeak) && !openAir()) {
      const q = queue.pop()!;
      found.push(q);
      if (found.length > this.limit) leaks = true;
      // the six neighbours, by coordinates: a position object only for a cell the flood goes on to
      for (let d = 0; d < 6; d++) {
        const nx = q.x + DX[d]!;
        const ny = q.y + DY[d]!;
        const nz = q.z + DZ[d]!;
        if (nx < min.x || ny < min.y || nz < min.z || nx > max.x || ny > max.y || nz > max.z) {
          if (!isClosed(cellKindAt(region, nx, ny, nz, version))) {
            leaks = true;
            faces.add(d);
          }
          continue;
        }
        const i = region.indexAt(nx, ny, nz);
        if (this.leaked.has(i)) leaks = meetsOpenAir = true;
        if (done.has(i)) continue;
        const k = cellKindAt(region, nx, ny, nz, version);
        if (k === 'unknown') leaks = true;
        if (k !== 'open') continue;
        const n = { x: nx, y: ny, z: nz };
        if (this.isPortal(n, i)) continue;
        done.add(i);
        queue.push(n);
      }
    }
    if ((leaks && this.stopAtLeak) || openAir()) {
      for (const i of done) this.leaked.add(i);
      return undefined;
    }
    const space =
      found.length < MIN_ROOM_CELLS
        ? undefined
        : {
            interior: found.reduce((b, q) => boxOf(boxOf(b.min, q).min, boxOf(b.max, q).max), {
              min: found[0]!,
              max: found[0]!,
            }),
            columns: new Set(found.map((q) => `${q.x},${q.z}`)),
            cells: found.length,
            open: new Set(found.map((q) => `${q.x},${q.y},${q.z}`)),
            leaks,
          };
    for (const i of done) this.spaceOf.set(i, space);
    return space;
  }
}

/**
 * The flood of a region's enclosed air (or, `whole`, of its air as one), kept per region, version and the
 * openings the batch cut: every question about the same air is answered by one flood.
 */
export const floodOf = (
  region: WorldRegion,
  version: string | undefined,
  cut: FloodOptions['cut'],
  whole: boolean,
): Flood => {
  let kept = floods.get(region);
  if (!kept) floods.set(region, (kept = new Map()));
  const key = `${version} ${whole}`;
  let byCut = kept.get(key);
  if (!byCut) kept.set(key, (byCut = new Map()));
  let flood = byCut.get(cut ?? NO_CUT);
  if (!flood || flood.reads !== region.reads) {
    flood = new Flood(region, region.box, version, {
      cut,
      whole,
      stopAtLeak: true,
      ...(whole ? { limit: OPEN_AIR_CELLS } : {}),
    });
    byCut.set(cut ?? NO_CUT, flood);
  }
  return flood;
};
const NO_CUT = (): boolean => false;
const floods = new WeakMap<WorldRegion, Map<string, Map<(p: BlockPos) => boolean, Flood>>>();
