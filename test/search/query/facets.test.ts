import { describe, expect, it } from 'vitest';
import type { FacetRequest, JobFilter } from '../../../src/domain/query.js';
import { job } from '../../builders.js';
import { BERLIN, HAMBURG, indexOf, MUENCHEN, NOW } from '../helpers.js';

const conj = (filter: JobFilter = {}, facetLimit = 100): FacetRequest => ({ filter, mode: 'conjunctive', facetLimit });
const disj = (filter: JobFilter = {}, facetLimit = 100): FacetRequest => ({ filter, mode: 'disjunctive', facetLimit });
const company = (name: string) => ({ ...job().company, name });

describe('SearchIndex facets', () => {
  const jobs = [
    job({ workModel: 'remote', places: [BERLIN], company: company('Acme'), remotePercentage: 100, isSeo: true }),
    job({ workModel: 'onsite', places: [HAMBURG], company: company('ACME'), remotePercentage: 0, isSeo: false }),
    job({
      workModel: 'hybrid',
      places: [MUENCHEN],
      company: company('Zeta'),
      remotePercentage: 40,
      position: { slug: 'content-manager', name: 'Content Manager' },
    }),
    job({ workModel: 'remote', places: [BERLIN, HAMBURG], company: company('Zeta'), remotePercentage: null }),
  ];

  it('lists all salary buckets ascending with German labels, zero counts included', () => {
    expect(indexOf(jobs).facets(conj()).salaryRanges).toEqual([
      { value: '0-40000', label: '0 - 40.000 EUR', count: 0 },
      { value: '40000-60000', label: '40.000 - 60.000 EUR', count: 4 },
      { value: '60000-80000', label: '60.000 - 80.000 EUR', count: 0 },
      { value: '80000+', label: 'ab 80.000 EUR', count: 0 },
    ]);
  });

  it('lists work models in vocabulary order, non-zero only', () => {
    expect(indexOf(jobs).facets(conj({ location: 'berlin' })).workModels).toEqual([
      { value: 'remote', label: 'remote', count: 2 },
    ]);
    expect(
      indexOf(jobs)
        .facets(conj())
        .workModels.map((o) => o.value),
    ).toEqual(['remote', 'hybrid', 'onsite']);
  });

  it('lists positions by count, then label; the label is the slug words', () => {
    expect(indexOf(jobs).facets(conj()).positions).toEqual([
      { value: 'seo-manager', label: 'seo manager', count: 3 },
      { value: 'content-manager', label: 'content manager', count: 1 },
    ]);
  });

  it('counts cities, regions and countries once per job and lists them by count, then label', () => {
    expect(indexOf(jobs).facets(conj({ company: 'zeta' })).locations).toEqual([
      { value: 'deutschland', label: 'Deutschland', count: 2 },
      { value: 'bayern', label: 'Bayern', count: 1 },
      { value: 'berlin', label: 'Berlin', count: 1 },
      { value: 'berlin-land', label: 'Berlin', count: 1 },
      { value: 'hamburg', label: 'Hamburg', count: 1 },
      { value: 'hamburg-land', label: 'Hamburg', count: 1 },
      { value: 'münchen', label: 'München', count: 1 },
    ]);
  });

  it('lists only the selected location, with the count of all matching jobs, in conjunctive mode', () => {
    const facets = indexOf(jobs).facets(conj({ location: 'Berlin', radiusKm: 300 }));
    expect(facets.locations).toEqual([{ value: 'berlin', label: 'Berlin', count: 3 }]);
    expect(facets.seo).toEqual({ all: 3, yes: 2, no: 1 });
  });

  it('counts a facet as if its own filter were unset in disjunctive mode', () => {
    const facets = indexOf(jobs).facets(disj({ workModel: 'remote', location: 'hamburg' }));
    expect(facets.workModels).toEqual([
      { value: 'remote', label: 'remote', count: 1 },
      { value: 'onsite', label: 'onsite', count: 1 },
    ]);
    expect(facets.locations.map((o) => [o.value, o.count])).toEqual([
      ['berlin', 2],
      ['berlin-land', 2],
      ['deutschland', 2],
      ['hamburg', 1],
      ['hamburg-land', 1],
    ]);
  });

  it('caps companies at facetLimit and always lists the selected value', () => {
    const facets = indexOf(jobs).facets(disj({ company: 'ACME', workModel: 'hybrid' }, 1));
    expect(facets.companies).toEqual([{ value: 'acme', label: 'ACME', count: 0 }]);
    expect(indexOf(jobs).facets(conj({}, 1)).companies).toEqual([{ value: 'acme', label: 'ACME', count: 2 }]);
  });

  it('reads a facet limit below 1 or not a number as 1, and a fraction as its whole part', () => {
    const index = indexOf(jobs);
    const companies = (limit: number) => index.facets(conj({}, limit)).companies.map((o) => o.value);
    expect([companies(0), companies(-3), companies(Number.NaN), companies(0.5)]).toEqual([
      ['acme'],
      ['acme'],
      ['acme'],
      ['acme'],
    ]);
    expect(companies(2.9)).toEqual(['acme', 'zeta']);
    expect(index.facets(conj({}, 1.9)).locations.length).toBe(1);
  });

  it('counts remote percentage steps cumulatively, non-zero steps only', () => {
    expect(indexOf(jobs).facets(conj()).remotePercentages).toEqual([
      { value: '20', label: '20', count: 2 },
      { value: '40', label: '40', count: 2 },
      { value: '60', label: '60', count: 1 },
      { value: '80', label: '80', count: 1 },
      { value: '100', label: '100', count: 1 },
    ]);
  });

  it('counts seo yes and no over the matching jobs, ignoring the seo filter in disjunctive mode', () => {
    expect(indexOf(jobs).facets(conj({ seo: false })).seo).toEqual({ all: 1, yes: 0, no: 1 });
    expect(indexOf(jobs).facets(disj({ seo: false })).seo).toEqual({ all: 4, yes: 3, no: 1 });
  });

  it('returns empty lists but every salary bucket and zero seo counts when nothing matches', () => {
    const facets = indexOf(jobs).facets(conj({ location: 'atlantis' }));
    expect(facets).toEqual({
      salaryRanges: expect.arrayContaining([expect.objectContaining({ count: 0 })]),
      workModels: [],
      positions: [],
      seniorityLevels: [],
      employmentTypes: [],
      remotePercentages: [],
      skillTags: [],
      industries: [],
      companySizes: [],
      companies: [],
      locations: [],
      seo: { all: 0, yes: 0, no: 0 },
    });
    expect(facets.salaryRanges).toHaveLength(4);
  });

  it('lists no selected value in conjunctive mode when nothing matches, though the index knows it', () => {
    // Berlin is known, but no Berlin job is hybrid: the list is empty, not Berlin with 0.
    const facets = indexOf(jobs).facets(conj({ location: 'berlin', workModel: 'hybrid' }));
    expect([facets.seo.all, facets.locations, facets.workModels]).toEqual([0, [], []]);
  });

  it('lists several selected skills in conjunctive mode by count, then label, whatever their order in the filter', () => {
    const skill = (slug: string, name: string) => ({ slug, name });
    const skilled = [
      job({ boardId: '1', skills: [skill('zeta', 'Zeta'), skill('alpha', 'Alpha')] }),
      job({ boardId: '2', skills: [skill('zeta', 'Zeta'), skill('alpha', 'Alpha'), skill('mid', 'Mid')] }),
      job({ boardId: '3', skills: [skill('mid', 'Mid')] }),
    ];
    const index = indexOf(skilled);
    for (const order of [
      ['zeta', 'alpha', 'mid'],
      ['mid', 'alpha', 'zeta'],
    ]) {
      expect(
        index.facets(conj({ anyOf: { skill: order } })).skillTags.map((o) => [o.value, o.count]),
        order.join(),
      ).toEqual([
        ['alpha', 2],
        ['mid', 2],
        ['zeta', 2],
      ]);
    }
  });

  it('lists every selected value past facetLimit in disjunctive mode, each replacing the last unselected one', () => {
    // Companies of 5, 4, 3, 2 and 1 jobs, limit 2: the two smallest selected push both others out.
    const sized = ['Aa', 'Bb', 'Cc', 'Dd', 'Ee'].flatMap((name, i) =>
      Array.from({ length: 5 - i }, (_, k) => job({ boardId: `${i + 1}${k}`, company: company(name) })),
    );
    const index = indexOf(sized);
    const companies = (selected: string[]) =>
      index.facets(disj({ anyOf: { company: selected } }, 2)).companies.map((o) => [o.value, o.count]);
    expect(companies(['dd'])).toEqual([
      ['aa', 5],
      ['dd', 2],
    ]);
    expect(companies(['dd', 'ee'])).toEqual([
      ['dd', 2],
      ['ee', 1],
    ]);
    expect(companies(['ee', 'bb', 'dd'])).toEqual([
      ['bb', 4],
      ['dd', 2],
      ['ee', 1],
    ]);
  });

  it("counts one facet through its values' postings, bitsets and id lists alike, as the other ways do", () => {
    // Eight jobs; with denseRatio 2 company Aa (5 jobs) is a bitset, Bb (2) and Cc (1) id lists.
    // Disjunctive, the company facet is counted over the six remote jobs (a bitset, not all), of
    // which one of the two Bb jobs.
    const names = ['Aa', 'Aa', 'Aa', 'Aa', 'Aa', 'Bb', 'Bb', 'Cc'];
    const remote = [true, true, true, false, true, true, false, true];
    const eight = names.map((name, i) =>
      job({ boardId: String(i + 1), company: company(name), workModel: remote[i] ? 'remote' : 'onsite' }),
    );
    for (const byPostings of ['always', 'never', 'auto'] as const) {
      const index = indexOf(eight, NOW, { denseRatio: 2, byPostings });
      const facets = index.facets(disj({ company: 'aa', workModel: 'remote' }));
      expect(
        facets.companies.map((o) => [o.value, o.count]),
        byPostings,
      ).toEqual([
        ['aa', 4],
        ['bb', 1],
        ['cc', 1],
      ]);
    }
  });

  it('labels skills with their display name', () => {
    expect(indexOf(jobs).facets(conj()).skillTags).toEqual([{ value: 'sistrix', label: 'Sistrix', count: 4 }]);
  });
});
