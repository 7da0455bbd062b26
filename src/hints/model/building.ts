/**
 * The building as one model, built once per answer from the world as read (the hints' region): where a
 * player stands and walks (walk.ts), the rooms — the open air enclosed around stands, one room per storey
 * (a hole in a floor or a stairway between two storeys is a passage, not part of either) — and each room's
 * way in from open sky, walked, through other rooms if need be. Where the walk runs into what was not read,
 * the verdict is 'unknown' (could not judge), never 'none'.
 */
import type { Box } from '../../vocabulary/blocks/box.js';
import { containsPos, intersection } from '../geometry.js';
import { enclosedRoomsNear, type FloodOptions, shellOf, type Space } from './spaces.js';
import type { BlockPos } from '../../vocabulary/blocks/box.js';
import type { WorldRegion } from './world-region.js';
import { type Stand, standKey, STEP_UP, WalkGraph } from './walk.js';

/** A room's way in from open sky: walked, none (all of its surroundings read), or could not judge. */
export type WayIn = 'walkable' | 'none' | 'unknown';

/** One storey of a space: the stands on its floor and the air above them. */
export interface Storey {
  /** the stands on its floor, joined by walking */
  stands: Stand[];
  /** the open air of the storey: the space's cells above its floor and under the next storey */
  space: Space;
}

/** A storey has at least this many stands, at least two wide both ways (a stairway is no storey). */
const MIN_STOREY_STANDS = 3;
const MIN_STOREY_WIDTH = 2;
/** A storey's floor is at least this far above the one below: two of headroom and the floor block. */
const MIN_STOREY_RISE = 3;

export class BuildingModel {
  readonly walk: WalkGraph;
  /** what the flood that finds the spaces is told (the openings the batch cut) */
  readonly flood: FloodOptions;

  constructor(
    readonly region: WorldRegion,
    readonly version?: string,
    flood: FloodOptions = {},
  ) {
    this.walk = new WalkGraph(region, version);
    this.flood = flood;
  }

  private readonly enclosedCache = new Map<string, boolean>();

  /**
   * The cell is air inside something built: an enclosed space of the model (a room built earlier, beyond an
   * opening the batch cut), not open air that reaches the sky or the edge of what was read.
   */
  enclosed(p: BlockPos): boolean {
    const key = `${p.x},${p.y},${p.z}`;
    let known = this.enclosedCache.get(key);
    if (known === undefined) {
      known = enclosedRoomsNear(this.region, { min: p, max: p }, this.version, this.flood).some((s) =>
        s.open.has(key),
      );
      this.enclosedCache.set(key, known);
    }
    return known;
  }

  /**
   * A way leads into these stands from elsewhere (a ladder through a hatch, stairs, a doorway): a player could
   * get in from some stand that is not one of them, whether or not that stand is reached from open sky.
   */
  entered(stands: readonly Stand[]): boolean {
    const mine = new Set(stands.map(standKey));
    const into = this.walk.movesInto();
    return stands.some((s) => (into.get(standKey(s)) ?? []).some((a) => !mine.has(standKey(a))));
  }

  /** The stands whose feet are in the space's open air (or on a slab or stair that is its floor). */
  standsIn(space: Space): Stand[] {
    const out: Stand[] = [];
    for (const col of space.columns) {
      const [x, z] = col.split(',').map(Number) as [number, number];
      for (const s of this.walk.standsIn(x, z))
        if (!s.climbing && (space.open.has(standKey(s)) || space.open.has(`${s.x},${s.y + 1},${s.z}`)))
          out.push(s);
    }
    return out;
  }

  /**
   * The storeys of a space: its stands fall apart into groups a player walks between (a rise or drop of at
   * most STEP_UP, both ways); each group wide enough is a storey. A space with one storey (or none wide
   * enough, a corridor) is given back whole.
   */
  storeys(space: Space): Storey[] {
    const stands = this.standsIn(space);
    const inSpace = new Map(stands.map((s) => [standKey(s), s]));
    const seen = new Set<string>();
    const groups: Stand[][] = [];
    for (const s of stands) {
      const k = standKey(s);
      if (seen.has(k)) continue;
      seen.add(k);
      const group = [s];
      for (let i = 0; i < group.length; i++) {
        const a = group[i]!;
        for (const b of this.walk.movesFrom(a)) {
          const kb = standKey(b);
          if (seen.has(kb) || !inSpace.has(kb) || Math.abs(b.h - a.h) > STEP_UP + 1e-6) continue;
          if (!this.walk.movesFrom(b).some((c) => c === a || standKey(c) === standKey(a))) continue;
          seen.add(kb);
          group.push(b);
        }
      }
      groups.push(group);
    }
    const wide = groups.filter((g) => {
      const xs = new Set(g.map((s) => s.x));
      const zs = new Set(g.map((s) => s.z));
      return g.length >= MIN_STOREY_STANDS && xs.size >= MIN_STOREY_WIDTH && zs.size >= MIN_STOREY_WIDTH;
    });
    const floorOf = (g: Stand[]): number => Math.min(...g.map((s) => s.y));
    // groups on one floor (furniture between them, a bed across a narrow part) are one storey: a storey
    // stands on a floor over the air of the one below
    wide.sort((a, b) => floorOf(a) - floorOf(b));
    for (let i = wide.length - 1; i > 0; i--)
      if (floorOf(wide[i]!) - floorOf(wide[i - 1]!) < MIN_STOREY_RISE) {
        wide[i - 1]!.push(...wide[i]!);
        wide.splice(i, 1);
      }
    // narrow groups on a storey's floor (a one-wide arm behind a chest) belong to it; others (a stairway) to none
    for (const g of groups) {
      if (wide.includes(g)) continue;
      const home = wide.find((w) => floorOf(g) === floorOf(w));
      home?.push(...g);
    }
    if (wide.length <= 1) return [{ stands: wide.length ? wide[0]! : stands, space }];
    return wide.map((g, i) => {
      const bottom = floorOf(g);
      const xs = g.map((s) => s.x);
      const zs = g.map((s) => s.z);
      const flat: Box = {
        min: { x: Math.min(...xs), y: bottom, z: Math.min(...zs) },
        max: { x: Math.max(...xs), y: space.interior.max.y, z: Math.max(...zs) },
      };
      // up to the floor of the next storey above that overlaps it
      for (const above of wide.slice(i + 1)) {
        const overlaps = above.some(
          (s) => s.x >= flat.min.x && s.x <= flat.max.x && s.z >= flat.min.z && s.z <= flat.max.z,
        );
        if (overlaps) {
          flat.max.y = Math.min(flat.max.y, floorOf(above) - 2);
          break;
        }
      }
      return { stands: g, space: subSpace(space, flat) };
    });
  }

  /** The way in to a storey (or any set of stands) from open sky; undefined: nowhere to stand in it. */
  wayIn(stands: readonly Stand[]): WayIn | undefined {
    return stands.length ? this.walk.wayInto(stands) : undefined;
  }
}

/**
 * The writes touched this air: one lands in it or in its shell, a cell next to it (a wall, the floor, the roof,
 * a door or a window; corners too). An answer describes a room only when its batch touched it, whatever the
 * kind of write (setblock, fill, clone, a placed file; air written too).
 */
export const touchedBy = (space: Space, writes: readonly Box[]): boolean => {
  const near = writes.map(shellOf).filter((w) => intersection(w, space.interior));
  if (!near.length) return false;
  for (const k of space.open) {
    const [x, y, z] = k.split(',').map(Number) as [number, number, number];
    if (near.some((w) => containsPos(w, { x, y, z }))) return true;
  }
  return false;
};

/** The part of a space inside a box. */
const subSpace = (space: Space, box: Box): Space => {
  const open = new Set<string>();
  const columns = new Set<string>();
  let min: [number, number, number] = [Infinity, Infinity, Infinity];
  let max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (const k of space.open) {
    const [x, y, z] = k.split(',').map(Number) as [number, number, number];
    if (x < box.min.x || x > box.max.x || y < box.min.y || y > box.max.y || z < box.min.z || z > box.max.z)
      continue;
    open.add(k);
    columns.add(`${x},${z}`);
    min = [Math.min(min[0], x), Math.min(min[1], y), Math.min(min[2], z)];
    max = [Math.max(max[0], x), Math.max(max[1], y), Math.max(max[2], z)];
  }
  return {
    interior: { min: { x: min[0], y: min[1], z: min[2] }, max: { x: max[0], y: max[1], z: max[2] } },
    columns,
    cells: open.size,
    open,
    leaks: space.leaks,
  };
};
