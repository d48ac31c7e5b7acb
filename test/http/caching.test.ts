/** Conditional requests, ETags and the byte-bounded response cache, through the real app. */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/http/build-app.js';
import type { ApiInstance } from '../../src/http/app-types.js';
import { LiveIndex } from '../../src/runtime/live-index.js';
import { NOW, corpus, metricSamples, sharedIndex, testConfig } from './fixture.js';

const LIST = '/jobs/api/job-search-results-list';
const COUNT = '/jobs/api/job-search-results-count';
const FILTERS = '/jobs/api/job-search-filter-data';
const BUDGET = 128 * 1024;

let app: ApiInstance;
let live: LiveIndex;

beforeEach(async () => {
  live = new LiveIndex();
  live.swap(sharedIndex(corpus()), 7, NOW);
  app = await buildApp({
    live,
    config: testConfig({ responseCacheBytes: BUDGET }),
    logger: false,
    now: () => NOW,
  });
});

afterEach(async () => {
  await app.close();
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

async function etagOf(url: string): Promise<string> {
  const res = await get(url);
  expect(res.statusCode).toBe(200);
  const etag = res.headers.etag;
  expect(typeof etag).toBe('string');
  return etag as string;
}

/** A gauge or counter of /metrics by name (and label text). */
async function metric(name: string): Promise<number> {
  const text = (await get('/metrics')).body;
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  expect(line, name).toBeDefined();
  return Number(line!.split(' ')[1]);
}

describe('conditional requests', () => {
  it.each([
    'page=abc',
    'sort=bogus',
    'per_page=1000',
    'page=1&page=2',
    'work_model=remote&work_model=hybrid',
    'wokr_model=remote',
    'radius=-1',
  ])('answers 400, never 304, to %s sent with the ETag of a valid answer', async (bad) => {
    const etag = await etagOf(`${LIST}?work_model=remote`);
    for (const url of [`${LIST}?${bad}`, `${LIST}?work_model=remote&${bad}`]) {
      const res = await get(url, { 'if-none-match': etag });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toMatchObject({ success: false });
    }
  });

  it('answers 304 with the ETag and Cache-Control to a valid request whose ETag the client holds', async () => {
    const etag = await etagOf(`${LIST}?work_model=remote`);
    const res = await get(`${LIST}?work_model=remote`, { 'if-none-match': `W/"other", ${etag}` });
    expect(res.statusCode).toBe(304);
    expect(res.headers.etag).toBe(etag);
    expect(res.headers['cache-control']).toBe('public, max-age=10');
    expect(res.body).toBe('');
  });

  it('answers 304 to If-None-Match: * and to the ETag written without its weak prefix', async () => {
    const etag = await etagOf(`${COUNT}?work_model=hybrid`);
    expect(etag.startsWith('W/"')).toBe(true);
    for (const held of ['*', etag.slice(2), ` W/"x" , ${etag.slice(2)}`]) {
      const res = await get(`${COUNT}?work_model=hybrid`, { 'if-none-match': held });
      expect([res.statusCode, res.headers.etag], held).toEqual([304, etag]);
    }
    const other = await get(`${COUNT}?work_model=hybrid`, { 'if-none-match': 'W/"x", "y"' });
    expect(other.statusCode).toBe(200);
  });

  it('answers 200 to a valid request with the ETag of another query', async () => {
    const etag = await etagOf(`${LIST}?work_model=remote`);
    const res = await get(`${LIST}?work_model=hybrid`, { 'if-none-match': etag });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).not.toBe(etag);
  });

  it('gives errors of every kind no ETag and Cache-Control: no-store', async () => {
    for (const url of [`${COUNT}?radius=x`, '/jobs/api/nothing-here', `${COUNT}?zzz=1`, '/*%20', '/jobs/api/*%20']) {
      const res = await get(url);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const post = await app.inject({ method: 'POST', url: COUNT });
    expect(post.statusCode).toBe(405);
    expect(post.headers['cache-control']).toBe('no-store');
  });
});

describe('ETags of the normalised query', () => {
  it('gives the same ETag and answer to the same parameters in another order', async () => {
    const a = await get(`${LIST}?work_model=remote&location=deutschland&sort=salary`);
    const b = await get(`${LIST}?sort=salary&location=deutschland&work_model=remote`);
    expect(b.headers.etag).toBe(a.headers.etag);
    const { duration_ms: _a, ...bodyA } = a.json<Record<string, unknown>>();
    const { duration_ms: _b, ...bodyB } = b.json<Record<string, unknown>>();
    expect(bodyB).toEqual(bodyA);
  });

  it('gives defaults written out the ETag of leaving them out, where the answer is the same', async () => {
    expect(await etagOf(`${LIST}?page=1&per_page=20&sort=date&order=desc`)).toBe(await etagOf(LIST));
    expect(await etagOf(`${FILTERS}?facet_mode=conjunctive&facet_limit=100`)).toBe(await etagOf(FILTERS));
    expect(await etagOf(`${COUNT}?sort=salary&order=asc`)).toBe(await etagOf(COUNT));
    // sort is echoed in the filter data's `selected`, so there it is part of the answer.
    expect(await etagOf(`${FILTERS}?sort=date`)).not.toBe(await etagOf(FILTERS));
  });

  it('gives different queries and different endpoints different ETags', async () => {
    const tags = await Promise.all([
      etagOf(`${LIST}?page=2`),
      etagOf(LIST),
      etagOf(COUNT),
      etagOf(FILTERS),
      etagOf(`${COUNT}?work_model=remote`),
    ]);
    expect(new Set(tags).size).toBe(tags.length);
  });

  it('changes every ETag when the index changes', async () => {
    const before = await etagOf(`${COUNT}?work_model=remote`);
    const snapshot = live.current!;
    live.swap(snapshot.index, snapshot.cursor + 1, snapshot.builtAt);
    const after = await etagOf(`${COUNT}?work_model=remote`);
    expect(after).not.toBe(before);
    expect((await get(`${COUNT}?work_model=remote`, { 'if-none-match': before })).statusCode).toBe(200);
  });
});

describe('unknown parameters', () => {
  it('answers a typo with 400 naming it and listing the known parameters', async () => {
    const res = await get(`${LIST}?wokr_model=remote`);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: { code: string; message: string; param: string } }>();
    expect(body.error).toMatchObject({ code: 'unknown_parameter', param: 'wokr_model' });
    expect(body.error.message).toContain('work_model');
    expect(body.error.message).toContain('per_page');
  });

  it('ignores tracking parameters and the _ cache-buster, names them in X-Ignored-Params, and shares the ETag', async () => {
    const plain = await get(`${COUNT}?work_model=remote`);
    const tracked = await get(`${COUNT}?utm_source=news&work_model=remote&_=1732400000000&gclid=abc`);
    expect(tracked.statusCode).toBe(200);
    expect(tracked.headers['x-ignored-params']).toBe('utm_source, _, gclid');
    expect(tracked.headers.etag).toBe(plain.headers.etag);
    expect(tracked.json<{ total_results: number }>().total_results).toBe(
      plain.json<{ total_results: number }>().total_results,
    );
    expect(plain.headers['x-ignored-params']).toBeUndefined();
  });

  it('names an ignored parameter by at most 60 characters, percent-encoded', async () => {
    const long = `utm_${'x'.repeat(56)}`;
    const longer = `utm_${'y'.repeat(57)}`;
    const res = await get(`${COUNT}?${long}=1&${longer}=2&utm_caf%C3%A9=3`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ignored-params']).toBe(`${long}, utm_${'y'.repeat(56)}%E2%80%A6, utm_caf%C3%A9`);
  });
});

describe('the response cache', () => {
  it('counts each lookup of a canonical answer as a hit or a miss, and the hit ratio as the share of hits', async () => {
    const lookups = async () => {
      const counts = await metricSamples(app, 'http_response_cache_lookups_total');
      const ratio = await metricSamples(app, 'http_response_cache_hit_ratio');
      return {
        hit: counts['http_response_cache_lookups_total{result="hit"}'],
        miss: counts['http_response_cache_lookups_total{result="miss"}'],
        ratio: ratio['http_response_cache_hit_ratio'],
      };
    };
    expect(await lookups()).toEqual({ hit: 0, miss: 0, ratio: 0 });
    await get(`${COUNT}?work_model=remote`);
    expect(await lookups()).toEqual({ hit: 0, miss: 1, ratio: 0 });
    // The same answer by other URLs (ignored parameters, another order): hits.
    await get(`${COUNT}?work_model=remote&utm_source=news`);
    await get(`${COUNT}?page=1&work_model=remote`);
    // A URL answered before is answered by its alias, which is no lookup.
    await get(`${COUNT}?work_model=remote`);
    await get(`${COUNT}?work_model=hybrid`);
    expect(await lookups()).toEqual({ hit: 2, miss: 2, ratio: 0.5 });
    await get(`${COUNT}?work_model=hybrid&gclid=1`);
    expect(await lookups()).toEqual({ hit: 3, miss: 2, ratio: 0.6 });
  });

  it('keeps one entry for URLs that differ only in order, defaults or ignored parameters', async () => {
    const snapshot = live.current!;
    live.swap(snapshot.index, snapshot.cursor + 100, snapshot.builtAt);
    await get(`${COUNT}?work_model=remote`);
    for (let i = 0; i < 300; i++) await get(`${COUNT}?_=${i}&work_model=remote&sort=${i % 2 ? 'date' : 'salary'}`);
    expect(await metric('http_response_cache_entries')).toBe(1);
  });

  it(
    'stays within its byte budget over thousands of distinct valid URLs, and reports size and hit ratio',
    { timeout: 120_000 },
    async () => {
      const locations = ['berlin', 'münchen', 'hamburg', 'wien', 'madrid', 'deutschland', 'bayern'];
      for (let i = 0; i < 2000; i++) {
        const url = `${LIST}?per_page=${1 + (i % 100)}&q=${i}&location=${encodeURIComponent(locations[i % locations.length]!)}`;
        expect((await get(url)).statusCode).toBe(200);
        if (i % 500 === 0) expect(await metric('http_response_cache_bytes')).toBeLessThanOrEqual(BUDGET);
      }
      const bytes = await metric('http_response_cache_bytes');
      expect(bytes).toBeLessThanOrEqual(BUDGET);
      expect(bytes).toBeGreaterThan(BUDGET / 2);
      expect(await metric('http_response_cache_budget_bytes')).toBe(BUDGET);
      const entries = await metric('http_response_cache_entries');
      expect(entries).toBeGreaterThan(10);
      expect(entries).toBeLessThan(2000);

      const url = `${LIST}?per_page=7&location=wien`;
      await get(url);
      const before = await metric('http_response_cache_hit_ratio');
      for (let i = 0; i < 200; i++) await get(url);
      expect(await metric('http_response_cache_hit_ratio')).toBeGreaterThan(before);
    },
  );
});

describe('answers by alias (a URL answered before, on the same index version)', () => {
  /** A fresh app whose requests that reach validation are counted by URL. */
  async function countingApp(budget = 1024 * 1024) {
    const own = new LiveIndex();
    own.swap(sharedIndex(corpus()), 7, NOW);
    const counted = await buildApp({
      live: own,
      config: testConfig({ responseCacheBytes: budget }),
      logger: false,
      now: () => NOW,
    });
    const validated = new Map<string, number>();
    counted.addHook('preValidation', async (request) => {
      validated.set(request.url, (validated.get(request.url) ?? 0) + 1);
    });
    return { app: counted, live: own, validated };
  }
  /** What a client sees of an answer, its duration aside. */
  const seen = (res: Awaited<ReturnType<typeof get>>) => {
    // Its length and compressed bytes follow the duration's digits.
    const { date: _d, 'x-request-id': _r, 'content-length': _l, ...headers } = res.headers;
    const encoding = res.headers['content-encoding'];
    const bytes =
      encoding === 'br'
        ? brotliDecompressSync(res.rawPayload)
        : encoding === 'gzip'
          ? gunzipSync(res.rawPayload)
          : res.rawPayload;
    return { status: res.statusCode, headers, body: bytes.toString().replace(/"duration_ms":\d+\}$/, '') };
  };

  it.each([
    [`${LIST}?work_model=remote&sort=salary`, {}],
    [`${LIST}?sort=salary&work_model=remote&utm_source=news&fbclid=17`, {}],
    [`${FILTERS}?facet_limit=100&location=deutschland`, { 'accept-encoding': 'br' }],
    [`${COUNT}?q=developer&gclid=x`, { 'accept-encoding': 'gzip, deflate' }],
    [`/jobs/api/job-search-location-autosuggest?q=m%C3%BC`, { 'accept-encoding': 'br' }],
  ])('answers %s again exactly as the first time, without validating it again', async (url, headers) => {
    const { app: counted, validated } = await countingApp();
    try {
      const inject = (h: Record<string, string> = headers) => counted.inject({ method: 'GET', url, headers: h });
      const first = await inject();
      expect(first.statusCode).toBe(200);
      const again = [await inject(), await inject(), await inject()];
      for (const res of again) expect(seen(res)).toEqual(seen(first));
      expect(validated.get(url)).toBe(1);
      // The client holding the ETag: 304, still without validation.
      const held = await inject({ ...headers, 'if-none-match': String(first.headers.etag) });
      expect([held.statusCode, held.headers.etag, held.body]).toEqual([304, first.headers.etag, '']);
      // Another encoding of the same URL: the alias serves it in that encoding.
      const plain = await inject({});
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.etag).toBe(first.headers.etag);
      expect(validated.get(url)).toBe(1);
    } finally {
      await counted.close();
    }
  });

  it('never serves an alias across an index change: the new version answers, validated once more', async () => {
    const { app: counted, live: own, validated } = await countingApp();
    try {
      const url = `${COUNT}?work_model=remote`;
      const before = await counted.inject({ method: 'GET', url });
      await counted.inject({ method: 'GET', url });
      const fewer = corpus().filter((j) => j.workModel !== 'remote' || Number(j.boardId) % 2 === 0);
      own.swap(sharedIndex(fewer), 8, NOW);
      const after = await counted.inject({ method: 'GET', url });
      expect(after.headers.etag).not.toBe(before.headers.etag);
      const total = (res: typeof after) => res.json<{ total_results: number }>().total_results;
      expect(total(after)).toBeLessThan(total(before));
      expect(total(after)).toBe(fewer.filter((j) => j.workModel === 'remote').length);
      expect(validated.get(url)).toBe(2);
      const old = await counted.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': String(before.headers.etag) },
      });
      expect(old.statusCode).toBe(200);
    } finally {
      await counted.close();
    }
  });

  it('validates a URL again once its answer has left the cache, and keeps within the budget with aliases', async () => {
    const { app: counted, validated } = await countingApp(64 * 1024);
    try {
      const first = `${LIST}?per_page=50&location=deutschland`;
      await counted.inject({ method: 'GET', url: first });
      for (let i = 0; i < 300; i++) await counted.inject({ method: 'GET', url: `${LIST}?per_page=50&q=${i}` });
      const text = (await counted.inject({ method: 'GET', url: '/metrics' })).body;
      const bytes = Number(/^http_response_cache_bytes (\d+)/m.exec(text)?.[1]);
      expect(bytes).toBeLessThanOrEqual(64 * 1024);
      expect(bytes).toBeGreaterThan(32 * 1024);
      expect((await counted.inject({ method: 'GET', url: first })).statusCode).toBe(200);
      expect(validated.get(first)).toBe(2);
    } finally {
      await counted.close();
    }
  });

  it('keys aliases without tracking parameters or the _ cache-buster: 20,000 utm values add no entry and evict nothing', async () => {
    const { app: counted, validated } = await countingApp();
    try {
      const metric = async (name: string) =>
        Number(
          new RegExp(`^${name} (\\d+)`, 'm').exec((await counted.inject({ method: 'GET', url: '/metrics' })).body)?.[1],
        );
      // Answers worth keeping: 20 list pages, each asked once.
      const pages = Array.from({ length: 20 }, (_, i) => `${LIST}?per_page=5&page=${i + 1}`);
      for (const url of pages) await counted.inject({ method: 'GET', url });
      const tracked = `${COUNT}?work_model=remote&utm_source=news`;
      await counted.inject({ method: 'GET', url: tracked });
      const bytes = await metric('http_response_cache_bytes');
      const entries = await metric('http_response_cache_entries');
      for (let i = 0; i < 20_000; i++) {
        const url = `${COUNT}?work_model=remote&utm_source=s${i}&${i % 2 === 0 ? `_=${i}` : `gclid=${i}`}`;
        const res = await counted.inject({ method: 'GET', url });
        if (i === 0) expect(res.headers['x-ignored-params']).toBe('utm_source, _');
        if (i === 1) expect(res.headers['x-ignored-params']).toBe('utm_source, gclid');
      }
      // No entry added, none pushed out: every page is still answered by its alias.
      expect(await metric('http_response_cache_entries')).toBe(entries);
      expect(await metric('http_response_cache_bytes')).toBe(bytes);
      for (const url of pages) await counted.inject({ method: 'GET', url });
      expect(pages.map((url) => validated.get(url))).toEqual(pages.map(() => 1));
      // The tracked URLs were answered by the clean URL's alias, never validated again.
      expect(validated.get(tracked)).toBe(1);
      expect([...validated.keys()].filter((url) => url.includes('utm_source=s'))).toEqual([]);
    } finally {
      await counted.close();
    }
  });

  it('never answers a HEAD or another method by alias', async () => {
    const { app: counted, validated } = await countingApp();
    try {
      const url = `${COUNT}?work_model=hybrid`;
      const get1 = await counted.inject({ method: 'GET', url });
      const head = await counted.inject({ method: 'HEAD', url });
      expect([head.statusCode, head.body]).toEqual([200, '']);
      expect(head.headers.etag).toBe(get1.headers.etag);
      expect(validated.get(url)).toBe(2);
      expect((await counted.inject({ method: 'POST', url })).statusCode).toBe(405);
    } finally {
      await counted.close();
    }
  });
});
