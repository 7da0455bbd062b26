/**
 * A probe answered late: on a busy machine the server's answer to the capability probe can come after the
 * probe has stopped waiting, which made a whole session fall back to serial capture (timing-only
 * attribution). The probe keeps listening for its fence and corrects its verdict when it comes. Against the
 * embedded world; the server's lines are held back until the probe has answered (the late answer made
 * certain by the test, not by a timer: a probe that stops waiting at once can still see a fast answer).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { CommandChannel } from '../../src/connection/channel.js';
import type { MineflayerChannel } from '../../src/connection/mineflayer.js';
import type { CapturedMessage } from '../../src/vocabulary/text/message.js';
import { ConnectionSession } from '../../src/connection/session.js';
import { type Capabilities, probeCapabilities } from '../../src/connection/probe.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

let c: TestCompanion;
let channel: MineflayerChannel;

beforeAll(async () => {
  c = await startCompanion({ username: 'Late' });
  channel = (await c.target.get()).channel as MineflayerChannel;
}, 120_000);

afterAll(async () => {
  await c?.close();
});

/** The same connection, but what the server says reaches listeners only once `release()` is called. */
function heldBack(inner: CommandChannel): { channel: CommandChannel; release(): void; close(): void } {
  const listeners = new Set<(message: CapturedMessage) => void>();
  const held: CapturedMessage[] = [];
  let released = false;
  const off = inner.onMessage((message) => {
    if (released) for (const listener of [...listeners]) listener(message);
    else held.push(message);
  });
  const channel: CommandChannel = Object.create(inner);
  channel.onMessage = (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    channel,
    release() {
      released = true;
      for (const message of held.splice(0)) for (const listener of [...listeners]) listener(message);
    },
    close: off,
  };
}

test('a fence that comes after the probe stopped waiting corrects serial to fenced', async () => {
  let late!: (capabilities: Capabilities) => void;
  const corrected = new Promise<Capabilities>((resolve) => (late = resolve));
  const gate = heldBack(channel);
  const first = await probeCapabilities(gate.channel, { timeoutMs: 0, onLateFence: late });
  expect(first).toMatchObject({ fenceWorks: false, strategy: 'serial' });
  gate.release();
  expect(await corrected).toEqual({
    op: true,
    fenceWorks: true,
    feedbackEnabled: true,
    keyedFeedback: true,
    colourMeaningful: true,
    strategy: 'fenced',
  });
  gate.close();
});

test('a session whose probe was answered late captures with fences once the answer is in', async () => {
  const gate = heldBack(channel);
  const session = await ConnectionSession.open(gate.channel, { probeTimeoutMs: 0 });
  expect(session.capabilities.strategy).toBe('serial');
  gate.release();
  await expect.poll(() => session.capabilities.strategy).toBe('fenced');
  expect(session.capabilities.op).toBe(true);
  gate.close();
});
