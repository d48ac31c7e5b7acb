import { describe, expect, it } from 'vitest';
import type { ListRequest } from '../../../src/domain/query.js';
import { job } from '../../builders.js';
import { ids, indexOf } from '../helpers.js';

const DAY = 86_400_000;
const T = Date.UTC(2026, 10, 1);
const req = (over: Partial<ListRequest> = {}): ListRequest => ({
  filter: {},
  sort: 'date',
  order: 'desc',
  page: 1,
  perPage: 20,
  ...over,
});

describe('SearchIndex list', () => {
  const dated = [
    job({ boardId: '10', postedAt: T }),
    job({ boardId: '9', postedAt: null }),
    job({ boardId: '100', postedAt: T + DAY }),
    job({ boardId: '2', postedAt: T }),
  ];

  it('sorts by date descending with undated jobs last and ties by board id numerically', () => {
    expect(ids(indexOf(dated).list(req()))).toEqual(['100', '2', '10', '9']);
  });

  it('sorts by date ascending with undated jobs still last', () => {
    expect(ids(indexOf(dated).list(req({ order: 'asc' })))).toEqual(['2', '10', '100', '9']);
  });

  it('sorts by the salary midpoint, given or estimated, jobs without any salary last', () => {
    const index = indexOf([
      job({ boardId: '1', salary: { min: 40_000, max: 60_000 } }),
      job({ boardId: '2', salary: { min: 70_000, max: 70_000 } }),
      job({ boardId: '3', salary: null, position: { slug: 'seo-manager', name: 'SEO Manager' } }),
      job({ boardId: '4', salary: { min: 50_000, max: 65_000 } }),
      job({ boardId: '5', salary: { min: 55_000, max: 66_000 } }),
      job({ boardId: '6', salary: { min: 60_000, max: 64_000 } }),
      job({ boardId: '7', salary: null, seniority: null }),
    ]);
    // Estimate for 3: median min 55.000, median max 65.000 -> middle 60.000; 7 (no seniority) has none.
    expect(ids(index.list(req({ sort: 'salary', order: 'desc' })))).toEqual(['2', '6', '5', '3', '4', '1', '7']);
    expect(ids(index.list(req({ sort: 'salary', order: 'asc' })))).toEqual(['1', '4', '3', '5', '6', '2', '7']);
  });

  it('ranks by keyword relevance, ties by board id', () => {
    const t = (boardId: string, searchText: string) =>
      job({
        boardId,
        title: '',
        searchText,
        skills: [],
        company: { ...job().company, name: 'X' },
        position: { slug: 'p', name: 'P' },
      });
    const index = indexOf([t('1', 'seo'), t('2', 'seo seo seo'), t('3', 'seo'), t('4', 'marketing')]);
    expect(ids(index.list(req({ sort: 'relevance', filter: { keywords: 'seo' } })))).toEqual(['2', '1', '3']);
    expect(ids(index.list(req({ sort: 'relevance', order: 'asc', filter: { keywords: 'seo' } })))).toEqual([
      '1',
      '3',
      '2',
    ]);
  });

  it('sorts by relevance without keywords as newest first, whatever the order', () => {
    expect(ids(indexOf(dated).list(req({ sort: 'relevance', order: 'asc' })))).toEqual(['100', '2', '10', '9']);
  });

  it('pages through the results and returns an empty page with the total beyond the last', () => {
    const index = indexOf(dated);
    expect(index.list(req({ perPage: 3, page: 2 }))).toEqual({
      total: 4,
      jobs: [expect.objectContaining({ boardId: '9' })],
    });
    expect(index.list(req({ perPage: 3, page: 3 }))).toEqual({ total: 4, jobs: [] });
  });

  it('fills estimatedSalary exactly where salary is null, and lists jobs without their indexed text', () => {
    const withSalary = job({ boardId: '1', salary: { min: 50_000, max: 60_000 }, estimatedSalary: { min: 1, max: 2 } });
    const others = ['3', '4', '5', '6'].map((boardId) => job({ boardId, salary: { min: 50_000, max: 60_000 } }));
    const without = job({ boardId: '2', salary: null });
    const listed = indexOf([withSalary, without, ...others]).list(req({ sort: 'date', order: 'desc' })).jobs;
    const a = listed.find((j) => j.boardId === '1');
    const b = listed.find((j) => j.boardId === '2');
    const { searchText: _a, url: _u1, ...listedWith } = withSalary;
    const { searchText: _b, url: _u2, ...listedWithout } = without;
    expect(a).toEqual({ ...listedWith, estimatedSalary: null });
    expect(b).toEqual({ ...listedWithout, estimatedSalary: { min: 50_000, max: 60_000 } });
  });

  it('reads a page or page size that is not a whole number as the nearest one allowed', () => {
    const jobs = Array.from({ length: 5 }, (_, i) => job({ boardId: String(i + 1), postedAt: T + i * DAY }));
    const index = indexOf(jobs);
    const page = (page: number, perPage: number) => ids(index.list(req({ page, perPage })));
    expect(page(1, 2)).toEqual(['5', '4']);
    // Not a number: the least; infinite: the most; a fraction: its whole part.
    expect([page(Number.NaN, 2), page(Number.NEGATIVE_INFINITY, 2), page(0, 2), page(1.9, 2)]).toEqual([
      ['5', '4'],
      ['5', '4'],
      ['5', '4'],
      ['5', '4'],
    ]);
    expect([page(2.5, 2), page(Number.POSITIVE_INFINITY, 2), page(Number.MAX_SAFE_INTEGER, 2)]).toEqual([
      ['3', '2'],
      [],
      [],
    ]);
    expect([page(1, Number.NaN), page(1, 0), page(1, 1.7), page(1, Number.POSITIVE_INFINITY)]).toEqual([
      ['5'],
      ['5'],
      ['5'],
      ['5', '4', '3', '2', '1'],
    ]);
    expect(index.list(req({ page: Number.POSITIVE_INFINITY })).total).toBe(5);
  });
});
