import { describe, expect, it } from 'vitest';
import type { Job } from '../../../src/domain/job.js';
import { job, place } from '../../builders.js';
import { DEFAULT_SALARY_BUCKETS } from '../../../src/domain/salary-buckets.js';
import { BERLIN, HAMBURG, indexOf, MUENCHEN, NOW, POTSDAM, WIEN } from '../helpers.js';
import { NaiveSearch } from '../naive-search.js';
import { naiveFacets } from '../naive-facets.js';
import type { JobFilter } from '../../../src/domain/query.js';
import { naiveResolveLocation } from '../naive-suggest.js';

describe('SearchIndex filters', () => {
  it('leaves out jobs that expired before now and keeps those valid until now', () => {
    const index = indexOf([job({ validThrough: NOW - 1 }), job({ validThrough: NOW }), job({ validThrough: null })]);
    expect(index.size).toBe(2);
    expect(index.count({})).toBe(2);
  });

  it('matches a region or country slug for every job with a place inside it', () => {
    const index = indexOf([job({ places: [BERLIN] }), job({ places: [MUENCHEN] }), job({ places: [WIEN] })]);
    expect(index.count({ location: 'bayern' })).toBe(1);
    expect(index.count({ location: 'deutschland' })).toBe(2);
    expect(index.count({ location: 'österreich' })).toBe(1);
  });

  it('resolves case, accent and umlaut variants of a place slug to the same place', () => {
    const index = indexOf([job({ places: [MUENCHEN] }), job({ places: [BERLIN] })]);
    for (const v of ['münchen', 'München', 'muenchen', 'munchen', 'MÜNCHEN', 'Oesterreich']) {
      expect(index.count({ location: v }), v).toBe(v === 'Oesterreich' ? 0 : 1);
    }
    expect(index.resolveLocation('MUENCHEN')).toEqual({ slug: 'münchen', name: 'München', kind: 'city' });
  });

  it('reads a location value several places answer to: its own slug first, then the most specific kind, then the slug', () => {
    // Slugs are indexed under both their folded forms (münchen: munchen and muenchen), so feeds
    // that spell a place differently give places that answer to one value.
    const at = (city: string, region: string) =>
      job({ places: [place({ city: { slug: city, name: 'München' }, region: { slug: region, name: 'Bayern' } })] });
    const cases: [Job[], string, string, string][] = [
      // The value folds to the region's own slug, not to the city's: the region.
      [[at('münchen', 'muenchen')], 'muenchen', 'muenchen', 'region'],
      [[at('münchen', 'muenchen')], 'münchen', 'münchen', 'city'],
      // Both fold to the value: the city, the more specific kind.
      [[at('münchen', 'munchen')], 'munchen', 'münchen', 'city'],
      [[at('münchen', 'munchen')], 'MÜNCHEN', 'münchen', 'city'],
      // Two cities that fold alike: the first slug.
      [[at('münchen', 'bayern'), at('munchen', 'oberbayern')], 'münchen', 'munchen', 'city'],
      [[at('munchen', 'oberbayern'), at('münchen', 'bayern')], 'munchen', 'munchen', 'city'],
    ];
    for (const [jobs, value, slug, kind] of cases) {
      const resolved = indexOf(jobs).resolveLocation(value);
      expect(resolved, value).toMatchObject({ slug, kind });
      expect(resolved, value).toEqual(naiveResolveLocation(new NaiveSearch(jobs, DEFAULT_SALARY_BUCKETS, NOW), value));
    }
  });

  it('matches a job with several places when any of them matches', () => {
    const index = indexOf([job({ places: [HAMBURG, MUENCHEN] }), job({ places: [BERLIN] })]);
    expect(index.count({ location: 'hamburg' })).toBe(1);
    expect(index.count({ location: 'münchen' })).toBe(1);
  });

  it("finds jobs within the radius of a city, including the city's own jobs", () => {
    const noCoordinates = place({ lat: null, lon: null });
    const jobs = [job({ places: [noCoordinates] }), job({ places: [POTSDAM] }), job({ places: [HAMBURG] })];
    const index = indexOf([job({ places: [BERLIN] }), ...jobs]);
    expect(index.count({ location: 'berlin', radiusKm: 0 })).toBe(2);
    expect(index.count({ location: 'berlin', radiusKm: 30 })).toBe(3);
    expect(index.count({ location: 'berlin', radiusKm: 300 })).toBe(4);
  });

  it('ignores the radius when the location is a region or a country', () => {
    const index = indexOf([job({ places: [BERLIN] }), job({ places: [POTSDAM] })]);
    expect(index.count({ location: 'brandenburg', radiusKm: 500 })).toBe(1);
  });

  it('matches the company by its name in any case, with or without its legal form or slogan', () => {
    const index = indexOf([
      job({ company: { ...job().company, name: 'ACME GmbH' } }),
      job(),
      job({ company: { ...job().company, name: 'Acme – Search made simple' } }),
      job({ company: { ...job().company, name: 'Zeta' } }),
    ]);
    expect(job().company.name).toBe('Acme GmbH');
    expect(index.count({ company: 'acme gmbh' })).toBe(3);
    expect(index.count({ company: 'ACME' })).toBe(3);
    expect(index.resolveCompany('Acme GMBH')).toBe('acme');
    expect(index.resolveCompany('Acme AG')).toBe('acme');
    expect(index.count({ company: 'zeta' })).toBe(1);
    expect(index.resolveCompany('Nobody')).toBeNull();
  });

  it('treats a minimum remote share of 0 as no filter; otherwise an unknown share never matches', () => {
    const index = indexOf([
      job({ remotePercentage: null }),
      job({ remotePercentage: 20 }),
      job({ remotePercentage: 100 }),
    ]);
    expect(index.count({ remotePercentageMin: 0 })).toBe(3);
    expect(index.count({ remotePercentageMin: 20 })).toBe(2);
    expect(index.count({ remotePercentageMin: 21 })).toBe(1);
  });

  it('matches nothing for an unknown value of any filter, without throwing', () => {
    const index = indexOf([job()]);
    const unknown = [
      { workModel: 'moon' },
      { position: 'x' },
      { skill: 'x' },
      { location: 'atlantis' },
      { company: 'x' },
      { industry: 'x' },
      { companySize: 'x' },
      { seniority: 'x' },
      { employmentType: 'x' },
      { salaryRange: '1-2' },
      { keywords: 'zzzz' },
    ];
    for (const filter of unknown) expect(index.count(filter), JSON.stringify(filter)).toBe(0);
  });

  it('matches the skill slug among the several skills of a job', () => {
    const skills = [
      { slug: 'python', name: 'Python' },
      { slug: 'sistrix', name: 'Sistrix' },
    ];
    const index = indexOf([job({ skills }), job({ skills: [] })]);
    expect(index.count({ skill: 'sistrix' })).toBe(1);
  });

  it('filters SEO and non-SEO jobs', () => {
    const index = indexOf([job({ isSeo: true }), job({ isSeo: false }), job({ isSeo: false })]);
    expect([index.count({ seo: true }), index.count({ seo: false })]).toEqual([1, 2]);
  });

  it('puts a job into the salary bucket that holds the middle of its salary, given or estimated', () => {
    const paid = [
      [30_000, 50_000],
      [50_000, 90_000],
      [30_000, 50_000],
      [50_000, 90_000],
      [40_000, 70_000],
    ].map(([min, max]) => job({ salary: { min: min!, max: max! } }));
    const index = indexOf([...paid, job({ salary: null, position: { slug: 'seo-manager', name: 'SEO Manager' } })]);
    // Given middles 40.000, 70.000, 40.000, 70.000, 55.000; the estimate is the median min (40.000)
    // and median max (70.000) of the five comparable postings: its middle is 55.000.
    expect(index.count({ salaryRange: '40000-60000' })).toBe(4);
    expect(index.count({ salaryRange: '60000-80000' })).toBe(2);
  });

  it('tests values of several-valued facets job by job behind a smaller filter, and counts overlapping values once', () => {
    // 128 jobs: go in 48 and java in 48, 16 of them with both, rust in the other 48; Hamburg (with
    // Berlin) in 32; the company Acme has the first 6. With a dense ratio of 2, a value of at most
    // half the jobs is a list of jobs: behind Acme's six, each is tested by the job's own short
    // list of values. Go or java: 80 jobs, whose facets a sum of go's and java's counts (96)
    // would overcount.
    const skill = (slug: string) => ({ slug, name: slug });
    const SKILL_SETS = [['go', 'java'], ['go'], ['go'], ['java'], ['java'], ['rust'], ['rust'], ['rust']];
    const jobs = Array.from({ length: 128 }, (_, i) =>
      job({
        skills: SKILL_SETS[i % 8]!.map(skill),
        places: [[BERLIN, HAMBURG], [BERLIN], [MUENCHEN], [POTSDAM]][i % 4]!,
        company: { name: i < 6 ? 'Acme' : `Other ${i}`, domain: null, website: null, logoUrl: null, size: null },
      }),
    );
    const naive = new NaiveSearch(jobs, DEFAULT_SALARY_BUCKETS, NOW);
    const filters: JobFilter[] = [
      { company: 'acme', skill: 'go' },
      { company: 'acme', skill: 'java' },
      { company: 'acme', location: 'hamburg' },
      { company: 'acme', anyOf: { skill: ['java', 'rust'] } },
      { anyOf: { skill: ['go', 'java'] } },
      { anyOf: { location: ['hamburg', 'berlin'] } },
    ];
    expect(filters.slice(0, 3).map((f) => naive.count(f))).toEqual([3, 3, 2]);
    expect(naive.count(filters[4]!)).toBe(80);
    for (const denseRatio of [2, 32, Infinity]) {
      const index = indexOf(jobs, NOW, { denseRatio });
      for (const filter of filters) {
        const what = `${JSON.stringify(filter)}, dense ratio ${denseRatio}`;
        expect(index.count(filter), what).toBe(naive.count(filter));
        for (const mode of ['conjunctive', 'disjunctive'] as const) {
          const r = { filter, mode, facetLimit: 10 };
          expect(index.facets(r), what).toEqual(naiveFacets(naive, r));
        }
      }
    }
  });

  it('combines filters with AND', () => {
    const index = indexOf([
      job({ workModel: 'remote', places: [BERLIN] }),
      job({ workModel: 'remote', places: [HAMBURG] }),
      job({ places: [BERLIN] }),
    ]);
    expect(index.count({ workModel: 'remote', location: 'berlin' })).toBe(1);
  });
});

describe('SearchIndex keyword search', () => {
  const text = (searchText: string, language: 'de' | 'es' | 'en' = 'de') =>
    job({
      title: 'Stelle',
      searchText,
      language,
      company: { ...job().company, name: 'X' },
      position: { slug: 'p', name: 'P' },
      skills: [],
    });

  it('treats empty or whitespace-only keywords as no filter', () => {
    const index = indexOf([text('a'), text('b')]);
    expect([
      index.count({ keywords: '' }),
      index.count({ keywords: '  \t ' }),
      index.count({ keywords: '!?' }),
    ]).toEqual([2, 2, 2]);
  });

  it('reads the first 32 words of a query and ignores the rest, in searching and in correcting', () => {
    const index = indexOf([text('Koch Küche'), text('Kellner')]);
    const words = (n: number, word: string) => Array.from({ length: n }, () => word).join(' ');
    expect(index.count({ keywords: `${words(32, 'koch')} zzzqqq` })).toBe(1);
    expect(index.count({ keywords: `${words(31, 'koch')} zzzqqq` })).toBe(0);
    // A correction of 32 unknown words and a 33rd known one: the 32 corrected, no 33rd.
    const corrected = index.didYouMean({ keywords: `${words(32, 'kuche')}x koch`, typos: false });
    expect(corrected).toBe(words(32, 'kuche'));
  });

  it('matches word forms through stemming and accents through folding', () => {
    const index = indexOf([
      text('Gestión de proyectos', 'es'),
      text('Senior managers wanted', 'en'),
      text('Entwickler gesucht'),
    ]);
    expect(index.count({ keywords: 'gestion' })).toBe(1);
    expect(index.count({ keywords: 'manager' })).toBe(1);
    expect(index.count({ keywords: 'Entwicklern' })).toBe(1); // the agent noun's plural
    expect(index.count({ keywords: 'Entwicklung' })).toBe(0); // the work is not the worker
  });

  it('meets umlaut spellings: ü, ue and u', () => {
    const index = indexOf([text('Büro in München'), text('Buero in Muenchen')]);
    expect(index.count({ keywords: 'münchen' })).toBe(2);
    expect(index.count({ keywords: 'muenchen' })).toBe(2);
    expect(index.count({ keywords: 'munchen', typos: false })).toBe(1);
    // one edit from `muenchen`: typo tolerance (7 letters) finds the other spelling too
    expect(index.count({ keywords: 'munchen' })).toBe(2);
  });

  it('requires every keyword to match', () => {
    const index = indexOf([text('SEO Berlin'), text('SEO Hamburg'), text('SEA Berlin')]);
    expect(index.count({ keywords: 'seo berlin' })).toBe(1);
  });

  it('matches the last keyword as the prefix of a word (from three characters)', () => {
    const index = indexOf([text('Suchmaschinenoptimierung Berlin'), text('Marketing Berlin')]);
    expect(index.count({ keywords: 'berlin suchmasch' })).toBe(1);
    expect(index.count({ keywords: 'suchmasch berlin' })).toBe(0);
    expect(index.count({ keywords: 'su' })).toBe(0);
  });

  it('expands a prefix to its 16 most frequent words only', () => {
    // Word abcN is in N + 1 documents: the 16 most frequent are abc4 .. abc19.
    const jobs = Array.from({ length: 20 }, (_, w) =>
      Array.from({ length: w + 1 }, () => text(`abc${w} x${w}`)),
    ).flat();
    const index = indexOf(jobs);
    expect(index.count({ keywords: 'abc' })).toBe(jobs.length - (1 + 2 + 3 + 4));
    expect(index.count({ keywords: 'abc1' })).toBe(2 + 11 + 12 + 13 + 14 + 15 + 16 + 17 + 18 + 19 + 20);
  });

  it('searches company, position and skill names too', () => {
    const index = indexOf([job({ searchText: '', title: '', company: { ...job().company, name: 'Zalando' } })]);
    expect(index.count({ keywords: 'zalando sistrix manager' })).toBe(1);
  });
});
