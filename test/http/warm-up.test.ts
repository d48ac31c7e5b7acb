/** The requests a started server answers before its first users (src/http/warm-up.ts). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiInstance } from '../../src/http/app-types.js';
import { WARM_UP_REQUESTS, warmUpRoutes } from '../../src/http/warm-up.js';
import { testApp } from './fixture.js';

let app: ApiInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(async () => {
  await app.close();
});

describe('warmUpRoutes', () => {
  it('answers every warm-up request 200, each API route with and without compression', async () => {
    expect(await warmUpRoutes(app)).toBe(WARM_UP_REQUESTS.length);
    const routes = new Set(WARM_UP_REQUESTS.map(({ url }) => url.split('?')[0]));
    expect([...routes].sort()).toEqual([
      '/jobs/api/job-search-company-autosuggest',
      '/jobs/api/job-search-filter-data',
      '/jobs/api/job-search-location-autosuggest',
      '/jobs/api/job-search-results-count',
      '/jobs/api/job-search-results-list',
    ]);
    expect(new Set(WARM_UP_REQUESTS.map(({ encoding }) => encoding))).toEqual(new Set(['identity', 'br', 'gzip']));
  });

  it('fails no start: an app without an index answers none of them 200, and says so', async () => {
    const loading = await testApp(undefined, { ready: false });
    try {
      expect(await warmUpRoutes(loading)).toBe(0);
    } finally {
      await loading.close();
    }
  });
});
