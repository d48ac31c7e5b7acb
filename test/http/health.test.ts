import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SALARY_BUCKETS } from '../../src/domain/salary-buckets.js';
import { buildApp } from '../../src/http/build-app.js';
import type { ApiInstance } from '../../src/http/app-types.js';
import { LiveIndex } from '../../src/runtime/live-index.js';
import { SearchIndex } from '../../src/search/segments/search-index.js';
import { job } from '../builders.js';
import { metricSamples, testConfig } from './fixture.js';

/** The wall clock of these tests: /readyz reads Date.now(), which is pinned here. */
const NOW = Date.UTC(2026, 10, 21, 12);
/** The replica's staleness bound in these tests (readyMaxStalenessMs). */
const MAX_STALENESS_MS = 60_000;

const iso = (ms: number): string => new Date(ms).toISOString();

/** A three-posting index, as a build from the store gives one. */
function index(): SearchIndex {
  const jobs = [job({ boardId: '9001' }), job({ boardId: '9002' }), job({ boardId: '9003' })];
  return SearchIndex.build(jobs, { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW });
}

describe('operations endpoints: /healthz, /readyz, /metrics', () => {
  let live: LiveIndex;
  let app: ApiInstance;

  beforeEach(async () => {
    // Only Date is faked: the route's `now` is this fixed instant, timers stay real.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    live = new LiveIndex();
    app = await buildApp({
      live,
      config: testConfig({ readyMaxStalenessMs: MAX_STALENESS_MS }),
      logger: false,
    });
  });

  afterEach(async () => {
    await app.close();
    vi.useRealTimers();
  });

  const readyz = async () => {
    const res = await app.inject('/readyz');
    return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
  };

  describe('/healthz', () => {
    it('answers 200 with status ok and the process id, index or not', async () => {
      const res = await app.inject('/healthz');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', pid: process.pid });
    });
  });

  describe('/readyz', () => {
    it('is 503 loading before the first index, with no refresh time, no age and no reason', async () => {
      expect(await readyz()).toEqual({
        status: 503,
        body: { status: 'loading', last_refresh_at: null, index_age_seconds: null, refresh_failures: 0 },
      });
    });

    it('is 503 loading with the reason while the first build fails', async () => {
      live.health.failed(new Error('store unreachable'), NOW - 1_000);
      live.health.failed(new Error('store still unreachable'), NOW);
      expect(await readyz()).toEqual({
        status: 503,
        body: {
          status: 'loading',
          last_refresh_at: null,
          index_age_seconds: null,
          refresh_failures: 2,
          reason: 'store still unreachable',
        },
      });
    });

    it('is 200 ready once an index is in, with its size, cursor, build time and age in whole seconds', async () => {
      // 90.6 s ago: the age rounds to 91.
      live.swap(index(), 7, NOW - 90_600);
      expect(await readyz()).toEqual({
        status: 200,
        body: {
          status: 'ready',
          ...FAILED_ONCE,
          built_at: iso(NOW - 90_600),
          last_refresh_at: iso(NOW - 90_600),
          index_age_seconds: 91,
          refresh_failures: 0,
        },
      });
    });

    it('gives the age of the last successful read of the store, not of the build', async () => {
      live.swap(index(), 7, NOW - 50 * 60_000);
      live.health.succeeded(NOW - 12_400);
      const { status, body } = await readyz();
      expect(status).toBe(200);
      expect(body).toMatchObject({
        status: 'ready',
        built_at: iso(NOW - 50 * 60_000),
        last_refresh_at: iso(NOW - 12_400),
        index_age_seconds: 12,
      });
    });

    it('gives age 0, not a negative one, when the last success lies ahead of this clock', async () => {
      live.swap(index(), 7, NOW + 5_000);
      const { status, body } = await readyz();
      expect(status).toBe(200);
      expect(body).toMatchObject({ status: 'ready', last_refresh_at: iso(NOW + 5_000), index_age_seconds: 0 });
    });

    /** An index built at `builtAt`, after which one refresh failed, 1 s ago. */
    const failingSince = (builtAt: number): void => {
      live.swap(index(), 7, builtAt);
      live.health.failed(new Error('connection refused'), NOW - 1_000);
    };
    /** What every /readyz body below says of that index and that failure. */
    const FAILED_ONCE = { documents: 3, cursor: 7, refresh_failures: 1 };

    it('is 200 degraded with the reason while refreshes fail within the staleness bound', async () => {
      failingSince(NOW - 30_000);
      expect(await readyz()).toEqual({
        status: 200,
        body: {
          status: 'degraded',
          ...FAILED_ONCE,
          built_at: iso(NOW - 30_000),
          last_refresh_at: iso(NOW - 30_000),
          index_age_seconds: 30,
          reason: 'connection refused',
        },
      });
    });

    it('is 503 stale once refreshes have failed for longer than the staleness bound', async () => {
      failingSince(NOW - MAX_STALENESS_MS - 1_000);
      expect(await readyz()).toEqual({
        status: 503,
        body: {
          status: 'stale',
          ...FAILED_ONCE,
          built_at: iso(NOW - 61_000),
          last_refresh_at: iso(NOW - 61_000),
          index_age_seconds: 61,
          reason: 'connection refused',
        },
      });
    });

    it('is 200 ready again, without a reason, after a refresh succeeds; the failures stay counted', async () => {
      failingSince(NOW - MAX_STALENESS_MS - 1_000);
      expect((await readyz()).status).toBe(503);
      live.health.succeeded(NOW);
      expect(await readyz()).toEqual({
        status: 200,
        body: {
          status: 'ready',
          ...FAILED_ONCE,
          built_at: iso(NOW - 61_000),
          last_refresh_at: iso(NOW),
          index_age_seconds: 0,
        },
      });
    });
  });

  describe('/metrics', () => {
    const documentsGauge = (text: string): string[] =>
      text.split('\n').filter((line) => line.startsWith('search_index_documents '));

    it('answers in the Prometheus text format, the documents gauge 0 before the first index', async () => {
      const res = await app.inject('/metrics');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(documentsGauge(res.body)).toEqual(['search_index_documents 0']);
    });

    const samples = (prefix: string) => metricSamples(app, prefix);
    const readiness = (state: string) => ({
      'search_index_readiness{state="loading"}': state === 'loading' ? 1 : 0,
      'search_index_readiness{state="ready"}': state === 'ready' ? 1 : 0,
      'search_index_readiness{state="degraded"}': state === 'degraded' ? 1 : 0,
      'search_index_readiness{state="stale"}': state === 'stale' ? 1 : 0,
      'search_index_readiness{state="store_lost"}': state === 'store_lost' ? 1 : 0,
    });
    const freshness = async () => ({
      ...(await samples('search_index_readiness')),
      ...(await samples('search_index_age_seconds')),
      ...(await samples('search_index_last_refresh_success_timestamp_seconds')),
      ...(await samples('search_index_refresh_failures_total')),
    });

    it('gives the readiness state, the index age, the last successful read and the failures as /readyz does, on every scrape', async () => {
      expect(await freshness()).toEqual({
        ...readiness('loading'),
        search_index_age_seconds: 0,
        search_index_last_refresh_success_timestamp_seconds: 0,
        search_index_refresh_failures_total: 0,
      });
      live.health.failed(new Error('store unreachable'), NOW);
      expect(await samples('search_index_refresh_failures_total')).toEqual({ search_index_refresh_failures_total: 1 });
      live.swap(index(), 7, NOW - 30_500);
      live.health.failed(new Error('connection refused'), NOW - 1_000);
      expect(await freshness()).toEqual({
        ...readiness('degraded'),
        search_index_age_seconds: 30.5,
        search_index_last_refresh_success_timestamp_seconds: (NOW - 30_500) / 1000,
        search_index_refresh_failures_total: 2,
      });
      vi.setSystemTime(NOW + MAX_STALENESS_MS);
      expect(await samples('search_index_readiness')).toEqual(readiness('stale'));
      live.health.succeeded(NOW + MAX_STALENESS_MS - 2_000);
      expect(await freshness()).toEqual({
        ...readiness('ready'),
        search_index_age_seconds: 2,
        search_index_last_refresh_success_timestamp_seconds: (NOW + MAX_STALENESS_MS - 2_000) / 1000,
        search_index_refresh_failures_total: 2,
      });
      // A last success ahead of this clock is no negative age.
      live.health.succeeded(NOW + MAX_STALENESS_MS + 5_000);
      expect(await samples('search_index_age_seconds')).toEqual({ search_index_age_seconds: 0 });
    });

    it('labels request durations by route pattern, not by URL: no query string, no client path in a label', async () => {
      live.swap(index(), 7, NOW);
      for (const url of [
        '/jobs/api/job-search-results-list?page=2',
        '/jobs/api/job-search-results-list?keywords=seo',
        '/no/such/path/123',
      ])
        await app.inject(url);
      const routes = new Set(
        [
          ...(await app.inject('/metrics')).body.matchAll(
            /^http_request_duration_seconds_count\{[^}]*route="([^"]*)"/gm,
          ),
        ].map((m) => m[1]),
      );
      expect(routes.has('/jobs/api/job-search-results-list')).toBe(true);
      expect(routes.has('unmatched')).toBe(true);
      expect([...routes].filter((r) => r!.includes('?') || r!.includes('/no/'))).toEqual([]);
    });

    it('sets the documents gauge to the size of the index being served', async () => {
      live.swap(index(), 7, NOW);
      const res = await app.inject('/metrics');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(documentsGauge(res.body)).toEqual(['search_index_documents 3']);
    });
  });

  describe('operator-only details', () => {
    const TOKEN = 'a-test-operator-token-0123';
    let guarded: ApiInstance;

    beforeEach(async () => {
      guarded = await buildApp({
        live,
        config: testConfig({ readyMaxStalenessMs: MAX_STALENESS_MS, operatorToken: TOKEN }),
        logger: false,
      });
    });

    afterEach(async () => {
      await guarded.close();
    });

    it.each([
      ['no token', {}],
      ['another token', { authorization: 'Bearer a-test-operator-token-0124' }],
      ['the token without its scheme', { authorization: TOKEN }],
      ['the token as Basic', { authorization: `Basic ${TOKEN}` }],
    ])(
      'with OPERATOR_TOKEN set, %s gets only ready/not_ready from /readyz and 403 from /metrics',
      async (_, headers) => {
        const loading = await guarded.inject({ url: '/readyz', headers });
        expect([loading.statusCode, loading.json()]).toEqual([503, { status: 'not_ready' }]);
        live.swap(index(), 7, NOW);
        const ready = await guarded.inject({ url: '/readyz', headers });
        expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);
        expect(ready.headers['cache-control']).toBe('no-store');
        const metrics = await guarded.inject({ url: '/metrics', headers });
        expect(metrics.statusCode).toBe(403);
        expect(metrics.json()).toMatchObject({
          success: false,
          error: { code: 'forbidden', message: expect.stringContaining('Authorization: Bearer') as unknown },
        });
        expect(metrics.body).not.toContain('search_index');
      },
    );

    it('with OPERATOR_TOKEN set, the bearer of the token gets the detail and the metrics', async () => {
      live.swap(index(), 7, NOW);
      const headers = { authorization: `Bearer ${TOKEN}` };
      const ready = await guarded.inject({ url: '/readyz', headers });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'ready', documents: 3, cursor: 7, refresh_failures: 0 });
      const metrics = await guarded.inject({ url: '/metrics', headers });
      expect(metrics.statusCode).toBe(200);
      expect(metrics.body).toContain('search_index_documents 3');
    });

    it('a degraded replica is ready to the public, with no reason that could name the store', async () => {
      live.swap(index(), 7, NOW);
      live.health.failed(new Error('connect ECONNREFUSED db.internal:5432 user jobs'), NOW);
      const plain = await guarded.inject('/readyz');
      expect([plain.statusCode, plain.body]).toEqual([200, '{"status":"ready"}']);
      live.health.storeFile('the store file /var/lib/jobs.db was removed');
      const lost = await guarded.inject('/readyz');
      expect([lost.statusCode, lost.body]).toEqual([503, '{"status":"not_ready"}']);
    });

    it('without OPERATOR_TOKEN, only a loopback client that no proxy forwarded is the operator', async () => {
      live.swap(index(), 7, NOW);
      const at = (remoteAddress: string, headers: Record<string, string> = {}) =>
        app.inject({ url: '/metrics', remoteAddress, headers }).then((r) => r.statusCode);
      expect(await at('127.0.0.1')).toBe(200);
      expect(await at('::1')).toBe(200);
      expect(await at('::ffff:127.0.0.1')).toBe(200);
      expect(await at('203.0.113.9')).toBe(403);
      expect(await at('10.1.2.3')).toBe(403);
      expect(await at('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).toBe(403);
      expect(await at('127.0.0.1', { forwarded: 'for=203.0.113.9' })).toBe(403);
      expect(await at('127.0.0.1', { 'x-real-ip': '203.0.113.9' })).toBe(403);
      const remote = await app.inject({ url: '/readyz', remoteAddress: '203.0.113.9' });
      expect([remote.statusCode, remote.json()]).toEqual([200, { status: 'ready' }]);
    });
  });
});
