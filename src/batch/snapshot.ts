/**
 * World snapshots for transactional batches and undo: the exact block states of the boxes a batch can
 * write, read before it runs, and the setblock/fill commands that put them back.
 */
import type { Box } from '../vocabulary/blocks/box.js';
import { McbridgeError } from '../vocabulary/errors.js';
import { type BlockSource, type BlockState, blockStateKey } from '../vocabulary/blocks/block-state.js';

export class SnapshotError extends McbridgeError {
  override name = 'SnapshotError' as const;
}

export interface Snapshot {
  boxes: Box[];
  /** `x,y,z` → state key, for every position of `boxes` (deduplicated) */
  states: Map<string, string>;
}

const key = (x: number, y: number, z: number) => `${x},${y},${z}`;

/** Reads every block of `boxes`; refuses when a chunk is unloaded (the restore could not be checked). */
export function takeSnapshot(source: BlockSource, boxes: Box[]): Snapshot {
  const states = new Map<string, string>();
  for (const box of boxes) {
    for (let y = box.min.y; y <= box.max.y; y++) {
      for (let z = box.min.z; z <= box.max.z; z++) {
        for (let x = box.min.x; x <= box.max.x; x++) {
          const k = key(x, y, z);
          if (states.has(k)) continue;
          const state = source.readBlock({ x, y, z });
          if (state === 'unloaded') {
            throw new SnapshotError(`cannot snapshot ${x} ${y} ${z}: its chunk is not loaded`, {
              remedy:
                'move the bot near the area first (e.g. tp @s there), or run the batch without transactional',
            });
          }
          states.set(k, blockStateKey(state as BlockState));
        }
      }
    }
  }
  return { boxes, states };
}

/**
 * Commands that restore the snapshot: runs along x of one state become one `fill` (a single block a
 * `setblock`). Block entity contents (chest items, sign text) are not part of a snapshot.
 */
export function restoreCommands(snapshot: Snapshot): string[] {
  const commands: string[] = [];
  const done = new Set<string>();
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
  return commands;
}

/** The state key at `pos` in `source` now, or `unloaded`: what a snapshot's states are compared with. */
export function stateNow(source: BlockSource, pos: { x: number; y: number; z: number }): string {
  const now = source.readBlock(pos);
  return now === 'unloaded' ? 'unloaded' : blockStateKey(now);
}

/** Positions of the snapshot whose state differs in `source` now. */
export function differences(
  snapshot: Snapshot,
  source: BlockSource,
  limit = 20,
): Array<{ x: number; y: number; z: number; expected: string; actual: string }> {
  const out: Array<{ x: number; y: number; z: number; expected: string; actual: string }> = [];
  for (const [k, expected] of snapshot.states) {
    const [x, y, z] = k.split(',').map(Number) as [number, number, number];
    const actual = stateNow(source, { x, y, z });
    if (actual !== expected) {
      out.push({ x, y, z, expected, actual });
      if (out.length >= limit) break;
    }
  }
  return out;
}
