/**
 * `npm run bench:profile` — where the CPU goes in one 1,000-setblock execute_commands call over stdio, in
 * both processes a user runs: the built `mcbridge serve --embedded` and its embedded world (a child process).
 * Both run with V8's `--cpu-prof` (the world's through `MCBRIDGE_WORLD_NODE_FLAGS`; NODE_OPTIONS refuses it); after warm-up calls
 * the measured calls' windows are cut out of each profile (timestamps are CLOCK_MONOTONIC µs, like
 * `process.hrtime`) and their self time is summed by module (mcbridge folder or npm package) and by function.
 * CPU per 1,000 commands per process comes from /proc (all threads), the share of each module from the
 * profile's samples: shares, not absolute times, are what a shared machine leaves readable. The tables go to
 * stdout and into docs/performance.md between the `bench:profile` markers; `--rounds <n>` measured calls;
 * `MCBRIDGE_BENCH_SERVE` profiles another build's `cli/main.js` (with `--no-docs`, to compare builds).
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { machineLine, PERFORMANCE_DOC, replaceBetweenMarkers } from './doc-tables.js';
import { median } from './stats.js';

const WARM_CALLS = 3;
const SMALL_CALLS = 200;
const PER_CALL = 1000;
const roundsArg = process.argv.indexOf('--rounds');
const ROUNDS = roundsArg >= 0 ? Number(process.argv[roundsArg + 1]) : 5;
const flagsArg = process.argv.indexOf('--serve-flags');
/** `--serve-flags "<node flags>"`: try other V8 settings in serve (with MCBRIDGE_HEAP=v8-default); nothing written */
const SERVE_FLAGS = flagsArg >= 0 ? (process.argv[flagsArg + 1] ?? '').split(' ').filter(Boolean) : [];
const TO_DOCS = flagsArg < 0 && !process.argv.includes('--no-docs');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface Window {
  startUs: number;
  endUs: number;
}

const monoUs = () => Number(process.hrtime.bigint() / 1000n);

/** utime + stime of a process over all its threads, from /proc (ticks of 10 ms) */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

/** the embedded world: serve's only child process */
function childOf(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
  if (children.length !== 1 || !children[0])
    throw new Error(`serve ${pid} has children: ${children.join(',')}`);
  return Number(children[0]);
}

/** 1,000 setblocks over a 10 × 10 × 10 box beside the bot; alternate calls stone and dirt, so each changes every block */
function setblocks(call: number): string[] {
  const block = call % 2 ? 'dirt' : 'stone';
  return Array.from(
    { length: PER_CALL },
    (_, i) =>
      `setblock ~${2 + (i % 10)} ~${Math.floor(i / 100)} ~${Math.floor(i / 10) % 10} minecraft:${block}`,
  );
}

/** the module a frame belongs to: an mcbridge folder (`mcbridge/hints`), an npm package, node or V8 */
function moduleOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg) return pkg[1]!;
  const own = /\/dist\/([^/]+)\//.exec(url);
  if (own) return `mcbridge/${own[1]}`;
  if (url.startsWith('node:')) return 'node (internal)';
  return url;
}

const fileOf = (url: string) => {
  const own = /\/dist\/(.+)$/.exec(url);
  if (own) return own[1]!;
  const pkg = /node_modules\/(.+)$/.exec(url);
  return pkg ? pkg[1]! : url.replace(/^.*\//, '');
};

type Tally = Map<string, number>;
const add = (t: Tally, k: string, v: number) => t.set(k, (t.get(k) ?? 0) + v);

/** self time (ms) inside `windows`, by module and by function; idle and program samples left out */
function selfTime(profile: CpuProfile, windows: readonly Window[]): { modules: Tally; functions: Tally } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const modules: Tally = new Map();
  const functions: Tally = new Map();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    if (!windows.some((w) => t >= w.startUs && t <= w.endUs)) continue;
    const { functionName, url, lineNumber } = byId.get(profile.samples[i]!)!.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') continue;
    // a sample after the process was descheduled (a busy machine) would carry the wait: count 2 ms at most
    const dt = Math.min(profile.timeDeltas[i + 1] ?? 0, 2000) / 1000;
    add(modules, moduleOf(url, functionName), dt);
    const where = url ? ` ${fileOf(url)}:${lineNumber + 1}` : '';
    add(functions, `${functionName || '(anonymous)'}${where}`, dt);
  }
  return { modules, functions };
}

function shareTable(title: string, tally: Tally, limit: number): string {
  const total = [...tally.values()].reduce((a, b) => a + b, 0);
  const rows = [...tally]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([k, v]) => `| ${k.replaceAll('|', '\\|')} | ${((100 * v) / total).toFixed(1)} % |`);
  return `| ${title} | share of sampled CPU |\n|---|---|\n${rows.join('\n')}`;
}

async function main() {
  const loadAtStart = loadavg()[0]!;
  const dir = mkdtempSync(join(tmpdir(), 'mcbridge-profile-'));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      '--cpu-prof',
      `--cpu-prof-dir=${dir}`,
      ...SERVE_FLAGS,
      process.env['MCBRIDGE_BENCH_SERVE'] ?? new URL('../dist/cli/main.js', import.meta.url).pathname,
      'serve',
      '--embedded',
      '--username',
      'BenchProfile',
    ],
    env: {
      ...(process.env as Record<string, string>),
      MCBRIDGE_WORLD_NODE_FLAGS: `--cpu-prof --cpu-prof-dir=${dir}`,
    },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench-profile', version: '0' });
  await client.connect(transport);
  await client.callTool({ name: 'get_connection_info', arguments: {} }, { timeout: 120_000 });
  const serve = transport.pid!;
  const world = childOf(serve);
  const call = async (k: number) => {
    const r = (await client.callTool(
      { name: 'execute_commands', arguments: { commands: setblocks(k) } },
      { timeout: 300_000 },
    )) as CallToolResult;
    if (r.isError) throw new Error(`execute_commands failed: ${JSON.stringify(r.content)}`);
  };
  for (let k = 0; k < WARM_CALLS; k++) await call(k);
  const windows: Window[] = [];
  const cpu = { serve: [] as number[], world: [] as number[], wall: [] as number[] };
  for (let k = 0; k < ROUNDS; k++) {
    const s0 = cpuMs(serve);
    const w0 = cpuMs(world);
    const startUs = monoUs();
    await call(WARM_CALLS + k);
    const endUs = monoUs();
    windows.push({ startUs, endUs });
    cpu.serve.push(cpuMs(serve) - s0);
    cpu.world.push(cpuMs(world) - w0);
    cpu.wall.push((endUs - startUs) / 1000);
  }
  // single small calls: one setblock each, as a model builds step by step
  const smallWindows: Window[] = [];
  const small: number[] = [];
  const smallCpu0 = cpuMs(serve);
  for (let k = 0; k < SMALL_CALLS; k++) {
    const startUs = monoUs();
    const r = (await client.callTool(
      {
        name: 'execute_commands',
        arguments: { commands: [`setblock ~2 ~12 ~2 minecraft:${k % 2 ? 'stone' : 'dirt'}`] },
      },
      { timeout: 60_000 },
    )) as CallToolResult;
    if (r.isError) throw new Error(`execute_commands failed: ${JSON.stringify(r.content)}`);
    const endUs = monoUs();
    smallWindows.push({ startUs, endUs });
    small.push((endUs - startUs) / 1000);
  }
  const smallCpu = (cpuMs(serve) - smallCpu0) / SMALL_CALLS;
  const rss = rssMb(serve);
  await client.close();
  await waitForFile(dir, serve);
  await waitForFile(dir, world);

  const profileOf = (pid: number) => {
    const file = readdirSync(dir).find((f) => f.split('.')[3] === String(pid))!;
    return JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
  };
  const perProcess = (name: 'serve' | 'world', pid: number) => {
    const { modules, functions } = selfTime(profileOf(pid), windows);
    const label = name === 'serve' ? 'mcbridge serve' : 'embedded world (child process)';
    return `#### ${label}, 1,000-setblock calls\n\n${shareTable('module (self time)', modules, 12)}\n\n${shareTable('function (self time)', functions, 15)}`;
  };
  const smallShares = () => {
    const { modules, functions } = selfTime(profileOf(serve), smallWindows);
    return `#### mcbridge serve, one-setblock calls\n\n${shareTable('module (self time)', modules, 10)}\n\n${shareTable('function (self time)', functions, 10)}`;
  };
  const sortedSmall = [...small].sort((a, b) => a - b);
  const each = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
  const figures = [
    `${ROUNDS} calls of ${PER_CALL} setblocks over stdio after ${WARM_CALLS} warm-up calls; CPU time per call ` +
      `over all threads (from /proc, 10 ms steps), median with every call in brackets:`,
    '',
    '| process | CPU per 1,000 commands |',
    '|---|---|',
    `| mcbridge serve | ${median(cpu.serve).toFixed(0)} ms (${each(cpu.serve)}) |`,
    `| embedded world | ${median(cpu.world).toFixed(0)} ms (${each(cpu.world)}) |`,
    `| wall clock per call | ${median(cpu.wall).toFixed(0)} ms (${each(cpu.wall)}) |`,
    `| serve RSS after the calls | ${rss.toFixed(0)} MB |`,
    `| serve CPU ÷ world CPU | ${(median(cpu.serve) / median(cpu.world)).toFixed(2)} |`,
    `| one-setblock calls (${SMALL_CALLS}): wall clock p50, p95 | ${sortedSmall[SMALL_CALLS / 2]!.toFixed(1)} ms, ${sortedSmall[Math.floor(SMALL_CALLS * 0.95)]!.toFixed(1)} ms |`,
    `| one-setblock calls: serve CPU per call (mean) | ${smallCpu.toFixed(1)} ms |`,
    '',
    perProcess('serve', serve),
    '',
    perProcess('world', world),
    '',
    smallShares(),
  ].join('\n');
  process.stdout.write(`\n${figures}\n`);
  if (!TO_DOCS) return;
  const content = `${machineLine(loadAtStart)}\n\n${figures}`;
  writeFileSync(
    PERFORMANCE_DOC,
    replaceBetweenMarkers(readFileSync(PERFORMANCE_DOC, 'utf8'), 'profile', content),
  );
  process.stderr.write(`bench: wrote the profile into ${PERFORMANCE_DOC.pathname} (profiles in ${dir})\n`);
}

/** a process writes its profile as it exits */
async function waitForFile(dir: string, pid: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (readdirSync(dir).some((f) => f.split('.')[3] === String(pid))) {
      await new Promise((r) => setTimeout(r, 200));
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no CPU profile from process ${pid} in ${dir}`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
