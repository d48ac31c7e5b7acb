import { describe, expect, it } from 'vitest';
import type { Job } from '../../../src/domain/job.js';
import type { JobFilter } from '../../../src/domain/query.js';
import { minimumShouldMatch } from '../../../src/search/text/keyword-query.js';
import { job } from '../../builders.js';
import { BERLIN, HAMBURG, ids, indexOf } from '../helpers.js';

/** A posting with a title and a description of its own, in English, of a position and company no query names. */
function posting(boardId: string, title: string, searchText = '', extra: Partial<Job> = {}): Job {
  return job({
    boardId,
    title,
    searchText,
    language: 'en',
    skills: [],
    position: { slug: 'other', name: 'Other' },
    company: { name: 'Acme', domain: null, website: null, logoUrl: null, size: '51-200' },
    ...extra,
  });
}

const relevance = (filter: JobFilter) => ({
  filter,
  sort: 'relevance' as const,
  order: 'desc' as const,
  page: 1,
  perPage: 50,
});

describe('minimum should match', () => {
  it('requires 75 % of the words rounded down, at least one', () => {
    const table: [number, number][] = [
      [1, 1],
      [2, 1],
      [3, 2],
      [4, 3],
      [5, 3],
      [8, 6],
    ];
    for (const [words, required] of table) expect(minimumShouldMatch(words), `${words} words`).toBe(required);
  });

  it('lists postings matching all words above those matching fewer, in one list whose count is its length', () => {
    const index = indexOf([
      posting('seo', 'SEO Specialist', 'search engine work'),
      posting('both', 'SEO Manager', 'search engine work'),
      posting('manager', 'Store Manager', 'retail'),
      posting('none', 'Cook', 'kitchen'),
    ]);
    const all = { keywords: 'SEO Manager' };
    expect(index.count(all)).toBe(1);
    const partial = { keywords: 'SEO Manager', partialWords: true };
    const listed = index.list(relevance(partial));
    expect(ids(listed)[0]).toBe('both');
    expect(ids(listed).slice(1).sort()).toEqual(['manager', 'seo']);
    expect(listed.total).toBe(3);
    expect(index.count(partial)).toBe(3);
    // The facets count the same postings as the list.
    const facets = index.facets({ filter: partial, mode: 'conjunctive', facetLimit: 10 });
    expect(facets.seo.all).toBe(3);
  });

  it('ranks by the number of words matched before any other evidence', () => {
    // Three words, two required: the posting with all three comes first although another repeats
    // two of them in its title.
    const index = indexOf([
      posting('two', 'Java Java Developer Developer', 'Java Developer'),
      posting('three', 'Developer', 'Java Berlin office'),
      posting('one', 'Java', ''),
    ]);
    const listed = index.list(relevance({ keywords: 'Java Developer Berlin', partialWords: true }));
    expect(ids(listed)).toEqual(['three', 'two']);
  });
});

describe('the relevance tiers', () => {
  // Each row: a query, postings, and the order the rule gives (best first).
  const rows: { rule: string; filter: JobFilter; postings: Job[]; order: string[] }[] = [
    {
      rule: 'a word as typed (or its stem) above a typo correction of it',
      filter: { keywords: 'Manager' },
      postings: [posting('typo', 'Manger', 'manger manger manger'), posting('exact', 'Store Manager', 'retail shop')],
      order: ['exact', 'typo'],
    },
    {
      rule: 'the query words in the title above the same words in the description only',
      filter: { keywords: 'Performance Marketing' },
      postings: [
        // BM25 alone would put this one first: the word 30 times in a short description.
        posting('description', 'Marketing', 'performance '.repeat(30)),
        posting('title', 'Performance Marketing', 'campaigns and budgets for our clients '.repeat(60)),
      ],
      order: ['title', 'description'],
    },
    {
      rule: 'a job of the position the query names (matching every word, exactly) above the words in a description',
      filter: { keywords: 'SEO Manager' },
      postings: [
        posting('description', 'Office Clerk', 'works with the seo manager'),
        posting('position', 'Organic Search Lead', 'organic search', {
          position: { slug: 'seo-manager', name: 'Organic Search' },
        }),
      ],
      order: ['position', 'description'],
    },
    {
      rule: 'a preferred facet value (a qualifier in q) above higher BM25 without it, and it does not filter',
      filter: { keywords: 'Accountant', prefer: [{ field: 'employmentType', value: 'part-time' }] },
      postings: [
        posting('full', 'Accountant', 'accountant accountant', { employmentType: 'full-time' }),
        posting('part', 'Senior Accountant for our finance team in the city', 'ledger', {
          employmentType: 'part-time',
        }),
      ],
      order: ['part', 'full'],
    },
    {
      rule: 'a preferred place (a place in q) above the same words elsewhere',
      filter: { keywords: 'SEO', prefer: [{ field: 'location', value: 'berlin' }] },
      postings: [
        posting('hamburg', 'SEO', 'seo seo', { places: [HAMBURG] }),
        posting('berlin', 'SEO Specialist for content and links', 'links', { places: [BERLIN] }),
      ],
      order: ['berlin', 'hamburg'],
    },
    {
      rule: 'more words matched above a preferred facet value',
      filter: {
        keywords: 'Content Creator',
        partialWords: true,
        prefer: [{ field: 'workModel', value: 'remote' }],
      },
      postings: [
        posting('remote-one-word', 'Content Writer', 'blog', { workModel: 'remote' }),
        posting('onsite-both', 'Content Creator', 'video', { workModel: 'onsite' }),
        posting('remote-both', 'Content Creator', 'video', { workModel: 'remote' }),
      ],
      order: ['remote-both', 'onsite-both', 'remote-one-word'],
    },
  ];

  for (const row of rows) {
    it(row.rule, () => {
      const index = indexOf(row.postings);
      expect(ids(index.list(relevance(row.filter)))).toEqual(row.order);
      // A preference never filters: the count is that of the keywords alone.
      const { prefer: _ranksOnly, ...words } = row.filter;
      expect(index.count(row.filter)).toBe(index.count(words));
    });
  }
});
