/** The built CLI as an MCP client starts it: `mcbridge serve --embedded` over stdio, nothing but MCP on stdout. */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, expect, test } from 'vitest';
import type { BatchResult } from '../../src/results/schema.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = `${root}dist/cli/main.js`;

beforeAll(() => {
  // test/global-setup.ts built dist from today's sources
  expect(existsSync(cli)).toBe(true);
});

test('serve --embedded answers initialize, lists tools and runs a command', async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, 'serve', '--embedded', '--username', 'Smoke'],
    stderr: 'pipe',
    env: { ...process.env, MCBRIDGE_LOG_LEVEL: 'warn' } as Record<string, string>,
  });
  const client = new Client({ name: 'smoke', version: '0' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['execute_commands', 'get_connection_info']),
    );
    const result = (await client.callTool(
      {
        name: 'execute_commands',
        arguments: { commands: ['setblock ~1 ~ ~1 minecraft:stone', 'setblock ~1 ~ ~1 minecraft:stone'] },
      },
      undefined,
      { timeout: 60_000 },
    )) as CallToolResult;
    const batch = result.structuredContent as unknown as BatchResult;
    expect(batch.results.map((r) => r.status)).toEqual(['applied', 'rejected_by_game']);
    expect(batch.results[1]!.detail?.noChange).toBe(true);
  } finally {
    await client.close();
  }
}, 90_000);
