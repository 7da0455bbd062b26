/**
 * MCP tasks end to end through the SDK client, on the embedded world: execute_commands, place_structure and
 * start_build_job called as tasks return a task at once, its status carries progress, tasks/result gives
 * what a plain call gives, tasks/cancel stops the work with every command accounted for, a client that
 * reconnects to another server of the same companion still gets its task, and plain calls keep working.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CallToolResultSchema,
  CancelTaskResultSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
  ListTasksResultSchema,
} from '@modelcontextprotocol/core';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UndoRegistry } from '../../src/batch/undo.js';
import { mineflayerTarget } from '../../src/connection/factories.js';
import { Targets } from '../../src/connection/targets.js';
import { JobManager } from '../../src/jobs/manager.js';
import { createServer } from '../../src/mcp/server.js';
import { McbridgeTaskStore } from '../../src/mcp/task-store.js';
import type { BatchResult } from '../../src/results/schema.js';
import { defaultSafetyConfig } from '../../src/safety/config.js';
import { StructureStore } from '../../src/structures/store.js';
import { logger } from '../../src/vocabulary/logger.js';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { until } from '../helpers/wait.js';

const silent = logger.child({}, { level: 'silent' });
let world: WorldHandle;
let targets: Targets;
let jobs: JobManager;
let tasks: McbridgeTaskStore;
let makeClient: () => Promise<Client>;
let client: Client;

const long = { timeout: 170_000 };

const startTask = async (name: string, args: Record<string, unknown>, on = client) =>
  (
    await on.request(
      { method: 'tools/call', params: { name, arguments: args, task: { ttl: 600_000 } } },
      CreateTaskResultSchema,
      long,
    )
  ).task;

// the task methods of 2025-11-25, which SDK v2 keeps as wire vocabulary: requested with their schemas
const resultOf = async (taskId: string, on = client) =>
  (await on.request(
    { method: 'tasks/result', params: { taskId } },
    CallToolResultSchema,
    long,
  )) as CallToolResult;

const statusOf = (taskId: string, on = client) =>
  on.request({ method: 'tasks/get', params: { taskId } }, GetTaskResultSchema, long);

const cancel = (taskId: string, on = client) =>
  on.request({ method: 'tasks/cancel', params: { taskId } }, CancelTaskResultSchema, long);

const list = (on = client) => on.request({ method: 'tasks/list', params: {} }, ListTasksResultSchema, long);

/** n block writes near spawn, in loaded chunks: a wall 20 wide */
const row = (n: number, z = 10) =>
  Array.from(
    { length: n },
    (_, i) => `setblock ${(i % 20) - 10} ${71 + Math.floor(i / 20)} ${z} minecraft:stone`,
  );

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcbridge-tasks-'));
  const structures = new StructureStore(join(dir, 'structures'));
  world = await startWorld({ ops: ['TaskBot'], templates: structures });
  const target = mineflayerTarget({
    host: world.host,
    port: world.port,
    username: 'TaskBot',
    version: world.version,
    spawnTimeoutMs: 120_000,
  });
  targets = new Targets([target]);
  const undo = new UndoRegistry();
  jobs = new JobManager({ targets, safety: defaultSafetyConfig, log: silent, dir: join(dir, 'jobs'), undo });
  await jobs.init();
  tasks = new McbridgeTaskStore();
  makeClient = async () => {
    const server = createServer({
      targets,
      log: silent,
      safety: defaultSafetyConfig,
      jobs,
      undo,
      structures,
      tasks,
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(b);
    const c = new Client({ name: 'tasks-test', version: '0' });
    await c.connect(a);
    return c;
  };
  client = await makeClient();
  await target.get();
});

afterAll(async () => {
  await client?.close();
  await jobs?.close();
  await targets?.closeAll();
  await world?.stop();
});

describe('MCP tasks', () => {
  test('the long tools say they may be called as tasks; the others do not', async () => {
    const { tools } = await client.listTools();
    const optional = tools.filter((t) => t.execution?.taskSupport === 'optional').map((t) => t.name);
    expect(optional.sort()).toEqual(['execute_commands', 'place_structure', 'start_build_job']);
  });

  test('execute_commands as a task: created at once, then completed with what a plain call answers', async () => {
    const task = await startTask('execute_commands', { commands: row(20, 12) });
    expect(task.status).toBe('working');
    expect(task.pollInterval).toBeGreaterThan(0);
    await until(
      'the task to complete',
      async () => (await statusOf(task.taskId)).status === 'completed',
      170_000,
    );
    const result = await resultOf(task.taskId);
    const batch = result.structuredContent as unknown as BatchResult;
    expect(batch.totalCommands).toBe(20);
    expect(batch.appliedCount + batch.failedCount).toBe(20);
    const text = (result.content[0] as { text: string }).text;
    // the same answer as a plain call of the same kind of commands
    const plain = (await client.callTool(
      { name: 'execute_commands', arguments: { commands: row(20, 14) } },
      long,
    )) as CallToolResult;
    expect(Object.keys(plain.structuredContent!).sort()).toEqual(Object.keys(batch).sort());
    expect(text.split('\n')[0]).toMatch(/20/);
    // a completed task's status says how it ended, in the words of the answer's first line
    expect((await statusOf(task.taskId)).statusMessage).toBe(`completed: ${text.split('\n')[0]}`);
  });

  test('tasks/cancel stops after what was sent and the result accounts for every command', async () => {
    // cancelled as soon as it is created: 1000 commands cannot all be done by then
    const task = await startTask('execute_commands', {
      commands: row(1000).map((c) => c.replace('stone', 'oak_planks')),
      resultDetail: 'full',
    });
    const cancelled = await cancel(task.taskId);
    expect(cancelled.status).toBe('cancelled');
    const result = await resultOf(task.taskId);
    const batch = result.structuredContent as unknown as BatchResult;
    expect(batch.results).toHaveLength(1000);
    const notSent = batch.results.filter((r) => !r.accepted);
    expect(notSent.length).toBeGreaterThan(0);
    for (const r of notSent) expect(r.summary).toMatch(/not sent|skipped/i);
    expect(batch.results.filter((r) => r.accepted).length + notSent.length).toBe(1000);
    expect((await statusOf(task.taskId)).status).toBe('cancelled');
  });

  test("a plain call that names a cancelled task in its _meta still runs as itself, not under that task's cancel", async () => {
    const task = await startTask('execute_commands', { commands: row(200, 14) });
    await cancel(task.taskId);
    const plain = (await client.callTool(
      {
        name: 'execute_commands',
        arguments: { commands: ['setblock 0 71 16 minecraft:gold_block'] },
        _meta: { 'io.modelcontextprotocol/related-task': { taskId: task.taskId } },
      },
      long,
    )) as CallToolResult;
    const batch = plain.structuredContent as unknown as BatchResult;
    expect(batch.results).toHaveLength(1);
    expect(batch.results[0]!.status).toBe('applied');
  });

  test('place_structure as a task gives the bounded answer of a plain call', async () => {
    await client.callTool(
      { name: 'execute_commands', arguments: { commands: ['fill 2 70 -6 4 72 -4 minecraft:bricks'] } },
      long,
    );
    const saved = (await client.callTool(
      {
        name: 'save_structure',
        arguments: { name: 'cube', from: { x: 2, y: 70, z: -6 }, to: { x: 4, y: 72, z: -4 } },
      },
      long,
    )) as CallToolResult;
    expect(saved.isError, JSON.stringify(saved.content)).toBeFalsy();
    const task = await startTask('place_structure', { name: 'cube', origin: { x: 8, y: 70, z: -6 } });
    const result = await resultOf(task.taskId);
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as unknown as BatchResult).totalCommands).toBeGreaterThan(0);
    expect((await statusOf(task.taskId)).status).toBe('completed');
  });

  test('start_build_job as a task follows the job to its end; a plain call still answers at once', async () => {
    const commands = Array.from({ length: 30 }, (_, i) => `setblock ${i - 15} 68 -10 minecraft:glass`);
    const task = await startTask('start_build_job', { name: 'glass row', commands, chunkSize: 5 });
    const result = await resultOf(task.taskId);
    const report = result.structuredContent as { id: string; status: string; doneSteps: number };
    expect(report.status).toBe('completed');
    expect(report.doneSteps).toBe(30);
    expect((await statusOf(task.taskId)).statusMessage).toMatch(/steps done/);

    const plain = (await client.callTool(
      { name: 'start_build_job', arguments: { name: 'glass row again', commands } },
      long,
    )) as CallToolResult;
    const started = plain.structuredContent as { id: string };
    expect(started.id).toMatch(/\w/);
    const followed = (await client.callTool(
      { name: 'get_build_job', arguments: { id: started.id, waitSeconds: 120 } },
      long,
    )) as CallToolResult;
    expect((followed.structuredContent as { status: string }).status).toBe('completed');
  });

  test('a client that reconnects, to another server of the same companion, still gets its task', async () => {
    const first = await makeClient();
    const task = await startTask('execute_commands', { commands: row(10) }, first);
    await first.close();
    const second = await makeClient();
    const listed = await list(second);
    expect(listed.tasks.map((t) => t.taskId)).toContain(task.taskId);
    const result = await resultOf(task.taskId, second);
    expect((result.structuredContent as unknown as BatchResult).totalCommands).toBe(10);
    await second.close();
  });
});

describe('the task store', () => {
  const finish = (store: McbridgeTaskStore, id: string) =>
    store.storeTaskResult(id, 'completed', { content: [] });

  test('keeps a finished task for its ttl, at most the store maximum age', () => {
    let now = 0;
    const store = new McbridgeTaskStore(10, 60_000, () => now);
    const task = store.createTask({ ttl: 10_000_000 });
    expect(task.ttl).toBe(60_000);
    finish(store, task.taskId);
    now = 59_000;
    expect(store.getTask(task.taskId)).not.toBeNull();
    now = 61_000;
    expect(store.getTask(task.taskId)).toBeNull();
  });

  test('past its count, drops the oldest finished tasks, and refuses a new one when all are running', () => {
    const store = new McbridgeTaskStore(3, 60_000);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(store.createTask({}).taskId);
    expect(() => store.createTask({})).toThrow(/3 MCP tasks are still running/);
    finish(store, ids[0]!);
    finish(store, ids[1]!);
    store.createTask({});
    expect(store.getTask(ids[0]!)).toBeNull();
    expect(store.getTask(ids[1]!)).not.toBeNull();
    expect(store.listTasks().tasks).toHaveLength(3);
  });
});
