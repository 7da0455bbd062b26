import { describe, expect, test } from 'vitest';
import type { BlockWrite } from '../../src/commands/block-write.js';
import { verifyWrites } from '../../src/verify/verify.js';
import { VerificationSchema } from '../../src/results/verification.js';
import { filled, P, spec, world } from './helpers.js';

const STONE = 'minecraft:stone';
const GLASS = 'minecraft:glass';

const fill = (to: number, block: string, mode: 'replace' | 'keep' | 'hollow' = 'replace'): BlockWrite => ({
  kind: 'fill',
  from: P(0, 0, 0),
  to: P(to, to, to),
  block: spec(block),
  mode,
});
const setblock = (x: number, block: string, extra: Partial<BlockWrite> = {}): BlockWrite =>
  ({ kind: 'setblock', pos: P(x, 0, 0), block: spec(block), mode: 'replace', ...extra }) as BlockWrite;

describe('a batch', () => {
  test('an earlier write is judged only on the positions no later write touched', () => {
    const after = world({ ...filled(P(0, 0, 0), P(2, 2, 2), STONE), '1,0,0': GLASS });
    const [first, second] = verifyWrites([fill(2, STONE), setblock(1, GLASS)], after);
    expect(first).toMatchObject({ status: 'verified', checked: 26, matched: 26, overridden: 1 });
    expect(second).toMatchObject({ status: 'verified', checked: 1 });
  });

  test('a write that is entirely rewritten later says so and is not checked', () => {
    const [first] = verifyWrites([setblock(1, STONE), setblock(1, GLASS)], world({ '1,0,0': GLASS }));
    expect(first).toMatchObject({ status: 'not_checked', overridden: 1 });
    expect(first?.reason).toContain('later write');
  });

  test('later writes see what earlier ones left, even without a before snapshot', () => {
    // hollow leaves air inside, so the keep fill must put glass there
    const after = world(filled(P(0, 0, 0), P(2, 2, 2), STONE));
    const [, keep] = verifyWrites([fill(2, STONE, 'hollow'), fill(2, GLASS, 'keep')], after);
    expect(keep).toMatchObject({ status: 'mismatch', checked: 1, matched: 0 });
    expect(keep?.mismatches).toEqual([{ x: 1, y: 1, z: 1, expected: GLASS, actual: STONE }]);
  });

  test.each([
    ['part of the write is unloaded', (p: { x: number }) => p.x < 2, 'unloaded', 2, 1],
    ['all of it is unloaded', () => false, 'unloaded', 0, 3],
  ])('%s: status unloaded, never a mismatch against air', (_, loaded, status, checked, unloaded) => {
    const write: BlockWrite = {
      kind: 'fill',
      from: P(0, 0, 0),
      to: P(2, 0, 0),
      block: spec(STONE),
      mode: 'replace',
    };
    const after = world({ '0,0,0': STONE, '1,0,0': STONE }, loaded);
    expect(verifyWrites([write], after)[0]).toMatchObject({ status, checked, matched: checked, unloaded });
  });

  test('a write with unresolved coordinates is not checked, nor is anything before it', () => {
    const results = verifyWrites(
      [setblock(0, STONE), setblock(5, STONE, { unresolved: true }), setblock(1, STONE)],
      world({ '0,0,0': STONE, '1,0,0': STONE }),
    );
    expect(results.map((r) => r.status)).toEqual(['not_checked', 'not_checked', 'verified']);
    expect(results[1]?.reason).toContain('could not be resolved');
  });

  test('a write in another dimension is not checked and does not hide earlier writes', () => {
    const results = verifyWrites(
      [setblock(0, STONE), setblock(0, GLASS, { dimension: 'minecraft:the_nether' })],
      world({ '0,0,0': STONE }),
      undefined,
      { dimension: 'minecraft:overworld' },
    );
    expect(results.map((r) => r.status)).toEqual(['verified', 'not_checked']);
    for (const r of results) expect(VerificationSchema.parse(r)).toEqual(r);
  });
});
