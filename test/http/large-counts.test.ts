/** Counts of 1,000 and more, where German digit grouping shows: "1.234", "berlin (1.234)". */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiInstance } from '../../src/http/app-types.js';
import type { CountResponse, FilterDataResponse, ListResponse } from '../../src/http/schemas.js';
import { job } from '../builders.js';
import { getOk, testApp } from './fixture.js';

const TOTAL = 1_234;
let app: ApiInstance;
beforeEach(async () => {
  // 1,234 hybrid SEO jobs in Berlin at Acme GmbH, salary 50,000-60,000, all live.
  app = await testApp(Array.from({ length: TOTAL }, (_, i) => job({ key: `big:${i}`, boardId: String(100_000 + i) })));
});
afterEach(async () => {
  await app.close();
});

describe('counts of 1,000 and more', () => {
  it('writes the total with a dot between thousands', async () => {
    const body = await getOk<CountResponse>(app, '/jobs/api/job-search-results-count');
    expect(body).toMatchObject({ total_results: 1234, total_results_formatted: '1.234' });
  });

  it('groups every count of the filter data, labels included', async () => {
    const { filters } = await getOk<FilterDataResponse>(app, '/jobs/api/job-search-filter-data');
    expect(filters.work_models).toEqual([{ value: 'hybrid', count: 1234, count_formatted: '1.234' }]);
    expect(filters.salary_ranges[1]).toMatchObject({ value: '40000-60000', count: 1234, count_formatted: '1.234' });
    expect(filters.companies).toEqual([{ value: 'acme', label: 'acme (1.234)' }]);
    expect(filters.locations).toContainEqual({ value: 'berlin', label: 'berlin (1.234)' });
    expect(filters.seo_jobs_only_counts).toEqual({ all_formatted: '1.234', yes_formatted: '1.234', no_formatted: '0' });
  });

  it('groups the pagination of page 1,000 of 1,234', async () => {
    const body = await getOk<ListResponse>(app, '/jobs/api/job-search-results-list?per_page=1&page=1000');
    expect(body.total_results_formatted).toBe('1.234');
    expect(body.pagination).toEqual({
      current_page: 1000,
      total_pages: 1234,
      start_item_formatted: '1.000',
      end_item_formatted: '1.000',
      current_page_formatted: '1.000',
      total_pages_formatted: '1.234',
    });
  });
});
