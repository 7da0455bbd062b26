/**
 * A seeded fuzz of every tool against `mcbridge serve --embedded` (the built CLI in its own process, through
 * the SDK's real Client): a few hundred hostile calls drawn from each tool's input schema. The process never
 * exits, every call is answered, nothing refused or altered is reported applied, no file outside the data
 * folders is touched, a canary build reads back every 100 calls. A failure prints the seed; replay it with
 * MCBRIDGE_FUZZ_SEED=<seed>. The long run (10,000 calls) is `npm run fuzz` (scripts/fuzz-long.ts).
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CLI, type FuzzServer, runFuzz, startFuzzServer } from '../helpers/hostile-calls.js';

const SEED = Number(process.env['MCBRIDGE_FUZZ_SEED'] ?? 4242);
const CALLS = Number(process.env['MCBRIDGE_FUZZ_CALLS'] ?? 300);

let server: FuzzServer;

beforeAll(async () => {
  // test/global-setup.ts built dist from today's sources
  expect(existsSync(CLI)).toBe(true);
  server = await startFuzzServer();
});
afterAll(async () => {
  await server?.close();
});

test(`${CALLS} hostile calls over every tool (seed ${SEED}) keep every invariant`, async () => {
  // "answered at all": a bound far above any honest call, never a measure of speed
  const report = await runFuzz(server, SEED, CALLS, { boundMs: 120_000 });
  // figures for whoever reads the log; memory is measured here and held to its bound in the long run
  process.stderr.write(`fuzz seed ${SEED}: ${JSON.stringify(report)}\n`);
  const replay = `replay with MCBRIDGE_FUZZ_SEED=${SEED}`;
  expect(report.exited, replay).toBe(false);
  expect(report.answered, replay).toBe(report.calls);
  expect(report.calls, replay).toBe(CALLS);
  expect(report.problems, replay).toEqual([]);
  expect(report.escapes, replay).toEqual([]);
  expect(report.canaries.failed, replay).toBe(0);
  expect(report.canaries.ok, replay).toBe(Math.ceil(CALLS / 100) + 1);
}, 1_800_000);
