import type { Logger } from 'pino';
import type { JobStore } from '../store/job-store.js';
import { defaultEnrichWorkers } from '../ingest/enrich-pool.js';
import { importRecords } from '../ingest/run-import.js';
import { generatePostings } from './generate.js';

/** Seed of the demo postings loaded into an empty store, so every fresh start shows the same data. */
export const DEMO_SEED = 20_260_101;

/**
 * Generates `count` demo postings into a new store through the import pipeline; an abort stops
 * after the batch being written (each batch is one transaction).
 */
export async function loadDemoPostings(
  store: JobStore,
  count: number,
  log: Logger,
  signal: AbortSignal,
): Promise<void> {
  log.info({ count }, 'new store: loading demo postings');
  const now = Date.now();
  const summary = await importRecords(
    untilAborted(generatePostings({ count, seed: DEMO_SEED, now }), signal),
    store,
    // Enrichment threads as `jobsearch import` uses them: this thread generates and stores meanwhile.
    { source: 'demo', now, workers: defaultEnrichWorkers() },
  );
  log.info(
    { import: { read: summary.read, inserted: summary.inserted, rejected: summary.rejected } },
    'demo postings loaded',
  );
}

/**
 * Stops yielding once `signal` aborts. The import of generated postings into SQLite is all
 * microtasks (a synchronous driver), so it also yields to the event loop every few hundred items:
 * otherwise no signal, timer or health check would run until the whole import is done.
 */
async function* untilAborted<T>(items: Iterable<T> | AsyncIterable<T>, signal: AbortSignal): AsyncGenerator<T> {
  let n = 0;
  for await (const item of items) {
    if (++n % 250 === 0) await new Promise((resolve) => setImmediate(resolve));
    if (signal.aborted) return;
    yield item;
  }
}
