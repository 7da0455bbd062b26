/**
 * The companion process is killed (SIGKILL) in the middle of a job; a new companion process on the same
 * journal directory resumes it by itself. No applied command is sent again and the world ends complete.
 */
import { fileURLToPath } from 'node:url';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { JobState } from '../../src/jobs/schema.js';
import { startWorld, type WorldHandle } from '../../src/world/index.js';
import { joinBot, type TestBot } from '../helpers/bot.js';
import { caller, readJournal, report, setblockCopies, tempJobsDir } from './helpers.js';
import { until } from '../helpers/wait.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const script = fileURLToPath(new URL('./companion-process.ts', import.meta.url));

let world: WorldHandle;
let watcher: TestBot;

beforeAll(async () => {
  world = await startWorld({ ops: ['Builder', 'Watcher'] });
  watcher = await joinBot(world.host, world.port, 'Watcher');
});
afterAll(async () => {
  await watcher?.quit();
  await world?.stop();
});

async function companionProcess(dir: string, autoResume: boolean) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', script],
    cwd: root,
    stderr: 'pipe',
    env: {
      ...process.env,
      MCBRIDGE_LOG_LEVEL: 'warn',
      MCB_HOST: world.host,
      MCB_PORT: String(world.port),
      MCB_USER: 'Builder',
      MCB_JOBS_DIR: dir,
      MCB_LOCK_STALE_MS: '2000',
      MCB_AUTO_RESUME: autoResume ? '1' : '0',
    } as Record<string, string>,
  });
  const client = new Client({ name: 'crash-test', version: '0' });
  await client.connect(transport);
  return { client, call: caller(client), pid: transport.pid! };
}

test('kill -9 mid-job, then a new companion resumes from the journal: nothing applied is sent twice', async () => {
  const dir = await tempJobsDir();
  const p = watcher.bot.entity.position;
  const o = {
    x: Math.floor(p.x) - 20,
    y: Math.floor(p.y) + 1,
    z: Math.floor(p.z) - 5,
  };
  // 1,200 steps: the kill comes after 200 applied, so most of the job is left for the second companion
  const commands = Array.from(
    { length: 1200 },
    (_, i) =>
      `setblock ${o.x + (i % 40)} ${o.y + Math.floor(i / 400)} ${o.z + (Math.floor(i / 40) % 10)} minecraft:bricks destroy`,
  );

  const first = await companionProcess(dir, false);
  const { id } = report(
    await first.call('start_build_job', {
      name: 'crash me',
      commands,
      chunkSize: 50,
    }),
  );
  await until(
    'the journal to record 200 applied steps',
    async () => {
      const journal = await readJournal(dir, id).catch(() => undefined);
      return !!journal && journal.steps.filter((s) => s.state === 'applied').length >= 200;
    },
    240_000,
  );
  process.kill(first.pid, 'SIGKILL');
  await first.client.close().catch(() => {});
  const atKill: JobState = await readJournal(dir, id);
  const appliedBefore = atKill.steps.flatMap((s, i) => (s.state === 'applied' ? [i] : []));
  expect(atKill.status).toBe('running');
  expect(appliedBefore.length).toBeGreaterThanOrEqual(200);
  expect(appliedBefore.length).toBeLessThan(commands.length);

  const second = await companionProcess(dir, true);
  try {
    let final = report(await second.call('get_build_job', { id }));
    expect(['interrupted', 'running', 'pending']).toContain(final.status);
    // the resume waits for the dead companion's lock to go stale (2 s here), then runs; get_build_job
    // with waitSeconds answers as soon as the running job ends
    await until(
      'the resumed job to complete',
      async () => {
        final = report(await second.call('get_build_job', { id, waitSeconds: 20 }));
        return final.status === 'completed' || final.status === 'error';
      },
      240_000,
    );
    expect(final).toMatchObject({
      status: 'completed',
      doneSteps: commands.length,
      runs: 2,
    });
    expect(final.counts).toEqual({ applied: commands.length });

    const journal = await readJournal(dir, id);
    for (const i of appliedBefore) expect(journal.steps[i]!.attempts).toBe(1);
    const last = commands[commands.length - 1]!.split(' ').slice(1, 4).join(' ');
    await expect.poll(() => setblockCopies(watcher.lines).has(last), { timeout: 120_000 }).toBe(true);
    const copies = setblockCopies(watcher.lines);
    const counts = commands.map((c) => copies.get(c.split(' ').slice(1, 4).join(' ')) ?? 0);
    // the server's own feedback: every position was set exactly once over both companions; a failure
    // names the steps and what the journal says of them (state at the kill, summary after the resume)
    const wrong = counts.flatMap((n, i) =>
      n === 1 ? [] : [{ step: i, copies: n, atKill: atKill.steps[i]!.state, after: journal.steps[i] }],
    );
    expect(wrong).toEqual([]);
  } finally {
    await second.client.close();
  }
}, 600_000);
