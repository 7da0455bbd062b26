/**
 * HTTP sessions end however the client leaves: abandoned sessions expire when idle, DELETE ends one at once,
 * a cap refuses one session too many with a message that says what to do, and a request without a session is
 * served statelessly; a client in a new session still gets the task it started in an ended one. Real HTTP
 * server in this process, real SDK clients, the embedded world behind it.
 *
 * Memory is measured where only the server runs: the 500-session test forks an HTTP MCP server wired as
 * `serve --http` wires it into a process of its own (test/helpers/http-session-server.mjs) and asks it over IPC
 * for its session counters, the listeners on its shared parts (connection news, job and structure changes) and
 * its memory after garbage collections that also hand V8's pooled heap pages back to the system. Listeners must
 * be back at their baseline, and RSS and live memory (heap and external) within 10 MB of the same measures after
 * a warm-up round (which loads the code paths and JIT-compiles them, so that what remains to compare is what
 * sessions leave behind).
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CallToolResultSchema, CreateTaskResultSchema } from '@modelcontextprotocol/core';
import { type CallToolResult, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { UndoRegistry } from '../../src/batch/undo.js';
import { mineflayerTarget } from '../../src/connection/factories.js';
import type { ConnectionTarget } from '../../src/connection/target.js';
import { Targets } from '../../src/connection/targets.js';
import { JobManager } from '../../src/jobs/manager.js';
import { type HttpHandle, type HttpServerOptions, startHttpServer } from '../../src/mcp/http.js';
import { createServer } from '../../src/mcp/server.js';
import { McbridgeTaskStore } from '../../src/mcp/task-store.js';
import { defaultSafetyConfig } from '../../src/safety/config.js';
import { StructureStore } from '../../src/structures/store.js';
import { logger } from '../../src/vocabulary/logger.js';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { until } from '../helpers/wait.js';

const silent = logger.child({}, { level: 'silent' });
const token = 'sessions-test-token-0123456789abcdef';

let world: WorldHandle;
let target: ConnectionTarget;
let targets: Targets;
let jobs: JobManager;
let structures: StructureStore;
const servers: HttpHandle[] = [];

const start = async (o: Partial<HttpServerOptions>) => {
  const undo = new UndoRegistry();
  // one task store for all sessions, as serve wires it
  const tasks = new McbridgeTaskStore();
  const http = await startHttpServer({
    port: 0,
    token,
    makeServer: () =>
      createServer({ targets, log: silent, safety: defaultSafetyConfig, jobs, undo, structures, tasks }),
    log: silent,
    ...o,
  });
  servers.push(http);
  return http;
};

/** what every live session adds to the shared parts */
const listeners = () =>
  target.newsListenerCount() +
  jobs.changes.listenerCount('job') +
  jobs.changes.listenerCount('list') +
  structures.changes.listenerCount('list');

const connect = async (server: HttpHandle | string) => {
  const url = typeof server === 'string' ? server : server.url;
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name: 'sessions-test', version: '0' });
  await client.connect(transport);
  return { client, transport };
};

/** one POST as a script sends it, with a session id or without */
const rawPost = (http: HttpHandle, body: unknown, sessionId?: string) =>
  fetch(http.url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      ...(sessionId ? { 'mcp-session-id': sessionId } : {}),
    },
    body: JSON.stringify(body),
  });

/** a client that goes away without DELETE: its streams close, the session stays on the server */
const abandon = async (url: string) => {
  const { transport } = await connect(url);
  await transport.close();
};

/** sessions abandoned before the baseline is taken, as many as the measured round: the process has reached its
 * working size and the high-water mark the measured round reaches again */
const WARM_UP = 500;

interface ServerState {
  sessions: number;
  ended: Record<string, number>;
  listeners: number;
}
/** RSS, and live memory: the JS heap and the memory outside it that JS objects hold (buffers, sockets' data) */
interface Memory {
  rss: number;
  live: number;
  /** resident kB by kind of mapping, printed to show where RSS went */
  where: Record<string, number>;
}

/** an HTTP MCP server alone in a process of its own (test/helpers/http-session-server.mjs), asked over IPC */
const serveInChild = async (limits: { idleTimeoutMs: number; maxSessions: number }) => {
  const settings = {
    host: world.host,
    port: world.port,
    username: 'ChildSessionBot',
    version: '1.21.4',
    token,
    dir: mkdtempSync(join(tmpdir(), 'mcbridge-sessions-child-')),
    ...limits,
  };
  const child = fork(
    fileURLToPath(new URL('../helpers/http-session-server.mjs', import.meta.url)),
    [JSON.stringify(settings)],
    {
      // RSS compares like with like only if what the runtime sizes from the moment's allocation rate is fixed:
      // V8's young generation (Node 20 grows it to 3 × 16 MB in a busy stretch and keeps it), and glibc's
      // arenas (one per thread that mallocs, each keeping what it freed) — as the world's process caps them
      execArgv: ['--expose-gc', '--min-semi-space-size=1', '--max-semi-space-size=1'],
      env: { ...process.env, MALLOC_ARENA_MAX: '2' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const exited = once(child, 'exit');
  const pending = new Map<number, (reply: never) => void>();
  let nextId = 0;
  const url = await new Promise<string>((resolve, reject) => {
    child.on('message', (m: { ready?: string; id?: number }) => {
      if (m.ready) resolve(m.ready);
      else if (m.id !== undefined) pending.get(m.id)?.(m as never);
    });
    void exited.then(([code]) =>
      reject(new Error(`the session server exited (${String(code)}) before it served`)),
    );
  });
  const ask = <T>(op: 'state' | 'memory' | 'close') =>
    new Promise<T>((resolve) => {
      const id = nextId++;
      pending.set(id, (reply: never) => {
        pending.delete(id);
        resolve(reply as T);
      });
      child.send({ id, op });
    });
  const close = async () => {
    if (child.exitCode === null && child.connected) await ask('close');
    await exited;
  };
  return { url, ask, close };
};

beforeAll(async () => {
  world = await startWorld({ ops: ['SessionBot'] });
  const dir = mkdtempSync(join(tmpdir(), 'mcbridge-sessions-'));
  target = mineflayerTarget({
    host: world.host,
    port: world.port,
    username: 'SessionBot',
    version: '1.21.4',
  });
  targets = new Targets([target]);
  jobs = new JobManager({
    targets,
    safety: defaultSafetyConfig,
    log: silent,
    dir: join(dir, 'jobs'),
    undo: new UndoRegistry(),
  });
  await jobs.init();
  structures = new StructureStore(join(dir, 'structures'));
  await target.get();
});

afterAll(async () => {
  for (const http of servers) await http.close();
  await jobs?.close();
  await targets?.closeAll();
  await world?.stop();
});

describe('HTTP sessions that end', () => {
  test('500 abandoned sessions expire when idle and leave no listener, no live memory and no RSS behind', async () => {
    // an idle time long enough that no client, however slow the machine, pauses that long between its own
    // requests (initialize, then initialized): a session ends here only because its client has gone
    const server = await serveInChild({ idleTimeoutMs: 10_000, maxSessions: 600 });
    try {
      const base = await server.ask<ServerState>('state');
      // warm-up: the same round, smaller, so that code loading and compilation are not counted as a leak
      for (let i = 0; i < WARM_UP; i++) await abandon(server.url);
      await until(
        'the warm-up sessions to expire',
        async () => (await server.ask<ServerState>('state')).sessions === 0,
        120_000,
      );
      const before = await server.ask<Memory>('memory');

      for (let i = 0; i < 500; i++) await abandon(server.url);
      await until(
        '500 abandoned sessions to expire',
        async () => (await server.ask<ServerState>('state')).sessions === 0,
        180_000,
      );
      const after = await server.ask<ServerState>('state');
      expect(after.ended.idle).toBe(WARM_UP + 500);
      expect(after.listeners).toBe(base.listeners);
      const memory = await server.ask<Memory>('memory');
      const rss = memory.rss - before.rss;
      const live = memory.live - before.live;
      process.stderr.write(
        `serve --http after 500 abandoned sessions: RSS ${(rss / 1e6).toFixed(1)} MB (of ${(memory.rss / 1e6).toFixed(0)} MB), live memory (heap + external) ${(live / 1e6).toFixed(1)} MB from baseline; resident kB by kind before ${JSON.stringify(before.where)}, after ${JSON.stringify(memory.where)}\n`,
      );
      expect(live).toBeLessThan(10 * 1024 * 1024);
      expect(rss).toBeLessThan(10 * 1024 * 1024);
    } finally {
      await server.close();
    }
  }, 900_000);

  test('DELETE ends a session at once and removes its listeners', async () => {
    const http = await start({});
    const base = listeners();
    const { client, transport } = await connect(http);
    expect(http.sessions()).toBe(1);
    expect(listeners()).toBeGreaterThan(base);
    await transport.terminateSession();
    await until('the deleted session to end', () => http.sessions() === 0);
    expect(http.ended().closed).toBe(1);
    expect(listeners()).toBe(base);
    await client.close();
  });

  test('a transport that fails mid-request ends its session and removes its listeners', async () => {
    const http = await start({});
    const base = listeners();
    const { client } = await connect(http);
    expect(listeners()).toBeGreaterThan(base);
    // the SDK's transport cannot be made to fail from outside: this one request's handling throws, as a
    // broken stream or a bug in the transport would (fault injection, the rest is real)
    const failing = vi
      .spyOn(WebStandardStreamableHTTPServerTransport.prototype, 'handleRequest')
      .mockRejectedValueOnce(new Error('injected transport failure'));
    try {
      await expect(client.listTools()).rejects.toThrow();
    } finally {
      failing.mockRestore();
    }
    await until('the failed session to end', () => http.sessions() === 0);
    expect(http.ended().transport_error).toBe(1);
    expect(listeners()).toBe(base);
    await client.close();
  });

  test('at the cap, a new client ends the least recently used idle session and gets in; the ended one is told 404', async () => {
    const logged: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void logged.push(line) });
    const http = await start({ maxSessions: 3, log });
    // three one-shot clients: each initializes, calls, and goes away without ending its session
    const oneShots: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { client, transport } = await connect(http);
      await client.callTool({ name: 'list_connections', arguments: {} });
      oneShots.push(transport.sessionId!);
      await transport.close();
    }
    expect(http.sessions()).toBe(3);
    await until("the one-shot clients' streams to close", () => http.busy() === 0);
    // the first one comes back once: the second is now the least recently used
    const back = await rawPost(http, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, oneShots[0]);
    expect(back.status).toBe(200);

    // a fourth client initializes and calls as if there were room
    const fourth = await connect(http);
    const called = (await fourth.client.callTool({
      name: 'list_connections',
      arguments: {},
    })) as CallToolResult;
    expect(called.isError).toBeFalsy();
    expect(JSON.stringify(called.structuredContent)).toContain('default');
    expect(http.sessions()).toBe(3);
    expect(http.ended().evicted).toBe(1);
    expect(logged.join('')).toContain(oneShots[1]!);
    expect(logged.join('')).toMatch(/least recently used idle session/);

    // the ended session's next request gets the protocol's answer for an unknown session
    const stale = await rawPost(http, { jsonrpc: '2.0', id: 3, method: 'tools/list' }, oneShots[1]);
    expect(stale.status).toBe(404);
    expect(await stale.json()).toMatchObject({ jsonrpc: '2.0', id: 3, error: { code: -32001 } });
    // and the SDK's transport, sending with the id it kept, is told the same
    const kept = new StreamableHTTPClientTransport(new URL(http.url), {
      sessionId: oneShots[1]!,
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    });
    await kept.start();
    await expect(kept.send({ jsonrpc: '2.0', id: 5, method: 'tools/list' })).rejects.toMatchObject({
      status: 404,
    });
    await kept.close();
    // the others were left alone
    for (const id of [oneShots[0], oneShots[2]])
      expect((await rawPost(http, { jsonrpc: '2.0', id: 4, method: 'tools/list' }, id)).status).toBe(200);
    await fourth.transport.terminateSession();
  });

  test('when every session has a request or stream open, one more is refused with 503 and a message that says what to do', async () => {
    const http = await start({ maxSessions: 2 });
    // connected SDK clients hold their GET stream open: busy, never ended to make room
    const first = await connect(http);
    await connect(http);
    await until('both clients to hold their GET stream open', () => http.busy() === 2);
    const res = await rawPost(http, {
      jsonrpc: '2.0',
      id: 7,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'third', version: '0' },
      },
    });
    expect(res.status).toBe(503);
    const body = (await res.json()) as { id: number; error: { message: string } };
    expect(body.id).toBe(7);
    expect(body.error.message).toMatch(/2 MCP sessions open/);
    expect(body.error.message).toMatch(/request or stream open/);
    expect(body.error.message).toMatch(/DELETE/);
    expect(body.error.message).toMatch(/--http-max-sessions/);
    // the SDK client sees the refusal too
    await expect(connect(http)).rejects.toThrow(/--http-max-sessions/);
    expect(http.ended().evicted).toBe(0);
    // a session that ends makes room
    await first.transport.terminateSession();
    await until('the deleted session to end', () => http.sessions() === 1);
    const again = await connect(http);
    expect(http.sessions()).toBe(2);
    await again.transport.terminateSession();
  });

  test('a client that ends its session and starts another still gets its task', async () => {
    const http = await start({});
    const first = await connect(http);
    const { task } = await first.client.request(
      {
        method: 'tools/call',
        params: {
          name: 'execute_commands',
          arguments: { commands: ['setblock 3 80 3 minecraft:stone', 'setblock 4 80 3 minecraft:stone'] },
          task: { ttl: 600_000 },
        },
      },
      CreateTaskResultSchema,
      { timeout: 170_000 },
    );
    await first.transport.terminateSession();
    await until('the first session to end', () => http.sessions() === 0);
    const second = await connect(http);
    const result = (await second.client.request(
      { method: 'tasks/result', params: { taskId: task.taskId } },
      CallToolResultSchema,
      { timeout: 170_000 },
    )) as CallToolResult;
    expect((result.structuredContent as { totalCommands: number }).totalCommands).toBe(2);
    await second.transport.terminateSession();
  });

  test('a request without a session is served statelessly and leaves nothing behind', async () => {
    const http = await start({});
    const base = listeners();
    const res = await fetch(http.url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    expect(await res.text()).toContain('execute_commands');
    expect(http.sessions()).toBe(0);
    await until('the stateless server to close', () => listeners() === base);
  });
});
