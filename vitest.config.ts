import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Tests that need a JDK and Debian's jars (javac, Gson): they run in `npm run test:mod` (scripts/test-mod.ts
 * sets MCBRIDGE_JAVA_TESTS=1 after the JUnit suite), which `npm test` calls last; on a machine with only Node
 * it prints one line saying they were not run and how to get them, and under CI=true it fails instead.
 */
export const JAVA_TESTS = ['test/bridge/cross-language.test.ts', 'test/bridge/mod-api-check.test.ts'];
const javaOnly = process.env['MCBRIDGE_JAVA_TESTS'] === '1';

export default defineConfig({
  test: {
    include: javaOnly ? JAVA_TESTS : ['test/**/*.test.ts'],
    exclude: javaOnly ? configDefaults.exclude : [...configDefaults.exclude, ...JAVA_TESTS],
    globalSetup: ['test/global-setup.ts'],
    // bounds for a busy machine (two cores shared with others), not measures of speed
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // expect.poll waits for a state to arrive, checking every 50 ms; its own default gives up after 1 s
    expect: { poll: { timeout: 120_000 } },
    // the same for the product's own bounds, in this process and the CLI processes tests start
    env: { MCBRIDGE_WORLD_START_TIMEOUT_MS: '120000', MCBRIDGE_SPAWN_TIMEOUT_MS: '120000' },
    // integration files each start their own world on an ephemeral port; two cores here
    maxWorkers: 2,
    pool: 'forks',
    reporters: ['default', './test/summary-reporter.ts'],
  },
});
