/**
 * Bench: the pace of a fresh server's first big calls. A user's first builds come right after serve started,
 * not after thousands of commands have warmed it; this measures them as a host makes them. A fresh
 * `mcbridge serve --embedded` (built) over stdio, as a host starts it; one call of 50 setblocks warms it;
 * then three rounds of a 10-setblock call and a 1,000-setblock call. The marginal rate, 990 commands over
 * what the 1,000-call took more than the 10-call (a call's fixed cost — the host's pipe, the tool's checks,
 * the answer's hints — cancels out), summed over the three rounds, is read against a bare minecraft-protocol
 * client sending the same 1,000 commands to an embedded world of its own in the same run, after each round.
 * Several fresh serve processes each give one ratio; the median is the figure. Serve's resident memory at its
 * highest from its start through these calls (the kernel's VmHWM) is printed beside it: a faster start must
 * not cost the memory targets.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/client';
import { BareClient, type BareWorld } from './bare-client.js';
import { target } from './targets.js';
import { cpuMs, untilSettled } from './process-cpu.js';
import { median } from './stats.js';

type Record = (name: string, value: string) => void;

/** fresh serve processes, one ratio each */
const PROCESSES = 3;
const ROUNDS = 3;
const WARM_CALL = 50;
const SMALL = 10;
const BIG = 1000;

/**
 * `n` setblocks over a 10 × 10 × 10 box beside the player, relative to it (`~`), so that serve's bot and the
 * bare client send the very same text; `block` changes from call to call, so that every setblock changes its
 * block and is applied (and read back, remembered for undo, looked at by the hints on serve's side)
 */
export function setblocks(n: number, block: string): string[] {
  return Array.from(
    { length: n },
    (_, i) =>
      `setblock ~${2 + (i % 10)} ~${Math.floor(i / 100) % 10} ~${Math.floor(i / 10) % 10} minecraft:${block}`,
  );
}
/** three blocks in turn: each call's block differs from the two calls' before it, which wrote every position it writes */
const BLOCKS = ['stone', 'dirt', 'oak_planks'];
const blockOf = (call: number) => BLOCKS[call % BLOCKS.length]!;

/** the first child process of `pid`: serve's embedded world */
function childOf(pid: number): number | undefined {
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const first = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/)[0];
    if (first) return Number(first);
  }
  return undefined;
}

/** a process's resident memory now and at its highest so far, in MB (Linux /proc) */
function memoryMb(pid: number): { rss: number; most: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, most: kb('VmHWM') / 1024 };
}

export interface FirstBigCalls {
  /** ms of each round's 10-call and 1,000-call */
  small: number[];
  big: number[];
  /**
   * CPU time of serve and of its embedded world (all threads) during each 1,000-call, ms: steadier than wall
   * time on a busy machine, and it says which of the two a first call's extra time is spent in
   */
  serveCpu: number[];
  worldCpu: number[];
  /** serve's CPU (all threads) from each 1,000-call's answer until it settled, before the bare client's turn, ms */
  afterAnswer: number[];
  /** 990 × rounds ÷ Σ(big − small), commands/s */
  marginalRate: number;
  /** serve's RSS after the last call and at its highest since its start, MB */
  rssAfter: number;
  rssMost: number;
  /** what the big calls' commands came to */
  outcomes: { [status: string]: number };
}

/**
 * One fresh serve process's first big calls; `afterRound` runs after each round (the bare client's turn).
 * `cli`: the built `cli/main.js` to run (another build's, for before/after figures).
 */
export async function firstBigCalls(
  username: string,
  afterRound: () => Promise<void> = async () => {},
  cli = process.env.MCBRIDGE_BENCH_SERVE ?? new URL('../dist/cli/main.js', import.meta.url).pathname,
  nodeArgs: string[] = [],
): Promise<FirstBigCalls> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...nodeArgs, cli, 'serve', '--embedded', '--username', username],
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench-first-big-calls', version: '0' });
  await client.connect(transport);
  const pid = transport.pid!;
  const outcomes: FirstBigCalls['outcomes'] = {};
  let calls = 0;
  let world: number | undefined;
  const serveCpu: number[] = [];
  const worldCpu: number[] = [];
  /** serve's CPU from each 1,000-setblock call's answer until it settled (bench/process-cpu.ts) */
  const afterAnswer: number[] = [];
  const call = async (n: number, count = false): Promise<number> => {
    const cpu0 = count ? [cpuMs(pid), world ? cpuMs(world) : NaN] : [];
    const t = performance.now();
    const r = await client.callTool(
      { name: 'execute_commands', arguments: { commands: setblocks(n, blockOf(calls++)) } },
      { timeout: 300_000 },
    );
    const ms = performance.now() - t;
    if (r.isError) throw new Error(`execute_commands failed: ${JSON.stringify(r.content)}`);
    if (count) {
      serveCpu.push(cpuMs(pid) - cpu0[0]!);
      worldCpu.push(world ? cpuMs(world) - cpu0[1]! : NaN);
    }
    if (count)
      for (const { status } of (r.structuredContent as { results: Array<{ status: string }> }).results)
        outcomes[status] = (outcomes[status] ?? 0) + 1;
    return ms;
  };
  try {
    // what a host's first look does: answered once serve is connected (and its warm-up over)
    await client.callTool({ name: 'get_connection_info', arguments: {} }, { timeout: 120_000 });
    world = childOf(pid);
    await call(WARM_CALL);
    const small: number[] = [];
    const big: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      small.push(await call(SMALL));
      big.push(await call(BIG, true));
      afterAnswer.push(await untilSettled(pid));
      await afterRound();
    }
    const extra = big.reduce((a, b) => a + b, 0) - small.reduce((a, b) => a + b, 0);
    const { rss, most } = memoryMb(pid);
    return {
      small,
      big,
      marginalRate: ((BIG - SMALL) * ROUNDS * 1000) / extra,
      rssAfter: rss,
      rssMost: most,
      serveCpu,
      worldCpu,
      afterAnswer,
      outcomes,
    };
  } finally {
    await client.close();
  }
}

/** The bare client's rate on the same 1,000 setblocks, beside it in its own world (commands/s). */
export async function bareRates(
  world: BareWorld,
): Promise<{ run: () => Promise<void>; rates: number[]; close(): void }> {
  const bare = await BareClient.join(world, 'BareBigCalls');
  let call = 0;
  // its own first run warms its codecs and the world's; not counted
  await bare.run(setblocks(BIG, blockOf(call++)));
  const rates: number[] = [];
  return {
    rates,
    run: async () => void rates.push(await bare.run(setblocks(BIG, blockOf(call++)))),
    close: () => bare.close(),
  };
}

/** The figures of `npm run bench` for the first big calls of fresh serve processes. */
export async function measureFirstBigCalls(
  world: BareWorld,
  record: Record,
  processes = PROCESSES,
): Promise<void> {
  const bare = await bareRates(world);
  const ratios: number[] = [];
  const rates: number[] = [];
  const most: number[] = [];
  const serveCpu: number[][] = [];
  const worldCpu: number[][] = [];
  const afterAnswer: number[][] = [];
  let outcomes: FirstBigCalls['outcomes'] = {};
  const each = (values: number[], digits = 2) => values.map((v) => v.toFixed(digits)).join(', ');
  try {
    for (let p = 0; p < processes; p++) {
      const from = bare.rates.length;
      const run = await firstBigCalls(`BenchBig${p}`, bare.run);
      process.stderr.write(
        `bench: fresh serve ${p + 1}: 10-calls ${each(run.small, 0)} ms, 1000-calls ${each(run.big, 0)} ms, bare ${each(bare.rates.slice(from), 0)} commands/s\n`,
      );
      const bareRate = median(bare.rates.slice(from));
      ratios.push(run.marginalRate / bareRate);
      rates.push(run.marginalRate);
      most.push(run.rssMost);
      serveCpu.push(run.serveCpu);
      worldCpu.push(run.worldCpu);
      afterAnswer.push(run.afterAnswer);
      if (p === 0) outcomes = run.outcomes;
    }
  } finally {
    bare.close();
  }
  record(
    `fresh stdio server, first big calls: marginal rate of ${BIG} over ${SMALL} setblocks (${ROUNDS} rounds after a ${WARM_CALL}-setblock call; median of ${processes} processes: ${each(rates, 0)})`,
    `${median(rates).toFixed(0)} commands/s`,
  );
  record(
    `fresh stdio server, what its first ${BIG}-setblock calls came to (${ROUNDS} calls)`,
    Object.entries(outcomes)
      .map(([status, n]) => `${n} ${status}`)
      .join(', '),
  );
  record(
    `bare minecraft-protocol client, the same ${BIG} setblocks (median of ${bare.rates.length}, one after each round)`,
    `${median(bare.rates).toFixed(0)} commands/s`,
  );
  const ratio = median(ratios);
  record(
    `fresh stdio server's first big calls (marginal) / bare client (median of ${processes} processes: ${each(ratios)})`,
    `${ratio.toFixed(2)}× (${target('first big calls (stdio, marginal) ÷ bare client', ratio, '≥', 0.5, '×')})`,
  );
  const perRound = (cpu: number[][]) =>
    Array.from({ length: ROUNDS }, (_, r) => median(cpu.map((c) => c[r]!)).toFixed(0)).join(', ');
  record(
    `fresh stdio server, CPU time per ${BIG}-setblock call in rounds 1–${ROUNDS} (all threads; median of ${processes} processes)`,
    `serve ${perRound(serveCpu)} ms; its embedded world ${perRound(worldCpu)} ms`,
  );
  record(
    `fresh stdio server, CPU after each ${BIG}-setblock call's answer until it settles, rounds 1–${ROUNDS} (all threads; median of ${processes} processes; the bare client's turn waits for it)`,
    `serve ${perRound(afterAnswer)} ms`,
  );
  record(
    `fresh stdio server, most RSS from its start through these calls (VmHWM; median of ${processes}: ${each(most, 0)} MB)`,
    `${median(most).toFixed(0)} MB`,
  );
}
