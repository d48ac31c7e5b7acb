#!/usr/bin/env node
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

/** The store DATABASE_URL names; a SQLite path whose folder does not exist is refused (see `init`). */
async function openConfiguredStore(options: OpenOptions = {}): Promise<JobStore> {
  const config = loadConfig();
  prepareStoreLocation(config.databaseUrl, { createFolder: !config.databaseUrlGiven });
  try {
    const store = await openStore(config.databaseUrl, options);
    await store.migrate();
    return store;
  } catch (error) {
    throw storeOpenError(config.databaseUrl, error);
  }
}

/** Where DATABASE_URL points, for messages (never the password). */
function storeLabel(databaseUrl: string): string {
  const location = parseDatabaseUrl(databaseUrl);
  return location.kind === 'postgres' ? describePostgres(location.url) : `SQLite file ${location.path}`;
}

const program = new Command('jobsearch')
  .description('Job-search backend: serve the API, import and export postings, generate demo data, show stats.')
  .showHelpAfterError();

registerServe(program);
registerInit(program);
registerImport(
  program,
  () => openConfiguredStore({ forImport: true }),
  undefined,
  () => storeLabel(loadConfig().databaseUrl),
  (store, priority) => indexAfterImport(store, priority),
);
registerGenerate(program);
registerStats(program, () => openConfiguredStore());
registerExport(program, () => openConfiguredStore());
registerIndex(program, () => openConfiguredStore());

program.parseAsync(process.argv).catch((err: unknown) => {
  process.stderr.write(`jobsearch: ${err instanceof Error ? err.message : String(err)}\n`);
  // Exit now: a half-opened store or server must not keep a failed command alive.
  process.exit(1);
});
