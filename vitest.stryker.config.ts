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

// Tests left out of a scope, each for a reason:
// - test/ingest/run-import.test.ts compares enriching in worker threads with enriching in this
//   thread (30 s a run). The workers load the code without Stryker's active mutant, so every
//   classification mutant that test reached was "killed" by the comparison itself (and cost 30 s+);
//   the pipeline it tests (run-import.ts) is not mutated by the ingest scope.
const excluded: Record<string, string[]> = {
  ingest: ['test/ingest/run-import.test.ts'],
};

const scope = process.env.STRYKER_SCOPE ?? 'search';

// STRYKER_TESTS (comma-separated files or globs) narrows a scope's tests to those named, for code
// that every test of the scope reaches (http's app set-up: each mutant would rerun all 400 HTTP
// tests). Fewer tests can only kill fewer mutants, so such a run's score is a lower bound.
const chosen = process.env.STRYKER_TESTS?.split(',').filter((t) => t !== '');

export default defineConfig({
  test: {
    include: chosen ?? tests[scope] ?? [],
    exclude: ['**/node_modules/**', ...(excluded[scope] ?? [])],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['test/global-postgres.ts'],
    setupFiles: ['test/stryker-setup.ts'],
    // Test files stay isolated (Vitest's default). With `isolate: false` the runs were about twice
    // as fast, but Stryker's per-test coverage was wrong: its setup file registers the hooks that
    // name the current test only once per worker, so tests of later files never counted as covering
    // a mutant and were never run against it (killable mutants reported as survivors).
    // Each mutant of the engine runs the property test; 50 cases per property (300 in npm test)
    // keep a mutant to seconds. The score is therefore a lower bound of what the suite catches.
    // The same for the ingest fuzz property (2,000 cases in npm test, 200 here).
    env: { SEARCH_PROPERTY_RUNS: '50', INGEST_PROPERTY_RUNS: '200' },
  },
});
