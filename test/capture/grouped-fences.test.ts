/**
 * One fence per run of setblock/fill/clone (while a packet limit is in force): every command still gets
 * exactly its own lines, and when a group's lines do not fit, nothing is guessed. Real Paper-like world,
 * real bot, real MCP client.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MineflayerChannel } from '../../src/connection/mineflayer.js';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot } from '../helpers/bot.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

let world: WorldHandle;
let c: TestCompanion;
beforeAll(async () => {
  world = await startWorld({ ops: ['Grouper', 'Admin'], paperLike: true });
  c = await startCompanion({ existingWorld: world, username: 'Grouper' });
});
afterAll(async () => {
  await c?.close();
  await world?.stop();
});

/** command packets the bot sends from now on (not its keep-alives and moves, whose number grows with time) */
const countCommandPackets = () => {
  const client = (c.target.peek()!.channel as MineflayerChannel).bot._client;
  const write = client.write.bind(client);
  let count = 0;
  client.write = (name: string, params: unknown) => {
    if (name === 'chat_command' || name === 'chat_command_signed' || name === 'chat_message') count++;
    write(name, params);
  };
  return { sent: () => count, stop: () => void (client.write = write) };
};

test('a group with a success, a no-change, a parse error and a fill: each command gets exactly its own lines', async () => {
  await c.execute(['setblock ~1 ~1 ~1 minecraft:air']); // connected and probed before counting
  const commands = countCommandPackets();
  const batch = await c.execute(
    [
      'setblock ~3 ~1 ~3 minecraft:stone',
      'setblock ~3 ~1 ~3 minecraft:stone',
      'setblock ~4 ~1 ~3 minecraft:not_a_block',
      'fill ~5 ~1 ~3 ~6 ~1 ~4 minecraft:glass',
      'setblock ~7 ~1 ~3 minecraft:dirt',
    ],
    { resultDetail: 'full' },
  );
  const sent = commands.sent();
  commands.stop();
  expect(batch.results.map((r) => r.status)).toEqual([
    'applied',
    'rejected_by_game',
    'rejected_by_game',
    'applied',
    'applied',
  ]);
  expect(batch.results[1]!.detail?.noChange).toBe(true);
  expect(batch.results.map((r) => r.chatMessages.length)).toEqual([1, 1, 2, 1, 1]);
  expect(batch.results[2]!.chatMessages[1]).toContain('<--[HERE]');
  // five commands under one fence: fewer than the ten packets a fence per command would take
  expect(sent).toBeGreaterThanOrEqual(5);
  expect(sent).toBeLessThan(10);
});

test('a group whose lines do not fit (feedback switched off behind our back): unknown, never guessed', async () => {
  await c.execute(['setblock ~1 ~1 ~1 minecraft:air']);
  const admin = await joinBot(world.host, world.port, 'Admin');
  try {
    admin.bot.chat('/gamerule sendCommandFeedback false');
    admin.bot.chat('/tellraw @s "switched"');
    await admin.waitForLine((l) => l.text.includes('switched'));
    const commands = Array.from({ length: 12 }, (_, i) => `setblock ~${i} ~2 ~6 minecraft:bricks`);
    const batch = await c.execute(commands, { verify: false });
    // silence where one line each was due: no command claims applied
    expect(batch.results.filter((r) => r.status === 'applied' && !r.detail?.inferred)).toEqual([]);
    const grouped = batch.results.slice(0, 8);
    for (const r of grouped) {
      expect(r.status).toBe('unknown');
      expect(r.applied).toBeNull();
      expect(r.summary).toMatch(/group of 8 commands closed by one fence/);
      expect(r.summary).toMatch(/check the world/);
    }
  } finally {
    admin.bot.chat('/gamerule sendCommandFeedback true');
    admin.bot.chat('/tellraw @s "restored"');
    await admin.waitForLine((l) => l.text.includes('restored')).catch(() => {});
    await admin.quit();
  }
});
