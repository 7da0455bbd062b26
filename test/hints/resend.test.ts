/**
 * The resend step on batches built here: what was not done is given again in one call, corrected, in order,
 * with the batch's ids, dependsOn, conditions and options; what cannot be corrected is named, never dropped
 * silently. (test/hints/edges-mcp.test.ts runs such steps on the embedded world.)
 */
import { describe, expect, test } from 'vitest';
import { analyzeBuild } from '../../src/hints/batch/analyze.js';
import type { BatchShape, HintEntry } from '../../src/hints/context.js';
import { pinned, resendSteps, UNLOADED_NOT_SENT } from '../../src/hints/advice/resend.js';
import type { HintContext } from '../../src/hints/rules.js';
import type { CommandResult } from '../../src/results/schema.js';
import { batch, ok, parse, refused, result } from './helpers.js';

const ctxOf = (entries: HintEntry[], shape?: BatchShape): HintContext => ({
  build: analyzeBuild(entries),
  entries,
  tool: 'execute_commands',
  mcVersion: '1.21.4',
  target: 'main',
  ...(shape ? { batch: shape } : {}),
  executor: { x: 10.5, y: -60, z: 20.5, yaw: 90, pitch: 0 },
});

const entry = (command: string, over: Partial<CommandResult>): HintEntry => ({
  command,
  result: result(command, { accepted: false, applied: false, ...over }),
  writes: parse(command),
});
const skipped = (command: string, reason: string) =>
  entry(command, { status: 'skipped', summary: `Skipped: ${reason}`, detail: { reason } });

const steps = (ctx: HintContext) =>
  resendSteps(ctx).map((s) => ({ action: s.action, args: s.suggestedArgs }));

describe('resendSteps', () => {
  test('stopOnFailure: the corrected command and every command after it, with ids, dependsOn and options', () => {
    const entries = batch(
      ok('setblock 0 -60 0 minecraft:stone'),
      refused('setblock 1 -60 0 minecraft:spruce_plank', 'argument.block.id.invalid', [
        'minecraft:spruce_plank',
      ]),
      skipped('setblock 2 -60 0 minecraft:stone', 'stopOnFailure: #2 ended rejected_by_game'),
      skipped('setblock 3 -60 0 minecraft:glass', 'stopOnFailure: #2 ended rejected_by_game'),
    );
    const shape: BatchShape = {
      steps: [
        { id: 'a', dependsOn: [] },
        { id: 'b', dependsOn: [0] },
        { dependsOn: [] },
        { id: 'd', dependsOn: [1, 0] },
      ],
      stopOnFailure: true,
    };
    expect(steps(ctxOf(entries, shape))).toEqual([
      {
        action: 'resend_commands',
        args: {
          commands: [
            // "a" applied: the wait on it is met, and dropped
            { id: 'b', command: 'setblock 1 -60 0 minecraft:spruce_planks' },
            'setblock 2 -60 0 minecraft:stone',
            { id: 'd', command: 'setblock 3 -60 0 minecraft:glass', dependsOn: ['b'] },
          ],
          stopOnFailure: true,
          target: 'main',
        },
      },
    ]);
  });

  test('a batch the policy blocked: the fill cut within the limit, and the setblock it kept from being sent', () => {
    const fill = 'fill 0 -60 0 40 -40 40 minecraft:stone';
    const entries = batch(
      entry('setblock 5 -59 5 minecraft:oak_planks', {
        status: 'rejected_by_safety',
        summary: 'not sent: command #2 of this batch was refused (fill_volume) …',
        detail: { rule: 'batch_blocked' },
      }),
      entry(fill, {
        status: 'rejected_by_safety',
        summary: 'refused by safety rule fill_volume: this fill covers 35301 blocks, over the limit of 32768',
        detail: { rule: 'fill_volume' },
      }),
    );
    const [step, more] = resendSteps(ctxOf(entries));
    expect(more).toBeUndefined();
    const commands = step!.suggestedArgs!['commands'] as string[];
    expect(commands[0]).toBe('setblock 5 -59 5 minecraft:oak_planks');
    expect(commands.length).toBeGreaterThan(2);
    expect(commands.slice(1).every((c) => c.startsWith('fill ') && c.endsWith(' minecraft:stone'))).toBe(
      true,
    );
    expect(step!.description).toMatch(/#2 corrected; #1 that were not sent/);
  });

  test('after a rollback: the whole batch, the failed command corrected, transactional kept', () => {
    const rolled = (command: string) =>
      entry(command, { status: 'rolled_back', accepted: true, summary: 'rolled back' });
    const entries = batch(
      rolled('setblock 0 -60 0 minecraft:stone'),
      refused('setblock 1 -60 0 minecraft:spruce_plank', 'argument.block.id.invalid', [
        'minecraft:spruce_plank',
      ]),
      rolled('setblock 2 -60 0 minecraft:stone'),
    );
    const shape: BatchShape = {
      steps: [{ dependsOn: [] }, { dependsOn: [] }, { dependsOn: [] }],
      transactional: true,
      rolledBack: true,
    };
    expect(steps(ctxOf(entries, shape))).toEqual([
      {
        action: 'resend_commands',
        args: {
          commands: [
            'setblock 0 -60 0 minecraft:stone',
            'setblock 1 -60 0 minecraft:spruce_planks',
            'setblock 2 -60 0 minecraft:stone',
          ],
          transactional: true,
          target: 'main',
        },
      },
    ]);
  });

  test('a refusal with no correction is named, and what waits for it is left out with it', () => {
    const entries = batch(
      refused('setblock 1 -60 0 minecraft:qqqqqqqqqqqqqqqqqq', 'argument.block.id.invalid', [
        'minecraft:qqqqqqqqqqqqqqqqqq',
      ]),
      skipped('setblock 2 -60 0 minecraft:stone', 'dependency #1 ("x") did not succeed'),
      skipped('setblock 3 -60 0 minecraft:stone', 'stopOnFailure: #1 ended rejected_by_game'),
    );
    const shape: BatchShape = {
      steps: [{ id: 'x', dependsOn: [] }, { dependsOn: [0] }, { dependsOn: [] }],
    };
    const [step] = resendSteps(ctxOf(entries, shape));
    expect(step!.suggestedArgs!['commands']).toEqual(['setblock 3 -60 0 minecraft:stone']);
    expect(step!.description).toContain('Not in it: #1 (no correction that runs as given');
    expect(step!.description).toContain('Nor #2, which wait for those.');
  });

  test('chunks the probe found not loaded: a teleport of its own, then every command written out', () => {
    const notLoaded = (command: string) =>
      entry(command, { status: 'unknown', summary: 'Not sent', detail: { reason: UNLOADED_NOT_SENT } });
    const entries = batch(
      notLoaded('fill 300 -60 0 306 -60 6 minecraft:oak_planks'),
      notLoaded('setblock 303 -59 3 minecraft:torch'),
    );
    expect(steps(ctxOf(entries))).toEqual([
      { action: 'load_area', args: { commands: ['tp 303 -57 3'], target: 'main' } },
      {
        action: 'resend_commands',
        args: {
          commands: ['fill 300 -60 0 306 -60 6 minecraft:oak_planks', 'setblock 303 -59 3 minecraft:torch'],
          target: 'main',
        },
      },
    ]);
  });

  test('nothing not done, nothing unloaded, no rollback: no resend (each refusal keeps its own fix)', () => {
    const entries = batch(
      ok('setblock 0 -60 0 minecraft:stone'),
      refused('setblock 1 -60 0 minecraft:spruce_plank', 'argument.block.id.invalid', [
        'minecraft:spruce_plank',
      ]),
    );
    expect(resendSteps(ctxOf(entries))).toEqual([]);
  });
});

describe('pinned', () => {
  const at = { x: 10.5, y: -60, z: 20.5, yaw: 90, pitch: 0 };
  test.each([
    ['a command without ~ stays as it is', 'say hi', 'say hi'],
    [
      'a command that moves with the bot is pinned where it stood',
      'summon minecraft:pig ~ ~1 ~',
      'execute positioned 10.5 -60 20.5 rotated 90 0 run summon minecraft:pig ~ ~1 ~',
    ],
  ])('%s', (_name, command, expected) => {
    expect(pinned(command, [], at)).toBe(expected);
  });
  test('without the bot position a relative command cannot be pinned', () => {
    expect(pinned('summon minecraft:pig ~ ~ ~', [], undefined)).toBeUndefined();
  });
});
