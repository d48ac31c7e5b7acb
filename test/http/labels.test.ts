/** Facet labels in the asker's language over real HTTP: `lang`, `Accept-Language`, German default. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { ApiInstance } from '../../src/http/app-types.js';
import { testApp } from './fixture.js';

let app: ApiInstance;
let base = '';
beforeAll(async () => {
  app = await testApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
});

type Option = { value: string; label?: string; display_label?: string };
type Filters = Record<string, Option[]>;

async function filters(qs: string, headers: Record<string, string> = {}): Promise<{ filters: Filters; vary: string }> {
  const res = await fetch(`${base}/jobs/api/job-search-filter-data?${qs}`, { headers });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { filters: Filters };
  return { filters: body.filters, vary: res.headers.get('vary') ?? '' };
}

const labelOf = (list: Option[] | undefined, value: string): string | undefined =>
  list?.find((o) => o.value === value)?.display_label;

describe('display labels of the filter data', () => {
  it('keeps the contract options exactly when the asker names no language', async () => {
    const { filters: f, vary } = await filters('');
    expect(vary).toMatch(/accept-language/);
    for (const list of ['positions', 'seniority_levels', 'work_models', 'salary_ranges'])
      for (const o of f[list] ?? []) expect(o, list).not.toHaveProperty('display_label');
    const star = (await filters('', { 'accept-language': '*' })).filters;
    expect(star['work_models']?.[0]).not.toHaveProperty('display_label');
  });

  it('labels every closed facet and position in German for lang=de, leaving the contract labels as they are', async () => {
    const { filters: f, vary } = await filters('lang=de');
    expect(vary).toMatch(/accept-language/);
    for (const list of ['positions', 'seniority_levels', 'employment_types', 'work_models', 'salary_ranges']) {
      expect(f[list]?.length, list).toBeGreaterThan(0);
      for (const o of f[list] ?? []) {
        expect(o.display_label, `${list} ${o.value}`).toMatch(/\S/);
        // Human words, never the raw code of the value.
        if (list !== 'salary_ranges') expect(o.display_label).not.toBe(o.value);
      }
    }
    expect(labelOf(f['work_models'], 'onsite')).toBe('Vor Ort');
    expect(labelOf(f['salary_ranges'], '40000-60000')).toBe('40.000 – 60.000 EUR/Jahr');
    // The contract's own label of a salary range is unchanged.
    expect(f['salary_ranges']?.find((o) => o.value === '40000-60000')?.label).toBe('40.000 - 60.000 EUR');
  });

  it('answers in Spanish or English for `lang`, and for `Accept-Language` when `lang` is absent', async () => {
    const es = (await filters('lang=es')).filters;
    expect(labelOf(es['work_models'], 'onsite')).toBe('Presencial');
    expect(labelOf(es['salary_ranges'], '80000+')).toBe('desde 80.000 EUR/año');
    const en = (await filters('', { 'accept-language': 'en-GB,en;q=0.9,de;q=0.5' })).filters;
    expect(labelOf(en['work_models'], 'onsite')).toBe('On-site');
    expect(labelOf(en['salary_ranges'], '80000+')).toBe('80,000+ EUR a year');
    const header = (await filters('', { 'accept-language': 'es-ES,es;q=0.9' })).filters;
    expect(labelOf(header['work_models'], 'hybrid')).toBe('Híbrido');
    // `lang` wins over the header; a header naming another language first still picks ours.
    const workModels = async (qs: string, language?: string) =>
      (await filters(qs, language === undefined ? {} : { 'accept-language': language })).filters['work_models'];
    expect(labelOf(await workModels('lang=de', 'es'), 'hybrid')).toBe('Hybrid');
    expect(labelOf(await workModels('', 'fr-FR,de;q=0.5'), 'onsite')).toBe('Vor Ort');
    expect(labelOf(await workModels('', 'fr-FR'), 'onsite')).toBeUndefined();
    // The same URL asked in two languages is two answers, not one cached for both.
    expect(labelOf(await workModels('', 'es'), 'onsite')).toBe('Presencial');
    expect(labelOf(await workModels('', 'de-AT'), 'onsite')).toBe('Vor Ort');
    expect(labelOf(await workModels(''), 'onsite')).toBeUndefined();
  });

  it('rejects an unknown `lang` by name', async () => {
    const res = await fetch(`${base}/jobs/api/job-search-filter-data?lang=fr`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { param?: string } }).error.param).toBe('lang');
  });
});
