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

  it('ranks the postings at a place in q first and counts every posting of the words', async () => {
    const body = await list(q('SEO Berlin'));
    expect(body.query_interpretation).toMatchObject({
      keywords: 'SEO',
      location: { text: 'Berlin', value: 'berlin', applied: true, mode: 'boost' },
    });
    const inBerlin = (id: string): boolean => byId(id).places.some((p) => p.city?.name === 'Berlin');
    const there = body.jobs.filter((card) => inBerlin(card.board_id)).length;
    expect(there).toBeGreaterThan(0);
    expect(body.jobs.slice(0, there).every((card) => inBerlin(card.board_id))).toBe(true);
    expect(body.total_results).toBe(await count(q('SEO')));
    expect(body.total_results).toBeGreaterThan(there);
    expect(await count(q('SEO Berlin'))).toBe(body.total_results);
  });

  it('filters by a place that is all q names', async () => {
    const body = await list(q('Jobs in Berlin'));
    expect(body.query_interpretation?.location).toEqual({
      text: 'Berlin',
      value: 'berlin',
      applied: true,
      mode: 'filter',
    });
    expect(body.total_results).toBeGreaterThan(0);
    for (const card of body.jobs) expect(byId(card.board_id).places.some((p) => p.city?.name === 'Berlin')).toBe(true);
  });

  it('says a place in q was not applied when no posting there matches the words', async () => {
    const body = await list(q('Marketing Madrid'));
    expect(body.total_results).toBeGreaterThan(0);
    expect(body.query_interpretation?.location).toEqual({
      text: 'Madrid',
      value: 'madrid',
      applied: false,
      mode: 'boost',
    });
    expect(body.jobs.some((card) => byId(card.board_id).places.some((p) => p.city?.name === 'Madrid'))).toBe(false);
  });

  it('ranks the postings with a qualifier in q first and says which', async () => {
    const body = await list(q('Buchhaltung Teilzeit'));
    expect(body.query_interpretation?.filters).toEqual([
      { text: 'Teilzeit', param: 'employment_type_normalized', value: 'part-time', mode: 'boost' },
    ]);
    const part = body.jobs.filter((card) => byId(card.board_id).employmentType === 'part-time').length;
    expect(part).toBeGreaterThan(0);
    expect(body.jobs.slice(0, part).every((card) => byId(card.board_id).employmentType === 'part-time')).toBe(true);
    expect(body.total_results).toBe(await count(q('Buchhaltung')));
  });

  it('reads how many words are required and whether a place or qualifier filters or ranks first', async () => {
    // [q, keywords, words_required, location mode, filter modes]
    const table: [string, string, number, string | null, string[]][] = [
      ['SEO Manager', 'SEO Manager', 1, null, []],
      ['Online Marketing Manager', 'Online Marketing Manager', 2, null, []],
      ['Java Entwickler Berlin', 'Java Entwickler', 1, 'boost', []],
      ['remote SEO', 'SEO', 1, null, ['boost']],
      ['Teilzeit', '', 0, null, ['filter']],
      ['Jobs in Berlin', '', 0, 'filter', []],
      ['Werkstudent Berlin', '', 0, 'filter', ['filter']],
    ];
    for (const [text, keywords, required, location, filters] of table) {
      const read = (await list(q(text))).query_interpretation;
      expect(read?.keywords, text).toBe(keywords);
      expect(read?.words_required, text).toBe(required);
      expect(read?.location?.mode ?? null, text).toBe(location);
      expect(
        read?.filters.map((f) => f.mode),
        text,
      ).toEqual(filters);
    }
  });

  it('finds a role named in another language', async () => {
    for (const text of ['Analista SEO', 'Especialista SEO', 'especialista de SEO', 'posicionamiento web']) {
      const body = await list(q(text));
      expect(body.total_results, text).toBeGreaterThan(0);
      expect(byId(body.jobs[0]!.board_id).isSeo, text).toBe(true);
    }
  });

  it('lists the postings that match fewer of several words after those matching all, and counts them all', async () => {
    const body = await list(q('SEO Kernfusion'));
    expect(body.query_interpretation).toMatchObject({
      keywords: 'SEO Kernfusion',
      words_required: 1,
      dropped_words: [],
    });
    expect(body.total_results).toBe(await count(q('SEO')));
    expect(await count(q('SEO Kernfusion'))).toBe(body.total_results);
    const both = await list(q('SEO Manager'));
    const titles = both.jobs.map((card) => card.title);
    const full = titles.filter((t) => /SEO/i.test(t) && /Manager/i.test(t)).length;
    expect(full).toBeGreaterThan(0);
    expect(titles.slice(0, full).every((t) => /SEO/i.test(t) && /Manager/i.test(t))).toBe(true);
    expect(both.total_results).toBeGreaterThan(full);
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
