/**
 * How `mcbridge serve` keeps its heap small: it runs all day beside a chat client, often several MCP servers
 * at once, and V8's defaults are tuned for throughput, not for that.
 *
 * - The old generation grows by 10 % past what survived the last full collection, not by V8's dynamic factor
 *   (up to 4 × on a machine with memory to spare). Without it, serve's RSS rose in a saw-tooth to twice its
 *   resting size during a long conversation (the soak in bench/soak.ts).
 * - The young generation grows as V8 lets it while calls come (two semi-spaces from 1 MB up to 16 MB each
 *   on Node 20, 64 MB on Node 24): held at 1 MB, what a call keeps until its answer was copied out of the
 *   small semi-space again and again, and the collector took half of serve's CPU. Once serve is quiet,
 *   young-generation collections give the space back within seconds: V8 shrinks the young generation after
 *   a collection when little was allocated over the last 5 s (`Heap::ReduceNewSpaceSize`), and at rest
 *   nothing else would collect.
 *
 * `--heap-growing-percent` is read by V8 at the moment it is used, so setting it from inside the process
 * works; main.ts does it before any other module loads. A shebang would not reach hosts that start
 * `node …/dist/cli/main.js serve` themselves, and NODE_OPTIONS refuses it. (`--max-semi-space-size`, which
 * would cap the young generation, is read only when the heap is set up, before serve's code runs.) The
 * collection at rest uses `gc`, exposed to a new context by `--expose-gc` set the same way.
 * `MCBRIDGE_HEAP=v8-default` leaves V8's own settings, for comparison; the soak bench measures both.
 */
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { performance } from 'node:perf_hooks';
import { runInNewContext } from 'node:vm';

/** V8 flags, and `shrink-at-rest`: the young generation given back once serve is idle */
export const LEAN_HEAP_FLAGS = ['--heap-growing-percent=10', 'shrink-at-rest'] as const;

/**
 * Applies the lean-heap settings unless `MCBRIDGE_HEAP=v8-default`; returns the settings applied. For the
 * bench's comparison of settings, `MCBRIDGE_HEAP` may also name other V8 heap flags
 * (`--heap-growing-percent=…`, `--semi-space-growth-factor=…`) and `shrink-at-rest`, space-separated,
 * applied the same way instead.
 */
export function useLeanHeap(env: NodeJS.ProcessEnv = process.env): readonly string[] {
  const setting = env['MCBRIDGE_HEAP'];
  if (setting === 'v8-default') return [];
  const flags: readonly string[] = setting?.startsWith('--') ? heapFlags(setting) : LEAN_HEAP_FLAGS;
  for (const flag of flags) if (flag.startsWith('--')) setFlagsFromString(flag);
  if (flags.includes('shrink-at-rest')) shrinkAtRest();
  return flags;
}

/** only the heap-sizing settings this module applies; anything else is ignored */
const heapFlags = (setting: string): string[] =>
  setting
    .split(/\s+/)
    .filter(
      (f) => /^--(heap-growing-percent|semi-space-growth-factor)=\d+$/.test(f) || f === 'shrink-at-rest',
    );

const TICK_MS = 1000;
/** the event loop busier than this over a tick: not quiet (a bot's physics ticks and keep-alives are less) */
const BUSY = 0.25;

let resting: NodeJS.Timeout | undefined;

const youngGeneration = (): number =>
  getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;

/**
 * Every second, how busy the event loop was. In each quiet second while the young generation is larger
 * than it started, one young-generation collection: V8 judges the allocation rate from its collections,
 * over the last 5 s, so the first one empties the young generation and starts a quiet stretch, and once
 * that stretch is 5 s long the next finds the rate low and V8 shrinks the young generation
 * (`Heap::ReduceNewSpaceSize`). A collection of a near-empty young generation costs next to nothing. The
 * timer keeps no process alive. `onShrink` (tests) hears each collection, with the young generation's size
 * before and after.
 */
export function shrinkAtRest(onShrink?: (before: number, after: number) => void): void {
  if (resting) return;
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options: { type: 'minor' }) => void;
  const start = youngGeneration();
  let last = performance.eventLoopUtilization();
  resting = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const quiet = performance.eventLoopUtilization(now, last).utilization < BUSY;
    last = now;
    const before = youngGeneration();
    if (!quiet || before <= start) return;
    gc({ type: 'minor' });
    onShrink?.(before, youngGeneration());
  }, TICK_MS).unref();
}
