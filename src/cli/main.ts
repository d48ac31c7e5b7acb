#!/usr/bin/env node
import { Command } from 'commander';
import { registerServe } from './commands/serve.js';
import { registerImport } from './commands/import.js';
import { registerGenerate } from './commands/generate.js';
import { registerStats } from './commands/stats.js';
import { registerExport } from './commands/export.js';
import { loadConfig } from '../config.js';
import { openStore } from '../store/open-store.js';
import type { JobStore } from '../store/job-store.js';

async function openConfiguredStore(): Promise<JobStore> {
  const store = await openStore(loadConfig().databaseUrl);
  await store.migrate();
  return store;
}

const program = new Command('jobsearch')
  .description('Job-search backend: serve the API, import and export postings, generate demo data, show stats.')
  .showHelpAfterError();

registerServe(program);
registerImport(program, openConfiguredStore);
registerGenerate(program);
registerStats(program, openConfiguredStore);
registerExport(program, openConfiguredStore);

program.parseAsync(process.argv).catch((err: unknown) => {
  process.stderr.write(`jobsearch: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
