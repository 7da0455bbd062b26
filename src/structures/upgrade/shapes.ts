/**
 * States that depend on neighbours, computed the way the game's `updateShape` does after an upgrade, from
 * the structure's own blocks and, at its edge, the world's blocks beside it (`around`, where the caller can
 * read them). A property that depends on a block nobody can read keeps the file's value; one whose rule
 * needs a shape its state does not tell (a wall under scaffolding) keeps it too, and is named in
 * `undecided`.
 * The rules, one file each (net/minecraft/world/level/block/, 1.21.4 and 1.21.11): stairs.ts (StairBlock),
 * connections.ts (fences, panes, iron bars), walls.ts (WallBlock, under the block on each wall), wire.ts
 * (RedStoneWireBlock), note-blocks.ts (NoteBlock's instrument); here the driver, and the two that look
 * further than one step:
 * - ChestBlock (getConnectedDirection): two single chests of one kind side by side, facing the same way,
 *   become a left and a right half;
 * - LeavesBlock.updateDistance: distance to the nearest log, at most 7.
 * Sturdy faces (sturdy.ts) and the block on a wall are judged by vanilla's collision boxes (collision.ts).
 */
import { type BlockState, blockStateKey } from '../../vocabulary/blocks/block-state.js';
import { crossRule, crossSides } from '../../vocabulary/block-behaviour/connections.js';
import {
  CLOCKWISE,
  isChest,
  isDirection,
  isFence,
  isLeaves,
  isLog,
  isPaneOrBars,
  isStairs,
  isWall,
  STEP,
} from '../../vocabulary/block-behaviour/blocks.js';
import { isNoteBlock, noteBlockInstrument } from '../../vocabulary/block-behaviour/note-blocks.js';
import { stairsShape } from '../../vocabulary/block-behaviour/stairs.js';
import { wallState } from '../../vocabulary/block-behaviour/walls.js';
import { isWire, wireSides } from '../../vocabulary/block-behaviour/wire.js';

export interface Grid {
  size: { x: number; y: number; z: number };
  /** state per position, x fastest, then z, then y */
  states: BlockState[];
}

/** counts per rule of the blocks whose state changed */
export type ShapeCounts = Record<string, number>;
/** blocks whose neighbour-dependent state stayed the file's because its rule needs a shape its state does not tell */
export interface Undecided {
  state: string;
  blocks: number;
  reason: string;
}

const WALL_RULE = 'wall sides (WallBlock.updateShape)';

/**
 * Every neighbour-dependent state of the grid, recomputed in place; returns how many changed per rule and
 * which kept the file's value undecided.
 */
export function updateShapes(
  grid: Grid,
  around: (x: number, y: number, z: number) => BlockState | undefined = () => undefined,
): { changed: ShapeCounts; undecided: Undecided[] } {
  const { size } = grid;
  const source = grid.states.slice();
  const changed: ShapeCounts = {};
  const index = (x: number, y: number, z: number) => (y * size.z + z) * size.x + x;
  const outside = (x: number, y: number, z: number) =>
    x < 0 || y < 0 || z < 0 || x >= size.x || y >= size.y || z >= size.z;
  const get = (x: number, y: number, z: number): BlockState | undefined =>
    outside(x, y, z) ? around(x, y, z) : source[index(x, y, z)];
  const set = (i: number, rule: string, properties: Record<string, string>) => {
    const old = grid.states[i]!;
    if (Object.entries(properties).every(([k, v]) => old.properties[k] === v)) return;
    grid.states[i] = { name: old.name, properties: { ...old.properties, ...properties } };
    changed[rule] = (changed[rule] ?? 0) + 1;
  };
  const each = (visit: (x: number, y: number, z: number, i: number, s: BlockState) => void) => {
    for (let y = 0; y < size.y; y++)
      for (let z = 0; z < size.z; z++)
        for (let x = 0; x < size.x; x++) visit(x, y, z, index(x, y, z), source[index(x, y, z)]!);
  };
  each((x, y, z, i, s) => {
    if (!isStairs(s)) return;
    const shape = stairsShape(s, (dx, dz) => get(x + dx, y, z + dz));
    if (shape) set(i, 'stairs shape (StairBlock.getStairsShape)', { shape });
  });
  // what joins a stair's face sees its shape as the stairs now stand (an inner corner fills two faces)
  const shaped = (x: number, y: number, z: number): BlockState | undefined =>
    outside(x, y, z) ? around(x, y, z) : grid.states[index(x, y, z)];
  each((x, y, z, i, s) => {
    if (isWire(s)) {
      const sides = wireSides(s, (dx, dy, dz) => shaped(x + dx, y + dy, z + dz));
      if (sides) set(i, 'redstone wire sides (RedStoneWireBlock.getConnectionState)', sides);
    } else if (isFence(s) || isPaneOrBars(s))
      set(
        i,
        crossRule(s),
        crossSides(s, (dx, dz) => shaped(x + dx, y, z + dz)),
      );
    else if (isNoteBlock(s)) {
      const instrument = noteBlockInstrument(get(x, y + 1, z), get(x, y - 1, z));
      if (instrument) set(i, 'note block instrument (NoteBlock.setInstrument)', { instrument });
    }
  });
  // a wall's height follows the block on it, itself shaped first: walls go from the top down
  const undecided = new Map<string, Undecided>();
  for (let y = size.y - 1; y >= 0; y--)
    for (let z = 0; z < size.z; z++)
      for (let x = 0; x < size.x; x++) {
        const i = index(x, y, z);
        const s = source[i]!;
        if (!isWall(s)) continue;
        const above = outside(x, y + 1, z) ? around(x, y + 1, z) : grid.states[index(x, y + 1, z)];
        const wall = wallState(s, (dx, dz) => shaped(x + dx, y, z + dz), above);
        set(i, WALL_RULE, wall.properties);
        if (wall.unjudged) {
          const key = blockStateKey(grid.states[i]!);
          const u = undecided.get(`${key} ${wall.unjudged.name}`) ?? {
            state: key,
            blocks: 0,
            reason: `a wall's tall/low sides and post kept as the file has them: the shape of ${wall.unjudged.name} on it is not known from its state`,
          };
          u.blocks++;
          undecided.set(`${key} ${wall.unjudged.name}`, u);
        }
      }
  const inside = (x: number, y: number, z: number): BlockState | undefined =>
    outside(x, y, z) ? undefined : source[index(x, y, z)];
  pairChests(grid, source, inside, index, set);
  leafDistances(grid, inside, index, set);
  return { changed, undecided: [...undecided.values()] };
}

function pairChests(
  grid: Grid,
  source: BlockState[],
  get: (x: number, y: number, z: number) => BlockState | undefined,
  index: (x: number, y: number, z: number) => number,
  set: (i: number, rule: string, p: Record<string, string>) => void,
): void {
  const { size } = grid;
  const rule = 'double chests (ChestBlock)';
  const taken = new Set<number>();
  for (let y = 0; y < size.y; y++)
    for (let z = 0; z < size.z; z++)
      for (let x = 0; x < size.x; x++) {
        const i = index(x, y, z);
        const s = source[i]!;
        const facing = s.properties['facing'];
        if (!isChest(s) || s.properties['type'] !== 'single' || taken.has(i) || !isDirection(facing))
          continue;
        // a left half's partner stands on its facing's clockwise side (ChestBlock.getConnectedDirection)
        const [dx, dz] = STEP[CLOCKWISE[facing]];
        const other = get(x + dx, y, z + dz);
        const j = index(x + dx, y, z + dz);
        if (!other || other.name !== s.name || other.properties['type'] !== 'single') continue;
        if (other.properties['facing'] !== facing || taken.has(j)) continue;
        taken.add(i).add(j);
        set(i, rule, { type: 'left' });
        set(j, rule, { type: 'right' });
      }
}

function leafDistances(
  grid: Grid,
  get: (x: number, y: number, z: number) => BlockState | undefined,
  index: (x: number, y: number, z: number) => number,
  set: (i: number, rule: string, p: Record<string, string>) => void,
): void {
  const { size } = grid;
  const distance = new Map<number, number>();
  let frontier: Array<[number, number, number]> = [];
  for (let y = 0; y < size.y; y++)
    for (let z = 0; z < size.z; z++)
      for (let x = 0; x < size.x; x++) if (isLog(get(x, y, z)!)) frontier.push([x, y, z]);
  if (!grid.states.some((s) => isLeaves(s) && s.properties['distance'] !== undefined)) return;
  for (let d = 1; d < 7 && frontier.length; d++) {
    const next: Array<[number, number, number]> = [];
    for (const [x, y, z] of frontier)
      for (const [dx, dy, dz] of [
        [1, 0, 0],
        [-1, 0, 0],
        [0, 1, 0],
        [0, -1, 0],
        [0, 0, 1],
        [0, 0, -1],
      ] as const) {
        const s = get(x + dx, y + dy, z + dz);
        const i = index(x + dx, y + dy, z + dz);
        if (!s || !isLeaves(s) || distance.has(i)) continue;
        distance.set(i, d);
        next.push([x + dx, y + dy, z + dz]);
      }
    frontier = next;
  }
  grid.states.forEach((s, i) => {
    // a leaf no log of the structure reaches may be held by one outside it: its distance stays
    const d = distance.get(i);
    if (isLeaves(s) && s.properties['distance'] !== undefined && d !== undefined)
      set(i, 'leaf distance (LeavesBlock.updateDistance)', { distance: String(d) });
  });
}
