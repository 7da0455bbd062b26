/**
 * npm run bench — figures, not assertions. The sections run in one process against one embedded world, so
 * the ratios compare like with like: attributed throughput through the real MCP tool vs a bare bot,
 * single-call latency, the window-capture baseline of the best-known peer mod, start time and memory. The
 * stdio section, whose clients stand for an MCP host and a bare bot, runs in a process and world of its own.
 * `npm run bench -- --world` runs only the embedded world's footprint section (bench/world.ts), `-- --soak`
 * only the long-conversation memory section (bench/soak.ts), `-- --bridge` only the bridge path vs the bot path,
 * `-- --structures` only reading and upgrading a big structure file (bench/structure-upgrade.ts).
 * The figures go to stdout and into docs/performance.md, between its bench markers (bench/doc-tables.ts).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { captureSerial } from '../src/capture/serial.js';
import { BridgeServer } from '../src/bridge/server.js';
import { bridgeTarget } from '../src/connection/bridge-target.js';
import { mineflayerTarget } from '../src/connection/factories.js';
import { Targets } from '../src/connection/targets.js';
import { logger } from '../src/vocabulary/logger.js';
import { createServer } from '../src/mcp/server.js';
import type { BatchResult } from '../src/results/schema.js';
import { parseSafetyConfig } from '../src/safety/config.js';
import { measurePaper } from './paper.js';
import { followTarget } from '../src/viewer/bot-feed.js';
import { startViewer } from '../src/viewer/server.js';
import { findBrowser, launchChromium, waitForFirstFrame } from '../test/world-view/chromium.js';
import { mixedCommands } from './commands.js';
import { writeFigures } from './doc-tables.js';
import { type Target, target, targetRows } from './targets.js';
import { measureServeSoaks, SOAK } from './soak.js';
import { measureStructureUpgrade } from './structure-upgrade.js';
import { cpuMs, measureWorldFootprint } from './world.js';
import { median } from './stats.js';

const rssOf = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};
const mb = (n: number) => `${n.toFixed(0)} MB`;
/** the p-th percentile (nearest rank); the 50th is the median (bench/stats.ts) */
const pct = (values: number[], p: number) => {
  if (p === 50) return median(values);
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const figures: Array<[string, string]> = [];
const record = (name: string, value: string) => {
  figures.push([name, value]);
  process.stderr.write(`${name}: ${value}\n`);
};

/** The product as users run it: `mcbridge serve --embedded` (built), driven over stdio; its RSS after a batch. */
async function measureServeProcess() {
  const { StdioClientTransport } = await import('@modelcontextprotocol/client/stdio');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      new URL('../dist/cli/main.js', import.meta.url).pathname,
      'serve',
      '--embedded',
      '--username',
      'BenchServe',
    ],
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench-stdio', version: '0' });
  await client.connect(transport);
  const commands = Array.from(
    { length: 1000 },
    (_, i) =>
      `setblock ~${i % 10} ~${1 + ((i >> 4) % 5)} ~${(i >> 2) % 10} minecraft:${i % 2 ? 'stone' : 'dirt'}`,
  );
  const t = performance.now();
  await client.callTool(
    { name: 'execute_commands', arguments: { commands } },
    {
      timeout: 300_000,
    },
  );
  record('mcbridge serve --embedded over stdio: 1000 commands', `${(performance.now() - t).toFixed(0)} ms`);
  const pid = transport.pid;
  if (pid) record('companion RSS (mcbridge serve process, one bot)', mb(rssOf(pid)));
  await client.close();
}

/** The world as users run it: from dist/ (built by `npm run bench`), not through the TypeScript loader. */
async function loadStartWorld(): Promise<typeof import('../src/world/index.js').startWorld> {
  const dist = new URL('../dist/world/index.js', import.meta.url).href;
  return ((await import(dist)) as typeof import('../src/world/index.js')).startWorld;
}

const loadAtStart = loadavg()[0]!;
const WORLD = 'world footprint: ';
/** stdout, and docs/performance.md: the world's footprint in its own table, the rest in the main one */
const printTable = ({ toDocs = true } = {}) => {
  process.stdout.write(
    `\n| figure | value |\n|---|---|\n${figures.map(([k, v]) => `| ${k} | ${v} |`).join('\n')}\n`,
  );
  if (!toDocs) return;
  const section = (prefix: string) =>
    figures.filter(([k]) => k.startsWith(prefix)).map(([k, v]) => [k.slice(prefix.length), v] as const);
  const world = section(WORLD);
  const soak = section(SOAK);
  const main = figures.filter(([k]) => !k.startsWith(WORLD) && !k.startsWith(SOAK));
  if (main.length) writeFigures('main', main, loadAtStart);
  if (world.length) writeFigures('world', world, loadAtStart);
  if (soak.length) writeFigures('soak', soak, loadAtStart);
};

/**
 * Bot and bridge path are compared this many times, as pairs run back to back: a pair's ratio is what the
 * machine's load at that moment leaves alone, and on a shared two-core machine single pairs ranged from 0.45×
 * to 1.1× within one run; eleven pairs (about 7 s) give a median that five did not.
 */
const BRIDGE_ROUNDS = 11;

/** `mcbridge peer` (built) serving the bridge as connection "game": the stand-in for the mod, in its own process */
function startPeerProcess(
  url: string,
  token: string,
  world: { host: string; port: number; version: string },
) {
  const cli = new URL('../dist/cli/main.js', import.meta.url).pathname;
  const args = ['peer', '--bridge', url, '--token', token, '--name', 'game'];
  args.push(
    '--host',
    world.host,
    '--port',
    String(world.port),
    '--username',
    'PeerBot',
    '--version',
    world.version,
  );
  const env = { ...process.env, MCBRIDGE_LOG_LEVEL: 'warn' };
  const peer = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'ignore', 'inherit'], env });
  peer.once('exit', (code, signal) => {
    // the peer ends with 0 when it is asked to stop
    if (signal !== 'SIGTERM' && !peer.killed)
      process.stderr.write(`bench: the peer process ended early (${code ?? signal})\n`);
  });
  return peer;
}

/**
 * The stdio section (bench/first-call.ts) in a process of its own, with a world of its own warmed first: its
 * MCP client and bare client are the processes an MCP host and a bare bot would be, not this one, whose
 * heap holds the earlier sections' companion (about 240 MB by then, and its collections would stall both
 * clients). Its figures and targets come back as the child's last line of JSON.
 */
async function measureStdioInItsOwnProcess(): Promise<void> {
  const main = new URL('./first-call-main.ts', import.meta.url).pathname;
  const child = spawn(process.execPath, ['--import', 'tsx', main, '--json'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const last = out.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !last.startsWith('{')) throw new Error(`the stdio section ended with ${code}:\n${out}`);
  const { figures: theirs, targets } = JSON.parse(last) as {
    figures: Array<[string, string]>;
    targets: Target[];
  };
  for (const [name, value] of theirs) record(name, value);
  for (const t of targets) target(t.name, t.value, t.op, t.limit, t.unit);
}

async function main() {
  // `npm run bench -- --structures`: reading and upgrading a big structure file only
  if (process.argv.includes('--structures')) {
    await measureStructureUpgrade(record);
    // one figure of the main table: printed, docs/performance.md keeps the last full run's table
    printTable({ toDocs: false });
    return;
  }
  const startWorld = await loadStartWorld();
  // `npm run bench -- --world`: the embedded world's start time and memory only
  if (process.argv.includes('--world')) {
    await measureWorldFootprint(startWorld, record);
    printTable();
    return;
  }
  // `npm run bench -- --soak`: serve's memory over a long conversation only
  if (process.argv.includes('--soak')) {
    await measureServeSoaks(record);
    printTable();
    return;
  }
  const t0 = performance.now();
  const world = await startWorld({ ops: ['Bench', 'RawBot', 'PeerBot', 'BenchStdio', 'BareClient'] });
  record('embedded world ready', `${(performance.now() - t0).toFixed(0)} ms`);

  const target = mineflayerTarget({
    host: world.host,
    port: world.port,
    username: 'Bench',
    version: world.version,
  });
  // the bridge path: the same world through the headless peer (the mod's protocol over a WebSocket), in a
  // process of its own as the mod runs in the player's game, not on the event loop of the server it serves
  const bridgeToken = 'bench-bridge-token-0123456789';
  const bridge = await BridgeServer.start({ port: 0, token: bridgeToken });
  const peer = startPeerProcess(bridge.url, bridgeToken, world);
  await bridge.waitForSession('game', { timeoutMs: 120_000, inWorld: true });
  const targets = new Targets([target, bridgeTarget({ name: 'game', server: bridge })]);
  // the mix includes fills over vanilla's limit on purpose: let the game refuse them, not the policy
  const safety = parseSafetyConfig({ maxFillVolume: 1_000_000, maxBatchVolume: 100_000_000 }, 'bench config');
  const server = createServer({ targets, log: logger.child({}, { level: 'silent' }), safety });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(a);
  const tSpawn = performance.now();
  const session = await target.get();
  record('bot connected and probed', `${(performance.now() - tSpawn).toFixed(0)} ms`);
  await new Promise((r) => setTimeout(r, 500));
  record('embedded world RSS (bots joined, before any command)', mb(rssOf(world.pid)));
  const p = session.channel.executorPosition()!;
  const origin = { x: Math.floor(p.x) + 2, y: Math.floor(p.y), z: Math.floor(p.z) + 2 };
  const callItems = async (commands: unknown[], extra: Record<string, unknown> = {}) => {
    const r = (await client.callTool(
      { name: 'execute_commands', arguments: { commands, ...extra } },
      {
        timeout: 300_000,
      },
    )) as CallToolResult;
    if (r.isError) throw new Error(`execute_commands failed: ${JSON.stringify(r.content).slice(0, 2000)}`);
    return r.structuredContent as unknown as BatchResult;
  };
  const call = async (commands: string[]) => {
    const r = (await client.callTool(
      { name: 'execute_commands', arguments: { commands } },
      {
        timeout: 300_000,
      },
    )) as CallToolResult;
    return r.structuredContent as unknown as BatchResult;
  };

  // warm-up
  await call(mixedCommands(200, origin, 0));
  // `npm run bench -- --bridge`: the bridge path vs the bot path only
  if (process.argv.includes('--bridge')) {
    await measureBridgeVsBot(callItems, origin, { peer: peer.pid!, world: world.pid });
    await client.close();
    await targets.closeAll();
    peer.kill('SIGTERM');
    await new Promise((r) => peer.once('exit', r));
    await bridge.close();
    await world.stop();
    // a part of the main table: stdout only, so the doc keeps one whole run's figures
    printTable({ toDocs: false });
    return;
  }
  const heapBefore = process.memoryUsage().heapUsed;

  // 1. attributed throughput through the MCP tool; plain strings and the operation form (ids, no
  // dependencies) alternate so that both see the same warm-up and world state
  const N = 1000;
  const runs: number[] = [];
  const opRuns: number[] = [];
  const plainRun = async (k: number) => {
    const t = performance.now();
    const batch = await call(mixedCommands(N, origin, k));
    runs.push((N / (performance.now() - t)) * 1000);
    if (batch.results.length !== N) throw new Error('missing results');
  };
  const opRun = async (k: number) => {
    const t = performance.now();
    await callItems(mixedCommands(N, origin, k).map((command, i) => ({ id: `s${i}`, command })));
    opRuns.push((N / (performance.now() - t)) * 1000);
  };
  // alternate which form goes first, so that neither always pays for the other's garbage
  for (let k = 1; k <= 6; k++) {
    if (k % 2) {
      await plainRun(2 * k);
      await opRun(2 * k + 1);
    } else {
      await opRun(2 * k);
      await plainRun(2 * k + 1);
    }
  }
  const attributed = pct(runs, 50);
  const opRate = pct(opRuns, 50);
  record(
    `attributed throughput (${N} mixed commands, MCP tool, median of 6)`,
    `${attributed.toFixed(0)} commands/s`,
  );
  record('operation form (ids, no dependencies), median of 6', `${opRate.toFixed(0)} commands/s`);
  record('operation form / plain strings', `${(opRate / attributed).toFixed(2)}×`);

  // transactional: 32,768 blocks snapshotted, written, and restored after a failing command
  const tx = { x: origin.x - 40, y: origin.y, z: origin.z - 40 };
  const tt = performance.now();
  const txBatch = await callItems(
    [
      `fill ${tx.x} ${tx.y} ${tx.z} ${tx.x + 31} ${tx.y + 31} ${tx.z + 31} minecraft:stone`,
      'setblock 0 0 0 minecraft:not_a_block',
    ],
    { transactional: true },
  );
  record(
    'transactional 32,768-block fill, failed and restored (snapshot + write + restore + read-back)',
    `${(performance.now() - tt).toFixed(0)} ms, restore ${txBatch.transaction?.restore?.status ?? 'none'}`,
  );

  // seeing the world: a 32,768-block read and a 32³ render through the MCP tools
  await callItems([
    `fill ${tx.x} ${tx.y} ${tx.z} ${tx.x + 31} ${tx.y + 7} ${tx.z + 31} minecraft:oak_planks hollow`,
  ]);
  const box = { from: tx, to: { x: tx.x + 31, y: tx.y + 31, z: tx.z + 31 } };
  const readTimes: number[] = [];
  const renderTimes: number[] = [];
  for (let k = 0; k < 3; k++) {
    let t = performance.now();
    await client.callTool({ name: 'get_blocks_in_area', arguments: box }, { timeout: 60_000 });
    readTimes.push(performance.now() - t);
    t = performance.now();
    await client.callTool(
      { name: 'render_area', arguments: { ...box, view: 'isometric' } },
      {
        timeout: 60_000,
      },
    );
    renderTimes.push(performance.now() - t);
  }
  record('get_blocks_in_area, 32,768 blocks (MCP tool, median of 3)', `${pct(readTimes, 50).toFixed(0)} ms`);
  record('render_area, 32×32×32 isometric (MCP tool, median of 3)', `${pct(renderTimes, 50).toFixed(0)} ms`);

  await measureViewer(target);

  record('embedded world RSS after the runs above (more chunks written)', mb(rssOf(world.pid)));

  // 2. raw rate: a bare bot fires the same commands with no attribution; timed until the server answered all
  const raw = await (
    await import('mineflayer')
  ).default.createBot({
    host: world.host,
    port: world.port,
    username: 'RawBot',
    version: world.version,
    auth: 'offline',
    physicsEnabled: false,
  });
  await new Promise<void>((r) => raw.once('spawn', () => r()));
  await new Promise((r) => setTimeout(r, 300));
  const rawCommands = mixedCommands(N, { ...origin, z: origin.z + 20 }, 5);
  const tr = performance.now();
  const lastSeen = new Promise<void>((resolve) =>
    raw.on('message', (m) => {
      if ((m.json as { translate?: string })?.translate === 'raw.end') resolve();
    }),
  );
  for (const cmd of rawCommands) raw.chat(`/${cmd}`);
  raw.chat('/tellraw @s {"translate":"raw.end"}');
  await lastSeen;
  const rawRate = (N / (performance.now() - tr)) * 1000;
  record('raw bare-bot rate (no attribution)', `${rawRate.toFixed(0)} commands/s`);
  record('attributed / raw', `${(attributed / rawRate).toFixed(2)}×`);
  raw.quit();

  // 3. single-command latency through the MCP tool
  const latencies: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    await call([`setblock ${origin.x} ${origin.y + 12} ${origin.z} minecraft:${i % 2 ? 'stone' : 'dirt'}`]);
    latencies.push(performance.now() - t);
  }
  record('single-call latency p50', `${pct(latencies, 50).toFixed(1)} ms`);
  record('single-call latency p95', `${pct(latencies, 95).toFixed(1)} ms`);

  // a failure here (the peer's session dropped on a busy machine) is a figure too; the rest of the run goes on
  await bridge
    .waitForSession('game', { timeoutMs: 120_000, inWorld: true })
    .then(() => measureBridgeVsBot(callItems, origin, { peer: peer.pid!, world: world.pid }))
    .catch((err: unknown) =>
      record('bridge / bot path', `not measured: ${err instanceof Error ? err.message : String(err)}`),
    );

  // 4. window-capture baseline (best-known peer mod: wait up to 700 ms per command, stop after 120 ms of silence)
  const M = 50;
  const tw = performance.now();
  await session.exclusive(() =>
    captureSerial(session.channel, mixedCommands(M, { ...origin, z: origin.z + 40 }, 7), {
      windows: { firstLineMs: 700, quietMs: 120, maxMs: 700 },
    }),
  );
  const windowRate = (M / (performance.now() - tw)) * 1000;
  record(`window-capture baseline (700/120 ms, ${M} commands)`, `${windowRate.toFixed(1)} commands/s`);
  record('attributed / window baseline', `${(attributed / windowRate).toFixed(0)}×`);

  // 5. soak: 50 batches of 1,000 back to back (a long session compressed); memory should stay flat
  (globalThis as { gc?: () => void }).gc?.();
  const soakHeap0 = process.memoryUsage().heapUsed;
  const soakRss0 = process.memoryUsage().rss;
  const ts = performance.now();
  for (let k = 0; k < 50; k++) await call(mixedCommands(N, origin, k));
  (globalThis as { gc?: () => void }).gc?.();
  record(
    'soak: 50 × 1,000 commands back to back',
    `${((50 * N) / ((performance.now() - ts) / 1000)).toFixed(0)} commands/s; heap ${mb(soakHeap0 / 2 ** 20)} → ${mb(process.memoryUsage().heapUsed / 2 ** 20)}, RSS ${mb(soakRss0 / 2 ** 20)} → ${mb(process.memoryUsage().rss / 2 ** 20)}`,
  );

  // 6. memory
  (globalThis as { gc?: () => void }).gc?.();
  const heapAfter = process.memoryUsage().heapUsed;
  record('companion RSS (MCP server + bot, after the runs)', mb(process.memoryUsage().rss / 2 ** 20));
  record(
    'companion heap before → after the runs',
    `${mb(heapBefore / 2 ** 20)} → ${mb(heapAfter / 2 ** 20)}`,
  );

  await client.close();
  await targets.closeAll();
  peer.kill('SIGTERM');
  await new Promise((r) => peer.once('exit', r));
  await bridge.close();
  await world.stop();
  // 7. the real stdio server: first call vs warm calls, and throughput vs a bare protocol client
  await measureStdioInItsOwnProcess();
  await measurePaper(startWorld, record);
  await measureServeProcess();
  await measureServeSoaks(record);
  await measureWorldFootprint(startWorld, record);
  await measureStructureUpgrade(record);
  for (const [name, value] of targetRows()) record(name, value);
  printTable();
}

type CallItems = (commands: unknown[], extra?: Record<string, unknown>) => Promise<BatchResult>;

/**
 * The bridge path vs the bot path, same batches, in pairs (BRIDGE_ROUNDS), each pair's ratio printed. Beside the
 * rates, the CPU time each path costs the three processes (this one, the peer, the world): steadier than
 * wall time on a busy machine, and it says where the bridge's extra work is.
 */
async function measureBridgeVsBot(
  callItems: CallItems,
  origin: { x: number; y: number; z: number },
  pids: { peer: number; world: number },
) {
  const N = 1000;
  const botRuns: number[] = [];
  const bridgeRuns: number[] = [];
  const ratios: number[] = [];
  const processes = { companion: process.pid, peer: pids.peer, world: pids.world };
  const cpu = { bot: { companion: 0, peer: 0, world: 0 }, bridge: { companion: 0, peer: 0, world: 0 } };
  const timed = async (path: 'bot' | 'bridge', run: () => Promise<unknown>) => {
    const before = Object.values(processes).map(cpuMs);
    const t = performance.now();
    await run();
    const rate = (N / (performance.now() - t)) * 1000;
    Object.values(processes).forEach((pid, i) => {
      const name = Object.keys(processes)[i] as keyof typeof processes;
      cpu[path][name] += cpuMs(pid) - before[i]!;
    });
    return rate;
  };
  // one unmeasured batch on each path first, so that both are compared warm: in the full bench the bot path
  // has run thousands of commands by now and the bridge path none (its peer's code and the companion's
  // bridge code still cold); a salt of 1 leaves round 0's blocks to change
  await callItems(mixedCommands(N, { ...origin, z: origin.z + 60 }, 1));
  await callItems(mixedCommands(N, { ...origin, z: origin.z + 80 }, 1), { target: 'game' });
  // both areas lie where the world is loaded: each path's commands are applied, not refused as "not loaded"
  const applied = { bot: 0, bridge: 0 };
  const countApplied = (batch: BatchResult) => batch.results.filter((r) => r.status === 'applied').length;
  const viaBot = (k: number) =>
    timed('bot', async () => {
      applied.bot += countApplied(await callItems(mixedCommands(N, { ...origin, z: origin.z + 60 }, k)));
    });
  const viaBridge = (k: number) =>
    timed('bridge', async () => {
      const batch = await callItems(mixedCommands(N, { ...origin, z: origin.z + 80 }, k), { target: 'game' });
      if (batch.results.length !== N) throw new Error('bridge: missing results');
      applied.bridge += countApplied(batch);
    });
  for (let k = 0; k < BRIDGE_ROUNDS; k++) {
    // which path goes first alternates, so that neither always runs in the other's wake (its garbage, the
    // world's block updates)
    if (k % 2 === 0) {
      botRuns.push(await viaBot(k));
      bridgeRuns.push(await viaBridge(k));
    } else {
      bridgeRuns.push(await viaBridge(k));
      botRuns.push(await viaBot(k));
    }
    ratios.push(bridgeRuns[k]! / botRuns[k]!);
  }
  record(
    `bot / bridge path: commands applied per ${N} (mean of ${BRIDGE_ROUNDS} rounds; the rest are the mix's refusals)`,
    `${(applied.bot / BRIDGE_ROUNDS).toFixed(0)} / ${(applied.bridge / BRIDGE_ROUNDS).toFixed(0)}`,
  );
  const perBatch = (path: 'bot' | 'bridge') => {
    const c = cpu[path];
    const each = (ms: number) => (ms / BRIDGE_ROUNDS).toFixed(0);
    return `${each(c.companion + c.peer + c.world)} ms (companion ${each(c.companion)}, peer ${each(c.peer)}, world ${each(c.world)})`;
  };
  record(`bot path: CPU time per ${N} mixed commands`, perBatch('bot'));
  record(`bridge path: CPU time per ${N} mixed commands`, perBatch('bridge'));
  record(
    'bridge path (headless peer over WebSocket, its own process), 1000 mixed commands',
    `${pct(bridgeRuns, 50).toFixed(0)} commands/s`,
  );
  // each round is a pair run back to back, so its ratio is what the machine's load at that moment leaves alone
  const ratio = pct(ratios, 50);
  record(
    `bridge / bot path (median of ${BRIDGE_ROUNDS} rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')})`,
    `${ratio.toFixed(2)}× (lowest round ${Math.min(...ratios).toFixed(2)}×; ${target('bridge ÷ bot path', ratio, '≥', 0.8, '×')})`,
  );
}

/** The live viewer: from opening the page to the first frame with the bot's chunks meshed and drawn. */
async function measureViewer(target: Parameters<typeof followTarget>[0]) {
  let found: Awaited<ReturnType<typeof findBrowser>>;
  try {
    found = await findBrowser();
  } catch (err) {
    record('viewer first frame', `not measured: ${String(err)}`);
    return;
  }
  const feed = followTarget(target);
  const viewer = await startViewer({ feed, viewDistance: 4 });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    page.setDefaultTimeout(180_000);
    const t = performance.now();
    await page.goto(viewer.url);
    const first = await waitForFirstFrame(page);
    record(
      `viewer first frame (page open → 8×8 chunks meshed and drawn; ${found.kind} Chromium, SwiftShader software GL)`,
      `${first.firstFrameMs} ms in the page (${(performance.now() - t).toFixed(0)} ms wall), ${first.sections} chunk sections`,
    );
  } finally {
    await browser.close();
    await viewer.close();
    feed.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
