/** Openings, windows, lights and furniture for a room the generator built, with what each needs to stand. */
import { type Builder, type Cell, FACING, opposite, ring } from './build.js';
import { plain } from './blocks.js';
import { add, key, type Pos } from './grid.js';
import type { Rng } from './prng.js';

export type Entrance = 'door' | 'doorway' | 'lower-half' | 'iron-door' | 'none';
/** a player walks in through it */
export const walkable = (e: Entrance): boolean => e === 'door' || e === 'doorway';

/** A straight stretch of wall facing `facing` outwards: its cells (offsets) with the room's cell inside. */
export const wallCells = (cells: readonly Cell[], facing: string): Cell[] => {
  const inside = new Set(cells.map(([x, z]) => `${x},${z}`));
  const walls = new Set(ring(cells).map(([x, z]) => `${x},${z}`));
  const d = FACING[facing]!;
  const along = d.x === 0 ? [1, 0] : [0, 1];
  return ring(cells).filter(
    ([x, z]) =>
      inside.has(`${x - d.x},${z - d.z}`) &&
      !inside.has(`${x + d.x},${z + d.z}`) &&
      !walls.has(`${x + d.x},${z + d.z}`) &&
      walls.has(`${x + along[0]!},${z + along[1]!}`) &&
      walls.has(`${x - along[0]!},${z - along[1]!}`),
  );
};

const middle = <T>(items: readonly T[]): T | undefined => items[Math.floor(items.length / 2)];

/**
 * Sets an entrance into the wall cell `w` (offset) facing `facing`, floor at `floorY`; returns the cells it
 * took (so windows and lights keep off them).
 */
export const entrance = (b: Builder, w: Cell, facing: string, floorY: number, kind: Entrance): Pos[] => {
  const lower = b.at(w[0], floorY + 1, w[1]);
  const upper = add(lower, 0, 1, 0);
  if (kind === 'none') return [];
  if (kind === 'doorway') {
    b.fill(lower, upper, 'minecraft:air');
    return [lower, upper];
  }
  const door = kind === 'iron-door' ? 'minecraft:iron_door' : 'minecraft:oak_door';
  b.set(lower, `${door}[facing=${facing},half=lower]`);
  b.support(lower, door, 'below', add(lower, 0, -1, 0));
  if (kind === 'lower-half') return [lower, upper];
  b.set(upper, `${door}[facing=${facing},half=upper]`);
  b.support(upper, door, 'below', lower);
  return [lower, upper];
};

/** The sides of a footprint in a random order, each with its middle straight wall cell. */
export const sides = (
  rng: Rng,
  cells: readonly Cell[],
  not: readonly string[] = [],
): Array<[string, Cell]> => {
  const out: Array<[string, Cell]> = [];
  for (const f of ['north', 'south', 'west', 'east']) {
    if (not.includes(f)) continue;
    const m = middle(wallCells(cells, f));
    if (m) out.push([f, m]);
  }
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

/**
 * Windows, lights and furniture in a room of footprint `cells` (offsets) between floorY+1 and ceilY-1:
 * returns the cells they took from its air. `busy` are wall cells already used (doors).
 */
export const furnish = (
  b: Builder,
  rng: Rng,
  cells: readonly Cell[],
  floorY: number,
  ceilY: number,
  busy: readonly Pos[],
  avoidSides: readonly string[],
  /** a bed too, head against a wall (only where one room's way in is its own door) */
  bed = false,
): Pos[] => {
  const taken: Pos[] = [];
  const used = new Set(busy.map(key));
  // a wall cell of the footprint that is really wall (a footprint cut from a room has air where its ring runs)
  const free = (p: Pos) => !used.has(key(p)) && plain(b.state(p));
  const inner = new Set(cells.map(([x, z]) => `${x},${z}`));
  // keep off the floor cells in front of entrances
  const blocked = new Set<string>();
  for (const p of busy)
    for (const d of Object.values(FACING)) blocked.add(key({ ...add(p, d.x, 0, d.z), y: floorY + 1 }));
  const sideList = sides(rng, cells, avoidSides);
  const eye = floorY + 2;
  // a window: glass or a pane at eye height
  const win = sideList.find(([f, w]) => wallCells(cells, f).length > 0 && free(b.at(w[0], eye, w[1])));
  if (win && rng.chance(0.7)) {
    const candidates = wallCells(cells, win[0]).filter(
      ([x, z]) => free(b.at(x, eye, z)) && free(b.at(x, floorY + 1, z)),
    );
    const w = rng.pick(candidates.length ? candidates : [win[1]]);
    const p = b.at(w[0], eye, w[1]);
    if (free(p)) {
      b.set(p, rng.pick(['minecraft:glass_pane', 'minecraft:glass', 'minecraft:white_stained_glass_pane']));
      used.add(key(p));
    }
  }
  // a wall torch on an inside face, at eye height
  if (rng.chance(0.5)) {
    for (const [f, w] of sides(rng, cells, avoidSides)) {
      const wall = b.at(w[0], eye, w[1]);
      const d = FACING[f]!;
      const at = add(wall, -d.x, 0, -d.z);
      if (!free(wall) || !free(b.at(w[0], floorY + 1, w[1])) || !/air$/.test(b.state(at).name)) continue;
      b.set(at, `minecraft:wall_torch[facing=${opposite(f)}]`);
      b.support(at, 'minecraft:wall_torch', 'behind', wall);
      used.add(key(wall));
      taken.push(at);
      break;
    }
  }
  // corners of the floor: a torch, a lantern, a chest, a crafting table
  const corners = cells.filter(([x, z]) => {
    const n = [
      inner.has(`${x + 1},${z}`),
      inner.has(`${x - 1},${z}`),
      inner.has(`${x},${z + 1}`),
      inner.has(`${x},${z - 1}`),
    ];
    return n.filter(Boolean).length === 2 && !blocked.has(key(b.at(x, floorY + 1, z)));
  });
  const big = cells.length >= 9;
  // two pieces at most, never in one row or column (a narrow room stays passable)
  const placed: Cell[] = [];
  for (const [x, z] of big ? corners : []) {
    if (placed.length >= 2 || placed.some(([px, pz]) => px === x || pz === z) || !rng.chance(0.6)) continue;
    placed.push([x, z]);
    const at = b.at(x, floorY + 1, z);
    if (!/air$/.test(b.state(at).name)) continue;
    const what = rng.pick(['torch', 'lantern', 'chest', 'crafting_table', 'bookshelf']);
    const block = what === 'chest' ? 'minecraft:chest[facing=north]' : `minecraft:${what}`;
    b.set(at, block);
    if (what === 'torch' || what === 'lantern')
      b.support(at, `minecraft:${what}`, 'below', add(at, 0, -1, 0));
    taken.push(at);
  }
  // a lantern hanging from the ceiling in the middle of a big room
  if (big && ceilY - floorY >= 4 && rng.chance(0.4)) {
    const [x, z] = cells[Math.floor(cells.length / 2)]!;
    const at = b.at(x, ceilY - 1, z);
    if (/air$/.test(b.state(at).name)) {
      b.set(at, 'minecraft:lantern[hanging=true]');
      b.support(at, 'minecraft:lantern', 'above', add(at, 0, 1, 0));
      taken.push(at);
    }
  }
  // a bed: head against the middle of a wall, foot towards the room; both halves set, each by its own setblock
  if (bed && big && rng.chance(0.5)) {
    for (const [f, w] of sides(rng, cells, avoidSides)) {
      const d = FACING[f]!;
      const head = b.at(w[0] - d.x, floorY + 1, w[1] - d.z);
      const foot = add(head, -d.x, 0, -d.z);
      const clear = [head, foot].every(
        (p) =>
          /air$/.test(b.state(p).name) &&
          !blocked.has(key(p)) &&
          inner.has(`${p.x - b.origin.x},${p.z - b.origin.z}`),
      );
      if (!clear) continue;
      b.set(foot, `minecraft:red_bed[facing=${f},part=foot]`);
      b.set(head, `minecraft:red_bed[facing=${f},part=head]`);
      taken.push(foot, head);
      break;
    }
  }
  return taken;
};
