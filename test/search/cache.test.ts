import { describe, expect, it } from 'vitest';
import type { FacetRequest } from '../../src/domain/query.js';
import { MUNICH, job } from '../builders.js';
import { indexOf } from './helpers.js';

describe('SearchIndex result cache', () => {
  const request: FacetRequest = { filter: { workModel: 'hybrid' }, mode: 'conjunctive', facetLimit: 10 };

  it('answers a repeated query with the same frozen result', () => {
    const index = indexOf([job(), job({ workModel: 'remote' })]);
    const first = index.facets(request);
    expect(index.facets({ ...request, filter: { workModel: 'hybrid' } })).toBe(first);
    expect(Object.isFrozen(first.workModels)).toBe(true);
    expect(Object.isFrozen(index.list({ filter: {}, sort: 'date', order: 'desc', page: 1, perPage: 5 }).jobs)).toBe(
      true,
    );
  });

  it('treats equivalent location, company and keyword spellings as one query', () => {
    const other = { name: 'Zeta Media AG', domain: null, website: null, logoUrl: null, size: null };
    const index = indexOf([
      job(),
      job({ company: other }),
      job({ places: [MUNICH] }),
      job({
        title: 'Pflegefachkraft',
        searchText: 'Pflegefachkraft Station',
        position: { slug: 'pflegefachkraft', name: 'Pflegefachkraft' },
      }),
    ]);
    const page = { sort: 'date', order: 'desc', page: 1, perPage: 5 } as const;
    const first = index.list({
      filter: { location: 'Berlin', company: 'ACME GMBH', keywords: ' SEO  manager ' },
      ...page,
    });
    expect(first.total).toBe(1);
    // The same query spelt differently is answered from the same cache entry: the very same object.
    expect(index.list({ filter: { location: 'berlin', company: 'acme gmbh', keywords: 'seo manager' }, ...page })).toBe(
      first,
    );
    expect(index.list({ filter: { location: 'BERLIN', company: 'Acme GmbH', keywords: 'SEO MANAGER' }, ...page })).toBe(
      first,
    );
    // A different query is not.
    const munich = index.list({
      filter: { location: 'münchen', company: 'acme gmbh', keywords: 'seo manager' },
      ...page,
    });
    expect(munich).not.toBe(first);
    expect(munich.total).toBe(1);
    expect(munich.jobs[0]?.boardId).not.toBe(first.jobs[0]?.boardId);
    expect(index.count({ location: 'Berlin', company: 'ACME GMBH', keywords: 'pflegefachkraft' })).toBe(1);
    expect(index.count({ location: 'Berlin', company: 'ACME GMBH' })).toBe(2);
  });

  it('answers keywords that differ only where upper case would merge letters as it would uncached', () => {
    // "ſ" (long s) upper-cases to "S", "ı" (dotless i) to "I": a key in upper case would merge
    // "ſeo" with "seo" and "entwıckler" with "entwickler", which keyword matching keeps apart.
    const developer = { slug: 'developer', name: 'Developer' };
    const jobs = [job(), job({ title: 'Entwickler', searchText: 'Entwickler Python', position: developer })];
    const pairs = [
      ['seo', 'ſeo'],
      ['entwickler', 'entwıckler'],
    ] as const;
    for (const [plain, other] of pairs) {
      const index = indexOf(jobs);
      const filter = { keywords: other, typos: false };
      expect(index.count({ keywords: plain, typos: false })).toBe(1);
      expect(index.count(filter)).toBe(indexOf(jobs).count(filter));
      expect(index.count(filter)).toBe(0);
    }
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
