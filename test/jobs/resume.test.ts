/**
 * Resuming from a journal another companion left: uncertain steps checked in the world, the lock of a
 * live companion respected, expired and unreadable journals refused — through the real MCP Client.
 */
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createJob } from '../../src/jobs/create.js';
import type { JobState, StepState } from '../../src/jobs/schema.js';
import { JobStore } from '../../src/jobs/store.js';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot, type TestBot } from '../helpers/bot.js';
import { readJournal, report, setblockCopies, startJobCompanion, tempJobsDir, textOf } from './helpers.js';

let world: WorldHandle;
let watcher: TestBot;
let o: { x: number; y: number; z: number };

beforeAll(async () => {
  world = await startWorld({ ops: ['Builder', 'Watcher'] });
  watcher = await joinBot(world.host, world.port, 'Watcher');
  const p = watcher.bot.entity.position;
  o = { x: Math.floor(p.x) + 2, y: Math.floor(p.y) + 1, z: Math.floor(p.z) + 2 };
});
afterAll(async () => {
  await watcher?.quit();
  await world?.stop();
});

const at = (dx: number, dz: number) => `${o.x + dx} ${o.y} ${o.z + dz}`;

/** A journal as a companion that died would leave it: the given states, status running, a runner named. */
async function leftBehind(
  dir: string,
  commands: string[],
  states: StepState[],
  createdAt = new Date(),
): Promise<JobState> {
  const job = createJob({ name: 'left behind', commands }, 'default', createdAt);
  job.steps.forEach((s, i) => {
    s.state = states[i] ?? 'pending';
    s.attempts = s.state === 'pending' ? 0 : 1;
  });
  Object.assign(job, {
    status: 'running',
    runs: 1,
    runner: { pid: 4242, host: 'otherhost', since: createdAt.toISOString() },
  });
  const store = new JobStore(dir);
  await store.ensureDir();
  await store.save(job);
  return job;
}

describe('resume from a journal', () => {
  test('steps sent before a crash are checked in the world: found ones are not resent, the rest are; applied and rejected ones stay', async () => {
    const dir = await tempJobsDir();
    const c = await startJobCompanion({ host: world.host, port: world.port, username: 'Builder', dir });
    try {
      const commands = Array.from({ length: 10 }, (_, i) => `setblock ${at(i, 0)} minecraft:stone destroy`);
      // what reached the server before the crash: the applied step and every other sent one
      const reached = [0, 2, 4, 6];
      const placed = (await c.call('execute_commands', { commands: reached.map((i) => commands[i]!) }))
        .structuredContent as {
        appliedCount: number;
      };
      expect(placed.appliedCount).toBe(4);
      const states: StepState[] = [
        'applied',
        'rejected_by_game',
        'sent',
        'sent',
        'sent',
        'sent',
        'unknown',
        'timed_out',
      ];
      const job = await leftBehind(dir, commands, states);

      const listed = (await c.call('list_build_jobs', {})).structuredContent as {
        jobs: Array<{ status: string }>;
      };
      expect(listed.jobs[0]!.status).toBe('interrupted');
      const before = report(await c.call('get_build_job', { id: job.id }));
      expect(before).toMatchObject({
        status: 'interrupted',
        interruption: 'crash',
        resumable: true,
        pendingSteps: 6,
      });

      report(await c.call('resume_build_job', { id: job.id }));
      const done = report(await c.call('get_build_job', { id: job.id, waitSeconds: 30 }));
      expect(done).toMatchObject({ status: 'completed', reconciledSteps: 3, runs: 2 });
      const journal = await readJournal(dir, job.id);
      expect(journal.steps.map((s) => [s.state, s.attempts, s.reconciled ?? false])).toEqual([
        ['applied', 1, false],
        ['rejected_by_game', 1, false], // a decided outcome: not retried without `from`
        ['applied', 1, true], // sent, found in the world
        ['applied', 2, false], // sent, not there: sent again
        ['applied', 1, true],
        ['applied', 2, false],
        ['applied', 1, true], // unknown, found
        ['applied', 2, false], // timed out, not there
        ['applied', 1, false],
        ['applied', 1, false],
      ]);
      for (let i = 0; i < 10; i++) {
        // step 1 was rejected (never re-sent); every other position was set exactly once
        const expected = i === 1 ? 0 : 1;
        await expect.poll(() => setblockCopies(watcher.lines).get(at(i, 0)) ?? 0).toBe(expected);
      }
    } finally {
      await c.close();
    }
  });

  test('from a phase retries its failed steps; restart sends applied ones again', async () => {
    const dir = await tempJobsDir();
    const c = await startJobCompanion({ host: world.host, port: world.port, username: 'Builder', dir });
    try {
      const { id } = report(
        await c.call('start_build_job', {
          name: 'retry',
          phases: [
            { name: 'a', commands: [`setblock ${at(0, 2)} minecraft:stone destroy`] },
            { name: 'b', commands: [`setblock ${at(1, 2)} minecraft:stonee`] },
          ],
        }),
      );
      const first = report(await c.call('get_build_job', { id, waitSeconds: 30 }));
      expect(first.counts).toEqual({ applied: 1, rejected_by_game: 1 });
      expect(first.failures).toEqual([
        expect.objectContaining({ step: 2, phase: 'b', status: 'rejected_by_game' }),
      ]);
      expect(first.hint).toMatch(/"from":"<phase>"/);

      report(await c.call('resume_build_job', { id, from: 'b' }));
      report(await c.call('get_build_job', { id, waitSeconds: 30 }));
      expect((await readJournal(dir, id)).steps.map((s) => s.attempts)).toEqual([1, 2]);

      const unknownPhase = await c.call('resume_build_job', { id, from: 'roof' });
      expect(textOf(unknownPhase)).toMatch(/no phase "roof".*phases: a, b/);

      report(await c.call('resume_build_job', { id, restart: true }));
      report(await c.call('get_build_job', { id, waitSeconds: 30 }));
      expect((await readJournal(dir, id)).steps.map((s) => s.attempts)).toEqual([2, 3]);
      await expect.poll(() => setblockCopies(watcher.lines).get(at(0, 2)) ?? 0).toBe(2);
    } finally {
      await c.close();
    }
  });

  test('a job another live companion holds is refused, naming it; once released it resumes', async () => {
    const dir = await tempJobsDir();
    const c = await startJobCompanion({ host: world.host, port: world.port, username: 'Builder', dir });
    const other = new JobStore(dir);
    try {
      const job = await leftBehind(dir, [`setblock ${at(0, 4)} minecraft:stone destroy`], ['pending']);
      const release = await other.lock(job, () => {});
      const shown = report(await c.call('get_build_job', { id: job.id }));
      expect(shown).toMatchObject({ status: 'running', resumable: false });
      const refused = await c.call('resume_build_job', { id: job.id });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(
        /JobLockedError: build job "left-behind-[0-9a-f]+" is being run by another companion \(pid 4242 on otherhost\)/,
      );
      expect((await readJournal(dir, job.id)).steps[0]!.state).toBe('pending');
      await release();
      report(await c.call('resume_build_job', { id: job.id }));
      expect(report(await c.call('get_build_job', { id: job.id, waitSeconds: 30 })).status).toBe('completed');
      const twice = await c.call('resume_build_job', { id: job.id });
      expect(twice.isError).toBeFalsy();
    } finally {
      await c.close();
    }
  });

  test('a job older than maxAgeDays is expired: shown so, and resuming it is refused with the reason', async () => {
    const dir = await tempJobsDir();
    const old = new Date(Date.now() - 31 * 86_400_000);
    const job = await leftBehind(dir, [`setblock ${at(0, 6)} minecraft:stone destroy`], ['pending'], old);
    const c = await startJobCompanion({ host: world.host, port: world.port, username: 'Builder', dir });
    try {
      expect(c.init.resuming).toEqual([]);
      const shown = report(await c.call('get_build_job', { id: job.id }));
      expect(shown).toMatchObject({ status: 'expired', resumable: false });
      expect(shown.hint).toMatch(/older than 30 days/);
      const refused = await c.call('resume_build_job', { id: job.id });
      expect(textOf(refused)).toMatch(
        /JobExpiredError: build job "[^"]+" is older than 30 days and has expired: .*start a new job/,
      );
      expect((await readJournal(dir, job.id)).steps[0]!.state).toBe('pending');
    } finally {
      await c.close();
    }
  });

  test('unreadable journals are reported and moved aside as *.corrupt; the server keeps working', async () => {
    const dir = await tempJobsDir();
    await writeFile(join(dir, 'broken-00000001.json'), '{"format":1,"id":"broken-0000');
    await writeFile(join(dir, 'alien-00000002.json'), JSON.stringify({ hello: 'world' }));
    const c = await startJobCompanion({ host: world.host, port: world.port, username: 'Builder', dir });
    try {
      expect(c.init.problems.map((p) => p.problem)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^invalid JSON/),
          expect.stringMatching(/^not a journal/),
        ]),
      );
      const names = await readdir(dir);
      expect(names.filter((n) => n.endsWith('.json'))).toEqual([]);
      expect(names.filter((n) => n.endsWith('.corrupt'))).toHaveLength(2);
      // one that breaks while the server runs: reported by the tool, not a crash
      await writeFile(join(dir, 'later-00000003.json'), 'not json');
      const got = await c.call('get_build_job', { id: 'later-00000003' });
      expect(textOf(got)).toMatch(
        /JobCorruptError: .*later-00000003\.json cannot be read \(invalid JSON.*kept aside as .*\.corrupt/,
      );
      const listed = (await c.call('list_build_jobs', {})).structuredContent as {
        jobs: unknown[];
        problems: unknown[];
      };
      expect(listed).toMatchObject({ jobs: [], problems: [] });
      const { id } = report(
        await c.call('start_build_job', { name: 'after', commands: ['gamerule doDaylightCycle'] }),
      );
      expect(report(await c.call('get_build_job', { id, waitSeconds: 30 })).status).toBe('completed');
      const missing = await c.call('get_build_job', { id: 'nope-1' });
      expect(textOf(missing)).toMatch(/JobNotFoundError: no build job "nope-1"/);
    } finally {
      await c.close();
    }
  });
});
