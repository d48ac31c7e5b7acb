import { pino, type Logger } from 'pino';
import type { Config } from './config.js';
import { buildApp, type ApiInstance } from './http/build-app.js';
import { Metrics } from './http/metrics.js';
import { DEFAULT_WEB_ROOT } from './http/web-page.js';
import { buildHere, LiveIndex, type BuiltIndex } from './runtime/live-index.js';
import { followStore } from './runtime/follow-store.js';
import { buildInWorker } from './runtime/remote-index.js';
import { openStore, parseDatabaseUrl } from './store/open-store.js';
import type { JobStore } from './store/job-store.js';
import { generatePostings } from './demo/generate.js';
import { importRecords } from './ingest/run-import.js';

/** Seed of the demo postings loaded into an empty store, so every fresh start shows the same data. */
const DEMO_SEED = 20_260_101;
/** Rebuild at least hourly so that `now` moves on (expiry triggers its own rebuild when due). */
const MAX_INDEX_AGE_MS = 3_600_000;

export interface RunningServer {
  app: ApiInstance;
  store: JobStore;
  live: LiveIndex;
  url: string;
  close(): Promise<void>;
}

/**
 * The composition root: picks the store, listens at once (healthz answers, readyz says loading),
 * fills an empty store with demo postings, builds the index and then follows the store.
 */
export async function startServer(config: Config, log: Logger = pino({ level: config.logLevel })): Promise<RunningServer> {
  const store = await openStore(config.databaseUrl);
  await store.migrate();
  const live = new LiveIndex();
  const metrics = new Metrics({ defaults: true });
  const app = await buildApp({ live, config, logger: log, metrics, store, webRoot: DEFAULT_WEB_ROOT });
  const url = await app.listen({ port: config.port, host: config.host });

  await loadDemoDataIfEmpty(store, config, log);
  // Loads and builds run in a worker thread that then holds the index, so this thread keeps
  // answering (/healthz included) throughout; an in-memory SQLite store is visible to this
  // connection only, so it is built here.
  const inWorker = !isInMemory(config.databaseUrl);
  const build = (signal?: AbortSignal): Promise<BuiltIndex> => {
    const now = Date.now();
    return inWorker
      ? buildInWorker({ databaseUrl: config.databaseUrl, salaryBuckets: config.salaryBuckets, now, ...(signal ? { signal } : {}) })
      : buildHere(store, { salaryBuckets: config.salaryBuckets, now: () => now });
  };
  const first = await build();
  live.swap(first.index, first.cursor, first.builtAt);
  metrics.indexBuildSeconds.set((first.stats.loadMs + first.stats.buildMs) / 1000);
  log.info({ index: first.stats, url, inWorker }, 'ready');

  const follower =
    config.refreshIntervalMs > 0
      ? followStore(store, live, first, {
          intervalMs: config.refreshIntervalMs,
          maxAgeMs: MAX_INDEX_AGE_MS,
          log,
          build,
          onRebuild: (s) => {
            metrics.indexRebuilds.inc();
            metrics.indexBuildSeconds.set((s.loadMs + s.buildMs) / 1000);
          },
        })
      : { stop: () => first.retire(), refresh: async () => false };

  return {
    app,
    store,
    live,
    url,
    async close() {
      await app.close();
      follower.stop();
      await store.close();
    },
  };
}

function isInMemory(databaseUrl: string): boolean {
  const location = parseDatabaseUrl(databaseUrl);
  return location.kind === 'sqlite' && location.path === ':memory:';
}

async function loadDemoDataIfEmpty(store: JobStore, config: Config, log: Logger): Promise<void> {
  if (config.demoPostings === 0 || (await store.count()) > 0) return;
  log.info({ count: config.demoPostings }, 'empty store: loading demo postings');
  const now = Date.now();
  const summary = await importRecords(generatePostings({ count: config.demoPostings, seed: DEMO_SEED, now }), store, {
    source: 'demo',
    now,
  });
  log.info({ import: { read: summary.read, inserted: summary.inserted, rejected: summary.rejected } }, 'demo postings loaded');
}
