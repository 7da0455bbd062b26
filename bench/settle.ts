/**
 * A serve process's work after it answered a call (collecting what the call left, reading the server's last
 * packets) runs while the bench's next step would: waited for before the bare client's turn, so that the bare
 * client is measured on a machine serve has stopped using, and counted, so that it is not hidden. A process is
 * settled once its CPU time (all threads, from /proc, in ticks of 10 ms) has not moved for QUIET_MS.
 */
import { readFileSync } from 'node:fs';

const QUIET_MS = 40;
const POLL_MS = 10;
/** a process that never settles (a busy machine's noise in its threads) is waited for this long at most */
const MAX_MS = 2000;

/** utime + stime of all of a process's threads, from /proc; NaN without /proc */
export function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** Waits until the process's CPU time stands still for QUIET_MS; returns the CPU it used meanwhile (ms). */
export async function untilSettled(pid: number): Promise<number> {
  const start = processCpuMs(pid);
  if (Number.isNaN(start)) return Number.NaN;
  const deadline = performance.now() + MAX_MS;
  let last = start;
  let still = performance.now();
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const now = processCpuMs(pid);
    if (now !== last) {
      last = now;
      still = performance.now();
    } else if (performance.now() - still >= QUIET_MS) break;
  }
  return last - start;
}
