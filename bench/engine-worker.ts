/**
 * Child process: loads the store, builds the engine, saves it and reads it back as the service
 * does, times it, then serves the app for the HTTP run.
 */
import { closeSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { DEFAULT_SALARY_BUCKETS } from '../src/domain/salary-buckets.js';
import { buildApp } from '../src/http/build-app.js';
import { buildStreaming, LiveIndex } from '../src/runtime/live-index.js';
import { indexFormat, loadIndex, saveIndex } from '../src/search/index-file.js';
import { SearchIndex } from '../src/search/segments/search-index.js';
import { SqliteJobStore } from '../src/store/sqlite-store.js';
import { fromParent, memoryAfterGc, runChild, toParent } from './child.js';
import { CACHE_DIR } from './corpus.js';
import { EngineSystem } from './engine-system.js';
import type { EngineStart, GcTotals, ReadyStats, ServerCommand } from './messages.js';
import { runSystem } from './run-system.js';

async function main(): Promise<void> {
  const start = await fromParent<EngineStart>();
  const { index, ready } = await buildSaveAndRead(start);
  await toParent({ type: 'ready', ready });
  const result = await runSystem(new EngineSystem(index), start.mix, start.settings, (line) => {
    console.log(line);
  });
  await toParent({ type: 'result', result });
  if (start.serve) await serve(index, start.now);
  else process.exit(0);
}

/**
 * The index as the service serves it: built from the store's chunks (no array of postings), saved
 * to a file and read back with its cards left in the file (src/runtime/README.md, "A saved
 * index"), so the timed queries run on the heap the service's index worker has, without the
 * build's objects. The file is unlinked once open: it goes when this process ends.
 */
async function buildSaveAndRead(start: EngineStart): Promise<{ index: SearchIndex; ready: ReadyStats }> {
  const path = join(CACHE_DIR, `engine-${process.pid}.index`);
  const built = await buildOnly(start, path);
  const t0 = performance.now();
  const loaded = loadIndex(path, () => true, { cardsOnDisk: true });
  const readMs = Math.round(performance.now() - t0);
  rmSync(path, { force: true });
  if (loaded === null) throw new Error(`the saved index ${path} could not be read back`);
  if (loaded.fd !== null) {
    const fd = loaded.fd;
    process.on('exit', () => {
      closeSync(fd);
    });
  }
  const memory = memoryAfterGc();
  const { saveMs, bytes, ...stats } = built;
  return { index: loaded.index, ready: { ...stats, file: { saveMs, readMs, bytes }, memory } };
}

/** Builds and saves; the built index is dropped on return (only its figures leave). */
async function buildOnly(
  start: EngineStart,
  path: string,
): Promise<Pick<ReadyStats, 'documents' | 'loadMs' | 'buildMs'> & { saveMs: number; bytes: number }> {
  const store = new SqliteJobStore(start.corpusPath);
  const options = { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: start.now };
  try {
    const { index, loadMs, buildMs } = await buildStreaming(store, options);
    const t0 = performance.now();
    const meta = {
      format: indexFormat(options),
      storeId: 'bench',
      cursor: 0,
      builtAt: start.now,
      documents: index.size,
    };
    const { bytes } = saveIndex(path, index, meta);
    const saveMs = Math.round(performance.now() - t0);
    return { documents: index.size, loadMs, buildMs, saveMs, bytes };
  } finally {
    await store.close();
  }
}

/** The real app over the built index, on a free port; reports its GC on request, stops when told. */
async function serve(index: SearchIndex, now: number): Promise<void> {
  const live = new LiveIndex();
  live.swap(index, 1, now);
  const app = await buildApp({
    live,
    config: { newWithinDays: 7, salaryBuckets: DEFAULT_SALARY_BUCKETS, corsOrigin: '*', cacheMaxAgeSeconds: 10 },
    logger: false,
    now: () => now,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const gc = watchGc();
  process.on('message', (command: ServerCommand) => {
    if (command.type === 'gc') {
      // maxMs is the longest pause since the previous probe.
      void toParent({ type: 'gc', gc: { ...gc } });
      gc.maxMs = 0;
    } else void app.close().then(() => process.exit(0));
  });
  await toParent({ type: 'listening', port });
}

/** Running totals of garbage-collection pauses, from the runtime's own gc performance entries. */
function watchGc(): GcTotals {
  const totals: GcTotals = { pauses: 0, totalMs: 0, maxMs: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      totals.pauses++;
      totals.totalMs += entry.duration;
      totals.maxMs = Math.max(totals.maxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  return totals;
}

runChild(main);
