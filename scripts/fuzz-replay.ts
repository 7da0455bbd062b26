/**
 * Replays the long fuzz's calls of some tools only, on a fresh `mcbridge serve --embedded`, with serve's
 * resident memory before and after each: to tell which tool moves memory, apart from the others.
 *   node --import tsx scripts/fuzz-replay.ts --tools render_area,view_region_mesh [--seed N --calls N --most N]
 * Prints one line per call (index in the fuzz, tool, argument bytes, MB before → after, the answer's start)
 * and serve's memory at the start and end. Uses the built CLI (or MCBRIDGE_FUZZ_CLI, as `npm run fuzz`).
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { CLI, hostileCalls, rssMb } from '../test/helpers/hostile-calls.js';

const { values } = parseArgs({
  options: {
    tools: { type: 'string' },
    seed: { type: 'string', default: '20261128' },
    calls: { type: 'string', default: '10000' },
    most: { type: 'string', default: String(Number.MAX_SAFE_INTEGER) },
  },
});
if (!values.tools) throw new Error('--tools a,b: the tools whose calls to replay');
const tools = values.tools.split(',');
const base = mkdtempSync(join(tmpdir(), 'mcbridge-replay-'));
for (const d of ['jobs', 'structures']) mkdirSync(join(base, d), { recursive: true });
const transport = new StdioClientTransport({
  command: process.execPath,
  args: [CLI, 'serve', '--embedded', '--username', 'Fuzz'],
  cwd: base,
  stderr: 'ignore',
  env: {
    ...process.env,
    MCBRIDGE_LOG_LEVEL: 'error',
    MCBRIDGE_JOBS_DIR: join(base, 'jobs'),
    MCBRIDGE_STRUCTURES_DIR: join(base, 'structures'),
  } as Record<string, string>,
});
const client = new Client({ name: 'replay', version: '0' });
await client.connect(transport);
const pid = transport.pid!;
const call = async (tool: string, args: unknown) =>
  (await client.request(
    { method: 'tools/call', params: { name: tool, arguments: args as Record<string, unknown> } },
    { timeout: 120_000 },
  )) as CallToolResult;
const info = await call('get_connection_info', {});
const block = (info.structuredContent as { bot?: { block?: { x: number; y: number; z: number } } }).bot
  ?.block;
if (!block) throw new Error('no bot position in get_connection_info');
const all = hostileCalls((await client.listTools()).tools, block, Number(values.seed), Number(values.calls));
process.stdout.write(`start: serve ${rssMb(pid)} MB\n`);
let replayed = 0;
for (const [i, c] of all.entries()) {
  if (!tools.includes(c.tool)) continue;
  if (replayed++ >= Number(values.most)) break;
  const before = rssMb(pid);
  let answer: string;
  try {
    const r = await call(c.tool, c.args);
    const first = r.content[0];
    answer = `${r.isError ? 'error' : 'ok'} ${first?.type === 'text' ? first.text.slice(0, 120) : ''}`;
  } catch (e) {
    answer = `JSON-RPC ${String(e).slice(0, 120)}`;
  }
  const bytes = JSON.stringify(c.args)?.length ?? 0;
  process.stdout.write(
    `${i}\t${c.tool}\t${bytes}\t${before} → ${rssMb(pid)}\t${answer.replace(/\n/g, ' ')}\n`,
  );
}
process.stdout.write(`end: serve ${rssMb(pid)} MB\n`);
await client.close();
