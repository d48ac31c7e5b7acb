// Mutation testing (StrykerJS 9.x with its Vitest runner): `npm run mutate -- <scope>`.
// A measurement like the benchmark, not part of `npm test` or CI. See README "Testing".
//
// One scope (folder) per run, chosen by the STRYKER_SCOPE environment variable that
// scripts/mutate.sh sets: search | http | ingest | store. Each scope mutates its source files
// and runs only the tests that can reach them (the dry run is the whole cost of a scope's
// selected tests once; each mutant then runs only the tests that covered it).
//
// Incremental mode: the result of every run is kept in reports/stryker-incremental-<scope>.json
// (git-ignored, a machine-local cache), so a re-run tests only mutants in changed code or
// covered by changed tests.
//
// Survivors: an equivalent mutant that a comment can single out is marked where it lives
// (`// Stryker disable next-line <Mutator>: equivalent, <why>`, so the reason sits beside the code
// it concerns); the others, equivalent or accepted, are listed with their reasons file by file in
// docs/mutation-testing.md (the sections per scope and piece, and "Survivors accepted"). The
// pauses of work in steps (`if (…) yield;`, equivalent wherever they fall) are marked by one
// ignorer instead (scripts/stryker-pacing.mjs).

import process from 'node:process';

const scopes = {
  search: {
    mutate: ['src/search/**/*.ts', 'src/lib/graph-file.ts', 'src/lib/steps.ts'],
  },
  http: {
    mutate: ['src/http/**/*.ts'],
  },
  ingest: {
    // classification, salary and places: the derived fields a job seeker filters on.
    mutate: [
      'src/ingest/classify/classify-*.ts',
      'src/domain/positions.ts',
      'src/ingest/salary/salary.ts',
      'src/ingest/salary/salary-text.ts',
      'src/ingest/places/locations.ts',
      'src/ingest/places/gazetteer.ts',
    ],
  },
  store: {
    mutate: ['src/store/**/*.ts'],
  },
};

const scope = process.env.STRYKER_SCOPE ?? 'search';
const chosen = scopes[scope];
if (!chosen) {
  throw new Error(`STRYKER_SCOPE must be one of ${Object.keys(scopes).join(', ')}; got "${scope}"`);
}

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.stryker.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner', './scripts/stryker-pacing.mjs'],
  ignorers: ['pacing'],
  mutate: chosen.mutate,
  coverageAnalysis: 'perTest',
  // The machine is shared; one or two test processes at a time.
  concurrency: 2,
  // A mutant that loops forever (a binary search's bound) is a kill by timeout. 30 s rather than
  // Stryker's 5 s: on a busy shared machine, after a dry run that happened to be fast, mutants that
  // cannot loop timed out and were counted as kills (55 of 285 in one run; docs/mutation-testing.md
  // "Timeouts").
  timeoutMS: 30_000,
  timeoutFactor: 1.5,
  // The search scope's dry run (its whole test folder with 50 property cases) took longer than
  // Stryker's default 5 minutes on the busy shared machine, which ended the run.
  dryRunTimeoutMinutes: 30,
  incremental: true,
  incrementalFile: `reports/stryker-incremental-${scope}.json`,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${scope}.html` },
  jsonReporter: { fileName: `reports/mutation/${scope}.json` },
  thresholds: { high: 85, low: 75, break: null },
  // Anchored to the root: an unanchored 'data' also dropped src/ingest/data (the gazetteer),
  // so the ingest dry run failed.
  // Also other runs' sandboxes (a second run with its own --tempDirName).
  ignorePatterns: ['/dist', '/data', '/bench/.cache', '/bench/results', '/coverage', '/reports', '/.stryker-tmp*'],
  // Static mutants (module-level constants, tables) are run against every test; they are
  // mostly vocabulary lists whose entries each have their own test, and cost the most time.
  // With it on, a "hybrid" mutant (code run both outside any test — an app or index built in a
  // beforeAll — and inside some tests) is run only against the tests that reached it inside a
  // test, not those that rely on the beforeAll fixture: route registration, presenters and
  // mappers then survive mutants the suite does kill (docs/mutation-testing.md "Hybrid mutants").
  // STRYKER_STATIC=run runs static and hybrid mutants against every test of the scope: exact, and
  // slower.
  ignoreStatic: process.env.STRYKER_STATIC !== 'run',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
