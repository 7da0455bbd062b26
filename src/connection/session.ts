/**
 * A live connection: its channel, what the server can do (probed on connect), and a queue so that
 * concurrent tool calls never interleave their commands — attribution stays exact.
 */
import type { CaptureStrategy } from '../results/schema.js';
import type { Backend, CommandChannel } from './channel.js';
import {
  bothPacers,
  type CommandSpamSetting,
  CommandPacer,
  type SendPacer,
  type ThrottleInForce,
} from './command-throttle.js';
import { PacketBudget } from './packet-budget.js';
import { type Capabilities, probeCapabilities } from './probe.js';
import type { LimitInForce, PacketLimitSetting } from './server-limits.js';

export interface ConnectionInfo {
  backend: Backend;
  server: string;
  version: string;
  username: string;
  connected: boolean;
  op: boolean | null;
  captureStrategy: CaptureStrategy;
  feedbackEnabled: boolean | null;
  keyedFeedback: boolean;
  /** `minecraft:brand`, e.g. `Paper`; null until the server says it */
  serverBrand: string | null;
  /** the packet limit commands are paced under; null when this connection cannot count its packets */
  packetLimit: LimitInForce | null;
  /** vanilla's command spam kick as it applies to this player; null when the channel cannot count commands */
  commandThrottle: ThrottleInForce | null;
  /** why verification, undo and renders are off on this connection although it could read blocks */
  blockReadsOff?: string;
}

export interface SessionOptions {
  /** the operator's --packet-limit or config packetLimit; absent: decided by the server's brand */
  packetLimit?: PacketLimitSetting;
  /** the operator's --command-spam-threshold or config commandSpamThreshold; absent: the server's default */
  commandSpamThreshold?: CommandSpamSetting;
  /** how long the capability probe waits for its first answer (default 3 s; a late answer still counts) */
  probeTimeoutMs?: number;
}

export class ConnectionSession {
  private tail: Promise<unknown> = Promise.resolve();

  /** paces what this connection sends; absent when the channel cannot count its packets (bridge) */
  readonly budget: PacketBudget | undefined;
  /** paces commands under vanilla's command spam kick; absent when the channel cannot count its commands */
  readonly throttle: CommandPacer | undefined;
  /** what sending waits for: the packet budget and the command throttle, whichever is stricter */
  readonly pacer: SendPacer | undefined;

  private constructor(
    readonly channel: CommandChannel,
    public capabilities: Capabilities,
    options: SessionOptions,
  ) {
    this.budget = channel.packetLog
      ? new PacketBudget(channel.packetLog, options.packetLimit, () => channel.serverBrand?.())
      : undefined;
    // read each time: the brand may come after the probe, and a reprobe may find the player opped
    this.throttle = channel.commandCounter
      ? new CommandPacer(channel.commandCounter, () => ({
          setting: options.commandSpamThreshold,
          brand: channel.serverBrand?.(),
          version: channel.version,
          op: this.operator(),
        }))
      : undefined;
    this.pacer = bothPacers(this.budget, this.throttle);
  }

  /**
   * An operator in vanilla's sense (on the op list, spared by the spam kick): the probe's answer, unless
   * the player's own game knows its level is below an operator's — then a permissions mod let it run the
   * probe's commands, and vanilla still counts it
   */
  private operator(): boolean | null {
    const op = this.capabilities.op;
    return op === true && this.channel.operatorByClient?.() === false ? false : op;
  }

  /** some limit is in force: sending may have to wait */
  paced(): boolean {
    return this.budget?.limit().limit != null || this.throttle?.limit().paced === true;
  }

  static async open(channel: CommandChannel, options: SessionOptions = {}): Promise<ConnectionSession> {
    // the probe's fence may come late, before or after the session exists
    const opened: { session?: ConnectionSession; late?: Capabilities } = {};
    const found = await probeCapabilities(channel, {
      ...(options.probeTimeoutMs !== undefined ? { timeoutMs: options.probeTimeoutMs } : {}),
      onLateFence: (capabilities) => {
        if (opened.session) opened.session.correct(0, capabilities);
        else opened.late = capabilities;
      },
    });
    opened.session = new ConnectionSession(channel, opened.late ?? found, options);
    return opened.session;
  }

  /** probes so far: a late answer corrects the capabilities only if no probe came after its own */
  private probes = 0;

  /** Asks the server again (someone may have opped the bot or changed the gamerule). */
  reprobe(): Promise<Capabilities> {
    return this.exclusive(async () => {
      const probe = ++this.probes;
      this.capabilities = await probeCapabilities(this.channel, {
        onLateFence: (capabilities) => this.correct(probe, capabilities),
      });
      return this.capabilities;
    });
  }

  /** A probe's fence came after the probe had answered without it: the server can fence after all. */
  private correct(probe: number, capabilities: Capabilities): void {
    if (probe === this.probes) this.capabilities = capabilities;
  }

  /** Runs `work` when every earlier call on this connection has finished. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }

  info(): ConnectionInfo {
    const c = this.channel;
    return {
      backend: c.backend,
      server: c.server,
      version: c.version,
      username: c.username,
      connected: c.connected,
      op: this.capabilities.op,
      captureStrategy: this.capabilities.strategy,
      feedbackEnabled: this.capabilities.feedbackEnabled,
      keyedFeedback: this.capabilities.keyedFeedback,
      serverBrand: c.serverBrand?.() ?? null,
      packetLimit: this.budget?.limit() ?? null,
      commandThrottle: this.throttle?.limit() ?? null,
      ...(c.blockReadsOff ? { blockReadsOff: c.blockReadsOff } : {}),
    };
  }
}
