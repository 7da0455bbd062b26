/**
 * The families of buildings: each builds one kind with the commands a builder would send, and records its
 * truth as it builds (which air is a room, whether a walkable way leads in, what holds what up).
 */
import { airOf, type Builder, type Cell, rect, ring, without } from './build.js';
import { entrance, type Entrance, furnish, sides, walkable } from './furnish.js';
import { bounding, type Pos } from './grid.js';
import type { Rng } from './prng.js';

const WALLS = [
  'minecraft:stone_bricks',
  'minecraft:oak_planks',
  'minecraft:cobblestone',
  'minecraft:bricks',
  'minecraft:spruce_planks',
];
const FLOORS = [
  'minecraft:oak_planks',
  'minecraft:stone',
  'minecraft:birch_planks',
  'minecraft:smooth_stone',
];

interface Shell {
  cells: Cell[];
  floorY: number;
  ceilY: number;
  wall: string;
}

/** Floor under the footprint and its walls, walls `h` high around it, and a flat roof (unless `roof` false). */
const shell = (b: Builder, rng: Rng, cells: Cell[], floorY: number, h: number, roof = true): Shell => {
  const wall = rng.pick(WALLS);
  const all = [...cells, ...ring(cells)];
  b.layer(all, floorY, rng.pick(FLOORS));
  b.layer(ring(cells), floorY + 1, wall, floorY + h);
  if (roof) b.layer(all, floorY + h + 1, rng.pick(FLOORS));
  return { cells, floorY, ceilY: floorY + h + 1, wall };
};

const pickEntrance = (rng: Rng): Entrance =>
  rng.pick<Entrance>(['door', 'door', 'door', 'doorway', 'doorway', 'lower-half', 'iron-door', 'none']);

/** One room of footprint `cells`: an entrance, windows, lights, furniture; its truth recorded. */
const room = (
  b: Builder,
  rng: Rng,
  label: string,
  cells: Cell[],
  h: number,
  kind: 'room' | 'closet' | 'corridor' = 'room',
): boolean => {
  const s = shell(b, rng, cells, b.groundY, h);
  const e = pickEntrance(rng);
  const side = sides(rng, cells)[0];
  const busy = side ? entrance(b, side[1], side[0], s.floorY, e) : [];
  const taken = furnish(b, rng, cells, s.floorY, s.ceilY, busy, [], true);
  const wayIn = !!side && walkable(e);
  b.room(label, kind, without(airOf(b, cells, s.floorY + 1, s.ceilY - 1), taken), wayIn);
  return wayIn;
};

export const rectangle = (b: Builder, rng: Rng): void => {
  const w = rng.int(1, 7);
  const d = rng.int(1, 7);
  const kind = w === 1 && d === 1 ? 'closet' : w === 1 || d === 1 ? 'corridor' : 'room';
  room(b, rng, `${w}×${d} ${kind}`, rect(0, 0, w - 1, d - 1), rng.int(2, 4), kind);
};

export const lShape = (b: Builder, rng: Rng): void => {
  const w = rng.int(3, 8);
  const d = rng.int(3, 8);
  const a = rng.int(1, w - 2);
  const c = rng.int(1, d - 2);
  const cells = rect(0, 0, w - 1, d - 1).filter(([x, z]) => !(x > a && z > c));
  room(b, rng, `L ${w}×${d}`, cells, rng.int(2, 4));
};

export const uShape = (b: Builder, rng: Rng): void => {
  const w = rng.int(5, 9);
  const d = rng.int(3, 7);
  const a1 = rng.int(1, w - 4);
  const a2 = rng.int(a1 + 2, w - 2);
  const c = rng.int(1, d - 2);
  const cells = rect(0, 0, w - 1, d - 1).filter(([x, z]) => !(x >= a1 && x <= a2 && z >= c));
  room(b, rng, `U ${w}×${d}`, cells, rng.int(2, 4));
};

/** The floor one block higher than the door: the opening left is one block high (no way in). */
export const raisedFloor = (b: Builder, rng: Rng): void => {
  const w = rng.int(2, 6);
  const d = rng.int(2, 6);
  const h = rng.int(3, 4);
  const cells = rect(0, 0, w - 1, d - 1);
  const s = shell(b, rng, cells, b.groundY, h);
  const side = sides(rng, cells)[0]!;
  const busy = entrance(b, side[1], side[0], s.floorY, 'door');
  b.layer(cells, s.floorY + 1, 'minecraft:oak_planks');
  b.room(`raised floor ${w}×${d}`, 'room', airOf(b, cells, s.floorY + 2, s.ceilY - 1), false);
  b.notes.push(`door at ${busy[0]!.x} ${busy[0]!.y} ${busy[0]!.z} opens onto the raised floor`);
};

/** Two storeys joined by a staircase through a hole in the floor between them. */
export const twoStorey = (b: Builder, rng: Rng): void => {
  const h = rng.int(2, 3);
  const w = rng.int(h + 2, 8);
  const d = rng.int(2, 5);
  const cells = rect(0, 0, w - 1, d - 1);
  const low = shell(b, rng, cells, b.groundY, h);
  const c = low.ceilY;
  // stairs along the north row, rising east, the last one in the floor of the storey above
  const stairs: Pos[] = [];
  for (let i = 0; i <= h; i++) {
    const p = b.at(i, b.groundY + 1 + i, 0);
    b.set(p, 'minecraft:oak_stairs[facing=east]');
    stairs.push(p);
  }
  b.fill(b.at(Math.max(0, h - 2), c, 0), b.at(h - 1, c, 0), 'minecraft:air');
  const e = pickEntrance(rng);
  const side = sides(rng, cells, ['north'])[0];
  const busy = side ? entrance(b, side[1], side[0], low.floorY, e) : [];
  const wayIn = !!side && walkable(e);
  const taken = furnish(
    b,
    rng,
    cells.filter(([x, z]) => x > 1 && z > 0),
    low.floorY,
    c,
    busy,
    ['north'],
  );
  b.room(
    'ground storey',
    'storey',
    without(airOf(b, cells, low.floorY + 1, c - 1), [...stairs, ...taken]),
    wayIn,
  );
  const h2 = rng.int(2, 3);
  b.layer(ring(cells), c + 1, low.wall, c + h2);
  b.layer([...cells, ...ring(cells)], c + h2 + 1, 'minecraft:oak_planks');
  const up = furnish(
    b,
    rng,
    cells.filter(([, z]) => z > 0),
    c,
    c + h2 + 1,
    [],
    [],
  );
  b.room('upper storey', 'storey', without(airOf(b, cells, c + 1, c + h2), up), wayIn);
};

/** A tower of storeys joined by a ladder on its west wall through a hole in each floor. */
export const ladderTower = (b: Builder, rng: Rng): void => {
  const n = rng.int(2, 3);
  const cells = rect(0, 0, n - 1, n - 1);
  const storeys = rng.int(2, 3);
  const wall = rng.pick(WALLS);
  let floorY = b.groundY;
  b.layer([...cells, ...ring(cells)], floorY, 'minecraft:stone');
  const e = pickEntrance(rng);
  let wayIn = false;
  for (let k = 0; k < storeys; k++) {
    const h = rng.int(2, 3);
    const ceilY = floorY + h + 1;
    b.layer(ring(cells), floorY + 1, wall, floorY + h);
    b.layer([...cells, ...ring(cells)], ceilY, 'minecraft:oak_planks');
    let busy: Pos[] = [];
    if (k === 0) {
      const side = sides(rng, cells, ['west'])[0];
      busy = side ? entrance(b, side[1], side[0], floorY, e) : [];
      wayIn = !!side && walkable(e);
    }
    const ladder: Pos[] = [];
    if (k < storeys - 1) {
      b.set(b.at(0, ceilY, 0), 'minecraft:air');
      for (let y = floorY + 1; y <= ceilY; y++) {
        const p = b.at(0, y, 0);
        b.set(p, 'minecraft:ladder[facing=east]');
        b.support(p, 'minecraft:ladder', 'behind', b.at(-1, y, 0));
        ladder.push(p);
      }
    }
    const taken =
      n === 3 && k > 0
        ? furnish(
            b,
            rng,
            cells.filter(([x, z]) => x + z > 0),
            floorY,
            ceilY,
            busy,
            ['west'],
          )
        : [];
    b.room(
      `storey ${k + 1}`,
      'storey',
      without(airOf(b, cells, floorY + 1, ceilY - 1), [...ladder, ...taken]),
      wayIn,
    );
    floorY = ceilY;
  }
};

/**
 * A house under a gable roof over a flat ceiling: the space under the roof is roof space, or an attic room
 * when a ladder leads up to a trapdoor hatch in the ceiling.
 */
export const gableHouse = (b: Builder, rng: Rng): void => {
  const w = rng.int(2, 7);
  const d = rng.int(3, 7);
  const h = rng.int(2, 3);
  const cells = rect(0, 0, w - 1, d - 1);
  const s = shell(b, rng, cells, b.groundY, h);
  const c = s.ceilY;
  const attic = rng.chance(0.6);
  const hz = Math.floor((d - 1) / 2);
  const e = pickEntrance(rng);
  const side = sides(rng, cells, ['west'])[0];
  const busy = side ? entrance(b, side[1], side[0], s.floorY, e) : [];
  const wayIn = !!side && walkable(e);
  const ladder: Pos[] = [];
  if (attic) {
    for (let y = s.floorY + 1; y < c; y++) {
      const p = b.at(0, y, hz);
      b.set(p, 'minecraft:ladder[facing=east]');
      b.support(p, 'minecraft:ladder', 'behind', b.at(-1, y, hz));
      ladder.push(p);
    }
    b.set(b.at(0, c, hz), 'minecraft:spruce_trapdoor[facing=east,half=top,open=false]');
  }
  const taken = furnish(
    b,
    rng,
    cells.filter(([x]) => x > 0),
    s.floorY,
    c,
    busy,
    ['west'],
  );
  b.room('house', 'room', without(airOf(b, cells, s.floorY + 1, c - 1), [...ladder, ...taken]), wayIn);
  // the roof: stairs stepping in from north and south, gable ends of the wall block, a ridge where they meet
  const air: Pos[] = [];
  for (let k = 0; d - 2 * k >= -1; k++) {
    const y = c + 1 + k;
    const zs = -1 + k;
    const zn = d - k;
    if (zs === zn) {
      b.fill(b.at(-1, y, zs), b.at(w, y, zs), 'minecraft:oak_planks');
      break;
    }
    b.fill(b.at(-1, y, zs), b.at(w, y, zs), 'minecraft:oak_stairs[facing=south]');
    b.fill(b.at(-1, y, zn), b.at(w, y, zn), 'minecraft:oak_stairs[facing=north]');
    if (zn - zs < 2) break;
    b.fill(b.at(-1, y, zs + 1), b.at(-1, y, zn - 1), s.wall);
    b.fill(b.at(w, y, zs + 1), b.at(w, y, zn - 1), s.wall);
    air.push(...airOf(b, rect(0, zs + 1, w - 1, zn - 1), y, y));
  }
  if (attic) b.room('attic', 'attic', air, wayIn);
  else b.notRooms.push({ label: 'roof space', box: bounding(air)! });
};

/** A roof on posts over a floor: shelter, not a room (open on every side). */
export const pavilion = (b: Builder, rng: Rng): void => {
  const w = rng.int(2, 6);
  const d = rng.int(2, 6);
  const h = rng.int(2, 4);
  const y = b.groundY;
  b.layer(rect(-1, -1, w, d), y, rng.pick(FLOORS));
  const post = rng.pick(['minecraft:oak_fence', 'minecraft:oak_log', 'minecraft:cobblestone_wall']);
  for (const [x, z] of [
    [-1, -1],
    [w, -1],
    [-1, d],
    [w, d],
  ] as const)
    b.fill(b.at(x, y + 1, z), b.at(x, y + h, z), post);
  b.layer(rect(-1, -1, w, d), y + h + 1, rng.pick(FLOORS));
  b.notRooms.push({ label: 'pavilion', box: { min: b.at(0, y + 1, 0), max: b.at(w - 1, y + h, d - 1) } });
};

/** A fenced garden with a gate, and sometimes a house in it. */
export const garden = (b: Builder, rng: Rng): void => {
  const w = rng.int(4, 9);
  const d = rng.int(4, 9);
  const y = b.groundY + 1;
  const fence = rng.pick(['minecraft:oak_fence', 'minecraft:spruce_fence']);
  b.layer(ring(rect(0, 0, w - 1, d - 1)), y, fence);
  b.set(b.at(Math.floor(w / 2), y, -1), 'minecraft:oak_fence_gate[facing=south]');
  b.notRooms.push({ label: 'garden', box: { min: b.at(0, y, 0), max: b.at(w - 1, y + 1, d - 1) } });
  if (w >= 6 && d >= 6 && rng.chance(0.6)) {
    const s = shell(b, rng, rect(1, 2, w - 3, d - 3), b.groundY, 2);
    const busy = entrance(b, [Math.floor(w / 2), 1], 'north', s.floorY, 'door');
    const cells = rect(1, 2, w - 3, d - 3);
    const taken = furnish(b, rng, cells, s.floorY, s.ceilY, busy, ['north']);
    b.room('garden house', 'room', without(airOf(b, cells, s.floorY + 1, s.ceilY - 1), taken), true);
  }
};

/** A basement dug into the earth under a house: reached by a ladder through the floor, or sealed. */
export const basement = (b: Builder, rng: Rng): void => {
  const w = rng.int(2, 6);
  const d = rng.int(2, 6);
  const h = rng.int(2, 3);
  const cells = rect(0, 0, w - 1, d - 1);
  const hb = rng.int(2, 3);
  const bottom = b.groundY - hb;
  const s = shell(b, rng, cells, b.groundY, h);
  b.fill(b.at(0, bottom, 0), b.at(w - 1, b.groundY - 1, d - 1), 'minecraft:air');
  const reached = rng.chance(0.7);
  const e = pickEntrance(rng);
  const side = sides(rng, cells, ['west'])[0];
  const busy = side ? entrance(b, side[1], side[0], s.floorY, e) : [];
  const wayIn = !!side && walkable(e);
  const ladder: Pos[] = [];
  if (reached) {
    for (let y = bottom; y <= b.groundY; y++) {
      const p = b.at(0, y, 0);
      b.set(p, 'minecraft:ladder[facing=east]');
      b.support(p, 'minecraft:ladder', 'behind', b.at(-1, y, 0));
      ladder.push(p);
    }
  }
  const taken = furnish(
    b,
    rng,
    cells.filter(([x, z]) => x > 0 && z > 0),
    s.floorY,
    s.ceilY,
    busy,
    ['west'],
  );
  b.room('house', 'room', without(airOf(b, cells, s.floorY + 1, s.ceilY - 1), taken), wayIn);
  b.room('basement', 'basement', without(airOf(b, cells, bottom, b.groundY - 1), ladder), reached && wayIn);
};

/** A room with a closet behind an inner wall: the closet is a room of its own. */
export const closet = (b: Builder, rng: Rng): void => {
  const w = rng.int(4, 7);
  const d = rng.int(3, 6);
  const h = rng.int(2, 3);
  const cd = rng.int(1, 2);
  const main = rect(0, 0, w - 3, d - 1);
  const small = rect(w - 1, 0, w - 1, cd - 1);
  const s = shell(b, rng, rect(0, 0, w - 1, d - 1), b.groundY, h);
  // the inner wall, and the rest of the strip beside the closet walled up
  b.fill(b.at(w - 2, s.floorY + 1, 0), b.at(w - 2, s.floorY + h, d - 1), s.wall);
  if (cd < d) b.fill(b.at(w - 1, s.floorY + 1, cd), b.at(w - 1, s.floorY + h, d - 1), s.wall);
  const inner = rng.pick<Entrance>(['door', 'doorway', 'none']);
  const innerBusy = entrance(b, [w - 2, 0], 'east', s.floorY, inner);
  const e = pickEntrance(rng);
  const side = sides(rng, main, ['east'])[0];
  const busy = side ? entrance(b, side[1], side[0], s.floorY, e) : [];
  const wayIn = !!side && walkable(e);
  const taken = furnish(b, rng, main, s.floorY, s.ceilY, [...busy, ...innerBusy], ['east']);
  b.room('main room', 'room', without(airOf(b, main, s.floorY + 1, s.ceilY - 1), taken), wayIn);
  b.room('closet', 'closet', airOf(b, small, s.floorY + 1, s.ceilY - 1), wayIn && walkable(inner));
};

/** Two rooms joined by a one-wide corridor, doorways (or doors) at its ends. */
export const corridor = (b: Builder, rng: Rng): void => {
  const wa = rng.int(2, 5);
  const da = rng.int(2, 5);
  const wb = rng.int(2, 5);
  const db = rng.int(2, 5);
  const len = rng.int(2, 5);
  const h = rng.int(2, 3);
  const zc = 0;
  const a = rect(0, 0, wa - 1, da - 1);
  const hall = rect(wa + 1, zc, wa + len, zc);
  const bx = wa + len + 2;
  const bRoom = rect(bx, 0, bx + wb - 1, db - 1);
  const s = shell(b, rng, [...a, ...hall, ...bRoom], b.groundY, h);
  const first = rng.pick<Entrance>(['doorway', 'door', 'door', 'none']);
  const second = rng.pick<Entrance>(['doorway', 'door', 'none']);
  const b1 = entrance(b, [wa, zc], 'east', s.floorY, first);
  const b2 = entrance(b, [bx - 1, zc], 'east', s.floorY, second);
  const e = pickEntrance(rng);
  const side = sides(rng, a, ['east'])[0];
  const busy = side ? entrance(b, side[1], side[0], s.floorY, e) : [];
  const wayIn = !!side && walkable(e);
  const ta = furnish(b, rng, a, s.floorY, s.ceilY, [...busy, ...b1], ['east']);
  const tb = furnish(b, rng, bRoom, s.floorY, s.ceilY, b2, ['west']);
  const air = (cells: Cell[], t: Pos[]) => without(airOf(b, cells, s.floorY + 1, s.ceilY - 1), t);
  b.room('west room', 'room', air(a, ta), wayIn);
  b.room('corridor', 'corridor', air(hall, []), wayIn && walkable(first));
  b.room('east room', 'room', air(bRoom, tb), wayIn && walkable(first) && walkable(second));
};

export const FAMILIES = {
  rectangle,
  lShape,
  uShape,
  raisedFloor,
  twoStorey,
  ladderTower,
  gableHouse,
  pavilion,
  garden,
  basement,
  closet,
  corridor,
} as const;
export type Family = keyof typeof FAMILIES;
