/**
 * Several worlds, one companion: named connections from a config file, calls routed by `target`, results
 * tagged with where they came from, a failure in one leaving the other alone; and the HTTP transport.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport, InMemoryTransport } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CompanionConfigError, loadCompanionConfig, parseCompanionConfig } from '../../src/config/load.js';
import { targetsFromConfig } from '../../src/config/targets-from-config.js';
import type { Targets } from '../../src/connection/targets.js';
import { logger } from '../../src/vocabulary/logger.js';
import { type HttpHandle, startHttpServer } from '../../src/mcp/http.js';
import { createServer } from '../../src/mcp/server.js';
import type { BatchResult } from '../../src/results/schema.js';
import { defaultSafetyConfig } from '../../src/safety/config.js';
import { startWorld, type WorldHandle } from '../../src/world/index.js';

const silent = logger.child({}, { level: 'silent' });
let build: WorldHandle;
let sandbox: WorldHandle;
let targets: Targets;
let client: Client;

const call = async (name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args }, { timeout: 120_000 })) as CallToolResult;

beforeAll(async () => {
  [build, sandbox] = await Promise.all([startWorld({ ops: ['BuildBot'] }), startWorld({ ops: ['SandBot'] })]);
  const config = parseCompanionConfig(
    {
      defaultConnection: 'build',
      connections: {
        build: {
          backend: 'mineflayer',
          host: build.host,
          port: build.port,
          username: 'BuildBot',
          version: '1.21.4',
        },
        sandbox: {
          backend: 'mineflayer',
          host: sandbox.host,
          port: sandbox.port,
          username: 'SandBot',
          version: '1.21.4',
        },
      },
    },
    'test.json',
  );
  ({ targets } = await targetsFromConfig(config, { log: silent }));
  const server = createServer({ targets, log: silent, safety: defaultSafetyConfig });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  client = new Client({ name: 'named', version: '0' });
  await client.connect(a);
});

afterAll(async () => {
  await client?.close();
  await targets?.closeAll();
  await Promise.all([build?.stop(), sandbox?.stop()]);
});

describe('named connections', () => {
  test('list_connections shows every connection without connecting it', async () => {
    const r = await call('list_connections', {});
    expect(r.structuredContent).toMatchObject({
      defaultConnection: 'build',
      connections: [
        { name: 'build', default: true, backend: 'mineflayer', state: 'idle' },
        { name: 'sandbox', default: false, backend: 'mineflayer', state: 'idle' },
      ],
    });
  });

  test('calls are routed by target and every result says where it came from', async () => {
    const viaDefault = await call('execute_commands', { commands: ['setblock 2 10 2 minecraft:gold_block'] });
    const viaSandbox = await call('execute_commands', {
      commands: ['setblock 2 10 2 minecraft:gold_block'],
      target: 'sandbox',
    });
    for (const [r, name, world] of [
      [viaDefault, 'build', build],
      [viaSandbox, 'sandbox', sandbox],
    ] as const) {
      expect((r.structuredContent as unknown as BatchResult).results[0]!.status).toBe('applied');
      const context = {
        connection: name,
        backend: 'mineflayer',
        server: `${world.host}:${world.port}`,
        version: '1.21.4',
        tool: 'execute_commands',
      };
      expect(r._meta?.['mcbridge/service']).toMatchObject(context);
      for (const item of r.content)
        expect((item as { _meta?: Record<string, unknown> })._meta?.['mcbridge/service']).toMatchObject(
          context,
        );
    }
    // each world got its own block: the second call was not refused as "already there"
    const listed = await call('list_connections', {});
    expect(
      (listed.structuredContent as { connections: Array<{ state: string }> }).connections.map((c) => c.state),
    ).toEqual(['ready', 'ready']);
  });

  test('suggested follow-up calls carry the target to use', async () => {
    const r = await call('execute_commands', {
      commands: ['fill 10 5 10 16 9 16 minecraft:oak_planks hollow'],
      target: 'sandbox',
    });
    const steps = (r.structuredContent as unknown as BatchResult).actionHints?.nextSteps ?? [];
    expect(steps.length).toBeGreaterThan(0);
    for (const s of steps) if (s.suggestedArgs) expect(s.suggestedArgs).toMatchObject({ target: 'sandbox' });
  });

  test('an unknown target is a clear error listing the names', async () => {
    const r = await call('execute_commands', { commands: ['say hi'], target: 'nope' });
    expect(r.isError).toBe(true);
    expect(JSON.stringify(r.content)).toMatch(/no connection named \\"nope\\".*build, sandbox/);
  });

  test('a failure in one connection does not disturb the other', async () => {
    await sandbox.stop();
    const down = await call('execute_commands', { commands: ['setblock 3 10 3 stone'], target: 'sandbox' });
    expect(down.isError).toBe(true);
    expect(down._meta?.['mcbridge/service']).toMatchObject({ connection: 'sandbox' });
    const fine = await call('execute_commands', { commands: ['setblock 3 10 3 stone'] });
    expect((fine.structuredContent as unknown as BatchResult).results[0]!.status).toBe('applied');
    const listed = (await call('list_connections', {})).structuredContent as {
      connections: Array<{ name: string; state: string }>;
    };
    expect(listed.connections.find((c) => c.name === 'build')?.state).toBe('ready');
    expect(listed.connections.find((c) => c.name === 'sandbox')?.state).not.toBe('ready');
  });
});

describe('config file', () => {
  test('errors name the file and the field', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcbridge-config-'));
    const file = join(dir, 'mcbridge.json');
    writeFileSync(file, JSON.stringify({ connections: { build: { backend: 'mineflayer', port: 'x' } } }));
    const err = await loadCompanionConfig(file).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CompanionConfigError);
    expect((err as CompanionConfigError).field).toBe('connections.build.port');
    expect((err as Error).message).toContain(file);
    writeFileSync(file, '{ not json');
    await expect(loadCompanionConfig(file)).rejects.toThrow(/not valid JSON/);
    expect(() =>
      parseCompanionConfig({ defaultConnection: 'x', connections: { a: { backend: 'embedded' } } }, 'f.json'),
    ).toThrow(/defaultConnection/);
  });
});

describe('Streamable HTTP', () => {
  const token = 'http-test-token-0123456789abcdef';
  let http: HttpHandle;
  beforeAll(async () => {
    http = await startHttpServer({
      port: 0,
      token,
      makeServer: () => createServer({ targets, log: silent, safety: defaultSafetyConfig }),
      log: silent,
    });
  });
  afterAll(async () => {
    await http?.close();
  });

  const init = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
  };
  const post = (headers: Record<string, string>) =>
    fetch(http.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify(init),
    });

  test('no token or a wrong one: 401; a browser origin: 403', async () => {
    expect((await post({})).status).toBe(401);
    expect((await post({ authorization: 'Bearer wrong-token-wrong-token-00' })).status).toBe(401);
    expect((await post({ authorization: `Bearer ${token}`, origin: 'http://evil.example' })).status).toBe(
      403,
    );
  });

  test('binding beyond loopback needs an explicit opt-in', async () => {
    await expect(
      startHttpServer({
        host: '0.0.0.0',
        port: 0,
        token,
        makeServer: () => createServer({ targets, log: silent, safety: defaultSafetyConfig }),
        log: silent,
      }),
    ).rejects.toThrow(/only loopback/);
  });

  test('the SDK client with the token runs execute_commands over HTTP', async () => {
    const transport = new StreamableHTTPClientTransport(new URL(http.url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    });
    const httpClient = new Client({ name: 'http-test', version: '0' });
    await httpClient.connect(transport);
    try {
      const r = (await httpClient.callTool({
        name: 'execute_commands',
        arguments: { commands: ['setblock 4 10 4 minecraft:stone'] },
      })) as CallToolResult;
      expect((r.structuredContent as unknown as BatchResult).results[0]!.status).toBe('applied');
      expect(r._meta?.['mcbridge/service']).toMatchObject({ connection: 'build' });
      expect(http.sessions()).toBe(1);
    } finally {
      await httpClient.close();
    }
  });
});
