/**
 * Every cost is bounded before work starts: boxes far beyond a tool's limit are refused with the limit and a
 * few ready split calls, and the server goes on answering. Runs the built CLI (`serve --embedded`) in its own
 * process, so that a call that wedged the server could only fail this test (the client's request bound and
 * the other call racing it), never hang the test process itself.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = `${root}dist/cli/main.js`;

let client: Client;

// a generous bound for "answered at all": a refusal needs no world work, only the round trip
const ANSWERED = { timeout: 60_000 };

beforeAll(async () => {
  // test/global-setup.ts built dist from today's sources
  expect(existsSync(cli)).toBe(true);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, 'serve', '--embedded', '--username', 'Bounds'],
    stderr: 'pipe',
    env: {
      ...process.env,
      MCBRIDGE_LOG_LEVEL: 'warn',
      MCBRIDGE_JOBS_DIR: mkdtempSync(join(tmpdir(), 'mcbridge-jobs-')),
      MCBRIDGE_STRUCTURES_DIR: mkdtempSync(join(tmpdir(), 'mcbridge-structures-')),
    } as Record<string, string>,
  });
  client = new Client({ name: 'bounds', version: '0' });
  await client.connect(transport);
  // the bot is in the world before the hostile calls start
  await client.callTool({ name: 'get_connection_info', arguments: {} }, { timeout: 120_000 });
});
afterAll(async () => {
  await client?.close();
});

const call = async (name: string, args: unknown) =>
  (await client.callTool({ name, arguments: args as Record<string, unknown> }, ANSWERED)) as CallToolResult;
const text = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

const WORLD = {
  from: { x: -30_000_000, y: -64, z: -30_000_000 },
  to: { x: 30_000_000, y: 319, z: 30_000_000 },
};
const LAYER = { from: { x: 0, y: 70, z: 0 }, to: { x: 100_000, y: 70, z: 100_000 } };

test.each([
  ['get_blocks_in_area', {}],
  ['render_area', {}],
  ['save_structure', { name: 'world' }],
])(
  '%s refuses a 60,000,000-wide box with the limit and a few ready parts, and the server answers another call meanwhile',
  async (tool, extra) => {
    const [big, other] = await Promise.all([
      call(tool, { ...WORLD, ...extra }),
      call('list_connections', {}),
    ]);
    expect(other.isError).toBeFalsy();
    expect(big.isError).toBe(true);
    const t = text(big);
    expect(t).toMatch(/more than 32,768 per call/);
    // the refusal does not grow with the box: a count, and a few parts ready to call
    expect(t.length).toBeLessThan(1_500);
    const parts = [...t.matchAll(/\{"from":\{[^}]*\},"to":\{[^}]*\}\}/g)].map(
      (m) => JSON.parse(m[0]) as typeof WORLD,
    );
    expect(parts.length).toBeGreaterThan(0);
    expect(parts.length).toBeLessThanOrEqual(4);
    // each part is a ready call: within the limit, and the tool takes it without a size refusal
    for (const p of parts) {
      const v = (p.to.x - p.from.x + 1) * (p.to.y - p.from.y + 1) * (p.to.z - p.from.z + 1);
      expect(v).toBeLessThanOrEqual(32_768);
    }
    const first = await call(tool, { ...parts[0], ...extra });
    expect(text(first)).not.toMatch(/more than 32,768|invalid arguments/);
  },
);

test('a 100,001 × 1 × 100,001 layer is refused with a count of parts, not a list of them', async () => {
  const r = await call('get_blocks_in_area', LAYER);
  expect(r.isError).toBe(true);
  const t = text(r);
  expect(t.length).toBeLessThan(1_500);
  expect(t).toMatch(/10,000,200,001 blocks/);
});
