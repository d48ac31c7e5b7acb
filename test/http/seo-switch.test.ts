/** The SEO switch as a filter: `yes` keeps the SEO postings, `no` the others, on both result routes. */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ApiInstance } from '../../src/http/app-types.js';
import type { CountResponse, ListResponse } from '../../src/http/schemas.js';
import { job } from '../builders.js';
import { getOk, testApp } from './fixture.js';

const JOBS = [
  job({ boardId: '7001', isSeo: true }),
  job({ boardId: '7002', isSeo: false }),
  job({ boardId: '7003', isSeo: false }),
];

let app: ApiInstance;
beforeEach(async () => {
  app = await testApp(JOBS);
});
afterEach(async () => {
  await app.close();
});

it.each([
  ['', ['7001', '7002', '7003']],
  ['?seo-jobs-only=yes', ['7001']],
  ['?seo-jobs-only=no', ['7002', '7003']],
])('%s gives exactly the postings it names', async (query, ids) => {
  const count = await getOk<CountResponse>(app, `/jobs/api/job-search-results-count${query}`);
  expect(count.total_results).toBe(ids.length);
  const list = await getOk<ListResponse>(app, `/jobs/api/job-search-results-list${query}`);
  expect(list.jobs.map((j) => j.board_id).sort()).toEqual(ids);
});
