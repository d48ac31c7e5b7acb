import { pino, type Logger } from 'pino';
import type { Config } from './config.js';
import { buildApp } from './http/build-app.js';
import type { ApiInstance } from './http/app-types.js';
import { Metrics } from './http/metrics.js';
import { DEFAULT_WEB_ROOT } from './http/web-page.js';
import { buildHere, LiveIndex, type BuiltIndex } from './runtime/live-index.js';
import { followStore } from './runtime/follow-store.js';
import { buildInWorker } from './runtime/remote-index.js';
import { migrateStep, standbyStep, whenStoreAnswers } from './runtime/store-wait.js';
import { createStore, isInMemory, openStore, parseDatabaseUrl } from './store/open-store.js';
import type { ChangeWatch, JobStore } from './store/job-store.js';
import { loadDemoPostings } from './demo/load-demo.js';
import {
  describePostgres,
  prepareStoreLocation,
  storeOpenError,
  type PreparedLocation,
} from './store/prepare-location.js';
import { warmUpRoutes } from './http/warm-up.js';
import { StoreFileGuard } from './runtime/store-file.js';
import { drainConnections } from './http/drain.js';
import { FeedThread } from './http/feed-thread.js';

const DAY_MS = 86_400_000;

/**
 * A first start builds a store of up to this many postings in the index worker itself (a demo
 * store's first start among them): the builder process, its keyword thread and reading the saved
 * file back cost more than such a build. Later builds run beside a serving index, in the builder
 * process, whose CPU priority can be lowered.
 */
const FIRST_BUILD_HERE_UP_TO = 20_000;
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
  const location = prepareStoreLocation(config.databaseUrl, { createFolder: !config.databaseUrlGiven });
  tell({
    kind: 'store',
    label: location.label,
    created: location.created,
    standby: config.databaseReadUrl === null ? null : describePostgres(config.databaseReadUrl),
    host: config.host,
    port: config.port,
  });
  const store = await openReadStore(config);
  const live = new LiveIndex();
  const checkStore = storeFileCheck(config.databaseUrl, live, log);
  // Also checked between probes, so that the log says it even where nothing asks /readyz.
  const fileTimer = setInterval(checkStore, Math.max(1_000, config.refreshIntervalMs));
  fileTimer.unref();
  const metrics = new Metrics({ defaults: true });
  const clock = options.now ?? Date.now;
  const feedThread = feedThreadFor(config);
  const app = await buildApp({
    live,
    config,
    logger: log,
    metrics,
    store,
    ...(feedThread === null ? {} : { feedThread }),
    webRoot: DEFAULT_WEB_ROOT,
    now: clock,
    checkStore,
  });
  return new Start(config, log, options, { app, store, live, metrics, fileTimer, feedThread }).run(location);
}

/**
 * The change feed is read and serialised in a thread of its own, over its own connection to the
 * store this process reads (http/feed-thread.ts): the SQLite file, or PostgreSQL (the standby,
 * with one); an in-memory store is visible to this connection only, and its pages stay here.
 */
function feedThreadFor(config: Config): FeedThread | null {
  if (isInMemory(config.databaseUrl)) return null;
  return new FeedThread(isPostgres(config) ? (config.databaseReadUrl ?? config.databaseUrl) : config.databaseUrl);
}

/**
 * The store this process reads: its index, polling, the change feed and the detail endpoint (with
 * a hot standby, the standby; the primary is only migrated, see standbyStep, and listened to for
 * changes). A SQLite file that cannot be opened is a mistake to report at once; a PostgreSQL
 * server that does not answer yet (a deploy that starts everything together, a restart) is waited
 * for by `Start.storeAnswers`.
 */
async function openReadStore(config: Config): Promise<JobStore> {
  try {
    if (!isPostgres(config)) return await openStore(config.databaseUrl);
    return config.databaseReadUrl === null
      ? await createStore(parseDatabaseUrl(config.databaseUrl))
      : await createStore(parseDatabaseUrl(config.databaseReadUrl), { primaryUrl: config.databaseUrl });
  } catch (error) {
    throw storeOpenError(config.databaseUrl, error);
  }
}

function isPostgres(config: Config): boolean {
  return parseDatabaseUrl(config.databaseUrl).kind === 'postgres';
}

/** What a start has opened: closed again when it is aborted or fails. */
interface Parts {
  app: ApiInstance;
  store: JobStore;
  live: LiveIndex;
  metrics: Metrics;
  /** The store file's periodic check (storeFileCheck), stopped on close. */
  fileTimer: NodeJS.Timeout;
  /** The change feed's thread (null for an in-memory store), ended on close. */
  feedThread: FeedThread | null;
}

/** The steps of one start after the store is open, each a method; `run` runs them in order. */
class Start {
  private readonly stopping = new AbortController();
  private readonly tell: (fact: StartFact) => void;
  private readonly clock: () => number;
  private first: BuiltIndex | null = null;
  private follower: { stop(): void; wake(): void } | null = null;
  private watch: ChangeWatch | null = null;

  constructor(
    private readonly config: Config,
    private readonly log: Logger,
    private readonly options: StartOptions,
    private readonly parts: Parts,
  ) {
    this.tell = options.tell ?? (() => undefined);
    this.clock = options.now ?? Date.now;
    options.signal?.addEventListener(
      'abort',
      () => {
        this.stopping.abort(options.signal?.reason);
      },
      { once: true },
    );
  }

  async run(location: PreparedLocation): Promise<RunningServer> {
    const { app, store, live } = this.parts;
    try {
      const url = await app.listen({ port: this.config.port, host: this.config.host });
      await this.checkpoint();
      await this.storeAnswers();
      await this.checkpoint();
      await this.demo(location);
      await this.checkpoint();
      const built = await this.firstIndex();
      await this.checkpoint();
      await this.serve(built, url);
      this.follow(built);
      await this.watchChanges();
      return { app, store, live, url, close: (closeOptions) => this.close(closeOptions) };
    } catch (error) {
      if (error instanceof StartAborted) throw error;
      const aborted = this.stopping.signal.aborted;
      await this.close().catch(() => undefined);
      throw aborted ? new StartAborted('start aborted by a shutdown signal') : error;
    }
  }

  async close(closeOptions: { drainMs?: number } = {}): Promise<void> {
    this.stopping.abort(new StartAborted('shutting down'));
    clearInterval(this.parts.fileTimer);
    const drainMs = closeOptions.drainMs ?? 0;
    if (drainMs > 0) await drainConnections(this.parts.app.server, drainMs);
    await this.parts.app.close();
    await this.parts.feedThread?.close();
    await this.watch?.close();
    if (this.follower) this.follower.stop();
    else this.first?.retire();
    await this.parts.store.close();
  }

  /** Between steps: an aborted start closes what it opened and stops. */
  private async checkpoint(): Promise<void> {
    if (this.options.signal?.aborted !== true) return;
    await this.close();
    throw new StartAborted('start aborted by a shutdown signal');
  }

  /** PostgreSQL: waits until the store is migrated (or the standby has this release's schema). */
  private async storeAnswers(): Promise<void> {
    if (!isPostgres(this.config)) return;
    const { databaseUrl, databaseReadUrl } = this.config;
    const step =
      databaseReadUrl === null
        ? migrateStep(this.parts.store, databaseUrl)
        : standbyStep(this.parts.store, databaseUrl, databaseReadUrl);
    await whenStoreAnswers(
      step,
      this.parts.live.health,
      this.log,
      {
        waiting: (reason) => {
          this.tell({ kind: 'store-waiting', reason });
        },
        answers: () => {
          this.tell({ kind: 'store-answers' });
        },
      },
      this.stopping.signal,
    );
  }

  /** Demo postings, only into a SQLite store this start created and only when asked. */
  private async demo(location: PreparedLocation): Promise<void> {
    const count = this.config.demoPostings;
    if (this.options.demo !== true || location.kind !== 'sqlite' || !location.created || count <= 0) return;
    this.tell({ kind: 'demo-loading', postings: count });
    await loadDemoPostings(this.parts.store, count, this.log, this.stopping.signal);
  }

  /**
   * Loads and builds run in a worker thread that then holds the index, so this thread keeps
   * answering (/healthz included) throughout, and a shutdown can abort a build by ending its
   * worker; an in-memory SQLite store is visible to this connection only, so it is built here.
   * Every full build in a worker is saved to INDEX_FILE; only the first may start from it (a
   * merge exists to replace the base and its deltas with a fresh build). Only the first builds
   * at normal priority: nothing is served before it, while every later one (a merge, the hourly
   * rebuild) runs beside an index that answers requests (runtime/priority.ts).
   */
  private readonly build = (signal?: AbortSignal, firstStart = false): Promise<BuiltIndex> => {
    const { config } = this;
    const now = this.clock();
    return !isInMemory(config.databaseUrl)
      ? buildInWorker({
          databaseUrl: config.databaseReadUrl ?? config.databaseUrl,
          readOnly: config.databaseReadUrl !== null,
          salaryBuckets: config.salaryBuckets,
          now,
          newWithinMs: config.newWithinDays * DAY_MS,
          indexFile: config.indexFile,
          loadIndexFile: firstStart,
          buildPriority: firstStart ? 'normal' : 'low',
          buildHereUpTo: firstStart ? FIRST_BUILD_HERE_UP_TO : 0,
          ...(signal ? { signal } : {}),
        })
      : buildHere(this.parts.store, {
          salaryBuckets: config.salaryBuckets,
          now: () => now,
          newWithinMs: config.newWithinDays * DAY_MS,
          ...(signal ? { signal } : {}),
        });
  };

  private async firstIndex(): Promise<BuiltIndex> {
    this.first = await this.build(this.stopping.signal, true);
    return this.first;
  }

  /** Serves the first index (readyz says ready from here on) and says so. */
  private async serve(built: BuiltIndex, url: string): Promise<void> {
    const { app, live, metrics } = this.parts;
    const { config, log } = this;
    live.swap(built.index, built.cursor, built.builtAt);
    await warmUpRoutes(app);
    metrics.indexBuildSeconds.set((built.stats.loadMs + built.stats.buildMs) / 1000);
    log.info({ index: built.stats, url, inWorker: !isInMemory(config.databaseUrl) }, 'ready');
    const file = built.stats.indexFile;
    if (file?.state === 'loaded')
      this.tell({ kind: 'index-file-loaded', path: config.indexFile, changes: file.changes ?? 0 });
    else if (file?.refused !== undefined)
      this.tell({ kind: 'index-file-refused', path: config.indexFile, reason: file.refused });
    if (file?.state === 'failed')
      log.warn(
        { indexFile: config.indexFile, reason: file.reason },
        config.indexFile === null
          ? 'the index could not be built apart (through a temporary file); it was built in the serving process'
          : 'the index could not be saved',
      );
    this.tell({
      kind: 'ready',
      url,
      host: config.host,
      documents: built.stats.documents,
      page: app.hasRoute({ method: 'GET', url: '/' }),
    });
  }

  /** Polls the store and applies its changes (runtime/follow-store.ts), unless REFRESH_INTERVAL_MS is 0. */
  private follow(built: BuiltIndex): void {
    const { metrics } = this.parts;
    this.follower =
      this.config.refreshIntervalMs > 0
        ? followStore(this.parts.store, this.parts.live, built, {
            intervalMs: this.config.refreshIntervalMs,
            maxAgeMs: MAX_INDEX_AGE_MS,
            log: this.log,
            now: this.clock,
            build: this.build,
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
  }

  /**
   * Wakes the follower on the store's change notifications. With a hot standby they come from the
   * primary, each once the standby has replayed it (store/postgres-standby.ts); one not replayed
   * within its bound is left to the poll. Each outage is logged once, when it starts and ends.
   */
  private async watchChanges(): Promise<void> {
    const { config, log, follower } = this;
    const { store } = this.parts;
    if (!config.changeNotifications || !store.watch || config.refreshIntervalMs <= 0 || follower === null) {
      if (config.databaseReadUrl !== null)
        log.info({ intervalMs: config.refreshIntervalMs }, 'reading a standby: following it by polling');
      return;
    }
    if (config.databaseReadUrl !== null)
      log.info('reading a standby: listening on the primary, reading each change once the standby replayed it');
    let lost = false;
    let behind = false;
    this.watch = await store.watch({
      change: () => {
        if (behind) log.info('change notifications: the standby replays them in time again');
        behind = false;
        follower.wake();
      },
      listening: () => {
        if (lost) log.info('change notifications: listening again');
        lost = false;
        // Nothing was delivered while the connection was down: look at the store once.
        follower.wake();
      },
      lost: (error) => {
        if (!lost) log.warn({ reason: error.message }, 'change notifications lost; polling until back');
        lost = true;
      },
      unreplayed: (reason) => {
        if (!behind) log.warn({ reason }, 'change notifications: the standby is behind; polling takes the change');
        behind = true;
      },
    });
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
