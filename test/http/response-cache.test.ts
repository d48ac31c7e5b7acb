import { describe, expect, it } from 'vitest';
import { ENTRY_OVERHEAD_BYTES, ResponseCache, entryBytes } from '../../src/http/response-cache.js';
import { LiveIndex } from '../../src/runtime/live-index.js';
import { SearchIndex } from '../../src/search/search-index.js';
import { DEFAULT_SALARY_BUCKETS } from '../../src/domain/salary-buckets.js';
import { buildApp } from '../../src/http/build-app.js';
import type { CountResponse } from '../../src/http/schemas.js';
import { job } from '../builders.js';
import { NOW } from './fixture.js';

const snapshotOf = (live: LiveIndex) => live.current!;

describe('ResponseCache', () => {
  const live = new LiveIndex();
  live.swap(SearchIndex.build([], { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW }), 1, NOW);
  const body = '{"success":true,"duration_ms":1}';
  const MB = 1024 * 1024;

  it('answers a kept body with the new duration_ms in place of the old', () => {
    const cache = new ResponseCache(MB);
    cache.set(snapshotOf(live), '/a', '{"success":true,"total_results":3,"duration_ms":17}');
    expect(cache.get(snapshotOf(live), '/a', 2)?.toString()).toBe('{"success":true,"total_results":3,"duration_ms":2}');
    expect(cache.get(snapshotOf(live), '/b', 2)).toBeUndefined();
    expect([cache.hits, cache.misses]).toEqual([1, 1]);
  });

  it('gives back a body with characters beyond ASCII byte for byte, and charges its UTF-8 bytes', () => {
    const cache = new ResponseCache(MB);
    const text = '{"location":"München, Köln · Zürich 🏔","duration_ms":5}';
    cache.set(snapshotOf(live), '/u', text);
    const answer = cache.get(snapshotOf(live), '/u', 12);
    expect(answer?.toString('utf8')).toBe(text.replace('"duration_ms":5', '"duration_ms":12'));
    const prefix = text.slice(0, text.indexOf(',"duration_ms"'));
    expect(cache.bytes).toBe(entryBytes('/u', Buffer.byteLength(prefix)));
    expect(Buffer.byteLength(prefix)).toBeGreaterThan(prefix.length);
  });

  it('ignores a body that does not end with duration_ms', () => {
    const cache = new ResponseCache(MB);
    cache.set(snapshotOf(live), '/a', '{"duration_ms":1,"success":true}');
    cache.set(snapshotOf(live), '/b', 'not json');
    expect(cache.get(snapshotOf(live), '/a', 0)).toBeUndefined();
    expect(cache.get(snapshotOf(live), '/b', 0)).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('charges each entry its key, body and overhead, and forgets the least recently used past its byte budget', () => {
    const prefix = '{"success":true';
    const one = entryBytes('/1', Buffer.byteLength(prefix));
    expect(one).toBe(ENTRY_OVERHEAD_BYTES + 2 * '/1'.length + prefix.length);
    const cache = new ResponseCache(2 * one + 1);
    cache.set(snapshotOf(live), '/1', body);
    cache.set(snapshotOf(live), '/2', body);
    expect(cache.bytes).toBe(2 * one);
    cache.get(snapshotOf(live), '/1', 0);
    cache.set(snapshotOf(live), '/3', body);
    expect(cache.bytes).toBe(2 * one);
    expect(cache.get(snapshotOf(live), '/2', 0)).toBeUndefined();
    expect(cache.get(snapshotOf(live), '/1', 0)).toBeDefined();
    expect(cache.get(snapshotOf(live), '/3', 0)).toBeDefined();
  });

  it('keeps no body larger than an eighth of its budget', () => {
    const cache = new ResponseCache(8000);
    cache.set(snapshotOf(live), '/big', `{"x":"${'a'.repeat(1000)}","duration_ms":1}`);
    expect(cache.size).toBe(0);
  });

  it('keeps nothing across snapshots', () => {
    const cache = new ResponseCache(MB);
    const first = snapshotOf(live);
    cache.set(first, '/a', body);
    live.swap(SearchIndex.build([], { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW }), 2, NOW);
    expect(cache.get(snapshotOf(live), '/a', 0)).toBeUndefined();
    cache.set(snapshotOf(live), '/b', body);
    expect(cache.size).toBe(1);
  });
});

describe('the API with its response cache', () => {
  it('answers a repeated URL alike and a new index with the new data', async () => {
    const live = new LiveIndex();
    const build = (n: number) =>
      SearchIndex.build(
        Array.from({ length: n }, () => job()),
        { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW },
      );
    live.swap(build(3), 1, NOW);
    const app = await buildApp({
      live,
      config: { newWithinDays: 7, salaryBuckets: DEFAULT_SALARY_BUCKETS, corsOrigin: '*', cacheMaxAgeSeconds: 10 },
      logger: false,
    });
    const url = '/jobs/api/job-search-results-count?work_model=hybrid';
    const first = await app.inject(url);
    const second = await app.inject(url);
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers.etag).toBe(first.headers.etag);
    const { duration_ms: _a, ...a } = first.json<CountResponse>();
    const { duration_ms: _b, ...b } = second.json<CountResponse>();
    expect(b).toEqual(a);
    expect(a.total_results).toBe(3);

    live.swap(build(5), 2, NOW + 1);
    const third = await app.inject(url);
    expect(third.json<CountResponse>().total_results).toBe(5);
    expect(third.headers.etag).not.toBe(first.headers.etag);
    await app.close();
  });

  it('never keeps an error: a bad URL is rejected every time', async () => {
    const live = new LiveIndex();
    live.swap(SearchIndex.build([job()], { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW }), 1, NOW);
    const app = await buildApp({
      live,
      config: { newWithinDays: 7, salaryBuckets: DEFAULT_SALARY_BUCKETS, corsOrigin: '*', cacheMaxAgeSeconds: 10 },
      logger: false,
    });
    for (let i = 0; i < 3; i++)
      expect((await app.inject('/jobs/api/job-search-results-list?page=0')).statusCode).toBe(400);
    await app.close();
  });
});
