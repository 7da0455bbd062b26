/**
 * What a model reads of the tool list every conversation: names, descriptions and input schemas of all tools,
 * from a real tools/list through the SDK client, stay within 16 KB; each description opens with a sentence
 * that says what the tool does; shared schema parts are written once per schema; the details moved out of
 * the descriptions are in the results guide resource.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { Tool } from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, test } from 'vitest';
import { UndoRegistry } from '../../src/batch/undo.js';
import { Targets } from '../../src/connection/targets.js';
import { JobManager } from '../../src/jobs/manager.js';
import { RESULTS_GUIDE_URI } from '../../src/mcp/resources/guide.js';
import { createServer } from '../../src/mcp/server.js';
import { defaultSafetyConfig } from '../../src/safety/config.js';
import { logger } from '../../src/vocabulary/logger.js';

const BUDGET = 16 * 1024;
const silent = logger.child({}, { level: 'silent' });
let client: Client;
let tools: Tool[];

/** what a model reads of one tool */
const modelRead = (t: Tool) =>
  JSON.stringify({ name: t.name, description: t.description, inputSchema: t.inputSchema });

beforeAll(async () => {
  const targets = new Targets([]);
  const undo = new UndoRegistry();
  const dir = mkdtempSync(join(tmpdir(), 'mcbridge-tool-list-'));
  // every tool registered, the build job tools too
  const jobs = new JobManager({ targets, safety: defaultSafetyConfig, log: silent, dir, undo });
  const server = createServer({ targets, log: silent, safety: defaultSafetyConfig, jobs, undo });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  client = new Client({ name: 'tool-list', version: '0' });
  await client.connect(a);
  ({ tools } = await client.listTools());
});

describe('the tool list a model reads', () => {
  test('names, descriptions and input schemas of all tools fit in 16 KB', () => {
    const sizes = tools.map((t) => [t.name, Buffer.byteLength(modelRead(t))] as const);
    const total = sizes.reduce((sum, [, n]) => sum + n, 0);
    process.stderr.write(`tool list read by a model: ${total} bytes for ${tools.length} tools\n`);
    expect(tools.length).toBeGreaterThanOrEqual(16);
    expect(total, JSON.stringify(sizes)).toBeLessThanOrEqual(BUDGET);
  });

  test.each([
    'execute_commands',
    'get_connection_info',
    'list_connections',
    'get_blocks_in_area',
    'render_area',
    'undo_last',
    'save_structure',
    'list_structures',
    'place_structure',
    'compare_structure',
    'get_batch_results',
    'start_build_job',
    'get_build_job',
    'resume_build_job',
    'list_build_jobs',
    'cancel_build_job',
    'view_region_mesh',
  ])('%s opens with a sentence saying what it does', (name) => {
    const tool = tools.find((t) => t.name === name);
    expect(tool, `${name} is listed`).toBeDefined();
    const first = tool!.description!.split(/(?<=[.:])\s/)[0]!;
    // an imperative verb, then what it acts on, in one short sentence
    expect(first).toMatch(
      /^(Run|Show|List|Read|Draw|Make|Put|Save|Build|Start|Continue|Stop|Compare) \S+ \S+/,
    );
    expect(first.length).toBeLessThanOrEqual(200);
  });

  test('a position is checked though its schema shows only "integer"', async () => {
    const call = (x: number) =>
      client.callTool({
        name: 'get_blocks_in_area',
        arguments: { from: { x, y: 0, z: 0 }, to: { x: 0, y: 0, z: 0 } },
      });
    const text = async (x: number) => JSON.stringify((await call(x)).content);
    expect(await text(40_000_000)).toContain(
      "`from.x` must be within the world's edge (±30,000,000), not 40000000",
    );
    expect(await text(1.5)).toContain('`from.x` must be a whole number of blocks, not 1.5');
  });

  test('shared schema parts are written once per schema', () => {
    for (const tool of tools) {
      const schema = JSON.stringify(tool.inputSchema);
      const batchItems = schema.split('"maxLength":40000').length - 1;
      // a command string and a step's command: one BatchItem definition at most
      expect(batchItems, tool.name).toBeLessThanOrEqual(2);
      expect(schema.split('"required":["x","y","z"]').length - 1, tool.name).toBeLessThanOrEqual(1);
    }
    const job = JSON.stringify(tools.find((t) => t.name === 'start_build_job')!.inputSchema);
    expect(job).toContain('"$ref":"#/$defs/BatchItem"');
  });

  test('what left the descriptions is in the results guide resource', async () => {
    const execute = tools.find((t) => t.name === 'execute_commands')!;
    expect(execute.description).toContain(RESULTS_GUIDE_URI);
    const { contents } = await client.readResource({ uri: RESULTS_GUIDE_URI });
    const text = (contents[0] as { text: string }).text;
    for (const status of [
      'applied',
      'rejected_by_game',
      'execution_error',
      'timed_out',
      'rejected_by_safety',
      'unknown',
      'skipped',
      'rolled_back',
    ])
      expect(text).toContain(`- ${status}:`);
    expect(text).toMatch(/resultDetail: "full"/);
    expect(text).toMatch(/actionHints\.nextSteps/);
    expect(text).toMatch(/tasks\/cancel/);
  });
});
