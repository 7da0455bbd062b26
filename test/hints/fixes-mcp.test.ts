/**
 * Every fix runs as given: through the real MCP client on the embedded world, each kind of fix an answer
 * suggests is executed exactly as the answer gives it, and must apply and do what it says — a fill or
 * clone over the server's limit (split into pieces within it, together exactly the box), a fill over the
 * operator's limit, a refused block state, and a write into unloaded chunks with `~` coordinates (a
 * teleport in a call of its own, then the resend with its coordinates written out, so the teleport does not
 * move it).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { CommandChannel } from '../../src/connection/channel.js';
import type { NextStep } from '../../src/results/action-hints.js';
import type { BatchResult } from '../../src/results/schema.js';
import { defaultSafetyConfig } from '../../src/safety/config.js';
import type { BlockPos, Box } from '../../src/vocabulary/blocks/box.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

let c: TestCompanion;
let channel: CommandChannel;
let o: BlockPos;

beforeAll(async () => {
  c = await startCompanion({ username: 'Fixer', world: { ops: ['Fixer', 'Strict'] } });
  channel = (await c.target.get()).channel;
  const p = channel.executorPosition()!;
  o = { x: Math.floor(p.x), y: Math.floor(p.y), z: Math.floor(p.z) };
});
afterAll(async () => {
  await c?.close();
});

const textOf = (r: { content?: unknown }) => (r.content as Array<{ text: string }>)[0]!.text;

const run = async (
  on: TestCompanion,
  args: Record<string, unknown>,
): Promise<{ batch: BatchResult; text: string }> => {
  const result = await on.call('execute_commands', args);
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return { batch: result.structuredContent as unknown as BatchResult, text: textOf(result) };
};
const stepOf = (b: BatchResult, action: NextStep['action']): NextStep => {
  const s = b.actionHints?.nextSteps?.find((n) => n.action === action);
  expect(s, `no ${action} step in ${JSON.stringify(b.actionHints)}`).toBeDefined();
  return s!;
};
const commandsOf = (s: NextStep): string[] => s.suggestedArgs!['commands'] as string[];

/** The boxes of `fill`/`clone` commands (their first two corners). */
const boxesOf = (commands: string[]): Box[] =>
  commands.map((cmd) => {
    const n = cmd.split(/\s+/).slice(1, 7).map(Number);
    const [ax, ay, az, bx, by, bz] = n as [number, number, number, number, number, number];
    return {
      min: { x: Math.min(ax, bx), y: Math.min(ay, by), z: Math.min(az, bz) },
      max: { x: Math.max(ax, bx), y: Math.max(ay, by), z: Math.max(az, bz) },
    };
  });
const volume = (b: Box) => (b.max.x - b.min.x + 1) * (b.max.y - b.min.y + 1) * (b.max.z - b.min.z + 1);
/** The pieces are within `limit` each, never overlap, and cover `whole` exactly. */
const tiles = (pieces: Box[], whole: Box, limit: number) => {
  for (const p of pieces) expect(volume(p)).toBeLessThanOrEqual(limit);
  const seen = new Set<string>();
  for (const p of pieces)
    for (let x = p.min.x; x <= p.max.x; x++)
      for (let y = p.min.y; y <= p.max.y; y++)
        for (let z = p.min.z; z <= p.max.z; z++) {
          const k = `${x},${y},${z}`;
          expect(seen.has(k), `${k} is in two pieces`).toBe(false);
          seen.add(k);
          expect(
            x >= whole.min.x &&
              x <= whole.max.x &&
              y >= whole.min.y &&
              y <= whole.max.y &&
              z >= whole.min.z &&
              z <= whole.max.z,
          ).toBe(true);
        }
  expect(seen.size).toBe(volume(whole));
};
const name = (p: BlockPos) => {
  const b = channel.readBlock!(p);
  return b === 'unloaded' ? 'unloaded' : b.name.replace('minecraft:', '');
};

test("a fill over the server's limit: the split commands, run as given, each apply and together fill exactly the box", async () => {
  const whole: Box = {
    min: { x: o.x - 16, y: o.y + 4, z: o.z - 16 },
    max: { x: o.x + 16, y: o.y + 36, z: o.z + 16 },
  };
  const cmd = `fill ${whole.min.x} ${whole.min.y} ${whole.min.z} ${whole.max.x} ${whole.max.y} ${whole.max.z} minecraft:glass`;
  const refused = await run(c, { commands: [cmd] });
  expect(refused.batch.results[0]!.detail?.key).toBe('commands.fill.toobig');
  const split = stepOf(refused.batch, 'split_fill');
  tiles(boxesOf(commandsOf(split)), whole, 32_768);
  const done = await run(c, split.suggestedArgs!);
  expect(done.batch.appliedCount, done.text).toBe(commandsOf(split).length);
  expect(name(whole.min)).toBe('glass');
  expect(name(whole.max)).toBe('glass');
});

test("a clone over the server's limit: the split clones, run as given, copy the whole box to its place", async () => {
  const src: Box = {
    min: { x: o.x - 16, y: o.y + 4, z: o.z - 16 },
    max: { x: o.x + 16, y: o.y + 36, z: o.z + 16 },
  };
  const dest = { x: o.x - 16, y: o.y + 40, z: o.z - 16 };
  const cmd = `clone ${src.min.x} ${src.min.y} ${src.min.z} ${src.max.x} ${src.max.y} ${src.max.z} ${dest.x} ${dest.y} ${dest.z}`;
  const refused = await run(c, { commands: [cmd] });
  expect(refused.batch.results[0]!.detail?.key).toBe('commands.clone.toobig');
  const split = stepOf(refused.batch, 'split_fill');
  tiles(boxesOf(commandsOf(split)), src, 32_768);
  const done = await run(c, split.suggestedArgs!);
  expect(done.batch.appliedCount, done.text).toBe(commandsOf(split).length);
  expect(name(dest)).toBe('glass');
  expect(name({ x: dest.x + 32, y: dest.y + 32, z: dest.z + 32 })).toBe('glass');
});

test("a fill over the operator's limit (refused before sending): the split commands, run as given, apply", async () => {
  const strict = await startCompanion({
    existingWorld: c.world,
    username: 'Strict',
    safety: defaultSafetyConfig,
  });
  try {
    const whole: Box = {
      min: { x: o.x - 16, y: o.y + 4, z: o.z - 16 },
      max: { x: o.x + 16, y: o.y + 36, z: o.z + 16 },
    };
    const cmd = `fill ${whole.min.x} ${whole.min.y} ${whole.min.z} ${whole.max.x} ${whole.max.y} ${whole.max.z} minecraft:white_wool`;
    const refused = await run(strict, { commands: [cmd] });
    expect(refused.batch.results[0]!.status).toBe('rejected_by_safety');
    const split = stepOf(refused.batch, 'split_fill');
    expect(refused.text).toContain('next (required)');
    tiles(boxesOf(commandsOf(split)), whole, defaultSafetyConfig.maxFillVolume);
    const done = await run(strict, split.suggestedArgs!);
    expect(done.batch.appliedCount, done.text).toBe(commandsOf(split).length);
    // read by the bot that wrote them (the other bot hears of the change a moment later)
    const own = (await strict.target.get()).channel;
    for (const p of [whole.min, whole.max]) {
      const b = own.readBlock!(p);
      expect(b === 'unloaded' ? b : b.name).toBe('minecraft:white_wool');
    }
  } finally {
    await strict.close();
  }
});

test.each([
  ['a value the property does not take', 'minecraft:oak_stairs[facing=up,half=top]', 'oak_stairs'],
  ['a property the block does not have', 'minecraft:stone_bricks[facing=north]', 'stone_bricks'],
  ['a misspelt property', 'minecraft:oak_stairs[facin=east]', 'oak_stairs'],
])('a refused block state (%s): the fixed command, run as given, applies', async (_name, state, block) => {
  const at = { x: o.x + 3, y: o.y + 1, z: o.z - 3 };
  const refused = await run(c, { commands: [`setblock ${at.x} ${at.y} ${at.z} ${state}`] });
  expect(refused.batch.results[0]!.status).toBe('rejected_by_game');
  const fix = stepOf(refused.batch, 'fix_block_state');
  expect(fix.optional).toBe(false);
  const done = await run(c, fix.suggestedArgs!);
  expect(done.batch.appliedCount, done.text).toBe(1);
  expect(name(at)).toBe(block);
  await run(c, { commands: [`setblock ${at.x} ${at.y} ${at.z} minecraft:air`] });
});

test('a write into unloaded chunks with ~: the steps, run as given, teleport and then write the same blocks', async () => {
  const refused = await run(c, { commands: ['fill ~200 ~ ~ ~204 ~4 ~4 minecraft:stone'] });
  // the server said it has not loaded the chunks before the fill was sent
  expect(refused.batch.results[0]!.accepted).toBe(false);
  const move = stepOf(refused.batch, 'load_area');
  expect(commandsOf(move)).toEqual([expect.stringMatching(/^tp /)]);
  const resend = stepOf(refused.batch, 'resend_commands');
  // the resend names the blocks the command meant, resolved from where the bot stood
  const x = o.x + 200;
  expect(commandsOf(resend)).toEqual([
    `fill ${x} ${o.y} ${o.z} ${x + 4} ${o.y + 4} ${o.z + 4} minecraft:stone`,
  ]);
  expect((await run(c, move.suggestedArgs!)).batch.appliedCount).toBe(1);
  const done = await run(c, resend.suggestedArgs!);
  expect(done.batch.appliedCount, done.text).toBe(1);
  expect(name({ x: x + 2, y: o.y + 2, z: o.z + 2 })).toBe('stone');
});
