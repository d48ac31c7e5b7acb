import type { Command } from 'commander';
import { loadConfig } from '../../config.js';
import { openStore } from '../../store/open-store.js';
import { prepareStoreLocation, storeOpenError } from '../../store/prepare-location.js';
import { formatCount } from '../format.js';

/**
 * `jobsearch init`: creates a new, empty store where DATABASE_URL points (its folders too), on
 * purpose — the other commands refuse a SQLite path whose folder does not exist.
 */
export function registerInit(program: Command, out: NodeJS.WritableStream = process.stdout): void {
  program
    .command('init')
    .description(
      'Create a new, empty store (and its folder) where DATABASE_URL points; an existing store is left as it is.',
    )
    .action(async () => {
      const { databaseUrl } = loadConfig();
      const location = prepareStoreLocation(databaseUrl, { createFolder: true });
      let store;
      try {
        store = await openStore(databaseUrl);
      } catch (error) {
        throw storeOpenError(databaseUrl, error);
      }
      try {
        const count = await store.count();
        out.write(
          location.created
            ? `created a new store: ${location.label}\n`
            : `the store ${location.label} exists already (${formatCount(count)} postings); its schema is up to date\n`,
        );
      } finally {
        await store.close();
      }
    });
}
