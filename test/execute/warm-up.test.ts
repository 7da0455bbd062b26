/**
 * The warm-up (src/execute/warm-up.ts, rehearsal.ts): the execute path rehearsed offline against a stand-in
 * server, then the round trips a new bot makes. It must run, and leave nothing behind: no block changed, no
 * line another player sees, nothing on stdout, no undo entry; under a packet limit, no round trips at all.
 * Real worlds, real bots, the real MCP client.
 */
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { viewColumnsToWaitFor } from '../../src/connection/chunk-arrival.js';
import type { MineflayerChannel } from '../../src/connection/mineflayer.js';
import { rehearsalLines, warmConnection } from '../../src/execute/warm-up.js';
import { forEachChunkInView } from '../../src/vocabulary/chunk-view.js';
import { ExecuteCommandsOutput, warmUpExecuteCommands } from '../../src/mcp/tools/execute-commands.js';
import type { BatchResult } from '../../src/results/schema.js';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot, type TestBot } from '../helpers/bot.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

let world: WorldHandle;
let c: TestCompanion;
let watcher: TestBot;
beforeAll(async () => {
  world = await startWorld({ ops: ['Warmer', 'Watcher', 'ViewWarmer', 'ViewReader'] });
  c = await startCompanion({ existingWorld: world, username: 'Warmer' });
  watcher = await joinBot(world.host, world.port, 'Watcher');
  // connect (and probe) before anything is counted (a gamerule query is no admin copy, as in vanilla)
  await c.target.get();
}, 180_000);
afterAll(async () => {
  await watcher?.quit();
  await c?.close();
  await world?.stop();
});

test('warm-up rehearses the whole execute path and makes its round trips, leaving no block change, no line for other players, nothing on stdout and no undo entry', async () => {
  const session = await c.target.get();
  const blockChanges: string[] = [];
  watcher.bot.on('blockUpdate', (_old, now) => {
    if (now) blockChanges.push(`${now.position.toString()} ${now.name}`);
  });
  const linesBefore = watcher.lines.length;
  const packetsBefore = session.channel.packetLog!.total;
  const stdout = vi.spyOn(process.stdout, 'write');
  let rehearsed: Awaited<ReturnType<typeof warmUpExecuteCommands>>;
  try {
    rehearsed = await warmUpExecuteCommands({ version: session.channel.version });
    await warmConnection(session);
    expect(stdout).not.toHaveBeenCalled();
  } finally {
    stdout.mockRestore();
  }

  // it ran: the stand-in's answers went through outcome rules, verification, suggestions, text
  const batch = rehearsed!.structuredContent as unknown as BatchResult;
  // the made-up batch less what the policy refuses (fills over its volume limit would block the batch)
  expect(batch.totalCommands).toBe(rehearsalLines({ version: session.channel.version }).length);
  expect(batch.totalCommands).toBeGreaterThan(450);
  expect(batch.appliedCount).toBeGreaterThan(150);
  // the compact answer counts verified writes instead of listing their verification
  expect((batch as { verifiedCount?: number }).verifiedCount).toBeGreaterThan(0);
  const text = (rehearsed!.content[0] as { text: string }).text;
  expect(text).toContain('did you mean stone_bricks?');
  expect(text).toContain('facing takes north, south, west, east');
  // and the round trips went out: 1000 tellraw lines to the bot itself, each with its fence
  expect(session.channel.packetLog!.total - packetsBefore).toBeGreaterThanOrEqual(2000);
  const afterWarmUp = blockChanges.length;
  const linesAfterWarmUp = watcher.lines.length;

  // nothing behind: the real undo history is empty…
  const undo = await c.call('undo_last', {});
  expect(undo.isError).toBe(true);
  expect(JSON.stringify(undo.content)).toContain('nothing to undo');
  // …and a real command, which the watcher does see (its block and the operators' admin copy), shows that
  // nothing reached the watcher before it: the server sends each player's packets in order
  const real = await c.execute(['setblock ~2 ~ ~2 minecraft:gold_block']);
  expect(real.results[0]!.status).toBe('applied');
  await watcher.waitForLine((l) => JSON.stringify(l.json).includes('chat.type.admin'), 10_000);
  await vi.waitFor(() => expect(blockChanges.some((b) => b.endsWith('gold_block'))).toBe(true));
  expect(afterWarmUp).toBe(0);
  expect(watcher.lines.slice(linesBefore, linesAfterWarmUp)).toEqual([]);
}, 180_000);

test('under a packet limit (a Paper-like server) the warm-up makes no round trips: the window is left for real commands', async () => {
  const paper = await startWorld({ ops: ['PaperWarmer'], paperLike: true });
  const p = await startCompanion({ existingWorld: paper, username: 'PaperWarmer' });
  try {
    const session = await p.target.get();
    expect(session.budget?.limit().limit).not.toBeNull();
    const before = session.channel.packetLog!.total;
    await warmConnection(session);
    // the bot's own movement and keep-alive packets may pass meanwhile; round trips would be 2000
    expect(session.channel.packetLog!.total - before).toBeLessThan(100);
  } finally {
    await p.close();
    await paper.stop();
  }
}, 180_000);

test('a rehearsal still under way when the round trips are done is stopped, so that it never delays the first answer', async () => {
  const session = await c.target.get();
  // a rehearsal that would never finish on its own
  let stopped = false;
  let wound!: () => void;
  const done = new Promise<void>((resolve) => (wound = resolve));
  const rehearsal = {
    done,
    stop: () => {
      stopped = true;
      wound();
    },
  };
  await warmConnection(session, rehearsal);
  expect(stopped).toBe(true);
  // and the rehearsal itself stops at its signal: no answer is rendered for a stopped one
  const abort = new AbortController();
  abort.abort();
  expect(await warmUpExecuteCommands({ version: session.channel.version, signal: abort.signal })).toBe(
    undefined,
  );
}, 180_000);

test('the rehearsal runs its rounds one after another, and a stop between rounds ends it before the next', async () => {
  const session = await c.target.get();
  const parse = ExecuteCommandsOutput.parse.bind(ExecuteCommandsOutput);
  const answers = vi.spyOn(ExecuteCommandsOutput, 'parse');
  try {
    expect(await warmUpExecuteCommands({ version: session.channel.version }, 3)).toBeDefined();
    expect(answers).toHaveBeenCalledTimes(3);
    answers.mockClear();
    // stopped as the first round's answer is checked: no later round gets as far as its answer
    const abort = new AbortController();
    answers.mockImplementationOnce((value) => {
      abort.abort();
      return parse(value);
    });
    expect(
      await warmUpExecuteCommands({ version: session.channel.version, signal: abort.signal }, 50),
    ).toBeUndefined();
    expect(answers).toHaveBeenCalledTimes(1);
  } finally {
    answers.mockRestore();
  }
}, 180_000);

test('the columns a bot waits for are the ones the world sends it: once the world says its view is delivered, every column of the view is loaded and none is named as still to come', async () => {
  const reader = await joinBot(world.host, world.port, 'ViewReader');
  try {
    await world.viewDelivered('ViewReader');
    const { bot } = reader;
    expect(viewColumnsToWaitFor(bot).size).toBe(0);
    const at = bot.entity.position;
    const view: string[] = [];
    // the world's view distance (its login packet) is below mineflayer's own 12
    const distance = (bot.game as { serverViewDistance?: number }).serverViewDistance!;
    forEachChunkInView({ x: Math.floor(at.x / 16), z: Math.floor(at.z / 16) }, distance, (x, z) =>
      view.push(`${x},${z}`),
    );
    const loaded = (bot.world as unknown as { getColumns(): Array<{ chunkX: string; chunkZ: string }> })
      .getColumns()
      .map((c) => `${c.chunkX},${c.chunkZ}`);
    expect(loaded.sort()).toEqual(view.sort());
  } finally {
    await reader.quit();
  }
}, 180_000);

test("the connection's warm-up holds the first call until the bot holds every chunk of its view: it does not share the CPU with the join's chunk stream", async () => {
  const late = await startCompanion({ existingWorld: world, username: 'ViewWarmer' });
  try {
    const session = await late.target.get();
    const bot = (session.channel as MineflayerChannel).bot;
    // bounds that no busy machine reaches: what is tested is that the warm-up waits for the view
    await warmConnection(session, undefined, { quietMs: 30_000, maxMs: 120_000 });
    expect(viewColumnsToWaitFor(bot).size).toBe(0);
    expect((bot.world as unknown as { getColumns(): unknown[] }).getColumns().length).toBeGreaterThanOrEqual(
      25,
    );
  } finally {
    await late.close();
  }
}, 180_000);
