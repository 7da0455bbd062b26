/** Pure parts of build jobs: placeholders, job creation, and the journal directory's housekeeping. */
import { readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PlanError } from '../../src/batch/plan.js';
import { createJob } from '../../src/jobs/create.js';
import { JobLockedError, JobStateError, TemplateError } from '../../src/jobs/errors.js';
import { defaultJobsDir, JobStore } from '../../src/jobs/store.js';
import { fillTemplates } from '../../src/jobs/template.js';
import { tempJobsDir } from './helpers.js';

describe('placeholders', () => {
  test.each([
    ['setblock {{x}} 64 {{z}} stone', { x: 1, z: -2 }, 'setblock 1 64 -2 stone'],
    [
      'fill {{ a }} {{a}} {{a}} 1 1 1 {{block}}',
      { a: 0, block: 'oak_planks' },
      'fill 0 0 0 1 1 1 oak_planks',
    ],
    ['say no placeholders', {}, 'say no placeholders'],
    ['say {{x}}{{x}}', { x: 'ab' }, 'say abab'],
    ['tellraw @a {"text":"{x}"}', {}, 'tellraw @a {"text":"{x}"}'],
  ])('%s with %j → %s', (command, params, expected) => {
    expect(fillTemplates([command], params)).toEqual([expected]);
  });

  test.each([
    [['say {{x}}'], {}, /\{\{x\}\} \(first in step #1\)/],
    [
      ['say ok', 'say {{a}} {{b}}', 'say {{a}}'],
      { b: 1 },
      /^unfilled placeholder: \{\{a\}\} \(first in step #2\)/,
    ],
    [['say {{a}}', 'say {{b}}'], {}, /placeholders: \{\{a\}\} .*#1.*\{\{b\}\} .*#2/],
    [['say {{}}'], {}, /\{\{\}\}/],
    [['say {{toString}}'], {}, /\{\{toString\}\}/],
  ])('%j with %j is refused', (commands, params, message) => {
    expect(() => fillTemplates(commands, params)).toThrow(TemplateError);
    expect(() => fillTemplates(commands, params)).toThrow(message);
  });

  test('placeholders in operations are filled and their ids kept', () => {
    expect(
      fillTemplates([{ id: 'a', command: 'setblock {{x}} 0 0 stone' }], {
        x: 5,
      }),
    ).toEqual([{ id: 'a', command: 'setblock 5 0 0 stone' }]);
  });
});

describe('createJob', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  test.each([
    [{ name: 'x' }, JobStateError, /either commands or phases/],
    [
      {
        name: 'x',
        commands: ['say a'],
        phases: [{ name: 'p', commands: ['say b'] }],
      },
      JobStateError,
      /not both/,
    ],
    [
      {
        name: 'x',
        phases: [
          { name: 'p', commands: ['say a'] },
          { name: 'p', commands: ['say b'] },
        ],
      },
      JobStateError,
      /two phases are named "p"/,
    ],
    [{ name: 'x', commands: [{ command: 'say a', dependsOn: ['nope'] }] }, PlanError, /"nope" is not the id/],
  ])('%j is refused', (input, type, message) => {
    expect(() => createJob(input, 'default', now)).toThrow(type);
    expect(() => createJob(input, 'default', now)).toThrow(message);
  });

  test('steps keep their phase, all pending; the id is the name and a random part', () => {
    const job = createJob(
      {
        name: 'My Castle!',
        phases: [
          { name: 'a', commands: ['say 1', 'say 2'] },
          { name: 'b', commands: ['say 3'] },
        ],
      },
      'default',
      now,
    );
    expect(job.id).toMatch(/^my-castle-[0-9a-f]{8}$/);
    expect(job.steps.map((s) => [s.phase, s.state, s.attempts])).toEqual([
      [0, 'pending', 0],
      [0, 'pending', 0],
      [1, 'pending', 0],
    ]);
    expect(job.options).toMatchObject({
      chunkSize: 100,
      verify: true,
      resendUnverifiable: true,
    });
  });
});

describe('journal directory', () => {
  test('default directory: $MCBRIDGE_JOBS_DIR, else $XDG_STATE_HOME/mcbridge/jobs, else ~/.local/state/mcbridge/jobs', () => {
    expect(defaultJobsDir({ MCBRIDGE_JOBS_DIR: '/j' })).toBe('/j');
    expect(defaultJobsDir({ XDG_STATE_HOME: '/s' })).toBe('/s/mcbridge/jobs');
    expect(defaultJobsDir({})).toMatch(/\.local\/state\/mcbridge\/jobs$/);
  });

  test('cleanup keeps the newest journals and any a companion holds; old leftovers go', async () => {
    const dir = await tempJobsDir();
    const store = new JobStore(dir);
    const jobs = [1, 2, 3, 4].map((day) => {
      const job = createJob(
        { name: `job ${day}`, commands: ['say hi'] },
        'default',
        new Date(`2026-01-0${day}T00:00:00Z`),
      );
      return job;
    });
    for (const j of jobs) await store.save(j);
    const release = await store.lock(jobs[0]!, () => {});
    const old = join(dir, 'x.json.123.corrupt');
    await writeFile(old, 'x');
    await utimes(old, new Date(0), new Date(0));
    await writeFile(join(dir, 'fresh.json.1.corrupt'), 'x');
    await writeFile(join(dir, 'notes.txt'), 'not ours');
    const removed = await store.cleanup(jobs, 2, 86_400_000);
    expect(removed).toEqual([jobs[1]!.id]);
    const names = (await readdir(dir)).sort();
    expect(names).toEqual(
      [
        `${jobs[0]!.id}.json`,
        `${jobs[0]!.id}.json.lock`,
        `${jobs[2]!.id}.json`,
        `${jobs[3]!.id}.json`,
        'fresh.json.1.corrupt',
        'notes.txt',
      ].sort(),
    );
    await expect(new JobStore(dir).lock(jobs[0]!, () => {})).rejects.toThrow(JobLockedError);
    await release();
    expect(await store.isLocked(jobs[0]!.id)).toBe(false);
  });
});
