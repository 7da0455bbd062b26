/**
 * serve's lean heap (src/cli/lean-heap.ts): V8 flags set from inside a running process, which only works for
 * flags V8 reads when it uses them, and the young generation given back at rest. Each case runs the built
 * module in a Node process of its own, lets it allocate as a batch does (many short-lived objects, some
 * kept), and reads the young generation's size then and once idle.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const leanHeap = `${root}dist/cli/lean-heap.js`;
const cli = `${root}dist/cli/main.js`;

beforeAll(() => {
  // test/global-setup.ts built dist from today's sources
  expect(existsSync(leanHeap)).toBe(true);
});

/**
 * The young generation's size (MiB) at the start, after a busy stretch, and once the process has been idle
 * long enough for the lean heap to give it back (polled until it is back at its start, or 15 s without).
 */
const youngGeneration = (env: Record<string, string>): { start: number; busy: number; rest: number } => {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    import { useLeanHeap } from ${JSON.stringify(leanHeap)};
    useLeanHeap();
    const young = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 2 ** 20;
    const start = young();
    const kept = [];
    for (let i = 0; i < 3e6; i++) {
      kept.push({ i, text: 'line ' + i });
      if (kept.length > 2e5) kept.length = 0;
    }
    kept.length = 0;
    const busy = young();
    const done = (rest) => {
      process.stdout.write(JSON.stringify({ start, busy, rest }));
      process.exit(0);
    };
    const poll = setInterval(() => young() <= start && done(young()), 200);
    setTimeout(() => done(young()), 15_000);
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as { start: number; busy: number; rest: number };
};

test('the young generation grows while calls come and is given back at rest; with MCBRIDGE_HEAP=v8-default it stays grown', () => {
  const lean = youngGeneration({});
  // Node 20: two semi-spaces of 1 MiB at the start, up to 2 × 16 MiB when busy (Node 24: 2 × 64 MiB)
  expect(lean.busy).toBeGreaterThanOrEqual(2 * lean.start);
  // idle for a few seconds: one young-generation collection lets V8 shrink it to where it started
  expect(lean.rest, JSON.stringify(lean)).toBeLessThanOrEqual(lean.start);
  const v8Default = youngGeneration({ MCBRIDGE_HEAP: 'v8-default' });
  expect(v8Default.busy).toBeGreaterThanOrEqual(2 * v8Default.start);
  expect(v8Default.rest, JSON.stringify(v8Default)).toBeGreaterThan(v8Default.start);
}, 120_000);

test('serve applies the lean heap before anything else, and says so in its debug log', async () => {
  const serve = spawn(process.execPath, [cli, 'serve', '--embedded', '--username', 'LeanHeap'], {
    env: { ...process.env, MCBRIDGE_LOG_LEVEL: 'debug' },
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let log = '';
  try {
    await new Promise<void>((resolve, reject) => {
      serve.stderr.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        if (log.includes('"msg":"lean heap"')) resolve();
      });
      serve.on('exit', (code) => reject(new Error(`serve exited (${String(code)}) first:\n${log}`)));
    });
    const line = log.split('\n').find((l) => l.includes('"msg":"lean heap"'))!;
    expect(JSON.parse(line).flags).toEqual(['--heap-growing-percent=10', 'shrink-at-rest']);
  } finally {
    serve.kill();
    if (serve.exitCode === null) await once(serve, 'exit');
  }
}, 120_000);
