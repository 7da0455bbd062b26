/**
 * Passages: the open cells of a doorway in a wall, which join two rooms (or a room and the outside) and belong
 * to neither. A doorway is a run of at most MAX_DOORWAY_WIDTH open cells along a wall between two closed jambs,
 * open on both sides across the wall, standing on something and ending under a lintel at most
 * MAX_DOORWAY_HEIGHT up. A run wider than one block is a doorway only where the wall goes on past both jambs
 * and the space on both sides is wider than the run (the air beside a pillar is none) — wider by room air: a
 * doorway cut into the wall beside a jamb (into an L's or a U's inner wall) is no room's air and widens nothing.
 *
 * A one-wide run is a doorway where the wall is one block thick there: the cells on either side across it
 * are no such run themselves. Where one side is (a one-wide corridor or room behind the opening), the
 * opening is the corridor's end, and a doorway only when something tells it apart from the corridor: its
 * lintel is lower than the corridor's ceiling, it opens on open sky, or the batch cut it into a wall (`cut`).
 * Cells inside a one-wide corridor (such runs on both sides) are the corridor's own air, never a passage.
 */
import type { BlockPos } from '../../vocabulary/blocks/box.js';
import { type CellKind, isClosed } from './cells.js';

/** A doorway is at most this high (a 2-high door, a 3-high arch). */
export const MAX_DOORWAY_HEIGHT = 3;
/** and at most this wide (a double door, a wide arch); a wider gap in a wall is no doorway */
export const MAX_DOORWAY_WIDTH = 3;

type KindAt = (x: number, y: number, z: number) => CellKind;

export interface PassageReader {
  kindAt: KindAt;
  /** a whole block (a lintel; a lantern hanging from a ceiling is none) */
  fullCube: (x: number, y: number, z: number) => boolean;
  /** the top of what was read: a column open to it is open sky */
  topY: number;
  /** the batch wrote air into this cell (an opening it cut) */
  cut?: ((p: BlockPos) => boolean) | undefined;
}

const at = (p: BlockPos, dx: number, dy: number, dz: number): BlockPos => ({
  x: p.x + dx,
  y: p.y + dy,
  z: p.z + dz,
});

export const passageCell = (read: PassageReader, p: BlockPos, nested = false): boolean => {
  const { kindAt } = read;
  const kind = (q: BlockPos): CellKind => kindAt(q.x, q.y, q.z);
  const closed = (q: BlockPos): boolean => isClosed(kind(q));
  // a doorway's run is at most MAX_DOORWAY_WIDTH wide between two closed jambs: without a closed cell on
  // both sides of `p` that near along x or along z, it is no doorway (the open air around a building)
  if (!jambsWithin(kindAt, p, 1, 0) && !jambsWithin(kindAt, p, 0, 1)) return false;
  for (const along of ['x', 'z'] as const) {
    /** the cell at `a` along the wall, `c` across it, in the row of `q` */
    const cell = (q: BlockPos, a: number, c = 0): BlockPos =>
      along === 'x' ? { x: a, y: q.y, z: q.z + c } : { x: q.x + c, y: q.y, z: a };
    const inWall = (q: BlockPos): boolean =>
      kind(q) === 'open' && kind(cell(q, q[along], 1)) === 'open' && kind(cell(q, q[along], -1)) === 'open';
    /** the run of open cells through `q` between two jambs, or undefined */
    const run = (q: BlockPos): [number, number] | undefined => {
      if (!inWall(q)) return undefined;
      let lo = q[along];
      let hi = q[along];
      while (inWall(cell(q, lo - 1)) && hi - lo + 1 <= MAX_DOORWAY_WIDTH) lo--;
      while (inWall(cell(q, hi + 1)) && hi - lo + 1 <= MAX_DOORWAY_WIDTH) hi++;
      if (hi - lo + 1 > MAX_DOORWAY_WIDTH) return undefined;
      // jambs are wall: a door beside an opening is a side of the room, not the frame of a doorway
      if (kind(cell(q, lo - 1)) !== 'solid' || kind(cell(q, hi + 1)) !== 'solid') return undefined;
      return hi > lo && !wideDoorway(q, lo, hi) ? undefined : [lo, hi];
    };
    const wideDoorway = (q: BlockPos, lo: number, hi: number): boolean => {
      // a jamb the wall goes on from: the next cell along is wall too, or a wall runs across the jamb
      const wallGoesOn = (jamb: number, out: number): boolean =>
        closed(cell(q, jamb + out)) || (closed(cell(q, jamb, 1)) && closed(cell(q, jamb, -1)));
      // room air past a jamb: open, and no doorway's air in another wall (a door cut beside the jamb, into the
      // inner wall of an L or a U, widens nothing); asked one level deep only
      const roomAir = (r: BlockPos): boolean => !closed(r) && (nested || !passageCell(read, r, true));
      const wider = (c: number): boolean => roomAir(cell(q, lo - 1, c)) || roomAir(cell(q, hi + 1, c));
      return wallGoesOn(lo - 1, -1) && wallGoesOn(hi + 1, 1) && wider(1) && wider(-1);
    };
    const found = run(p);
    if (!found) continue;
    const like = (q: BlockPos): boolean => run(q) !== undefined;
    let bottom = p;
    while (like(at(bottom, 0, -1, 0)) && p.y - bottom.y < MAX_DOORWAY_HEIGHT) bottom = at(bottom, 0, -1, 0);
    let top = p;
    while (like(at(top, 0, 1, 0)) && top.y - p.y < MAX_DOORWAY_HEIGHT) top = at(top, 0, 1, 0);
    const below = kind(at(bottom, 0, -1, 0));
    const above = kind(at(top, 0, 1, 0));
    if (top.y - bottom.y + 1 > MAX_DOORWAY_HEIGHT) continue;
    if (!isClosed(below) || above !== 'solid') continue;
    // a player passes an opening two high; one high only over a door's lower half (a lone half in a
    // doorway). A hole one high at the floor on both sides (a door half gone from under a wall block) is a
    // passage no player passes; a gap over furniture (room air under it on a side) is the room's own air
    const floorBoth = (c: number): boolean => closed(cell(at(bottom, 0, -1, 0), bottom[along], c));
    if (top.y === bottom.y && below !== 'door' && !(floorBoth(1) && floorBoth(-1))) continue;
    if (found[0] < found[1]) return true;
    // one wide: a one-wide corridor on either side across the wall makes it that corridor's end, or its air
    const corridor = (c: number): boolean => run(cell(bottom, bottom[along], c)) !== undefined;
    if (read.cut?.(bottom) === true) return true;
    const back = corridor(-1);
    const front = corridor(1);
    if (back && front) continue;
    const lintel = read.fullCube(top.x, top.y + 1, top.z);
    const lower = (c: number): boolean => lintel && lowerThan(kind, cell(top, top[along], c));
    const sky = (c: number): boolean => openSky(read, cell(bottom, bottom[along], c));
    if (!back && !front) {
      // a doorway in the middle of a wall (the wall goes on past both jambs), or lower than the room beside
      // it, or onto open sky; else a narrow part of one room (a U's arm, one cell wide)
      const wallOn = (a: number): boolean => kind(cell(bottom, a)) === 'solid';
      if (wallOn(found[0] - 2) && wallOn(found[1] + 2)) return true;
      if (lower(-1) || lower(1) || sky(-1) || sky(1)) return true;
      continue;
    }
    const inner = back ? -1 : 1;
    if (lower(inner) || sky(-inner)) return true;
  }
  return false;
};

/** the cell over the top of a doorway's column is open on the corridor's side: its lintel is lower */
const lowerThan = (kind: (q: BlockPos) => CellKind, corridorTop: BlockPos): boolean =>
  kind(at(corridorTop, 0, 1, 0)) === 'open';

/** open cells from `p` up to the top of what was read */
const openSky = (read: PassageReader, p: BlockPos): boolean => {
  for (let y = p.y; y <= read.topY; y++) if (read.kindAt(p.x, y, p.z) !== 'open') return false;
  return true;
};

/** a closed cell (solid or door) within MAX_DOORWAY_WIDTH of `p` both ways along (dx, dz), in its row */
const jambsWithin = (kindAt: KindAt, p: BlockPos, dx: number, dz: number): boolean => {
  const closedWithin = (sign: number): boolean => {
    for (let d = 1; d <= MAX_DOORWAY_WIDTH; d++) {
      if (isClosed(kindAt(p.x + sign * d * dx, p.y, p.z + sign * d * dz))) return true;
    }
    return false;
  };
  return closedWithin(1) && closedWithin(-1);
};
