/** What execute_commands reports when the server stalls, dies, refuses us, or is not vanilla-like. */
import { describe, expect, test } from 'vitest';
import { MAX_IN_FLIGHT } from '../../src/capture/fenced.js';
import { startWorld } from '../../src/world/index.js';
import { startCompanion } from '../helpers/companion.js';
import { until } from '../helpers/wait.js';

describe('execute_commands when things go wrong', () => {
  test('a server that stops answering: the command in progress is timed_out, the rest are not sent — none missing', async () => {
    const c = await startCompanion();
    try {
      await c.execute(['gamerule sendCommandFeedback']);
      process.kill(c.world.pid, 'SIGSTOP');
      let batch: Awaited<ReturnType<typeof c.execute>>;
      try {
        batch = await c.execute(
          // more than the commands kept in flight: the rest must wait, and are never sent
          Array.from({ length: MAX_IN_FLIGHT + 144 }, (_, i) => `setblock ${i % 40} 10 ${i % 7} stone`),
          { timeoutMs: 400 },
        );
      } finally {
        process.kill(c.world.pid, 'SIGCONT');
      }
      expect(batch.results).toHaveLength(MAX_IN_FLIGHT + 144);
      expect(batch.results[0]).toMatchObject({ status: 'timed_out', accepted: true, applied: null });
      for (const r of batch.results) expect(['timed_out', 'unknown']).toContain(r.status);
      expect(batch.results.filter((r) => r.status === 'timed_out' && r.accepted)).toHaveLength(MAX_IN_FLIGHT);
      expect(
        batch.results.filter((r) => r.status === 'unknown' && !r.accepted && r.applied === false),
      ).toHaveLength(144);
      expect(batch.hint).toMatch(/timed out/);
      // once the server answers again, the connection is still usable (it first works through the
      // setblocks it received while stopped: on a busy machine that takes longer than the default 5 s)
      const after = await c.execute(['gamerule sendCommandFeedback'], {
        timeoutMs: 120_000,
        resultDetail: 'full',
      });
      expect(after.results[0]!.status).toBe('applied');
      // and its lines are its own: the lines of the stalled batch's commands, which the server ran once it
      // went on, came before that batch's fences and are nobody's
      expect(after.results[0]!.chatMessages).toHaveLength(1);
    } finally {
      await c.close();
    }
  });

  test('the world dies mid-batch: every command still gets a result, unknown with the reason', async () => {
    const c = await startCompanion();
    try {
      await c.execute(['gamerule sendCommandFeedback']);
      // kill the world on an event, not a clock: once the second reply of this batch has arrived (so the
      // first command's fence, sent between them, has too), commands are in flight (MAX_IN_FLIGHT are sent ahead)
      // and most of the 1000 are still unanswered
      const channel = c.target.peek()!.channel;
      let killed = false;
      let replies = 0;
      const off = channel.onMessage((m) => {
        if (killed || !m.text.startsWith('Changed the block') || ++replies < 2) return;
        killed = true;
        process.kill(c.world.pid, 'SIGKILL');
      });
      const batch = await c.execute(
        Array.from({ length: 1000 }, (_, i) => `setblock ${i % 30} ${6 + (i % 20)} 3 stone`),
        { resultDetail: 'full' },
      );
      off();
      expect(killed).toBe(true);
      expect(batch.results).toHaveLength(1000);
      // the first command was answered before the kill; commands sent but never answered were in flight
      expect(batch.results[0]).toMatchObject({ status: 'applied', applied: true });
      const inFlight = batch.results.filter((r) => r.accepted && r.status === 'unknown');
      expect(inFlight.length).toBeGreaterThan(0);
      const unknown = batch.results.filter((r) => r.status === 'unknown');
      expect(unknown.length).toBeGreaterThan(0);
      for (const r of unknown) {
        expect(r.applied === null || r.applied === false).toBe(true);
        expect(r.detail?.reason).toMatch(/connection|not sent/);
      }
      // nothing claimed applied without the server saying so
      for (const r of batch.results.filter((x) => x.status === 'applied'))
        expect(r.chatMessages.length).toBe(1);
      const info = await c.call('get_connection_info', {});
      expect(info.isError).toBe(true);
    } finally {
      await c.close();
    }
  });

  test('a bot that is not an operator gets an error naming the remedy', async () => {
    const c = await startCompanion({ username: 'NotOp', op: false });
    try {
      const result = await c.call('execute_commands', { commands: ['setblock 0 5 0 stone'] });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain('op NotOp');
      // once opped, the next call works without reconnecting
      await c.world.op('NotOp');
      const batch = await c.execute(['gamerule sendCommandFeedback']);
      expect(batch.results[0]!.status).toBe('applied');
    } finally {
      await c.close();
    }
  });

  test('stock flying-squid (no fences): serial capture, and unknown rather than wrong', async () => {
    const world = await startWorld({ parity: false, ops: ['Foreign'] });
    const c = await startCompanion({ username: 'Foreign', existingWorld: world });
    try {
      const batch = await c.execute(['ping', 'notacommand', 'tp 0 10 0']);
      expect(batch.captureStrategy).toBe('serial');
      // compact: a result names its capture strategy only when it differs from the batch's
      for (const r of batch.results) expect(r.captureStrategy ?? batch.captureStrategy).toBe('serial');
      expect(batch.results[0]!.chatMessages.join(' ')).toContain('pong');
      // "pong" is no Minecraft message: its meaning is unknown, and saying so beats guessing
      expect(batch.results[0]!.status).toBe('unknown');
      // flying-squid's own refusal ("&cCommand not found", its & code sent literally over NBT chat) is
      // recognised as such (the same decision as test/outcome/classify-plain-text.test.ts): rejected, never applied
      expect(batch.results[1]).toMatchObject({ status: 'rejected_by_game', applied: false });
      expect(batch.results[1]!.chatMessages.join(' ')).toContain('Command not found');
      for (const r of batch.results) expect(r.status).not.toBe('timed_out');
    } finally {
      await c.close();
      await world.stop();
    }
  });
});

describe('recovery', () => {
  test('a kicked bot: the kick reason is readable text, and the connection comes back by itself', async () => {
    const c = await startCompanion({ username: 'Kicked' });
    try {
      await c.execute(['gamerule sendCommandFeedback']);
      c.world.kick('Kicked', 'Too many cooks');
      await waitFor(() => c.target.state.state === 'reconnecting' || c.target.state.state === 'down');
      const state = c.target.state as { reason?: string };
      expect(state.reason).toContain('Too many cooks');
      expect(state.reason).not.toContain('[object Object]');
      await waitFor(() => c.target.state.state === 'ready');
      expect(c.target.connects).toBe(2);
      const after = await c.execute(['gamerule sendCommandFeedback']);
      expect(after.results[0]!.status).toBe('applied');
    } finally {
      await c.close();
    }
  });

  test('the server dies and returns on the same port: the target reconnects with backoff, observable in its state', async () => {
    const first = await startWorld({ ops: ['Phoenix'] });
    const port = first.port;
    const c = await startCompanion({ username: 'Phoenix', existingWorld: first });
    let second: Awaited<ReturnType<typeof startWorld>> | undefined;
    try {
      await c.execute(['gamerule sendCommandFeedback']);
      process.kill(first.pid, 'SIGKILL');
      await waitFor(() => c.target.state.state === 'reconnecting');
      const info = await c.call('get_connection_info', {});
      expect(info.isError).toBe(true); // nothing to talk to yet
      second = await startWorld({ ops: ['Phoenix'], port });
      await waitFor(() => c.target.state.state === 'ready');
      const after = await c.execute(['gamerule sendCommandFeedback']);
      expect(after.results[0]!.status).toBe('applied');
    } finally {
      await c.close();
      await second?.stop();
    }
  });

  test('10 concurrent execute_commands calls on one connection: each result has only its own lines', async () => {
    const c = await startCompanion({ username: 'Crowd' });
    try {
      const batches = await Promise.all(
        Array.from({ length: 10 }, (_, k) =>
          c.execute(
            Array.from({ length: 30 }, (_, i) => `setblock ${k} ${10 + (i % 10)} ${i} minecraft:stone`),
            { resultDetail: 'full' },
          ),
        ),
      );
      batches.forEach((batch, k) => {
        batch.results.forEach((r, i) => {
          // every position (k, 10 + i % 10, i) is written once, in a fresh world: each one changes
          expect(r.chatMessages).toEqual([`Changed the block at ${k}, ${10 + (i % 10)}, ${i}`]);
          expect(r.status).toBe('applied');
        });
      });
    } finally {
      await c.close();
    }
  });
});

function waitFor(predicate: () => boolean): Promise<void> {
  return until('the connection state the test waits for', predicate);
}
