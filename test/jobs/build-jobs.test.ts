/** Build jobs through the real MCP Client against the embedded world, watched by a second operator. */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { EncodedArea } from '../../src/world-view/encode.js';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot, type TestBot } from '../helpers/bot.js';
import { readJournal, report, setblockCopies, startJobCompanion, tempJobsDir, textOf } from './helpers.js';
import { until } from '../helpers/wait.js';

let world: WorldHandle;
let watcher: TestBot;
let o: { x: number; y: number; z: number };

beforeAll(async () => {
  world = await startWorld({ ops: ['Builder', 'Watcher'] });
  watcher = await joinBot(world.host, world.port, 'Watcher');
  const p = watcher.bot.entity.position;
  o = { x: Math.floor(p.x) - 20, y: Math.floor(p.y) + 1, z: Math.floor(p.z) - 20 };
});
afterAll(async () => {
  await watcher?.quit();
  await world?.stop();
});

/** `count` setblocks (destroy: a second send would succeed again and be seen) in rows of 40 at z band `band`. */
const setblocks = (band: number, count: number, block = 'stone') =>
  Array.from({ length: count }, (_, i) => {
    const [x, y, z] = [
      o.x + (i % 40),
      o.y + Math.floor(i / 400),
      o.z + band * 10 + (Math.floor(i / 40) % 10),
    ];
    return `setblock ${x} ${y} ${z} minecraft:${block} destroy`;
  });
const posOf = (command: string) => command.split(' ').slice(1, 4).join(' ');

/** Copies of successes the watcher saw for `commands`, once the last one has arrived. */
async function seen(commands: string[]): Promise<number[]> {
  const last = posOf(commands[commands.length - 1]!);
  await until(`the watcher to see the copy of the last setblock (${last})`, () =>
    setblockCopies(watcher.lines).has(last),
  );
  const copies = setblockCopies(watcher.lines);
  return commands.map((c) => copies.get(posOf(c)) ?? 0);
}

test('a job in phases with params runs in the background to completed, every command sent once', async () => {
  const dir = await tempJobsDir();
  const c = await startJobCompanion({ host: world.host, port: world.port, username: 'Builder', dir });
  try {
    const walls = setblocks(0, 120).map((cmd) => cmd.replace('minecraft:stone', 'minecraft:{{wall}}'));
    const started = report(
      await c.call('start_build_job', {
        name: 'Two phases',
        phases: [
          { name: 'walls', commands: walls },
          { name: 'marker', commands: [`setblock ${o.x} ${o.y + 3} ${o.z} minecraft:{{ top }} destroy`] },
        ],
        params: { wall: 'oak_planks', top: 'gold_block' },
        chunkSize: 25,
      }),
    );
    expect(started.id).toMatch(/^two-phases-[0-9a-f]{8}$/);
    expect(['pending', 'running']).toContain(started.status);
    const done = report(await c.call('get_build_job', { id: started.id, waitSeconds: 60 }));
    expect(done).toMatchObject({ status: 'completed', totalSteps: 121, doneSteps: 121, pendingSteps: 0 });
    expect(done.counts).toEqual({ applied: 121 });
    expect(done.completedPhases).toEqual(['walls', 'marker']);
    expect(done.failures).toEqual([]);
    const journal = await readJournal(dir, started.id);
    // the steps that are not applied once and verified, with what they are instead (none expected)
    const odd = journal.steps.filter(
      (s) => s.state !== 'applied' || s.attempts !== 1 || s.verification !== 'verified',
    );
    expect(
      odd.map((s) => ({ item: s.item, state: s.state, attempts: s.attempts, verification: s.verification })),
    ).toEqual([]);
    expect(journal.params).toEqual({ wall: 'oak_planks', top: 'gold_block' });
    const filled = journal.steps.map((s) => s.item as string);
    expect(await seen(filled)).toEqual(filled.map(() => 1));
    const area = (
      await c.call('get_blocks_in_area', {
        from: { x: o.x, y: o.y + 3, z: o.z },
        to: { x: o.x, y: o.y + 3, z: o.z },
      })
    ).structuredContent as unknown as EncodedArea;
    expect(Object.values(area.palette)).toContain('minecraft:gold_block');
    const list = (await c.call('list_build_jobs', {})).structuredContent as {
      jobs: Array<{ id: string; status: string }>;
    };
    expect(list.jobs).toEqual([expect.objectContaining({ id: started.id, status: 'completed' })]);
  } finally {
    await c.close();
  }
});

test('an unfilled placeholder refuses the job before anything is sent, naming it', async () => {
  const dir = await tempJobsDir();
  const c = await startJobCompanion({ host: world.host, port: world.port, username: 'Builder', dir });
  try {
    const before = watcher.lines.length;
    const result = await c.call('start_build_job', {
      name: 'Missing',
      commands: [
        `setblock ${o.x} ${o.y} ${o.z + 95} minecraft:{{block}} destroy`,
        'setblock {{x}} 5 0 stone',
        'say {{x}}',
      ],
      params: { block: 'stone' },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /TemplateError: unfilled placeholder: \{\{x\}\} \(first in step #2\); nothing was sent/,
    );
    expect(await readdir(dir)).toEqual([]);
    await new Promise((r) => setTimeout(r, 200));
    expect(watcher.lines.slice(before)).toEqual([]);
  } finally {
    await c.close();
  }
});

test('cancel stops a job mid-way; resume finishes it without sending an applied command again', async () => {
  const dir = await tempJobsDir();
  const c = await startJobCompanion({ host: world.host, port: world.port, username: 'Builder', dir });
  try {
    const commands = setblocks(1, 1200);
    const { id } = report(await c.call('start_build_job', { name: 'long', commands, chunkSize: 20 }));
    await until('the job to take its first step', async () =>
      (await readJournal(dir, id)).steps.some((s) => s.state !== 'pending'),
    );
    const twice = await c.call('resume_build_job', { id });
    expect(textOf(twice)).toMatch(/is already running in this companion/);
    const cancelled = report(await c.call('cancel_build_job', { id }));
    expect(cancelled).toMatchObject({ status: 'interrupted', interruption: 'cancelled', resumable: true });
    expect(cancelled.pendingSteps).toBeGreaterThan(0);
    expect(cancelled.hint).toMatch(/resume_build_job/);
    report(await c.call('resume_build_job', { id }));
    const done = report(await c.call('get_build_job', { id, waitSeconds: 60 }));
    expect(done).toMatchObject({ status: 'completed', doneSteps: 1200, runs: 2 });
    expect(done.counts).toEqual({ applied: 1200 });
    expect(await seen(commands)).toEqual(commands.map(() => 1));
  } finally {
    await c.close();
  }
});

test('a lost connection interrupts the job; it resumes by itself when the bot is back, nothing sent twice', async () => {
  const dir = await tempJobsDir();
  const c = await startJobCompanion({
    host: world.host,
    port: world.port,
    username: 'Builder',
    dir,
    manager: { reconnectDelayMs: 200 },
  });
  try {
    const commands = setblocks(2, 1200);
    const { id } = report(await c.call('start_build_job', { name: 'dropped', commands, chunkSize: 50 }));
    await until('the job to take its first step', async () =>
      (await readJournal(dir, id)).steps.some((s) => s.state !== 'pending'),
    );
    await (await c.target.get()).channel.close();
    const done = report(await c.call('get_build_job', { id, waitSeconds: 60 }));
    let final = done;
    // the first wait ends when the connection drops; the automatic resume runs the rest
    for (let i = 0; i < 10 && final.status !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 500));
      final = report(await c.call('get_build_job', { id, waitSeconds: 30 }));
    }
    expect(final).toMatchObject({ status: 'completed', doneSteps: 1200 });
    expect(final.runs).toBeGreaterThanOrEqual(2);
    expect(final.counts['applied']).toBe(1200);
    expect(await seen(commands)).toEqual(commands.map(() => 1));
  } finally {
    await c.close();
  }
});

test('journals are written atomically: no temp file is left beside them', async () => {
  const dir = await tempJobsDir();
  const c = await startJobCompanion({ host: world.host, port: world.port, username: 'Builder', dir });
  try {
    const { id } = report(
      await c.call('start_build_job', { name: 'tiny', commands: ['gamerule doDaylightCycle'] }),
    );
    report(await c.call('get_build_job', { id, waitSeconds: 30 }));
    expect(existsSync(`${dir}/${id}.json`)).toBe(true);
    expect((await readdir(dir)).filter((n) => !n.endsWith('.json'))).toEqual([]);
  } finally {
    await c.close();
  }
});
