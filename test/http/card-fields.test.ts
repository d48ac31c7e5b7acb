/** Card fields decided by one posting's data alone: place names, the date, the domain, the salary context. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiInstance } from '../../src/http/app-types.js';
import type { ListResponse } from '../../src/http/schemas.js';
import type { Company } from '../../src/domain/job.js';
import { job, place } from '../builders.js';
import { getOk, NOW, testApp } from './fixture.js';

const company = (domain: string): Company => ({
  name: `Firma ${domain}`,
  domain,
  website: null,
  logoUrl: null,
  size: '11-50',
});
const JOBS = [
  job({
    boardId: '5001',
    postedAt: NOW - 3_600_000,
    company: company('WWW.Acme.de'),
    places: [
      place({ city: null, region: { slug: 'bayern', name: 'Bayern' } }),
      place({ city: null, region: null, country: { slug: 'oesterreich', name: 'Österreich' }, countryCode: 'AT' }),
      place({ city: null, region: null, country: null, countryCode: null }),
      place({ city: { slug: 'muenchen', name: 'München' } }),
      place({ city: null, region: { slug: 'bayern', name: 'Bayern' } }),
    ],
    salary: null,
    salaryContext: 'Gehalt nach Vereinbarung.',
  }),
  job({ boardId: '5002', postedAt: null, salary: null, company: company('karriere.www.beta.de') }),
  // A salary given and a context for it; no place at all.
  job({ boardId: '5003', places: [], salaryContext: 'Das Gehalt steht in der Anzeige.' }),
];

let app: ApiInstance;
beforeEach(async () => {
  app = await testApp(JOBS);
});
afterEach(async () => {
  await app.close();
});

async function card(boardId: string) {
  const { jobs } = await getOk<ListResponse>(app, '/jobs/api/job-search-results-list?sort=date');
  const found = jobs.find((j) => j.board_id === boardId);
  expect(found, boardId).toBeDefined();
  return found!;
}

describe('a card', () => {
  it("names each place by its city, else its region, else its country, once each, in the posting's order", async () => {
    const c = await card('5001');
    expect(c.locations).toEqual(['Bayern', 'Österreich', 'München']);
    expect(c.location).toBe('Bayern');
  });

  it('gives the posting date as ISO 8601, and null for a posting without one', async () => {
    expect((await card('5001')).created_at).toBe(new Date(NOW - 3_600_000).toISOString());
    expect((await card('5002')).created_at).toBeNull();
  });

  it('drops only a leading www. from the domain, whatever its case', async () => {
    expect((await card('5001')).company_domain_without_www).toBe('Acme.de');
    expect((await card('5002')).company_domain_without_www).toBe('karriere.www.beta.de');
  });

  it('gives the salary context alone, without a trailing space, when no salary sentence follows', async () => {
    // No salary stated anywhere, so none to estimate from either.
    const c = await card('5001');
    expect(c.salary_min_formatted).toBeNull();
    expect(c.estimated_salary_min_formatted).toBeNull();
    expect(c.salary_relevance_context).toBe('Gehalt nach Vereinbarung.');
  });

  it('gives the salary context, then the salary sentences after one space', async () => {
    const c = await card('5003');
    expect(c.salary_min_formatted).not.toBeNull();
    expect(c.salary_relevance_context.startsWith('Das Gehalt steht in der Anzeige. ')).toBe(true);
    expect(c.salary_relevance_context.length).toBeGreaterThan('Das Gehalt steht in der Anzeige. '.length);
  });

  it('gives a posting without a place an empty location and no locations', async () => {
    const c = await card('5003');
    expect([c.location, c.locations]).toEqual(['', []]);
  });
});
