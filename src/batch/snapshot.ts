/**
 * World snapshots for transactional batches and undo: the exact block states of the boxes a batch can
 * write, read before it runs, and the setblock/fill commands that put them back. A write also changes its
 * neighbours' shapes and drops what loses its support (vocabulary/block-behaviour/shapes.ts: a torch on the
 * block replaced, a door's other half, a fence's side), so the cells around each box that such an update can
 * reach are kept too (`around`, read where loaded) and put back where they changed.
 */
import type { Box } from '../vocabulary/blocks/box.js';
import { McbridgeError } from '../vocabulary/errors.js';
import {
  type BlockSource,
  type BlockState,
  blockStateKey,
  parseBlockStateKey,
} from '../vocabulary/blocks/block-state.js';
import { supportOf } from '../vocabulary/block-behaviour/support.js';

export class SnapshotError extends McbridgeError {
  override name = 'SnapshotError' as const;
}

export interface Snapshot {
  boxes: Box[];
  /** `x,y,z` → state key, for every position of `boxes` (deduplicated) */
  states: Map<string, string>;
  /** `x,y,z` → state key of the cells around the boxes that a write's shape updates can change or drop */
  around?: Map<string, string>;
}

/**
 * The cells a write in `box` can change through its neighbours' shapes: one step on each side and below (a
 * fence's side, a wall torch, a bed's other half, a lantern hanging under it, a door's lower half under its
 * upper half), two above (a door or tall plant standing on the block: both halves go).
 */
export const shapeReach = (box: Box): Box => ({
  min: { x: box.min.x - 1, y: box.min.y - 1, z: box.min.z - 1 },
  max: { x: box.max.x + 1, y: box.max.y + 2, z: box.max.z + 1 },
});

const key = (x: number, y: number, z: number) => `${x},${y},${z}`;

/**
 * The cells a snapshot has looked at. A batch of single setblocks gives a box per block, and the cells
 * around each box mostly lie in its neighbours' boxes: a 10 × 10 × 10 build of 1,000 setblocks looks at
 * 36,000 cells around them to find the 872 not looked at yet. Over the boxes' joint bounds (as big as
 * LOOKED_AT_MAX_CELLS) a bit per cell answers that without building a text key for each; over scattered
 * boxes whose joint bounds are bigger, the keys it builds anyway.
 */
const LOOKED_AT_MAX_CELLS = 1 << 22;

function lookedAtCells(reaches: readonly Box[]): (x: number, y: number, z: number) => boolean {
  let minX = Infinity,
    minY = Infinity,
    minZ = Infinity;
  let maxX = -Infinity,
    maxY = -Infinity,
    maxZ = -Infinity;
  for (const { min, max } of reaches) {
    minX = Math.min(minX, min.x);
    minY = Math.min(minY, min.y);
    minZ = Math.min(minZ, min.z);
    maxX = Math.max(maxX, max.x);
    maxY = Math.max(maxY, max.y);
    maxZ = Math.max(maxZ, max.z);
  }
  const sx = maxX - minX + 1;
  const sz = maxZ - minZ + 1;
  const cells = sx * sz * (maxY - minY + 1);
  if (!(cells <= LOOKED_AT_MAX_CELLS)) {
    const keys = new Set<string>();
    return (x, y, z) => {
      const k = key(x, y, z);
      if (keys.has(k)) return false;
      keys.add(k);
      return true;
    };
  }
  const bits = new Uint8Array((cells + 7) >> 3);
  /** true the first time a cell is asked about */
  return (x, y, z) => {
    const i = ((y - minY) * sz + (z - minZ)) * sx + (x - minX);
    const bit = 1 << (i & 7);
    if (bits[i >> 3]! & bit) return false;
    bits[i >> 3]! |= bit;
    return true;
  };
}

/** Reads every block of `boxes`; refuses when a chunk is unloaded (the restore could not be checked). */
export function takeSnapshot(source: BlockSource, boxes: Box[]): Snapshot {
  const states = new Map<string, string>();
  const reaches = boxes.map(shapeReach);
  // every cell is read once, a box's own before the cells around any box
  const firstLook = lookedAtCells(reaches);
  const at = { x: 0, y: 0, z: 0 };
  for (const box of boxes) {
    for (let y = box.min.y; y <= box.max.y; y++) {
      for (let z = box.min.z; z <= box.max.z; z++) {
        for (let x = box.min.x; x <= box.max.x; x++) {
          if (!firstLook(x, y, z)) continue;
          at.x = x;
          at.y = y;
          at.z = z;
          const state = source.readBlock(at);
          if (state === 'unloaded') {
            throw new SnapshotError(`cannot snapshot ${x} ${y} ${z}: its chunk is not loaded`, {
              remedy:
                'move the bot near the area first (e.g. tp @s there), or run the batch without transactional',
            });
          }
          states.set(key(x, y, z), blockStateKey(state as BlockState));
        }
      }
    }
  }
  const around = new Map<string, string>();
  for (const reach of reaches) {
    for (let y = reach.min.y; y <= reach.max.y; y++)
      for (let z = reach.min.z; z <= reach.max.z; z++)
        for (let x = reach.min.x; x <= reach.max.x; x++) {
          if (!firstLook(x, y, z)) continue;
          at.x = x;
          at.y = y;
          at.z = z;
          // a neighbour the bot cannot read is left out: the write's own cells are what undo promises
          const state = source.readBlock(at);
          if (state !== 'unloaded') around.set(key(x, y, z), blockStateKey(state));
        }
  }
  return { boxes, states, around };
}

const nameOf = (key: string) => key.replace(/\[.*$/, '');
/**
 * Could a shape update have made `actual` from `expected`? It drops a block (air) or changes its properties;
 * another block there was written by someone else after the batch, and undo leaves it.
 */
const byShapes = (expected: string, actual: string) =>
  actual !== expected && (nameOf(actual) === 'minecraft:air' || nameOf(actual) === nameOf(expected));

/** the cells of `around` that shape updates changed, as `now` shows them (all of them when nobody can read it) */
function changedAround(
  snapshot: Snapshot,
  now: BlockSource | undefined,
): Array<[number, number, number, string]> {
  const out: Array<[number, number, number, string]> = [];
  for (const [k, expected] of snapshot.around ?? []) {
    const [x, y, z] = k.split(',').map(Number) as [number, number, number];
    if (now && !byShapes(expected, stateNow(now, { x, y, z }))) continue;
    out.push([x, y, z, expected]);
  }
  return out;
}

/**
 * Commands that restore the snapshot: runs along x of one state become one `fill` (a single block a
 * `setblock`); then each cell around the boxes that differs in `now` (every one when `now` is not given)
 * gets a `setblock`. Block entity contents (chest items, sign text) are not part of a snapshot.
 */
export function restoreCommands(snapshot: Snapshot, now?: BlockSource): string[] {
  const commands: string[] = [];
  const done = new Set<string>();
  // what needs a neighbour to stay (a door half, a torch, a bed) goes back last, bottom up: a block restored
  // after it beside it would drop it again, as the game's shape updates do
  const held: Array<[number, number, number, string]> = [];
  const fragile = new Map<string, boolean>();
  const isFragile = (state: string) => {
    let f = fragile.get(state);
    if (f === undefined) {
      try {
        f = supportOf(parseBlockStateKey(state)).length > 0;
      } catch {
        f = false;
      }
      fragile.set(state, f);
    }
    return f;
  };
  for (const box of snapshot.boxes) {
    for (let y = box.min.y; y <= box.max.y; y++) {
      for (let z = box.min.z; z <= box.max.z; z++) {
        let x = box.min.x;
        while (x <= box.max.x) {
          const state = snapshot.states.get(key(x, y, z));
          if (state === undefined || done.has(key(x, y, z))) {
            x++;
            continue;
          }
          if (isFragile(state)) {
            done.add(key(x, y, z));
            held.push([x, y, z, state]);
            x++;
            continue;
          }
          let end = x;
          while (
            end + 1 <= box.max.x &&
            snapshot.states.get(key(end + 1, y, z)) === state &&
            !done.has(key(end + 1, y, z))
          )
            end++;
          for (let i = x; i <= end; i++) done.add(key(i, y, z));
          commands.push(
            end === x ? `setblock ${x} ${y} ${z} ${state}` : `fill ${x} ${y} ${z} ${end} ${y} ${z} ${state}`,
          );
          x = end + 1;
        }
      }
    }
  }
  const last = [...held, ...changedAround(snapshot, now)].sort((a, b) => a[1] - b[1]);
  for (const [x, y, z, state] of last) commands.push(`setblock ${x} ${y} ${z} ${state}`);
  return commands;
}

/** The state key at `pos` in `source` now, or `unloaded`: what a snapshot's states are compared with. */
export function stateNow(source: BlockSource, pos: { x: number; y: number; z: number }): string {
  const now = source.readBlock(pos);
  return now === 'unloaded' ? 'unloaded' : blockStateKey(now);
}

/**
 * Positions of the snapshot whose state differs in `source` now: every cell of its boxes, and the cells
 * around them that a shape update changed (a neighbour the bot cannot see, or one another write replaced,
 * is not called a failure).
 */
export function differences(
  snapshot: Snapshot,
  source: BlockSource,
  limit = 20,
): Array<{ x: number; y: number; z: number; expected: string; actual: string }> {
  const out: Array<{ x: number; y: number; z: number; expected: string; actual: string }> = [];
  const cells = [
    ...[...snapshot.states].map(([k, v]) => [k, v, true] as const),
    ...[...(snapshot.around ?? [])].map(([k, v]) => [k, v, false] as const),
  ];
  for (const [k, expected, own] of cells) {
    const [x, y, z] = k.split(',').map(Number) as [number, number, number];
    const actual = stateNow(source, { x, y, z });
    if (own ? actual !== expected : byShapes(expected, actual)) {
      out.push({ x, y, z, expected, actual });
      if (out.length >= limit) break;
    }
  }
  return out;
}
