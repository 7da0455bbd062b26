/**
 * Every command a connection sent, counted the way vanilla's command spam kick counts them
 * (net/minecraft/util/TickThrottler.java: +20 per command, -1 per server tick, never below 0; the rest of
 * the rule and its sources: command-throttle.ts). A channel records each command it hands to the network.
 */

/** TickThrottler's step: what one command adds to the count */
export const SPAM_STEP = 20;
/** what the count loses per second on a server at full speed (one per tick) */
export const TICKS_PER_SECOND = 20;
/** assume the server drains at this share of full speed: a server under load ticks slower */
export const DRAIN_MARGIN = 0.9;

/** Our estimate of the server's count for this player: +20 per command sent, drained at DRAIN_MARGIN of 20/s. */
export class CommandCounter {
  private points = 0;
  private at = 0;
  /** commands recorded since the counter was made */
  total = 0;

  constructor(private readonly drainPerMs = (TICKS_PER_SECOND * DRAIN_MARGIN) / 1000) {}

  record(now = performance.now()): void {
    this.points = this.level(now) + SPAM_STEP;
    this.at = now;
    this.total++;
  }

  /** the estimated count now */
  level(now = performance.now()): number {
    return Math.max(0, this.points - (now - this.at) * this.drainPerMs);
  }

  /** ms until the estimate is down to `level` (0: it is already) */
  msUntil(level: number, now = performance.now()): number {
    const over = this.level(now) - Math.max(0, level);
    return over <= 0 ? 0 : over / this.drainPerMs;
  }
}
