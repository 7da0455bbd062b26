/**
 * A teleport waits for the client to accept it, as vanilla 1.21.4's ServerGamePacketListenerImpl does: a
 * movement packet the client sent before it saw the teleport does not put the player back (it used to,
 * and then the chunks around the old position were the loaded ones); once the client accepts the
 * teleport id, its movement counts again. The bot here answers nothing by itself.
 */
import type { EventEmitter } from 'node:events';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { formatFixed } from '../../src/world/parity/java-format.js';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot, runFenced, type TestBot } from '../helpers/bot.js';

let world: WorldHandle;
let t: TestBot;
const teleportIds: number[] = [];

beforeAll(async () => {
  world = await startWorld({ ops: ['Confirmer'] });
  t = await joinBot(world.host, world.port, 'Confirmer');
  // the bot neither moves by itself nor accepts teleports: the test sends those packets
  t.bot.physicsEnabled = false;
  const client = t.bot._client as unknown as EventEmitter;
  client.removeAllListeners('position');
  client.on('position', (p: { teleportId: number }) => teleportIds.push(p.teleportId));
});

afterAll(async () => {
  await t?.quit();
  await world?.stop();
});

const move = (x: number, y: number, z: number) =>
  t.bot._client.write('position', { x, y, z, flags: { onGround: true, hasHorizontalCollision: false } });

/** the x the server holds for the bot, from vanilla's teleport feedback (%f coordinates) */
async function serverX(): Promise<string> {
  const [lines] = await runFenced(t, ['tp @s ~ ~ ~']);
  const line = lines[0] as { translate: string; with: Array<{ '': string } | unknown> };
  expect(line.translate).toBe('commands.teleport.success.location.single');
  return (line.with[1] as { '': string })[''];
}

test('a movement packet sent before the client accepted a teleport is ignored; after it accepts, movement counts', async () => {
  const start = t.bot.entity.position.clone();
  await runFenced(t, ['tp @s ~100 ~ ~']);
  // the client has not accepted: a stale position from before the teleport
  move(start.x, start.y, start.z);
  // a round trip, so the server has handled the packet before the next command reads the position
  await runFenced(t, ['seed']);
  expect(await serverX()).toBe(formatFixed(start.x + 100));

  t.bot._client.write('teleport_confirm', { teleportId: teleportIds.at(-1)! });
  move(start.x + 105, start.y, start.z);
  await runFenced(t, ['seed']);
  expect(await serverX()).toBe(formatFixed(start.x + 105));
});
