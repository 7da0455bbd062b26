/**
 * serve's lean heap (src/cli/lean-heap.ts): V8 flags set from inside a running process, which only works for
 * flags V8 reads when it uses them. Each case runs the built module in a Node process of its own, lets it
 * allocate as a batch does (many short-lived objects, some kept), and reads the young generation's size.
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

/** the young generation's size (MiB) after a busy stretch, in a process that called useLeanHeap() first */
const youngGenerationAfterWork = (env: Record<string, string>): number => {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    import { useLeanHeap } from ${JSON.stringify(leanHeap)};
    useLeanHeap();
    const kept = [];
    for (let i = 0; i < 3e6; i++) {
      kept.push({ i, text: 'line ' + i });
      if (kept.length > 2e5) kept.length = 0;
    }
    const young = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    process.stdout.write(String(young.space_size / 2 ** 20));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  return Number(run.stdout);
};

test("the young generation keeps its starting size; with MCBRIDGE_HEAP=v8-default it grows as V8's defaults let it", () => {
  const lean = youngGenerationAfterWork({});
  const v8Default = youngGenerationAfterWork({ MCBRIDGE_HEAP: 'v8-default' });
  // lean: the starting two semi-spaces of 1 MiB on Node 20, every run; on Node 24 most runs, some up to
  // 11 MiB. V8's defaults: 2 × 16 MiB (Node 20), 2 × 64 MiB (Node 24)
  expect(lean).toBeLessThanOrEqual(16);
  expect(v8Default).toBeGreaterThanOrEqual(2 * lean);
});

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
    expect(JSON.parse(line).flags).toEqual(['--heap-growing-percent=10', '--semi-space-growth-factor=1']);
  } finally {
    serve.kill();
    if (serve.exitCode === null) await once(serve, 'exit');
  }
}, 120_000);
