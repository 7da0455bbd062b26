/**
 * The Java core of the Fabric mod (mod-bridge/core), compiled with javac and unit-tested with JUnit 5 —
 * run from here so that `npm test` covers both languages. Needs a JDK 17 and Debian's junit5 and
 * libgoogle-gson-java; without them this test fails and says so (it is never skipped).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

const script = fileURLToPath(new URL('../../mod-bridge/core/test.sh', import.meta.url));

test('mod-bridge/core: every JUnit test passes', async () => {
  const { stdout } = await promisify(execFile)('sh', [script], {
    timeout: 180_000,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((err: { stdout?: string; stderr?: string; message: string }) => {
    throw new Error(
      `mod-bridge/core/test.sh failed:\n${err.stderr ?? ''}\n${err.stdout ?? ''}\n${err.message}`,
    );
  });
  const found = /(\d+) tests found/.exec(stdout);
  const passed = /(\d+) tests successful/.exec(stdout);
  expect(Number(found?.[1])).toBeGreaterThan(50);
  expect(passed?.[1]).toBe(found?.[1]);
  expect(stdout).toMatch(/\b0 tests failed/);
}, 200_000);
