/**
 * A full build in a process of its own: the index worker (index-worker.ts) forks this module when
 * it must build and the index is saved to a file (INDEX_FILE). The process reads every live
 * posting from the store (its own connection), builds the index, saves it, reports, and exits; the
 * worker then serves the index read from the file.
 *
 * Why a process and not the worker's own thread: a thread that built keeps the build's working
 * memory even once the built index is garbage — the C library's arenas hand little of it back to
 * the system. A first start at 1M that built in the serving worker stayed at 1.6–2.4 GB resident,
 * 1,172 MB of it in those arenas; a process that ends hands all of it back.
 */
import { fork } from 'node:child_process';
import process from 'node:process';
import type { SalaryBucket } from '../domain/salary-buckets.js';
import { openStore } from '../store/open-store.js';
import { writeIndexFile, type IndexFileReport } from './index-file-step.js';
import { buildStreaming } from './live-index.js';

export interface BuildApartRequest {
  /** Postings in the store (expired included): what the builder's heap is sized for. */
  postings: number;
  databaseUrl: string;
  readOnly: boolean;
  salaryBuckets: readonly SalaryBucket[];
  now: number;
  path: string;
  /** What the file's header says of it: the cursor is the one the build read the store at. */
  meta: { format: string; storeId: string; cursor: number };
}

export type BuildApartReport =
  | { type: 'built'; documents: number; loadMs: number; buildMs: number; file: IndexFileReport }
  | { type: 'failed'; message: string };

/**
 * The builder's JavaScript heap limit, in MB. Left to itself, V8 let the heap grow to twice what
 * the build holds live (at 1M: 2.0 GB of heap for at most 1.3 GB used, 3.3 GB resident at the
 * peak); a limit near what the build needs makes it collect sooner (at 1M with a limit of 1,100
 * MB: 2.1 GB resident at the peak, at most 870 MB used). A build at 1M held at most 761 MB live
 * (measured with V8 collecting as often as it can); the limit allows 0.9 KB a posting and a base
 * of 384 MB, 1.26 GB at 1M, so that postings with longer texts than the generated ones still fit.
 * A builder that runs out all the same fails, and the index worker builds by itself
 * (index-worker.ts), as it did before builds had a process of their own.
 */
export function builderHeapMb(postings: number): number {
  return 384 + Math.ceil((postings * 0.9) / 1024);
}

/**
 * Builds and saves in a child process; resolves with its report. The child ends with its parent:
 * it exits when its channel closes (the worker that forked it was terminated, a shutdown), so an
 * aborted start never leaves a build running.
 */
export function buildApart(request: BuildApartRequest): Promise<BuildApartReport> {
  const here = import.meta.url;
  const compiled = here.endsWith('.js');
  const child = fork(new URL(compiled ? './index-builder.js' : './index-builder.ts', here), [BUILDER_ARG], {
    // Structured clone, not JSON: the salary buckets' open end is Infinity.
    serialization: 'advanced',
    execArgv: [`--max-old-space-size=${builderHeapMb(request.postings)}`, ...(compiled ? [] : ['--import', 'tsx'])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
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
  const store = await openStore(request.databaseUrl, { readOnly: request.readOnly });
  try {
    const { index, loadMs, buildMs } = await buildStreaming(store, {
      salaryBuckets: request.salaryBuckets,
      now: request.now,
    });
    const file = writeIndexFile(request.path, index, { ...request.meta, builtAt: request.now, documents: index.size });
    return { type: 'built', documents: index.size, loadMs, buildMs, file };
  } finally {
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
