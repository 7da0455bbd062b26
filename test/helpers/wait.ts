/**
 * The bounded wait of the tests: polls `ok` until it holds, and fails naming `what` when it has not after
 * `timeout` ms — a bound for a busy machine, never a measure of speed (tests wait for events, not time).
 */
import { vi } from 'vitest';

export async function until(
  what: string,
  ok: () => boolean | Promise<boolean>,
  timeout = 60_000,
): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await ok())) throw new Error(`still waiting for ${what} after ${timeout} ms`);
    },
    { timeout, interval: 20 },
  );
}
