/**
 * Both eras of the protocol from one `mcbridge serve`, through the SDK v2 Client: a 2026-07-28 client
 * (`server/discover`, no initialize, no session, its version and capabilities in each request's `_meta`) and a
 * 2025-11-25 client (initialize, a session over HTTP) side by side, over HTTP (the server in this process) and
 * over stdio (the built CLI). No Minecraft server is needed for what is asked here (lists, reads, a connection
 * listing, a build job journaled and cancelled), so the connection points at a closed port. The serve command's
 * own wiring of `subscriptions/listen` is checked on both of its transports.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  Client,
  PROTOCOL_VERSION_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UndoRegistry } from '../../src/batch/undo.js';
import { mineflayerTarget } from '../../src/connection/factories.js';
import { Targets } from '../../src/connection/targets.js';
import { type HttpHandle, startHttpServer } from '../../src/mcp/http.js';
import { createServer } from '../../src/mcp/server.js';
import { McbridgeTaskStore } from '../../src/mcp/task-store.js';
import { ResultPages } from '../../src/results/pages.js';
import { defaultSafetyConfig } from '../../src/safety/config.js';
import { StructureStore } from '../../src/structures/store.js';
import { logger } from '../../src/vocabulary/logger.js';

const silent = logger.child({}, { level: 'silent' });
const token = 'eras-test-token-0123456789abcdef';
const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = `${root}dist/cli/main.js`;

const modernClient = () =>
  new Client({ name: 'eras-2026', version: '0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
const legacyClient = () => new Client({ name: 'eras-2025', version: '0' });

/**
 * What each era is told the server can do: a 2026-07-28 client the tasks extension, and neither 2025-11-25's
 * `tasks` nor `logging` (replaced and deprecated by that revision); a 2025-11-25 client both, as before.
 */
function expectEraCapabilities(client: Client, era: 'modern' | 'legacy'): void {
  const capabilities = client.getServerCapabilities();
  if (era === 'modern') {
    expect(capabilities?.extensions?.['io.modelcontextprotocol/tasks']).toEqual({});
    expect(capabilities).not.toHaveProperty('tasks');
    expect(capabilities).not.toHaveProperty('logging');
  } else {
    expect(capabilities?.tasks?.requests?.tools?.call).toEqual({});
    expect(capabilities?.logging).toEqual({});
    expect(capabilities?.extensions?.['io.modelcontextprotocol/tasks']).toBeUndefined();
  }
}

/** what every client of either era is asked, and must get alike */
async function sameAnswers(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['execute_commands', 'render_area']));
  const listed = await client.callTool({ name: 'list_connections', arguments: {} });
  expect(listed.isError).toBeFalsy();
  expect(JSON.stringify(listed.content)).toContain('default');
  const { resources } = await client.listResources();
  expect(resources.length).toBeGreaterThan(0);
  const { prompts } = await client.listPrompts();
  expect(prompts.length).toBeGreaterThan(0);
  // completion is a hint: a reference the server does not have completes to nothing, not to an error
  for (const ref of [
    { type: 'ref/prompt', name: 'no_such_prompt' },
    { type: 'ref/resource', uri: 'mcbridge://no-such/{thing}' },
  ] as const) {
    const { completion } = await client.complete({ ref, argument: { name: 'thing', value: 'x' } });
    expect(completion.values).toEqual([]);
  }
  const known = await client.complete({
    ref: { type: 'ref/prompt', name: 'build_room' },
    argument: { name: 'doorSide', value: 'e' },
  });
  expect(known.completion.values[0]).toBe('east');
}

describe('over HTTP', () => {
  let targets: Targets;
  let http: HttpHandle;
  const transports: StreamableHTTPClientTransport[] = [];
  const transport = () => {
    const t = new StreamableHTTPClientTransport(new URL(http.url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    });
    transports.push(t);
    return t;
  };

  beforeAll(async () => {
    targets = new Targets([
      mineflayerTarget({ host: '127.0.0.1', port: 1, username: 'Nobody', version: '1.21.4' }),
    ]);
    const undo = new UndoRegistry();
    const tasks = new McbridgeTaskStore();
    const pages = new ResultPages();
    const structures = new StructureStore(join(mkdtempSync(join(tmpdir(), 'mcbridge-eras-')), 'structures'));
    http = await startHttpServer({
      port: 0,
      token,
      makeServer: () =>
        createServer({ targets, log: silent, safety: defaultSafetyConfig, undo, structures, tasks, pages }),
      log: silent,
    });
  });

  afterAll(async () => {
    await http?.close();
    await targets?.closeAll();
  });

  test('a 2026-07-28 client is served without a session', async () => {
    const client = modernClient();
    await client.connect(transport());
    expect(client.getProtocolEra()).toBe('modern');
    expectEraCapabilities(client, 'modern');
    await sameAnswers(client);
    expect(http.sessions()).toBe(0);
    await client.close();
  });

  test('a 2025-11-25 client beside it still gets its session', async () => {
    const modern = modernClient();
    await modern.connect(transport());
    const legacy = legacyClient();
    const t = transport();
    await legacy.connect(t);
    expect(legacy.getProtocolEra()).toBe('legacy');
    expectEraCapabilities(legacy, 'legacy');
    expect(t.sessionId).toMatch(/\w/);
    expect(http.sessions()).toBe(1);
    await sameAnswers(legacy);
    await sameAnswers(modern);
    await t.terminateSession();
    await legacy.close();
    await modern.close();
  });

  test('a resource that does not exist is -32602 naming its URI, for a 2026-07-28 client', async () => {
    const client = modernClient();
    await client.connect(transport());
    const uri = 'mcbridge://structures/no-such-structure-here';
    const error = await client.readResource({ uri }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as ProtocolError).code).toBe(ProtocolErrorCode.InvalidParams);
    expect(
      JSON.stringify({ message: (error as ProtocolError).message, data: (error as ProtocolError).data }),
    ).toContain(uri);
    await client.close();
  });
  test('a 2026-07-28 call naming a connection carries it in Mcp-Param-Connection; the server checks it', async () => {
    const client = modernClient();
    await client.connect(transport());
    const { tools } = await client.listTools();
    const declaring = tools.filter(
      (t) =>
        (t.inputSchema.properties?.['target'] as { 'x-mcp-header'?: string } | undefined)?.[
          'x-mcp-header'
        ] === 'Connection',
    );
    const naming = tools.filter((t) => t.inputSchema.properties?.['target'] !== undefined);
    expect(naming.length).toBeGreaterThan(5);
    expect(declaring.map((t) => t.name)).toEqual(naming.map((t) => t.name));
    // the SDK's client mirrors the argument: the call reaches the tool, which names what is wrong
    const called = await client.callTool({ name: 'get_connection_info', arguments: { target: 'nosuch' } });
    expect(called.isError).toBe(true);
    expect(JSON.stringify(called.content)).toContain('nosuch');
    await client.close();

    // what a hand-made request gets when the header is missing, or says another connection
    const post = (headers: Record<string, string>) =>
      fetch(http.url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/call',
          'mcp-name': 'get_connection_info',
          ...headers,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 7,
          method: 'tools/call',
          params: {
            name: 'get_connection_info',
            arguments: { target: 'default' },
            _meta: {
              [PROTOCOL_VERSION_META_KEY]: '2026-07-28',
              [CLIENT_CAPABILITIES_META_KEY]: {},
              [CLIENT_INFO_META_KEY]: { name: 'hand-made', version: '0' },
            },
          },
        }),
      });
    for (const [headers, says] of [
      [{}, 'the body carries target="default" but the Mcp-Param-Connection header is absent'],
      [{ 'mcp-param-connection': 'other' }, 'decodes to "other" but the body carries target="default"'],
      [{ 'mcp-param-connection': '=?base64?ZGVmYXVsdA?=' }, 'invalid Base64'],
    ] as const) {
      const answer = await post(headers);
      expect(answer.status).toBe(400);
      const body = (await answer.json()) as { id: unknown; error: { code: number; message: string } };
      expect(body.id).toBe(7);
      expect(body.error.code).toBe(-32020);
      expect(body.error.message).toContain(says);
    }
  });
});

describe('over stdio', () => {
  beforeAll(() => {
    // test/global-setup.ts built dist from today's sources
    expect(existsSync(cli)).toBe(true);
  });

  const spawnServe = () =>
    new StdioClientTransport({
      command: process.execPath,
      args: [
        cli,
        'serve',
        '--host',
        '127.0.0.1',
        '--port',
        '1',
        '--username',
        'Nobody',
        '--version',
        '1.21.4',
      ],
      stderr: 'pipe',
      env: {
        ...process.env,
        MCBRIDGE_LOG_LEVEL: 'warn',
        MCBRIDGE_JOBS_DIR: mkdtempSync(join(tmpdir(), 'mcbridge-jobs-')),
      } as Record<string, string>,
    });

  test.each([
    ['2026-07-28', modernClient, 'modern'],
    ['2025-11-25', legacyClient, 'legacy'],
  ] as const)(
    'a %s client is served by the same serve command',
    async (_revision, make, era) => {
      const client = make();
      await client.connect(spawnServe());
      try {
        expect(client.getProtocolEra()).toBe(era);
        expectEraCapabilities(client, era);
        await sameAnswers(client);
      } finally {
        await client.close();
      }
    },
    120_000,
  );
});

describe('subscriptions/listen through the serve command', () => {
  const serveArgs = [
    'serve',
    '--host',
    '127.0.0.1',
    '--port',
    '1',
    '--username',
    'Nobody',
    '--version',
    '1.21.4',
  ];
  const serveEnv = () =>
    ({
      ...process.env,
      MCBRIDGE_LOG_LEVEL: 'info',
      MCBRIDGE_JOBS_DIR: mkdtempSync(join(tmpdir(), 'mcbridge-jobs-')),
    }) as Record<string, string>;

  /** listens for the list, starts a job (journaled at once: the closed port does not matter), listens for the
   * job, cancels it, and hears both */
  async function hearsAJob(connect: (client: Client) => Promise<void>): Promise<void> {
    const client = modernClient();
    const heard: string[] = [];
    const updated: string[] = [];
    client.setNotificationHandler('notifications/resources/list_changed', () => {
      heard.push('list_changed');
    });
    client.setNotificationHandler('notifications/resources/updated', (n) => {
      updated.push(n.params.uri);
    });
    await connect(client);
    try {
      const listening = await client.listen({ resourcesListChanged: true });
      expect(listening.honoredFilter).toEqual({ resourcesListChanged: true });
      const started = await client.callTool({
        name: 'start_build_job',
        arguments: { name: 'heard', commands: ['setblock 0 64 0 minecraft:stone'] },
      });
      expect(started.isError, JSON.stringify(started.content)).toBeFalsy();
      const id = (started.structuredContent as { id: string }).id;
      await expect
        .poll(() => heard.length, { timeout: 60_000, message: 'resources/list_changed on the listen stream' })
        .toBeGreaterThan(0);
      const uri = `mcbridge://jobs/${id}`;
      const job = await client.listen({ resourceSubscriptions: [uri] });
      await client.callTool({ name: 'cancel_build_job', arguments: { id } });
      await expect
        .poll(() => updated.filter((u) => u === uri).length, {
          timeout: 60_000,
          message: `resources/updated for ${uri}`,
        })
        .toBeGreaterThan(0);
      await job.close();
      await listening.close();
    } finally {
      await client.close();
    }
  }

  test('a 2026-07-28 client on stdio that listens hears a new build job and its update', async () => {
    await hearsAJob((client) =>
      client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [cli, ...serveArgs],
          stderr: 'pipe',
          env: serveEnv(),
        }),
      ),
    );
  }, 120_000);

  test('a 2026-07-28 client over HTTP that listens hears a new build job and its update', async () => {
    const serve = spawn(process.execPath, [cli, ...serveArgs, '--http', '--http-port', '0'], {
      env: { ...serveEnv(), MCBRIDGE_HTTP_TOKEN: token },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let seen = '';
        serve.stderr.on('data', (d: Buffer) => {
          seen += d.toString();
          const match = /"url":"(http:\/\/127\.0\.0\.1:\d+\/mcp)"/.exec(seen);
          if (match) resolve(match[1]!);
        });
        serve.once('exit', (code) => reject(new Error(`serve exited (${code}): ${seen}`)));
      });
      await hearsAJob((client) =>
        client.connect(
          new StreamableHTTPClientTransport(new URL(url), {
            requestInit: { headers: { authorization: `Bearer ${token}` } },
          }),
        ),
      );
    } finally {
      if (serve.exitCode === null) {
        const exited = new Promise((r) => serve.once('exit', r));
        serve.kill('SIGTERM');
        await exited;
      }
    }
  }, 120_000);
});
