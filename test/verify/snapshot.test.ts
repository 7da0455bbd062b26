import { describe, expect, test } from 'vitest';
import type { BlockWrite } from '../../src/commands/block-write.js';
import { BeforeSnapshot, priorReads } from '../../src/verify/snapshot.js';
import { verifyWrites } from '../../src/verify/verify.js';
import { P, spec, world } from './helpers.js';

const STONE = 'minecraft:stone';
const keepFill: BlockWrite = {
  kind: 'fill',
  from: P(0, 0, 0),
  to: P(2, 0, 0),
  block: spec(STONE),
  mode: 'keep',
};

describe('before snapshots', () => {
  test.each([
    [{ kind: 'setblock', pos: P(1, 2, 3), block: spec(STONE), mode: 'replace' }, 0],
    [{ kind: 'setblock', pos: P(1, 2, 3), block: spec(STONE), mode: 'keep' }, 1],
    [{ ...keepFill, mode: 'hollow' }, 0],
    [keepFill, 1],
    [{ ...keepFill, mode: 'replace', filter: { kind: 'block', block: spec('dirt') } }, 1],
    [
      {
        kind: 'clone',
        from: P(0, 0, 0),
        to: P(1, 1, 1),
        destination: P(5, 0, 0),
        maskMode: 'replace',
        cloneMode: 'normal',
      },
      1,
    ],
  ] as Array<[BlockWrite, number]>)('%o reads %i box(es) of the world before', (write, boxes) => {
    expect(priorReads(write)).toHaveLength(boxes);
  });

  test('a snapshot keeps the world as it was, so later changes do not leak into the expectation', () => {
    const live = world({ '0,0,0': 'minecraft:dirt' });
    const before = new BeforeSnapshot(live, [keepFill]);
    expect(before.size).toBe(3);
    // the batch runs: air became stone, and someone also replaced the dirt
    live
      .set(P(0, 0, 0), STONE)
      .set(P(1, 0, 0), STONE)
      .set(P(2, 0, 0), STONE);
    expect(verifyWrites([keepFill], live, before)[0]).toMatchObject({ status: 'verified', checked: 2 });
    expect(before.readBlock(P(9, 9, 9))).toBe('unknown');
  });
});
