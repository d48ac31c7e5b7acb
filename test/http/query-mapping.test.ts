/**
 * From wire parameters to the engine's filter (src/http/to-search-query.ts), and the routes'
 * use of it: multi-value splitting with escapes, a company name with a comma known as a whole,
 * parameters that mean "unset", the clock given as a number.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postedSince, splitValues, toFilter } from '../../src/http/to-search-query.js';
import type { ApiInstance } from '../../src/http/app-types.js';
import { job } from '../builders.js';
import { NOW, testApp } from './fixture.js';

/** Written plainly: a value escaped for a comma-separated list (`\` → `\\`, `,` → `\,`). */
const escape = (value: string): string => value.replaceAll('\\', '\\\\').replaceAll(',', '\\,');

describe('splitValues', () => {
  it('gives back every non-empty value of a list built by escaping and joining them', () => {
    const piece = fc.constantFrom('a', 'b', ',', '\\', ' ', 'ü', 'x,', '\\,', ',\\');
    const value = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 6 }), (values) => {
        expect(splitValues(values.map(escape).join(','))).toEqual(values.filter((v) => v !== ''));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps a backslash that escapes nothing, and drops empty values', () => {
    expect(splitValues('a\\b,c')).toEqual(['a\\b', 'c']);
    expect(splitValues('a\\')).toEqual(['a\\']);
    expect(splitValues(',,a,,')).toEqual(['a']);
    expect(splitValues(',')).toEqual([]);
  });
});

describe('toFilter', () => {
  it('takes a number as the clock', () => {
    expect(toFilter({ posted_within_days: 3 }, NOW).postedSince).toBe(postedSince(3, NOW));
    expect(postedSince(3, NOW)).toBe(Math.floor(NOW / 3_600_000) * 3_600_000 - 3 * 86_400_000);
  });

  it('lets salary_min match an estimated salary only when salary_estimated=true asks for it', () => {
    expect(toFilter({ salary_min: 50_000 }, NOW)).toEqual({ salaryMin: 50_000 });
    expect(toFilter({ salary_min: 50_000, salary_estimated: 'false' }, NOW)).toEqual({ salaryMin: 50_000 });
    expect(toFilter({ salary_min: 50_000, salary_estimated: 'true' }, NOW)).toEqual({
      salaryMin: 50_000,
      salaryEstimated: true,
    });
  });

  it('leaves a facet unset when its list holds no value, and sets one value as the single field', () => {
    expect(toFilter({ work_model: ',' }, NOW)).toEqual({});
    expect(toFilter({ work_model: ',,remote,' }, NOW)).toEqual({ workModel: 'remote' });
    expect(toFilter({ work_model: 'remote,hybrid,remote' }, NOW)).toEqual({
      anyOf: { workModel: ['remote', 'hybrid'] },
    });
  });

  it('leaves keywords unset for a q of spaces only, and keeps q as given otherwise', () => {
    expect(toFilter({ q: '   ' }, NOW).keywords).toBeUndefined();
    expect(toFilter({ q: ' seo ' }, NOW).keywords).toBe(' seo ');
  });
});

describe('a company name with a comma, known to the index as a whole', () => {
  let app: ApiInstance;
  const whole = 'Müller, Söhne & Partner GmbH';
  beforeEach(async () => {
    app = await testApp([
      job({ company: { name: whole, domain: null, website: null, logoUrl: null, size: '11-50' } }),
      job({ company: { name: whole, domain: null, website: null, logoUrl: null, size: '11-50' } }),
      job({ company: { name: 'Müller', domain: null, website: null, logoUrl: null, size: '11-50' } }),
      job({ company: { name: 'Acme GmbH', domain: null, website: null, logoUrl: null, size: '11-50' } }),
    ]);
  });
  afterEach(async () => {
    await app.close();
  });
  const get = async <T>(path: string): Promise<T> => {
    const res = await app.inject({ method: 'GET', url: path });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const param = `company=${encodeURIComponent(whole)}`;

  it('is one value on count, list and filter data (not "Müller" or " Söhne & Partner GmbH")', async () => {
    expect((await get<{ total_results: number }>(`/jobs/api/job-search-results-count?${param}`)).total_results).toBe(2);
    const list = await get<{ total_results: number; jobs: { company: string }[] }>(
      `/jobs/api/job-search-results-list?${param}`,
    );
    expect([list.total_results, list.jobs.map((j) => j.company)]).toEqual([2, [whole, whole]]);
    const data = await get<{ filters: { companies: { value: string; label: string }[] } }>(
      `/jobs/api/job-search-filter-data?${param}`,
    );
    // Conjunctive: only the selected company is left, with its two postings.
    // Its value is the employer's name without its legal form.
    expect(data.filters.companies).toEqual([
      { value: 'müller, söhne & partner', label: 'müller, söhne & partner (2)' },
    ]);
  });

  it('is split where the whole is not a known company: either part may match', async () => {
    const either = `company=${encodeURIComponent('Müller,Acme GmbH')}`;
    expect((await get<{ total_results: number }>(`/jobs/api/job-search-results-count?${either}`)).total_results).toBe(
      2,
    );
    const list = await get<{ total_results: number; jobs: { company: string }[] }>(
      `/jobs/api/job-search-results-list?${either}`,
    );
    expect([list.total_results, list.jobs.map((j) => j.company).sort()]).toEqual([2, ['Acme GmbH', 'Müller']]);
  });

  it('echoes a split list in selected without its empty values, and a known whole name as one value', async () => {
    const selected = async (value: string) =>
      (
        await get<{ filters: { selected: { company: string | null } } }>(
          `/jobs/api/job-search-filter-data?company=${encodeURIComponent(value)}`,
        )
      ).filters.selected.company;
    expect(await selected('Müller,,Acme GmbH,')).toBe('müller,acme');
    expect(await selected('Acme GmbH,')).toBe('acme');
    expect(await selected(whole)).toBe('müller, söhne & partner');
  });

  it('echoes a location no posting has lower-cased, and still answers', async () => {
    const data = await get<{ filters: { selected: { location: string | null } } }>(
      `/jobs/api/job-search-filter-data?location=${encodeURIComponent('Atlantis,Nowhere Town')}`,
    );
    expect(data.filters.selected.location).toBe('atlantis,nowhere town');
  });
});

describe('highlight with typo_tolerance=false', () => {
  let app: ApiInstance;
  beforeEach(async () => {
    app = await testApp([job({ title: 'Marketing Managerin und Managr (m/w/d)' })]);
  });
  afterEach(async () => {
    await app.close();
  });

  it('marks only the exact forms when typos are off, the near ones too when they are on', async () => {
    const marked = async (extra: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/jobs/api/job-search-results-list?q=managerin&highlight=true${extra}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const [card] = res.json<{ jobs: { title: string; highlight: { title: [number, number][] } }[] }>().jobs;
      return card!.highlight.title.map(([a, b]) => card!.title.slice(a, b));
    };
    expect(await marked('&typo_tolerance=false')).toEqual(['Managerin']);
    expect(await marked('')).toEqual(['Managerin', 'Managr']);
  });
});
