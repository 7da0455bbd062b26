/**
 * A server the bot cannot speak is refused before the bot joins, in plain words: the server's version, the
 * range the bot speaks and the ways forward (mod-bridge, ViaVersion + ViaBackwards, a server in range) — from
 * the connection, through get_connection_info and the MCP log, and from `mcbridge exec`. The server is a real
 * protocol server (minecraft-protocol) whose status announces 26.3 (protocol 777), as a 26.3 server does.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import type { Server as NetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import mc from 'minecraft-protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { mineflayerTarget } from '../../src/connection/factories.js';
import { MineflayerChannel } from '../../src/connection/mineflayer.js';
import { botVersionRange, joinVersionFor } from '../../src/connection/server-version.js';
import { Targets } from '../../src/connection/targets.js';
import { createServer } from '../../src/mcp/server.js';
import { defaultSafetyConfig } from '../../src/safety/config.js';
import { StructureStore } from '../../src/structures/store.js';
import { ConnectError } from '../../src/vocabulary/errors.js';
import { logger } from '../../src/vocabulary/logger.js';
import { startWorld } from '../../src/world/index.js';

/** Answers status pings as a 26.3 server; counts the pings and every attempt to log in. */
async function startStatusServer(announce: { name: string; protocol: number }) {
  const server = mc.createServer({
    'online-mode': false,
    host: '127.0.0.1',
    port: 0,
    version: '26.1',
    beforePing: (response: { version: unknown }) => ({ ...response, version: announce }),
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const seen = { statusPings: 0, loginAttempts: 0 };
  server.on('connection', (client) => {
    client.on('set_protocol', (packet: { nextState: number }) => {
      if (packet.nextState === 1) seen.statusPings++;
      else seen.loginAttempts++;
    });
  });
  // socketServer is the underlying net.Server (not in minecraft-protocol's typings)
  const port = ((server as unknown as { socketServer: NetServer }).socketServer.address() as { port: number })
    .port;
  return { port, seen, close: () => server.close() };
}

let status: Awaited<ReturnType<typeof startStatusServer>>;
beforeAll(async () => {
  status = await startStatusServer({ name: '26.3', protocol: 777 });
});
afterAll(() => status.close());

const range = botVersionRange();
/** what every face of the refusal says */
function expectPlainRefusal(text: string) {
  expect(text).toContain('Minecraft 26.3 (protocol 777)');
  expect(text).toContain(`${range.oldest.name} to ${range.latest.name}`);
  expect(text).toContain(`protocol ${range.oldest.protocol}–${range.latest.protocol}`);
  expect(text).toMatch(/Fabric mod .*mod-bridge/);
  expect(text).toContain('ViaVersion and ViaBackwards');
  expect(text).toMatch(/a server running .* to /);
}

test('the bot speaks up to 26.2 (protocol 776, through its overlay), and not 26.3', () => {
  expect(range.latest).toEqual({ name: '26.2', protocol: 776 });
  expect(joinVersionFor({ name: '26.2', protocol: 776 })).toBe('26.2');
  expect(joinVersionFor({ name: '26.1.2', protocol: 775 })).toBe('26.1.2');
  expect(joinVersionFor({ name: '1.21.4', protocol: 769 })).toBe('1.21.4');
  expect(joinVersionFor({ name: 'Paper 1.21.11', protocol: 774 })).toBe('1.21.11');
  expect(joinVersionFor({ name: '26.3', protocol: 777 })).toBeUndefined();
  expect(joinVersionFor({ name: '1.7.10', protocol: 5 })).toBeUndefined();
});

test('the bot speaks down to 1.20.1 (protocol 763, which 1.20 shares): the oldest data the package ships', () => {
  expect(range.oldest).toEqual({ name: '1.20.1', protocol: 763 });
  expect(joinVersionFor({ name: '1.20.1', protocol: 763 })).toBe('1.20.1');
  expect(joinVersionFor({ name: '1.20', protocol: 763 })).toBe('1.20.1');
  expect(joinVersionFor({ name: '1.19.4', protocol: 762 })).toBeUndefined();
});

test('connecting to a 26.3 server fails before login with the version, the range and the ways forward', async () => {
  const before = { ...status.seen };
  const err = await MineflayerChannel.connect({
    host: '127.0.0.1',
    port: status.port,
    username: 'reach',
  }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ConnectError);
  expect((err as ConnectError).kind).toBe('unsupported_version');
  expect((err as Error).message).toContain(`127.0.0.1:${status.port}`);
  expectPlainRefusal((err as Error).message);
  expect(status.seen.statusPings - before.statusPings).toBe(1);
  expect(status.seen.loginAttempts - before.loginAttempts).toBe(0);
}, 180_000);

test('a server in range is joined with the version its status announces', async () => {
  const world = await startWorld();
  try {
    const channel = await MineflayerChannel.connect({
      host: world.host,
      port: world.port,
      username: 'detect',
      spawnTimeoutMs: 120_000,
    });
    expect(channel.version).toBe(world.version);
    await channel.close();
  } finally {
    await world.stop();
  }
}, 180_000);

test('get_connection_info and the MCP log say the same', async () => {
  const targets = new Targets([
    mineflayerTarget({ host: '127.0.0.1', port: status.port, username: 'reach' }),
  ]);
  const server = createServer({
    targets,
    log: logger.child({}, { level: 'silent' }),
    safety: defaultSafetyConfig,
    structures: new StructureStore(mkdtempSync(join(tmpdir(), 'mcbridge-structures-'))),
  });
  const client = new Client({ name: 'reach-test', version: '0' });
  const logged: Array<{ level: string; data: { event: string; message: string } }> = [];
  client.setNotificationHandler('notifications/message', (n) => {
    logged.push(n.params as unknown as (typeof logged)[number]);
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    const result = await client.callTool({ name: 'get_connection_info', arguments: {} });
    expect(result.isError).toBe(true);
    const text = (result.content as Array<{ type: string; text: string }>)[0]!.text;
    expectPlainRefusal(text);
    await expect
      .poll(() => logged.find((l) => l.data.event === 'unsupported_version'), {
        timeout: 180_000,
        message: 'the unsupported_version log message',
      })
      .toBeDefined();
    const news = logged.find((l) => l.data.event === 'unsupported_version')!;
    expect(news.level).toBe('error');
    expectPlainRefusal(news.data.message);
  } finally {
    await client.close();
    await targets.closeAll();
  }
}, 180_000);

test('`mcbridge exec` prints the refusal and exits non-zero', async () => {
  const cli = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
  const out = await promisify(execFile)(
    process.execPath,
    [cli, 'exec', '--host', '127.0.0.1', '--port', String(status.port), '--', 'say hi'],
    { env: { ...process.env, MCBRIDGE_LOG_LEVEL: 'warn' } },
  ).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
  expect(out.code).not.toBe(0);
  expectPlainRefusal(out.stderr);
}, 180_000);
