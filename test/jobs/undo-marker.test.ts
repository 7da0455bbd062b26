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

interface Held {
  remaining: number;
  undoableNow: number;
  barriers: number;
  entries: Array<{ label: string; undoable: boolean; barrier: boolean; reason?: string; behind?: string }>;
}
const held = async () => (await c.call('undo_last', { list: true })).structuredContent as unknown as Held;

const runJob = async (name: string, commands: string[]) => {
  const started = report(await c.call('start_build_job', { name, phases: [{ name: 'all', commands }] }));
  expect(report(await c.call('get_build_job', { id: started.id, waitSeconds: 60 }))).toMatchObject({
    status: 'completed',
  });
  return started.id;
};

test("undo keeps its ten: a build job's barrier takes none of the places of the ten recorded batches around it", async () => {
  const row = (i: number) => `setblock ${o.x + i} ${o.y + 5} ${o.z - 4} minecraft:glass`;
  for (let i = 0; i < 5; i++)
    expect(textOf(await c.call('execute_commands', { commands: [row(i)] }))).toMatch(/undo: recorded/);
  const job = await runJob('Between', [`setblock ${o.x} ${o.y + 6} ${o.z - 4} minecraft:bricks`]);
  for (let i = 5; i < 10; i++)
    expect(textOf(await c.call('execute_commands', { commands: [row(i)] }))).toMatch(/undo: recorded/);
  const second = await runJob('On top', [`setblock ${o.x + 1} ${o.y + 6} ${o.z - 4} minecraft:bricks`]);

  const list = await c.call('undo_last', { list: true });
  const h = list.structuredContent as unknown as Held;
  const recorded = h.entries.filter((e) => !e.barrier);
  // all ten batches are still held, the oldest too
  expect(recorded).toHaveLength(10);
  for (let i = 0; i < 10; i++) expect(recorded.some((e) => e.label.includes(row(i)))).toBe(true);
  // the jobs are barriers, each once, and say why
  const barriers = h.entries.filter((e) => e.barrier);
  expect(barriers.filter((e) => e.label.includes(job))).toHaveLength(1);
  expect(barriers.filter((e) => e.label.includes(second))).toHaveLength(1);
  expect(h.entries[0]).toMatchObject({
    barrier: true,
    undoable: false,
    label: expect.stringContaining(second),
  });
  expect(h.entries[0]!.reason).toContain('build jobs are not snapshotted for undo');
  expect(h.barriers).toBe(barriers.length);
  expect(h.remaining).toBe(10 + barriers.length);
  const text = textOf(list);
  expect(text).toContain(`10 recorded batches and ${barriers.length} barriers`);
  expect(text).toMatch(new RegExp(`1\\. build job ${second} .* — BARRIER, undo stops here`));

  // past the barriers on purpose, all ten come back out, newest first; the jobs' bricks stay
  const undone = await c.call('undo_last', { past_unrecorded: true, steps: 10 });
  expect((undone.structuredContent as { undone: unknown[] }).undone).toHaveLength(10);
  for (let i = 0; i < 10; i++) expect(await blockAt(o.x + i, o.y + 5, o.z - 4)).not.toContain('glass');
  expect(await blockAt(o.x, o.y + 6, o.z - 4)).toContain('bricks');
});

test('a resumed build job keeps one barrier, on top of the batch recorded between its runs', async () => {
  const id = await runJob('Twice', [`setblock ${o.x + 3} ${o.y + 7} ${o.z - 4} minecraft:bricks`]);
  const between = `setblock ${o.x + 4} ${o.y + 7} ${o.z - 4} minecraft:emerald_block`;
  expect(textOf(await c.call('execute_commands', { commands: [between] }))).toMatch(/undo: recorded/);
  report(await c.call('resume_build_job', { id, restart: true }));
  expect(report(await c.call('get_build_job', { id, waitSeconds: 60 }))).toMatchObject({
    status: 'completed',
  });

  const h = await held();
  expect(h.entries.filter((e) => e.label.includes(id))).toHaveLength(1);
  expect(h.entries[0]).toMatchObject({ barrier: true, label: expect.stringContaining(id) });
  // the batch between the runs is behind the job: undo without past_unrecorded leaves it, and the job's block
  expect(h.entries[1]).toMatchObject({
    barrier: false,
    undoable: false,
    behind: expect.stringContaining(id),
  });
  expect(h.entries[1]!.label).toContain(between);
  const refused = await c.call('undo_last', {});
  expect(textOf(refused)).toContain(`NOT UNDONE: the last batch (build job ${id}`);
  expect(await blockAt(o.x + 4, o.y + 7, o.z - 4)).toContain('emerald_block');
});
