import type { Command } from 'commander';
import { loadConfig } from '../../config.js';
import { buildInWorker } from '../../runtime/remote-index.js';
import { buildApart, type BuildPriority } from '../../runtime/index-builder.js';
import { refusal } from '../../runtime/index-file-step.js';
import { indexFormat, readIndexMeta } from '../../search/index-file.js';
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
 * building (minutes at a million postings): run it with a new release before it replaces the
 * running one (a new release's index format differs, so its first start would build), after
 * imports run with `--no-index`, or for a store filled by other means (an import saves the index
 * itself when there is none usable: `indexAfterImport`).
 */
export function registerIndex(
  program: Command,
  prepareStore: () => Promise<JobStore>,
  io: IndexOutput = { err: process.stderr },
): void {
  program
    .command('index')
    .description(
      'Build the search index of the store and save it to INDEX_FILE, so that the next serve starts from it in seconds (before a new release replaces the running one, or after imports with --no-index).',
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

/**
 * What `jobsearch import` does once it has published (unless `--no-index`): when INDEX_FILE holds
 * no index the next `serve` could start from (none saved yet, another store's, another release's,
 * or one ahead of the store), builds the store's index and saves it there, as `jobsearch index`
 * does, so that a store filled by imports starts in seconds rather than building first (at a
 * million postings a build is minutes of CPU). A file that fits is left alone however old:
 * `serve` applies the changes since it, and its merges save it anew. The index is a cache: a build
 * that fails is reported and the import's outcome stays what it was.
 */
export async function indexAfterImport(
  store: JobStore,
  priority: BuildPriority,
  io: IndexOutput = { err: process.stderr },
): Promise<void> {
  const config = loadConfig();
  if (config.indexFile === null || isInMemory(config.databaseUrl)) return;
  const path = config.indexFile;
  const expected = {
    format: indexFormat({ salaryBuckets: config.salaryBuckets }),
    storeId: await store.storeId(),
    cursor: await store.changeCursor(),
  };
  let why: string | null;
  try {
    const meta = readIndexMeta(path);
    why = meta === null ? 'none saved yet' : refusal(meta, expected);
  } catch (error) {
    why = `unreadable: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (why === null) return;
  io.err.write(`jobsearch import: building the search index for ${path} (${why}) ...\n`);
  const started = performance.now();
  const built = await buildApart({
    databaseUrl: config.databaseUrl,
    readOnly: false,
    salaryBuckets: config.salaryBuckets,
    now: Date.now(),
    path,
    meta: expected,
    priority,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (built.type === 'built' && built.file.state === 'saved') {
    const mb = ((built.file.bytes ?? 0) / 1_048_576).toFixed(0);
    io.err.write(
      `jobsearch import: saved the index of ${formatCount(built.documents)} postings to ${path} (${mb} MB) in ${seconds} s: serve starts from it\n`,
    );
  } else {
    const reason = built.type === 'built' ? (built.file.reason ?? 'no file written') : built.message;
    io.err.write(
      `jobsearch import: the index could not be saved to ${path} (${reason}): the import stands, and serve will build the index at its start\n`,
    );
  }
}
