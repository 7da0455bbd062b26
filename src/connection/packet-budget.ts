/**
 * The packet budget of one connection: how many more packets may leave now without the server's sliding
 * window reaching its limit. Full speed while the window has room; then the sender waits until enough old
 * packets have left the window. It belongs to the connection, so every batch and job on it shares it.
 */
import type { PacketLog } from './packet-log.js';
import { type LimitInForce, limitInForce, type PacketLimitSetting } from './server-limits.js';

/** stay this far below the server's limit: packets the bot sends on its own and network jitter need room */
export const BUDGET_MARGIN = 0.9;

export class PacketBudget {
  constructor(
    private readonly log: PacketLog,
    private readonly setting: PacketLimitSetting | undefined,
    /** the brand as the server announced it; read each time, it may arrive after the probe */
    private readonly brand: () => string | undefined,
    private readonly margin = BUDGET_MARGIN,
  ) {}

  limit(): LimitInForce {
    return limitInForce(this.setting, this.brand());
  }

  /** packets the window may hold (the limit × its seconds × the margin); Infinity without a limit */
  capacity(): number {
    const { limit } = this.limit();
    if (!limit) return Number.POSITIVE_INFINITY;
    return Math.max(1, Math.floor(limit.rate * limit.seconds * this.margin));
  }

  /** ms to wait before `packets` more can be sent; 0 = now */
  delayFor(packets: number, now = performance.now()): number {
    const { limit } = this.limit();
    if (!limit) return 0;
    this.log.windowMs = limit.seconds * 1000;
    const capacity = this.capacity();
    const over = this.log.count(now) + packets - capacity;
    if (over <= 0) return 0;
    // the over-th oldest packet must leave the window first
    const t = this.log.sentAt(Math.min(over, capacity) - 1, now);
    return t === undefined ? 0 : Math.max(1, t + this.log.windowMs - now);
  }

  /** readable reason for pacing, for progress notifications */
  pacingNote(): string {
    const { limit, basis } = this.limit();
    return `paced to stay under the server's packet limit (${basis}; keeping ${Math.round(this.margin * 100)}%${limit ? `, ${this.capacity()} packets per ${limit.seconds} s` : ''})`;
  }
}
