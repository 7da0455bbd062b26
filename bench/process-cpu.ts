/**
 * A process's CPU time, from /proc (Linux): all its threads, or its main thread alone, in nanoseconds of
 * `schedstat` (the tick counts of `stat` come in steps of 10 ms). And a wait for a serve process to settle
 * after it answered a call: its work after the answer (collecting what the call left, reading the server's
 * last packets) would otherwise run while the bench's next step does, so it is waited for before the bare
 * client's turn, which is then measured on a machine serve has stopped using, and counted, so that it is not
 * hidden.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** CPU time of a process's threads (or its main thread), ms; NaN without /proc or once it has ended */
export function cpuMs(pid: number | null, { mainThread = false } = {}): number {
  if (pid === null) return Number.NaN;
  try {
    const tasks = mainThread ? [String(pid)] : readdirSync(`/proc/${pid}/task`);
    let ns = 0;
    for (const task of tasks) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // a thread that ended meanwhile
      }
    }
    return ns / 1e6;
  } catch {
    return Number.NaN;
  }
}

const QUIET_MS = 40;
/** settled: less CPU than this share of the window (timers, a stray packet) over the last QUIET_MS */
const QUIET_SHARE = 0.05;
const POLL_MS = 10;
/** a process that never settles (a busy machine's noise in its threads) is waited for this long at most */
const MAX_MS = 2000;

/**
 * Waits until the process used less than 5 % of one core over the last QUIET_MS; returns the CPU it used from
 * the call until then, ms.
 */
export async function untilSettled(pid: number): Promise<number> {
  const start = cpuMs(pid);
  if (Number.isNaN(start)) return Number.NaN;
  const deadline = performance.now() + MAX_MS;
  const samples: Array<{ at: number; cpu: number }> = [{ at: performance.now(), cpu: start }];
  let last = start;
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const now = { at: performance.now(), cpu: cpuMs(pid) };
    samples.push(now);
    last = now.cpu;
    const from = samples.find((s) => now.at - s.at <= QUIET_MS + POLL_MS && now.at - s.at >= QUIET_MS);
    if (from && now.cpu - from.cpu < (now.at - from.at) * QUIET_SHARE) break;
  }
  return last - start;
}
