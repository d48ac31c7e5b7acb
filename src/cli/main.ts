#!/usr/bin/env node
import { existsSync, readFileSync } from 'node:fs';
import { Command } from 'commander';
import { registerServe } from './commands/serve.js';
import { registerImport } from './commands/import.js';
import { registerGenerate } from './commands/generate.js';
import { registerStats } from './commands/stats.js';
import { registerExport } from './commands/export.js';
import { loadConfig } from '../config.js';
import { openStore, parseDatabaseUrl, type OpenOptions } from '../store/open-store.js';
import type { JobStore } from '../store/job-store.js';
import { registerInit } from './commands/init.js';
import { indexAfterImport, registerIndex } from './commands/build-index.js';
import { describePostgres, prepareStoreLocation, storeOpenError } from '../store/prepare-location.js';

/**
 * The store DATABASE_URL names; a SQLite path whose folder does not exist is refused (see `init`).
 * `existing`: a SQLite file that is not there is refused rather than created as an empty store
 * (every command but `init` and `import --create`), with the advice `missing` gives.
 */
async function openConfiguredStore(
  options: OpenOptions = {},
  existing = false,
  missing: string = FILL_ONE_FIRST,
): Promise<JobStore> {
  const config = loadConfig();
  if (existing) refuseMissingStore(config.databaseUrl, config.databaseUrlGiven, missing);
  prepareStoreLocation(config.databaseUrl, { createFolder: !config.databaseUrlGiven });
  try {
    const store = await openStore(config.databaseUrl, options);
    await store.migrate();
    return store;
  } catch (error) {
    throw storeOpenError(config.databaseUrl, error);
  }
}

/** What a reading command advises when the store is missing. */
const FILL_ONE_FIRST =
  'Fill one first (npm start loads demo postings into a new one; "jobsearch import <file>" imports yours), or set DATABASE_URL to your store.';
/** What an import advises: a store that was deleted or mistyped must not silently become a new, empty one. */
const CREATE_ONE_FIRST =
  'Create one on purpose with "jobsearch init" (or "jobsearch import --create <file>"), or set DATABASE_URL to your store.';

function refuseMissingStore(databaseUrl: string, given: boolean, advice: string): void {
  const location = parseDatabaseUrl(databaseUrl);
  if (location.kind !== 'sqlite' || location.path === ':memory:' || existsSync(location.path)) return;
  const where = given ? `DATABASE_URL=${location.path}` : `${location.path} (DATABASE_URL is not set: the default)`;
  throw new Error(`there is no store at ${where}. ${advice}`);
}

/** The version in package.json, two folders up as from dist/cli/main.js. */
function packageVersion(): string {
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  const { version } = JSON.parse(text) as { version?: unknown };
  return typeof version === 'string' ? version : 'unknown';
}

/** Where DATABASE_URL points, for messages (never the password). */
function storeLabel(databaseUrl: string): string {
  const location = parseDatabaseUrl(databaseUrl);
  return location.kind === 'postgres' ? describePostgres(location.url) : `SQLite file ${location.path}`;
}

const program = new Command('jobsearch')
  .description('Job-search backend: serve the API, import and export postings, generate demo data, show stats.')
  .version(packageVersion(), '-V, --version', 'print the version')
  .showHelpAfterError();

registerServe(program);
registerInit(program);
registerImport(
  program,
  ({ create }) => openConfiguredStore({ forImport: true }, !create, CREATE_ONE_FIRST),
  undefined,
  () => storeLabel(loadConfig().databaseUrl),
  (store, priority) => indexAfterImport(store, priority),
);
registerGenerate(program);
registerStats(program, () => openConfiguredStore({}, true));
registerExport(program, () => openConfiguredStore({}, true));
registerIndex(program, () => openConfiguredStore({}, true));

program.parseAsync(process.argv).catch((err: unknown) => {
  process.stderr.write(`jobsearch: ${err instanceof Error ? err.message : String(err)}\n`);
  // Exit now: a half-opened store or server must not keep a failed command alive.
  process.exit(1);
});
