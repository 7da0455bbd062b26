/**
 * `mcbridge exec`'s exit status through the built CLI on the embedded world: vanilla's "Nothing changed" (the
 * block is already there) is no failure (exit 0); a refused command is (exit 1).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { execExitCode } from '../../src/cli/exec-command.js';
import type { BatchResult, CommandResult } from '../../src/results/schema.js';

const cli = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const exec = (...commands: string[]) =>
  promisify(execFile)(process.execPath, [cli, 'exec', '--embedded', '--', ...commands], {
    env: { ...process.env, MCBRIDGE_LOG_LEVEL: 'warn' },
  }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
const results = (stdout: string) => (JSON.parse(stdout) as BatchResult).results;

test('a command that changed nothing because the block is already there exits 0', async () => {
  const out = await exec('setblock ~2 ~ ~ minecraft:stone', 'setblock ~2 ~ ~ minecraft:stone');
  const [first, again] = results(out.stdout);
  expect(first!.status).toBe('applied');
  expect(again!.status).toBe('rejected_by_game');
  expect(again!.detail?.noChange).toBe(true);
  expect(out.code).toBe(0);
}, 180_000);

test('a command the game refused exits 1', async () => {
  const out = await exec('setblock ~2 ~ ~ minecraft:stone', 'setblock ~2 ~ ~ minecraft:not_a_block');
  expect(results(out.stdout).map((r) => r.status)).toEqual(['applied', 'rejected_by_game']);
  expect(out.code).toBe(1);
}, 180_000);

const result = (r: Partial<CommandResult>): CommandResult => ({
  index: 0,
  command: 'setblock 1 2 3 stone',
  status: 'applied',
  accepted: true,
  applied: true,
  executionTimeMs: 1,
  summary: '',
  chatMessages: [],
  ...r,
});
const batch = (...rs: CommandResult[]) => ({ results: rs }) as BatchResult;

test.each([
  ['applied', [result({})], 0],
  [
    'noChange',
    [result({ status: 'rejected_by_game', applied: false, detail: { key: 'k', noChange: true } })],
    0,
  ],
  ['rejected', [result({}), result({ status: 'rejected_by_game', applied: false })], 1],
  ['execution error', [result({ status: 'execution_error', applied: false })], 1],
  ['timed out', [result({ status: 'timed_out', applied: null })], 1],
  ['unknown', [result({ status: 'unknown', applied: null })], 1],
  ['refused by safety', [result({ status: 'rejected_by_safety', applied: false, accepted: false })], 1],
  [
    'applied but read back otherwise',
    [result({ verification: { status: 'mismatch', checked: 1, matched: 0, mismatches: [] } })],
    1,
  ],
] as const)('exit status when %s: %i', (_name, rs, code) => {
  expect(execExitCode(batch(...rs))).toBe(code);
});
