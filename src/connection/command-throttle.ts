/**
 * Vanilla's command spam kick, and the pacing that keeps a batch under it. Read from vanilla's code
 * (docs: DESIGN "Vanilla's source"):
 * - 26.3 (0khs/minecraft_source_26.3, net/minecraft/server/network/ServerGamePacketListenerImpl.java):
 *   `commandSpamThrottler = new TickThrottler(20, 20 * server.getCommandSpamThresholdSeconds())`; every
 *   chat command, signed or not, runs first and then `detectCommandRateSpam()` adds 20; when the count is
 *   no longer under the threshold the player is disconnected with `disconnect.spam` ("Kicked for
 *   spamming"), unless `PlayerList.isOp` or the single-player owner. The listener's `tick()` takes 1 off
 *   per server tick (net/minecraft/util/TickThrottler.java). Chat has a throttler of its own.
 * - `command-spam-threshold-seconds` in server.properties, default 10
 *   (net/minecraft/server/dedicated/DedicatedServerProperties.java); 0 turns the kick off
 *   (TickThrottler.isUnderThreshold: `threshold <= 0 || count < threshold`, as Mojang's 26.2-pre1 notes
 *   say); the integrated server of a LAN world answers 0 (net/minecraft/client/server/IntegratedServer.java).
 * - Before 26.2 (1.21.4: extremeheat/extracted_minecraft_data `client1.21.4`; 26.1.2:
 *   SENAndrhevn23/Minecraft-26.1.2-Source-Code) one `chatSpamThrottler = new TickThrottler(20, 200)`
 *   counted chat and commands together: the same numbers, fixed.
 * So from rest the `seconds`-th command of a burst is kicked (the 10th by default), and the count drains
 * 20 per second: one command per second can go on for ever. Operators never see the kick.
 */
import { z } from 'zod';
import { compareVersions } from './channel.js';
import { type CommandCounter, DRAIN_MARGIN, SPAM_STEP, TICKS_PER_SECOND } from './command-counter.js';
import { familyOfBrand } from './server-limits.js';

export const DEFAULT_COMMAND_SPAM_SECONDS = 10;
/** commands kept free below the kick: the player's own commands, network jitter (arrivals bunch up) */
export const RESERVED_COMMANDS = 2;

/** `command-spam-threshold-seconds` as the operator writes it: whole seconds, or `off` (same as 0). */
export const CommandSpamTextSchema = z
  .string()
  .regex(/^(off|\d{1,6})$/, "write the server's command-spam-threshold-seconds (e.g. 10), or off");

export interface CommandSpamSetting {
  /** the server's threshold in seconds; `off`: the server does not kick (0 in server.properties) */
  seconds: number | 'off';
  /** where the operator set it */
  from: 'flag' | 'config';
}

export function parseCommandSpamThreshold(text: string): number | 'off' {
  const checked = CommandSpamTextSchema.parse(text.trim());
  const seconds = checked === 'off' ? 0 : Number(checked);
  return seconds === 0 ? 'off' : seconds;
}

export interface ThrottleInForce {
  /** the server's threshold in seconds; null: this server does not kick for command spam */
  seconds: number | null;
  /** `flag` (--command-spam-threshold), `config` (commandSpamThreshold), `server` (its family's default) */
  source: 'flag' | 'config' | 'server';
  /** the player is an operator: vanilla never kicks operators for spam */
  exempt: boolean;
  /** commands are paced: a threshold and no exemption */
  paced: boolean;
  /** readable: where the figure comes from */
  basis: string;
}

export interface ThrottleFacts {
  setting?: CommandSpamSetting | undefined;
  /** `minecraft:brand` as announced */
  brand?: string | undefined;
  /** the version the player speaks */
  version: string;
  /** operator, as the capability probe found (null: unknown, treated as not) */
  op: boolean | null;
}

export function throttleInForce(facts: ThrottleFacts): ThrottleInForce {
  const { setting } = facts;
  let seconds: number | null;
  let source: ThrottleInForce['source'];
  let basis: string;
  if (setting) {
    seconds = setting.seconds === 'off' ? null : setting.seconds;
    source = setting.from;
    const where =
      setting.from === 'flag' ? '--command-spam-threshold' : 'commandSpamThreshold in the config file';
    basis = `${where}: ${seconds === null ? 'off' : `${seconds} s`}`;
  } else {
    const family = familyOfBrand(facts.brand);
    source = 'server';
    if (!family.commandSpamKick) {
      seconds = null;
      basis = `${family.family}: no command spam kick`;
    } else {
      seconds = DEFAULT_COMMAND_SPAM_SECONDS;
      basis =
        compareVersions(facts.version, '26.2') >= 0
          ? `${family.family}: command-spam-threshold-seconds in server.properties, 10 s unless changed`
          : `${family.family}: 10 s before 26.2 (fixed, chat counts too)`;
    }
  }
  const exempt = facts.op === true;
  if (exempt && seconds !== null) basis += '; operators are exempt, and this player is one';
  return { seconds, source, exempt, paced: seconds !== null && !exempt, basis };
}

/**
 * Paces commands under the throttle in force: a burst while the count has room, then about one command
 * per second. Shaped like the packet budget, so capture waits on either the same way.
 */
export class CommandPacer {
  constructor(
    private readonly counter: CommandCounter,
    private readonly facts: () => ThrottleFacts,
  ) {}

  limit(): ThrottleInForce {
    return throttleInForce(this.facts());
  }

  /** the highest count we let the estimate reach: one below the kick, less the reserved commands */
  private ceiling(seconds: number): number {
    const reserve = Math.min(RESERVED_COMMANDS, Math.max(0, seconds - 2));
    return SPAM_STEP * (seconds - reserve) - 1;
  }

  /** commands that may go out at once from rest; Infinity when not paced */
  capacity(): number {
    const t = this.limit();
    if (!t.paced) return Number.POSITIVE_INFINITY;
    return Math.max(1, Math.floor(this.ceiling(t.seconds!) / SPAM_STEP));
  }

  /** ms to wait before `commands` more can be sent; 0 = now */
  delayFor(commands: number, now = performance.now()): number {
    const t = this.limit();
    if (!t.paced) return 0;
    // a group never needs more room than there is from rest (capture keeps groups within capacity)
    const k = Math.min(commands, this.capacity());
    // with a threshold of 1 s every command is kicked: waiting cannot help, so do not wait for ever
    const target = Math.max(0, this.ceiling(t.seconds!) - SPAM_STEP * k);
    const wait = this.counter.msUntil(target, now);
    return wait > 0 ? Math.max(1, Math.ceil(wait)) : 0;
  }

  /** readable reason for pacing, for progress notifications */
  pacingNote(): string {
    const t = this.limit();
    const every = (SPAM_STEP / (TICKS_PER_SECOND * DRAIN_MARGIN)).toFixed(1);
    return `paced to stay under the server's command spam kick (${t.basis}; at most ${this.capacity()} commands at once, then one every ${every} s)`;
  }
}

/** What capture asks of a pacer (capture/captured.ts, Pacer), answered here without importing it. */
export interface SendPacer {
  delayFor(sends: number): number;
  capacity(): number;
  pacingNote(): string;
}

/** Both limits at once: wait for the later, keep groups within the smaller room, say which one waits. */
export function bothPacers(a: SendPacer | undefined, b: SendPacer | undefined): SendPacer | undefined {
  if (!a || !b) return a ?? b;
  return {
    delayFor: (sends) => Math.max(a.delayFor(sends), b.delayFor(sends)),
    capacity: () => Math.min(a.capacity(), b.capacity()),
    pacingNote: () => {
      const sends = 1;
      return a.delayFor(sends) >= b.delayFor(sends) ? a.pacingNote() : b.pacingNote();
    },
  };
}
