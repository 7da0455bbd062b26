/**
 * takeSnapshot keeps the states of a batch's boxes and of the cells around them, each cell read once. Its
 * bookkeeping of the cells it has looked at (a bit per cell over the boxes' joint bounds, text keys over
 * scattered boxes) must give what the plain way gives: every box's cells, then every cell around a box
 * not kept yet, in the order first met.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { shapeReach, SnapshotError, takeSnapshot } from '../../src/batch/snapshot.js';
import { type BlockSource, type BlockState, blockStateKey } from '../../src/vocabulary/blocks/block-state.js';
import type { Box } from '../../src/vocabulary/blocks/box.js';

const STATES: BlockState[] = [
  { name: 'minecraft:stone', properties: {} },
  Object.freeze({
    name: 'minecraft:oak_door',
    properties: Object.freeze({ half: 'lower', facing: 'north' }),
  }),
  { name: 'minecraft:air', properties: {} },
];

/** a world with a state for every position, unloaded where x ≥ `unloadedFrom`; counts its reads per cell */
function world(unloadedFrom: number): BlockSource & { reads: Map<string, number> } {
  const reads = new Map<string, number>();
  return {
    reads,
    readBlock: ({ x, y, z }) => {
      const k = `${x},${y},${z}`;
      reads.set(k, (reads.get(k) ?? 0) + 1);
      if (x >= unloadedFrom) return 'unloaded';
      return STATES[Math.abs(x * 7 + y * 13 + z * 5) % STATES.length]!;
    },
  };
}

/** the plain way: a text key per cell looked at */
function plainSnapshot(source: BlockSource, boxes: Box[]) {
  const states = new Map<string, string>();
  for (const box of boxes)
    for (let y = box.min.y; y <= box.max.y; y++)
      for (let z = box.min.z; z <= box.max.z; z++)
        for (let x = box.min.x; x <= box.max.x; x++) {
          const k = `${x},${y},${z}`;
          if (states.has(k)) continue;
          const state = source.readBlock({ x, y, z });
          if (state === 'unloaded') throw new Error('unloaded');
          states.set(k, blockStateKey(state));
        }
  const around = new Map<string, string>();
  for (const box of boxes) {
    const reach = shapeReach(box);
    for (let y = reach.min.y; y <= reach.max.y; y++)
      for (let z = reach.min.z; z <= reach.max.z; z++)
        for (let x = reach.min.x; x <= reach.max.x; x++) {
          const k = `${x},${y},${z}`;
          if (states.has(k) || around.has(k)) continue;
          const state = source.readBlock({ x, y, z });
          if (state !== 'unloaded') around.set(k, blockStateKey(state));
        }
  }
  return { states, around };
}

/** boxes near one another (a build) or, with `spread`, thousands of blocks apart */
const arbBoxes = (spread: number) =>
  fc.array(
    fc
      .tuple(
        fc.integer({ min: -6, max: 6 }),
        fc.integer({ min: -3, max: 3 }),
        fc.integer({ min: -6, max: 6 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: -spread, max: spread }),
      )
      .map(([x, y, z, sx, sy, sz, far]): Box => ({
        min: { x: x + far, y, z: z - far },
        max: { x: x + far + sx - 1, y: y + sy - 1, z: z - far + sz - 1 },
      })),
    { minLength: 1, maxLength: 40 },
  );

describe('takeSnapshot', () => {
  test.each([
    ['boxes of one build', 0],
    ['boxes thousands of blocks apart', 5000],
  ])('%s: the same states, in the same order, as the plain way, each cell read once', (_, spread) => {
    fc.assert(
      fc.property(arbBoxes(spread), (boxes) => {
        // every box loaded; a strip of unloaded cells lies in the reach of some of them
        const edge = Math.max(...boxes.map((b) => b.max.x)) + 1;
        const source = world(edge);
        const snapshot = takeSnapshot(source, boxes);
        const plain = plainSnapshot(world(edge), boxes);
        expect([...snapshot.states]).toEqual([...plain.states]);
        expect([...(snapshot.around ?? [])]).toEqual([...plain.around]);
        expect([...source.reads.values()].every((n) => n === 1)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  test('a box whose chunk is not loaded is refused, naming the cell', () => {
    const boxes: Box[] = [{ min: { x: 0, y: 0, z: 0 }, max: { x: 3, y: 0, z: 0 } }];
    expect(() => takeSnapshot(world(2), boxes)).toThrow(SnapshotError);
    expect(() => takeSnapshot(world(2), boxes)).toThrow('cannot snapshot 2 0 0');
  });
});
