/**
 * A build job is not snapshotted for undo, so it leaves a "not recorded" marker in the connection's undo
 * history: undo_last after a job refuses and names the job, instead of reaching past it to the batch before
 * and undoing that (issue 15, "Undo never guesses").
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { report, startJobCompanion, tempJobsDir, textOf } from './helpers.js';
import { until } from '../helpers/wait.js';

let world: WorldHandle;
let c: Awaited<ReturnType<typeof startJobCompanion>>;
let o: { x: number; y: number; z: number };

beforeAll(async () => {
  world = await startWorld({ ops: ['Undoer'] });
  c = await startJobCompanion({
    host: world.host,
    port: world.port,
    username: 'Undoer',
    dir: await tempJobsDir(),
  });
  const p = (await c.target.get()).channel.executorPosition()!;
  o = { x: Math.floor(p.x) + 3, y: Math.floor(p.y), z: Math.floor(p.z) + 3 };
});
afterAll(async () => {
  await c?.close();
  await world?.stop();
});

const blockAt = async (x: number, y: number, z: number) => {
  const read = await c.call('get_blocks_in_area', { from: { x, y, z }, to: { x, y, z } });
  return JSON.stringify(read.structuredContent);
};

test('undo_last after a build job refuses at the job and leaves the batch before it in place', async () => {
  const before = await c.call('execute_commands', {
    commands: [`setblock ${o.x} ${o.y} ${o.z} minecraft:gold_block`],
  });
  expect(textOf(before)).toMatch(/undo: recorded/);

  const started = report(
    await c.call('start_build_job', {
      name: 'Row',
      phases: [
        {
          name: 'row',
          commands: [1, 2, 3].map((i) => `setblock ${o.x + i} ${o.y} ${o.z} minecraft:oak_planks`),
        },
      ],
    }),
  );
  expect(report(await c.call('get_build_job', { id: started.id, waitSeconds: 60 }))).toMatchObject({
    status: 'completed',
  });

  const undo = await c.call('undo_last', {});
  expect(textOf(undo)).toContain(`NOT UNDONE: the last batch (build job ${started.id} (3 steps)`);
  expect(textOf(undo)).toContain('build jobs are not snapshotted for undo');
  // neither the job's blocks nor the gold block of the batch before it were touched
  expect(await blockAt(o.x, o.y, o.z)).toContain('gold_block');
  expect(await blockAt(o.x + 2, o.y, o.z)).toContain('oak_planks');

  // going past the job on purpose reaches the batch before it
  const past = await c.call('undo_last', { past_unrecorded: true });
  expect(textOf(past)).toContain(`passed over (not recorded, left as it is): build job ${started.id}`);
  expect(await blockAt(o.x, o.y, o.z)).not.toContain('gold_block');
  expect(await blockAt(o.x + 2, o.y, o.z)).toContain('oak_planks');
});

test('a batch recorded while a job runs does not hide the job: the marker is back on top before every chunk', async () => {
  const started = report(
    await c.call('start_build_job', {
      name: 'Long row',
      phases: [
        {
          name: 'row',
          commands: Array.from(
            { length: 120 },
            (_, i) =>
              `setblock ${o.x + (i % 40)} ${o.y + 2 + Math.floor(i / 40)} ${o.z + 6} minecraft:bricks`,
          ),
        },
      ],
      chunkSize: 2,
    }),
  );
  // once the job has run some chunks, a batch queued on the same connection lands between two of them
  await until(
    'the job to finish its first chunk',
    async () => report(await c.call('get_build_job', { id: started.id })).doneSteps > 0,
  );
  const between = await c.call('execute_commands', {
    commands: [`setblock ${o.x} ${o.y} ${o.z + 9} minecraft:emerald_block`],
  });
  expect(textOf(between)).toMatch(/undo: recorded/);
  const midway = report(await c.call('get_build_job', { id: started.id }));
  expect(midway.status).toBe('running');
  expect(midway.doneSteps).toBeGreaterThan(0);
  expect(report(await c.call('get_build_job', { id: started.id, waitSeconds: 60 }))).toMatchObject({
    status: 'completed',
  });

  const undo = await c.call('undo_last', {});
  expect(textOf(undo)).toContain(`NOT UNDONE: the last batch (build job ${started.id} (120 steps)`);
  expect(await blockAt(o.x, o.y, o.z + 9)).toContain('emerald_block');
});
