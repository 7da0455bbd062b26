/**
 * Which next steps can be followed under the operator's policy (src/hints/advice/allowed.ts): steps are examined in
 * the order given and only until enough are kept, so that a batch of hundreds of refusals does not check
 * hundreds of fix steps nobody will see.
 */
import { expect, test } from 'vitest';
import { followable } from '../../src/hints/advice/allowed.js';
import type { NextStep } from '../../src/results/action-hints.js';
import { defaultSafetyConfig } from '../../src/safety/config.js';

const step = (description: string, command: string): NextStep => ({
  action: 'split_fill',
  description,
  relevance: 0.9,
  optional: false,
  suggestedTool: 'execute_commands',
  suggestedArgs: { commands: [command] },
});
const options = { safety: defaultSafetyConfig, version: '1.21.4' };
const ok = (n: number) => step(`ok ${n}`, `setblock ${n} 0 0 minecraft:stone`);
const refused = step('deop someone', 'deop Alex'); // on the hard deny list

test('a refused step is left out with a note; the others are kept in order', () => {
  const r = followable([ok(1), refused, ok(2)], options);
  expect(r.steps.map((s) => s.description)).toEqual(['ok 1', 'ok 2']);
  expect(r.notes).toEqual([
    expect.stringMatching(/^Left out a split_fill step: `deop Alex` cannot be run here/),
  ]);
});

test('with a maximum, steps after the last one kept are not examined (and make no note)', () => {
  const r = followable([ok(1), ok(2), refused, ok(3)], options, 2);
  expect(r.steps.map((s) => s.description)).toEqual(['ok 1', 'ok 2']);
  expect(r.notes).toEqual([]);
  // a refused step before the maximum is reached still gets its note, and the next one takes its place
  const early = followable([refused, ok(1), ok(2)], options, 2);
  expect(early.steps.map((s) => s.description)).toEqual(['ok 1', 'ok 2']);
  expect(early.notes).toHaveLength(1);
});
