/** postExecuteHints: ordered, de-duplicated, capped, omitted when empty, and never throws. */
import { describe, expect, test } from 'vitest';
import type { HintEntry } from '../../src/hints/context.js';
import { postExecuteHints, rank } from '../../src/hints/post-execute.js';
import { type HintRule, RULES } from '../../src/hints/rules.js';
import { ActionHintsSchema, MAX_NEXT_STEPS, type NextStep } from '../../src/results/action-hints.js';
import { batch, ok, refused, unchanged } from './helpers.js';

const hollow = 'fill 0 64 0 6 68 6 minecraft:stone hollow';

const stepOf = (action: NextStep['action'], relevance: number, args?: Record<string, unknown>): NextStep => ({
  action,
  relevance,
  optional: true,
  description: `${action} ${relevance}`,
  ...(args ? { suggestedArgs: args } : {}),
});

describe('postExecuteHints', () => {
  test('a bare hollow room: door, verify, light, window, by relevance', () => {
    const hints = postExecuteHints({ entries: batch(ok(hollow)), tool: 'execute_commands' });
    expect(hints?.nextSteps?.map((s) => s.action)).toEqual([
      'add_door',
      'verify_blocks',
      'add_light',
      'add_window',
    ]);
    expect(ActionHintsSchema.parse(hints)).toEqual(hints);
  });

  test.each<[string, HintEntry[]]>([
    ['no commands', []],
    ['a command that writes no blocks', batch(ok('tellraw @a "hi"'))],
    ['a verified single block', batch(ok('setblock 0 64 0 minecraft:stone', 'verified'))],
    [
      'a refused command with an unhandled key',
      batch(refused('setblock 0 64 0 minecraft:stone', 'argument.pos.missing.int')),
    ],
  ])('nothing to suggest (%s): undefined, not an empty object', (_name, entries) => {
    expect(postExecuteHints({ entries, tool: 'execute_commands' })).toBeUndefined();
  });

  test('the connection name goes into every suggestedArgs', () => {
    const hints = postExecuteHints({ entries: batch(ok(hollow)), tool: 'execute_commands', target: 'lobby' });
    const args = hints?.nextSteps?.map((s) => s.suggestedArgs?.['target']);
    expect(args).toEqual(['lobby', 'lobby', 'lobby', 'lobby']);
  });

  test('module hints alone are returned without nextSteps', () => {
    const hints = postExecuteHints({
      entries: batch(unchanged('setblock 0 64 0 minecraft:stone')),
      tool: 'execute_commands',
    });
    expect(hints).toEqual({
      moduleHints: [
        '`setblock 0 64 0 minecraft:stone`: the world already matched, nothing changed; do not retry.',
      ],
    });
  });

  test('the list is capped at MAX_NEXT_STEPS, most relevant kept', () => {
    // ten separate hollow rooms: each wants a door (0.8), a light and a window
    const rooms = Array.from({ length: 10 }, (_, i) =>
      ok(`fill ${i * 10} 64 0 ${i * 10 + 6} 68 6 minecraft:stone hollow`),
    );
    const hints = postExecuteHints({ entries: batch(...rooms), tool: 'execute_commands' });
    expect(hints?.nextSteps).toHaveLength(MAX_NEXT_STEPS);
    expect(hints?.nextSteps?.every((s) => s.action === 'add_door')).toBe(true);
  });

  test('the first save suggestion in rule order wins', () => {
    const rules: HintRule[] = [
      { id: 'a', kind: 'design', when: () => ({ saveSuggestion: { topic: 'first', reason: 'r' } }) },
      { id: 'b', kind: 'design', when: () => ({ saveSuggestion: { topic: 'second', reason: 'r' } }) },
    ];
    expect(postExecuteHints({ entries: [], tool: 't' }, undefined, rules)).toEqual({
      saveSuggestion: { topic: 'first', reason: 'r' },
    });
  });
});

describe('the referee', () => {
  test('sees every proposal with its rule and kind, and only what it keeps is said, with its notes', () => {
    const rules: HintRule[] = [
      { id: 'fix', kind: 'resend', when: () => ({ nextSteps: [stepOf('fix_block_id', 0.95)] }) },
      { id: 'door', kind: 'design', when: () => ({ nextSteps: [stepOf('add_door', 0.8)] }) },
    ];
    const seen: string[] = [];
    const hints = postExecuteHints({ entries: [], tool: 't' }, undefined, rules, (proposals) => {
      seen.push(...proposals.map((p) => `${p.rule}:${p.kind}:${p.step.action}`));
      return { steps: proposals.filter((p) => p.kind === 'resend'), notes: ['the door would break a wall'] };
    });
    expect(seen).toEqual(['fix:resend:fix_block_id', 'door:design:add_door']);
    expect(hints?.nextSteps?.map((s) => s.action)).toEqual(['fix_block_id']);
    expect(hints?.moduleHints).toEqual(['the door would break a wall']);
  });
});

describe('never throws', () => {
  test('a throwing rule: undefined, and the error is logged', () => {
    const boom = new Error('rule bug');
    const logged: unknown[] = [];
    const rules: HintRule[] = [
      ...RULES,
      {
        id: 'throws',
        kind: 'design',
        when: () => {
          throw boom;
        },
      },
    ];
    expect(
      postExecuteHints(
        { entries: batch(ok(hollow)), tool: 'execute_commands' },
        (e) => logged.push(e),
        rules,
      ),
    ).toBeUndefined();
    expect(logged).toEqual([boom]);
  });

  test('malformed input: undefined, and the error is logged', () => {
    const logged: unknown[] = [];
    const malformed = [{ command: 'fill', result: undefined, writes: null }] as unknown as HintEntry[];
    expect(
      postExecuteHints({ entries: malformed, tool: 'execute_commands' }, (e) => logged.push(e)),
    ).toBeUndefined();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toBeInstanceOf(TypeError);
  });

  test('a rule producing an invalid step (relevance > 1) is caught by the schema', () => {
    const logged: unknown[] = [];
    const rules: HintRule[] = [
      { id: 'bad', kind: 'design', when: () => ({ nextSteps: [stepOf('add_door', 3)] }) },
    ];
    expect(postExecuteHints({ entries: [], tool: 't' }, (e) => logged.push(e), rules)).toBeUndefined();
    expect(logged).toHaveLength(1);
  });

  test('without a log function it still returns undefined', () => {
    const rules: HintRule[] = [
      {
        id: 'throws',
        kind: 'design',
        when: () => {
          throw new Error('x');
        },
      },
    ];
    expect(postExecuteHints({ entries: [], tool: 't' }, undefined, rules)).toBeUndefined();
  });
});

describe('rank', () => {
  test.each<[string, NextStep[], string[]]>([
    [
      'by relevance, highest first',
      [stepOf('add_window', 0.4), stepOf('add_door', 0.8), stepOf('add_light', 0.5)],
      ['add_door 0.8', 'add_light 0.5', 'add_window 0.4'],
    ],
    [
      'ties keep rule order',
      [stepOf('add_window', 0.5), stepOf('add_light', 0.5)],
      ['add_window 0.5', 'add_light 0.5'],
    ],
    [
      'same action and args once, the most relevant kept',
      [
        stepOf('verify_blocks', 0.6, { from: 1 }),
        stepOf('verify_blocks', 0.9, { from: 1 }),
        stepOf('verify_blocks', 0.6, { from: 2 }),
      ],
      ['verify_blocks 0.9', 'verify_blocks 0.6'],
    ],
    [
      'capped',
      Array.from({ length: 12 }, (_, i) => stepOf('add_door', i / 12, { i })),
      Array.from({ length: MAX_NEXT_STEPS }, (_, i) => `add_door ${(11 - i) / 12}`),
    ],
  ])('%s', (_name, steps, expected) => {
    expect(rank(steps).map((s) => s.description)).toEqual(expected);
  });
});
