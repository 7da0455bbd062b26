/**
 * Where a player can be and go, in the world as read (the hints' region). A player is 0.6 × 1.8: it stands
 * on the top of a collision shape (a floor block, a slab, a carpet, a stair) with 1.8 of room above its feet
 * (`Player.STANDING_DIMENSIONS`, 1.21.4 `net/minecraft/world/entity/player/Player.java`). From a stand it
 * walks to the next column where the rise is at most 0.6 (`Entity.maxUpStep`), jumps where it is at most
 * 1.25 (`LivingEntity.getJumpPower`, 0.42 a tick) with the headroom above it, drops down one way, and climbs
 * ladders, vines and scaffolding (`LivingEntity.onClimbable`). Wooden doors, fence gates and trapdoors open
 * by hand; iron ones, fences (1.5 high) and walls stand in the way. A cell the read could not tell, or one
 * outside the region, makes no stand and is remembered: a path that runs into it could not be judged.
 */
import type { BlockPos } from '../../vocabulary/blocks/box.js';
import type { WorldRegion } from './world-region.js';
import { type BodyShape, bodyShape, letsBodyThrough } from './block-shape.js';

/** A place a player's feet can be: the feet cell, the height of the feet, and how it is held. */
export interface Stand {
  readonly x: number;
  /** the cell the feet are in: floor(h) */
  readonly y: number;
  readonly z: number;
  /** the height of the feet */
  readonly h: number;
  /** held by a ladder, vine or scaffolding (or at the top of one), not standing on a surface */
  readonly climbing: boolean;
  /** nothing but open air above the head up to the top of the region */
  readonly sky: boolean;
  /** a cell next to it or above it could not be read (or is outside the region) */
  readonly uncertain: boolean;
}

/** Rises up to this are walked (`Entity.maxUpStep` of a player). */
export const STEP_UP = 0.6;
/** Rises up to this are jumped, with headroom above. */
export const JUMP_UP = 1.25;
export const PLAYER_HEIGHT = 1.8;
/** A stair's full height, walked in two half steps. */
const STAIR_RISE = 1;

/** facing → the step (dx, dz) it points along */
const FACING_STEP: Record<string, readonly [number, number]> = {
  north: [0, -1],
  south: [0, 1],
  west: [-1, 0],
  east: [1, 0],
};

const isStairName = (name: string): boolean => name.endsWith('_stairs');

const EPS = 1e-6;
const SIDES4 = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;

type Cell = BodyShape | 'unknown';

export const standKey = (s: { x: number; y: number; z: number }): string => `${s.x},${s.y},${s.z}`;

/**
 * What a walk over a copy of a region takes from the walk over the region: a write changes the shapes of its own
 * cells, the stands of its column and of the columns beside it (a stand is uncertain next to a cell not read), and
 * so the moves from stands up to two columns away; nothing else.
 */
interface Over {
  walk: WalkGraph;
  /** the written cells, by their offset in the region */
  cells: ReadonlySet<number>;
  /** columns (`columnOf`) within one of a written cell: their stands are worked out again */
  stands: ReadonlySet<number>;
  /** columns within two of a written cell: the moves from their stands are worked out again */
  moves: ReadonlySet<number>;
}

/** The column (x, z) of the region's box as one number; -1 outside the box. */
const columnOf = (region: WorldRegion, x: number, z: number): number => {
  const { min, max } = region.box;
  if (x < min.x || x > max.x || z < min.z || z > max.z) return -1;
  return (x - min.x) * (max.z - min.z + 1) + (z - min.z);
};

const overOf = (walk: WalkGraph, region: WorldRegion, written: Iterable<BlockPos>): Over => {
  const cells = new Set<number>();
  const stands = new Set<number>();
  const moves = new Set<number>();
  for (const p of written) {
    cells.add(region.indexOf(p));
    for (let dx = -2; dx <= 2; dx++)
      for (let dz = -2; dz <= 2; dz++) {
        const col = columnOf(region, p.x + dx, p.z + dz);
        if (col < 0) continue;
        moves.add(col);
        if (Math.abs(dx) <= 1 && Math.abs(dz) <= 1) stands.add(col);
      }
  }
  return { walk, cells, stands, moves };
};

/** no stands: a column outside the region */
const NO_STANDS: readonly Stand[] = Object.freeze([]);

/**
 * The walk graph of a region: every stand and the moves between them, worked out column by column on
 * first use. `reachFromSky()` is the set of stands a player who comes from open sky can get to.
 */
export class WalkGraph {
  private readonly columns = new Map<number, Stand[]>();
  private all: readonly Stand[] | undefined;
  private readonly cells = new Map<number, Cell>();
  private skyReach: Set<string> | undefined;
  private readonly moves = new Map<string, Stand[]>();
  /** stands next to a column open down to the bottom of the region */
  private readonly leadsOut = new Set<string>();
  /** the walk this is a copy of, and what the copy's writes change (`withWrites`) */
  private readonly over: Over | undefined;

  constructor(
    readonly region: WorldRegion,
    private readonly version?: string,
    over?: { walk: WalkGraph; written: Iterable<BlockPos> },
  ) {
    this.over = over ? overOf(over.walk, region, over.written) : undefined;
  }

  /**
   * The walk over `copy`: this walk's region with the cells at `written` changed (a step tried before it is said).
   * The same rules build it; what the writes cannot change (the cells they leave, the stands and moves of columns
   * away from them) is this walk's own, worked out once.
   */
  withWrites(copy: WorldRegion, written: Iterable<BlockPos>): WalkGraph {
    return new WalkGraph(copy, this.version, { walk: this, written });
  }

  /** The block at a cell as the body meets it; 'unknown' outside the region or where the read failed. */
  cell(x: number, y: number, z: number): Cell {
    const i = this.region.indexAt(x, y, z);
    if (i < 0) return 'unknown';
    if (this.over && !this.over.cells.has(i)) return this.over.walk.cell(x, y, z);
    let c = this.cells.get(i);
    if (c === undefined) {
      const b = this.region.at({ x, y, z });
      c = typeof b === 'string' ? 'unknown' : bodyShape(b, this.version);
      this.cells.set(i, c);
    }
    return c;
  }

  /** the body passes through this cell (nothing in it, or it opens by hand, or it is climbed) */
  private bodyFree(c: Cell): boolean {
    return c !== 'unknown' && letsBodyThrough(c);
  }

  /** what a player standing on this cell stands at (0: nothing to stand on) */
  private supportTop(c: Cell): number {
    if (c === 'unknown' || !c.stoodOn) return 0;
    // an open trapdoor stands on its edge: walked through, not stood on; a closed one is a floor
    if (c.opensByHand && c.top >= 1 && c.bottom < 0.5) return 0;
    return c.top;
  }

  private isClimbable(x: number, y: number, z: number): boolean {
    const c = this.cell(x, y, z);
    return c !== 'unknown' && c.climbable;
  }

  /**
   * Whether the body fits in column (x, z) between the heights `from` and `to`: every cell in between is
   * free, or its collision lies outside the span. 'unknown' when a cell in the span could not be read.
   */
  spanFree(x: number, z: number, from: number, to: number): boolean | 'unknown' {
    let unknown = false;
    for (let y = Math.floor(from + EPS); y <= Math.floor(to - EPS); y++) {
      const c = this.cell(x, y, z);
      if (c === 'unknown') {
        unknown = true;
        continue;
      }
      if (this.bodyFree(c)) continue;
      // the part of the span inside this cell: [lo, hi) in the cell's own space
      const lo = Math.max(0, from - y);
      const hi = Math.min(1, to - y);
      if (c.top <= lo + EPS || c.bottom >= hi - EPS) continue;
      return false;
    }
    return unknown ? 'unknown' : true;
  }

  /** Column (x, z) is open from `top` down to the bottom of the region: who steps in falls out of what was read. */
  openDown(x: number, z: number, top: number): boolean {
    return this.spanFree(x, z, this.region.box.min.y, top) === true;
  }

  /** The stands in column (x, z), lowest first. */
  standsIn(x: number, z: number): readonly Stand[] {
    const col = columnOf(this.region, x, z);
    if (col < 0) return NO_STANDS;
    if (this.over && !this.over.stands.has(col)) return this.over.walk.standsIn(x, z);
    let stands = this.columns.get(col);
    if (stands) return stands;
    stands = [];
    const { min, max } = this.region.box;
    for (let y = min.y + 1; y <= max.y; y++) {
      const s = this.standAt(x, y, z);
      if (s) stands.push(s);
    }
    this.columns.set(col, stands);
    return stands;
  }

  private standAt(x: number, y: number, z: number): Stand | undefined {
    const here = this.cell(x, y, z);
    if (here === 'unknown') return undefined;
    const below = this.cell(x, y - 1, z);
    const climbHere = this.isClimbable(x, y, z) || this.isClimbable(x, y - 1, z);
    let h: number | undefined;
    let climbing = false;
    const own = this.supportTop(here);
    if (here.opensByHand && this.isClimbable(x, y - 1, z)) {
      // a trapdoor over a ladder: a hatch, opened to climb through
      h = y;
      climbing = true;
    } else if (own > EPS && own < 1 - EPS && !this.bodyFree(here)) {
      h = y + own;
    } else if (this.bodyFree(here) || here.boxes.length === 0) {
      const tb = this.supportTop(below);
      if (tb >= 1 - EPS) h = y - 1 + tb;
      else if (climbHere) {
        h = y;
        climbing = true;
      }
    }
    if (h === undefined || Math.floor(h + EPS) !== y) return undefined;
    const fits = this.spanFree(x, z, h, h + PLAYER_HEIGHT);
    if (fits === false) return undefined;
    let uncertain = fits === 'unknown' || below === 'unknown';
    for (const [dx, dz] of SIDES4) {
      for (let dy = -2; dy <= 2 && !uncertain; dy++)
        if (this.cell(x + dx, y + dy, z + dz) === 'unknown') uncertain = true;
    }
    return { x, y, z, h, climbing, sky: this.skyAbove(x, z, h + PLAYER_HEIGHT), uncertain };
  }

  /** nothing with a collision shape above `from` up to the top of the region */
  private skyAbove(x: number, z: number, from: number): boolean {
    for (let y = Math.floor(from + EPS); y <= this.region.box.max.y; y++) {
      const c = this.cell(x, y, z);
      if (c === 'unknown' || c.boxes.length > 0 || c.climbable) return false;
    }
    return true;
  }

  /** The stands a player at `a` gets to in one move: walk, jump, drop, or climb. */
  movesFrom(a: Stand): Stand[] {
    if (this.over && !this.over.moves.has(columnOf(this.region, a.x, a.z)))
      return this.over.walk.movesFrom(a);
    const key = standKey(a);
    let out = this.moves.get(key);
    if (out) return out;
    out = [];
    this.moves.set(key, out);
    for (const [dx, dz] of SIDES4) {
      const x = a.x + dx;
      const z = a.z + dz;
      // open air down to the bottom of the region: a player stepping off falls out of what was read
      if (this.openDown(x, z, a.h + PLAYER_HEIGHT)) this.leadsOut.add(key);
      for (const b of this.standsIn(x, z)) {
        const rise = b.h - a.h;
        if (rise > JUMP_UP + EPS) continue;
        if (rise > STEP_UP + EPS && rise <= STAIR_RISE + EPS && this.stairStep(b, dx, dz)) {
          // up a stair from its low side or from the side: two steps of 0.5, no jump
        } else if (rise > STEP_UP + EPS) {
          // a jump: the head rises as far as the feet must, in the column it starts from
          if (this.spanFree(a.x, a.z, a.h, b.h + PLAYER_HEIGHT) !== true) continue;
        } else if (rise > EPS) {
          if (this.spanFree(a.x, a.z, a.h, b.h + PLAYER_HEIGHT) !== true) continue;
        } else if (rise < -STEP_UP - EPS) {
          // a drop: the body goes over the edge at its own height and falls to the first stand below
          if (this.spanFree(x, z, b.h, a.h + PLAYER_HEIGHT) !== true) continue;
        } else if (this.spanFree(x, z, Math.min(a.h, b.h), Math.max(a.h, b.h) + PLAYER_HEIGHT) !== true) {
          continue;
        }
        out.push(b);
      }
    }
    // up and down a ladder: the feet cell (or the one under it, at a ladder's top) is climbed
    for (const b of this.standsIn(a.x, a.z)) {
      if (b.y === a.y + 1 && this.isClimbable(a.x, a.y, a.z)) out.push(b);
      if (b.y === a.y - 1 && this.isClimbable(a.x, b.y, a.z)) out.push(b);
    }
    return out;
  }

  /**
   * `b` stands on the top of a bottom-half stair that a player walking (dx, dz) steps up: onto its lower
   * half (0.5), then onto its top (`StairBlock` shapes: the bottom slab whole, the upper quarter towards
   * `facing`). From the stair's back (walking against its facing) its full height meets the player.
   */
  private stairStep(b: Stand, dx: number, dz: number): boolean {
    if (b.h !== b.y) return false;
    const below = this.region.at({ x: b.x, y: b.y - 1, z: b.z });
    if (typeof below === 'string' || !isStairName(below.name)) return false;
    if (below.properties['half'] === 'top') return false;
    const back = FACING_STEP[below.properties['facing'] ?? 'north'];
    return !back || back[0] !== -dx || back[1] !== -dz;
  }

  /** Every stand in the region. */
  allStands(): readonly Stand[] {
    if (this.all) return this.all;
    const { min, max } = this.region.box;
    const all: Stand[] = [];
    for (let x = min.x; x <= max.x; x++)
      for (let z = min.z; z <= max.z; z++) all.push(...this.standsIn(x, z));
    this.all = all;
    return all;
  }

  /** The stands a player coming from open sky can get to (by their keys). */
  reachFromSky(): Set<string> {
    this.skyReach ??= this.reachFrom(this.skyStands());
    return this.skyReach;
  }

  private toSky: Set<string> | undefined;

  /** The stands from which a player gets out to open sky (by their keys). */
  reachSkyFrom(): Set<string> {
    this.toSky ??= this.reachBack(this.skyStands());
    return this.toSky;
  }

  /** stands under open sky, standing on something */
  private skyStands(): Stand[] {
    return this.allStands().filter((s) => s.sky && !s.climbing);
  }

  /** The stands a player gets to from `seeds` (by their keys), moving as the walk allows. */
  reachFrom(seeds: readonly Stand[]): Set<string> {
    const seen = new Set(seeds.map(standKey));
    const queue = [...seeds];
    while (queue.length) {
      const a = queue.pop()!;
      for (const b of this.movesFrom(a)) {
        const k = standKey(b);
        if (seen.has(k)) continue;
        seen.add(k);
        queue.push(b);
      }
    }
    return seen;
  }

  /** The stands from which a player gets to one of `targets` (by their keys): the moves walked backwards. */
  reachBack(targets: readonly Stand[]): Set<string> {
    const into = this.movesInto();
    const seen = new Set(targets.map(standKey));
    const queue = [...targets];
    while (queue.length) {
      const b = queue.pop()!;
      for (const a of into.get(standKey(b)) ?? []) {
        const k = standKey(a);
        if (seen.has(k)) continue;
        seen.add(k);
        queue.push(a);
      }
    }
    return seen;
  }

  /**
   * A way in to `targets` from open sky: 'walkable' when a player from the sky gets to one of them; 'none'
   * when no stand that leads to them is open to the sky, and every such stand was read whole; 'unknown'
   * when the stands that lead to them run into what was not read (the region's edge, an unread cell).
   */
  wayInto(targets: readonly Stand[]): 'walkable' | 'none' | 'unknown' {
    const reach = this.reachFromSky();
    if (targets.some((t) => reach.has(standKey(t)))) return 'walkable';
    const { min, max } = this.region.box;
    const atEdge = (s: Stand): boolean =>
      s.x === min.x || s.x === max.x || s.z === min.z || s.z === max.z || s.y >= max.y - 1;
    // backwards from the room, along the moves into it: a stand on the way that was not read whole
    const into = this.movesInto();
    const found = new Set(targets.map(standKey));
    const queue = [...targets];
    while (queue.length) {
      const b = queue.pop()!;
      if (b.uncertain || atEdge(b) || this.leadsOutOf(b)) return 'unknown';
      for (const a of into.get(standKey(b)) ?? []) {
        const k = standKey(a);
        if (found.has(k)) continue;
        found.add(k);
        queue.push(a);
      }
    }
    return 'none';
  }

  /** A step off one side of the stand falls out of what was read (open down to the region's bottom). */
  private leadsOutOf(s: Stand): boolean {
    if (this.over && !this.over.moves.has(columnOf(this.region, s.x, s.z)))
      return this.over.walk.leadsOutOf(s);
    this.movesFrom(s);
    return this.leadsOut.has(standKey(s));
  }

  private movesIntoCache: Map<string, Stand[]> | undefined;

  /** For each stand, the stands with a move into it. */
  movesInto(): Map<string, Stand[]> {
    if (this.movesIntoCache) return this.movesIntoCache;
    const into = new Map<string, Stand[]>();
    for (const a of this.allStands())
      for (const b of this.movesFrom(a)) {
        const k = standKey(b);
        const list = into.get(k);
        if (list) list.push(a);
        else into.set(k, [a]);
      }
    this.movesIntoCache = into;
    return into;
  }

  /** The stand whose feet are in this cell, if any. */
  standOf(p: BlockPos): Stand | undefined {
    return this.standsIn(p.x, p.z).find((s) => s.y === p.y);
  }
}
