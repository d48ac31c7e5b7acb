import type { Command } from 'commander';
import { loadConfig } from '../../config.js';
import { buildInWorker } from '../../runtime/remote-index.js';
import { isInMemory } from '../../store/open-store.js';
import type { JobStore } from '../../store/job-store.js';
import { formatCount } from '../format.js';

const DAY_MS = 86_400_000;

export interface IndexOutput {
  err: NodeJS.WritableStream;
}

/**
 * `jobsearch index`: builds the store's search index and saves it to INDEX_FILE exactly as the
 * first start of `serve` does (the same worker, builder process and file), without serving. The
 * next `serve` then starts from the file plus the store's changes since it (seconds), instead of
 * building (minutes at a million postings): run it after a bulk import into a new store, or with
 * a new release before it replaces the running one (a new release's index format differs, so its
 * first start would build).
 */
export function registerIndex(
  program: Command,
  prepareStore: () => Promise<JobStore>,
  io: IndexOutput = { err: process.stderr },
): void {
  program
    .command('index')
    .description(
      'Build the search index of the store and save it to INDEX_FILE, so that the next serve starts from it in seconds (after a bulk import, or before a new release replaces the running one).',
    )
    .action(async () => {
      const config = loadConfig();
      if (config.indexFile === null) {
        throw new Error(
          'INDEX_FILE is off (the default for PostgreSQL): set it to the file serve will start from, e.g. INDEX_FILE=/var/lib/jobsearch/jobs.index',
        );
      }
      if (isInMemory(config.databaseUrl)) {
        throw new Error('DATABASE_URL is an in-memory SQLite store, which no other process can read: nothing to index');
      }
      // The store is opened (and migrated) as every command does, so a store that cannot be
      // opened is refused with the same message; the build then reads it over its own connection.
      await (await prepareStore()).close();
      const started = performance.now();
      const built = await buildInWorker({
        databaseUrl: config.databaseUrl,
        salaryBuckets: config.salaryBuckets,
        now: Date.now(),
        newWithinMs: config.newWithinDays * DAY_MS,
        indexFile: config.indexFile,
        loadIndexFile: false,
        buildPriority: 'normal',
      });
      try {
        const file = built.stats.indexFile;
        if (file?.state !== 'saved') {
          throw new Error(`the index could not be saved to ${config.indexFile}: ${file?.reason ?? 'no file written'}`);
        }
        const mb = ((file.bytes ?? 0) / 1_048_576).toFixed(0);
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        io.err.write(
          `jobsearch: saved the index of ${formatCount(built.stats.documents)} postings (change cursor ${built.stats.cursor}) to ${config.indexFile} (${mb} MB) in ${seconds} s\n`,
        );
      } finally {
        built.retire();
      }
    });
}
