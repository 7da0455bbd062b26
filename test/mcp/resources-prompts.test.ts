/**
 * Resources, resource templates, subscriptions, prompts and completions through the SDK's real Client,
 * against the embedded world with a real job manager and structure store.
 */
import { UndoRegistry } from '../../src/batch/undo.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mineflayerTarget } from '../../src/connection/factories.js';
import { Targets } from '../../src/connection/targets.js';
import { JobManager } from '../../src/jobs/manager.js';
import { logger } from '../../src/vocabulary/logger.js';
import { createServer } from '../../src/mcp/server.js';
import type { BatchResult } from '../../src/results/schema.js';
import { defaultSafetyConfig } from '../../src/safety/config.js';
import { StructureStore } from '../../src/structures/store.js';
import { startWorld, type WorldHandle } from '../../src/world/index.js';

const silent = logger.child({}, { level: 'silent' });
let world: WorldHandle;
let client: Client;
let targets: Targets;
let jobs: JobManager;
const listChanges: number[] = [];
const updated: string[] = [];

beforeAll(async () => {
  world = await startWorld({ ops: ['Resourceful'] });
  targets = new Targets([
    mineflayerTarget({
      name: 'sandbox',
      host: world.host,
      port: world.port,
      username: 'Resourceful',
      version: world.version,
    }),
  ]);
  jobs = new JobManager({
    targets,
    undo: new UndoRegistry(),
    safety: defaultSafetyConfig,
    log: silent,
    dir: mkdtempSync(join(tmpdir(), 'mcbridge-jobs-')),
    autoResume: false,
  });
  const server = createServer({
    targets,
    log: silent,
    safety: defaultSafetyConfig,
    jobs,
    structures: new StructureStore(mkdtempSync(join(tmpdir(), 'mcbridge-structures-'))),
  });
  client = new Client({ name: 'resources-test', version: '0' });
  client.setNotificationHandler('notifications/resources/list_changed', () => {
    listChanges.push(Date.now());
  });
  client.setNotificationHandler('notifications/resources/updated', (n) => {
    updated.push(n.params.uri);
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  await client.connect(a);
  await targets.get().get();
});
afterAll(async () => {
  await client?.close();
  await jobs?.close();
  await targets?.closeAll();
  await world?.stop();
});

const call = async (name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args }, { timeout: 60_000 })) as CallToolResult;

describe('resources', () => {
  test('the server declares resources (subscribe, listChanged), prompts and completions; four templates', async () => {
    expect(client.getServerCapabilities()).toMatchObject({
      resources: { subscribe: true, listChanged: true },
      prompts: {},
      completions: {},
      logging: {},
    });
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual([
      'mcbridge://connections/{name}',
      'mcbridge://jobs/{id}',
      'mcbridge://structure-files/{file}',
      'mcbridge://structures/{name}',
    ]);
  });

  test('a saved structure appears in the list (list_changed), reads as JSON and as a PNG', async () => {
    const before = listChanges.length;
    const built = await call('execute_commands', {
      commands: ['fill ~2 ~ ~2 ~4 ~2 ~4 minecraft:stone_bricks hollow'],
    });
    expect((built.structuredContent as unknown as BatchResult).results[0]!.status).toBe('applied');
    const p = targets.get().peek()!.channel.executorPosition()!;
    const [x, y, z] = [Math.floor(p.x), Math.floor(p.y), Math.floor(p.z)];
    const saved = await call('save_structure', {
      name: 'hut',
      from: { x: x + 2, y, z: z + 2 },
      to: { x: x + 4, y: y + 2, z: z + 4 },
    });
    expect(saved.isError).toBeFalsy();
    await expect.poll(() => listChanges.length).toBeGreaterThan(before);

    const { resources } = await client.listResources();
    const hut = resources.find((r) => r.uri === 'mcbridge://structures/hut');
    expect(hut).toMatchObject({ name: 'hut', mimeType: 'application/json' });
    expect(hut!.description).toMatch(/3×3×3, 26 blocks/);

    const read = await client.readResource({ uri: 'mcbridge://structures/hut' });
    const [json, png] = read.contents as Array<{ mimeType: string; text?: string; blob?: string }>;
    expect(JSON.parse(json!.text!)).toMatchObject({ name: 'hut', size: { x: 3, y: 3, z: 3 } });
    expect(png!.mimeType).toBe('image/png');
    expect(Buffer.from(png!.blob!, 'base64').subarray(1, 4).toString()).toBe('PNG');
  });

  test('a connection reads without connecting and says its state', async () => {
    const read = await client.readResource({ uri: 'mcbridge://connections/sandbox' });
    const body = JSON.parse((read.contents[0] as { text: string }).text);
    expect(body).toMatchObject({
      connection: 'sandbox',
      state: 'ready',
      isDefault: true,
      live: { version: '1.21.4', op: true },
    });
  });

  test('a subscribed build job sends updates while it runs; a new job changes the list', async () => {
    const changesBefore = listChanges.length;
    const started = await call('start_build_job', {
      name: 'row',
      commands: Array.from(
        { length: 300 },
        (_, i) => `setblock ~${i % 20} ~3 ~${-2 - Math.floor(i / 20)} minecraft:oak_planks`,
      ),
      chunkSize: 10,
    });
    expect(started.isError).toBeFalsy();
    const id = (started.structuredContent as { id: string }).id;
    const uri = `mcbridge://jobs/${id}`;
    await client.subscribeResource({ uri });
    await expect.poll(() => listChanges.length).toBeGreaterThan(changesBefore);
    // an update arrives while the job is still running (30 chunks of 10), not only at its end
    await expect.poll(() => updated.filter((u) => u === uri).length).toBeGreaterThan(0);
    const midway = JSON.parse(((await client.readResource({ uri })).contents[0] as { text: string }).text);
    expect(midway.doneSteps).toBeLessThan(300);
    // until the job stops running, however long a busy machine takes (each call waits at most 30 s)
    while (
      ((await call('get_build_job', { id, waitSeconds: 30 })).structuredContent as { status?: string })
        ?.status === 'running'
    );
    const report = JSON.parse(((await client.readResource({ uri })).contents[0] as { text: string }).text);
    expect(report).toMatchObject({ id, status: 'completed', doneSteps: 300 });
    await client.unsubscribeResource({ uri });
  });
});

describe('prompts and completions', () => {
  test('three prompts; build_room gives one batch that builds the room as asked, every command applied', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual(['build_house', 'build_room', 'inspect_and_repair']);
    const prompt = await client.getPrompt({
      name: 'build_room',
      arguments: {
        width: '5',
        depth: '6',
        height: '3',
        wall: 'oak_planks',
        doorSide: 'east',
        furnished: 'yes',
      },
    });
    const text = (prompt.messages[0]!.content as { text: string }).text;
    expect(text).toContain('get_connection_info');
    expect(text).toContain('fill ~2 ~-1 ~2 ~6 ~3 ~7 minecraft:oak_planks hollow');
    const commands = JSON.parse(text.slice(text.indexOf('```json') + 7, text.lastIndexOf('```'))) as string[];
    // build it away from the other tests' blocks: the same plan, 20 blocks further west
    const shifted = commands.map((c) => shiftX(c, -20));
    const result = await call('execute_commands', { commands: shifted });
    const statuses = (result.structuredContent as unknown as BatchResult).results.map((r) => r.status);
    expect(commands.length).toBeGreaterThan(5);
    expect(statuses).toEqual(commands.map(() => 'applied'));
    expect(text).toContain('oak_door[facing=west,half=lower]');
  });

  test('completions: block ids from the server, sides, structure names, connection names; unknown refs give nothing', async () => {
    const wall = await client.complete({
      ref: { type: 'ref/prompt', name: 'build_room' },
      argument: { name: 'wall', value: 'spruce_pla' },
    });
    expect(wall.completion.values).toContain('minecraft:spruce_planks');
    const sideValues = await client.complete({
      ref: { type: 'ref/prompt', name: 'build_room' },
      argument: { name: 'doorSide', value: 'e' },
    });
    expect(sideValues.completion.values[0]).toBe('east');
    const structure = await client.complete({
      ref: { type: 'ref/resource', uri: 'mcbridge://structures/{name}' },
      argument: { name: 'name', value: 'h' },
    });
    expect(structure.completion.values).toEqual(['hut']);
    const connection = await client.complete({
      ref: { type: 'ref/resource', uri: 'mcbridge://connections/{name}' },
      argument: { name: 'name', value: '' },
    });
    expect(connection.completion.values).toEqual(['sandbox']);
    const unknown = await client.complete({
      ref: { type: 'ref/prompt', name: 'no_such_prompt' },
      argument: { name: 'x', value: 'y' },
    });
    expect(unknown.completion.values).toEqual([]);
    const unknownTemplate = await client.complete({
      ref: { type: 'ref/resource', uri: 'mcbridge://no-such/{thing}' },
      argument: { name: 'thing', value: 'y' },
    });
    expect(unknownTemplate.completion.values).toEqual([]);
  });
});

/** Moves the x coordinate(s) of a relative `setblock`/`fill` by `dx`. */
function shiftX(command: string, dx: number): string {
  const words = command.split(' ');
  const shift = (i: number) => {
    const n = Number(words[i]!.slice(1) || 0) + dx;
    words[i] = `~${n}`;
  };
  shift(1);
  if (words[0] === 'fill') shift(4);
  return words.join(' ');
}
