/** The built CLI as an MCP client starts it: `mcbridge serve --embedded` over stdio, nothing but MCP on stdout. */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { beforeAll, expect, test } from 'vitest';
import type { BatchResult } from '../../src/results/schema.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = `${root}dist/cli/main.js`;

beforeAll(() => {
  // test/global-setup.ts built dist from today's sources
  expect(existsSync(cli)).toBe(true);
});

test('serve --embedded answers initialize, lists tools and runs a command', async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, 'serve', '--embedded', '--username', 'Smoke'],
    stderr: 'pipe',
    env: {
      ...process.env,
      MCBRIDGE_LOG_LEVEL: 'warn',
      MCBRIDGE_JOBS_DIR: mkdtempSync(join(tmpdir(), 'mcbridge-jobs-')),
    } as Record<string, string>,
  });
  const client = new Client({ name: 'smoke', version: '0' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['execute_commands', 'get_connection_info']),
    );
    const result = (await client.callTool(
      {
        name: 'execute_commands',
        arguments: { commands: ['setblock ~1 ~ ~1 minecraft:stone', 'setblock ~1 ~ ~1 minecraft:stone'] },
      },
      { timeout: 60_000 },
    )) as CallToolResult;
    const batch = result.structuredContent as unknown as BatchResult;
    expect(batch.results.map((r) => r.status)).toEqual(['applied', 'rejected_by_game']);
    expect(batch.results[1]!.detail?.noChange).toBe(true);
  } finally {
    await client.close();
  }
}, 180_000);

test('serve --bridge: the game dials in (headless peer) and execute_commands goes through it', async () => {
  const { startWorld } = await import('../../src/world/index.js');
  const { startBridgePeer } = await import('../../src/peer/peer.js');
  const mineflayer = (await import('mineflayer')).default;
  const { createServer } = await import('node:net');
  // a free port for the bridge (the mod needs a known one)
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const bridgePort = (probe.address() as { port: number }).port;
  await new Promise((r) => probe.close(r));
  const token = 'smoke-bridge-token-0123456789';
  const world = await startWorld({ ops: ['SmokePeer'] });
  const bot = mineflayer.createBot({
    host: world.host,
    port: world.port,
    username: 'SmokePeer',
    version: world.version,
    auth: 'offline',
  });
  await new Promise<void>((r) => bot.once('spawn', () => r()));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, 'serve', '--bridge', '--bridge-port', String(bridgePort), '--bridge-token', token],
    stderr: 'pipe',
    env: {
      ...process.env,
      MCBRIDGE_LOG_LEVEL: 'warn',
      MCBRIDGE_JOBS_DIR: mkdtempSync(join(tmpdir(), 'mcbridge-jobs-')),
    } as Record<string, string>,
  });
  const client = new Client({ name: 'smoke-bridge', version: '0' });
  await client.connect(transport);
  let peer: Awaited<ReturnType<typeof startBridgePeer>> | undefined;
  try {
    peer = await startBridgePeer({ url: `ws://127.0.0.1:${bridgePort}`, token, bot });
    const result = (await client.callTool(
      {
        name: 'execute_commands',
        arguments: { commands: ['setblock ~1 ~ ~1 minecraft:stone', 'setblock ~1 ~ ~1 minecraft:stone'] },
      },
      { timeout: 60_000 },
    )) as CallToolResult;
    const batch = result.structuredContent as unknown as BatchResult;
    expect(batch.results.map((r) => r.status)).toEqual(['applied', 'rejected_by_game']);
    expect(result._meta?.['mcbridge/service']).toMatchObject({ backend: 'bridge' });
  } finally {
    await client.close();
    await peer?.close();
    bot.quit();
    await world.stop();
  }
}, 180_000);
