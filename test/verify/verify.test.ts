import { describe, expect, test } from 'vitest';
import type { BlockWrite } from '../../src/commands/block-write.js';
import { verifyWrites } from '../../src/verify/verify.js';
import { type Verification, VerificationSchema } from '../../src/results/verification.js';
import { filled, P, spec, world } from './helpers.js';

const STONE = 'minecraft:stone';
const DOOR = 'minecraft:oak_door[facing=north,half=lower,hinge=left,open=false,powered=false]';

const setblock = (
  x: number,
  y: number,
  z: number,
  block: string,
  mode: 'replace' | 'keep' | 'destroy' = 'replace',
): BlockWrite => ({
  kind: 'setblock',
  pos: P(x, y, z),
  block: spec(block),
  mode,
});
const fill = (
  from: [number, number, number],
  to: [number, number, number],
  block: string,
  mode: 'replace' | 'keep' | 'destroy' | 'hollow' | 'outline' = 'replace',
  extra: Partial<Extract<BlockWrite, { kind: 'fill' }>> = {},
): BlockWrite => ({ kind: 'fill', from: P(...from), to: P(...to), block: spec(block), mode, ...extra });

const short = (v: Verification) => ({ status: v.status, checked: v.checked, matched: v.matched });

describe('setblock', () => {
  test.each([
    ['the block is there', { '0,0,0': STONE }, STONE, 'verified'],
    ['another block is there', { '0,0,0': 'minecraft:dirt' }, STONE, 'mismatch'],
    [
      'states the command did not name differ',
      { '0,0,0': DOOR },
      'minecraft:oak_door[facing=north]',
      'verified',
    ],
    ['a named state differs', { '0,0,0': DOOR }, 'minecraft:oak_door[facing=south]', 'mismatch'],
    ['air was asked and cave_air is there', { '0,0,0': 'minecraft:cave_air' }, 'minecraft:air', 'verified'],
  ])('replace, %s -> %s', (_, after, block, status) => {
    const [v] = verifyWrites([setblock(0, 0, 0, block)], world(after));
    expect(v?.status).toBe(status);
    expect(v?.checked).toBe(1);
  });

  test('a mismatch names the position, the compared states and every actual state', () => {
    const [v] = verifyWrites(
      [setblock(1, 2, 3, 'minecraft:oak_door[facing=south]')],
      world({ '1,2,3': DOOR }),
    );
    expect(v?.mismatches).toEqual([
      { x: 1, y: 2, z: 3, expected: 'minecraft:oak_door[facing=south]', actual: DOOR },
    ]);
    expect(VerificationSchema.parse(v)).toEqual(v);
  });

  test.each([
    ['air before: the block is expected', {}, { '0,0,0': 'minecraft:dirt' }, 'mismatch', 1],
    [
      'a block before: the position is untouched',
      { '0,0,0': 'minecraft:dirt' },
      { '0,0,0': 'minecraft:dirt' },
      'not_checked',
      0,
    ],
    ['no before, the block is there', undefined, { '0,0,0': STONE }, 'verified', 1],
    ['no before, another block is there', undefined, { '0,0,0': 'minecraft:dirt' }, 'not_checked', 0],
  ])('keep, %s', (_, before, after, status, checked) => {
    const [v] = verifyWrites([setblock(0, 0, 0, STONE, 'keep')], world(after), before && world(before));
    expect(short(v!)).toEqual({ status, checked, matched: status === 'mismatch' ? 0 : checked });
  });
});

describe('fill', () => {
  const cube = filled(P(0, 0, 0), P(2, 2, 2), STONE);

  test('replace: every position is compared; the mismatches come in y, z, x order', () => {
    const after = world({
      ...cube,
      '2,1,0': 'minecraft:dirt',
      '0,1,2': 'minecraft:dirt',
      '1,0,1': 'minecraft:air',
    });
    const [v] = verifyWrites([fill([0, 0, 0], [2, 2, 2], STONE)], after);
    expect(short(v!)).toEqual({ status: 'mismatch', checked: 27, matched: 24 });
    expect(v?.mismatches.map((m) => [m.x, m.y, m.z])).toEqual([
      [1, 0, 1],
      [2, 1, 0],
      [0, 1, 2],
    ]);
  });

  test('at most 20 mismatches are listed', () => {
    const [v] = verifyWrites([fill([0, 0, 0], [9, 9, 0], STONE)], world({}));
    expect(short(v!)).toEqual({ status: 'mismatch', checked: 100, matched: 0 });
    expect(v?.mismatches).toHaveLength(20);
  });

  test.each([
    [
      'hollow: a shell of the block with air inside',
      'hollow',
      { ...cube, '1,1,1': 'minecraft:air' },
      'verified',
      27,
    ],
    ['hollow: a block left inside is a mismatch', 'hollow', cube, 'mismatch', 27],
    [
      'outline: the inside is not the write’s business',
      'outline',
      { ...cube, '1,1,1': 'minecraft:dirt' },
      'verified',
      26,
    ],
    ['destroy: the block everywhere', 'destroy', cube, 'verified', 27],
  ] as const)('%s', (_, mode, after, status, checked) => {
    const [v] = verifyWrites([fill([0, 0, 0], [2, 2, 2], STONE, mode)], world(after));
    expect(v?.status).toBe(status);
    expect(v?.checked).toBe(checked);
  });

  test('keep with a before snapshot judges only the positions that were air', () => {
    const before = world({ '0,0,0': 'minecraft:dirt', '1,0,0': 'minecraft:dirt' });
    const after = world({ '0,0,0': 'minecraft:dirt', '1,0,0': 'minecraft:dirt', '2,0,0': STONE });
    const [v] = verifyWrites([fill([0, 0, 0], [3, 0, 0], STONE, 'keep')], after, before);
    expect(short(v!)).toEqual({ status: 'mismatch', checked: 2, matched: 1 });
    expect(v?.mismatches).toEqual([{ x: 3, y: 0, z: 0, expected: STONE, actual: 'minecraft:air' }]);
  });

  const logs = world({
    '0,0,0': 'minecraft:dirt',
    '1,0,0': 'minecraft:oak_log[axis=y]',
    '2,0,0': 'minecraft:oak_log[axis=x]',
  });
  test.each([
    ['a block filter', { kind: 'block', block: spec('dirt') }, {}, '0', [1, 1, 0]],
    ['a block filter, not applied', { kind: 'block', block: spec('dirt') }, {}, '', [1, 0, 0]],
    ['a filter with states', { kind: 'block', block: spec('oak_log[axis=y]') }, {}, '1', [1, 1, 0]],
    [
      'a tag filter with known tags',
      { kind: 'tag', tag: 'minecraft:logs', states: {} },
      { logs: ['oak_log'] },
      '12',
      [2, 2, 0],
    ],
    // without the tag's members only positions that show the new block can be judged (as consistent)
    ['a tag filter without tags', { kind: 'tag', tag: 'logs', states: {} }, undefined, '12', [2, 2, 3]],
  ] as const)('replace with %s', (_, filter, blockTags, stoneAt, [checked, matched, notChecked]) => {
    const after = world({
      '0,0,0': stoneAt.includes('0') ? STONE : 'minecraft:dirt',
      '1,0,0': stoneAt.includes('1') ? STONE : 'minecraft:oak_log[axis=y]',
      '2,0,0': stoneAt.includes('2') ? STONE : 'minecraft:oak_log[axis=x]',
    });
    const write = fill([0, 0, 0], [4, 0, 0], STONE, 'replace', { filter });
    const [v] = verifyWrites([write], after, logs, blockTags ? { blockTags } : {});
    expect([v?.checked, v?.matched, v?.notChecked ?? 0]).toEqual([checked, matched, notChecked]);
    expect(v?.status).toBe(checked === matched ? 'verified' : 'mismatch');
  });
});
