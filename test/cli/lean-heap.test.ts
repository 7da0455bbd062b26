/**
 * serve's lean heap (src/cli/lean-heap.ts): V8 flags set from inside a running process, which only works for
 * flags V8 reads when it uses them. Each case runs the built module in a Node process of its own, lets it
 * allocate as a batch does (many short-lived objects, some kept, in short tasks), and reads the young
 * generation's size.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { beforeAll, expect, test } from 'vitest';
import { LEAN_HEAP_FLAGS, YOUNG_GENERATION_CAP_MB } from '../../src/cli/lean-heap.js';
import { EMBEDDED_VERSION } from '../../src/world/start-world.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const leanHeap = `${root}dist/cli/lean-heap.js`;
const cli = `${root}dist/cli/main.js`;

beforeAll(() => {
  // test/global-setup.ts built dist from today's sources
  expect(existsSync(leanHeap)).toBe(true);
});

/**
 * The young generation's size (MiB) in a process that called useLeanHeap() first, after a busy stretch that
 * keeps part of what it allocates and runs in short tasks, as serve's calls do (or, with `oneTask`, in a
 * single long one, as serve's start does); with `started`, startupOver() came before it, as it does before
 * serve's calls; with `rest`, also once it has been idle long enough to be given back (polled until it is, or
 * the child's own deadline passes).
 */
const youngGeneration = (
  env: Record<string, string>,
  { started = true, oneTask = false, rest = false } = {},
): { busy: number; typical: number; rested?: number } => {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    import { startupOver, useLeanHeap } from ${JSON.stringify(leanHeap)};
    useLeanHeap();
    if (${started}) startupOver();
    const young = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 2 ** 20;
    const start = young();
    const kept = [];
    const sizes = [];
    for (let task = 0; task < 200; task++) {
      for (let i = 0; i < 2e4; i++) {
        kept.push({ i, text: 'line ' + i });
        if (kept.length > 2e5) kept.length = 0;
      }
      sizes.push(young());
      if (!${oneTask}) await new Promise((resolve) => setImmediate(resolve));
    }
    kept.length = 0;
    let rested;
    if (${rest}) {
      const deadline = Date.now() + 60_000;
      while (young() > start && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
      rested = young();
    }
    const busy = Math.max(...sizes);
    const typical = sizes.sort((a, b) => a - b)[sizes.length >> 1];
    process.stdout.write(JSON.stringify({ busy, typical, rested }));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as { busy: number; typical: number; rested?: number };
};

test("while calls come the young generation grows to its cap and no further; V8's defaults let it grow past", () => {
  const lean = youngGeneration({});
  const v8Default = youngGeneration({ MCBRIDGE_HEAP: 'v8-default' }).busy;
  // where it stays (the median): Node 24 adds pages for a while as a full collection's marking ends, which the
  // next collection takes back, so its largest size reached 20–23 MiB here with the factor at 1
  const heldSmall = youngGeneration({
    MCBRIDGE_HEAP: '--heap-growing-percent=10 --semi-space-growth-factor=1',
  }).typical;
  // it reaches its cap, and stays within one doubling past it: a collection may come before the factor is
  // turned down (its largest size can pass that by the pages above). V8's defaults: 2 × 16 MiB (Node 20),
  // 2 × 64 MiB (Node 24); held at the start: 2 × 1 MiB
  expect(lean.busy).toBeGreaterThanOrEqual(YOUNG_GENERATION_CAP_MB);
  expect(lean.typical).toBeLessThanOrEqual(2 * YOUNG_GENERATION_CAP_MB);
  expect(v8Default).toBeGreaterThan(2 * YOUNG_GENERATION_CAP_MB);
  expect(heldSmall).toBeLessThan(YOUNG_GENERATION_CAP_MB);
});

test("while serve starts the young generation stays at its start, even through one long task; V8's defaults let it grow", () => {
  // its size where it stays (the median over the stretch): Node 24 adds pages for a while as a full collection's
  // marking ends, which the next collection takes back
  const starting = youngGeneration({}, { started: false, oneTask: true }).typical;
  const startingInShortTasks = youngGeneration({}, { started: false }).typical;
  const v8Default = youngGeneration({ MCBRIDGE_HEAP: 'v8-default' }, { oneTask: true }).typical;
  // two semi-spaces of 1 MiB, V8's start, never doubled: Node 24's pages added as a marking ends took the median
  // of the short tasks to 2.25–3.25 MiB in some runs (one in five, here), a doubling would take it to 4
  expect(starting).toBeLessThan(4);
  expect(startingInShortTasks).toBeLessThan(4);
  expect(v8Default).toBeGreaterThanOrEqual(YOUNG_GENERATION_CAP_MB);
});

/**
 * How much smaller the heap is (MiB) right after each of two startupOver() calls, in a process that called
 * useLeanHeap() first and each time dropped some 10 MiB it had kept across several collections, as serve's
 * start leaves its garbage in the old generation.
 */
const collectedAtStartupOver = (env: Record<string, string>): [number, number] => {
  const script = `
    import { startupOver, useLeanHeap } from ${JSON.stringify(leanHeap)};
    useLeanHeap();
    const leaveGarbage = async () => {
      let kept = Array.from({ length: 2e5 }, (_, i) => ({ i, text: 'line ' + i }));
      for (let task = 0; task < 20; task++) {
        Array.from({ length: 2e4 }, (_, i) => ({ i }));
        await new Promise((resolve) => setImmediate(resolve));
      }
      kept = undefined;
    };
    const collected = () => {
      const before = process.memoryUsage().heapUsed;
      startupOver();
      return (before - process.memoryUsage().heapUsed) / 2 ** 20;
    };
    await leaveGarbage();
    const first = collected();
    await leaveGarbage();
    const second = collected();
    process.stdout.write(JSON.stringify([first, second]));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as [number, number];
};

test("the start's end collects what the start left behind, once; with V8's defaults nothing is collected", () => {
  const [first, second] = collectedAtStartupOver({});
  const [v8Default] = collectedAtStartupOver({ MCBRIDGE_HEAP: 'v8-default' });
  expect(first).toBeGreaterThan(5);
  expect(second).toBeLessThan(1);
  expect(v8Default).toBeLessThan(1);
});

/**
 * The CPU V8's helper threads spent on young-generation collections, in ms summed over the collections, read
 * from V8's own line per collection (`--trace-gc-nvp`: `background.scavenge.parallel`), in a process that called
 * useLeanHeap() and startupOver() and then allocated as a batch does; and how many such collections there were.
 */
const scavengeHelpers = (env: Record<string, string>): { collections: number; helperMs: number } => {
  const script = `
    import { startupOver, useLeanHeap } from ${JSON.stringify(leanHeap)};
    useLeanHeap();
    startupOver();
    const kept = [];
    for (let task = 0; task < 100; task++) {
      for (let i = 0; i < 2e4; i++) {
        kept.push({ i, text: 'line ' + i });
        if (kept.length > 2e5) kept.length = 0;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  `;
  const run = spawnSync(process.execPath, ['--trace-gc-nvp', '--input-type=module', '-e', script], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  expect(run.status).toBe(0);
  const scavenges = run.stdout.split('\n').filter((line) => / gc=s /.test(line));
  const helperMs = scavenges.reduce(
    (sum, line) => sum + Number(/ background\.scavenge\.parallel=([\d.]+)/.exec(line)?.[1] ?? NaN),
    0,
  );
  return { collections: scavenges.length, helperMs };
};

test("young-generation collections run on serve's thread alone; with the same heap and V8's parallel ones, helpers share them", () => {
  const lean = scavengeHelpers({});
  expect(lean.collections).toBeGreaterThan(10);
  expect(lean.helperMs).toBe(0);
  // the same sizes without the flag: V8 splits a collection of the capped young generation among helper threads
  const parallel = scavengeHelpers({
    MCBRIDGE_HEAP: `--heap-growing-percent=15 young-generation-cap collect-between-calls`,
  });
  expect(parallel.collections).toBeGreaterThan(10);
  expect(parallel.helperMs).toBeGreaterThan(0);
});

test('after some seconds without work the young generation is given back', () => {
  const { busy, rested } = youngGeneration({}, { rest: true });
  expect(busy).toBeGreaterThanOrEqual(YOUNG_GENERATION_CAP_MB);
  expect(rested).toBeLessThan(busy / 4);
}, 120_000);

test('serve applies the lean heap before anything else, holds the young generation through its start, and says so in its debug log', async () => {
  const serve = spawn(process.execPath, [cli, 'serve', '--embedded', '--username', 'LeanHeap'], {
    env: { ...process.env, MCBRIDGE_LOG_LEVEL: 'debug' },
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let log = '';
  try {
    await new Promise<void>((resolve, reject) => {
      serve.stderr.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        // the start is over once the embedded world is joined and the warm-up done
        if (log.includes('"msg":"lean heap: start over"')) resolve();
      });
      serve.on('exit', (code) => reject(new Error(`serve exited (${String(code)}) first:\n${log}`)));
    });
    const line = log.split('\n').find((l) => l.includes('"msg":"lean heap"'))!;
    expect(JSON.parse(line).flags).toEqual([...LEAN_HEAP_FLAGS]);
    // held at 2 × 1 MiB (Node 24 may have added pages for a while, as a full collection's marking ends); without
    // the hold, loading serve's modules and rehearsing the execute path took it to 32 and 64 MiB on Node 24
    const over = log.split('\n').find((l) => l.includes('"msg":"lean heap: start over"'))!;
    expect(JSON.parse(over).youngGenerationMb).toBeLessThan(YOUNG_GENERATION_CAP_MB);
  } finally {
    serve.kill();
    if (serve.exitCode === null) await once(serve, 'exit');
  }
}, 120_000);

/**
 * Calls as serve's tools/call layer reports them (callStarted, then what it returns once answered), in a
 * process that called useLeanHeap() first, then kept some 24 MiB resident (as serve keeps its world, caches and
 * code), then called startupOver(). A big call keeps some 17 MiB of small objects through several young
 * collections (so that they move to the old generation, as a batch's results do) and drops them before its
 * answer; a small one keeps nearly nothing. The growth is set to 100 %: a quarter of it is the bar for
 * collecting between calls, and V8's own full collection stays well past the big call (at 15 % the room between the bar
 * and V8's own collection is too narrow for a test: V8 collected during the call on one Node and not the other).
 * Each look between calls is waited for as it is reported; waiting for none sets a timer after the answer that
 * expires after the look's own (COLLECT_AFTER_MS), and timers fire in the order they expire.
 */
const betweenCalls = (
  heap: string,
): { looks: boolean[]; whileAnotherRuns: number; putOff: number; keptMb: number } => {
  const script = `
    import { COLLECT_AFTER_MS, callStarted, startupOver, useLeanHeap, whenCheckedBetweenCalls } from ${JSON.stringify(leanHeap)};
    useLeanHeap();
    const looking = ${heap.includes('collect-between-calls')};
    const resident = Array.from({ length: 2e5 }, (_, i) => ({ i, text: 'resident ' + i }));
    startupOver();
    const looks = [];
    whenCheckedBetweenCalls((check) => looks.push(check.collected));
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    const call = async (steps) => {
      const answered = callStarted();
      let kept = [];
      for (let step = 0; step < steps; step++) {
        for (let i = 0; i < 1e4; i++) kept.push({ i, text: 'line ' + i });
        await tick();
      }
      kept = undefined;
      return answered;
    };
    const big = () => call(20);
    const small = () => call(0);
    const afterItsTime = () => new Promise((resolve) => setTimeout(resolve, COLLECT_AFTER_MS * 2));
    const look = async () => {
      if (!looking) return afterItsTime();
      const count = looks.length;
      while (looks.length === count) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    // a call that left little
    (await small())();
    await look();
    // two calls at once: no look while the second still runs, one once it is answered
    const first = big();
    const second = callStarted();
    (await first)();
    await afterItsTime();
    const whileAnotherRuns = looks.length;
    second();
    await look();
    // a call that starts before the look came puts it off until it is answered
    const before = process.memoryUsage().heapUsed;
    const third = await big();
    const fourth = callStarted();
    third();
    await afterItsTime();
    const putOff = looks.length;
    fourth();
    await look();
    const keptMb = (process.memoryUsage().heapUsed - before) / 2 ** 20;
    process.stdout.write(JSON.stringify({ looks, whileAnotherRuns, putOff, keptMb, resident: resident.length }));
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, MCBRIDGE_HEAP: heap },
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as {
    looks: boolean[];
    whileAnotherRuns: number;
    putOff: number;
    keptMb: number;
  };
};

test('what calls left in the old generation is collected once none runs, not while one does; small calls leave it to V8', () => {
  const lean = betweenCalls('--heap-growing-percent=100 young-generation-cap collect-between-calls');
  // the small call: left to V8; the big ones: collected, each once the last running call was answered
  expect(lean).toMatchObject({ looks: [false, true, true], whileAnotherRuns: 1, putOff: 2 });
  // the third call's 17 MiB were collected with it
  expect(lean.keptMb).toBeLessThan(3);
  // without collect-between-calls, and with V8's defaults, nothing looks: the garbage is V8's to collect
  expect(betweenCalls('--heap-growing-percent=100 young-generation-cap').looks).toEqual([]);
  expect(betweenCalls('v8-default').looks).toEqual([]);
});

test("serve collects between an MCP host's calls, rehearses the execute path after it, and says so in its log", async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, 'serve', '--embedded', '--username', 'Between'],
    env: { ...getDefaultEnvironment(), MCBRIDGE_LOG_LEVEL: 'trace' },
    stderr: 'pipe',
  });
  let log = '';
  transport.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const client = new Client({ name: 'lean-heap-test', version: '0' });
  await client.connect(transport);
  try {
    const info = await client.callTool({ name: 'get_connection_info', arguments: {} }, { timeout: 120_000 });
    const at = (info.structuredContent as { bot: { block: { x: number; y: number; z: number } } }).bot.block;
    // calls of 1,000 setblocks, one after the other, each answered before the next, until serve says it
    // collected between two of them what they left: each leaves some MiB in the old generation, a few of them
    // a quarter of what V8 allows it to grow. (A look after get_connection_info may collect too, and free
    // little: what grew since the start's end was still in use.)
    const looks = () =>
      log
        .split('\n')
        .filter((l) => /"msg":"lean heap: (collected|left to V8) between calls"/.test(l))
        .map((l) => JSON.parse(l) as { collected: boolean; freedMb?: number; oldGenerationMb?: number });
    const freedWhatACallLeft = () => looks().find((l) => l.collected && l.freedMb! > 1);
    for (let call = 0; call < 8 && !freedWhatACallLeft(); call++) {
      const commands = Array.from(
        { length: 1000 },
        (_, i) =>
          `setblock ${at.x + 2 + (i % 16)} ${at.y + 1 + ((i >> 4) % 8)} ${at.z + 3 + (i >> 7)} minecraft:${call % 2 ? 'stone' : 'dirt'}`,
      );
      // serve looks at its heap after the answer, once no call runs: counted before the call, so that a look
      // that comes right after the answer is not missed; the next call waits for it
      const before = looks().length;
      const result = await client.callTool(
        { name: 'execute_commands', arguments: { commands } },
        { timeout: 120_000 },
      );
      expect((result.structuredContent as { appliedCount: number }).appliedCount).toBe(1000);
      await new Promise<void>((resolve) => {
        const seen = () => (looks().length > before ? resolve() : setTimeout(seen, 5));
        seen();
      });
    }
    const collection = freedWhatACallLeft();
    expect(collection, log).toBeDefined();
    expect(collection!.oldGenerationMb).toBeGreaterThan(0);
    // after it, with no call running, serve rehearses the execute path once more for the connection's version
    const rehearsed = () =>
      log
        .split('\n')
        .filter((l) => l.includes('"msg":"warm-up: rehearsed between calls"'))
        .map((l) => JSON.parse(l) as { versions: string[]; finished: boolean });
    // (a collection before the last call's may have started one that this call stopped)
    const whole = () => rehearsed().find((l) => l.finished);
    await new Promise<void>((resolve) => {
      const seen = () => (whole() ? resolve() : setTimeout(seen, 5));
      seen();
    });
    expect(whole()).toMatchObject({ versions: [EMBEDDED_VERSION] });
  } finally {
    await client.close();
  }
}, 180_000);
