/**
 * `subscriptions/listen` (2026-07-28), what replaced the GET stream and `resources/subscribe`: a 2026 client
 * that listens hears a build job's progress (`notifications/resources/updated` for `mcbridge://jobs/{id}`)
 * and the resource list's changes, as a 2025 client hears them through its subscriptions
 * (resources-prompts.test.ts). Both entries of `mcbridge serve`, through the SDK v2 Client pinned to
 * 2026-07-28, against the embedded world with a real job manager:
 * - HTTP: the SDK's handler serves the listen stream; the process's news is published on its event bus
 *   (src/mcp/resources/listen-news.ts), as `mcbridge serve --http` wires it;
 * - stdio: the SDK's `serveStdio` (over an in-memory pair instead of the process's stdin/stdout, which the
 *   test runner owns; eras.test.ts runs the serve command on both transports) routes the pinned server's
 *   news onto the listen streams.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, InMemoryTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { CallToolResult, Transport } from '@modelcontextprotocol/client';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UndoRegistry } from '../../src/batch/undo.js';
import { mineflayerTarget } from '../../src/connection/factories.js';
import { Targets } from '../../src/connection/targets.js';
import { JobManager } from '../../src/jobs/manager.js';
import { type HttpHandle, startHttpServer } from '../../src/mcp/http.js';
import { publishListenNews } from '../../src/mcp/resources/listen-news.js';
import { createServer } from '../../src/mcp/server.js';
import { McbridgeTaskStore } from '../../src/mcp/task-store.js';
import { ResultPages } from '../../src/results/pages.js';
import { defaultSafetyConfig } from '../../src/safety/config.js';
import { StructureStore } from '../../src/structures/store.js';
import { logger } from '../../src/vocabulary/logger.js';
import { startWorld, type WorldHandle } from '../../src/world/index.js';

const silent = logger.child({}, { level: 'silent' });
const token = 'listen-test-token-0123456789abcdef';
let world: WorldHandle;
let targets: Targets;
let jobs: JobManager;
let structures: StructureStore;
const undo = new UndoRegistry();
const tasks = new McbridgeTaskStore();
const pages = new ResultPages();
let origin: { x: number; y: number; z: number };

const makeServer = (era?: 'legacy' | 'modern') =>
  createServer({
    targets,
    log: silent,
    safety: defaultSafetyConfig,
    jobs,
    undo,
    structures,
    tasks,
    pages,
    ...(era ? { era } : {}),
  });

beforeAll(async () => {
  world = await startWorld({ ops: ['Listener'] });
  targets = new Targets([
    mineflayerTarget({
      host: world.host,
      port: world.port,
      username: 'Listener',
      version: world.version,
      spawnTimeoutMs: 120_000,
    }),
  ]);
  jobs = new JobManager({
    targets,
    undo,
    safety: defaultSafetyConfig,
    log: silent,
    dir: mkdtempSync(join(tmpdir(), 'mcbridge-listen-jobs-')),
    autoResume: false,
  });
  structures = new StructureStore(mkdtempSync(join(tmpdir(), 'mcbridge-listen-structures-')));
  const p = (await targets.get().get()).channel.executorPosition()!;
  origin = { x: Math.floor(p.x), y: Math.floor(p.y) + 3, z: Math.floor(p.z) };
}, 240_000);

afterAll(async () => {
  await jobs?.close();
  await targets?.closeAll();
  await world?.stop();
});

/** A 2026-07-28 client that records the news it hears. */
async function listeningClient(transport: Transport) {
  const client = new Client(
    { name: 'listen-2026', version: '0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  const listChanges: number[] = [];
  const updated: string[] = [];
  client.setNotificationHandler('notifications/resources/list_changed', () => {
    listChanges.push(listChanges.length);
  });
  client.setNotificationHandler('notifications/resources/updated', (n) => {
    updated.push(n.params.uri);
  });
  await client.connect(transport);
  expect(client.getProtocolEra()).toBe('modern');
  return { client, listChanges, updated };
}

/** Starts a job (absolute coordinates, a row per run) long enough to be heard while it runs. */
async function startJob(client: Client, row: number): Promise<string> {
  const commands = Array.from(
    { length: 400 },
    (_, i) =>
      `setblock ${origin.x + (i % 20)} ${origin.y + row} ${origin.z - 2 - Math.floor(i / 20)} minecraft:oak_planks`,
  );
  const started = (await client.callTool(
    { name: 'start_build_job', arguments: { name: `listened row ${row}`, commands, chunkSize: 5 } },
    { timeout: 120_000 },
  )) as CallToolResult;
  expect(started.isError).toBeFalsy();
  return (started.structuredContent as { id: string }).id;
}

/** Waits for the job to stop running, however long a busy machine takes (each call waits at most 30 s). */
async function finish(client: Client, id: string): Promise<{ status: string; doneSteps: number }> {
  for (;;) {
    const got = (await client.callTool(
      { name: 'get_build_job', arguments: { id, waitSeconds: 30 } },
      { timeout: 120_000 },
    )) as CallToolResult;
    const report = got.structuredContent as { status: string; doneSteps: number };
    if (report.status !== 'running') return report;
  }
}

/** What a 2026 client does to follow a build: listen for the list, start, listen for the job, hear it run. */
async function followsABuild(
  client: Client,
  heard: { listChanges: number[]; updated: string[] },
  row: number,
) {
  const list = await client.listen({ resourcesListChanged: true });
  expect(list.honoredFilter).toEqual({ resourcesListChanged: true });
  const id = await startJob(client, row);
  const uri = `mcbridge://jobs/${encodeURIComponent(id)}`;
  await expect
    .poll(() => heard.listChanges.length, {
      timeout: 60_000,
      message: 'resources/list_changed for the new job',
    })
    .toBeGreaterThan(0);

  const job = await client.listen({ resourceSubscriptions: [uri] });
  expect(job.honoredFilter).toEqual({ resourceSubscriptions: [uri] });
  await expect
    .poll(() => heard.updated.filter((u) => u === uri).length, {
      timeout: 120_000,
      message: `resources/updated for ${uri} while the job runs`,
    })
    .toBeGreaterThan(0);
  const report = await finish(client, id);
  expect(report).toMatchObject({ status: 'completed', doneSteps: 400 });
  // the job's last news is its end: an update after the last step, whose read says completed
  const read = await client.readResource({ uri });
  expect(JSON.parse((read.contents[0] as { text: string }).text)).toMatchObject({ status: 'completed' });
  // only the URIs listened for: another job's news does not reach this subscription
  expect(heard.updated.every((u) => u === uri)).toBe(true);
  await job.close();
  await list.close();
  expect(await job.closed).toBe('local');
}

describe('over HTTP', () => {
  let http: HttpHandle;
  let stopNews: () => void;

  beforeAll(async () => {
    http = await startHttpServer({ port: 0, token, makeServer: () => makeServer(), log: silent });
    stopNews = publishListenNews(http.notify, { jobs, structures });
  });
  afterAll(async () => {
    stopNews?.();
    await http?.close();
  });

  test('a 2026-07-28 client that listens hears a build job start and progress', async () => {
    const heard = await listeningClient(
      new StreamableHTTPClientTransport(new URL(http.url), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    try {
      await followsABuild(heard.client, heard, 0);
    } finally {
      await heard.client.close();
    }
  }, 600_000);
});

describe('over stdio', () => {
  test('a 2026-07-28 client that listens hears a build job start and progress', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const entry = serveStdio((ctx) => makeServer(ctx.era), { transport: serverSide });
    const heard = await listeningClient(clientSide);
    try {
      await followsABuild(heard.client, heard, 1);
    } finally {
      await heard.client.close();
      await entry.close();
    }
  }, 600_000);
});
