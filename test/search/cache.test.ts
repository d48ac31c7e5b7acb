import { describe, expect, it } from 'vitest';
import type { FacetRequest } from '../../src/domain/query.js';
import { job } from '../builders.js';
import { indexOf } from './helpers.js';

describe('SearchIndex result cache', () => {
  const request: FacetRequest = { filter: { workModel: 'hybrid' }, mode: 'conjunctive', facetLimit: 10 };

  it('answers a repeated query with the same frozen result', () => {
    const index = indexOf([job(), job({ workModel: 'remote' })]);
    const first = index.facets(request);
    expect(index.facets({ ...request, filter: { workModel: 'hybrid' } })).toBe(first);
    expect(Object.isFrozen(first.workModels)).toBe(true);
    expect(Object.isFrozen(index.list({ filter: {}, sort: 'date', order: 'desc', page: 1, perPage: 5 }).jobs)).toBe(true);
  });

  it('treats equivalent location, company and keyword spellings as one query', () => {
    const index = indexOf([job()]);
    expect(index.count({ location: 'Berlin', company: 'ACME GMBH', keywords: ' SEO  manager ' })).toBe(1);
    expect(index.list({ filter: { location: 'berlin', company: 'acme gmbh', keywords: 'seo manager' }, sort: 'date', order: 'desc', page: 1, perPage: 5 }).total).toBe(1);
  });

  it('leaves the jobs it was built from untouched', () => {
    const input = job({ salary: null });
    const before = structuredClone(input);
    const index = indexOf([input, job()]);
    index.list({ filter: {}, sort: 'salary', order: 'desc', page: 1, perPage: 5 });
    expect(input).toEqual(before);
    expect(Object.isFrozen(input)).toBe(false);
  });
});
