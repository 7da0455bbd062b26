/**
 * Bench section: the real stdio server (`mcbridge serve`, built) on the bench's world — its first
 * 1000-command call against its warm calls, and its throughput against a bare minecraft-protocol client
 * (no mineflayer, no fences, no attribution) sending the same commands to a world of the same kind, its own,
 * alternating. Sharing one world, each would be sent the other's work as an operator (an operator broadcast
 * per command, a block change per block) and parse it on the same two cores while the other is measured, and
 * not alike: during a warm call the bare client, which reads every line as minecraft-protocol does, spent
 * 50–110 ms of CPU on serve's traffic, and serve 30–40 ms on the bare client's during its run.
 * One first call is a noisy sample, so several fresh serve processes each give one first/warm ratio and
 * the median is the figure. The mix lands where the world is loaded, so its setblocks and fills are applied
 * (and read back, remembered for undo, looked at by the hints) as a user's would be; the row "what a warm
 * call's commands came to" says so for each run. The world has already run other sections (or
 * `bench/first-call-main.ts` warms it), so what warms up here is mcbridge, not the world, nor this process's
 * MCP client: the uncounted first serve process of `bench/first-call-main.ts` is called as the measured ones
 * are, so that the client answers like a host that has been running a while.
 *
 * After a join the world streams the bot the chunks of its view for a few seconds, and the bot decodes each
 * one (decompression, chunk sections, the garbage they leave). A call made meanwhile shares serve's main
 * thread with that stream: a first call right after get_connection_info came to 1.28× and 1.50× a warm one,
 * and to 0.95× and 1.04× once the stream was over (the same build, Node 24, medians of five processes). A
 * user's first call comes after a model has written it, seconds later; so the first call here waits until
 * the world says the bot holds its whole view (`viewDelivered`), and the row "process start → the bot holds
 * every chunk of its view" says how long that was.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/client';
import { BareClient } from './bare-client.js';
import { target } from './targets.js';
import { cpuMs, untilSettled } from './process-cpu.js';
import { median } from './stats.js';

type Origin = { x: number; y: number; z: number };
type Record = (name: string, value: string) => void;
type CommandsAt = (n: number, origin: Origin, salt: number) => string[];
export type BenchWorld = {
  host: string;
  port: number;
  version: string;
  op?: (name: string) => Promise<void>;
  /** resolves once the player's client holds every chunk of its view (src/world/start-world.ts) */
  viewDelivered: (name: string) => Promise<void>;
};

const N = 1000;
/** fresh serve processes, one first call each */
const PROCESSES = 3;
/**
 * warm calls per process, each followed by the bare client's run: 24 pairs in all. With 12, two runs of the
 * same serve read 0.60 and 0.75, a pair's ratio spreading 0.45–1.35 on a shared machine
 */
const WARM_RUNS = 8;
/**
 * single-setblock calls per process, after its warm calls: a call of one command runs much of serve's code
 * once, so V8 is still optimising that code over the first few dozen; 300 give the p50 of a session, and
 * the first SMALL_CALLS_WHILE_OPTIMISING have a row of their own
 */
const SMALL_CALLS = 300;
const SMALL_CALLS_WHILE_OPTIMISING = 30;
/** the bare client's one-setblock floor, per process */
const BARE_SMALL_CALLS = 60;
/** single-setblock calls of the uncounted first process, which warm the bench's own MCP client */
const HOST_WARM_SMALL_CALLS = 200;
/**
 * Where the mixes land, in blocks south of each client's spawn: inside the area the world keeps loaded
 * around its players (view distance 4), so that setblocks and fills are applied and read back as a user's
 * would be, not refused as "not loaded". The serve processes share one area and the bare client has its own;
 * a salt that alternates between calls makes every call change the blocks again.
 */
const SERVE_AREA_SOUTH = 10;
/** the bare client's uncounted runs before the first counted one */
const BARE_WARM_RUNS = 3;
const BARE_AREA_SOUTH = 30;
/** CLOCK_MONOTONIC in µs: the clock of V8's CPU profiles, so that windows can be cut out of them */
const monoUs = () => Number(process.hrtime.bigint() / 1000n);

export interface CallWindow {
  /** `first` or `warm` */
  kind: 'first' | 'warm';
  /** how many of the call's commands ended in each status */
  outcomes: { [status: string]: number };
  ms: number;
  /**
   * CPU time of the serve process's main thread meanwhile (user + system; 10 ms steps). A busy machine
   * stretches wall time but not this; V8's compiler and GC threads are left out (on an idle machine they
   * run beside the main thread).
   */
  cpuMs: number;
  /** the same over all the process's threads (V8's compiler and GC threads included) */
  cpuAllMs: number;
  /** CLOCK_MONOTONIC µs, comparable with the serve process's `.cpuprofile` timestamps */
  startUs: number;
  endUs: number;
}

export interface FirstCallOptions {
  /** extra node flags for the serve processes, e.g. `--cpu-prof --cpu-prof-dir=…` */
  nodeArgs?: string[];
  processes?: number;
  /** called with each serve process's call windows (for cutting its CPU profile) */
  onProcess?: (pid: number | null, windows: CallWindow[]) => void;
  /** a fresh world: one uncounted serve process runs first, so that the world's own code is warm */
  warmWorld?: boolean;
}

export async function measureFirstCallAndCeiling(
  world: BenchWorld,
  /** the bare client's world: of the same kind as `world`, and no one else's */
  bareWorld: BenchWorld,
  commandsAt: CommandsAt,
  record: Record,
  options: FirstCallOptions = {},
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mcbridge-bench-'));
  const safetyFile = join(dir, 'safety.json');
  // the mix includes fills over vanilla's limit on purpose: let the game refuse them, not the policy
  writeFileSync(safetyFile, JSON.stringify({ maxFillVolume: 1_000_000, maxBatchVolume: 100_000_000 }));

  // the bare client's own first runs warm its codecs and its world's code, as serve's warm-up calls do the
  // other world's; they are not counted
  const bareClient = await BareClient.join(bareWorld);
  const bare = {
    client: bareClient,
    origin: { x: bareClient.at.x + 2, y: bareClient.at.y, z: bareClient.at.z + BARE_AREA_SOUTH },
  };
  for (let k = 0; k < BARE_WARM_RUNS; k++) await bare.client.run(commandsAt(N, bare.origin, 90 + k));
  const bareRates: number[] = [];
  /** each warm call's rate ÷ the bare client's rate on the run right after it */
  const pairRatios: number[] = [];
  /** serve's CPU (all threads) from each warm call's answer until it settled, before the bare client's run */
  const afterAnswer: number[] = [];
  const firsts: number[] = [];
  const ready: number[] = [];
  const viewed: number[] = [];
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  const cpuAllRatios: number[] = [];
  const warms: number[] = [];
  const small: number[] = [];
  const smallFirst: number[] = [];
  const bareSmall: number[] = [];
  let outcomes: CallWindow['outcomes'] = {};
  let salt = 0;
  if (options.warmWorld) {
    const { nodeArgs: _, ...plain } = options;
    const serve = await ServeProcess.start(world, 'BenchStdioWarm', safetyFile, join(dir, 'jobsw'), plain);
    try {
      const origin = { x: serve.at.x + 2, y: serve.at.y, z: serve.at.z + SERVE_AREA_SOUTH };
      for (let k = 0; k < 3; k++) await serve.call('warm', commandsAt(N, origin, salt++));
      // this process is the MCP host: its client code (the SDK's request and result handling) warms here,
      // as a host's has long before a user's calls, and the world's answer to one setblock with it
      for (let k = 0; k < HOST_WARM_SMALL_CALLS; k++) {
        const at = `${origin.x} ${origin.y + 12} ${origin.z}`;
        await serve.call('warm', [`setblock ${at} minecraft:${k % 2 ? 'stone' : 'dirt'}`]);
      }
    } finally {
      await serve.close();
    }
  }
  /** one fresh serve process: its first call, its warm calls (each followed by the bare client's), its small calls */
  const runProcess = async (username: string, jobs: string) => {
    const serve = await ServeProcess.start(world, username, safetyFile, join(dir, jobs), options);
    // the transport forgets its process once closed; the profile is named by it
    const pid = serve.pid;
    try {
      const origin = { x: serve.at.x + 2, y: serve.at.y, z: serve.at.z + SERVE_AREA_SOUTH };
      const windows = [await serve.call('first', commandsAt(N, origin, salt++))];
      for (let k = 0; k < WARM_RUNS; k++) {
        const warm = await serve.call('warm', commandsAt(N, origin, salt++));
        windows.push(warm);
        afterAnswer.push(await untilSettled(pid!));
        const bareRate = await bare.client.run(commandsAt(N, bare.origin, salt));
        bareRates.push(bareRate);
        pairRatios.push(((N / warm.ms) * 1000) / bareRate);
      }
      // the floor under a call of one setblock: the bare client's own setblock and reply, where it builds
      for (let k = 0; k < BARE_SMALL_CALLS; k++) {
        const at = `${bare.origin.x} ${bare.origin.y + 12} ${bare.origin.z}`;
        bareSmall.push(await bare.client.one(`setblock ${at} minecraft:${k % 2 ? 'stone' : 'dirt'}`));
      }
      const small: number[] = [];
      for (let k = 0; k < SMALL_CALLS; k++) {
        const at = `${origin.x} ${origin.y + 12} ${origin.z}`;
        small.push((await serve.call('warm', [`setblock ${at} minecraft:${k % 2 ? 'stone' : 'dirt'}`])).ms);
      }
      return { serve, pid, windows, small };
    } finally {
      await serve.close();
    }
  };
  const processes = options.processes ?? PROCESSES;
  for (let p = 0; p < processes; p++) {
    const { serve, pid, windows, small: own } = await runProcess(`BenchStdio${p}`, `jobs${p}`);
    ready.push(serve.readyMs);
    viewed.push(serve.viewMs);
    if (p === 0) outcomes = windows[1]!.outcomes;
    small.push(...own);
    smallFirst.push(...own.slice(0, SMALL_CALLS_WHILE_OPTIMISING));
    const warm = median(windows.filter((w) => w.kind === 'warm').map((w) => w.ms));
    firsts.push(windows[0]!.ms);
    warms.push(warm);
    ratios.push(windows[0]!.ms / warm);
    cpuRatios.push(windows[0]!.cpuMs / median(windows.slice(1).map((w) => w.cpuMs)));
    cpuAllRatios.push(windows[0]!.cpuAllMs / median(windows.slice(1).map((w) => w.cpuAllMs)));
    options.onProcess?.(pid, windows);
  }
  const warmMs = median(warms);
  const bareRate = median(bareRates);
  const each = ratios.map((r) => r.toFixed(2)).join(', ');
  record(
    `stdio server, first ${N}-command call once the bot holds its view (median of ${processes} fresh processes)`,
    `${median(firsts).toFixed(0)} ms (${firsts.map((f) => f.toFixed(0)).join(', ')})`,
  );
  record(
    'stdio server, process start → get_connection_info answered (connected and warmed up; median)',
    `${median(ready).toFixed(0)} ms`,
  );
  record(
    'stdio server, process start → the bot holds every chunk of its view (the first call waits for it; median)',
    `${median(viewed).toFixed(0)} ms`,
  );
  record(`stdio server, warm ${N}-command call (median)`, `${warmMs.toFixed(0)} ms`);
  record(
    `first call / warm call (median of ${processes} processes: ${each})`,
    `${median(ratios).toFixed(2)}× (${target('first call ÷ warm call (stdio)', median(ratios), '≤', 1.5, '×')})`,
  );
  record(
    `first call / warm call in the serve process's main-thread CPU time (median of ${processes})`,
    `${median(cpuRatios).toFixed(2)}× (${cpuRatios.map((r) => r.toFixed(2)).join(', ')})`,
  );
  record(
    `first call / warm call in the serve process's CPU time over all threads (median of ${processes})`,
    `${median(cpuAllRatios).toFixed(2)}× (${cpuAllRatios.map((r) => r.toFixed(2)).join(', ')})`,
  );
  const mix = Object.entries(outcomes)
    .map(([status, n]) => `${n} ${status}`)
    .join(', ');
  record(`stdio server, what a warm ${N}-command call's commands came to`, mix);
  record('bare minecraft-protocol client, same commands (median)', `${bareRate.toFixed(0)} commands/s`);
  record(
    `stdio server, CPU after a warm call's answer until it settles (all threads; median of ${afterAnswer.length}; the bare client's run waits for it)`,
    `${median(afterAnswer).toFixed(0)} ms`,
  );
  // a shared machine's load moves within seconds; a warm call and the bare client's run right after it see
  // the same load, so each pair gives a ratio, and their median is the figure. The bare client's run starts
  // once serve has settled (bench/process-cpu.ts): what serve does after its answer would otherwise slow it. The median warm call over
  // the median bare run, taken apart, is printed beside it: it mixes moments of different load.
  const ceiling = median(pairRatios);
  const apart = ((N / warmMs) * 1000) / bareRate;
  record(
    `stdio server (warm) / bare client (median of ${pairRatios.length} pairs, a warm call and the bare client's run right after it: ${Math.min(...pairRatios).toFixed(2)}–${Math.max(...pairRatios).toFixed(2)}; medians taken apart ${apart.toFixed(2)}×)`,
    `${ceiling.toFixed(2)}× (${target('warm stdio ÷ bare client', ceiling, '≥', 0.75, '×')})`,
  );
  const sorted = [...small].sort((a, b) => a - b);
  const p50 = sorted[Math.floor(sorted.length / 2)]!;
  record(
    `stdio server, one setblock per call, the bot alone in the world: p50 and p95 of ${small.length} calls (${processes} processes, ${SMALL_CALLS} each after its big calls)`,
    `${p50.toFixed(1)} ms, ${sorted[Math.floor(sorted.length * 0.95)]!.toFixed(1)} ms (${target('single small call p50 (stdio)', p50, '≤', 2, ' ms')})`,
  );
  record(
    `stdio server, one setblock per call: p50 of each process's first ${SMALL_CALLS_WHILE_OPTIMISING} (V8 still optimising a call's path)`,
    `${median(smallFirst).toFixed(1)} ms`,
  );
  const bareP50 = median(bareSmall);
  record(
    `bare minecraft-protocol client, one setblock and its reply: p50 of ${bareSmall.length} (${bareSmall.length / BARE_SMALL_CALLS} rounds)`,
    `${bareP50.toFixed(1)} ms`,
  );
  record('stdio server, one setblock per call: p50 ÷ the bare client p50', `${(p50 / bareP50).toFixed(2)}×`);
  bare.client.close();
}

/** One `mcbridge serve` process (built) over stdio, connected and past its warm-up. */
class ServeProcess {
  private constructor(
    private readonly client: Client,
    private readonly transport: StdioClientTransport,
    readonly at: Origin,
    /** from starting the process to the answer of get_connection_info (connected and warmed up) */
    readonly readyMs: number,
    /** from starting the process to the world saying the bot holds every chunk of its view */
    readonly viewMs: number,
  ) {}

  get pid(): number | null {
    return this.transport.pid;
  }

  static async start(
    world: BenchWorld,
    username: string,
    safetyFile: string,
    jobsDir: string,
    options: FirstCallOptions,
  ): Promise<ServeProcess> {
    await world.op?.(username);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        ...(options.nodeArgs ?? []),
        // MCBRIDGE_BENCH_SERVE: another build's cli/main.js, for before/after figures on the same world
        process.env.MCBRIDGE_BENCH_SERVE ?? new URL('../dist/cli/main.js', import.meta.url).pathname,
        'serve',
        '--host',
        world.host,
        '--port',
        String(world.port),
        '--version',
        world.version,
        '--username',
        username,
        '--safety-config',
        safetyFile,
        '--jobs-dir',
        jobsDir,
      ],
      stderr: 'ignore',
      // MCBRIDGE_HEAP: another heap setting for serve (src/cli/lean-heap.ts), for before/after figures
      ...(process.env.MCBRIDGE_HEAP
        ? { env: { ...getDefaultEnvironment(), MCBRIDGE_HEAP: process.env.MCBRIDGE_HEAP } }
        : {}),
    });
    const t = performance.now();
    const client = new Client({ name: 'bench-first-call', version: '0' });
    await client.connect(transport);
    // waits for the connection (and its warm-up, which holds the queue) like a client's first look would
    const info = await client.callTool(
      { name: 'get_connection_info', arguments: {} },
      {
        timeout: 120_000,
      },
    );
    const at = (info.structuredContent as { bot: { block: Origin } }).bot.block;
    const readyMs = performance.now() - t;
    await world.viewDelivered(username);
    return new ServeProcess(client, transport, at, readyMs, performance.now() - t);
  }

  async call(kind: CallWindow['kind'], commands: string[]): Promise<CallWindow> {
    const cpu0 = cpuMs(this.transport.pid, { mainThread: true });
    const all0 = cpuMs(this.transport.pid);
    const startUs = monoUs();
    const t = performance.now();
    const r = await this.client.callTool(
      { name: 'execute_commands', arguments: { commands } },
      {
        timeout: 300_000,
      },
    );
    const ms = performance.now() - t;
    if (r.isError) throw new Error(`stdio execute_commands failed: ${JSON.stringify(r.content)}`);
    const mainMs = cpuMs(this.transport.pid, { mainThread: true }) - cpu0;
    const outcomes: CallWindow['outcomes'] = {};
    for (const { status } of (r.structuredContent as { results: Array<{ status: string }> }).results) {
      outcomes[status] = (outcomes[status] ?? 0) + 1;
    }
    return {
      kind,
      outcomes,
      ms,
      cpuMs: mainMs,
      cpuAllMs: cpuMs(this.transport.pid) - all0,
      startUs,
      endUs: monoUs(),
    };
  }

  /** closes stdin; the server shuts down (and writes its CPU profile, if asked to) */
  async close(): Promise<void> {
    const pid = this.transport.pid;
    await this.client.close();
    if (pid) await waitForExit(pid);
  }
}

async function waitForExit(pid: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
