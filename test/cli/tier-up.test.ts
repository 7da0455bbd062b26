/**
 * serve's early tier-up (src/cli/tier-up.ts): V8 flags set from inside a running process. Each case runs the
 * built module in a Node process of its own (with V8's natives syntax, to ask V8 which tier a function is
 * in), runs a function once per task as serve runs a call's code, and reads its tier. CI runs this file on
 * Node 24 and on the machine's Node 20, whose V8 has no Maglev tiering and gets no flags.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, test } from 'vitest';
import { EARLY_TIER_UP_FLAGS, EARLY_TIER_UP_RUNS, useEarlyTierUp } from '../../src/cli/tier-up.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tierUp = `${root}dist/cli/tier-up.js`;
const maglevTiering = Number(process.versions.v8.split('.')[0]) >= 12;

beforeAll(() => {
  // test/global-setup.ts built dist from today's sources
  expect(existsSync(tierUp)).toBe(true);
});

interface Tier {
  flags: string[];
  /** V8's optimisation status bits right after the runs */
  optimised: boolean;
  /** queued or being compiled, not yet installed */
  marked: boolean;
}

/**
 * Runs a small function `runs` times, each in a task of its own, in a process that called useEarlyTierUp()
 * first; once past serve's count it waits for the optimised code to be installed (V8 compiles it on another
 * thread), polling its status, up to the child's own deadline.
 */
const tierAfter = (runs: number, env: Record<string, string> = {}): Tier => {
  const script = `
    import { useEarlyTierUp } from ${JSON.stringify(tierUp)};
    const flags = useEarlyTierUp();
    function perCall(o) { return o.a + o.b * 2; }
    // V8's OptimizationStatus (src/runtime/runtime.h): optimised, and queued or compiling
    const OPTIMISED = 1 << 4;
    const MARKED = (1 << 8) | (1 << 9) | (1 << 10);
    for (let i = 0; i < ${runs}; i++) {
      perCall({ a: i, b: 1 });
      await new Promise((resolve) => setImmediate(resolve));
    }
    const status = () => %GetOptimizationStatus(perCall);
    const marked = (status() & MARKED) !== 0;
    const deadline = Date.now() + 60_000;
    while (marked && !(status() & OPTIMISED) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    process.stdout.write(JSON.stringify({ flags, optimised: (status() & OPTIMISED) !== 0, marked }));
  `;
  const run = spawnSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', script], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as Tier;
};

test("a function run once per task is optimised after serve's count of runs; at V8's own counts it is not", () => {
  const runs = EARLY_TIER_UP_RUNS + 40;
  const early = tierAfter(runs);
  const v8Default = tierAfter(runs, { MCBRIDGE_TIER_UP: 'v8-default' });
  expect(v8Default.flags).toEqual([]);
  // 100 runs are a quarter of V8's 400 for Maglev: not even queued for optimisation
  expect(v8Default.optimised).toBe(false);
  expect(v8Default.marked).toBe(false);
  if (maglevTiering) {
    expect(early.flags).toEqual([...EARLY_TIER_UP_FLAGS]);
    expect(early.optimised).toBe(true);
  } else {
    // Node 20: nothing set, so V8 tiers up as it would
    expect(early.flags).toEqual([]);
    expect(early.optimised).toBe(false);
  }
});

test('only a V8 with Maglev tiering gets the flags, and an operator can leave V8 its own counts', () => {
  // the flags are only reported here, not set: useEarlyTierUp returns before setting anything on both
  expect(useEarlyTierUp({}, '11.3.244.8-node.33')).toEqual([]);
  expect(useEarlyTierUp({ MCBRIDGE_TIER_UP: 'v8-default' }, '13.6.233.17-node.37')).toEqual([]);
});
