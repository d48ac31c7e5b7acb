/**
 * A full build in a process of its own: the index worker (index-worker.ts) forks this module when
 * it must build and the index is saved to a file (INDEX_FILE). The process reads every live
 * posting from the store (its own connection), builds the index, saves it, reports, and exits; the
 * worker then serves the index read from the file.
 *
 * Why a process and not the worker's own thread: a thread that built keeps the build's working
 * memory even once the built index is garbage — the C library's arenas hand little of it back to
 * the system. A first start at 1M that built in the serving worker was at 2.4 GB resident once
 * ready; with a fresh worker serving the file after the builder thread had ended, still 1.6 GB,
 * 1,172 MB of it in those arenas. A process that ends hands all of it back (790 MB).
 *
 * Its peak at 1M fell from 3.3 GB to 1.75 GB resident (and the build from 100 to 68 s;
 * docs/live-data-log.md, "A build that holds less") by three changes, since most of the peak was
 * garbage and what the build held past its use: the store is read 250 postings at a time
 * (live-index.ts, BUILD_CHUNK), so that parsed documents die young instead of filling the old
 * generation that every full collection walks; the serialised cards move to a spill file as they
 * are made (they are copied into the saved file and never read here); and the keyword builder's
 * forward lists and the card builder's records are let go once they are used. Tried earlier and
 * left out, since each made the build far longer on this 2-core machine: a heap limit near the
 * build's need (`--max-old-space-size` of 1.1–1.26 GB: peak 2.1–2.7 GB resident, the build 1.2–1.8
 * times as long) and `--optimize-for-size` (peak 1.9 GB, 2.6 times as long).
 */
import { dirname } from 'node:path';
import process from 'node:process';
import { SpillFile } from '../lib/graph-file.js';
import type { SalaryBucket } from '../domain/salary-buckets.js';
import { openStore } from '../store/open-store.js';
import { writeIndexFile, type IndexFileReport } from './index-file-step.js';
import { buildStreaming } from './live-index.js';
import { KeywordThread } from './keyword-thread.js';
import { forkBeside } from '../lib/module-beside.js';
import { lowerPriority } from './priority.js';

export interface BuildApartRequest {
  databaseUrl: string;
  readOnly: boolean;
  salaryBuckets: readonly SalaryBucket[];
  now: number;
  path: string;
  /** What the file's header says of it: the cursor is the one the build read the store at. */
  meta: { format: string; storeId: string; cursor: number };
  /**
   * Low beside an index that serves (a merge, the hourly rebuild): the build then takes the CPU the
   * serving threads leave (priority.ts). Normal for a first start, which nothing waits on but it.
   */
  priority: BuildPriority;
}

export type BuildPriority = 'normal' | 'low';

/**
 * V8 options of the builder process: its old generation grows to 1 GiB before its first full
 * collection. A build's heap is nearly all live until its end (each posting's build copy, the card
 * builder's tables), and its garbage dies young (the store is read 250 postings at a time), so every
 * full collection marks the whole growing heap to free little: at 1M postings V8's own limits made
 * 48 of them (docs/scaling.md). Past 1 GiB the limits are V8's again. docs/performance.md, "The
 * builder's old generation".
 */
export const BUILDER_NODE_OPTIONS: readonly string[] = ['--initial-old-space-size=1024'];

export type BuildApartReport =
  | { type: 'built'; documents: number; loadMs: number; buildMs: number; file: IndexFileReport }
  | { type: 'failed'; message: string };

/**
 * Builds and saves in a child process; resolves with its report. The child ends with its parent:
 * it exits when its channel closes (the worker that forked it was terminated, a shutdown), so an
 * aborted start never leaves a build running.
 */
export function buildApart(request: BuildApartRequest): Promise<BuildApartReport> {
  // This module, beside the caller (a bundle inlines it into the worker's file, so it is named).
  const child = forkBeside(
    import.meta.url,
    'index-builder',
    [BUILDER_ARG],
    {
      // Structured clone, not JSON: the salary buckets' open end is Infinity.
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
    BUILDER_NODE_OPTIONS,
  );
  return new Promise((resolve) => {
    let report: BuildApartReport | null = null;
    child.once('message', (message: BuildApartReport) => (report = message));
    child.once('error', (error) => {
      report ??= { type: 'failed', message: `the index build process could not start: ${error.message}` };
    });
    child.once('exit', (code, signal) => {
      resolve(
        report ?? {
          type: 'failed',
          message: `the index build process ended (${signal ?? `code ${code}`}) before it reported`,
        },
      );
    });
    child.send(request);
  });
}

/** The argument that tells this module, run as a process, that it is the builder. */
const BUILDER_ARG = '--jobsearch-index-builder';

async function runBuilder(request: BuildApartRequest): Promise<BuildApartReport> {
  if (request.priority === 'low') lowerPriority();
  const store = await openStore(request.databaseUrl, { readOnly: request.readOnly });
  // The cards leave memory as they are made: they are copied into the file and never read here.
  const spill = SpillFile.open(dirname(request.path));
  // The keyword index is made beside the rest of the build, on the machine's other core.
  const keywords = new KeywordThread();
  try {
    const { index, loadMs, buildMs } = await buildStreaming(store, {
      salaryBuckets: request.salaryBuckets,
      now: request.now,
      spillCards: spill,
      keywords,
    });
    const file = writeIndexFile(request.path, index, { ...request.meta, builtAt: request.now, documents: index.size });
    return { type: 'built', documents: index.size, loadMs, buildMs, file };
  } finally {
    await keywords.close();
    spill.close();
    await store.close();
  }
}

if (process.argv.includes(BUILDER_ARG) && process.send !== undefined) {
  // The parent gone (its worker terminated, the server stopped): so is the build.
  process.once('disconnect', () => process.exit(1));
  process.once('message', (request: BuildApartRequest) => {
    void runBuilder(request)
      .catch((error: unknown): BuildApartReport => ({
        type: 'failed',
        message: error instanceof Error ? error.message : String(error),
      }))
      .then((report) => {
        process.send?.(report, () => process.exit(0));
      });
  });
}
