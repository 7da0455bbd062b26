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
import { setFlagsFromString } from 'node:v8';

export const LEAN_HEAP_FLAGS = ['--heap-growing-percent=10', '--semi-space-growth-factor=1'] as const;

/**
 * Applies the lean-heap flags unless `MCBRIDGE_HEAP=v8-default`; returns the flags applied. For the bench's
 * comparison of settings, `MCBRIDGE_HEAP` may also name other V8 heap flags (`--heap-growing-percent=…`,
 * `--semi-space-growth-factor=…`, space-separated), applied the same way instead.
 */
export function useLeanHeap(env: NodeJS.ProcessEnv = process.env): readonly string[] {
  const setting = env['MCBRIDGE_HEAP'];
  if (setting === 'v8-default') return [];
  const flags = setting?.startsWith('--') ? heapFlags(setting) : LEAN_HEAP_FLAGS;
  for (const flag of flags) setFlagsFromString(flag);
  return flags;
}

/** only the two heap-sizing flags this module sets; anything else is ignored */
const heapFlags = (setting: string): string[] =>
  setting.split(/\s+/).filter((f) => /^--(heap-growing-percent|semi-space-growth-factor)=\d+$/.test(f));
