/**
 * Vanilla's command spam kick and mcbridge's pacing under it. The server side is simulated here with the
 * exact arithmetic of vanilla's code (src/connection/command-throttle.ts cites it): TickThrottler(20,
 * 20 × command-spam-threshold-seconds), +20 after each command, −1 per server tick (never below 0),
 * disconnect.spam when the count is no longer under the threshold, threshold 0 = never, operators never.
 */
import { Command } from 'commander';
import { describe, expect, test } from 'vitest';
import {
  addConnectionOptions,
  type ConnectionFlags,
  targetFromFlags,
} from '../../src/cli/connection-options.js';
import { CompanionConfigSchema } from '../../src/config/schema.js';
import { targetsFromConfig } from '../../src/config/targets-from-config.js';
import { ConnectionSession } from '../../src/connection/session.js';
import { logger } from '../../src/vocabulary/logger.js';
import { captureSerial } from '../../src/capture/serial.js';
import type { Pacer } from '../../src/capture/captured.js';
import type { CommandChannel } from '../../src/connection/channel.js';
import { CommandCounter } from '../../src/connection/command-counter.js';
import {
  CommandPacer,
  parseCommandSpamThreshold,
  type ThrottleFacts,
  throttleInForce,
} from '../../src/connection/command-throttle.js';
import { explainKick, kickReason, leftWhileSending, readableReason } from '../../src/connection/kicks.js';
import type { CapturedMessage } from '../../src/vocabulary/text/message.js';

/** net/minecraft/util/TickThrottler.java, as 26.2+ has it */
class TickThrottler {
  count = 0;
  constructor(
    private readonly step: number,
    private readonly threshold: number,
  ) {}
  increment(): void {
    this.count += this.step;
  }
  tick(): void {
    if (this.count > 0) this.count--;
  }
  isUnderThreshold(): boolean {
    return this.threshold <= 0 || this.count < this.threshold;
  }
}

interface ServerRun {
  /** 1-based number of the command that got the player kicked; undefined: never kicked */
  kickedAt?: number;
  /** the highest count seen right after a command */
  highest: number;
}

/**
 * A vanilla server receiving commands at `arrivals` (ms, ascending): between two arrivals it ticks every
 * `tickMs`; each command runs, then counts (ServerGamePacketListenerImpl.detectRateSpam).
 */
function vanillaServer(
  arrivals: readonly number[],
  o: { seconds: number; op?: boolean; tickMs?: number },
): ServerRun {
  const throttler = new TickThrottler(20, 20 * o.seconds);
  const tickMs = o.tickMs ?? 50;
  let nextTick = tickMs;
  let highest = 0;
  for (const [i, at] of arrivals.entries()) {
    for (; nextTick <= at; nextTick += tickMs) throttler.tick();
    throttler.increment();
    highest = Math.max(highest, throttler.count);
    if (!throttler.isUnderThreshold() && !o.op) return { kickedAt: i + 1, highest };
  }
  return { highest };
}

const facts = (f: Partial<ThrottleFacts> = {}): ThrottleFacts => ({
  brand: 'vanilla',
  version: '26.2',
  op: false,
  ...f,
});

/**
 * Send times of `n` commands sent in groups of `group` (one delayFor per group, as capture asks), each
 * group as soon as the pacer allows, in virtual time.
 */
function pacedSendTimes(n: number, f: ThrottleFacts, group = 1): number[] {
  const counter = new CommandCounter();
  const pacer = new CommandPacer(counter, () => f);
  const times: number[] = [];
  let t = 0;
  while (times.length < n) {
    const k = Math.min(group, n - times.length);
    t += pacer.delayFor(k, t);
    for (let i = 0; i < k; i++) {
      counter.record(t);
      times.push(t);
    }
  }
  return times;
}

describe("the simulated server follows vanilla's numbers", () => {
  test.each([
    // [burst size, threshold seconds, kicked at]
    [9, 10, undefined],
    [10, 10, 10], // from rest the 10th command of a burst is kicked
    [50, 10, 10],
    [4, 5, undefined],
    [5, 5, 5],
    [1, 1, 1], // a threshold of 1 s kicks any command
    [1000, 0, undefined], // 0 turns the kick off
  ])('a burst of %i commands with a threshold of %i s: kicked at %s', (n, seconds, kickedAt) => {
    expect(vanillaServer(Array(n).fill(0), { seconds }).kickedAt).toBe(kickedAt);
  });

  test('one command per second goes on for ever; operators are never kicked', () => {
    const perSecond = Array.from({ length: 500 }, (_, i) => i * 1000);
    expect(vanillaServer(perSecond, { seconds: 10 }).kickedAt).toBeUndefined();
    expect(vanillaServer(Array(500).fill(0), { seconds: 10, op: true }).kickedAt).toBeUndefined();
  });

  test('sending as fast as serial capture does (a reply and 150 ms of quiet: ~5 per second) is kicked', () => {
    const serialSpeed = Array.from({ length: 50 }, (_, i) => i * 200);
    expect(vanillaServer(serialSpeed, { seconds: 10 }).kickedAt).toBe(13);
  });
});

describe('a paced batch never reaches the kick', () => {
  test.each([
    // [commands, threshold seconds, commands per pacing decision]
    [1, 10, 1],
    [7, 10, 1],
    [10, 10, 1],
    [100, 10, 1],
    [400, 10, 1],
    [100, 10, 2], // fenced capture: a command and its fence
    [100, 10, 7], // a group as large as the room from rest
    [100, 3, 1],
    [100, 5, 2],
    [100, 30, 1],
    [100, 2, 1],
  ])('%i commands, threshold %i s, %i at a time', (n, seconds, group) => {
    const f = facts(seconds === 10 ? {} : { setting: { seconds, from: 'flag' } });
    const times = pacedSendTimes(n, f, group);
    const run = vanillaServer(times, { seconds });
    expect(run.kickedAt).toBeUndefined();
    expect(run.highest).toBeLessThan(20 * seconds);
  });

  test('also on a server that lags to 18 ticks per second', () => {
    const times = pacedSendTimes(300, facts());
    expect(vanillaServer(times, { seconds: 10, tickMs: 1000 / 18 }).kickedAt).toBeUndefined();
  });

  test('also when the network bunches arrivals up by as much as a second', () => {
    const times = pacedSendTimes(300, facts());
    // in order (one TCP stream), each arriving 0–1000 ms late: a late one makes the next ones bunch up
    let last = 0;
    let seed = 7;
    const arrivals = times.map((t) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      last = Math.max(last, t + (seed % 1000));
      return last;
    });
    expect(vanillaServer(arrivals, { seconds: 10 }).kickedAt).toBeUndefined();
  });

  test('the first 7 go at once at the default threshold, then one about every 1.1 s', () => {
    const times = pacedSendTimes(20, facts());
    expect(times.slice(0, 7)).toEqual(Array(7).fill(0));
    const gaps = times.slice(8).map((t, i) => t - times[7 + i]!);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(1111);
    for (const gap of gaps) expect(gap).toBeLessThanOrEqual(1112);
  });

  test('an operator, a threshold of 0 and flying-squid are not paced', () => {
    for (const f of [
      facts({ op: true }),
      facts({ setting: { seconds: 'off', from: 'config' } }),
      facts({ brand: 'flying-squid' }),
    ]) {
      expect(pacedSendTimes(100, f).at(-1)).toBe(0);
    }
  });
});

describe('the throttle in force', () => {
  test.each([
    [facts(), 10, true, /vanilla: command-spam-threshold-seconds in server.properties, 10 s unless changed/],
    [facts({ version: '26.3', brand: 'Paper' }), 10, true, /Paper: command-spam-threshold-seconds/],
    [facts({ version: '1.21.4' }), 10, true, /vanilla: 10 s before 26\.2 \(fixed, chat counts too\)/],
    [facts({ brand: undefined, op: null }), 10, true, /unknown: command-spam-threshold-seconds/],
    [facts({ op: true }), 10, false, /operators are exempt, and this player is one/],
    [facts({ brand: 'flying-squid' }), null, false, /flying-squid: no command spam kick/],
    [facts({ setting: { seconds: 30, from: 'flag' } }), 30, true, /^--command-spam-threshold: 30 s$/],
    [
      facts({ setting: { seconds: 'off', from: 'config' } }),
      null,
      false,
      /^commandSpamThreshold in the config file: off$/,
    ],
  ])('%o → %s s, paced %s', (f, seconds, paced, basis) => {
    const t = throttleInForce(f);
    expect(t).toMatchObject({ seconds, paced });
    expect(t.basis).toMatch(basis);
  });

  test.each([
    ['10', 10],
    [' 45 ', 45],
    ['0', 'off'],
    ['off', 'off'],
  ])('the threshold "%s" reads as %s', (text, value) => {
    expect(parseCommandSpamThreshold(text)).toBe(value);
  });

  test.each(['-1', '1.5', 'ten', ''])('"%s" is refused', (text) => {
    expect(() => parseCommandSpamThreshold(text)).toThrow(/command-spam-threshold-seconds/);
  });

  test('the pacing note says why and how fast', () => {
    const pacer = new CommandPacer(new CommandCounter(), () => facts());
    expect(pacer.capacity()).toBe(7);
    expect(pacer.pacingNote()).toMatch(
      /command spam kick \(vanilla: .*; at most 7 commands at once, then one every 1\.1 s\)/,
    );
  });
});

describe('the kick, by its translation key', () => {
  test.each([
    ['disconnect.spam'],
    ['{"translate":"disconnect.spam"}'],
    [{ translate: 'disconnect.spam' }],
    ['Kicked for spamming'],
  ])("%o is vanilla's command spam kick, with what to do", (reason) => {
    const readable = readableReason(reason);
    expect(explainKick(readable)?.kind).toBe('command_spam');
    const text = kickReason(readable);
    expect(text).toMatch(
      /^kicked by the server: (disconnect\.spam|Kicked for spamming) — vanilla's spam kick/,
    );
    expect(text).toMatch(/command-spam-threshold-seconds \(server\.properties since 26\.2, default 10/);
    expect(text).toMatch(/had already run, so check the world/);
    expect(text).toMatch(/Fix: make the bot an operator/);
    expect(text).toMatch(
      /raise command-spam-threshold-seconds in server\.properties \(0 turns the kick off\)/,
    );
    expect(text).toMatch(/--command-spam-threshold <seconds>/);
  });

  test('the bridge, which never hears the reason, names the kick when the game leaves while sending', () => {
    expect(leftWhileSending('the game left the world')).toMatch(
      /^the game left the world while commands were going out; .*"Kicked for spamming" \(disconnect\.spam\).*Fix: make the bot an operator/,
    );
  });
});

/** A game that answers the capability probe: with its fence (an operator) or as a player without rights. */
function fakeGame(o: { op: boolean; brand: string; version: string; clientOp?: boolean }) {
  const listeners = new Set<(m: CapturedMessage) => void>();
  const counter = new CommandCounter();
  const say = (component: CapturedMessage['component']) => {
    const line: CapturedMessage = { component, text: JSON.stringify(component), overlay: false };
    queueMicrotask(() => listeners.forEach((l) => l(line)));
  };
  const channel = {
    backend: 'bridge',
    server: 'test',
    version: o.version,
    username: 'p',
    connected: true,
    commandCounter: counter,
    serverBrand: () => o.brand,
    operatorByClient: () => o.clientOp ?? null,
    sendCommand(command: string) {
      counter.record();
      const fence = /^tellraw @s (.*)$/.exec(command);
      if (!o.op) say({ text: '', color: 'red', extra: [{ translate: 'command.unknown.command' }] });
      else if (fence) say(JSON.parse(fence[1]!) as CapturedMessage['component']);
      else say({ translate: 'commands.gamerule.query', with: ['send_command_feedback', 'true'] });
    },
    onMessage(l: (m: CapturedMessage) => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    onClose: () => () => undefined,
    executorPosition: () => undefined,
    close: async () => undefined,
  } satisfies CommandChannel;
  return channel;
}

describe('a session paces by what it found', () => {
  test('a player who is no operator on a 26.2 vanilla server is paced; its info says so', async () => {
    const session = await ConnectionSession.open(fakeGame({ op: false, brand: 'vanilla', version: '26.2' }));
    expect(session.capabilities.op).toBe(false);
    expect(session.paced()).toBe(true);
    expect(session.pacer?.capacity()).toBe(7);
    expect(session.info().commandThrottle).toMatchObject({ seconds: 10, paced: true, source: 'server' });
  });

  test('an operator is exempt, as in vanilla', async () => {
    const session = await ConnectionSession.open(fakeGame({ op: true, brand: 'vanilla', version: '26.3' }));
    expect(session.capabilities.op).toBe(true);
    expect(session.paced()).toBe(false);
    expect(session.pacer?.delayFor(1000)).toBe(0);
    expect(session.info().commandThrottle?.basis).toMatch(/operators are exempt, and this player is one/);
  });

  test('a player whom a permissions mod lets run commands, but whose game knows it is no operator, is paced', async () => {
    const session = await ConnectionSession.open(
      fakeGame({ op: true, clientOp: false, brand: 'Fabric', version: '26.2' }),
    );
    expect(session.capabilities.op).toBe(true);
    expect(session.paced()).toBe(true);
    expect(session.info().commandThrottle).toMatchObject({ exempt: false, paced: true });
  });

  test("the operator's threshold is the one paced to", async () => {
    const session = await ConnectionSession.open(fakeGame({ op: false, brand: 'Fabric', version: '26.2' }), {
      commandSpamThreshold: { seconds: 30, from: 'config' },
    });
    expect(session.pacer?.capacity()).toBe(27);
    expect(session.info().commandThrottle).toMatchObject({ seconds: 30, source: 'config' });
  });
});

describe('--command-spam-threshold and commandSpamThreshold', () => {
  test('the flag reaches the connection target as the operator setting', () => {
    const program = addConnectionOptions(new Command('x').exitOverride());
    program.parse(['--command-spam-threshold', '30'], { from: 'user' });
    const target = targetFromFlags(program.opts<ConnectionFlags>());
    expect(target.description.commandSpamThreshold).toEqual({ seconds: 30, from: 'flag' });
  });

  test('a malformed flag is refused with the expected form', () => {
    const program = addConnectionOptions(
      new Command('x').exitOverride().configureOutput({ writeErr: () => {} }),
    );
    expect(() => program.parse(['--command-spam-threshold', 'fast'], { from: 'user' })).toThrow(
      /command-spam-threshold-seconds \(e\.g\. 10\), or off/,
    );
  });

  test('the config file sets it per connection', async () => {
    const config = CompanionConfigSchema.parse({
      connections: { survival: { backend: 'mineflayer', commandSpamThreshold: 'off' } },
    });
    const { targets } = await targetsFromConfig(config, { log: logger });
    expect(targets.get('survival').description.commandSpamThreshold).toEqual({
      seconds: 'off',
      from: 'config',
    });
    expect(() =>
      CompanionConfigSchema.parse({ connections: { g: { backend: 'bridge', commandSpamThreshold: '1.5' } } }),
    ).toThrow(/command-spam-threshold-seconds/);
  });
});

describe('serial capture waits for its pacer', () => {
  test('every command is sent, after the waits the pacer asks for, and the wait is announced', async () => {
    const sent: string[] = [];
    const listeners = new Set<(m: CapturedMessage) => void>();
    const channel = {
      backend: 'bridge',
      server: 'test',
      version: '26.2',
      username: 'p',
      connected: true,
      sendCommand(command: string) {
        sent.push(command);
        const line: CapturedMessage = { component: { translate: 'x' }, text: command, overlay: false };
        queueMicrotask(() => listeners.forEach((l) => l(line)));
      },
      onMessage(l: (m: CapturedMessage) => void) {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      onClose: () => () => undefined,
      executorPosition: () => undefined,
      close: async () => undefined,
    } satisfies CommandChannel;
    // the third command must wait 5 ms
    let asked = 0;
    const pacer: Pacer = {
      delayFor: () => (++asked === 3 ? 5 : 0),
      capacity: () => 2,
      pacingNote: () => 'paced for the test',
    };
    const notes: string[] = [];
    const results = await captureSerial(channel, ['a', 'b', 'c', 'd'], {
      budget: pacer,
      onPaced: (note) => notes.push(note),
      windows: { firstLineMs: 1000, quietMs: 1, maxMs: 1000 },
    });
    expect(sent).toEqual(['a', 'b', 'c', 'd']);
    expect(results.map((r) => r.lines.map((l) => l.text))).toEqual([['a'], ['b'], ['c'], ['d']]);
    expect(notes).toEqual(['paced for the test']);
  });
});
