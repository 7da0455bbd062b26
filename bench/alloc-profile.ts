/**
 * Where a call's memory goes: `npm run bench:alloc` runs 5 execute_commands calls of 1,000 setblocks through
 * the MCP server in this process (one embedded world, one bot, the in-memory transport) under V8's sampling
 * heap profiler, counting objects collected since as well, and prints the bytes allocated per call by
 * package or mcbridge folder, by function (self), and by mcbridge function (inclusive). A tool for finding
 * what to cut, not a figure for the docs: a sampled profile is an estimate.
 */
import { Session } from 'node:inspector/promises';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { mineflayerTarget } from '../src/connection/factories.js';
import { Targets } from '../src/connection/targets.js';
import { createServer } from '../src/mcp/server.js';
import { defaultSafetyConfig } from '../src/safety/config.js';
import { logger } from '../src/vocabulary/logger.js';
import { startWorld } from '../src/world/index.js';

const world = await startWorld({ ops: ['Alloc'] });
const target = mineflayerTarget({
  host: world.host,
  port: world.port,
  username: 'Alloc',
  version: world.version,
});
const targets = new Targets([target]);
const server = createServer({
  targets,
  log: logger.child({}, { level: 'silent' }),
  safety: defaultSafetyConfig,
});
const [a, b] = InMemoryTransport.createLinkedPair();
await server.connect(b);
const client = new Client({ name: 'alloc', version: '0' });
await client.connect(a);
await target.get();
const cmds = (k: number) =>
  Array.from(
    { length: 1000 },
    (_, i) =>
      `setblock ~${2 + (i % 10)} ~${Math.floor(i / 100)} ~${Math.floor(i / 10) % 10} minecraft:${k % 2 ? 'dirt' : 'stone'}`,
  );
for (let k = 0; k < 3; k++)
  await client.callTool(
    { name: 'execute_commands', arguments: { commands: cmds(k) } },
    {
      timeout: 600000,
    },
  );
const profiler = new Session();
profiler.connect();
await profiler.post('HeapProfiler.startSampling', {
  samplingInterval: 4096,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
} as never);
const CALLS = 5;
for (let k = 0; k < CALLS; k++)
  await client.callTool(
    { name: 'execute_commands', arguments: { commands: cmds(k + 1) } },
    {
      timeout: 600000,
    },
  );
const { profile } = (await profiler.post('HeapProfiler.stopSampling')) as { profile: { head: Node } };
interface Node {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: Node[];
}
const byFn = new Map<string, number>();
const byPkg = new Map<string, number>();
const incl = new Map<string, number>();
const walk = (n: Node, stack: string[]): number => {
  const url = n.callFrame.url.replace(/^file:\/\//, '');
  const pkg = url.includes('node_modules/')
    ? url
        .split('node_modules/')
        .pop()!
        .split('/')
        .slice(0, url.split('node_modules/').pop()!.startsWith('@') ? 2 : 1)
        .join('/')
    : url.includes('/src/')
      ? 'src/' + url.split('/src/')[1]!.split('/')[0]
      : url || '(native)';
  const fn = `${n.callFrame.functionName || '(anon)'} ${url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`;
  byFn.set(fn, (byFn.get(fn) ?? 0) + n.selfSize);
  byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + n.selfSize);
  let total = n.selfSize;
  for (const c of n.children) total += walk(c, [...stack, fn]);
  if (url.includes('/src/') && !stack.includes(fn)) incl.set(fn, (incl.get(fn) ?? 0) + total);
  return total;
};
const total = walk(profile.head, []);
const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((x, y) => y[1] - x[1])
    .slice(0, n)
    .map(([k, v]) => `${(v / CALLS / 1e6).toFixed(1).padStart(7)} MB/call  ${k}`)
    .join('\n');
console.log(`allocated per call: ${(total / CALLS / 1e6).toFixed(1)} MB`);
console.log('--- by package/folder (self)\n' + top(byPkg, 15));
console.log('--- by function (self)\n' + top(byFn, 25));
console.log('--- mcbridge functions (inclusive)\n' + top(incl, 30));
await client.close();
await targets.closeAll();
await world.stop();
