import { pino, type Logger } from 'pino';
import type { Config } from './config.js';
import { buildApp } from './http/build-app.js';
import type { ApiInstance } from './http/app-types.js';
import { Metrics } from './http/metrics.js';
import { DEFAULT_WEB_ROOT } from './http/web-page.js';
import { buildHere, LiveIndex, type BuiltIndex } from './runtime/live-index.js';
import { followStore } from './runtime/follow-store.js';
import { buildInWorker } from './runtime/remote-index.js';
import { createStore, isInMemory, openStore, parseDatabaseUrl } from './store/open-store.js';
import type { ChangeWatch, JobStore } from './store/job-store.js';
import { generatePostings } from './demo/generate.js';
import { defaultEnrichWorkers } from './ingest/enrich-pool.js';
import { importRecords } from './ingest/run-import.js';
import { describePostgres, prepareStoreLocation, storeOpenError } from './store/prepare-location.js';
import { SchemaBehindError } from './store/migrations/migration.js';
import { warmUpRoutes } from './http/warm-up.js';
import { StoreFileGuard } from './runtime/store-file.js';
import { drainConnections } from './http/drain.js';

const DAY_MS = 86_400_000;

/** Seed of the demo postings loaded into an empty store, so every fresh start shows the same data. */
const DEMO_SEED = 20_260_101;
/** Rebuild at least hourly so that `now` moves on (expiry triggers its own rebuild when due). */
const MAX_INDEX_AGE_MS = 3_600_000;

export interface StartOptions {
  /**
   * Load DEMO_POSTINGS demo postings, but only into a SQLite store created by this start (what
   * `npm start` asks for; `jobsearch serve` alone never loads demo data).
   */
  demo?: boolean;
  /** What the start did, for the person at the terminal (the CLI words it on stderr; JSON logs go to stdout). */
  tell?: (fact: StartFact) => void;
  /** Aborted (SIGTERM while starting): the start stops between steps, closes what it opened and rejects with StartAborted. */
  signal?: AbortSignal;
  /** The clock of the index, its follower and the answers (default Date.now; tests pin it). */
  now?: () => number;
}

/** A step of a start the person at the terminal is told of (cli/welcome.ts words it). */
export type StartFact =
  | { kind: 'store'; label: string; created: boolean; standby: string | null; host: string; port: number }
  | { kind: 'store-waiting'; reason: string }
  | { kind: 'store-answers' }
  | { kind: 'demo-loading'; postings: number }
  | { kind: 'index-file-loaded'; path: string | null; changes: number }
  | { kind: 'index-file-refused'; path: string | null; reason: string }
  | { kind: 'ready'; url: string; host: string; documents: number; page: boolean };

/** The start was aborted by a shutdown signal; nothing is left open. */
export class StartAborted extends Error {
  override name = 'StartAborted';
}

export interface RunningServer {
  app: ApiInstance;
  store: JobStore;
  live: LiveIndex;
  url: string;
  /**
   * Stops serving and closes the store. `drainMs`: first, for up to that long, every answer
   * closes its keep-alive connection and /readyz says not ready (http/drain.ts), so that no
   * client's request crosses the close of an idle socket.
   */
  close(options?: { drainMs?: number }): Promise<void>;
}

/**
 * The composition root: checks DATABASE_URL, picks the store, listens at once (healthz answers,
 * readyz says loading), fills a store created by this start with demo postings when asked, builds
 * the index and then follows the store. Every step can be aborted by `options.signal`.
 */
export async function startServer(
  config: Config,
  log: Logger = pino({ level: config.logLevel }),
  options: StartOptions = {},
): Promise<RunningServer> {
  const tell = options.tell ?? (() => undefined);
  const clock = options.now ?? Date.now;
  const location = prepareStoreLocation(config.databaseUrl, { createFolder: !config.databaseUrlGiven });
  // With a hot standby every read of this process goes there; the primary is only migrated (see standbyStep).
  const readUrl = config.databaseReadUrl;
  tell({
    kind: 'store',
    label: location.label,
    created: location.created,
    standby: readUrl === null ? null : describePostgres(readUrl),
    host: config.host,
    port: config.port,
  });
  // A SQLite file that cannot be opened is a mistake to report at once; a PostgreSQL server that
  // does not answer yet (a deploy that starts everything together, a restart) is waited for.
  const waitForStore = parseDatabaseUrl(config.databaseUrl).kind === 'postgres';
  /** The store this process reads: its index, polling, the change feed and the detail endpoint. */
  let store: JobStore;
  try {
    store = waitForStore
      ? await createStore(parseDatabaseUrl(readUrl ?? config.databaseUrl))
      : await openStore(config.databaseUrl);
  } catch (error) {
    throw storeOpenError(config.databaseUrl, error);
  }
  const live = new LiveIndex();
  const checkStore = storeFileCheck(config.databaseUrl, live, log);
  // Also checked between probes, so that the log says it even where nothing asks /readyz.
  const fileTimer = setInterval(checkStore, Math.max(1_000, config.refreshIntervalMs));
  fileTimer.unref();
  const metrics = new Metrics({ defaults: true });
  const app = await buildApp({
    live,
    config,
    logger: log,
    metrics,
    store,
    webRoot: DEFAULT_WEB_ROOT,
    now: clock,
    checkStore,
  });
  const stopping = new AbortController();
  let first: BuiltIndex | null = null;
  let follower: { stop(): void; wake(): void } | null = null;
  let watch: ChangeWatch | null = null;
  const close = async (closeOptions: { drainMs?: number } = {}): Promise<void> => {
    stopping.abort(new StartAborted('shutting down'));
    clearInterval(fileTimer);
    if ((closeOptions.drainMs ?? 0) > 0) await drainConnections(app.server, closeOptions.drainMs ?? 0);
    await app.close();
    await watch?.close();
    if (follower) follower.stop();
    else first?.retire();
    await store.close();
  };
  const checkpoint = async (): Promise<void> => {
    if (options.signal?.aborted !== true) return;
    await close();
    throw new StartAborted('start aborted by a shutdown signal');
  };
  options.signal?.addEventListener(
    'abort',
    () => {
      stopping.abort(options.signal?.reason);
    },
    { once: true },
  );

  try {
    const url = await app.listen({ port: config.port, host: config.host });
    await checkpoint();
    if (waitForStore) {
      const step =
        readUrl === null ? migrateStep(store, config.databaseUrl) : standbyStep(store, config.databaseUrl, readUrl);
      await whenStoreAnswers(step, live, log, tell, stopping.signal);
    }
    await checkpoint();
    if (options.demo === true && location.kind === 'sqlite' && location.created && config.demoPostings > 0) {
      tell({ kind: 'demo-loading', postings: config.demoPostings });
      await loadDemoData(store, config, log, stopping.signal);
    }
    await checkpoint();
    // Loads and builds run in a worker thread that then holds the index, so this thread keeps
    // answering (/healthz included) throughout, and a shutdown can abort a build by ending its
    // worker; an in-memory SQLite store is visible to this connection only, so it is built here.
    const inWorker = !isInMemory(config.databaseUrl);
    // Every full build in a worker is saved to INDEX_FILE; only the first may start from it (a
    // merge exists to replace the base and its deltas with a fresh build). Only the first builds
    // at normal priority: nothing is served before it, while every later one (a merge, the hourly
    // rebuild) runs beside an index that answers requests (runtime/priority.ts).
    const build = (signal?: AbortSignal, firstStart = false): Promise<BuiltIndex> => {
      const now = clock();
      return inWorker
        ? buildInWorker({
            databaseUrl: readUrl ?? config.databaseUrl,
            readOnly: readUrl !== null,
            salaryBuckets: config.salaryBuckets,
            now,
            newWithinMs: config.newWithinDays * DAY_MS,
            indexFile: config.indexFile,
            loadIndexFile: firstStart,
            buildPriority: firstStart ? 'normal' : 'low',
            ...(signal ? { signal } : {}),
          })
        : buildHere(store, {
            salaryBuckets: config.salaryBuckets,
            now: () => now,
            newWithinMs: config.newWithinDays * DAY_MS,
            ...(signal ? { signal } : {}),
          });
    };
    const built = await build(stopping.signal, true);
    first = built;
    await checkpoint();
    live.swap(built.index, built.cursor, built.builtAt);
    await warmUpRoutes(app);
    metrics.indexBuildSeconds.set((built.stats.loadMs + built.stats.buildMs) / 1000);
    log.info({ index: built.stats, url, inWorker }, 'ready');
    const file = built.stats.indexFile;
    if (file?.state === 'loaded')
      tell({ kind: 'index-file-loaded', path: config.indexFile, changes: file.changes ?? 0 });
    else if (file?.refused !== undefined)
      tell({ kind: 'index-file-refused', path: config.indexFile, reason: file.refused });
    if (file?.state === 'failed')
      log.warn(
        { indexFile: config.indexFile, reason: file.reason },
        config.indexFile === null
          ? 'the index could not be built apart (through a temporary file); it was built in the serving process'
          : 'the index could not be saved',
      );
    tell({
      kind: 'ready',
      url,
      host: config.host,
      documents: built.stats.documents,
      page: app.hasRoute({ method: 'GET', url: '/' }),
    });

    follower =
      config.refreshIntervalMs > 0
        ? followStore(store, live, built, {
            intervalMs: config.refreshIntervalMs,
            maxAgeMs: MAX_INDEX_AGE_MS,
            log,
            now: clock,
            build,
            onRebuild: (s) => {
              metrics.indexRebuilds.inc();
              metrics.indexBuildSeconds.set((s.loadMs + s.buildMs) / 1000);
              metrics.indexDeltaPostings.set(0);
            },
            onCatchUp: (r) => {
              metrics.indexCatchUps.inc();
              metrics.indexChangesApplied.inc(r.changes);
              metrics.indexDeltaPostings.set(r.deltaSize);
            },
          })
        : {
            stop: () => {
              built.retire();
            },
            wake: () => undefined,
          };
    // A standby gets no notifications (NOTIFY is not replicated) and one on the primary would come
    // before the standby replayed the change: with a read URL, polling alone follows the store.
    if (readUrl !== null)
      log.info({ intervalMs: config.refreshIntervalMs }, 'reading a standby: following it by polling');
    else if (config.changeNotifications && store.watch && config.refreshIntervalMs > 0) {
      const follow = follower;
      // One log line when the listening connection is lost and one when it is back, not one per retry.
      let lost = false;
      watch = await store.watch({
        change: () => {
          follow.wake();
        },
        listening: () => {
          if (lost) log.info('change notifications: listening again');
          lost = false;
          // Nothing was delivered while the connection was down: look at the store once.
          follow.wake();
        },
        lost: (error) => {
          if (!lost) log.warn({ reason: error.message }, 'change notifications lost; polling until back');
          lost = true;
        },
      });
    }

    return { app, store, live, url, close };
  } catch (error) {
    if (error instanceof StartAborted) throw error;
    if (stopping.signal.aborted) {
      await close().catch(() => undefined);
      throw new StartAborted('start aborted by a shutdown signal');
    }
    await close().catch(() => undefined);
    throw error;
  }
}

/**
 * For a SQLite file store: a check that its path still names the file this process opened, which
 * sets the readiness (`store_lost`, see runtime/health.ts) and logs each change once. A no-op for
 * PostgreSQL and an in-memory store.
 */
function storeFileCheck(databaseUrl: string, live: LiveIndex, log: Logger): () => void {
  const location = parseDatabaseUrl(databaseUrl);
  if (location.kind !== 'sqlite' || location.path === ':memory:') return () => undefined;
  const guard = new StoreFileGuard(location.path);
  return () => {
    const problem = guard.check();
    if (!live.health.storeFile(problem)) return;
    if (problem === null) log.info({ store: location.path }, 'the store file is back; ready again');
    else log.error({ store: location.path, reason: problem }, 'store file lost: not ready');
  };
}

/** Demo postings into a new store; an abort stops after the batch being written (each batch is one transaction). */
async function loadDemoData(store: JobStore, config: Config, log: Logger, signal: AbortSignal): Promise<void> {
  log.info({ count: config.demoPostings }, 'new store: loading demo postings');
  const now = Date.now();
  const summary = await importRecords(
    untilAborted(generatePostings({ count: config.demoPostings, seed: DEMO_SEED, now }), signal),
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

/** Waits between attempts to reach a store that is down at start: doubling from the first to the last. */
const STORE_RETRY_FIRST_MS = 500;
const STORE_RETRY_LAST_MS = 30_000;

/** One attempt at what start needs of the store; throws an error naming the variable and the place. */
type StoreStep = () => Promise<void>;

/** Without a standby: the store is migrated. */
function migrateStep(store: JobStore, databaseUrl: string): StoreStep {
  return async () => {
    try {
      await store.migrate();
    } catch (error) {
      throw storeOpenError(databaseUrl, error);
    }
  };
}

/**
 * With a standby (read-only): its schema is checked, never migrated. When it lacks versions, the
 * primary (DATABASE_URL) is migrated — once per start, on a connection closed at once — and the
 * standby is checked again at each attempt until it has replayed the migration. A standby with
 * this release's schema is used without touching the primary at all, so a replica can start
 * while the primary is down.
 */
function standbyStep(reader: JobStore, databaseUrl: string, readUrl: string): StoreStep {
  let primaryMigrated = false;
  const checkStandby = (): Promise<void> =>
    reader.checkSchema().catch((error: unknown) => {
      throw storeOpenError(readUrl, error, 'DATABASE_READ_URL');
    });
  return async () => {
    try {
      await checkStandby();
      return;
    } catch (error) {
      if (primaryMigrated || !(error instanceof Error && error.cause instanceof SchemaBehindError)) throw error;
    }
    try {
      const primary = await openStore(databaseUrl);
      await primary.close();
    } catch (error) {
      throw storeOpenError(databaseUrl, error);
    }
    primaryMigrated = true;
    await checkStandby();
  };
}

/**
 * Runs `step` (migrate, or check a standby), retrying with backoff while it fails: the process
 * listens meanwhile (`/healthz` 200, `/readyz` 503 `loading` with the reason), says why once, and
 * goes on when the store answers. Returns early on shutdown (the caller's checkpoint then stops the start).
 */
async function whenStoreAnswers(
  step: StoreStep,
  live: LiveIndex,
  log: Logger,
  tell: (fact: StartFact) => void,
  signal: AbortSignal,
): Promise<void> {
  let waitMs = STORE_RETRY_FIRST_MS;
  let failing = false;
  const aborted = (): boolean => signal.aborted;
  for (;;) {
    try {
      await step();
      if (failing) tell({ kind: 'store-answers' });
      return;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (live.health.failed(new Error(reason), Date.now())) {
        tell({ kind: 'store-waiting', reason });
        log.warn({ reason }, 'store unreachable at start; retrying');
      }
      failing = true;
    }
    if (aborted()) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, waitMs);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
    if (aborted()) return;
    waitMs = Math.min(STORE_RETRY_LAST_MS, waitMs * 2);
  }
}
