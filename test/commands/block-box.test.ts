import { describe, expect, test } from 'vitest';
import { boxesTouched, boxOfWrite } from '../../src/commands/block-box.js';
import { coveredBy, volumeOf } from '../../src/vocabulary/blocks/box.js';
import type { BlockWrite } from '../../src/commands/block-write.js';
import type { Box } from '../../src/vocabulary/blocks/box.js';

const stone = { name: 'minecraft:stone', states: {} };
const box = (a: [number, number, number], b: [number, number, number]): Box => ({
  min: { x: a[0], y: a[1], z: a[2] },
  max: { x: b[0], y: b[1], z: b[2] },
});

describe('boxOfWrite', () => {
  test.each<[string, BlockWrite, Box[]]>([
    [
      'setblock',
      { kind: 'setblock', pos: { x: 1, y: 2, z: 3 }, block: stone, mode: 'replace' },
      [box([1, 2, 3], [1, 2, 3])],
    ],
    [
      'fill with corners in any order',
      { kind: 'fill', from: { x: 5, y: 0, z: -1 }, to: { x: 0, y: 3, z: 2 }, block: stone, mode: 'hollow' },
      [box([0, 0, -1], [5, 3, 2])],
    ],
    [
      'clone writes the destination box',
      {
        kind: 'clone',
        from: { x: 3, y: 3, z: 3 },
        to: { x: 0, y: 0, z: 0 },
        destination: { x: 10, y: 20, z: 30 },
        maskMode: 'replace',
        cloneMode: 'normal',
      },
      [box([10, 20, 30], [13, 23, 33])],
    ],
    [
      'clone move also empties the source',
      {
        kind: 'clone',
        from: { x: 0, y: 0, z: 0 },
        to: { x: 1, y: 1, z: 1 },
        destination: { x: 10, y: 0, z: 0 },
        maskMode: 'masked',
        cloneMode: 'move',
      },
      [box([10, 0, 0], [11, 1, 1]), box([0, 0, 0], [1, 1, 1])],
    ],
  ])('%s', (_name, write, boxes) => {
    expect(boxOfWrite(write)).toEqual(boxes);
  });
});

test("boxesTouched: every box the writes change, a clone's source too, none of an unresolved write", () => {
  const writes: BlockWrite[] = [
    { kind: 'setblock', pos: { x: 1, y: 2, z: 3 }, block: stone, mode: 'replace' },
    { kind: 'fill', from: { x: 5, y: 0, z: -1 }, to: { x: 0, y: 3, z: 2 }, block: stone, mode: 'hollow' },
    {
      kind: 'clone',
      from: { x: 3, y: 3, z: 3 },
      to: { x: 0, y: 0, z: 0 },
      destination: { x: 10, y: 20, z: 30 },
      maskMode: 'replace',
      cloneMode: 'move',
    },
    { kind: 'setblock', pos: { x: 0, y: 0, z: 0 }, block: stone, mode: 'replace', unresolved: true },
  ];
  expect(boxesTouched(writes)).toEqual([
    box([1, 2, 3], [1, 2, 3]),
    box([0, 0, -1], [5, 3, 2]),
    box([10, 20, 30], [13, 23, 33]),
    box([0, 0, 0], [3, 3, 3]),
  ]);
});

test.each([
  [box([0, 0, 0], [0, 0, 0]), 1],
  [box([0, 0, 0], [31, 31, 31]), 32_768],
  [box([-5, -64, -5], [4, 319, 4]), 10 * 384 * 10],
])('volume of %j is %d', (b, v) => {
  expect(volumeOf(b)).toBe(v);
});

describe('coveredBy (union of zone boxes)', () => {
  const zone = [box([0, 0, 0], [9, 9, 9]), box([10, 0, 0], [19, 9, 9])];
  test.each([
    [box([2, 2, 2], [3, 3, 3]), true],
    [box([5, 0, 0], [15, 9, 9]), true],
    [box([5, 0, 0], [20, 9, 9]), false],
    [box([0, 0, 0], [19, 10, 9]), false],
    [box([-1, 0, 0], [0, 0, 0]), false],
  ])('%j covered: %s', (b, covered) => {
    expect(coveredBy(b, zone)).toBe(covered);
  });

  test('nothing is covered by no boxes', () => {
    expect(coveredBy(box([0, 0, 0], [0, 0, 0]), [])).toBe(false);
  });
});
