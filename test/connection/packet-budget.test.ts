/** The packet budget's arithmetic, the server-family table, kick explanations and the group split, as tables. */
import { Command } from 'commander';
import { describe, expect, test } from 'vitest';
import {
  addConnectionOptions,
  type ConnectionFlags,
  targetFromFlags,
} from '../../src/cli/connection-options.js';
import { splitGroupLines, groupSize } from '../../src/capture/groups.js';
import type { CapturedMessage, TextComponent } from '../../src/vocabulary/text/message.js';
import { explainKick, kickReason } from '../../src/connection/kicks.js';
import { PacketBudget } from '../../src/connection/packet-budget.js';
import { PacketLog } from '../../src/connection/packet-log.js';
import { familyOfBrand, limitInForce, parsePacketLimit } from '../../src/connection/server-limits.js';

describe('the sliding window of sent packets', () => {
  test('counts only packets newer than the window', () => {
    const log = new PacketLog(1000);
    for (const t of [0, 100, 500, 999]) log.record(t);
    expect(log.count(999)).toBe(4);
    expect(log.count(1000)).toBe(3); // the packet at 0 left the window at 1000
    expect(log.count(1600)).toBe(1);
    expect(log.sentAt(0, 1600)).toBe(999);
  });
});

describe('the packet budget', () => {
  const budget = (brand: string | undefined, setting?: Parameters<typeof limitInForce>[0]) => {
    const log = new PacketLog();
    return { log, budget: new PacketBudget(log, setting, () => brand) };
  };

  test('without a limit nothing ever waits', () => {
    const { log, budget: b } = budget('vanilla');
    for (let i = 0; i < 10_000; i++) log.record(0);
    expect(b.delayFor(2, 1)).toBe(0);
    expect(b.capacity()).toBe(Number.POSITIVE_INFINITY);
  });

  test('full speed while the window has room, then wait until the oldest packets leave it', () => {
    // 10/s over 1 s, 90% kept: 9 packets per second
    const { log, budget: b } = budget(undefined, { limit: { rate: 10, seconds: 1 }, from: 'flag' });
    expect(b.capacity()).toBe(9);
    for (let t = 0; t < 7; t++) log.record(t * 10);
    expect(b.delayFor(2, 100)).toBe(0); // 7 + 2 = 9 fits
    log.record(100);
    log.record(101);
    expect(b.delayFor(1, 200)).toBe(800); // the packet sent at 0 leaves at 1000
    expect(b.delayFor(3, 200)).toBe(820); // the third oldest (sent at 20) must leave first
    expect(b.delayFor(1, 1000)).toBe(0); // the packet sent at 0 has left: 8 + 1 fits
    expect(b.delayFor(2, 1000)).toBe(10); // 8 + 2 does not: the one sent at 10 must leave first
  });

  test("an unknown server is assumed to be Paper's: 3,150 packets per 7 s", () => {
    const { budget: b } = budget(undefined);
    expect(b.limit()).toMatchObject({ limit: { rate: 500, seconds: 7 }, source: 'brand' });
    expect(b.capacity()).toBe(3150);
    expect(b.pacingNote()).toMatch(/paced to stay under the server's packet limit/);
  });
});

describe('server families by brand', () => {
  test.each([
    ['Paper', 'Paper', 500],
    ['Purpur', 'Paper', 500],
    ['Folia', 'Paper', 500],
    ['Paper (Velocity)', 'Paper', 500],
    ['vanilla', 'vanilla', null],
    ['fabric', 'Fabric', null],
    ['Spigot', 'Spigot', null],
    ['CraftBukkit', 'Spigot', null],
    ['flying-squid', 'flying-squid', null],
    ['SomeProxy', 'unknown', 500],
    [undefined, 'unknown', 500],
  ])('%s → %s, %s packets/s', (brand, family, rate) => {
    const f = familyOfBrand(brand);
    expect(f.family).toBe(family);
    expect(f.limit?.rate ?? null).toBe(rate);
    expect(f.basis.length).toBeGreaterThan(10);
  });

  test('the operator setting wins over the brand, off included', () => {
    expect(limitInForce({ limit: { rate: 300, seconds: 7 }, from: 'config' }, 'vanilla')).toMatchObject({
      limit: { rate: 300, seconds: 7 },
      source: 'config',
    });
    expect(limitInForce({ limit: 'off', from: 'flag' }, 'Paper')).toMatchObject({
      limit: null,
      source: 'flag',
    });
  });

  test.each([
    ['500/7', { rate: 500, seconds: 7 }],
    ['450.5/10', { rate: 450.5, seconds: 10 }],
    ['off', 'off'],
  ])('--packet-limit %s', (text, expected) => {
    expect(parsePacketLimit(text)).toEqual(expected);
  });

  test.each(['500', '0/7', '500/0', 'fast', '-1/7'])('--packet-limit %s is refused', (text) => {
    expect(() => parsePacketLimit(text)).toThrow();
  });
});

describe('kicks explained', () => {
  test.each([
    ['disconnect.exceeded_packet_rate', 'packet_rate'],
    ['Kicked for exceeding packet rate limit', 'packet_rate'],
    ['Sent too many packets', 'packet_rate'],
    ['disconnect.spam', 'command_spam'],
    ['Kicked for spamming', 'command_spam'],
    ['You have been banned', undefined],
  ])('%s → %s', (reason, kind) => {
    expect(explainKick(reason)?.kind).toBe(kind);
  });

  test('the close reason of a packet-rate kick names the cause, the fix, and that nothing is resent', () => {
    const text = kickReason('disconnect.exceeded_packet_rate');
    expect(text).toContain('kicked by the server: disconnect.exceeded_packet_rate');
    expect(text).toContain('packet-limiter.all-packets.max-packet-rate');
    expect(text).toContain('config/paper-global.yml');
    expect(text).toContain('--packet-limit');
    expect(text).toContain('Nothing is resent');
    expect(kickReason('Server closed')).toBe('kicked by the server: Server closed');
  });
});

describe('one fence for a group: splitting its lines', () => {
  const line = (component: TextComponent): CapturedMessage => ({ component, text: '', overlay: false });
  const ok = (n: number) => line({ translate: 'commands.setblock.success', with: [n, 0, 0] });
  const red = (key: string) => line({ text: '', color: 'red', extra: [{ translate: key }] });
  const context = (command: string) =>
    line({
      text: '',
      color: 'gray',
      clickEvent: { action: 'suggest_command', value: `/${command}` },
      extra: [command, { translate: 'command.context.here' }],
    });
  const commands = ['setblock 1 0 0 stone', 'setblock 2 0 0 notablock', 'fill 0 0 0 1 1 1 stone'];

  test('one line per command, and a parse error keeps its context line', () => {
    const lines = [ok(1), red('argument.block.id.invalid'), context(commands[1]!), ok(3)];
    expect(splitGroupLines(commands, lines)).toEqual([[lines[0]], [lines[1], lines[2]], [lines[3]]]);
  });

  test.each([
    ['a line missing', [ok(1), ok(2)]],
    ['a line too many', [ok(1), ok(2), ok(3), ok(4)]],
    ['a context line first', [context(commands[0]!), ok(1), ok(2), ok(3)]],
    ['a context line naming another command', [ok(1), ok(2), context(commands[0]!), ok(3)]],
  ])('%s: refused, never guessed', (_, lines) => {
    expect(splitGroupLines(commands, lines)).toBeUndefined();
  });

  test('a group cut short: the lines that came are the first commands’', () => {
    expect(splitGroupLines(commands, [ok(1)], false)).toEqual([[ok(1)], [], []]);
  });

  test('a single command takes every line, whatever they are', () => {
    expect(splitGroupLines(['say hi'], [ok(1), ok(2)])).toEqual([[ok(1), ok(2)]]);
  });

  test('groups are runs of setblock/fill/clone, at most 8, cut by anything else', () => {
    const run = [...Array(10).fill('setblock 0 0 0 stone'), 'gamerule x', 'fill 0 0 0 1 1 1 air'];
    expect(groupSize(run, 0, 256)).toBe(8);
    expect(groupSize(run, 8, 256)).toBe(2);
    expect(groupSize(run, 10, 256)).toBe(1);
    expect(groupSize(run, 0, 3)).toBe(3);
  });
});

describe('--packet-limit on the command line', () => {
  test('a valid value reaches the connection target as the operator setting', () => {
    const program = addConnectionOptions(new Command('x').exitOverride());
    program.parse(['--packet-limit', '400/7'], { from: 'user' });
    const target = targetFromFlags(program.opts<ConnectionFlags>());
    expect(target.description.packetLimit).toEqual({ limit: { rate: 400, seconds: 7 }, from: 'flag' });
    const off = addConnectionOptions(new Command('y').exitOverride());
    off.parse(['--packet-limit', 'off'], { from: 'user' });
    expect(targetFromFlags(off.opts<ConnectionFlags>()).description.packetLimit).toEqual({
      limit: 'off',
      from: 'flag',
    });
  });

  test('a malformed value is refused with the expected form', () => {
    const program = addConnectionOptions(
      new Command('x').exitOverride().configureOutput({ writeErr: () => {} }),
    );
    expect(() => program.parse(['--packet-limit', 'fast'], { from: 'user' })).toThrow(/<rate>\/<seconds>/);
  });
});
