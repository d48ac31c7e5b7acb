import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Job } from '../../src/domain/job.js';
import { DEFAULT_SALARY_BUCKETS } from '../../src/domain/salary-buckets.js';
import { SENIORITY_LEVELS, WORK_MODELS } from '../../src/domain/vocab.js';
import type { EngineTuning } from '../../src/search/engine.js';
import { SearchIndex } from '../../src/search/segments/search-index.js';
import { didYouMean, interpretFilter } from '../../src/search/query/interpret.js';
import { naiveFacets } from './naive-facets.js';
import { NaiveSearch } from './naive-search.js';
import {
  naiveResolveCompany,
  naiveResolveLocation,
  naiveSuggestCompanies,
  naiveSuggestLocations,
} from './naive-suggest.js';

import { NOW, POSITIONS, SKILLS, corpusArb, filterArb, listArb, facetArb, tuningArb, pick } from './arbitraries.js';
const build = (jobs: Job[], tuning: Partial<EngineTuning> = {}): [SearchIndex, NaiveSearch] => [
  SearchIndex.build(jobs, { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW, tuning }),
  new NaiveSearch(jobs, DEFAULT_SALARY_BUCKETS, NOW),
];

// SEARCH_PROPERTY_RUNS raises the number of runs for a longer local soak.
const RUNS = { numRuns: Number(process.env.SEARCH_PROPERTY_RUNS ?? 300) };
/** Each property takes ~10 s on a quiet machine; a shared, loaded one can take several times that. */
const PROPERTY_TIMEOUT_MS = 240_000;

/** A property over a random corpus, tuning and one to four requests, given the index and the naive search of them. */
function againstNaive<R>(
  name: string,
  request: fc.Arbitrary<R>,
  check: (index: SearchIndex, naive: NaiveSearch, requests: R[]) => void,
): void {
  it(
    name,
    () => {
      fc.assert(
        fc.property(
          corpusArb,
          tuningArb,
          fc.array(request, { minLength: 1, maxLength: 4 }),
          (jobs, tuning, requests) => {
            const [index, naive] = build(jobs, tuning);
            check(index, naive, requests);
          },
        ),
        RUNS,
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
}

describe('SearchIndex against a naive filter/sort/count', () => {
  againstNaive('counts and lists the same jobs in the same order', listArb, (index, naive, requests) => {
    expect(index.size).toBe(naive.live.length);
    for (const r of requests) {
      expect(index.count(r.filter)).toBe(naive.count(r.filter));
      expect(index.list(r)).toEqual(naive.list(r));
    }
  });

  againstNaive('counts the same facets in both modes', facetArb, (index, naive, requests) => {
    for (const r of requests) expect(index.facets(r)).toEqual(naiveFacets(naive, r));
  });

  againstNaive(
    'counts the facets of the filter its reading of the keywords gives, in one call (facetsAsRead)',
    facetArb,
    (index, naive, requests) => {
      // As the service keeps it (no results), and keeping them: each call counts anew.
      for (const reader of [SearchIndex.keeping(index, 0), index]) {
        for (const r of requests) {
          const read = { ...r, filter: interpretFilter(reader, r.filter).filter };
          expect(reader.facetsAsRead(r)).toEqual(naiveFacets(naive, read));
          // The call's counts are its own: a later count of a read filter is the naive one.
          expect(reader.count(read.filter)).toBe(naive.count(read.filter));
        }
      }
    },
  );

  againstNaive(
    'lists and counts the filter its reading of the keywords gives, in one call (listAsRead, countAsRead)',
    listArb,
    (index, naive, requests) => {
      for (const reader of [SearchIndex.keeping(index, 0), index]) {
        for (const r of requests) {
          // What the routes did in several calls: read, then list or count, then the correction.
          const read = interpretFilter(reader, r.filter);
          const total = naive.count(read.filter);
          const offered = read.corrected ?? didYouMean(reader, read.filter, total);
          expect(reader.listAsRead(r)).toEqual({
            ...naive.list({ ...r, filter: read.filter }),
            filter: read.filter,
            interpretation: read.interpretation,
            didYouMean: offered,
          });
          expect(reader.countAsRead(r.filter)).toEqual({ total, didYouMean: offered });
          expect(reader.count(read.filter)).toBe(total);
        }
      }
    },
  );

  it('gives each alternative of a multi-value dimension, in disjunctive counts, the count of that value alone', () => {
    const dims = [
      ['workModel', 'workModels', [...WORK_MODELS]],
      ['skill', 'skillTags', SKILLS.map((k) => k.slug)],
      ['seniority', 'seniorityLevels', [...SENIORITY_LEVELS]],
      ['position', 'positions', POSITIONS.map((p) => p.slug)],
    ] as const;
    // (not locations: a location value matches every place of its fold key, while a facet row
    // counts one place slug, so `muenchen` and `münchen` are one filter but two rows; as before)
    fc.assert(
      fc.property(
        corpusArb,
        pick(dims),
        filterArb,
        fc.integer({ min: 0, max: 1000 }),
        (jobs, [field, facet, values], rest, seed) => {
          const [index] = build(jobs);
          const chosen = values.filter((_, i) => ((seed >> i) & 1) === 1 || i < 2);
          const { anyOf: _ignored, ...others } = rest;
          const single = { ...others };
          Reflect.deleteProperty(single, field);
          const filter = { ...single, anyOf: { [field]: chosen } };
          const options = index.facets({ filter, mode: 'disjunctive', facetLimit: 1000 })[facet];
          for (const option of options)
            expect(option.count, option.value).toBe(index.count({ ...single, [field]: option.value }));
          // the selected ones are listed, and the union counts what any of them matches
          const listed = options.map((o) => o.value);
          expect(index.count(filter)).toBe(
            index.count({ ...single, anyOf: { [field]: listed.filter((v) => chosen.includes(v)) } }),
          );
        },
      ),
      RUNS,
    );
  });

  it(
    'suggests and resolves the same places and companies',
    () => {
      const q = pick([
        'b',
        'Be',
        'mün',
        'mu',
        'muen',
        'am',
        'am ma',
        'frankfurt-am',
        'ö',
        'oe',
        'ost',
        'a',
        'acme',
        'söhne',
        'oreal',
        'l',
        'z',
        'kanton',
        ' ',
        '',
      ]);
      const value = pick([
        'München',
        'muenchen',
        'koeln',
        'KÖLN',
        'BERLIN',
        'wien',
        'Wien-Land',
        'nowhere',
        'Acme GmbH',
        'acme gmbh',
        'ZETA ag',
        'x',
      ]);
      fc.assert(
        fc.property(
          corpusArb,
          fc.array(fc.tuple(q, fc.integer({ min: 1, max: 5 }), value), { minLength: 1, maxLength: 4 }),
          (jobs, queries) => {
            const [index, naive] = build(jobs);
            for (const [text, limit, v] of queries) {
              expect(index.suggestLocations(text, limit)).toEqual(naiveSuggestLocations(naive, text, limit));
              expect(index.suggestCompanies(text, limit)).toEqual(naiveSuggestCompanies(naive, text, limit));
              expect(index.resolveLocation(v)).toEqual(naiveResolveLocation(naive, v));
              expect(index.resolveCompany(v)).toEqual(naiveResolveCompany(naive, v));
            }
          },
        ),
        RUNS,
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'builds the same index from chunks in any arrival order (a store streaming its postings)',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          corpusArb,
          fc.integer({ min: 1, max: 8 }),
          fc.integer({ min: 0, max: 2 ** 31 - 1 }),
          fc.array(listArb, { minLength: 1, maxLength: 3 }),
          fc.array(facetArb, { minLength: 1, maxLength: 2 }),
          async (jobs, chunkSize, seed, lists, facets) => {
            const shuffled = shuffle(jobs, seed);
            const chunks = async function* (): AsyncGenerator<Job[]> {
              for (let i = 0; i < shuffled.length; i += chunkSize) yield shuffled.slice(i, i + chunkSize);
            };
            const streamed = await SearchIndex.buildStreaming(chunks(), {
              salaryBuckets: DEFAULT_SALARY_BUCKETS,
              now: NOW,
            });
            const [index, naive] = build(jobs);
            expect(streamed.size).toBe(naive.live.length);
            for (const r of lists) {
              expect(streamed.count(r.filter)).toBe(naive.count(r.filter));
              expect(streamed.list(r)).toEqual(naive.list(r));
              // relevance ties and BM25 sums too: the same as the index built from the array
              const words = naive.live[seed % Math.max(1, naive.live.length)]?.title.split(' ').slice(0, 2).join(' ');
              const keyword = { ...r, sort: 'relevance' as const, filter: { ...r.filter, keywords: words ?? 'seo' } };
              expect(streamed.list(keyword)).toEqual(index.list(keyword));
            }
            for (const r of facets) expect(streamed.facets(r)).toEqual(index.facets(r));
            for (const q of ['b', 'mün', 'acme', 'se'])
              expect([
                streamed.suggestLocations(q, 5),
                streamed.suggestCompanies(q, 5),
                streamed.suggestTitles(q, 5),
              ]).toEqual([index.suggestLocations(q, 5), index.suggestCompanies(q, 5), index.suggestTitles(q, 5)]);
          },
        ),
        RUNS,
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});

/** A seeded Fisher-Yates shuffle (a copy). */
function shuffle<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed >>> 0 || 1;
  for (let i = out.length - 1; i > 0; i--) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const j = (state >>> 0) % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
