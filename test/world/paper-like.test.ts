/**
 * The Paper-like embedded world behaves like Paper's packet limiter (packet-limiter.all-packets: 500/s
 * averaged over 7 s, KICK with red translatable disconnect.exceeded_packet_rate) and announces `Paper`.
 */
import mineflayer from 'mineflayer';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { until } from '../helpers/wait.js';

let world: WorldHandle;
const worldLog: string[] = [];
beforeAll(async () => {
  world = await startWorld({ ops: ['Spammer'], paperLike: true, log: (line) => worldLog.push(line) });
});
afterAll(async () => {
  await world?.stop();
});

test('a bot that bursts 4,000 commands is kicked at the 3,500th packet within 7 s, with the red translatable key, and announces Paper', async () => {
  const bot = mineflayer.createBot({
    host: world.host,
    port: world.port,
    username: 'Spammer',
    version: world.version,
    auth: 'offline',
    hideErrors: true,
    physicsEnabled: false,
  });
  // the brand comes as the player spawns, so it may reach the bot just after its `spawn` event (it did in CI)
  const brand = new Promise<unknown>((resolve) => bot._client.once('minecraft:brand', resolve));
  await new Promise<void>((resolve, reject) => {
    bot.once('spawn', () => resolve());
    bot.once('error', reject);
  });
  expect(await brand).toBe('Paper');
  expect(bot.game.serverBrand).toBe('Paper');
  let replies = 0;
  bot.on('message', (m) => {
    if ((m.json as { translate?: string } | undefined)?.translate === 'spam.reply') replies++;
  });
  const kicked = new Promise<unknown>((resolve) => bot.once('kicked', resolve));
  for (let i = 0; i < 4000; i++) bot.chat('/tellraw @s {"translate":"spam.reply"}');
  const reason = await kicked;
  const component = typeof reason === 'string' ? (JSON.parse(reason) as unknown) : reason;
  expect(JSON.stringify(component)).toContain('disconnect.exceeded_packet_rate');
  expect(JSON.stringify(component)).toContain('red');
  // Paper's rule: kicked at the packet that brings the 7 s average to 500/s, i.e. the 3,500th in the
  // window (login packets included); nothing after it is handled
  // the world's log comes over its stderr pipe, maybe after the kick reached the bot
  await until("the world's log line 'paper-like: kicked'", () =>
    worldLog.some((l) => l.includes('paper-like: kicked')),
  );
  expect(worldLog.filter((l) => l.includes('paper-like: kicked'))).toEqual([
    expect.stringContaining('paper-like: kicked after 3500 packets in 7 s'),
  ]);
  expect(replies).toBeLessThan(3500);
  bot.end();
});
