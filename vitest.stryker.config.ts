import { defineConfig } from 'vitest/config';

// The Vitest configuration Stryker runs (stryker.config.mjs): the project's, restricted to the
// tests of the scope being mutated (STRYKER_SCOPE), so a folder's dry run does not pay for the
// whole suite. The engine (search) is measured by its own tests; the HTTP tests reach it too, but
// would double the time of every surviving mutant.
const tests: Record<string, string[]> = {
  search: ['test/search/**/*.test.ts'],
  http: ['test/http/**/*.test.ts'],
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
    // Each mutant of the engine runs the property test; 50 cases per property (300 in npm test)
    // keep a mutant to seconds. The score is therefore a lower bound of what the suite catches.
    env: { SEARCH_PROPERTY_RUNS: '50' },
  },
});
