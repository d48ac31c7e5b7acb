import { defineConfig } from 'vitest/config';

// The Vitest configuration Stryker runs (stryker.config.mjs): the project's, restricted to the
// tests of the scope being mutated (STRYKER_SCOPE), so a folder's dry run does not pay for the
// whole suite.
const tests: Record<string, string[]> = {
  search: ['test/search/**/*.test.ts', 'test/http/**/*.test.ts'],
  http: ['test/http/**/*.test.ts', 'test/server.test.ts'],
  ingest: ['test/ingest/**/*.test.ts'],
  store: ['test/store/**/*.test.ts'],
};

const scope = process.env.STRYKER_SCOPE ?? 'search';

export default defineConfig({
  test: {
    include: tests[scope] ?? [],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
