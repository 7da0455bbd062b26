/**
 * Issue 15, the conversation's harder corners through the real MCP Client on the embedded world:
 * `execute … run tp` moves the bot and says where to; a batch built where the server has chunks loaded (another
 * player stands there) but the bot does not is applied yet not recorded for undo, and says why and how to fix it.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { BatchResult } from '../../src/results/schema.js';
import { joinBot, type TestBot } from '../helpers/bot.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';
import { Vec3 } from 'vec3';
import { until } from '../helpers/wait.js';

let c: TestCompanion;
const waitFor = async (ok: () => boolean) => {
  await until('the bot to be where the test moved it', ok);
};
let far: TestBot;
const textOf = (r: CallToolResult) => r.content.map((x) => (x.type === 'text' ? x.text : '')).join('\n');

async function botPosition() {
  return (await c.target.get()).channel.executorPosition()!;
}

beforeAll(async () => {
  c = await startCompanion({ username: 'Walker', world: { ops: ['Walker', 'Faraway'] } });
  far = await joinBot(c.world.host, c.world.port, 'Faraway');
});
afterAll(async () => {
  await far?.quit();
  await c?.close();
});

test('execute … run tp moves the bot: applied, with the new position in the result and the text', async () => {
  const start = await botPosition();
  const result = await c.call('execute_commands', {
    commands: ['execute as @s at @s run tp ~2.5 ~ ~-1.5', 'execute positioned ~1 ~ ~1 run tp @s ~ ~ ~'],
  });
  const batch = result.structuredContent as unknown as BatchResult;
  expect(batch.results.map((r) => [r.status, r.applied])).toEqual([
    ['applied', true],
    ['applied', true],
  ]);
  const first = { x: start.x + 2.5, y: start.y, z: start.z - 1.5 };
  const second = { x: first.x + 1, y: first.y, z: first.z + 1 };
  expect(batch.results[0]!.botPosition).toEqual(first);
  expect(batch.results[1]!.botPosition).toEqual(second);
  const now = await botPosition();
  expect(now).toMatchObject(second);
  expect(textOf(result)).toContain(`#2 moved the bot: it is now at ${second.x} ${second.y} ${second.z}`);
});

test('a batch the server applies where the bot cannot see is not recorded for undo: "too far away", and undo_last refuses', async () => {
  const home = await botPosition();
  // the other operator stands 300 blocks away: the server has those chunks loaded, the bot does not
  const spot = { x: Math.floor(home.x) + 300, y: Math.floor(home.y), z: Math.floor(home.z) };
  // it goes there itself: the safety policy (rightly) refuses the bot teleporting other players
  far.bot.chat(`/tp ${spot.x}.5 ${spot.y} ${spot.z}.5`);
  // the server sends only chunks it holds: once the far bot has the spot's chunk, the spot is loaded there
  await until(
    'the far bot to stand at the spot and have its chunk',
    () =>
      Math.abs(far.bot.entity.position.x - (spot.x + 0.5)) < 0.01 &&
      far.bot.blockAt(new Vec3(spot.x + 2, spot.y, spot.z)) !== null,
  );
  const session = await c.target.get();
  expect(session.channel.readBlock?.({ x: spot.x + 2, y: spot.y, z: spot.z })).toBe('unloaded');

  // the previous test teleported the bot: on a busy machine the chunks around it may still be arriving
  const near = { x: Math.floor(home.x) + 3, y: home.y, z: Math.floor(home.z) };
  await waitFor(() => session.channel.readBlock?.(near) !== 'unloaded');
  const before = await c.execute([`setblock ${near.x} ${near.y} ${near.z} minecraft:gold_block`]);
  expect(before.undo, JSON.stringify(before.undo)).toEqual({ status: 'recorded' });

  const result = await c.call('execute_commands', {
    commands: [`setblock ${spot.x + 2} ${spot.y} ${spot.z} minecraft:emerald_block`],
  });
  const batch = result.structuredContent as unknown as BatchResult;
  expect(batch.results[0]!.status).toBe('applied');
  expect(batch.undo?.status).toBe('not_recorded');
  expect(batch.undo?.reason).toMatch(/it stands too far away — move it near the area \(tp @s …\)/);
  expect(textOf(result)).toMatch(/undo: not recorded — the bot could not read the blocks before the batch/);
  // the server did apply it: the same setblock again finds the block already there
  const again = await c.execute([`setblock ${spot.x + 2} ${spot.y} ${spot.z} minecraft:emerald_block`], {
    resultDetail: 'full',
  });
  expect(again.results[0]).toMatchObject({ status: 'rejected_by_game', detail: { noChange: true } });

  const undo = await c.call('undo_last', {});
  expect(textOf(undo)).toMatch(
    /^NOT UNDONE: the last batch .* was not recorded for undo: the bot could not read/,
  );
  expect(
    session.channel.readBlock?.({ x: Math.floor(home.x) + 3, y: home.y, z: Math.floor(home.z) }),
  ).toMatchObject({
    name: 'minecraft:gold_block',
  });
});
