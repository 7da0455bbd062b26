/** Connecting fails with errors a person can act on: refused, silent server, version, kicked while joining. */
import { createServer, type Server } from 'node:net';
import { afterAll, expect, test } from 'vitest';
import { MineflayerChannel } from '../../src/connection/mineflayer.js';
import { ConnectError } from '../../src/vocabulary/errors.js';
import { startWorld } from '../../src/world/index.js';

const servers: Server[] = [];
afterAll(() => {
  for (const s of servers) s.close();
});

async function listen(onConnection: (socket: import('node:net').Socket) => void): Promise<number> {
  const server = createServer(onConnection);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as { port: number }).port;
}

test('nothing listening: "connection refused" with the address and a remedy', async () => {
  const port = await listen(() => {});
  const closing = servers.pop()!;
  await new Promise<void>((r) => closing.close(() => r()));
  const err = await MineflayerChannel.connect({
    host: '127.0.0.1',
    port,
    username: 'x',
    version: '1.21.4',
  }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ConnectError);
  expect((err as ConnectError).kind).toBe('refused');
  expect((err as Error).message).toContain(`127.0.0.1:${port}`);
  expect((err as Error).message).toMatch(/server running/);
});

test('a server that accepts but never answers: spawn timeout', async () => {
  const port = await listen(() => {});
  const err = await MineflayerChannel.connect({
    host: '127.0.0.1',
    port,
    username: 'x',
    version: '1.21.4',
    spawnTimeoutMs: 800,
  }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ConnectError);
  expect(['spawn_timeout', 'closed']).toContain((err as ConnectError).kind);
  expect((err as Error).message).toMatch(/did not spawn|closed/);
});

test('kicked while joining: the reason is text, never [object Object]', async () => {
  // a real protocol server (minecraft-protocol) that turns players away at login, as a whitelist does
  const mc = (await import('minecraft-protocol')).default;
  const server = mc.createServer({ 'online-mode': false, host: '127.0.0.1', port: 0, version: '1.21.4' });
  await new Promise<void>((r) => server.once('listening', () => r()));
  server.on('playerJoin', (client) => client.end('You are not white-listed on this server!'));
  try {
    // socketServer is the underlying net.Server (not in minecraft-protocol's typings)
    const port = ((server as unknown as { socketServer: Server }).socketServer.address() as { port: number })
      .port;
    const err = await MineflayerChannel.connect({
      host: '127.0.0.1',
      port,
      username: 'stranger',
      version: '1.21.4',
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectError);
    expect((err as ConnectError).kind).toBe('kicked');
    expect((err as Error).message).toContain('You are not white-listed on this server!');
    expect((err as Error).message).not.toContain('[object Object]');
    expect((err as ConnectError).remedy).toMatch(/whitelist/);
  } finally {
    server.close();
  }
});

test('an unsupported version requested by the user is a clear error', async () => {
  const world = await startWorld();
  try {
    const err = await MineflayerChannel.connect({
      host: world.host,
      port: world.port,
      username: 'v',
      version: '0.9.9',
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectError);
    expect((err as ConnectError).kind).toBe('unsupported_version');
    expect((err as Error).message).toMatch(/0\.9\.9/);
  } finally {
    await world.stop();
  }
});
