import { describe, expect, it } from 'vitest';
import type { Job } from '../../../src/domain/job.js';
import type { JobFilter } from '../../../src/domain/query.js';
import { DEFAULT_SALARY_BUCKETS } from '../../../src/domain/salary-buckets.js';
import { runSteps } from '../../../src/lib/steps.js';
import type { EngineTuning } from '../../../src/search/engine.js';
import { cachedBytesOf, keptBytesOf } from '../../../src/search/query/impact-walk.js';
import { prepareImpactSteps } from '../../../src/search/query/impact-prepare.js';
import { SearchIndex } from '../../../src/search/segments/search-index.js';
import { job } from '../../builders.js';
import { NOW } from '../arbitraries.js';

const TITLES = ['SEO Manager', 'Manager', 'Marketing Manager', 'Entwickler', 'Java Entwickler', 'Koch', 'Content SEO'];
const TEXTS = ['', 'seo', 'manager seo manager', 'marketing content', 'Entwickler im Team', 'Managerin Marketing SEO'];
const GREEK = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta', 'Theta', 'Kappa'];
const POSITIONS = [
  { slug: 'seo-manager', name: 'SEO Manager' },
  { slug: 'softwareentwickler', name: 'Softwareentwickler' },
  { slug: 'koch', name: 'Koch' },
];

const jobs = (count: number): Job[] =>
  Array.from({ length: count }, (_, i) =>
    job({
      key: `k${i}`,
      boardId: String(1000 + ((i * 37) % count)),
      title: `${TITLES[(i * 5) % TITLES.length]!} ${GREEK[i % GREEK.length]!}`,
      searchText: `${TEXTS[Math.floor(i / 7) % TEXTS.length]!} ${GREEK[(i * 7) % GREEK.length]!} ${'Obst '.repeat(i % 13)}`,
      position: POSITIONS[i % POSITIONS.length]!,
      language: (['de', 'en', 'es'] as const)[i % 3]!,
      seniority: i % 4 === 0 ? 'senior' : null,
      validThrough: null,
    }),
  );

const build = (corpus: Job[], tuning: Partial<EngineTuning>): SearchIndex =>
  SearchIndex.build(corpus, { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW, tuning });

const FILTERS: JobFilter[] = [
  { keywords: 'manager' },
  { keywords: 'seo' },
  { keywords: 'marketing' },
  { keywords: 'entwickler' },
  { keywords: 'managr' },
  { keywords: 'mana' },
  { keywords: 'seo manager' },
  { keywords: 'koch', prefer: [{ field: 'seniority', value: 'senior' }] },
];

describe('orders by impact made ahead of queries', () => {
  it.each([1, 8, 4096])('give the pages of scoring every match (impactPrefix %i)', (impactPrefix) => {
    const corpus = jobs(600);
    const full = build(corpus, { relevance: 'full' });
    const prepared = build(corpus, { relevance: 'impact', impactPrefix });
    const keywords = prepared.leaves[0]!.segment.engine.keywords;
    expect(keptBytesOf(keywords)).toBe(0);
    runSteps(prepared.impactSteps());
    expect(keptBytesOf(keywords)).toBeGreaterThan(0);
    // Within the cache's cap, made ahead once per index.
    const kept = keptBytesOf(keywords);
    expect(kept).toBeLessThanOrEqual(cachedBytesOf(keywords));
    runSteps(prepared.impactSteps());
    expect(keptBytesOf(keywords)).toBe(kept);
    for (const filter of FILTERS)
      for (const perPage of [1, 7, 50])
        for (let page = 1; page <= 4; page++) {
          const r = { filter, sort: 'relevance' as const, order: 'desc' as const, page, perPage };
          expect(prepared.list(r), JSON.stringify(r)).toEqual(full.list(r));
        }
    expect(keptBytesOf(keywords)).toBeLessThanOrEqual(cachedBytesOf(keywords));
  });

  it('make the orders of the commonest title words, within half the cache, those of more titles first', () => {
    const index = build(jobs(600), { relevance: 'impact', impactPrefix: 8 });
    const segment = index.leaves[0]!.segment;
    const made = runSteps(prepareImpactSteps(segment.engine.keywords, segment.titleSuggest, 8));
    expect(made.terms).toBeGreaterThan(0);
    expect(made.bytes).toBe(keptBytesOf(segment.engine.keywords));
    // The last order made may pass half the cap; none is made after it.
    expect(made.bytes).toBeLessThanOrEqual(cachedBytesOf(segment.engine.keywords));
    // Whole lists (a long prefix) fill half the cap: the making stops there, within the cap.
    const whole = build(jobs(600), { relevance: 'impact', impactPrefix: 4096 }).leaves[0]!.segment;
    const filled = runSteps(prepareImpactSteps(whole.engine.keywords, whole.titleSuggest, 4096));
    expect(filled.bytes).toBeGreaterThanOrEqual(cachedBytesOf(whole.engine.keywords) / 2);
    expect(filled.bytes).toBeLessThanOrEqual(cachedBytesOf(whole.engine.keywords));
    // A term already ordered by a query is not made again.
    const again = runSteps(prepareImpactSteps(segment.engine.keywords, segment.titleSuggest, 8));
    expect(again.terms).toBe(0);
  });
});
