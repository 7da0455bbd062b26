/**
 * The soak: `mcbridge serve --embedded` (built) as an MCP host runs it, one stdio client, 60 calls of 1,000
 * setblocks back to back — a long conversation compressed — and once more with a pause between the calls, as
 * a host's model leaves one while it writes the next call (serve collects what a call left in that pause). Figures for the serve process alone (its world
 * runs in a process of its own): RSS at rest (the warm-up done, then 10 s without a call), the most RSS
 * reached during the calls (sampled every 20 ms), RSS after each call, its growth per 10 calls over the last
 * half (least squares), and the rate. Run twice: with mcbridge's heap settings and with V8's defaults, whose
 * rates are compared as a ratio. Run alone with `npm run bench -- --soak`.
 */
import { readFileSync } from 'node:fs';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { target } from './targets.js';

export const SOAK = 'soak: ';
const CALLS = 60;
const PER_CALL = 1000;
const REST_MS = 10_000;
/** the pause between calls of the soak's second run: far shorter than a model takes to write a call */
const PAUSE_MS = 200;

/** resident memory of a process, in MB (Linux) */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for process ${pid}`);
  return Number(m[1]) / 1024;
}

/** 1,000 setblocks over a 10 × 10 × 10 box beside the bot; even calls stone, odd ones dirt, so each one changes every block */
function setblocks(call: number): string[] {
  const block = call % 2 ? 'dirt' : 'stone';
  return Array.from(
    { length: PER_CALL },
    (_, i) =>
      `setblock ~${2 + (i % 10)} ~${Math.floor(i / 100)} ~${Math.floor(i / 10) % 10} minecraft:${block}`,
  );
}

/** slope of y over x by least squares */
function slope(ys: number[]): number {
  const n = ys.length;
  const mx = (n - 1) / 2;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  ys.forEach((y, x) => {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  });
  return num / den;
}

/**
 * serve's heap settings: mcbridge's own (src/cli/lean-heap.ts), V8's defaults, or other V8 heap flags set
 * the same way (`MCBRIDGE_HEAP=--flag=… --flag=…`), for comparison
 */
export type SoakHeap = 'lean' | 'v8-default' | `--${string}`;
const labelOf = (heap: SoakHeap): string =>
  heap === 'lean'
    ? "mcbridge's heap settings"
    : heap === 'v8-default'
      ? "V8's defaults (MCBRIDGE_HEAP=v8-default)"
      : `MCBRIDGE_HEAP="${heap}"`;
/** settings the soak also runs with a pause between calls: mcbridge's own, and the same without collecting between calls */
const PAUSED_SETTINGS: SoakHeap[] = [
  'lean',
  '--heap-growing-percent=15 --no-parallel-scavenge young-generation-cap',
];
/** other settings the soak compares with mcbridge's own */
const OTHER_SETTINGS: SoakHeap[] = [
  'v8-default',
  '--heap-growing-percent=10 --no-parallel-scavenge --semi-space-growth-factor=1',
  '--heap-growing-percent=10 --no-parallel-scavenge young-generation-cap',
  '--heap-growing-percent=30 --no-parallel-scavenge young-generation-cap',
  '--heap-growing-percent=15 --no-parallel-scavenge young-generation-cap=16',
];

/** Runs the soak with the given heap settings and records its figures; returns the warm rate (commands/s). */
export async function measureServeSoak(
  record: (name: string, value: string) => void,
  heap: SoakHeap = 'lean',
  cli = new URL('../dist/cli/main.js', import.meta.url).pathname,
  pauseMs = 0,
): Promise<number> {
  const label = `${labelOf(heap)}${pauseMs ? `, ${pauseMs} ms between calls` : ''}`;
  const { MCBRIDGE_HEAP: _, ...env } = process.env as Record<string, string>;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, 'serve', '--embedded', '--username', 'Soak'],
    env: { ...env, MCBRIDGE_LOG_LEVEL: 'debug', ...(heap === 'lean' ? {} : { MCBRIDGE_HEAP: heap }) },
    stderr: 'pipe',
  });
  // the warm-up's last step is logged at debug level: the server is at rest from then on
  let log = '';
  // a warm-up that fails, or a server that exits first, ends the soak with its log instead of waiting for ever
  const warmed = new Promise<void>((resolve, reject) => {
    transport.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('warm-up: connection warmed')) resolve();
      else if (/warm-up failed|initial connection failed/.test(log))
        reject(new Error(`serve's warm-up failed:\n${log.slice(-4000)}`));
      if (log.length > 1e6) log = log.slice(-1e4);
    });
    transport.onclose = () => reject(new Error(`serve exited before its warm-up:\n${log.slice(-4000)}`));
  });
  const client = new Client({ name: 'bench-soak', version: '0' });
  await client.connect(transport);
  const pid = transport.pid!;
  try {
    await warmed;
    await new Promise((resolve) => setTimeout(resolve, REST_MS));
    const atRest = rssMb(pid);
    const own = heap === 'lean';
    record(
      `${SOAK}${label}: serve RSS at rest (warm-up done, then ${REST_MS / 1000} s idle)`,
      `${atRest.toFixed(0)} MB${own && !pauseMs ? ` (${target('serve RSS at rest', Math.round(atRest), '≤', 150, ' MB')})` : ''}`,
    );

    let peak = atRest;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 20);
    const afterEach: number[] = [];
    const times: number[] = [];
    try {
      for (let k = 0; k < CALLS; k++) {
        const t = performance.now();
        const result = (await client.callTool(
          { name: 'execute_commands', arguments: { commands: setblocks(k) } },
          { timeout: 600_000 },
        )) as CallToolResult;
        times.push(performance.now() - t);
        if (result.isError) throw new Error(`soak call ${k + 1} failed: ${JSON.stringify(result.content)}`);
        const rss = rssMb(pid);
        peak = Math.max(peak, rss);
        afterEach.push(rss);
        if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    } finally {
      clearInterval(sampler);
    }
    const secondHalf = afterEach.slice(CALLS / 2);
    const warm = times.slice(CALLS / 2);
    record(
      `${SOAK}${label}: serve RSS, most during ${CALLS} calls of ${PER_CALL} setblocks`,
      `${peak.toFixed(0)} MB${own ? ` (${target(`serve RSS under load, most${pauseMs ? ', pauses between calls' : ''}`, Math.round(peak), '≤', 200, ' MB')})` : ''}`,
    );
    record(
      `${SOAK}${label}: serve RSS after calls 1, 10, 20, 30, 40, 50, 60`,
      [0, 9, 19, 29, 39, 49, 59].map((i) => afterEach[i]!.toFixed(0)).join(', ') + ' MB',
    );
    record(
      `${SOAK}${label}: serve RSS growth per 10 calls over calls 31–60 (least squares)`,
      `${(slope(secondHalf) * 10).toFixed(1)} MB`,
    );
    const rate = (warm.length * PER_CALL) / (warm.reduce((a, b) => a + b, 0) / 1000);
    record(`${SOAK}${label}: rate over calls 31–60`, `${rate.toFixed(0)} commands/s`);
    return rate;
  } finally {
    await client.close();
  }
}

/** The soak with mcbridge's settings, then with each other setting, and each rate as a ratio of V8's defaults'. */
export async function measureServeSoaks(record: (name: string, value: string) => void): Promise<void> {
  const rates = new Map<SoakHeap, number>();
  for (const heap of ['lean', ...OTHER_SETTINGS] as SoakHeap[])
    rates.set(heap, await measureServeSoak(record, heap));
  for (const heap of PAUSED_SETTINGS) await measureServeSoak(record, heap, undefined, PAUSE_MS);
  const v8 = rates.get('v8-default')!;
  for (const [heap, rate] of rates) {
    if (heap === 'v8-default') continue;
    record(`${SOAK}rate with ${labelOf(heap)} ÷ rate with V8's defaults`, `${(rate / v8).toFixed(2)}`);
  }
}
