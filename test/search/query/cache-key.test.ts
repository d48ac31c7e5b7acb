import { describe, expect, it } from 'vitest';
import type { JobFilter } from '../../../src/domain/query.js';
import { filterKey } from '../../../src/search/query/cache-key.js';

// Equivalent filters meet under one cache key, different ones never do: each pair below is the
// same question (or not) by the matching rules (places folded, companies caseless, the other
// facets exact; keywords by their lower-case words without gender notation).

function same(a: JobFilter, b: JobFilter): void {
  expect(filterKey(a)).toBe(filterKey(b));
}
function differ(a: JobFilter, b: JobFilter): void {
  expect(filterKey(a)).not.toBe(filterKey(b));
}

describe('filterKey', () => {
  it('matches a place folded and a company in any case, other facets exactly', () => {
    same({ location: 'München' }, { location: 'munchen' });
    same({ company: 'ACME GmbH' }, { company: 'acme gmbh' });
    differ({ workModel: 'Remote' }, { workModel: 'remote' });
    differ({ location: 'München' }, { location: 'Köln' });
    differ({ location: 'berlin' }, { company: 'berlin' });
    // Lower case tells "ß" from "ss" (upper case would not): two companies.
    differ({ company: 'Maße GmbH' }, { company: 'Masse GmbH' });
    differ({ location: 'berlin' }, {});
    differ({ remotePercentageMin: 40 }, { remotePercentageMin: 60 });
  });

  it('treats several values per facet in the same forms', () => {
    same({ anyOf: { location: ['München', 'Köln'] } }, { anyOf: { location: ['munchen', 'koln'] } });
    same({ anyOf: { company: ['ACME', 'Globex'] } }, { anyOf: { company: ['acme', 'GLOBEX'] } });
    differ({ anyOf: { workModel: ['remote', 'hybrid'] } }, { anyOf: { workModel: ['remote'] } });
    differ({ anyOf: { workModel: ['Remote'] } }, { anyOf: { workModel: ['remote'] } });
    differ({ anyOf: { workModel: ['remote'] } }, {});
    differ({ anyOf: { workModel: ['remote'] } }, { anyOf: { position: ['remote'] } });
  });

  it('reads keywords as their lower-case words without gender notation', () => {
    same({ keywords: 'SEO Manager' }, { keywords: 'seo  manager' });
    same({ keywords: 'Entwickler*in (m/w/d)' }, { keywords: 'entwickler' });
    differ({ keywords: 'seo manager' }, { keywords: 'seo' });
    differ({ keywords: 'seo manager' }, { keywords: 'seomanager' });
    differ({ keywords: 'seo' }, {});
  });

  it('counts typo tolerance (on unless switched off) only with keywords', () => {
    same({ keywords: 'seo' }, { keywords: 'seo', typos: true });
    differ({ keywords: 'seo' }, { keywords: 'seo', typos: false });
    same({ typos: false }, {});
    same({ typos: false }, { typos: true });
  });

  it('counts estimated salaries only with a minimum salary', () => {
    same({ salaryMin: 50_000 }, { salaryMin: 50_000, salaryEstimated: false });
    differ({ salaryMin: 50_000 }, { salaryMin: 50_000, salaryEstimated: true });
    differ({ salaryMin: 50_000 }, { salaryMin: 60_000 });
    same({ salaryEstimated: true }, {});
  });

  it('tells apart radius, date and language', () => {
    differ({ location: 'berlin', radiusKm: 25 }, { location: 'berlin', radiusKm: 50 });
    differ({ location: 'berlin', radiusKm: 25 }, { location: 'berlin' });
    differ({ postedSince: 1_000 }, { postedSince: 2_000 });
    differ({ language: 'de' }, { language: 'en' });
    differ({ language: 'de' }, {});
  });
});
