/**
 * The server said "applied" but the world disagrees: another player changes the block while our batch is
 * still running, and verification reports the mismatch loudly. Runs executeBatch on the real connection
 * (the MCP layer adds nothing to verification) so that the test can hold the batch's lines on an event.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { renderBatchText } from '../../src/results/text.js';
import { Vec3 } from 'vec3';
import type { CapturedMessage } from '../../src/vocabulary/text/message.js';
import type { CommandChannel } from '../../src/connection/channel.js';
import type { MineflayerChannel } from '../../src/connection/mineflayer.js';
import { ConnectionSession } from '../../src/connection/session.js';
import { executeBatch } from '../../src/execute/execute-batch.js';
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
  const session = await c.target.get();
  const channel = session.channel as MineflayerChannel;
  const p = channel.executorPosition()!;
  const spot = new Vec3(Math.floor(p.x) + 2, Math.floor(p.y) + 3, Math.floor(p.z) + 2);
  // the other player replaces our block as soon as it sees it
  other.bot.on('blockUpdate', (_old, block) => {
    if (block?.position.equals(spot) && block.name === 'emerald_block')
      other.bot.chat(`/setblock ${spot.x} ${spot.y} ${spot.z} minecraft:dirt`);
  });
  // Wait on the event, not a race: our batch's lines (fences included) are held back until our own bot
  // has seen the other player's dirt, so verification (after the last fence) always reads the changed world
  let seenDirt = false;
  const held: Array<() => void> = [];
  channel.bot.on('blockUpdate', (_old, block) => {
    if (seenDirt || !block?.position.equals(spot) || block.name !== 'dirt') return;
    seenDirt = true;
    for (const release of held.splice(0)) release();
  });
  const gated: CommandChannel = Object.create(channel, {
    onMessage: {
      value: (listener: (m: CapturedMessage) => void) =>
        channel.onMessage((m) => (seenDirt ? listener(m) : held.push(() => listener(m)))),
    },
  });
  const gatedSession = await ConnectionSession.open(channel).then(
    (s) => Object.assign(Object.create(s), { channel: gated }) as ConnectionSession,
  );
  const batch = await executeBatch(gatedSession, [
    `setblock ${spot.x} ${spot.y} ${spot.z} minecraft:emerald_block`,
    'gamerule sendCommandFeedback',
  ]);
  expect(seenDirt).toBe(true);
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
  // the text a model reads names the command and the block, not only the count
  expect(renderBatchText(batch)).toContain(
    `#1 applied, but the world differs at 1 of 1 blocks: at ${spot.x} ${spot.y} ${spot.z} expected minecraft:emerald_block, found minecraft:dirt`,
  );
});
