import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ENTRY_OVERHEAD_BYTES, ResponseCache, entryBytes } from '../../src/http/response-cache.js';
import { COMPRESS_THRESHOLD, acceptedEncoding } from '../../src/http/compression.js';
import { LiveIndex } from '../../src/runtime/live-index.js';
import { SearchIndex } from '../../src/search/segments/search-index.js';
import { DEFAULT_SALARY_BUCKETS } from '../../src/domain/salary-buckets.js';
import { buildApp } from '../../src/http/build-app.js';
import type { CountResponse } from '../../src/http/schemas.js';
import { job } from '../builders.js';
import { NOW, testApp, testConfig } from './fixture.js';

const snapshotOf = (live: LiveIndex) => live.current!;

describe('ResponseCache', () => {
  const live = new LiveIndex();
  live.swap(SearchIndex.build([], { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW }), 1, NOW);
  const body = '{"success":true,"duration_ms":1}';
  /** What keeping `body` under `path` is charged (it is kept with `"duration_ms":0`). */
  const bodyEntry = (path: string): number => entryBytes(path, Buffer.byteLength(body.replace(':1}', ':0}')));
  const MB = 1024 * 1024;
  /** A 100-character body of its own per number, and what keeping one under `path` is charged. */
  const numbered = (i: number) => `{"v":"${String(i).repeat(100)}","duration_ms":1}`;
  const numberedEntry = (path: string): number =>
    entryBytes(path, Buffer.byteLength(numbered(1).replace(':1}', ':0}')));

  it('answers a kept body with the new duration_ms in place of the old', () => {
    const cache = new ResponseCache(MB);
    cache.set(snapshotOf(live), '/a', '{"success":true,"total_results":3,"duration_ms":17}');
    expect(cache.get(snapshotOf(live), '/a', 2)?.body.toString()).toBe(
      '{"success":true,"total_results":3,"duration_ms":2}',
    );
    expect(cache.get(snapshotOf(live), '/b', 2)).toBeUndefined();
    expect([cache.hits, cache.misses]).toEqual([1, 1]);
  });

  it('gives back a body with characters beyond ASCII byte for byte, and charges its UTF-8 bytes', () => {
    const cache = new ResponseCache(MB);
    const text = '{"location":"München, Köln · Zürich 🏔","duration_ms":5}';
    cache.set(snapshotOf(live), '/u', text);
    const answer = cache.get(snapshotOf(live), '/u', 12);
    expect(answer?.body.toString('utf8')).toBe(text.replace('"duration_ms":5', '"duration_ms":12'));
    const kept = text.replace('"duration_ms":5', '"duration_ms":0');
    expect(cache.bytes).toBe(entryBytes('/u', Buffer.byteLength(kept)));
    expect(Buffer.byteLength(kept)).toBeGreaterThan(kept.length);
    // Given as its UTF-8 bytes (as the API's hook gives it), the same.
    cache.set(snapshotOf(live), '/bytes', Buffer.from(text));
    expect(cache.get(snapshotOf(live), '/bytes', 0)?.body.toString('utf8')).toBe(kept);
    expect(cache.get(snapshotOf(live), '/bytes', 7)?.body.toString('utf8')).toBe(
      text.replace('"duration_ms":5', '"duration_ms":7'),
    );
  });

  it('answers a hit of 0 ms with the kept buffer itself, and a slower one with a copy that leaves it as it was', () => {
    const cache = new ResponseCache(MB);
    cache.set(snapshotOf(live), '/a', '{"success":true,"total_results":3,"duration_ms":17}');
    const first = cache.get(snapshotOf(live), '/a', 0)?.body;
    expect(first?.toString()).toBe('{"success":true,"total_results":3,"duration_ms":0}');
    expect(cache.get(snapshotOf(live), '/a', 0)?.body).toBe(first);
    const slow = cache.get(snapshotOf(live), '/a', 1234);
    expect(slow?.body).not.toBe(first);
    expect(slow?.body.toString()).toBe('{"success":true,"total_results":3,"duration_ms":1234}');
    expect(first?.toString()).toBe('{"success":true,"total_results":3,"duration_ms":0}');
  });

  it('keeps a compressed form made at the first hit of 0 ms that accepts it, charged to the entry', () => {
    const cache = new ResponseCache(MB);
    const text = `{"values":"${'Softwareentwickler München '.repeat(100)}","duration_ms":9}`;
    const plain = text.replace('"duration_ms":9', '"duration_ms":0');
    cache.set(snapshotOf(live), '/z', text);
    const before = cache.bytes;
    expect(before).toBe(entryBytes('/z', Buffer.byteLength(plain)));
    const br = cache.get(snapshotOf(live), '/z', 0, 'br');
    expect(br?.encoding).toBe('br');
    expect(brotliDecompressSync(br!.body).toString()).toBe(plain);
    expect(br!.body.length).toBeLessThan(plain.length / 10);
    expect(cache.bytes).toBe(before + br!.body.length);
    expect(cache.get(snapshotOf(live), '/z', 0, 'br')?.body).toBe(br!.body);
    const gz = cache.get(snapshotOf(live), '/z', 0, 'gzip');
    expect(gunzipSync(gz!.body).toString()).toBe(plain);
    expect(cache.bytes).toBe(before + br!.body.length + gz!.body.length);
    // Slower than 0 ms: a plain copy with its duration (the hook compresses it), nothing new kept.
    const slow = cache.get(snapshotOf(live), '/z', 3, 'br');
    expect([slow?.encoding, slow?.body.toString()]).toEqual([null, text.replace('"duration_ms":9', '"duration_ms":3')]);
    expect(cache.bytes).toBe(before + br!.body.length + gz!.body.length);
  });

  it('counts a compressed form against the budget: the entries before it go first', () => {
    const text = (i: number) => `{"v":"${String(i).repeat(1100)}","duration_ms":1}`;
    const one = entryBytes('/1', Buffer.byteLength(text(1).replace(':1}', ':0}')));
    const cache = new ResponseCache(9 * one + 5);
    for (let i = 1; i <= 9; i++) cache.set(snapshotOf(live), `/${i}`, text(i));
    expect([cache.size, cache.bytes]).toEqual([9, 9 * one]);
    const gz = cache.get(snapshotOf(live), '/9', 0, 'gzip');
    expect(gz?.encoding).toBe('gzip');
    expect(cache.size).toBe(8);
    expect(cache.bytes).toBe(8 * one + gz!.body.length);
    expect(cache.get(snapshotOf(live), '/1', 0)).toBeUndefined();
    expect(cache.get(snapshotOf(live), '/9', 0, 'gzip')?.body).toBe(gz!.body);
  });

  it('gives a body below the compression threshold plain whatever the client accepts, as when it was made', () => {
    const cache = new ResponseCache(MB);
    const small = `{"v":"${'x'.repeat(COMPRESS_THRESHOLD - 40)}","duration_ms":1}`;
    // Exactly the threshold once kept: `{"v":"` + x… + `","duration_ms":0}` (24 bytes around).
    const large = `{"v":"${'x'.repeat(COMPRESS_THRESHOLD - 24)}","duration_ms":1}`;
    expect(Buffer.byteLength(large)).toBe(COMPRESS_THRESHOLD);
    cache.set(snapshotOf(live), '/s', small);
    cache.set(snapshotOf(live), '/l', large);
    const before = cache.bytes;
    expect(cache.get(snapshotOf(live), '/s', 0, 'br')).toEqual({
      body: Buffer.from(small.replace(':1}', ':0}')),
      encoding: null,
    });
    expect(cache.bytes).toBe(before);
    expect(cache.get(snapshotOf(live), '/l', 0, 'br')?.encoding).toBe('br');
  });

  it('keeps an alias only beside its answer, charges it, and forgets it with a new index version', () => {
    const cache = new ResponseCache(MB);
    const alias = { to: '/a?x=1', etag: 'W/"7-abc"' };
    cache.remember(snapshotOf(live), '/a?utm_source=n&x=1', alias);
    expect(cache.aliasOf(snapshotOf(live), '/a?utm_source=n&x=1')).toBeUndefined();
    cache.set(snapshotOf(live), '/a?x=1', body);
    const answerBytes = cache.bytes;
    cache.remember(snapshotOf(live), '/a?utm_source=n&x=1', alias);
    expect(cache.aliasOf(snapshotOf(live), '/a?utm_source=n&x=1')).toEqual(alias);
    expect(cache.aliasOf(snapshotOf(live), '/a?x=1')).toBeUndefined();
    expect(cache.holds(snapshotOf(live), '/a?x=1')).toBe(true);
    expect(cache.holds(snapshotOf(live), '/a?utm_source=n&x=1')).toBe(false);
    // An alias is not an answer: not counted as one, never given as a body.
    expect(cache.size).toBe(1);
    expect(cache.get(snapshotOf(live), '/a?utm_source=n&x=1', 0)).toBeUndefined();
    const aliasBytes = ENTRY_OVERHEAD_BYTES + 2 * ('/a?utm_source=n&x=1'.length + 1) + 2 * (6 + 9);
    expect(cache.bytes).toBe(answerBytes + aliasBytes);
    // Remembered again: replaced, not charged twice.
    cache.remember(snapshotOf(live), '/a?utm_source=n&x=1', alias);
    expect(cache.bytes).toBe(answerBytes + aliasBytes);
    const next = new LiveIndex();
    next.swap(live.current!.index, live.current!.cursor + 1, NOW);
    expect(cache.aliasOf(snapshotOf(next), '/a?utm_source=n&x=1')).toBeUndefined();
    cache.set(snapshotOf(next), '/b', body);
    expect(cache.aliasOf(snapshotOf(live), '/a?utm_source=n&x=1')).toBeUndefined();
    expect(cache.bytes).toBe(bodyEntry('/b'));
  });

  it('evicts aliases and answers by one least-recently-used order within one budget', () => {
    const one = numberedEntry('/1');
    // Room for three answers and an alias (190 bytes here), not for four answers.
    const cache = new ResponseCache(3 * one + 250);
    for (let i = 1; i <= 3; i++) cache.set(snapshotOf(live), `/${i}`, numbered(i));
    cache.remember(snapshotOf(live), '/1?_=1', { to: '/1', etag: 'W/"e1"' });
    expect(cache.bytes).toBe(3 * one + 190);
    expect(cache.aliasOf(snapshotOf(live), '/1?_=1')?.to).toBe('/1');
    // A fourth answer: the oldest slot (answer /1) goes, then its alias is of no use.
    cache.set(snapshotOf(live), '/4', numbered(4));
    expect(cache.holds(snapshotOf(live), '/1')).toBe(false);
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBe(3 * one + 190);
    // Answers /5 and /6 push out /2 and /3; /7 the alias (now the oldest slot), then /4.
    for (let i = 5; i <= 6; i++) cache.set(snapshotOf(live), `/${i}`, numbered(i));
    expect(cache.bytes).toBe(3 * one + 190);
    cache.set(snapshotOf(live), '/7', numbered(7));
    expect(cache.aliasOf(snapshotOf(live), '/1?_=1')).toBeUndefined();
    expect([cache.size, cache.bytes]).toEqual([3, 3 * one]);
    expect([4, 5, 6, 7].map((i) => cache.holds(snapshotOf(live), `/${i}`))).toEqual([false, true, true, true]);
  });

  it('counts an alias looked up as used: it moves past the answers used before it', () => {
    const one = numberedEntry('/1');
    // Room for three answers and one alias (190 bytes here), not for a second alias.
    const cache = new ResponseCache(3 * one + 192 + 100);
    for (let i = 1; i <= 3; i++) cache.set(snapshotOf(live), `/${i}`, numbered(i));
    cache.remember(snapshotOf(live), '/1?_=1', { to: '/1', etag: 'W/"e1"' });
    for (let i = 1; i <= 3; i++) cache.get(snapshotOf(live), `/${i}`, 0);
    // The alias is the oldest slot now; looking it up makes it the newest, and answer /1 the oldest.
    expect(cache.aliasOf(snapshotOf(live), '/1?_=1')?.to).toBe('/1');
    cache.remember(snapshotOf(live), '/2?_=1', { to: '/2', etag: 'W/"e2"' });
    expect([1, 2, 3].map((i) => cache.holds(snapshotOf(live), `/${i}`))).toEqual([false, true, true]);
    expect(cache.aliasOf(snapshotOf(live), '/2?_=1')?.to).toBe('/2');
  });

  it('ignores a body that does not end with duration_ms', () => {
    const cache = new ResponseCache(MB);
    cache.set(snapshotOf(live), '/a', '{"duration_ms":1,"success":true}');
    cache.set(snapshotOf(live), '/b', 'not json');
    cache.set(snapshotOf(live), '/c', '{"success":true,"duration_ms":}');
    cache.set(snapshotOf(live), '/d', Buffer.from('{"success":true,"duration_ms":1x}'));
    cache.set(snapshotOf(live), '/e', Buffer.from('{"success":true,"duration_ms":-1}'));
    cache.set(snapshotOf(live), '/f', Buffer.from('{"success":true,"duration_ms":1} '));
    for (const path of ['/a', '/b', '/c', '/d', '/e', '/f'])
      expect(cache.get(snapshotOf(live), path, 0)).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('charges each entry its key, body and overhead, and forgets the least recently used past its byte budget', () => {
    const kept = '{"success":true,"duration_ms":0}';
    const one = entryBytes('/1', Buffer.byteLength(kept));
    expect(one).toBe(ENTRY_OVERHEAD_BYTES + 2 * '/1'.length + kept.length);
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

  it('keeps a body of exactly an eighth of its budget, and one whose entries fill the budget exactly', () => {
    const exact = `{"x":"${'a'.repeat(1000 - 24)}","duration_ms":1}`;
    expect(exact.length).toBe(1000);
    const cache = new ResponseCache(8000);
    cache.set(snapshotOf(live), '/edge', exact);
    expect(cache.size).toBe(1);
    // Two entries charged exactly the budget: both stay.
    const one = bodyEntry('/1');
    const full = new ResponseCache(2 * one);
    full.set(snapshotOf(live), '/1', body);
    full.set(snapshotOf(live), '/2', body);
    expect([full.size, full.bytes]).toEqual([2, 2 * one]);
  });

  it('keeps no body whose duration_ms is not a plain whole number at its very end', () => {
    const cache = new ResponseCache(MB);
    const bodies = [
      '{"a":1,"duration_ms":x1}',
      '{"a":1,"duration_ms":1}}',
      '{"a":1,"duration_ms":"1"}',
      '{"a":1,"duration_ms":1.5}',
      // No duration field, but digits and a brace where its value would be.
      '{"abcdefghij":12}',
    ];
    for (const [i, b] of bodies.entries()) cache.set(snapshotOf(live), `/${i}`, b);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('charges a replaced entry back with its compressed forms', () => {
    const cache = new ResponseCache(MB);
    const text = `{"values":"${'Softwareentwickler München '.repeat(100)}","duration_ms":9}`;
    cache.set(snapshotOf(live), '/z', text);
    cache.get(snapshotOf(live), '/z', 0, 'br');
    cache.get(snapshotOf(live), '/z', 0, 'gzip');
    cache.set(snapshotOf(live), '/z', body);
    expect(cache.bytes).toBe(bodyEntry('/z'));
  });

  it('remembers no alias of an answer it does not hold, or of another index version', () => {
    const cache = new ResponseCache(MB);
    const alias = { to: '/a', etag: 'W/"1-a"' };
    cache.set(snapshotOf(live), '/a', body);
    cache.remember(snapshotOf(live), '/x?gone', { ...alias, to: '/gone' });
    expect(cache.aliasOf(snapshotOf(live), '/x?gone')).toBeUndefined();
    const next = new LiveIndex();
    next.swap(live.current!.index, live.current!.cursor + 7, NOW);
    cache.remember(snapshotOf(next), '/a?old', alias);
    expect(cache.aliasOf(snapshotOf(live), '/a?old')).toBeUndefined();
    expect(cache.holds(snapshotOf(next), '/a')).toBe(false);
    expect(cache.bytes).toBe(bodyEntry('/a'));
  });

  it('changes nothing when asked for an alias it does not have', () => {
    const one = bodyEntry('/1');
    const cache = new ResponseCache(2 * one);
    expect(cache.aliasOf(snapshotOf(live), '/never')).toBeUndefined();
    cache.set(snapshotOf(live), '/1', body);
    expect(cache.aliasOf(snapshotOf(live), '/1')).toBeUndefined();
    // Filling the budget evicts in order; a slot the lookup left behind would break the count.
    for (let i = 2; i <= 4; i++) cache.set(snapshotOf(live), `/${i}`, body);
    expect([cache.size, cache.bytes]).toEqual([2, 2 * one]);
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
      config: testConfig(),
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

  it('answers in the accepted encoding, uncached and cached alike, and says that the answer varies with it', async () => {
    const live = new LiveIndex();
    live.swap(
      SearchIndex.build(
        Array.from({ length: 30 }, () => job()),
        { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW },
      ),
      1,
      NOW,
    );
    const config = testConfig({ corsOrigin: 'https://board.example' });
    const url = '/jobs/api/job-search-results-list?per_page=30&work_model=hybrid';
    const decode = (raw: Buffer, encoding: string | undefined): unknown => {
      const text =
        encoding === 'br'
          ? brotliDecompressSync(raw).toString()
          : encoding === 'gzip'
            ? gunzipSync(raw).toString()
            : raw.toString();
      const { duration_ms: _, ...rest } = JSON.parse(text) as { duration_ms: number };
      return rest;
    };
    let expected: unknown = null;
    for (const [accept, encoding] of [
      [undefined, undefined],
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      // A fresh app each: the first request is answered by the index, the second by the cache.
      const app = await buildApp({ live, config, logger: false });
      for (const round of [1, 2]) {
        const headers: Record<string, string> = { origin: 'https://board.example' };
        if (accept !== undefined) headers['accept-encoding'] = accept;
        const res = await app.inject({ url, headers });
        expect([res.statusCode, res.headers['content-encoding'], round]).toEqual([200, encoding, round]);
        expect(res.headers.vary).toMatch(/origin/i);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expected ??= decode(res.rawPayload, encoding);
        expect(decode(res.rawPayload, encoding)).toEqual(expected);
      }
      await app.close();
    }
    expect((expected as { jobs: unknown[] }).jobs).toHaveLength(30);
  });

  it('sends an answer below the compression threshold plain, and names Accept-Encoding in Vary once', async () => {
    for (const corsOrigin of ['*', 'https://board.example']) {
      const app = await testApp([job()], { config: { corsOrigin } });
      for (const round of [1, 2]) {
        const res = await app.inject({
          url: '/jobs/api/job-search-results-count?work_model=remote',
          headers: { 'accept-encoding': 'br, gzip', origin: 'https://board.example' },
        });
        expect([res.statusCode, res.headers['content-encoding'], round]).toEqual([200, undefined, round]);
        expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
        const vary = String(res.headers.vary)
          .split(',')
          .map((v) => v.trim().toLowerCase());
        expect(vary.filter((v) => v === 'accept-encoding')).toHaveLength(1);
        expect(vary).not.toContain('undefined');
        expect(vary).not.toContain('');
      }
      await app.close();
    }
  });

  it('never keeps an error: a bad URL is rejected every time', async () => {
    const live = new LiveIndex();
    live.swap(SearchIndex.build([job()], { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW }), 1, NOW);
    const app = await buildApp({
      live,
      config: testConfig(),
      logger: false,
    });
    for (let i = 0; i < 3; i++)
      expect((await app.inject('/jobs/api/job-search-results-list?page=0')).statusCode).toBe(400);
    await app.close();
  });

  it('never keeps an error found after validation: an unknown posting is 404 every time', async () => {
    const app = await testApp([job()]);
    for (let i = 0; i < 3; i++) {
      const res = await app.inject('/jobs/api/jobs/987654321');
      expect([res.statusCode, res.json<{ error: { code: string } }>().error.code, i]).toEqual([404, 'not_found', i]);
      expect(res.headers.etag).toBeUndefined();
    }
    await app.close();
  });
});

describe('acceptedEncoding', () => {
  // Written plainly: the first of br, gzip (or * / x-gzip) the header accepts with a weight above 0,
  // by weight, br first on a tie.
  function expected(header: string): 'br' | 'gzip' | null {
    const weights = new Map<string, number>();
    for (const part of header.toLowerCase().split(',')) {
      const [name = '', ...params] = part.split(';').map((p) => p.trim());
      const q = params.find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      const key = name === '*' || name === 'x-gzip' ? 'gzip' : name;
      if (!weights.has(key) || weights.get(key)! < weight) weights.set(key, weight);
    }
    const br = weights.get('br') ?? 0;
    const gzip = weights.get('gzip') ?? 0;
    if (br <= 0 && gzip <= 0) return null;
    return br >= gzip ? 'br' : 'gzip';
  }

  it('answers the same for a header it has seen as for a new one, past the memo of 64 and back', () => {
    const headers = [
      'gzip, deflate, br',
      'br;q=0.5, gzip',
      'identity',
      '*',
      'x-gzip',
      'br;q=0',
      'gzip;q=0, br;q=0',
      'deflate',
      'GZIP',
      ...Array.from({ length: 100 }, (_, i) => `gzip;q=0.${(i % 9) + 1}, br;q=0.${((i * 7) % 9) + 1}, x-${i}`),
    ];
    const first = headers.map((h) => acceptedEncoding(h));
    expect(first).toEqual(headers.map(expected));
    expect(headers.map((h) => acceptedEncoding(h))).toEqual(first);
    expect([acceptedEncoding(undefined), acceptedEncoding(''), acceptedEncoding(['gzip', 'br'])]).toEqual([
      null,
      null,
      'br',
    ]);
  });
});
