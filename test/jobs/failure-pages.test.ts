/** Build job answers stay bounded: counts, the first 20 failures, and a way to page through the rest. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { report, startJobCompanion, tempJobsDir, textOf } from './helpers.js';

let world: WorldHandle;

beforeAll(async () => {
  world = await startWorld({ ops: ['Pager'] });
});
afterAll(async () => {
  await world?.stop();
});

test('a job with 45 failed steps lists 20, counts all 45, and pages with failuresFrom', async () => {
  const dir = await tempJobsDir();
  const c = await startJobCompanion({ host: world.host, port: world.port, username: 'Pager', dir });
  try {
    // every third command names a block that does not exist
    const commands = Array.from({ length: 135 }, (_, i) =>
      i % 3 === 0 ? `setblock ~${i % 9} ~3 ~${Math.floor(i / 9)} minecraft:stone_plank` : `say ${i}`,
    );
    const started = report(
      await c.call('start_build_job', { name: 'Typos', phases: [{ name: 'all', commands }] }),
    );
    const first = await c.call('get_build_job', { id: started.id, waitSeconds: 60 });
    const done = report(first);
    expect(done.status).toBe('completed');
    expect(done.failedSteps).toBe(45);
    expect(done.failures).toHaveLength(20);
    expect(done.failures[0]!.step).toBe(1);
    const next = done.failures[19]!.step + 1;
    expect(done.hint).toContain(`get_build_job {"id":"${started.id}","failuresFrom":${next}}`);
    expect(textOf(first)).toContain('25 more failed step(s)');
    // the twenty listed failures are one kind: one line naming exactly their steps
    expect(textOf(first)).toMatch(/^#1, #4, #7, #10, [^\n]* and 8 more \[all\] rejected_by_game \(20\): /m);

    const second = report(await c.call('get_build_job', { id: started.id, failuresFrom: next }));
    expect(second.failuresFrom).toBe(next);
    expect(second.failures).toHaveLength(20);
    // the page starts at the first failed step from there: step 61 (every third step fails)
    expect(second.failures[0]!.step).toBe(61);
    const third = report(
      await c.call('get_build_job', { id: started.id, failuresFrom: second.failures[19]!.step + 1 }),
    );
    expect(third.failures).toHaveLength(5);
    expect(third.hint).not.toContain('failuresFrom');
  } finally {
    await c.close();
  }
});
