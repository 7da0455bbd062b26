import { Client, InMemoryTransport, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import type { Tool } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mineflayerTarget } from '../../src/connection/factories.js';
import { Targets } from '../../src/connection/targets.js';
import { createServer } from '../../src/mcp/server.js';
import { firstTooLong } from '../../src/mcp/invalid-params.js';
import { StartBuildJobInput } from '../../src/mcp/tools/start-build-job.js';
import { defaultSafetyConfig } from '../../src/safety/config.js';
import { logger } from '../../src/vocabulary/logger.js';

let client: Client;
let tools: Tool[];
let targets: Targets;

beforeAll(async () => {
  targets = new Targets([
    mineflayerTarget({ host: '127.0.0.1', port: 1, username: 'Nobody', version: '1.21.4' }),
  ]);
  const server = createServer({
    targets,
    log: logger.child({}, { level: 'silent' }),
    safety: defaultSafetyConfig,
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  client = new Client({ name: 'invalid-params', version: '0' });
  await client.connect(a);
  tools = (await client.listTools()).tools;
});
afterAll(async () => {
  await client?.close();
  await targets?.closeAll();
});

// the client's callTool would refuse to send these: the raw request is what a foreign client can send
const raw = (name: string, args: unknown) =>
  client.request({ method: 'tools/call', params: { name, arguments: args as Record<string, unknown> } });

const NOT_OBJECTS: Array<[string, unknown]> = [
  ['a number', 42],
  ['true', true],
  ['a list', []],
  ['a string', 'x'],
  ['null', null],
];

describe('arguments that are not an object', () => {
  test('every tool answers JSON-RPC -32602 with one sentence naming the tool', async () => {
    expect(tools.length).toBeGreaterThan(10);
    for (const tool of tools) {
      for (const [kind, args] of NOT_OBJECTS) {
        const error = await raw(tool.name, args).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error, `${tool.name} with ${kind}`).toBeInstanceOf(ProtocolError);
        expect((error as ProtocolError).code, `${tool.name} with ${kind}`).toBe(
          ProtocolErrorCode.InvalidParams,
        );
        expect((error as ProtocolError).message).toBe(
          `the arguments of ${tool.name} must be an object of named arguments, not ${kind}: pass {} when it takes none`,
        );
      }
    }
  });
});

/** a value of the wrong kind for a property's JSON Schema */
const wrongFor = (schema: { type?: unknown }): unknown => (schema.type === 'string' ? 42 : 'x');

describe('an object with wrong fields', () => {
  test('every tool names each wrong argument in a sentence of its own, in an error result', async () => {
    for (const tool of tools) {
      const properties = Object.entries(
        (tool.inputSchema.properties ?? {}) as Record<string, { type?: unknown }>,
      );
      if (properties.length === 0) continue;
      const args = Object.fromEntries(properties.map(([k, s]) => [k, wrongFor(s)]));
      const result = await raw(tool.name, args);
      expect(result.isError, tool.name).toBe(true);
      const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
      expect(text, tool.name).toMatch(
        new RegExp(`^Input validation error: Invalid arguments for tool ${tool.name}: `),
      );
      for (const [k] of properties) expect(text, `${tool.name}: ${k}`).toContain(`\`${k}`);
      // sentences, not Zod's dump
      expect(text).not.toMatch(/Invalid input|"code":|received/);
    }
  });

  test.each([
    [
      { from: { x: 'a', y: 1 }, to: { x: 1.5, y: 1, z: 1 } },
      '`from.x` must be a number, not a string. `from.z` is missing: expected a number. `to.x` must be a whole number of blocks, not 1.5.',
    ],
    [
      { from: { x: 0, y: 0, z: 0 }, to: { x: 0, y: 0, z: 0 }, format: 'csv' },
      '`format` must be one of "layers", "runs", not "csv".',
    ],
  ])('get_blocks_in_area %o', async (args, sentences) => {
    const result = await raw('get_blocks_in_area', args);
    expect(result.isError).toBe(true);
    expect(result.content[0]).toEqual({
      type: 'text',
      text: `Input validation error: Invalid arguments for tool get_blocks_in_area: ${sentences}`,
    });
  });

  test('a batch item of neither form names both forms; a step names its own wrong field', async () => {
    const result = await raw('execute_commands', { commands: [1, { command: 'say hi', dependsOn: 'a' }] });
    const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
    expect(text).toContain('`commands[0]` must be a string or an object, not a number.');
    expect(text).toContain('`commands[1].dependsOn` must be a list, not a string.');
  });

  test.each([
    [
      'execute_commands',
      { commands: Array.from({ length: 1_001 }, () => 'say x') },
      '`commands` must have at most 1000 items, not 1001.',
    ],
    [
      'execute_commands',
      { commands: ['say x', 'x'.repeat(40_001)] },
      '`commands[1]` must have at most 40000 characters, not 40001.',
    ],
  ])(
    '%s: a list or string past its limit is named with the limit and its length',
    async (tool, args, sentence) => {
      const result = await raw(tool, args);
      expect(result.isError).toBe(true);
      expect(result.content[0]).toEqual({
        type: 'text',
        text: `Input validation error: Invalid arguments for tool ${tool}: ${sentence}`,
      });
    },
  );

  test('a list of a thousand wrong items is told in a few sentences and a count of the rest', async () => {
    const result = await raw('execute_commands', { commands: Array.from({ length: 1_000 }, () => 42) });
    expect(result.isError).toBe(true);
    const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
    expect(text).toContain('`commands[0]` must be a string or an object, not a number.');
    expect(text).toContain('and 990 more problems');
    // the answer does not grow with the list
    expect(text.length).toBeLessThan(1_500);
  });

  test("a job's nested list past its limit is found before any element is parsed", () => {
    const phases = [{ name: 'walls', commands: Array.from({ length: 50_001 }, () => 'say x') }];
    expect(firstTooLong(StartBuildJobInput, { name: 'big', phases })).toBe(
      '`phases[0].commands` must have at most 50000 items, not 50001.',
    );
    expect(
      firstTooLong(StartBuildJobInput, { name: 'ok', phases: [{ name: 'a', commands: ['say x'] }] }),
    ).toBe(undefined);
  });
});
