/** What the app sets up around every request: the server's time bounds and what it logs. */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiInstance } from '../../src/http/app-types.js';
import type { JobStore } from '../../src/store/job-store.js';
import { corpus, metricSamples, testApp } from './fixture.js';

let app: ApiInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/** Node keeps the interval on the server, though its types do not name it. */
const checkingInterval = (server: object): unknown =>
  (server as { connectionsCheckingInterval?: number }).connectionsCheckingInterval;

describe('the server time bounds', () => {
  it('default to 30 s a request, 10 s for headers, 72 s idle keep-alive, checked every second', async () => {
    app = await testApp(corpus());
    const s = app.server;
    expect([s.requestTimeout, s.headersTimeout, s.keepAliveTimeout, checkingInterval(s)]).toEqual([
      30_000, 10_000, 72_000, 1_000,
    ]);
  });

  it('take the settings, and check a quarter of the headers bound, between 100 ms and 1 s', async () => {
    const cases: [number, number][] = [
      [600, 150],
      [200, 100],
      [3_000, 750],
      [8_000, 1_000],
    ];
    for (const [headersTimeoutMs, interval] of cases) {
      const web = await testApp(corpus(), {
        config: { headersTimeoutMs, requestTimeoutMs: 1_234, keepAliveTimeoutMs: 2_345 },
      });
      const s = web.server;
      await web.close();
      expect([headersTimeoutMs, s.headersTimeout, checkingInterval(s)]).toEqual([
        headersTimeoutMs,
        headersTimeoutMs,
        interval,
      ]);
      expect([s.requestTimeout, s.keepAliveTimeout]).toEqual([1_234, 2_345]);
    }
  });
});

interface Line {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** An app logging at debug into `lines`; `store` for the one-posting endpoint, `ready` false: not loaded. */
function loggingApp(lines: Line[], options: { store?: JobStore; ready?: boolean } = {}): Promise<ApiInstance> {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n')) if (text !== '') lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  return testApp(corpus(), { ...options, logger: pino({ level: 'debug' }, sink) });
}

const DEBUG = 20;
const ERROR = 50;

describe('what a request logs', () => {
  it('one debug line per request, with its method, URL, status and time; nothing at info and above for a 4xx', async () => {
    const lines: Line[] = [];
    app = await loggingApp(lines);
    await app.inject({ url: '/jobs/api/job-search-results-count?work_model=remote' });
    await app.inject({ url: '/nowhere' });
    await app.inject({ url: '/jobs/api/job-search-results-count?page=x' });
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests.map((l) => [l.level, l.method, l.url, l.status, typeof l.ms])).toEqual([
      [DEBUG, 'GET', '/jobs/api/job-search-results-count?work_model=remote', 200, 'number'],
      [DEBUG, 'GET', '/nowhere', 404, 'number'],
      [DEBUG, 'GET', '/jobs/api/job-search-results-count?page=x', 400, 'number'],
    ]);
    expect(lines.filter((l) => l.level > DEBUG)).toEqual([]);
    // A client's mistake is not the service refusing: no "request refused" line.
    expect(lines.filter((l) => l.msg === 'request refused')).toEqual([]);
  });

  it('a refusal (503) at debug with its code, not as an error', async () => {
    const lines: Line[] = [];
    app = await loggingApp(lines, { ready: false });
    const res = await app.inject({ url: '/jobs/api/job-search-results-count' });
    expect(res.statusCode).toBe(503);
    expect(lines.filter((l) => l.msg === 'request refused').map((l) => [l.level, l.code])).toEqual([
      [DEBUG, 'not_ready'],
    ]);
    expect(lines.filter((l) => l.level >= ERROR)).toEqual([]);
  });

  it('a real failure (500) as an error with its cause, answered without it', async () => {
    const lines: Line[] = [];
    const failing = {
      getByBoardId: () => Promise.reject(new Error('disk on fire')),
    } as unknown as JobStore;
    app = await loggingApp(lines, { store: failing });
    const res = await app.inject({ url: '/jobs/api/jobs/7001' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'internal', message: 'internal error' } });
    const errors = lines.filter((l) => l.level >= ERROR);
    expect(errors.map((l) => [l.level, l.msg, (l.err as { message?: string } | undefined)?.message])).toEqual([
      [ERROR, 'request failed', 'disk on fire'],
    ]);
    expect(lines.some((l) => l.msg === 'request refused')).toBe(false);
  });
});

describe('every answer', () => {
  it('an error after the ETag was set (an unknown posting) keeps neither the ETag nor a cacheable header', async () => {
    app = await testApp(corpus());
    const ok = await app.inject({ url: '/jobs/api/job-search-results-count' });
    expect(ok.headers.etag).toBeDefined();
    const res = await app.inject({ url: '/jobs/api/jobs/424242' });
    expect(res.statusCode).toBe(404);
    expect([res.headers.etag, res.headers['cache-control']]).toEqual([undefined, 'no-store']);
  });

  it('names the allowed methods only on a 405', async () => {
    app = await testApp(corpus());
    const wrongMethod = await app.inject({ method: 'DELETE', url: '/jobs/api/job-search-results-count' });
    expect([wrongMethod.statusCode, wrongMethod.headers.allow]).toEqual([405, 'GET, HEAD']);
    for (const url of ['/nowhere', '/jobs/api/job-search-results-count?page=x', '/jobs/api/jobs/424242']) {
      const res = await app.inject({ url });
      expect([url, res.headers.allow]).toEqual([url, undefined]);
    }
  });

  it('is timed in seconds in the request histogram', async () => {
    app = await testApp(corpus());
    for (let i = 0; i < 5; i++) await app.inject({ url: `/jobs/api/job-search-results-count?page=${i + 1}` });
    const samples = await metricSamples(app, 'http_request_duration_seconds_');
    const of = (kind: string): number[] =>
      Object.entries(samples)
        .filter(([k]) => k.startsWith(`http_request_duration_seconds_${kind}{`) && k.includes('results-count'))
        .map(([, v]) => v);
    expect(of('count')).toEqual([5]);
    // Five injected requests take well under a second each, and more than nothing.
    const [sum] = of('sum');
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(5);
  });

  it('is counted in buckets from half a millisecond to a second, beside the index metrics', async () => {
    app = await testApp(corpus());
    await app.inject({ url: '/jobs/api/job-search-results-count' });
    const body = (await app.inject('/metrics')).body;
    const buckets = [
      ...body.matchAll(
        /^http_request_duration_seconds_bucket\{le="([^"]+)",method="GET",route="\/jobs\/api\/job-search-results-count"/gm,
      ),
    ].map((m) => m[1]);
    expect(buckets).toEqual([
      '0.0005',
      '0.001',
      '0.0025',
      '0.005',
      '0.01',
      '0.025',
      '0.05',
      '0.1',
      '0.25',
      '1',
      '+Inf',
    ]);
    for (const name of [
      'search_index_documents',
      'search_index_build_seconds',
      'search_index_rebuilds_total',
      'search_index_catch_ups_total',
      'search_index_changes_applied_total',
      'search_index_delta_postings',
    ]) {
      expect([name, new RegExp(`^# TYPE ${name} `, 'm').test(body)]).toEqual([name, true]);
    }
  });
});
