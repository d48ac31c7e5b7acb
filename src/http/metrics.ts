import type { ResponseCache } from './response-cache.js';
import type { LiveIndex } from '../runtime/live-index.js';
import { READINESS_STATES } from '../runtime/health.js';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus metrics of one process, on a registry of its own (tests build many apps). */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [this.registry],
  });
  readonly indexDocuments = new Gauge({
    name: 'search_index_documents',
    help: 'Live postings in the current search index',
    registers: [this.registry],
  });
  readonly indexBuildSeconds = new Gauge({
    name: 'search_index_build_seconds',
    help: 'Time to load and build the current search index',
    registers: [this.registry],
  });
  readonly indexRebuilds = new Counter({
    name: 'search_index_rebuilds_total',
    help: 'Index rebuilds since start (the first build and every merge)',
    registers: [this.registry],
  });

  readonly indexCatchUps = new Counter({
    name: 'search_index_catch_ups_total',
    help: 'Catch-ups: store changes applied to the index as a new segment, without a build',
    registers: [this.registry],
  });

  readonly indexChangesApplied = new Counter({
    name: 'search_index_changes_applied_total',
    help: 'Changes (upserts and deletions) of the change feed applied by catch-ups',
    registers: [this.registry],
  });

  readonly indexDeltaPostings = new Gauge({
    name: 'search_index_delta_postings',
    help: 'Postings in delta segments since the base was built (a merge folds them into a new base)',
    registers: [this.registry],
  });

  // ---- freshness of the index (read from the live index's health when scraped) ----
  private health: { live: LiveIndex; maxStalenessMs: number } | null = null;
  readonly indexAgeSeconds: Gauge = new Gauge({
    name: 'search_index_age_seconds',
    help: 'Seconds since the store was last read successfully (the index is at least this current)',
    registers: [this.registry],
    collect: (): void => {
      const last = this.health?.live.health.lastSuccess ?? null;
      this.indexAgeSeconds.set(last === null ? 0 : Math.max(0, (Date.now() - last) / 1000));
    },
  });
  readonly lastRefreshSuccess: Gauge = new Gauge({
    name: 'search_index_last_refresh_success_timestamp_seconds',
    help: 'When the store was last read successfully (Unix time)',
    registers: [this.registry],
    collect: (): void => {
      this.lastRefreshSuccess.set((this.health?.live.health.lastSuccess ?? 0) / 1000);
    },
  });
  readonly refreshFailures: Counter = new Counter({
    name: 'search_index_refresh_failures_total',
    help: 'Failed refreshes of the index (the store could not be read) since start',
    registers: [this.registry],
    collect: (): void => {
      this.refreshFailures.reset();
      this.refreshFailures.inc(this.health?.live.health.failures ?? 0);
    },
  });
  readonly readiness: Gauge<'state'> = new Gauge({
    name: 'search_index_readiness',
    help: 'Readiness of this replica: 1 for its current state (loading, ready, degraded, stale, store_lost), 0 for the others',
    labelNames: ['state'] as const,
    registers: [this.registry],
    collect: (): void => {
      const h = this.health;
      const state = h ? h.live.health.report(Date.now(), h.live.current !== null, h.maxStalenessMs).status : 'loading';
      for (const s of READINESS_STATES) this.readiness.set({ state: s }, s === state ? 1 : 0);
    },
  });

  /** Reports the live index's freshness on every scrape. */
  watchHealth(live: LiveIndex, maxStalenessMs: number): void {
    this.health = { live, maxStalenessMs };
  }

  constructor(options: { defaults?: boolean } = {}) {
    if (options.defaults) collectDefaultMetrics({ register: this.registry });
  }

  // ---- response cache: read from the cache when scraped ----
  private responseCache: ResponseCache | null = null;
  readonly responseCacheBytes: Gauge = new Gauge({
    name: 'http_response_cache_bytes',
    help: 'Bytes charged for the serialised API answers held in the response cache',
    registers: [this.registry],
    collect: (): void => {
      this.responseCacheBytes.set(this.responseCache?.bytes ?? 0);
    },
  });
  readonly responseCacheBudgetBytes: Gauge = new Gauge({
    name: 'http_response_cache_budget_bytes',
    help: 'Byte budget of the response cache (RESPONSE_CACHE_MB)',
    registers: [this.registry],
    collect: (): void => {
      this.responseCacheBudgetBytes.set(this.responseCache?.maxBytes ?? 0);
    },
  });
  readonly responseCacheEntries: Gauge = new Gauge({
    name: 'http_response_cache_entries',
    help: 'Answers held in the response cache',
    registers: [this.registry],
    collect: (): void => {
      this.responseCacheEntries.set(this.responseCache?.size ?? 0);
    },
  });
  readonly responseCacheHitRatio: Gauge = new Gauge({
    name: 'http_response_cache_hit_ratio',
    help: 'Share of cache lookups of valid API requests answered from the response cache since start',
    registers: [this.registry],
    collect: (): void => {
      const c = this.responseCache;
      const lookups = c ? c.hits + c.misses : 0;
      this.responseCacheHitRatio.set(c && lookups > 0 ? c.hits / lookups : 0);
    },
  });
  readonly responseCacheLookups: Counter<'result'> = new Counter({
    name: 'http_response_cache_lookups_total',
    help: 'Cache lookups of valid API requests by result (hit or miss)',
    labelNames: ['result'] as const,
    registers: [this.registry],
    collect: (): void => {
      const c = this.responseCache;
      this.responseCacheLookups.reset();
      this.responseCacheLookups.inc({ result: 'hit' }, c?.hits ?? 0);
      this.responseCacheLookups.inc({ result: 'miss' }, c?.misses ?? 0);
    },
  });

  watchResponseCache(cache: ResponseCache): void {
    this.responseCache = cache;
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    this.requests.observe({ method, route, status: String(status) }, seconds);
  }
}
