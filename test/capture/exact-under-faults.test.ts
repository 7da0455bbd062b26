/**
 * Runs of setblocks share one fence; when that fence is late or never comes (a slow server, a stall, a kick,
 * a lost connection), every command whose reply line arrived still gets the status its line gives, and only
 * the commands after the last answered one are timed_out or unknown. The server is a scripted one speaking
 * the real 1.21.4 protocol and vanilla's reply shapes (test/servers/protocol-server.ts); the bot, the probe,
 * the capture and the outcome rules are the real ones.
 */
import type { EventEmitter } from 'node:events';
import { afterEach, expect, test } from 'vitest';
import { captureFenced } from '../../src/capture/fenced.js';
import { MineflayerChannel } from '../../src/connection/mineflayer.js';
import { ConnectionSession } from '../../src/connection/session.js';
import { CapturedClassifier } from '../../src/execute/classify-captured.js';
import { executeBatch } from '../../src/execute/execute-batch.js';
import type { BatchResult } from '../../src/results/schema.js';
import { isBatchCommand } from '../helpers/batch-commands.js';
import { type Fault, type ProtocolServer, startProtocolServer } from '../servers/protocol-server.js';
import { until } from '../helpers/wait.js';

const TIMEOUT_MS = 400;

const opened: Array<{ server: ProtocolServer; channel: MineflayerChannel }> = [];
afterEach(async () => {
  for (const { server, channel } of opened.splice(0)) {
    await channel.close();
    await server.close();
  }
});

/** A 1.21.4 server whose faults `fault` decides, one bot on it, and the bot's session (probed). */
async function serverWith(fault: (command: string) => Fault | undefined) {
  // faults start with the first command of the test's batch: the capability probe at connect and the batch's
  // loaded-chunk probe before its writes (this server sends the bot no chunks) are answered normally
  let armed = false;
  let live = false;
  const server = await startProtocolServer('1.21.4', {
    fault: (command) => {
      if (armed && isBatchCommand(command)) live = true;
      return live ? fault(command) : undefined;
    },
  });
  const channel = await MineflayerChannel.connect({
    host: '127.0.0.1',
    port: server.port,
    username: 'cut',
    version: '1.21.4',
  });
  opened.push({ server, channel });
  const session = await ConnectionSession.open(channel);
  expect(session.capabilities).toMatchObject({ strategy: 'fenced', feedbackEnabled: true });
  armed = true;
  return { server, channel, session };
}

const setblocks = (n: number, from = 0): string[] =>
  Array.from({ length: n }, (_, i) => `setblock ${from + i} 64 0 minecraft:stone`);

/**
 * the fences the server received from the batch's first command on, after `since` commands: how many groups the
 * batch went out in (the loaded-chunk probe before its writes has a fence of its own)
 */
const fencesAfter = (server: ProtocolServer, since: number): number => {
  const sent = server.commands.slice(since);
  const first = sent.findIndex(isBatchCommand);
  return sent.slice(Math.max(0, first)).filter((c) => c.includes('mcbridge.fence')).length;
};

/** `fault` when the n-th (0-based) of the batch's setblocks comes up */
const atSetblock =
  (n: number, fault: Fault) =>
  (command: string): Fault | undefined =>
    command.startsWith(`setblock ${n} 64 0 `) ? fault : undefined;

const statuses = (batch: BatchResult) => batch.results.map((r) => r.status);

async function run(session: ConnectionSession, commands: string[]): Promise<BatchResult> {
  return executeBatch(session, commands, { verify: false, commandTimeoutMs: TIMEOUT_MS });
}

test('a slow server whose fence comes in the grace period: every command applied, and the batch goes on', async () => {
  const { server, channel, session } = await serverWith(atSetblock(1, { kind: 'stall', lines: 0 }));
  const before = server.commands.length;
  const commands = setblocks(10);
  const classifier = new CapturedClassifier(session);
  let late: number | undefined;
  const captured = await captureFenced(channel, commands, {
    commandTimeoutMs: TIMEOUT_MS,
    groupFences: true,
    // the server works again within the grace period: the held group's lines and fence arrive in it
    onLate: (index) => {
      late = index;
      server.resume();
    },
  });
  expect(late).toBe(0);
  expect(captured.map((c) => c.end)).toEqual(commands.map(() => 'fenced'));
  const results = captured.map((c, i) => classifier.classify(c, i));
  expect(results.map((r) => [r.status, r.applied, r.detail?.key])).toEqual(
    commands.map(() => ['applied', true, 'commands.setblock.success']),
  );
  expect(results.map((r) => r.chatMessages.length)).toEqual(commands.map(() => 1));
  // two groups (8 + 2), and nothing was resent
  expect(fencesAfter(server, before)).toBe(2);
  expect(server.commands.slice(before).filter((c) => c.startsWith('setblock'))).toEqual(commands);
});

test.each([0, 1, 2, 4])(
  'a stall after %i of a group of 5: the answered ones applied, the rest timed_out, the first of them named',
  async (k) => {
    const { server, session } = await serverWith(atSetblock(k, { kind: 'stall' }));
    const before = server.commands.length;
    const batch = await run(session, setblocks(5));
    expect(fencesAfter(server, before)).toBe(1);
    expect(statuses(batch)).toEqual([
      ...Array<string>(k).fill('applied'),
      ...Array<string>(5 - k).fill('timed_out'),
    ]);
    for (const r of batch.results.slice(0, k)) {
      expect(r).toMatchObject({ applied: true, detail: { key: 'commands.setblock.success' } });
      expect(r.chatMessages).toHaveLength(1);
    }
    const [first, ...after] = batch.results.slice(k);
    expect(first).toMatchObject({ accepted: true, applied: null });
    expect(first!.summary).toMatch(/for its group of 5 commands/);
    expect(first!.summary).toMatch(
      k === 0
        ? /it is the first command without a reply/
        : new RegExp(
            `the ${k} before it in the group were answered, so it is the first command without a reply`,
          ),
    );
    for (const r of after) {
      expect(r).toMatchObject({ accepted: true, applied: null });
      expect(r.summary).toContain(`the first without a reply: command ${k + 1} (\`setblock ${k} 64 0`);
    }
    expect(batch).toMatchObject({ appliedCount: k });
  },
);

test("a stalled batch's commands, run once the server goes on, answer no command of the next batch: their lines end at that batch's fence", async () => {
  const { server, session } = await serverWith(atSetblock(2, { kind: 'stall' }));
  const stalled = await run(session, setblocks(5));
  expect(statuses(stalled)).toEqual(['applied', 'applied', 'timed_out', 'timed_out', 'timed_out']);
  // the next batch goes out while the server still holds the stalled one's last three and their fence, and
  // the server answers them before it
  const sent = server.commands.length;
  const next = run(session, ['setblock 9 64 0 minecraft:stone']);
  await until('the next batch reached the server', () =>
    server.commands.slice(sent).some((c) => c.startsWith('setblock 9 64 0')),
  );
  server.resume();
  const batch = await next;
  expect(statuses(batch)).toEqual(['applied']);
  expect(batch.results[0]!.chatMessages).toEqual(['Changed the block at 9, 64, 0']);
});

test('every command of the group answered, then the server stalls on the fence: all applied', async () => {
  const { session } = await serverWith((command) =>
    command.includes('mcbridge.fence') ? { kind: 'stall' } : undefined,
  );
  const batch = await run(session, setblocks(5));
  expect(statuses(batch)).toEqual(Array(5).fill('applied'));
  expect(batch.results.map((r) => r.chatMessages.length)).toEqual([1, 1, 1, 1, 1]);
});

test('a stall after 2 of a group of 5 followed by a group of 3: the second group is timed_out too, naming command 3', async () => {
  const { session } = await serverWith(atSetblock(2, { kind: 'stall' }));
  const batch = await run(session, setblocks(11));
  expect(statuses(batch)).toEqual(['applied', 'applied', ...Array<string>(9).fill('timed_out')]);
  for (const r of batch.results.slice(3))
    expect(r.summary).toContain('the first without a reply: command 3 (`setblock 2 64 0');
});

test.each([0, 1, 3])(
  'a kick after %i of a group of 5: the answered ones applied, the rest unknown',
  async (k) => {
    const { session } = await serverWith(atSetblock(k, { kind: 'kick', reason: 'Kicked by an operator' }));
    const batch = await run(session, setblocks(5));
    expect(statuses(batch)).toEqual([
      ...Array<string>(k).fill('applied'),
      ...Array<string>(5 - k).fill('unknown'),
    ]);
    for (const r of batch.results.slice(0, k)) expect(r).toMatchObject({ applied: true, accepted: true });
    for (const r of batch.results.slice(k)) {
      expect(r).toMatchObject({ accepted: true, applied: null });
      expect(r.summary).toMatch(/the connection went down before the server confirmed this command/);
      expect(r.summary).toContain('Kicked by an operator');
    }
  },
);

test('the connection drops after 2 of a group of 5: the answered ones applied, the rest unknown', async () => {
  const { session } = await serverWith(atSetblock(2, { kind: 'drop' }));
  const batch = await run(session, setblocks(5));
  expect(statuses(batch)).toEqual(['applied', 'applied', 'unknown', 'unknown', 'unknown']);
  for (const r of batch.results.slice(2)) {
    expect(r).toMatchObject({ accepted: true, applied: null });
    expect(r.summary).toMatch(/the connection went down/);
  }
});

test("other players' chat and an op's admin line between the replies: each command still gets its own line", async () => {
  const { channel, session } = await serverWith((command) => {
    if (command.startsWith('setblock 1 64 0 ') || command.startsWith('setblock 2 64 0 '))
      return { kind: 'others' };
    if (command.startsWith('setblock 3 64 0 ')) return { kind: 'stall' };
    return undefined;
  });
  // both kinds of line reach the bot: the other player's chat packet, and the admin line among the system lines
  let playerChat = 0;
  (channel.bot._client as unknown as EventEmitter).on('player_chat', () => playerChat++);
  const admin: string[] = [];
  const off = channel.onMessage((m) => {
    if (JSON.stringify(m.component).includes('chat.type.admin')) admin.push(m.text);
  });
  const batch = await run(session, setblocks(5));
  off();
  expect(playerChat).toBe(2);
  expect(admin).toHaveLength(2);
  expect(statuses(batch)).toEqual(['applied', 'applied', 'applied', 'timed_out', 'timed_out']);
  expect(batch.results.map((r) => r.detail?.args)).toEqual([
    ['0', '64', '0'],
    ['1', '64', '0'],
    ['2', '64', '0'],
    undefined,
    undefined,
  ]);
  expect(batch.results.map((r) => r.chatMessages.length)).toEqual([1, 1, 1, 0, 0]);
});

test("a parse error's line at the cut, its context line not yet: rejected_by_game, and the rest timed_out", async () => {
  const commands = ['setblock 0 64 0 minecraft:stone', 'setblock 1 ~x 0 minecraft:stone', ...setblocks(3, 2)];
  const { session } = await serverWith((command) =>
    command === commands[1] ? { kind: 'stall', lines: 1 } : undefined,
  );
  const batch = await run(session, commands);
  expect(statuses(batch)).toEqual(['applied', 'rejected_by_game', 'timed_out', 'timed_out', 'timed_out']);
  expect(batch.results[1]).toMatchObject({ applied: false, detail: { key: 'argument.pos3d.incomplete' } });
  expect(batch.results[1]!.chatMessages).toHaveLength(1);
  expect(batch.results[2]!.summary).toMatch(/the 2 before it in the group were answered/);
});

test("a parse error's context line in, then the stall: the error has both its lines, the rest timed_out", async () => {
  const commands = ['setblock 0 64 0 minecraft:stone', 'setblock 1 ~x 0 minecraft:stone', ...setblocks(3, 2)];
  const { session } = await serverWith((command) =>
    command === commands[2] ? { kind: 'stall' } : undefined,
  );
  const batch = await run(session, commands);
  expect(statuses(batch)).toEqual(['applied', 'rejected_by_game', 'timed_out', 'timed_out', 'timed_out']);
  expect(batch.results[1]!.chatMessages).toHaveLength(2);
  expect(batch.results[1]!.chatMessages[1]).toContain('<--[HERE]');
});

test('a line that no setblock answers before the stall: nothing is attributed, the group is timed_out and says why', async () => {
  const { session } = await serverWith((command) => {
    if (command.startsWith('setblock 1 64 0 '))
      return { kind: 'line', component: { text: 'hello everyone' } };
    if (command.startsWith('setblock 2 64 0 ')) return { kind: 'stall' };
    return undefined;
  });
  const batch = await run(session, setblocks(5));
  expect(statuses(batch)).toEqual(Array(5).fill('timed_out'));
  for (const r of batch.results) expect(r.applied).toBeNull();
  // every command of the group says why, none is named the first without a reply
  for (const r of batch.results) {
    expect(r.summary).toMatch(
      /3 reply lines came for the group before the server stopped, and they did not fit one line per command, so which of its commands were answered is not known/,
    );
    expect(r.chatMessages).toHaveLength(3);
  }
});

test('a setblock with a fence of its own, answered, then the stall on its fence: applied; the gamerule after it timed_out', async () => {
  const commands = ['setblock 0 64 0 minecraft:stone', 'gamerule sendCommandFeedback'];
  const { server, session } = await serverWith((command) =>
    command.includes('mcbridge.fence') ? { kind: 'stall' } : undefined,
  );
  const before = server.commands.length;
  const batch = await run(session, commands);
  // each its own fence: a gamerule never shares one
  expect(fencesAfter(server, before)).toBe(2);
  expect(statuses(batch)).toEqual(['applied', 'timed_out']);
  expect(batch.results[0]!.chatMessages).toHaveLength(1);
  expect(batch.results[1]!.summary).toMatch(/every command before it was answered/);
});

test('a command whose lines are not counted (gamerule), answered but its fence stalled: timed_out, not guessed', async () => {
  const { session } = await serverWith((command) =>
    command.includes('mcbridge.fence') ? { kind: 'stall' } : undefined,
  );
  const batch = await run(session, ['gamerule sendCommandFeedback']);
  expect(statuses(batch)).toEqual(['timed_out']);
  expect(batch.results[0]!.chatMessages).toHaveLength(1);
  expect(batch.results[0]!.summary).toMatch(
    /its 1 reply line came, but no fence followed, so whether it finished is not known/,
  );
});
