/**
 * Where a player can go, the naive way, cell by cell inside a bounded box: a player takes two open cells
 * (0.6 × 1.8), stands on a block's top or holds a ladder, walks level, walks up a stair or slab, jumps one
 * block where the cell over its head is open too, climbs ladders and vines, and falls any height. Its start
 * is open sky: standing cells with nothing but leaking blocks above them to the top of the box.
 */
import { climbable, halfRise, leaks, passable, standable } from './blocks.js';
import { add, type Box3, type Grid, id, inBox, type Pos } from './grid.js';

const SIDES: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];

export class Walker {
  constructor(
    private readonly grid: Grid,
    private readonly box: Box3,
  ) {}

  private open(p: Pos): boolean {
    return inBox(this.box, p) && passable(this.grid.get(p));
  }

  /** two open cells, feet at `p` */
  fits(p: Pos): boolean {
    return this.open(p) && this.open(add(p, 0, 1, 0));
  }

  held(p: Pos): boolean {
    const below = add(p, 0, -1, 0);
    return standable(this.grid.get(below)) || climbable(this.grid.get(p)) || climbable(this.grid.get(below));
  }

  /** per column (x, z): the lowest y from which only leaking blocks stand up to the top of the box */
  private readonly skyFrom = new Map<number, number>();

  sky(p: Pos): boolean {
    const col = id({ x: p.x, y: 0, z: p.z });
    let from = this.skyFrom.get(col);
    if (from === undefined) {
      from = this.box.max.y + 1;
      while (from > this.box.min.y && leaks(this.grid.get({ x: p.x, y: from - 1, z: p.z }))) from--;
      this.skyFrom.set(col, from);
    }
    return p.y >= from;
  }

  /** where a falling player from `p` lands, or undefined when it falls out of the box */
  private land(p: Pos): Pos | undefined {
    let q = p;
    while (!this.held(q)) {
      q = add(q, 0, -1, 0);
      if (!this.fits(q)) return undefined;
    }
    return q;
  }

  private next(p: Pos): Pos[] {
    const out: Pos[] = [];
    const here = this.grid.get(p);
    for (const [dx, dz] of SIDES) {
      const n = add(p, dx, 0, dz);
      if (this.fits(n)) {
        const landed = this.land(n);
        if (landed) out.push(landed);
        continue;
      }
      // up one: onto a stair or slab by walking, onto a full block by a jump with the cell over the head open
      const step = this.grid.get(n);
      const up = add(n, 0, 1, 0);
      if (standable(step) && this.fits(up) && (halfRise(step) || this.open(add(p, 0, 2, 0)))) out.push(up);
    }
    const holdsLadder = climbable(here) || climbable(this.grid.get(add(p, 0, -1, 0)));
    if (climbable(here) && this.fits(add(p, 0, 1, 0))) out.push(add(p, 0, 1, 0));
    if (holdsLadder && this.fits(add(p, 0, -1, 0))) out.push(add(p, 0, -1, 0));
    return out;
  }

  /** Every cell a player's feet reach from open sky (by `id`). */
  reach(): Set<number> {
    const seen = new Set<number>();
    const queue: Pos[] = [];
    for (let y = this.box.min.y; y <= this.box.max.y; y++)
      for (let z = this.box.min.z; z <= this.box.max.z; z++)
        for (let x = this.box.min.x; x <= this.box.max.x; x++) {
          const p = { x, y, z };
          if (this.fits(p) && this.held(p) && this.sky(p)) {
            seen.add(id(p));
            queue.push(p);
          }
        }
    while (queue.length) {
      const p = queue.pop()!;
      for (const n of this.next(p)) {
        const k = id(n);
        if (seen.has(k)) continue;
        seen.add(k);
        queue.push(n);
      }
    }
    return seen;
  }

  /**
   * Whether the air of a room reaches open sky or the edge of the box through blocks that leak (its sides are
   * not all closed).
   */
  leaksOut(air: readonly Pos[]): boolean {
    const seen = new Set(air.map(id));
    const queue = [...air];
    while (queue.length) {
      const p = queue.pop()!;
      if (this.sky(p)) return true;
      for (const [dx, dy, dz] of [
        [1, 0, 0],
        [-1, 0, 0],
        [0, 1, 0],
        [0, -1, 0],
        [0, 0, 1],
        [0, 0, -1],
      ] as const) {
        const n = add(p, dx, dy, dz);
        if (!inBox(this.box, n)) return true;
        const k = id(n);
        if (seen.has(k) || !leaks(this.grid.get(n))) continue;
        seen.add(k);
        queue.push(n);
      }
    }
    return false;
  }
}
