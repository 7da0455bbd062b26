/**
 * Resources, resource templates, subscriptions, prompts and completions through the SDK's real Client,
 * against the embedded world with a real job manager and structure store.
 */
import { UndoRegistry } from '../../src/batch/undo.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, InMemoryTransport, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
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

  test('a connection that does not exist answers -32602 naming its URI and the connections there are, as a missing structure does', async () => {
    const refusal = async (uri: string) =>
      client.readResource({ uri }).then(
        () => undefined,
        (e: unknown) => e as ProtocolError,
      );
    const connection = await refusal('mcbridge://connections/nowhere');
    const structure = await refusal('mcbridge://structures/nothing-saved-by-this-name');
    expect(structure).toBeInstanceOf(ProtocolError);
    expect(connection).toBeInstanceOf(ProtocolError);
    expect(connection!.code).toBe(ProtocolErrorCode.InvalidParams);
    expect(connection!.code).toBe(structure!.code);
    expect(connection!.message).toContain('mcbridge://connections/nowhere');
    expect(connection!.message).toContain('no connection named "nowhere"');
    expect(connection!.message).toContain('use one of: sandbox');
    expect(connection!.data).toMatchObject({ uri: 'mcbridge://connections/nowhere' });
    // a name that is not even a valid escape is not found either, not an internal error
    expect((await refusal('mcbridge://connections/%E0%A4%A'))!.code).toBe(ProtocolErrorCode.InvalidParams);
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

  test('build_house reads the rooms and style a user types: "two" rooms and "Stone" build two stone rooms, every command applied', async () => {
    const { prompts } = await client.listPrompts();
    const house = prompts.find((p) => p.name === 'build_house')!;
    const rooms = house.arguments!.find((a) => a.name === 'rooms')!;
    expect(rooms.description).toBe(
      'number of rooms: a whole number from 1 to 8, digits or words (default 3)',
    );
    const prompt = await client.getPrompt({
      name: 'build_house',
      arguments: { rooms: 'two', style: 'Stone' },
    });
    expect(prompt.description).toBe('A house of 2 rooms');
    const text = (prompt.messages[0]!.content as { text: string }).text;
    expect(text).toContain('Build a house of 2 rooms in a row (7×7 each, sharing walls), stone style');
    const commands = JSON.parse(text.slice(text.indexOf('```json') + 7, text.lastIndexOf('```'))) as string[];
    expect(commands.filter((c) => c.endsWith('minecraft:stone_bricks hollow'))).toHaveLength(2);
    // built 40 blocks west of the other tests' blocks, so that it meets none of them
    const result = await call('execute_commands', { commands: commands.map((c) => shiftX(c, -40)) });
    const statuses = (result.structuredContent as unknown as BatchResult).results.map((r) => r.status);
    expect(statuses).toEqual(commands.map(() => 'applied'));
    // digits, a unit and one room read too
    const one = await client.getPrompt({ name: 'build_house', arguments: { rooms: ' 1 room ' } });
    expect(one.description).toBe('A house of 1 room');
  });

  test.each([
    [
      'build_house',
      { rooms: 'lots' },
      'rooms: "lots" is not a number: give a whole number of rooms from 1 to 8, as digits (3) or words (three)',
    ],
    [
      'build_house',
      { rooms: '12' },
      'rooms: 12 is outside what this prompt builds: give a whole number of rooms from 1 to 8',
    ],
    ['build_house', { rooms: '2.5' }, 'rooms: "2.5" is not a number'],
    [
      'build_house',
      { style: 'gothic' },
      'style: "gothic" is not one of cabin, stone, modern or medieval (default cabin)',
    ],
    [
      'build_room',
      { doorSide: 'up' },
      'doorSide: "up" is not one of north, south, east or west (default south)',
    ],
    ['build_room', { windows: 'maybe' }, 'windows: "maybe" is not one of yes or no (default yes)'],
    [
      'build_room',
      { width: 'two' },
      'width: 2 is outside what this prompt builds: give a whole number of blocks from 3 to 64',
    ],
    [
      'build_room',
      { wall: 'spruce_plank' },
      'wall: "spruce_plank" is not a block of this server\'s version: did you mean minecraft:spruce_planks',
    ],
    ['build_room', { floor: 'oak planks!' }, 'floor: "oak planks!" is not a block id'],
    [
      'inspect_and_repair',
      { from: 'here', to: '1 2 3' },
      'from: "here" is not a block position: give three whole numbers, x y z',
    ],
  ])('%s refuses %j with what it takes (-32602)', async (name, args, says) => {
    const error = await client.getPrompt({ name, arguments: args as Record<string, string> }).then(
      () => undefined,
      (e: unknown) => e as ProtocolError,
    );
    expect(error).toBeInstanceOf(ProtocolError);
    expect(error!.code).toBe(ProtocolErrorCode.InvalidParams);
    expect(error!.message).toContain(`Invalid arguments for prompt ${name}: ${says}`);
  });

  test('build_room reads what a user types: words for sizes, sides by their letter, block names with spaces', async () => {
    const prompt = await client.getPrompt({
      name: 'build_room',
      arguments: {
        width: 'five',
        depth: 'six',
        height: '',
        wall: 'Oak Planks',
        doorSide: 'E',
        furnished: 'no',
      },
    });
    const text = (prompt.messages[0]!.content as { text: string }).text;
    expect(prompt.description).toBe('A 5×6 room, 3 high inside');
    expect(text).toContain('fill ~2 ~-1 ~2 ~6 ~3 ~7 minecraft:oak_planks hollow');
    expect(text).toContain('oak_door[facing=west,half=lower]');
    expect(text).not.toContain('crafting_table');
    const inspect = await client.getPrompt({
      name: 'inspect_and_repair',
      arguments: { from: '10, 64, -5', to: '12 66 -3' },
    });
    expect((inspect.messages[0]!.content as { text: string }).text).toContain(
      'get_blocks_in_area from 10 64 -5 to 12 66 -3',
    );
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
