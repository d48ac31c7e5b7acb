import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../src/domain/job.js';
import { importFile } from '../../src/ingest/run-import.js';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';
import type { ApiInstance } from '../../src/http/app-types.js';
import type { ListResponse } from '../../src/http/schemas.js';
import { testApp } from './fixture.js';

/** The 54 real postings of the fixture, imported through the real pipeline into a real SQLite store. */
const FIXTURE = fileURLToPath(new URL('../fixtures/real-postings/postings.ndjson', import.meta.url));
const NOW = Date.UTC(2026, 10, 21);

let jobs: Job[];
let app: ApiInstance | undefined;

beforeAll(async () => {
  const store = new SqliteJobStore(':memory:');
  await store.migrate();
  await importFile(FIXTURE, store, { source: 'real', now: NOW });
  jobs = (await store.loadLive(0)).filter((j) => j.validThrough === null || j.validThrough >= NOW);
  await store.close();
});

afterAll(async () => {
  await app?.close();
});

async function list(query: string): Promise<ListResponse> {
  app ??= await testApp(jobs);
  const perPage = query.includes('per_page=') ? '' : 'per_page=100&';
  const res = await app.inject({ method: 'GET', url: `/jobs/api/job-search-results-list?${perPage}${query}` });
  expect(res.statusCode).toBe(200);
  return res.json<ListResponse>();
}

async function count(query: string): Promise<number> {
  app ??= await testApp(jobs);
  const res = await app.inject({ method: 'GET', url: `/jobs/api/job-search-results-count?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ total_results: number }>().total_results;
}

const byId = (id: string): Job => jobs.find((j) => j.boardId === id)!;
const q = (text: string): string => `q=${encodeURIComponent(text)}`;

describe('relevance over the real postings', () => {
  it('orders by relevance when q is given: the SEA jobs by title first, before jobs that only mention SEA', async () => {
    const body = await list(q('SEA Manager'));
    const firstTwo = body.jobs.slice(0, 2).map((j) => j.title);
    for (const t of firstTwo) expect(t).toMatch(/SEA/);
    // date stays the order without keywords
    const plain = await list('');
    const dates = plain.jobs.map((j) => Date.parse(j.created_at ?? '1970-01-01'));
    expect(dates.filter((d) => d > 0)).toEqual([...dates.filter((d) => d > 0)].sort((a, b) => b - a));
  });

  it('keeps date order when sort=date is asked with q, and next_url keeps sort=date', async () => {
    const body = await list(`${q('Marketing')}&sort=date&per_page=2`);
    expect(body.next_url).toContain('sort=date');
    const relevance = await list(`${q('Marketing')}&per_page=2`);
    expect(relevance.next_url).not.toContain('sort=');
  });

  it('applies a place in q as the location and says so', async () => {
    const body = await list(q('SEO Berlin'));
    expect(body.query_interpretation).toMatchObject({
      keywords: 'SEO',
      location: { text: 'Berlin', value: 'berlin', applied: true },
    });
    expect(body.total_results).toBeGreaterThan(0);
    for (const card of body.jobs) expect(byId(card.board_id).places.some((p) => p.city?.name === 'Berlin')).toBe(true);
    expect(await count(q('SEO Berlin'))).toBe(body.total_results);
  });

  it('searches every place when the place in q has no matching posting, and says the place was not applied', async () => {
    const body = await list(q('Marketing Madrid'));
    expect(body.total_results).toBeGreaterThan(0);
    expect(body.query_interpretation?.location).toEqual({ text: 'Madrid', value: 'madrid', applied: false });
    expect(body.jobs.some((card) => byId(card.board_id).places.some((p) => p.city?.name === 'Madrid'))).toBe(false);
  });

  it('applies a qualifier in q to its facet and says which', async () => {
    const body = await list(q('Buchhaltung Teilzeit'));
    expect(body.query_interpretation?.filters).toEqual([
      { text: 'Teilzeit', param: 'employment_type_normalized', value: 'part-time' },
    ]);
    expect(body.total_results).toBeGreaterThan(0);
    for (const card of body.jobs) expect(byId(card.board_id).employmentType).toBe('part-time');
  });

  it('finds a role named in another language', async () => {
    for (const text of ['Analista SEO', 'Especialista SEO', 'especialista de SEO', 'posicionamiento web']) {
      const body = await list(q(text));
      expect(body.total_results, text).toBeGreaterThan(0);
      expect(byId(body.jobs[0]!.board_id).isSeo, text).toBe(true);
    }
  });

  it('returns the postings that match the other words when one word matches nothing with them', async () => {
    const body = await list(q('SEO Kernfusion'));
    expect(body.total_results).toBeGreaterThan(0);
    expect(body.query_interpretation?.dropped_words).toEqual(['Kernfusion']);
  });

  it('searches the spelling correction when the words find nothing, and says so', async () => {
    // `Homeofice` finds nothing as typed; its correction `homeoffice` is a qualifier: remote work.
    const corrected = await list(`${q('Homeofice')}&typo_tolerance=false`);
    expect(corrected.total_results).toBeGreaterThan(0);
    expect(corrected.query_interpretation).toMatchObject({
      spelling_corrected: true,
      filters: [{ param: 'work_model', value: 'remote' }],
    });
    for (const card of corrected.jobs) expect(byId(card.board_id).workModel).toBe('remote');
    const none = await list(q('xqzzy'));
    expect(none.total_results).toBe(0);
    expect(none).not.toHaveProperty('did_you_mean');
  });

  it('leaves a query without places, qualifiers or stop words without an interpretation', async () => {
    expect(await list(q('SEO'))).not.toHaveProperty('query_interpretation');
  });

  it('completes a place typed by its name in another language in the location autocomplete', async () => {
    app ??= await testApp(jobs);
    for (const typed of ['Colog', 'Cologne', 'colonia']) {
      const res = await app.inject({ method: 'GET', url: `/jobs/api/job-search-location-autosuggest?q=${typed}` });
      const values = res.json<{ suggestions: { value: string }[] }>().suggestions.map((s) => s.value);
      expect(values, typed).toContain('köln');
    }
  });
});
