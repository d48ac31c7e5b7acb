import { afterAll, describe, expect, it } from 'vitest';
import type { Job } from '../../src/domain/job.js';
import { PARTIAL_BELOW } from '../../src/search/query/interpret.js';
import type { ApiInstance } from '../../src/http/app-types.js';
import type { FilterDataResponse, ListResponse } from '../../src/http/schemas.js';
import { job, MUNICH, place } from '../builders.js';
import { testApp } from './fixture.js';

/**
 * Two pairs of words: `Quokka Zebu` held together by exactly PARTIAL_BELOW postings, `Kakapo Okapi`
 * by one fewer; five more postings hold only the first word of each. Every other posting is in
 * München, the rest in Berlin.
 */
function titled(title: string, i: number): Job {
  return job({ title, searchText: title, summary: title, places: [i % 2 === 0 ? MUNICH : place()] });
}
const JOBS: Job[] = [
  ...Array.from({ length: PARTIAL_BELOW }, (_, i) => titled('Quokka Zebu', i)),
  ...Array.from({ length: 5 }, (_, i) => titled('Quokka', i)),
  ...Array.from({ length: PARTIAL_BELOW - 1 }, (_, i) => titled('Kakapo Okapi', i)),
  ...Array.from({ length: 5 }, (_, i) => titled('Kakapo', i)),
];

let app: ApiInstance | undefined;

afterAll(async () => {
  await app?.close();
});

async function get<T>(path: string, query: string): Promise<T> {
  app ??= await testApp(JOBS);
  const res = await app.inject({ method: 'GET', url: `/jobs/api/${path}?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json<T>();
}

/** The list (all of it), the count and the filter data's total of one query. */
async function answers(query: string): Promise<{ list: ListResponse; count: number; facets: number }> {
  const list = await get<ListResponse>('job-search-results-list', `per_page=100&${query}`);
  const count = (await get<{ total_results: number }>('job-search-results-count', query)).total_results;
  const facets = Number(
    (await get<FilterDataResponse>('job-search-filter-data', query)).filters.seo_jobs_only_counts.all_formatted,
  );
  return { list, count, facets };
}

const q = (text: string): string => `q=${encodeURIComponent(text)}`;
const holds = (title: string, words: string[]): boolean => words.every((w) => title.split(' ').includes(w));

describe('partial matches of several words, only when few postings match them all', () => {
  it(`requires every word when ${PARTIAL_BELOW} postings match them all, and counts, lists and facets just those`, async () => {
    for (const text of ['Quokka Zebu', 'Quokka Zebu München', 'Quokka Zebu Teilzeit']) {
      const { list, count, facets } = await answers(q(text));
      expect(list.query_interpretation, text).toMatchObject({ keywords: 'Quokka Zebu', words_required: 2 });
      expect(list.total_results, text).toBe(PARTIAL_BELOW);
      expect(count, text).toBe(PARTIAL_BELOW);
      expect(facets, text).toBe(PARTIAL_BELOW);
      for (const card of list.jobs) expect(holds(card.title, ['Quokka', 'Zebu']), text).toBe(true);
    }
  });

  it(`lists partial matches after the full ones when fewer than ${PARTIAL_BELOW} postings match every word`, async () => {
    for (const text of ['Kakapo Okapi', 'Kakapo Okapi München']) {
      const { list, count, facets } = await answers(q(text));
      expect(list.query_interpretation, text).toMatchObject({ keywords: 'Kakapo Okapi', words_required: 1 });
      const full = PARTIAL_BELOW - 1;
      expect(list.total_results, text).toBe(full + 5);
      expect(count, text).toBe(full + 5);
      expect(facets, text).toBe(full + 5);
      const titles = list.jobs.map((card) => card.title);
      expect(
        titles.slice(0, full).every((t) => holds(t, ['Kakapo', 'Okapi'])),
        text,
      ).toBe(true);
      expect(titles.slice(full), text).toEqual(Array<string>(5).fill('Kakapo'));
    }
  });

  it("decides over the request's own filters: fewer full matches in a place the seeker chose allow partial ones", async () => {
    const query = `${q('Quokka Zebu')}&location=m%C3%BCnchen`;
    const { list, count, facets } = await answers(query);
    const inMunich = JOBS.filter((j) => j.places[0] === MUNICH && /Quokka|Zebu/.test(j.title));
    expect(list.query_interpretation?.words_required).toBe(1);
    expect([list.total_results, count, facets]).toEqual([inMunich.length, inMunich.length, inMunich.length]);
    const full = inMunich.filter((j) => j.title === 'Quokka Zebu').length;
    expect(full).toBeLessThan(PARTIAL_BELOW);
    expect(list.jobs.slice(0, full).every((card) => card.title === 'Quokka Zebu')).toBe(true);
  });
});
