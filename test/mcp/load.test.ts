/** Load: a 10,000-command batch (through the core API — the MCP tool takes 1,000 per call) and a soak. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { executeBatch } from '../../src/execute/execute-batch.js';
import { startCompanion, type TestCompanion } from '../helpers/companion.js';

let c: TestCompanion;
beforeAll(async () => {
  c = await startCompanion({ username: 'Loader' });
});
afterAll(async () => {
  await c?.close();
});

test('10,000 commands in one batch: every command has its own result and lines', async () => {
  const session = await c.target.get();
  const commands = Array.from({ length: 10_000 }, (_, i) =>
    i % 10 === 9
      ? `setblock ${i}`
      : `setblock ${i % 40} ${6 + (((i / 40) | 0) % 30)} ${-20 - ((i / 1200) | 0)} minecraft:${i % 2 ? 'stone' : 'dirt'}`,
  );
  const batch = await executeBatch(session, commands, { verify: false });
  expect(batch.results).toHaveLength(10_000);
  batch.results.forEach((r, i) => {
    expect(r.index).toBe(i);
    if (i % 10 === 9) expect(r.detail?.key).toBe('argument.pos3d.incomplete');
    else expect(['applied', 'rejected_by_game']).toContain(r.status);
  });
  expect(batch.results.filter((r) => r.status === 'applied').length).toBeGreaterThan(8000);
});

test('50 batches back to back through MCP: every batch complete, the connection still exact', async () => {
  for (let k = 0; k < 50; k++) {
    const batch = await c.execute(
      Array.from(
        { length: 100 },
        (_, i) => `setblock ${i % 20} ${40 + (k % 5)} ${(i / 20) | 0} minecraft:${k % 2 ? 'stone' : 'dirt'}`,
      ),
      { resultDetail: 'full' },
    );
    expect(batch.results).toHaveLength(100);
    expect(batch.results.every((r) => r.chatMessages.length === 1)).toBe(true);
  }
});
