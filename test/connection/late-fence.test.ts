/**
 * A probe answered late: on a busy machine the server's answer to the capability probe can come after the
 * probe has stopped waiting, which made a whole session fall back to serial capture (timing-only
 * attribution). The probe keeps listening for its fence and corrects its verdict when it comes. Against the
 * embedded world, with a probe that stops waiting at once (the late answer made certain, not timed).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MineflayerChannel } from '../../src/connection/mineflayer.js';
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

test('a fence that comes after the probe stopped waiting corrects serial to fenced', async () => {
  let late!: (capabilities: Capabilities) => void;
  const corrected = new Promise<Capabilities>((resolve) => (late = resolve));
  const first = await probeCapabilities(channel, { timeoutMs: 0, onLateFence: late });
  expect(first).toMatchObject({ fenceWorks: false, strategy: 'serial' });
  expect(await corrected).toEqual({
    op: true,
    fenceWorks: true,
    feedbackEnabled: true,
    keyedFeedback: true,
    colourMeaningful: true,
    strategy: 'fenced',
  });
});

test('a session whose probe was answered late captures with fences once the answer is in', async () => {
  const session = await ConnectionSession.open(channel, { probeTimeoutMs: 0 });
  expect(session.capabilities.strategy).toBe('serial');
  await expect.poll(() => session.capabilities.strategy).toBe('fenced');
  expect(session.capabilities.op).toBe(true);
});
