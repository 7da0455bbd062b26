import { describe, expect, test } from 'vitest';
import type { BlockWrite } from '../../src/commands/block-write.js';
import { verifyWrites } from '../../src/verify/verify.js';
import { VerificationSchema } from '../../src/results/verification.js';
import { P, spec, world } from './helpers.js';

const STONE = 'minecraft:stone';
const DIRT = 'minecraft:dirt';
const LOG = 'minecraft:oak_log[axis=x]';

const clone = (
  maskMode: 'replace' | 'masked' | 'filtered',
  cloneMode: 'normal' | 'force' | 'move',
  extra: Partial<Extract<BlockWrite, { kind: 'clone' }>> = {},
): BlockWrite => ({
  kind: 'clone',
  from: P(0, 0, 0),
  to: P(2, 0, 0),
  destination: P(10, 0, 0),
  maskMode,
  cloneMode,
  ...extra,
});

// source row: stone, air, log (all states)
const before = world({ '0,0,0': STONE, '2,0,0': LOG, '11,0,0': DIRT });

describe('clone', () => {
  test.each([
    [
      'replace copies air too',
      'replace',
      { '0,0,0': STONE, '2,0,0': LOG, '10,0,0': STONE, '12,0,0': LOG },
      'verified',
      3,
    ],
    [
      'replace: an air gap left filled is a mismatch',
      'replace',
      { '10,0,0': STONE, '11,0,0': DIRT, '12,0,0': LOG },
      'mismatch',
      3,
    ],
    ['masked skips air', 'masked', { '10,0,0': STONE, '11,0,0': DIRT, '12,0,0': LOG }, 'verified', 2],
    [
      'every copied state is compared',
      'masked',
      { '10,0,0': STONE, '12,0,0': 'minecraft:oak_log[axis=y]' },
      'mismatch',
      2,
    ],
  ] as const)('%s', (_, mask, after, status, checked) => {
    const [v] = verifyWrites([clone(mask, 'normal')], world(after), before);
    expect(v?.status).toBe(status);
    expect(v?.checked).toBe(checked);
  });

  test('filtered copies only what the filter accepts', () => {
    const write = clone('filtered', 'normal', { filter: { kind: 'block', block: spec('oak_log') } });
    const [v] = verifyWrites([write], world({ '11,0,0': DIRT, '12,0,0': LOG }), before);
    expect(v).toMatchObject({ status: 'verified', checked: 1, matched: 1 });
  });

  test('move empties the copied source positions', () => {
    const moved = world({ '10,0,0': STONE, '12,0,0': LOG });
    expect(verifyWrites([clone('masked', 'move')], moved, before)[0]).toMatchObject({
      status: 'verified',
      checked: 4,
    });
    const notEmptied = world({ '0,0,0': STONE, '10,0,0': STONE, '12,0,0': LOG });
    const [v] = verifyWrites([clone('masked', 'move')], notEmptied, before);
    expect(v?.mismatches).toEqual([{ x: 0, y: 0, z: 0, expected: 'minecraft:air', actual: STONE }]);
  });

  test('force with overlap copies the blocks as they were before the clone', () => {
    const write = clone('replace', 'force', { destination: P(1, 0, 0) });
    // stone, air, log at 0..2 -> stone, air, log at 1..3; 0 keeps its stone
    const after = world({ '0,0,0': STONE, '1,0,0': STONE, '3,0,0': LOG });
    expect(verifyWrites([write], after, before)[0]).toMatchObject({ status: 'verified', checked: 3 });
  });

  test('without a before snapshot the copies cannot be judged', () => {
    const [v] = verifyWrites([clone('replace', 'normal')], world({}));
    expect(v).toMatchObject({ status: 'not_checked', checked: 0, notChecked: 3 });
    expect(v?.reason).toContain('unknown');
    expect(VerificationSchema.parse(v)).toEqual(v);
  });

  test('a clone from another dimension cannot be judged', () => {
    const write = clone('replace', 'normal', {
      dimension: 'minecraft:overworld',
      sourceDimension: 'minecraft:the_nether',
    });
    expect(verifyWrites([write], world({}), before)[0]).toMatchObject({
      status: 'not_checked',
      reason: 'clone from another dimension',
    });
  });
});
