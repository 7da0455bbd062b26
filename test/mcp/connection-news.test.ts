/**
 * Connection news as MCP log messages (`notifications/message`), through the SDK's real Client against the
 * embedded world: connected (with server, version and the bot's position), kicked with the reason,
 * reconnecting / reconnected, op missing with the remedy, the world stopping; `logging/setLevel` filters.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, test } from 'vitest';
import { embeddedTarget, mineflayerTarget } from '../../src/connection/factories.js';
import type { ConnectionTarget } from '../../src/connection/target.js';
import { Targets } from '../../src/connection/targets.js';
import { logger } from '../../src/vocabulary/logger.js';
import { createServer } from '../../src/mcp/server.js';
import { defaultSafetyConfig } from '../../src/safety/config.js';
import { StructureStore } from '../../src/structures/store.js';
import { startWorld, type WorldHandle } from '../../src/world/index.js';

interface Logged {
  level: string;
  logger?: string;
  data: { event: string; message: string; [k: string]: unknown };
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function connectClient(target: ConnectionTarget) {
  const targets = new Targets([target]);
  const server = createServer({
    targets,
    log: logger.child({}, { level: 'silent' }),
    safety: defaultSafetyConfig,
    structures: new StructureStore(mkdtempSync(join(tmpdir(), 'mcbridge-structures-'))),
  });
  const client = new Client({ name: 'news-test', version: '0' });
  const logged: Logged[] = [];
  client.setNotificationHandler('notifications/message', (n) => {
    logged.push(n.params as unknown as Logged);
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  cleanups.push(async () => {
    await client.close();
    await targets.closeAll();
  });
  const events = () => logged.map((l) => l.data.event);
  return { client, logged, events };
}

describe('connection news', () => {
  test('the server declares logging; connected, kicked, reconnecting and reconnected arrive, filtered by setLevel', async () => {
    const world: WorldHandle = await startWorld({ ops: ['NewsBot'] });
    cleanups.push(() => world.stop());
    const target = mineflayerTarget({
      host: world.host,
      port: world.port,
      username: 'NewsBot',
      version: world.version,
    });
    const { client, logged, events } = await connectClient(target);
    expect(client.getServerCapabilities()?.logging).toBeDefined();

    await client.callTool({ name: 'get_connection_info', arguments: {} });
    await expect.poll(events).toContain('connected');
    const connected = logged.find((l) => l.data.event === 'connected')!;
    expect(connected).toMatchObject({ level: 'notice', logger: 'mcbridge/connection/default' });
    expect(connected.data).toMatchObject({ version: '1.21.4', username: 'NewsBot' });
    expect(connected.data['position']).toMatchObject({
      x: expect.any(Number),
      y: expect.any(Number),
      z: expect.any(Number),
    });
    expect(connected.data.message).toMatch(
      /connected to 127\.0\.0\.1:\d+ \(Minecraft 1\.21\.4\) as NewsBot at/,
    );

    // warnings and worse only: the kick arrives, the reconnect chatter (info, notice) does not
    await client.setLoggingLevel('warning');
    world.kick('NewsBot', 'Maintenance in progress');
    await expect.poll(events).toContain('kicked');
    expect(logged.find((l) => l.data.event === 'kicked')!.data.message).toContain('Maintenance in progress');
    await expect.poll(() => target.state.state, { timeout: 120_000 }).toBe('ready');
    expect(events()).not.toContain('reconnecting');
    expect(events()).not.toContain('reconnected');

    // back to info: the next drop shows the whole story
    await client.setLoggingLevel('info');
    world.kick('NewsBot', 'Again');
    await expect.poll(events, { timeout: 120_000 }).toContain('reconnected');
    expect(events()).toContain('reconnecting');
  }, 180_000);

  test('a bot that is not an operator gets op_missing with the exact remedy', async () => {
    const world = await startWorld({ ops: [] });
    cleanups.push(() => world.stop());
    const target = mineflayerTarget({
      host: world.host,
      port: world.port,
      username: 'Plain',
      version: world.version,
    });
    const { logged, events } = await connectClient(target);
    await target.get();
    await expect.poll(events).toContain('op_missing');
    const news = logged.find((l) => l.data.event === 'op_missing')!;
    expect(news.level).toBe('warning');
    expect(news.data.message).toContain('`op Plain`');
    expect(news.data.message).toContain('Allow Cheats');
  }, 180_000);

  test('the embedded world stopping is news, and news from before the client arrived is replayed', async () => {
    let world: WorldHandle | undefined;
    const target = embeddedTarget({ username: 'Watcher', onWorldStarted: (w) => (world = w) });
    // connected before any client: the client still hears of it
    await target.get();
    const { logged, events } = await connectClient(target);
    await expect.poll(events).toContain('connected');
    world!.simulateCrash();
    await expect.poll(events, { timeout: 120_000 }).toContain('world_stopped');
    expect(logged.find((l) => l.data.event === 'world_stopped')!.level).toBe('error');
  }, 180_000);
});
