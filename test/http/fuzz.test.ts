/**
 * Property: whatever the query string, conditional and encoding headers and path, an API answer is
 * never a 5xx, never a 304 where the request itself is invalid, never cacheable when it is an
 * error, and always JSON with `success`.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiInstance } from '../../src/http/app-types.js';
import { SELECTED_ORDER, testApp } from './fixture.js';

const ENDPOINTS = [
  '/jobs/api/job-search-filter-data',
  '/jobs/api/job-search-results-count',
  '/jobs/api/job-search-results-list',
  '/jobs/api/job-search-location-autosuggest',
  '/jobs/api/job-search-company-autosuggest',
];
/** Every parameter the API knows: the filter data's `selected` keys and the rest. */
const KNOWN = [...SELECTED_ORDER, 'q', 'facet_mode', 'facet_limit', 'page', 'per_page', 'limit'];
const TYPICAL_VALUES = [
  '',
  '0',
  '1',
  '2',
  '-1',
  '20',
  '100',
  '101',
  '50000',
  '50001',
  '1e3',
  '0x10',
  ' 7',
  'abc',
  'remote',
  'hybrid',
  'date',
  'salary',
  'relevance',
  'asc',
  'desc',
  'yes',
  'no',
  'disjunctive',
  'berlin',
  'münchen',
  'München',
  'seo-manager',
  '40000-60000',
  '80000+',
  '__proto__',
  'constructor',
];

let app: ApiInstance;
const etags: string[] = [];

beforeEach(async () => {
  app = await testApp();
  for (const url of ENDPOINTS) {
    const etag = (await app.inject(`${url}?work_model=remote`)).headers.etag;
    if (typeof etag === 'string') etags.push(etag);
  }
});

afterEach(async () => {
  await app.close();
});

const name = fc.oneof(
  fc.constantFrom(...KNOWN),
  fc.constantFrom('utm_source', '_', 'gclid', 'wokr_model', 'x', 'page[]', 'a.b'),
  fc.string({ maxLength: 12 }),
);
const value = fc.oneof(
  fc.constantFrom(...TYPICAL_VALUES),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.nat().map(String),
);
const pair = fc.tuple(name, value, fc.constantFrom('encoded', 'encoded', 'raw-percent'));
const path = fc.oneof(
  fc.constantFrom(...ENDPOINTS),
  fc.constantFrom(...ENDPOINTS).map((p) => `${p}/`),
  fc.constantFrom(
    '/jobs/api/',
    '/jobs/api/nothing',
    '/jobs/api/job-search-results-list/extra',
    '/JOBS/API/job-search-results-count',
  ),
  fc.string({ maxLength: 20 }).map((s) => `/jobs/api/${encodeURIComponent(s)}`),
);
const ifNoneMatch = fc.option(
  fc.oneof(
    fc.constantFrom('*', 'W/"x"', '"', ''),
    fc.integer({ min: 0, max: 9 }).map((i) => etags[i % Math.max(1, etags.length)] ?? '*'),
  ),
  { nil: undefined },
);
const acceptEncoding = fc.option(
  fc.constantFrom('gzip', 'br', 'gzip, br', 'deflate', 'identity', '*', 'br;q=0, gzip;q=1', 'bogus'),
  { nil: undefined },
);

function urlOf(p: string, pairs: ReadonlyArray<readonly [string, string, string]>): string {
  if (pairs.length === 0) return p;
  const qs = pairs
    .map(([k, v, how]) =>
      how === 'raw-percent'
        ? `${encodeURIComponent(k)}=%${v.slice(0, 2)}`
        : `${encodeURIComponent(k)}=${encodeURIComponent(v)}`,
    )
    .join('&');
  return `${p}?${qs}`;
}

function bodyText(payload: Buffer, encoding: string | undefined): string {
  if (encoding === 'gzip') return gunzipSync(payload).toString('utf8');
  if (encoding === 'br') return brotliDecompressSync(payload).toString('utf8');
  return payload.toString('utf8');
}

describe('fuzzed requests to every endpoint', () => {
  it(
    'never answer 5xx, 304 to an invalid request, a cacheable error, or a body without success',
    { timeout: 180_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          path,
          fc.array(pair, { maxLength: 5 }),
          ifNoneMatch,
          acceptEncoding,
          async (p, pairs, inm, ae) => {
            const url = urlOf(p, pairs);
            const headers: Record<string, string> = {};
            if (inm !== undefined) headers['if-none-match'] = inm;
            if (ae !== undefined) headers['accept-encoding'] = ae;
            const res = await app.inject({ method: 'GET', url, headers });
            expect(res.statusCode, url).toBeLessThan(500);

            if (res.statusCode === 304) {
              // The same request unconditionally must be a valid one, with the ETag that matched.
              const plain = await app.inject({ method: 'GET', url });
              expect(plain.statusCode, url).toBe(200);
              expect(res.headers.etag).toBe(plain.headers.etag);
              return;
            }
            const body = JSON.parse(bodyText(res.rawPayload, res.headers['content-encoding'])) as { success?: unknown };
            expect(typeof body.success, url).toBe('boolean');
            if (res.statusCode >= 400) {
              expect(body.success).toBe(false);
              expect(res.headers.etag, url).toBeUndefined();
              expect(res.headers['cache-control'], url).toBe('no-store');
            } else {
              expect(body.success).toBe(true);
              expect(res.headers.etag).toMatch(/^W\/"[^"]+"$/);
            }
          },
        ),
        { numRuns: 400 },
      );
    },
  );
});
