/**
 * How the mod's Java suite (mod-bridge/core/test.sh, run by `npm run test:mod` = scripts/test-mod.ts) fits
 * `npm test`: it runs after vitest when a JDK and Debian's jars are present; without them a developer gets
 * one line with the install command and a green run, while CI (`CI=true`) fails. The JUnit suite and the
 * cross-language test (vitest.config.ts JAVA_TESTS) run in `npm run test:mod`, not here, so that a
 * machine with only Node passes `npm test`.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { INSTALL, junitCounts, missingPrerequisites } from '../../scripts/test-mod.js';

const script = fileURLToPath(new URL('../../scripts/test-mod.ts', import.meta.url));
const emptyJars = mkdtempSync(join(tmpdir(), 'mcbridge-nojars-'));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function runScript(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', script, ...args], { env }, (err, stdout, stderr) => {
      const code = err ? ((err as { code?: number }).code ?? 1) : 0;
      resolve({ code: typeof code === 'number' ? code : 1, stdout, stderr });
    });
  });
}

const baseEnv = (): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, MCBRIDGE_JAVA_JARS: emptyJars };
  delete env['CI'];
  return env;
};

test('without the jars, `npm test` (--if-available) succeeds and prints one line naming the install command', async () => {
  const run = await runScript(['--if-available'], baseEnv());
  expect(run.code).toBe(0);
  const lines = run.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(INSTALL);
  expect(lines[0]).toContain('npm run test:mod');
  expect(lines[0]).toContain(join(emptyJars, 'gson.jar'));
});

test('without the jars under CI=true, the same call fails (a missing JDK or jar is never a skip in CI)', async () => {
  const run = await runScript(['--if-available'], { ...baseEnv(), CI: 'true' });
  expect(run.code).not.toBe(0);
  expect(run.stderr).toContain('test:mod FAILED');
  expect(run.stderr).toContain(INSTALL);
});

test('`npm run test:mod` itself (no --if-available) fails when the jars are missing', async () => {
  const run = await runScript([], baseEnv());
  expect(run.code).not.toBe(0);
  expect(run.stderr).toContain('gson.jar');
});

test('without javac on PATH the JDK is reported missing', () => {
  const missing = missingPrerequisites({ PATH: emptyJars, MCBRIDGE_JAVA_JARS: emptyJars });
  expect(missing).toContain('javac');
  expect(missing).toContain('java');
  expect(missing).toContain(join(emptyJars, 'junit-platform-console-standalone.jar'));
});

test('the JUnit summary counts decide: a clean summary parses, a partial one does not', () => {
  const clean =
    '[        58 tests found           ]\n[        58 tests successful      ]\n[         0 tests failed          ]';
  expect(junitCounts(clean)).toEqual({ found: 58, successful: 58, failed: 0 });
  expect(junitCounts('[        58 tests found           ]')).toBeUndefined();
});
