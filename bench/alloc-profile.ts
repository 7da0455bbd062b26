/**
 * Where a call's memory goes: `npm run bench:alloc` runs 5 execute_commands calls of 1,000 setblocks through
 * the MCP server in this process (one embedded world, one bot, the in-memory transport) under V8's sampling
 * heap profiler, counting objects collected since as well, and prints the bytes allocated per call by
 * package or mcbridge folder, by function (self), and by mcbridge function (inclusive). `--mixed` profiles the
 * bench's command mix instead (bench/commands.ts: 400 applied, 600 refused by the game), under a policy that
 * leaves the oversized fills to the game as the stdio section's does. A tool for finding what to cut, not a
 * figure for the docs: a sampled profile is an estimate.
 */
import { Session } from 'node:inspector/promises';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { mineflayerTarget } from '../src/connection/factories.js';
import { Targets } from '../src/connection/targets.js';
import { createServer } from '../src/mcp/server.js';
import { defaultSafetyConfig } from '../src/safety/config.js';
import { mixedCommands } from './commands.js';
import { logger } from '../src/vocabulary/logger.js';
import { startWorld } from '../src/world/index.js';

const MIXED = process.argv.includes('--mixed');
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
  safety: MIXED
    ? { ...defaultSafetyConfig, maxFillVolume: 1_000_000, maxBatchVolume: 100_000_000 }
    : defaultSafetyConfig,
});
const [a, b] = InMemoryTransport.createLinkedPair();
await server.connect(b);
const client = new Client({ name: 'alloc', version: '0' });
await client.connect(a);
const session = await target.get();
const p = session.channel.executorPosition?.();
const origin = { x: Math.floor(p?.x ?? 0) + 2, y: Math.floor(p?.y ?? 0), z: Math.floor(p?.z ?? 0) + 10 };
const cmds = (k: number) =>
  MIXED
    ? mixedCommands(1000, origin, k)
    : Array.from(
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
if (process.env.ALLOC_NATIVE) {
  const nativeBy = new Map<string, number>();
  const visit = (n: Node, parent: string) => {
    const own = n.callFrame.url
      ? `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`
      : parent;
    if (!n.callFrame.url && n.selfSize)
      nativeBy.set(
        `${n.callFrame.functionName} <- ${parent}`,
        (nativeBy.get(`${n.callFrame.functionName} <- ${parent}`) ?? 0) + n.selfSize,
      );
    for (const c of n.children) visit(c, own);
  };
  visit(profile.head, '(root)');
  console.log(
    [...nativeBy]
      .sort((x, y) => y[1] - x[1])
      .slice(0, 25)
      .map(([k, v]) => `${(v / CALLS / 1e6).toFixed(2)} MB/call ${k}`)
      .join('\n'),
  );
}
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
