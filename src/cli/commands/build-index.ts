import type { Command } from 'commander';
import { loadConfig, type Config } from '../../config.js';
import { buildApart, type BuildPriority } from '../../runtime/index-builder.js';
import { expectedOf, refusal, type Expected } from '../../runtime/index-file-step.js';
import { readIndexMeta } from '../../search/index-file.js';
import { isInMemory } from '../../store/open-store.js';
import type { JobStore } from '../../store/job-store.js';
import { formatCount } from '../format.js';

export interface IndexOutput {
  err: NodeJS.WritableStream;
}

/**
 * `jobsearch index`: builds the store's search index and saves it to INDEX_FILE exactly as the
 * first start of `serve` does (the same builder process and file), without serving. The
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
      // opened is refused with the same message; the build reads it over its own connection.
      const store = await prepareStore();
      let meta: Expected;
      try {
        meta = await expectedOf(store, config.salaryBuckets);
      } finally {
        await store.close();
      }
      const saved = await saveIndex(config, config.indexFile, meta, 'normal');
      if (saved.reason !== null)
        throw new Error(`the index could not be saved to ${config.indexFile}: ${saved.reason}`);
      io.err.write(
        `jobsearch: saved the index of ${formatCount(saved.documents)} postings (change cursor ${meta.cursor}) to ${config.indexFile} (${saved.mb} MB) in ${saved.seconds} s\n`,
      );
    });
}

/** A build saved to a file, or why it could not be. */
type Saved = { reason: string } | { reason: null; documents: number; mb: string; seconds: string };

/**
 * Builds the store's index in the builder process (index-builder.ts) and saves it to `path`, its
 * header saying `meta` (the store's state read just before): what `index` and an import share.
 */
async function saveIndex(config: Config, path: string, meta: Expected, priority: BuildPriority): Promise<Saved> {
  const started = performance.now();
  const built = await buildApart({
    databaseUrl: config.databaseUrl,
    readOnly: false,
    salaryBuckets: config.salaryBuckets,
    now: Date.now(),
    path,
    meta,
    priority,
  });
  if (built.type === 'failed') return { reason: built.message };
  if (built.file.state !== 'saved') return { reason: built.file.reason ?? 'no file written' };
  return {
    reason: null,
    documents: built.documents,
    mb: ((built.file.bytes ?? 0) / 1_048_576).toFixed(0),
    seconds: ((performance.now() - started) / 1000).toFixed(1),
  };
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
  const expected = await expectedOf(store, config.salaryBuckets);
  let why: string | null;
  try {
    const meta = readIndexMeta(path);
    why = meta === null ? 'none saved yet' : refusal(meta, expected);
  } catch (error) {
    why = `unreadable: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (why === null) return;
  io.err.write(`jobsearch import: building the search index for ${path} (${why}) ...\n`);
  const saved = await saveIndex(config, path, expected, priority);
  io.err.write(
    saved.reason === null
      ? `jobsearch import: saved the index of ${formatCount(saved.documents)} postings to ${path} (${saved.mb} MB) in ${saved.seconds} s: serve starts from it\n`
      : `jobsearch import: the index could not be saved to ${path} (${saved.reason}): the import stands, and serve will build the index at its start\n`,
  );
}
