/** One grammar for every whole-number parameter of every route: ASCII digits, nothing else. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiInstance } from '../../src/http/app-types.js';
import { ChangesQuery } from '../../src/http/routes/job-changes.js';
import { FilterDataQuery, FilterQuery, ListQuery, SuggestQuery } from '../../src/http/schemas.js';
import { corpus, testApp } from './fixture.js';

const integersOf = (schema: { properties: Record<string, unknown> }): string[] =>
  Object.entries(schema.properties)
    .filter(([, p]) => (p as { type?: unknown }).type === 'integer')
    .map(([name]) => name);

const ROUTES: [path: string, params: string[]][] = [
  ['/jobs/api/job-search-filter-data', integersOf(FilterDataQuery)],
  ['/jobs/api/job-search-results-count', integersOf(FilterQuery)],
  ['/jobs/api/job-search-results-list', integersOf(ListQuery)],
  ['/jobs/api/job-search-location-autosuggest', integersOf(SuggestQuery)],
  ['/jobs/api/job-search-company-autosuggest', integersOf(SuggestQuery)],
  ['/jobs/api/job-changes', integersOf(ChangesQuery)],
];

/** Number spellings JavaScript or Ajv would take, and none of which is digits only. */
const NOT_DIGITS = [
  '1e309',
  'Infinity',
  '-Infinity',
  '-1e309',
  '1E3',
  '1e1',
  '0x10',
  '0b1',
  ' 7',
  '7 ',
  '+1',
  '1.0',
  '-0',
  'NaN',
  '٣',
];

let app: ApiInstance;
beforeAll(async () => {
  app = await testApp(corpus());
});
afterAll(async () => {
  await app.close();
});

describe('whole-number parameters', () => {
  it('are listed for every route that has them (the table below is not empty)', () => {
    expect(ROUTES.find(([path]) => path.endsWith('job-changes'))?.[1]).toEqual(['since', 'limit']);
    expect(ROUTES.flatMap(([, params]) => params).length).toBeGreaterThan(10);
  });

  for (const [path, params] of ROUTES) {
    it(`answer 400 naming the parameter for every non-digit spelling on ${path}`, async () => {
      for (const param of params) {
        for (const value of NOT_DIGITS) {
          const res = await app.inject(`${path}?${param}=${encodeURIComponent(value)}`);
          expect(res.statusCode, `${param}=${value}: ${res.body}`).toBe(400);
          expect(res.json(), `${param}=${value}`).toMatchObject({
            success: false,
            error: { code: 'invalid_parameter', param },
          });
        }
      }
    });
  }

  it('accept plain digits, and a number past the largest cursor is a 400, not a 500', async () => {
    expect((await app.inject('/jobs/api/job-search-results-list?page=2')).statusCode).toBe(200);
    const huge = await app.inject('/jobs/api/job-changes?since=99999999999999999999999');
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ error: { param: 'since' } });
  });
});
