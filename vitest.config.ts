import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // integration files each start their own world on an ephemeral port; two cores here
    maxWorkers: 2,
    pool: 'forks',
    reporters: ['default', './test/summary-reporter.ts'],
  },
});
