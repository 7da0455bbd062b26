/**
 * At the edges of the world and of the limits, through the real MCP client on the embedded world, every
 * required step run exactly as the answer gives it, the calls counted: a hut 300 blocks from the bot is built
 * in two calls after the first answer (a teleport, then its commands) and undo takes it back; a setblock sent
 * with a fill over the operator's limit is not lost; stopOnFailure and a rolled-back transaction are sent again
 * whole, with the batch's ids and options; and a grouped line names exactly its commands.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { CommandChannel } from '../../src/connection/channel.js';
import type { NextStep } from '../../src/results/action-hints.js';
import type { BatchResult } from '../../src/results/schema.js';
import { defaultSafetyConfig } from '../../src/safety/config.js';
import type { BlockPos } from '../../src/vocabulary/blocks/box.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

let c: TestCompanion;
let channel: CommandChannel;
let o: BlockPos;

beforeAll(async () => {
  c = await startCompanion({ username: 'Edger', world: { ops: ['Edger', 'Careful'] } });
  channel = (await c.target.get()).channel;
  const p = channel.executorPosition()!;
  o = { x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) };
});
afterAll(async () => {
  await c?.close();
});

const textOf = (r: { content?: unknown }) => (r.content as Array<{ text: string }>)[0]!.text;

/** One execute_commands call, counted. */
let calls = 0;
const run = async (
  on: TestCompanion,
  args: Record<string, unknown>,
): Promise<{ batch: BatchResult; text: string }> => {
  calls++;
  const result = await on.call('execute_commands', args);
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return { batch: result.structuredContent as unknown as BatchResult, text: textOf(result) };
};
const required = (b: BatchResult): NextStep[] => (b.actionHints?.nextSteps ?? []).filter((s) => !s.optional);
/** the steps that give the batch's own commands again (design advice about the building aside) */
const resends = (b: BatchResult): NextStep[] =>
  required(b).filter((s) => s.action === 'load_area' || s.action === 'resend_commands');
const name = (on: CommandChannel, p: BlockPos) => {
  const b = on.readBlock!(p);
  return b === 'unloaded' ? 'unloaded' : b.name.replace('minecraft:', '');
};

test('a hut 300 blocks away: two calls after the answer (a teleport, then all seven commands), and undo takes it back', async () => {
  const x = o.x + 300;
  const { y, z } = o;
  const hut = [
    `fill ${x} ${y} ${z} ${x + 6} ${y} ${z + 6} minecraft:oak_planks`,
    `fill ${x} ${y + 1} ${z} ${x + 6} ${y + 3} ${z} minecraft:cobblestone`,
    `fill ${x} ${y + 1} ${z + 6} ${x + 6} ${y + 3} ${z + 6} minecraft:cobblestone`,
    `fill ${x} ${y + 1} ${z + 1} ${x} ${y + 3} ${z + 5} minecraft:cobblestone`,
    `fill ${x + 6} ${y + 1} ${z + 1} ${x + 6} ${y + 3} ${z + 5} minecraft:cobblestone`,
    `fill ${x} ${y + 4} ${z} ${x + 6} ${y + 4} ${z + 6} minecraft:oak_slab`,
    // relative to where the bot stands now: the resend must write it out, or the teleport would move it
    'setblock ~303 ~2 ~6 minecraft:glass',
  ];
  const before = calls;
  const first = await run(c, { commands: hut });
  expect(first.batch.appliedCount).toBe(0);
  // the server was asked first: nothing was sent into chunks it does not hold
  expect(first.batch.results.every((r) => !r.accepted)).toBe(true);
  // seven results of one kind: one line naming all seven
  expect(first.text).toMatch(/^#1–#7 unknown \(7\): Not sent: the server has not loaded chunk/m);

  const steps = required(first.batch);
  expect(steps.map((s) => s.action)).toEqual(['load_area', 'resend_commands']);
  // the teleport alone, so that the build's own batch keeps its undo
  expect(steps[0]!.suggestedArgs!['commands']).toEqual([expect.stringMatching(/^tp -?\d+ -?\d+ -?\d+$/)]);
  expect(first.text.length).toBeLessThan(4000);

  const moved = await run(c, steps[0]!.suggestedArgs!);
  expect(moved.batch.results[0]!.status).toBe('applied');
  // the teleport answered once the chunks around the bot had arrived: the hut's area reads at once
  expect(name(channel, { x: x + 3, y, z: z + 3 })).not.toBe('unloaded');

  const built = await run(c, steps[1]!.suggestedArgs!);
  expect(built.batch.appliedCount, built.text).toBe(7);
  expect(built.batch.undo).toEqual({ status: 'recorded' });
  expect(resends(built.batch)).toEqual([]);
  expect(calls - before).toBe(3);
  expect(name(channel, { x: x + 3, y, z: z + 3 })).toBe('oak_planks');
  expect(name(channel, { x: x + 3, y: y + 2, z: z + 6 })).toBe('glass');
  expect(name(channel, { x, y: y + 2, z: z + 3 })).toBe('cobblestone');

  const undo = await c.call('undo_last', {});
  expect(undo.isError, textOf(undo)).toBeFalsy();
  await expect
    .poll(() => name(channel, { x, y: y + 2, z: z + 3 }), { timeout: 10_000, message: 'the wall undone' })
    .toBe('air');
  expect(name(channel, { x: x + 3, y: y + 2, z: z + 6 })).toBe('air');
  // back home for the tests below
  await run(c, { commands: [`tp ${o.x} ${o.y} ${o.z}`] });
});

test("a setblock with a fill over the operator's limit: the one required step holds both, and loses neither", async () => {
  const careful = await startCompanion({
    existingWorld: c.world,
    username: 'Careful',
    safety: defaultSafetyConfig,
  });
  try {
    const own = (await careful.target.get()).channel;
    const base = { x: o.x - 60, y: o.y + 10, z: o.z - 20 };
    const lone = { x: base.x - 2, y: base.y, z: base.z };
    // 41 × 21 × 41 = 35,301 blocks: over the default maxFillVolume of 32,768
    const far = { x: base.x + 40, y: base.y + 20, z: base.z + 40 };
    const refused = await run(careful, {
      commands: [
        `setblock ${lone.x} ${lone.y} ${lone.z} minecraft:gold_block`,
        `fill ${base.x} ${base.y} ${base.z} ${far.x} ${far.y} ${far.z} minecraft:white_wool`,
      ],
    });
    expect(refused.batch.results.map((r) => r.status)).toEqual(['rejected_by_safety', 'rejected_by_safety']);
    const steps = required(refused.batch);
    expect(steps.map((s) => s.action)).toEqual(['resend_commands']);
    const commands = steps[0]!.suggestedArgs!['commands'] as string[];
    expect(commands[0]).toBe(`setblock ${lone.x} ${lone.y} ${lone.z} minecraft:gold_block`);

    const done = await run(careful, steps[0]!.suggestedArgs!);
    expect(done.batch.appliedCount, done.text).toBe(commands.length);
    // the new bot's view may still be streaming in the chunks the server wrote: wait for each block to show
    await expect
      .poll(() => name(own, lone), { message: 'the setblock in the bot’s view' })
      .toBe('gold_block');
    await expect
      .poll(() => name(own, base), { message: 'the fill’s corner in the bot’s view' })
      .toBe('white_wool');
    await expect
      .poll(() => name(own, far), { message: 'the fill’s far corner in the bot’s view' })
      .toBe('white_wool');
  } finally {
    await careful.close();
  }
});

test('stopOnFailure: the corrected command and every command not sent, with their ids, dependsOn and stopOnFailure', async () => {
  const at = (dx: number) => ({ x: o.x + dx, y: o.y + 1, z: o.z + 8 });
  const set = (dx: number, block: string) => `setblock ${at(dx).x} ${at(dx).y} ${at(dx).z} ${block}`;
  const first = await run(c, {
    commands: [
      { id: 'base', command: set(0, 'minecraft:stone') },
      { id: 'odd', command: set(1, 'minecraft:spruce_plank'), dependsOn: ['base'] },
      set(2, 'minecraft:stone'),
      { id: 'top', command: set(3, 'minecraft:glass'), dependsOn: ['odd'] },
    ],
    stopOnFailure: true,
  });
  expect(first.batch.results.map((r) => r.status)).toEqual([
    'applied',
    'rejected_by_game',
    'skipped',
    'skipped',
  ]);
  const steps = required(first.batch);
  expect(steps.map((s) => s.action)).toEqual(['resend_commands']);
  expect(steps[0]!.suggestedArgs).toMatchObject({ stopOnFailure: true });
  // the hint does not say "resend only those": the commands not sent go with the fix
  expect(first.text).toContain('send them again with the commands not sent');
  const done = await run(c, steps[0]!.suggestedArgs!);
  expect(done.batch.results.map((r) => [r.id, r.status])).toEqual([
    ['odd', 'applied'],
    [undefined, 'applied'],
    ['top', 'applied'],
  ]);
  expect([0, 1, 2, 3].map((dx) => name(channel, at(dx)))).toEqual([
    'stone',
    'spruce_planks',
    'stone',
    'glass',
  ]);
});

test('a rolled-back transaction: the whole batch again, corrected, still transactional', async () => {
  const at = (dx: number) => ({ x: o.x + dx, y: o.y + 1, z: o.z + 10 });
  const set = (dx: number, block: string) => `setblock ${at(dx).x} ${at(dx).y} ${at(dx).z} ${block}`;
  const first = await run(c, {
    commands: [set(0, 'minecraft:stone'), set(1, 'minecraft:spruce_plank'), set(2, 'minecraft:stone')],
    transactional: true,
  });
  expect(first.batch.transaction?.rolledBack).toBe(true);
  expect(name(channel, at(0))).toBe('air');
  const steps = required(first.batch);
  expect(steps.map((s) => s.action)).toEqual(['resend_commands']);
  expect(steps[0]!.suggestedArgs).toMatchObject({ transactional: true });
  const done = await run(c, steps[0]!.suggestedArgs!);
  expect(done.batch.appliedCount, done.text).toBe(3);
  expect([0, 1, 2].map((dx) => name(channel, at(dx)))).toEqual(['stone', 'spruce_planks', 'stone']);
});

test('seven setblocks whose fifth names no block: the applied line names #1–#4, #6–#7, never #5', async () => {
  const set = (dx: number, block: string) => `setblock ${o.x + dx} ${o.y + 1} ${o.z + 12} ${block}`;
  const blocks = [1, 2, 3, 4, 5, 6, 7].map((dx) =>
    set(dx, dx === 5 ? 'spruce_plank' : 'minecraft:oak_planks'),
  );
  const { batch, text } = await run(c, { commands: blocks });
  expect(batch.results.map((r) => r.status)).toEqual([
    'applied',
    'applied',
    'applied',
    'applied',
    'rejected_by_game',
    'applied',
    'applied',
  ]);
  expect(text).toMatch(/^#1–#4, #6–#7 applied \(6\): /m);
  expect(text).toMatch(/^#5 rejected_by_game: /m);
  expect(text).not.toMatch(/#1…#7|#1–#7/);
});

test("a room on the world's floor: the box the hints read starts at the floor (-64), not below it", async () => {
  const x = o.x + 20;
  const { z } = o;
  const { batch, text } = await run(c, {
    commands: [`fill ${x} -63 ${z} ${x + 6} -59 ${z + 6} minecraft:stone hollow`],
  });
  expect(batch.appliedCount).toBe(1);
  const read = batch.actionHints?.worldRead;
  expect(read).toMatchObject({ status: 'read', unreadable: 0 });
  expect(read?.status === 'read' ? read.box.min.y : undefined).toBe(-64);
  expect(text).toMatch(new RegExp(`^hints read the world in \\(${x - 6},-64,${z - 6}\\)`, 'm'));
});

/** The calls of the text's required next steps, as a client that shows the model only text would take them. */
const requiredCallsInText = (text: string): Array<Record<string, unknown>> =>
  [...text.matchAll(/^next \(required\): execute_commands (\{.*?\})(?= — | \(runs the call)/gm)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );

test('forty writes 300 blocks away: the resend too long to quote is given by reference, and that call, taken from the text, builds them all', async () => {
  const x = o.x + 300;
  const z = o.z + 40;
  const commands = Array.from(
    { length: 40 },
    (_, i) => `setblock ${x + (i % 8)} ${o.y + 1 + Math.floor(i / 8)} ${z} minecraft:bricks`,
  );
  const first = await run(c, { commands });
  expect(first.batch.appliedCount).toBe(0);
  const calls = requiredCallsInText(first.text);
  expect(calls).toHaveLength(2);
  expect(calls[0]!['commands']).toEqual([expect.stringMatching(/^tp /)]);
  // the forty commands are not quoted: the call names the batch and its step
  expect(calls[1]).toEqual({ resend: { batchId: expect.stringMatching(/^b-/), step: 2 } });
  expect(first.text).not.toContain(commands[39]!);

  expect((await run(c, calls[0]!)).batch.results[0]!.status).toBe('applied');
  const built = await run(c, calls[1]!);
  expect(built.batch.appliedCount, built.text).toBe(40);
  expect(built.batch.undo).toEqual({ status: 'recorded' });
  expect(name(channel, { x: x + 7, y: o.y + 5, z })).toBe('bricks');
  const undo = await c.call('undo_last', {});
  expect(undo.isError, textOf(undo)).toBeFalsy();
  await expect
    .poll(() => name(channel, { x: x + 7, y: o.y + 5, z }), { timeout: 10_000, message: 'the bricks undone' })
    .toBe('air');
  await run(c, { commands: [`tp ${o.x} ${o.y} ${o.z}`] });

  // a reference to a batch that is not kept is refused, and says why
  const missing = await c.call('execute_commands', { resend: { batchId: 'b-00000000' } });
  expect(missing.isError).toBe(true);
  expect(textOf(missing)).toMatch(/no batch "b-00000000"/);
});

test('a write after a teleport of the bot in the same batch is not held back by the probe: the server decides', async () => {
  const x = o.x + 600;
  const first = await run(c, {
    commands: [`tp ${x} ${o.y} ${o.z}`, `setblock ${x + 1} ${o.y} ${o.z} minecraft:stone`],
  });
  expect(first.batch.results[0]!.status).toBe('applied');
  expect(first.batch.results[1]!.accepted).toBe(true);
  expect(first.batch.results[1]!.detail?.reason).toBeUndefined();
  await run(c, { commands: [`tp ${o.x} ${o.y} ${o.z}`] });
});
