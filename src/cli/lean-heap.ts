/**
 * How `mcbridge serve` keeps its heap small: it runs all day beside a chat client, often several MCP servers
 * at once, and V8's defaults are tuned for throughput, not for that.
 *
 * - The old generation grows by 10 % past what survived the last full collection, not by V8's dynamic factor
 *   (up to 4 × on a machine with memory to spare). Without it, serve's RSS rose in a saw-tooth to twice its
 *   resting size during a long conversation (the soak in bench/soak.ts).
 * - The young generation stays near its starting size (two semi-spaces of 1 MB; Node 24 sometimes lets it
 *   reach about 10 MB) instead of doubling whenever most of it survives a scavenge — up to 2 × 16 MB on
 *   Node 20 and 2 × 64 MB on Node 24.
 *
 * Both are V8 flags read at the moment they are used, so setting them from inside the process works; main.ts
 * does it before any other module loads. A shebang would not reach hosts that start
 * `node …/dist/cli/main.js serve` themselves, and NODE_OPTIONS refuses these two. (`--max-semi-space-size`
 * is read only when the heap is set up, hence the growth factor instead.) `MCBRIDGE_HEAP=v8-default` leaves
 * V8's own settings, for comparison; the soak bench measures both.
 */
import { setFlagsFromString, getHeapSpaceStatistics } from 'node:v8';
import { performance } from 'node:perf_hooks';
import { runInNewContext } from 'node:vm';

export const LEAN_HEAP_FLAGS = ['--heap-growing-percent=10', '--semi-space-growth-factor=1'] as const;

/**
 * Applies the lean-heap flags unless `MCBRIDGE_HEAP=v8-default`; returns the flags applied. For the bench's
 * comparison of settings, `MCBRIDGE_HEAP` may also name other V8 heap flags (`--heap-growing-percent=…`,
 * `--semi-space-growth-factor=…`, space-separated) and `shrink-at-rest`, applied the same way instead.
 */
export function useLeanHeap(env: NodeJS.ProcessEnv = process.env): readonly string[] {
  const setting = env['MCBRIDGE_HEAP'];
  if (setting === 'v8-default') return [];
  const flags: readonly string[] = setting?.startsWith('--') ? heapFlags(setting) : LEAN_HEAP_FLAGS;
  for (const flag of flags) if (flag.startsWith('--')) setFlagsFromString(flag);
  if (flags.includes('shrink-at-rest')) shrinkAtRest();
  return flags;
}

/** only the heap-sizing flags this module sets; anything else is ignored */
const heapFlags = (setting: string): string[] =>
  setting
    .split(/\s+/)
    .filter(
      (f) => /^--(heap-growing-percent|semi-space-growth-factor)=\d+$/.test(f) || f === 'shrink-at-rest',
    );

let resting: NodeJS.Timeout | undefined;
const REST_TICK_MS = 1000;
const REST_TICKS = 6;
const newSpaceSize = (): number =>
  getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;

function shrinkAtRest(): void {
  if (resting) return;
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (o?: { type: string }) => void;
  const floor = newSpaceSize();
  let elu = performance.eventLoopUtilization();
  let idle = 0;
  resting = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, elu).utilization;
    elu = now;
    idle = busy < 0.05 ? idle + 1 : 0;
    if (process.env['MCBRIDGE_HEAP_DEBUG'])
      process.stderr.write(
        `rest tick busy=${busy.toFixed(3)} idle=${idle} new=${newSpaceSize()} floor=${floor}\n`,
      );
    if (idle >= REST_TICKS && newSpaceSize() > floor) {
      gc({ type: 'minor' });
      idle = 0;
    }
  }, REST_TICK_MS).unref();
}
