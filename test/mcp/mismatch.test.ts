/**
 * The server said "applied" but the world disagrees: another player changes the block while our batch is
 * still running, and verification reports the mismatch loudly.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Vec3 } from 'vec3';
import { joinBot, type TestBot } from '../helpers/bot.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

let c: TestCompanion;
let other: TestBot;
beforeAll(async () => {
  c = await startCompanion({ username: 'Claimer' });
  await c.world.op('Meddler');
  other = await joinBot(c.world.host, c.world.port, 'Meddler');
});
afterAll(async () => {
  await other?.quit();
  await c?.close();
});

test('a block changed by someone else after our command is reported as a mismatch, with a loud hint', async () => {
  const p = (await c.target.get()).channel.executorPosition()!;
  const spot = new Vec3(Math.floor(p.x) + 2, Math.floor(p.y) + 3, Math.floor(p.z) + 2);
  // the other player replaces our block as soon as it sees it
  other.bot.on('blockUpdate', (_old, block) => {
    if (block?.position.equals(spot) && block.name === 'emerald_block')
      other.bot.chat(`/setblock ${spot.x} ${spot.y} ${spot.z} minecraft:dirt`);
  });
  const filler = Array.from({ length: 999 }, () => 'gamerule sendCommandFeedback');
  const batch = await c.execute([
    `setblock ${spot.x} ${spot.y} ${spot.z} minecraft:emerald_block`,
    ...filler,
  ]);
  const first = batch.results[0]!;
  expect(first.status).toBe('applied');
  expect(first.verification).toMatchObject({
    status: 'mismatch',
    checked: 1,
    matched: 0,
    mismatches: [
      { x: spot.x, y: spot.y, z: spot.z, expected: 'minecraft:emerald_block', actual: 'minecraft:dirt' },
    ],
  });
  expect(batch.hint).toMatch(/WARNING: the server said 1 command\(s\) applied but the world disagrees/);
});
