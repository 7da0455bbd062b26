/**
 * Tasks for a 2026-07-28 client: the `io.modelcontextprotocol/tasks` extension, over Streamable HTTP (the
 * server in this process, a server of its own per request, as `mcbridge serve --http` runs), on the embedded
 * world. The SDK v2 Client discovers the server; the task traffic itself goes through a plain HTTP POST with
 * the request's `_meta` envelope and headers, the raw dispatch `@modelcontextprotocol/ext-tasks` asks a host
 * for: SDK 2.4.0's Client refuses a `resultType: "task"` answer. The shapes are checked with ext-tasks' own
 * schemas (`core/v2`), and ext-tasks' own client runs one build through that path to its result.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createTaskSessionFromClient, resultFromTaskOutcome } from '@modelcontextprotocol/ext-tasks/client';
import {
  CancelTaskResultV2Schema,
  CreateTaskResultV2Schema,
  GetTaskResultV2Schema,
  TASKS_EXTENSION_ID_V2,
} from '@modelcontextprotocol/ext-tasks/core/v2';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UndoRegistry } from '../../src/batch/undo.js';
import { mineflayerTarget } from '../../src/connection/factories.js';
import { Targets } from '../../src/connection/targets.js';
import { JobManager } from '../../src/jobs/manager.js';
import { type HttpHandle, startHttpServer } from '../../src/mcp/http.js';
import { createServer } from '../../src/mcp/server.js';
import { McbridgeTaskStore } from '../../src/mcp/task-store.js';
import type { CompactBatchResult } from '../../src/results/compact.js';
import { ResultPages } from '../../src/results/pages.js';
import { defaultSafetyConfig } from '../../src/safety/config.js';
import { StructureStore } from '../../src/structures/store.js';
import { logger } from '../../src/vocabulary/logger.js';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { until } from '../helpers/wait.js';

const silent = logger.child({}, { level: 'silent' });
const token = 'tasks-2026-token-0123456789abcdef';
const REVISION = '2026-07-28';
let world: WorldHandle;
let targets: Targets;
let jobs: JobManager;
let http: HttpHandle;

interface Answer {
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

let nextId = 0;
/** One 2026-07-28 request as a client of that revision sends it: the `_meta` envelope and the routing headers. */
async function send(method: string, params: Record<string, unknown>, withTasks = true): Promise<Answer> {
  return post({
    method,
    params: {
      ...params,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': REVISION,
        'io.modelcontextprotocol/clientInfo': { name: 'tasks-2026-test', version: '0' },
        'io.modelcontextprotocol/clientCapabilities': withTasks
          ? { extensions: { [TASKS_EXTENSION_ID_V2]: {} } }
          : {},
      },
    },
  });
}

/** POSTs a request whose `_meta` envelope is in place, with the headers that mirror it; the answer to it. */
async function post(request: { method: string; params: Record<string, unknown> }): Promise<Answer> {
  const id = ++nextId;
  const { method, params } = request;
  const name = method === 'tools/call' ? params.name : params.taskId;
  // the connection a tool call names travels in a header too (x-mcp-header), which the server checks
  const connection = method === 'tools/call' ? (params.arguments as { target?: unknown }).target : undefined;
  const response = await fetch(http.url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': REVISION,
      'mcp-method': method,
      ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
      ...(typeof connection === 'string' ? { 'mcp-param-connection': connection } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
  });
  const text = await response.text();
  // a JSON body, or an SSE stream whose message with this id is the answer
  const messages = response.headers.get('content-type')?.includes('text/event-stream')
    ? text
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => JSON.parse(l.slice(6)) as { id?: number } & Answer)
    : [JSON.parse(text) as { id?: number } & Answer];
  const answer = messages.find((m) => m.id === id);
  if (!answer) throw new Error(`no answer to ${method} (HTTP ${response.status}): ${text.slice(0, 500)}`);
  return answer;
}

const getTask = async (taskId: string) => {
  const { result, error } = await send('tasks/get', { taskId });
  expect(error).toBeUndefined();
  return GetTaskResultV2Schema.parse(result);
};

/** an empty acknowledgement: `resultType: "complete"`, none of a task's fields */
const expectAck = (answer: Answer) => {
  expect(answer.error).toBeUndefined();
  expect(CancelTaskResultV2Schema.parse(answer.result).resultType).toBe('complete');
  for (const key of ['taskId', 'status', 'result', 'error']) expect(answer.result).not.toHaveProperty(key);
};

/** n block writes near spawn, in loaded chunks: a wall 20 wide */
const row = (n: number, z: number, block = 'stone') =>
  Array.from(
    { length: n },
    (_, i) => `setblock ${(i % 20) - 10} ${71 + Math.floor(i / 20)} ${z} minecraft:${block}`,
  );

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcbridge-tasks-2026-'));
  const structures = new StructureStore(join(dir, 'structures'));
  world = await startWorld({ ops: ['TaskBot26', 'TaskBot26Paced'], templates: structures });
  const target = mineflayerTarget({
    host: world.host,
    port: world.port,
    username: 'TaskBot26',
    version: world.version,
    spawnTimeoutMs: 120_000,
  });
  // a second connection held to 20 packets a second by its operator's limit: a build on it takes a minute, so
  // a cancel sent once it is under way lands mid-way however fast the rest of the machine is
  const paced = mineflayerTarget({
    name: 'paced',
    host: world.host,
    port: world.port,
    username: 'TaskBot26Paced',
    version: world.version,
    spawnTimeoutMs: 120_000,
    packetLimit: { limit: { rate: 20, seconds: 1 }, from: 'flag' },
  });
  targets = new Targets([target, paced]);
  const undo = new UndoRegistry();
  jobs = new JobManager({ targets, safety: defaultSafetyConfig, log: silent, dir: join(dir, 'jobs'), undo });
  await jobs.init();
  const tasks = new McbridgeTaskStore();
  const pages = new ResultPages();
  http = await startHttpServer({
    port: 0,
    token,
    makeServer: () =>
      createServer({
        targets,
        log: silent,
        safety: defaultSafetyConfig,
        jobs,
        undo,
        structures,
        tasks,
        pages,
      }),
    log: silent,
  });
  await target.get();
}, 180_000);

afterAll(async () => {
  await http?.close();
  await jobs?.close();
  await targets?.closeAll();
  await world?.stop();
});

describe('tasks of a 2026-07-28 client', () => {
  test('the SDK Client finds the tasks extension advertised, and neither tasks nor logging of 2025-11-25', async () => {
    const client = new Client(
      { name: 'tasks-2026', version: '0' },
      { versionNegotiation: { mode: { pin: REVISION } } },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL(http.url), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    expect(client.getProtocolEra()).toBe('modern');
    const capabilities = client.getServerCapabilities();
    expect(capabilities?.extensions?.[TASKS_EXTENSION_ID_V2]).toEqual({});
    expect(capabilities).not.toHaveProperty('tasks');
    expect(capabilities).not.toHaveProperty('logging');
    await client.close();
  });

  test('a build runs as a task: resultType task at once, tasks/get polled to completed, the result inlined', async () => {
    const { result, error } = await send('tools/call', {
      name: 'execute_commands',
      arguments: { commands: row(40, 20) },
    });
    expect(error).toBeUndefined();
    expect(result?.resultType).toBe('task');
    const created = CreateTaskResultV2Schema.parse(result);
    expect(created.status).toBe('working');
    expect(created.ttlMs).toBeGreaterThan(0);
    expect(created.pollIntervalMs).toBeGreaterThan(0);
    expect(result).not.toHaveProperty('task');
    expect(result).not.toHaveProperty('ttl');

    // each tasks/get is answered by another server of this process: the task is the companion's
    let last = await getTask(created.taskId);
    await until(
      'the task to complete',
      async () => (last = await getTask(created.taskId)).status === 'completed',
      170_000,
    );
    expect(last.resultType).toBe('complete');
    if (last.status !== 'completed') throw new Error(`task ended ${last.status}`);
    const answer = last.result as {
      content: Array<{ type: string; text: string }>;
      structuredContent: unknown;
    };
    const batch = answer.structuredContent as CompactBatchResult;
    // the answer as a 2026-07-28 tools/call carries it
    expect((last.result as { resultType?: unknown }).resultType).toBe('complete');
    expect(batch.totalCommands).toBe(40);
    expect(batch.appliedCount).toBe(40);
    expect(answer.content[0]!.text.split('\n')[0]).toMatch(/^40\/40 applied/);
    expect(last.statusMessage).toBe(`completed: ${answer.content[0]!.text.split('\n')[0]}`);
    expect(JSON.stringify(answer)).not.toContain('io.modelcontextprotocol/related-task');
    // a finished task is acknowledged again, unchanged
    const again = await send('tasks/cancel', { taskId: created.taskId });
    expectAck(again);
    expect((await getTask(created.taskId)).status).toBe('completed');
  });

  test('a build cancelled mid-way ends cancelled, its status message accounting for every command', async () => {
    const { result } = await send('tools/call', {
      name: 'execute_commands',
      arguments: { commands: row(1000, 22, 'oak_planks'), target: 'paced' },
    });
    const { taskId } = CreateTaskResultV2Schema.parse(result);
    // under way: the first commands are done
    await until(
      'the build to be under way',
      async () => /^[1-9]\d*\/1000 commands done/.test((await getTask(taskId)).statusMessage ?? ''),
      170_000,
    );
    const ack = await send('tasks/cancel', { taskId });
    expectAck(ack);
    let last = await getTask(taskId);
    await until(
      'the cancelled work to stop',
      async () => (last = await getTask(taskId)).status !== 'working',
      170_000,
    );
    expect(last.status).toBe('cancelled');
    expect(last).not.toHaveProperty('result');
    const counts =
      /^cancelled: (\d+)\/1000 applied.*?, (\d+) failed, (\d+) unknown .*; (\d+) skipped, not sent$/.exec(
        last.statusMessage ?? '',
      );
    expect(counts, last.statusMessage).not.toBeNull();
    const [applied, failed, unknown, skipped] = counts!.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
    ];
    expect(applied).toBeGreaterThan(0);
    expect(skipped).toBeGreaterThan(0);
    expect(applied + failed + unknown + skipped).toBe(1000);
  });

  test("the extension's own client (ext-tasks) runs a build through mcbridge to its result", async () => {
    const client = new Client(
      { name: 'tasks-2026-ext', version: '0' },
      { versionNegotiation: { mode: { pin: REVISION } } },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL(http.url), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    const session = createTaskSessionFromClient(client, {
      endpointId: 'mcbridge-tasks-2026-test',
      // the host's raw request path ext-tasks needs beside SDK 2.4.0's Client, which refuses task results
      rawDispatch: async (request) => {
        const answer = await post(request as { method: string; params: Record<string, unknown> });
        return answer.error
          ? { kind: 'error', error: answer.error as { code: number; message: string } }
          : { kind: 'result', result: answer.result as Record<string, never> };
      },
      v2RequestFraming: {
        protocolVersion: REVISION,
        clientInfo: { name: 'tasks-2026-ext', version: '0' },
        clientCapabilities: {},
      },
    });
    try {
      const execution = await session.callTool('execute_commands', { commands: row(10, 26) });
      expect(execution.kind).toBe('task');
      const { outcome } = await execution.settle();
      expect(outcome.status).toBe('completed');
      const result = resultFromTaskOutcome(outcome) as unknown as { structuredContent: CompactBatchResult };
      expect(result.structuredContent.appliedCount).toBe(10);
    } finally {
      await session.close();
      await client.close();
    }
  });

  test('start_build_job as a task follows the job to its end; the job report is the task result', async () => {
    const commands = Array.from({ length: 30 }, (_, i) => `setblock ${i - 15} 68 -14 minecraft:glass`);
    const { result } = await send('tools/call', {
      name: 'start_build_job',
      arguments: { name: 'glass row 2026', commands, chunkSize: 5 },
    });
    const { taskId } = CreateTaskResultV2Schema.parse(result);
    let last = await getTask(taskId);
    await until(
      'the job task to end',
      async () => (last = await getTask(taskId)).status !== 'working',
      170_000,
    );
    if (last.status !== 'completed') throw new Error(`task ended ${last.status}: ${last.statusMessage}`);
    const report = (last.result as { structuredContent: { status: string; doneSteps: number } })
      .structuredContent;
    expect(report.status).toBe('completed');
    expect(report.doneSteps).toBe(30);
  });

  test('a task whose arguments are wrong completes with the tool error a plain call answers, not failed', async () => {
    const args = { name: 'execute_commands', arguments: { commands: 'stone' } };
    const plain = await send('tools/call', args, false);
    expect(plain.error).toBeUndefined();
    expect(plain.result?.isError).toBe(true);
    const { result } = await send('tools/call', args);
    const { taskId } = CreateTaskResultV2Schema.parse(result);
    let last = await getTask(taskId);
    await until('the task to end', async () => (last = await getTask(taskId)).status !== 'working', 60_000);
    // a tool that answered with an error is completed with that answer; failed is for work that threw
    expect(last.status).toBe('completed');
    // the same answer, less what the wire adds to a plain one (resultType, serverInfo)
    const { content } = plain.result as { content: unknown };
    expect(last.status === 'completed' ? last.result : undefined).toMatchObject({ content, isError: true });
  });

  test('without the extension a build is a plain call, and the task methods are refused with -32021', async () => {
    const plain = await send(
      'tools/call',
      { name: 'execute_commands', arguments: { commands: row(3, 24) } },
      false,
    );
    expect(plain.result?.resultType).toBe('complete');
    expect(plain.result).not.toHaveProperty('taskId');
    expect((plain.result?.structuredContent as CompactBatchResult).appliedCount).toBe(3);
    for (const method of ['tasks/get', 'tasks/cancel', 'tasks/update']) {
      const { error } = await send(method, { taskId: 'any', inputResponses: {} }, false);
      expect(error?.code, method).toBe(-32021);
      expect(error?.data).toEqual({ requiredCapabilities: { extensions: { [TASKS_EXTENSION_ID_V2]: {} } } });
    }
    // 2025-11-25's methods are gone from this revision; an unknown task is -32602
    for (const method of ['tasks/result', 'tasks/list'])
      expect((await send(method, { taskId: 'any' })).error?.code, method).toBe(-32601);
    expect((await send('tasks/get', { taskId: 'no-such-task' })).error?.code).toBe(-32602);
  });
});
