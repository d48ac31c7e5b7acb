/**
 * What each route declares beside its handler: the defaults that share a cache entry and an
 * ETag, the OpenAPI summary, and the answers to blank input (src/http/routes).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiInstance } from '../../src/http/app-types.js';
import { DEFAULT_SUGGEST_LIMIT } from '../../src/http/schemas.js';
import { corpus, testApp } from './fixture.js';

const SUGGEST = ['location', 'company', 'title'].map((kind) => `/jobs/api/job-search-${kind}-autosuggest`);

let app: ApiInstance;
beforeEach(async () => {
  app = await testApp(corpus());
});
afterEach(async () => {
  await app.close();
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('autocomplete routes', () => {
  it.each(SUGGEST)('%s: the default limit written out shares the ETag of leaving it out', async (path) => {
    const plain = await get(`${path}?q=b`);
    const written = await get(`${path}?q=b&limit=${DEFAULT_SUGGEST_LIMIT}`);
    const other = await get(`${path}?q=b&limit=${DEFAULT_SUGGEST_LIMIT - 1}`);
    expect([plain.statusCode, written.statusCode, other.statusCode]).toEqual([200, 200, 200]);
    expect(written.headers.etag).toBe(plain.headers.etag);
    expect(other.headers.etag).not.toBe(plain.headers.etag);
  });

  it.each(SUGGEST)('%s: a blank or missing q is success with no suggestions', async (path) => {
    for (const query of ['', '?q=', '?q=%20%20', '?q=%09']) {
      const res = await get(`${path}${query}`);
      expect(res.statusCode, query).toBe(200);
      const { duration_ms: _d, ...body } = res.json<Record<string, unknown>>();
      expect(body, query).toEqual({ success: true, suggestions: [] });
    }
  });

  it.each(SUGGEST)('%s: answers success true with exactly the contract fields', async (path) => {
    const body = (await get(`${path}?q=m`)).json<Record<string, unknown>>();
    expect(Object.keys(body)).toEqual(['success', 'suggestions', 'duration_ms']);
    expect(body.success).toBe(true);
  });
});

describe('the OpenAPI document', () => {
  it('gives every API route a summary of its own', async () => {
    const doc = (await get('/jobs/api/openapi.json')).json<{
      paths: Record<string, { get?: { summary?: string } }>;
    }>();
    const summaries = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/jobs/api/job'))
      .map(([path, item]) => ({ path, summary: item.get?.summary ?? '' }));
    expect(summaries.length).toBeGreaterThanOrEqual(8);
    for (const { path, summary } of summaries) expect(summary.length, path).toBeGreaterThan(10);
    expect(new Set(summaries.map((s) => s.summary)).size).toBe(summaries.length);
  });
});

describe('did_you_mean', () => {
  it('is given only when nothing matched, not for a misspelling that typo tolerance matched', async () => {
    for (const path of ['/jobs/api/job-search-results-count', '/jobs/api/job-search-results-list']) {
      const found = (await get(`${path}?q=managr`)).json<Record<string, unknown>>();
      expect(found.total_results, path).toBeGreaterThan(0);
      expect('did_you_mean' in found, path).toBe(false);
      // As typed, without typo tolerance, nothing matches: the correction is searched and named.
      const none = (await get(`${path}?q=managr&typo_tolerance=false`)).json<Record<string, unknown>>();
      expect(none.did_you_mean, path).toBe('manager');
      expect(none.total_results, path).toBeGreaterThan(0);
    }
  });
});
