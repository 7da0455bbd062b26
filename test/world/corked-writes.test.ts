/**
 * The embedded world corks a player's socket for the turn in which bytes arrived: every answer still
 * arrives, in order, and the socket is uncorked by the end of that turn. Real TCP sockets; real world and
 * bot for the answers.
 */
import { once } from 'node:events';
import { createServer, connect, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { corkWritesPerTurn } from '../../src/world/parity/corked-writes.js';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot, runFenced, type TestBot } from '../helpers/bot.js';

test('writes in the turn of a read leave corked and complete; the socket is uncorked by the next turn', async () => {
  const corkedDuring: number[] = [];
  const sent: string[] = [];
  const write = (socket: Socket, text: string) => {
    sent.push(text);
    socket.write(text);
  };
  const server = createServer((socket) => {
    corkWritesPerTurn(socket);
    socket.on('data', () => {
      corkedDuring.push(socket.writableCorked);
      // synchronous writes, a microtask's and a nextTick's: all inside the corked turn
      for (let i = 0; i < 100; i++) write(socket, `${i},`);
      void Promise.resolve().then(() => write(socket, 'micro,'));
      process.nextTick(() => write(socket, 'tick,'));
      setImmediate(() => setImmediate(() => corkedDuring.push(socket.writableCorked)));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  const client: Socket = connect(port, '127.0.0.1');
  await once(client, 'connect');
  // "0," … "99,": 10 numbers of 2 characters and 90 of 3
  const expectedLength = 10 * 2 + 90 * 3 + 'micro,tick,'.length;
  let received = '';
  const all = new Promise<void>((resolve) =>
    client.on('data', (chunk: Buffer) => {
      received += chunk.toString();
      if (received.length >= expectedLength) resolve();
    }),
  );
  client.write('go');
  await all;
  expect(sent).toHaveLength(102);
  expect(received).toBe(sent.join(''));
  expect(corkedDuring[0]).toBe(1);
  client.end();
  server.close();
  await once(server, 'close');
  expect(corkedDuring[1]).toBe(0);
});

let world: WorldHandle;
let t: TestBot;

beforeAll(async () => {
  world = await startWorld({ ops: ['Corked'] });
  t = await joinBot(world.host, world.port, 'Corked');
}, 180_000);

afterAll(async () => {
  await t?.quit();
  await world?.stop();
});

test('a burst of 300 commands, each with its fence, is answered in full and in order', async () => {
  const at = t.bot.entity.position.floored().offset(2, 0, 2);
  const commands = Array.from(
    { length: 300 },
    (_, i) =>
      `setblock ${at.x + (i % 10)} ${at.y + Math.floor(i / 100)} ${at.z + (Math.floor(i / 10) % 10)} minecraft:${i % 2 ? 'dirt' : 'stone'}`,
  );
  const answers = await runFenced(t, commands);
  expect(answers).toHaveLength(300);
  answers.forEach((lines, i) =>
    expect(lines, commands[i]).toEqual([
      {
        translate: 'commands.setblock.success',
        with: [at.x + (i % 10), at.y + Math.floor(i / 100), at.z + (Math.floor(i / 10) % 10)],
      },
    ]),
  );
});
