import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-postgres.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Most files spend their time waiting on processes they start, PostgreSQL or the browser:
    // two files at once even on two cores (Vitest's default, one per core but one, runs them one
    // at a time there).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
