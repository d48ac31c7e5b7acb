/**
 * The precomputed facet counts of large filter sets (src/search/query/base-counts.ts). Facet counts must
 * be the same whether or not a base serves them, so the first tests compare the engine with the
 * naive scan (naive-*.ts) on filters made of one large clause, or of a large clause and more, where
 * the bases are used. Which sets get a base (more than n/16 documents, bitsets only, at most 64,
 * the largest) changes only the cost; those rules are tested on buildBases itself. The same for
 * the keyword bases (what the query of a frequent title text finds) and the union bases (several
 * values of a column, made at query time from theirs).
 */
import { describe, expect, it } from 'vitest';
import type { Job, JobPlace, Named } from '../../../src/domain/job.js';
import type { FacetRequest, JobFilter } from '../../../src/domain/query.js';
import { DEFAULT_SALARY_BUCKETS } from '../../../src/domain/salary-buckets.js';
import { COMPANY_SIZES, EMPLOYMENT_TYPES, SENIORITY_LEVELS, WORK_MODELS } from '../../../src/domain/vocab.js';
import {
  basesFor,
  buildBases,
  KEYWORD_CANDIDATES,
  keywordBasesFor,
  MAX_KEYWORD_BASES,
  nearBasesFor,
} from '../../../src/search/query/base-counts.js';
import type { Engine, EngineTuning } from '../../../src/search/engine.js';
import { countFacets, FACET_KEYS, isList, type Base, type FacetKey } from '../../../src/search/query/facet-count.js';
import { planFilter, type Clause } from '../../../src/search/query/filter.js';
import { hasBit } from '../../../src/search/postings/bitset.js';
import { bitsSet, type DocSet } from '../../../src/search/postings/doc-set.js';
import { keywordBaseKey } from '../../../src/search/text/keyword-query.js';
import { REMOTE_LEVELS } from '../../../src/search/columns/remote.js';
import { liveBitset } from '../../../src/search/postings/bitset.js';
import { SearchIndex } from '../../../src/search/segments/search-index.js';
import { job } from '../../builders.js';
import { naiveFacets } from '../naive-facets.js';
import { NaiveSearch } from '../naive-search.js';

const NOW = Date.UTC(2026, 10, 15);
const named = (slug: string, name: string): Named => ({ slug, name });
const DE = named('deutschland', 'Deutschland');
const PLACES: JobPlace[] = [
  {
    city: named('berlin', 'Berlin'),
    region: named('berlin-land', 'Berlin'),
    country: DE,
    countryCode: 'DE',
    lat: 52.52,
    lon: 13.405,
  },
  {
    city: named('münchen', 'München'),
    region: named('bayern', 'Bayern'),
    country: DE,
    countryCode: 'DE',
    lat: 48.137,
    lon: 11.575,
  },
  {
    city: named('hamburg', 'Hamburg'),
    region: named('hamburg-land', 'Hamburg'),
    country: DE,
    countryCode: 'DE',
    lat: 53.55,
    lon: 9.99,
  },
  {
    city: named('wien', 'Wien'),
    region: named('wien-land', 'Wien'),
    country: named('österreich', 'Österreich'),
    countryCode: 'AT',
    lat: 48.21,
    lon: 16.37,
  },
];
const POSITIONS = [
  named('seo-manager', 'SEO Manager'),
  named('seo-specialist', 'SEO Specialist'),
  named('content-manager', 'Content Manager'),
];
const SKILLS = ['sistrix', 'python', 'google-analytics', 'excel', 'ahrefs'].map((s) => named(s, s.toUpperCase()));
const COMPANIES = ['Acme GmbH', 'Zeta AG', 'Örtel KG', 'Müller & Söhne'];
const INDUSTRIES = ['online-marketing', 'healthcare', 'e-commerce'];
const REMOTE = [null, 0, 20, 40, 55, 60, 80, 100];
const SALARIES = [
  null,
  { min: 30_000, max: 40_000 },
  { min: 50_000, max: 60_000 },
  { min: 70_000, max: 90_000 },
  { min: 90_000, max: 120_000 },
];

/** A small deterministic generator (mulberry32), so the corpus is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * n postings whose values are skewed (the first value of each list is the most frequent), so every
 * facet has sets above and below n/16, and documents of every part of the bitset (ids past 32, 64, …).
 */
function corpus(n: number, seed: number): Job[] {
  const r = random(seed);
  const skewed = <T>(xs: readonly T[]): T => xs[Math.min(xs.length - 1, Math.floor(xs.length * r() * r()))]!;
  return Array.from({ length: n }, (_, i) =>
    job({
      key: `base:${i}`,
      boardId: String(10_000 + i),
      company: {
        name: skewed(COMPANIES),
        domain: null,
        website: null,
        logoUrl: null,
        size: skewed([...COMPANY_SIZES, null]),
      },
      industry: skewed([...INDUSTRIES, null]),
      position: skewed(POSITIONS),
      seniority: skewed([...SENIORITY_LEVELS, null]),
      employmentType: skewed([...EMPLOYMENT_TYPES, null]),
      workModel: skewed([...WORK_MODELS, null]),
      remotePercentage: skewed(REMOTE),
      skills: SKILLS.filter(() => r() < 0.4),
      isSeo: r() < 0.6,
      places: PLACES.filter(() => r() < 0.35),
      salary: skewed(SALARIES),
      postedAt: Date.UTC(2026, 10, 1),
      validThrough: null,
    }),
  );
}

const build = (jobs: readonly Job[], tuning: Partial<EngineTuning> = {}): SearchIndex =>
  SearchIndex.build(jobs, { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW, tuning });
const engineOf = (index: SearchIndex): Engine => index.leaves[0]!.segment.engine;
const basesOf = (index: SearchIndex): ReadonlyMap<string, Base> => index.leaves[0]!.segment.bases;

/** Every one-clause filter on a facet value (each can be a base: values, the SEO switch, remote shares). */
const SINGLE: JobFilter[] = [
  ...WORK_MODELS.map((workModel) => ({ workModel })),
  ...POSITIONS.map((p) => ({ position: p.slug })),
  ...SENIORITY_LEVELS.map((seniority) => ({ seniority })),
  ...EMPLOYMENT_TYPES.slice(0, 4).map((employmentType) => ({ employmentType })),
  ...COMPANIES.map((company) => ({ company })),
  ...INDUSTRIES.map((industry) => ({ industry })),
  ...COMPANY_SIZES.slice(0, 4).map((companySize) => ({ companySize })),
  { seo: true },
  { seo: false },
  ...SKILLS.map((s) => ({ skill: s.slug })),
  ...['berlin', 'münchen', 'deutschland', 'österreich', 'bayern'].map((location) => ({ location })),
  ...['0-40000', '40000-60000', '60000-80000', '80000+'].map((salaryRange) => ({ salaryRange })),
  ...[1, 20, 30, 40, 55, 60, 80, 100].map((remotePercentageMin) => ({ remotePercentageMin })),
];

/** A large clause and one more (of another dimension): about one such pair in twenty. */
const PAIRS: JobFilter[] = SINGLE.flatMap((a, i) =>
  SINGLE.filter((b, j) => j > i && Object.keys(a)[0] !== Object.keys(b)[0] && (i * 5 + j) % 23 === 0).map((b) => ({
    ...a,
    ...b,
  })),
);
/** A large clause with two more, several values or keywords. */
const WITH_MORE: JobFilter[] = [
  { remotePercentageMin: 20, seo: true, workModel: 'remote' },
  { remotePercentageMin: 1, skill: 'sistrix', keywords: 'seo' },
  { workModel: 'remote', anyOf: { seniority: ['mid', 'senior'] } },
  { location: 'deutschland', remotePercentageMin: 40, industry: 'online-marketing' },
];

function expectSameFacets(index: SearchIndex, naive: NaiveSearch, filters: readonly JobFilter[]): void {
  for (const filter of filters) {
    for (const mode of ['conjunctive', 'disjunctive'] as const) {
      const request: FacetRequest = { filter, mode, facetLimit: 1000 };
      expect(index.facets(request), `${mode} ${JSON.stringify(filter)}`).toEqual(naiveFacets(naive, request));
    }
  }
}

describe('facet counts served from the precomputed bases', () => {
  const jobs = corpus(120, 7);
  const naive = new NaiveSearch(jobs, DEFAULT_SALARY_BUCKETS, NOW);

  it('are those of a plain scan for every one-clause filter', () => {
    const index = build(jobs);
    // The corpus does exercise the bases: most one-clause filters have one.
    expect(basesOf(index).size).toBeGreaterThan(30);
    expectSameFacets(index, naive, SINGLE);
  });

  it('are those of a plain scan for a large clause and more', () => {
    const index = build(jobs);
    expectSameFacets(index, naive, [...PAIRS, ...WITH_MORE]);
  });

  it('are those of a plain scan when no facet is counted through its postings', () => {
    // (by default a disjunctive pass over one facet may intersect its postings instead)
    const index = build(jobs, { byPostings: 'never' });
    expectSameFacets(index, naive, [...SINGLE, ...WITH_MORE]);
  });
});

/** The documents of a set, ascending. */
function docsOf(set: DocSet, n: number): number[] {
  if (set.kind === 'all') return Array.from({ length: n }, (_, d) => d);
  if (set.kind === 'list') return [...set.ids];
  return Array.from({ length: n }, (_, d) => d).filter((d) => hasBit(set.words, d));
}

/** Facet counts over the documents, tallied one document at a time from the engine's columns. */
function tally(e: Engine, docs: readonly number[]): Record<FacetKey, Uint32Array> {
  const out = {} as Record<FacetKey, Uint32Array>;
  for (const f of FACET_KEYS) {
    if (f === 'remote') {
      out[f] = new Uint32Array(REMOTE_LEVELS);
      for (const d of docs) out[f][e.remote.level[d]!]!++;
    } else if (isList(f)) {
      const { offsets, ids, values } = e.lists[f];
      out[f] = new Uint32Array(values.length);
      for (const d of docs) for (let j = offsets[d]!; j < offsets[d + 1]!; j++) out[f][ids[j]!]!++;
    } else {
      const { col, values } = e.columns[f];
      out[f] = new Uint32Array(values.length);
      for (const d of docs) out[f][col[d]!]!++;
    }
  }
  return out;
}

/** Every set that may become a base: each facet value's postings and each remote-share threshold. */
function candidateSets(e: Engine): Map<string, number[]> {
  const sets = new Map<string, number[]>();
  for (const [facet, column] of [...Object.entries(e.columns), ...Object.entries(e.lists)])
    column.postings.forEach((p, code) => sets.set(`${facet}:${code}`, docsOf(p, e.n)));
  for (const v of new Set(e.remote.descValues)) {
    const docs = Array.from({ length: e.n }, (_, d) => d).filter((d) => e.remote.value[d]! >= v);
    sets.set(`remote:${docs.length}`, docs);
  }
  return sets;
}

function expectBasesOfTheirSets(e: Engine, bases: ReadonlyMap<string, Base>): void {
  const sets = candidateSets(e);
  for (const [key, base] of bases) {
    const docs = sets.get(key);
    expect(docs, key).toBeDefined();
    expect(base.words, key).not.toBeNull();
    expect(docsOf({ kind: 'bits', words: base.words!, size: 0 }, e.n), key).toEqual(docs);
    expect(base.counts.total, key).toBe(docs!.length);
    expect(base.counts.byFacet, key).toEqual(tally(e, docs!));
  }
}

describe('buildBases', () => {
  it('gives a base to every set of more than n/16 documents, none to one of exactly n/16', () => {
    // 64 postings: 5 remote (5 × 16 > 64), 4 on site (4 × 16 = 64), the rest hybrid.
    const jobs = Array.from({ length: 64 }, (_, i) =>
      job({ workModel: i % 16 === 3 ? 'onsite' : i >= 59 ? 'remote' : 'hybrid' }),
    );
    const e = engineOf(build(jobs));
    const code = (v: string): number => e.columns.workModel.codes.get(v)!;
    expect(e.columns.workModel.postings[code('remote')]!.size).toBe(5);
    expect(e.columns.workModel.postings[code('onsite')]!.size).toBe(4);
    const bases = buildBases(e);
    expect(bases.has(`workModel:${code('remote')}`)).toBe(true);
    expect(bases.has(`workModel:${code('hybrid')}`)).toBe(true);
    expect(bases.has(`workModel:${code('onsite')}`)).toBe(false);
    // Exactly the candidates above the threshold (fewer than 64 of them here).
    const expected = [...candidateSets(e)].filter(([, docs]) => docs.length * 16 > 64).map(([key]) => key);
    expect([...bases.keys()].sort()).toEqual(expected.sort());
  });

  it("holds each set's documents and the counts of every facet over them", () => {
    const e = engineOf(build(corpus(300, 11)));
    const bases = buildBases(e);
    expect(bases.size).toBeGreaterThan(30);
    expectBasesOfTheirSets(e, bases);
  });

  it('has a base for each remote-share threshold above n/16, keyed by its size, holding exactly those documents', () => {
    // Shares 100 (4 postings), 80 (+3), 40 (+6), 0 (+5), unknown (the rest): at least 100 is 4 of 64, not a base.
    const shares = [
      ...Array<number>(4).fill(100),
      ...Array<number>(3).fill(80),
      ...Array<number>(6).fill(40),
      ...Array<number>(5).fill(0),
    ];
    const jobs = Array.from({ length: 64 }, (_, i) => job({ remotePercentage: shares[(i * 37) % 64] ?? null }));
    const e = engineOf(build(jobs));
    const bases = buildBases(e);
    const remote = [...bases.keys()].filter((k) => k.startsWith('remote:')).sort();
    expect(remote).toEqual(['remote:13', 'remote:18', 'remote:7']);
    expectBasesOfTheirSets(e, bases);
  });

  it('keeps the 64 largest sets when more are large enough', () => {
    // 80 skills: skill s is held by the postings d with (7d + 13s) mod 160 < 11 + s, exactly 11 + s
    // of them (7d runs over every residue), so sizes 11..90, all above n/16 = 10, none alike.
    const n = 160;
    const skills = Array.from({ length: 80 }, (_, s) => named(`skill-${s}`, `Skill ${s}`));
    const jobs = Array.from({ length: n }, (_, d) =>
      job({
        workModel: null,
        remotePercentage: null,
        skills: skills.filter((_, s) => (d * 7 + s * 13) % n < 11 + s),
      }),
    );
    const e = engineOf(build(jobs));
    const bases = buildBases(e);
    expect(bases.size).toBe(64);
    const candidates = [...candidateSets(e)].filter(([, docs]) => docs.length * 16 > n);
    expect(candidates.length).toBeGreaterThan(64);
    const sizes = candidates.map(([, docs]) => docs.length).sort((a, b) => b - a);
    // No tie at the cut, so "the 64 largest" is one set of keys.
    expect(sizes[63]).toBeGreaterThan(sizes[64]!);
    const largest = candidates.filter(([, docs]) => docs.length >= sizes[63]!).map(([key]) => key);
    expect([...bases.keys()].sort()).toEqual(largest.sort());
    expectBasesOfTheirSets(e, bases);
  });

  it('gives no base to a large set kept as a list of ids (only bitsets can be subtracted from)', () => {
    // denseRatio 2: postings of at most n/2 documents are lists.
    const e = engineOf(build(corpus(300, 11), { denseRatio: 2 }));
    const bases = buildBases(e);
    const sets = candidateSets(e);
    // Remote-share sets are made as bitsets whatever their size.
    const bits = (key: string, size: number): boolean => size * 2 > e.n || key.startsWith('remote:');
    const expected = [...sets]
      .filter(([key, docs]) => docs.length * 16 > e.n && bits(key, docs.length))
      .map(([key]) => key);
    expect(expected.filter((key) => !key.startsWith('remote:')).length).toBeGreaterThan(3);
    // and some sets above n/16 are lists, left out
    expect([...sets].some(([key, docs]) => docs.length * 16 > e.n && !bits(key, docs.length))).toBe(true);
    expect([...bases.keys()].sort()).toEqual(expected.sort());
    expectBasesOfTheirSets(e, bases);
  });
});

describe('union bases', () => {
  const jobs = corpus(160, 9);
  const naive = new NaiveSearch(jobs, DEFAULT_SALARY_BUCKETS, NOW);

  it('make the base of several values of a column from theirs: their documents, the sum of their counts', () => {
    const index = build(jobs);
    const e = engineOf(index);
    const bases = basesOf(index);
    const models = { anyOf: { workModel: ['remote', 'hybrid'] } };
    const clause = planFilter(e, models).clauses[0]!;
    const code = (v: string): number => e.columns.workModel.codes.get(v)!;
    expect(clause.union).toEqual([`workModel:${code('hybrid')}`, `workModel:${code('remote')}`]);
    const all: Base = { words: null, counts: { total: e.n, byFacet: {} } };
    const given = basesFor(all, bases, [clause]);
    expect(given).toHaveLength(2);
    const union = given[1]!;
    const docs = found(naive, jobs, models);
    expect(docsOf({ kind: 'bits', words: union.words!, size: 0 }, e.n)).toEqual(docs);
    expect(union.counts.total).toBe(docs.length);
    expect(union.counts.byFacet).toEqual(tally(e, docs));
    // Places nest and lists overlap: no union for them; a place holding the others lends its base.
    const nested = planFilter(e, { anyOf: { location: ['berlin', 'deutschland'] } }).clauses[0]!;
    expect(nested.union).toBeUndefined();
    expect(nested.base).toBe(planFilter(e, { location: 'deutschland' }).clauses[0]!.base);
    expect(nested.base).not.toBeNull();
    expect(planFilter(e, { anyOf: { location: ['berlin', 'wien'] } }).clauses[0]!.base).toBeNull();
    expect(planFilter(e, { anyOf: { skill: ['python', 'excel'] } }).clauses[0]!.union).toBeUndefined();
  });

  it('are not made when a value has no base', () => {
    const index = build(jobs);
    const e = engineOf(index);
    const clause = planFilter(e, { anyOf: { workModel: ['remote', 'hybrid'] } }).clauses[0]!;
    const [first, second] = clause.union!;
    const all: Base = { words: null, counts: { total: e.n, byFacet: {} } };
    const bases = basesOf(index);
    expect(basesFor(all, new Map([[first!, bases.get(first!)!]]), [clause])).toEqual([all]);
    expect(basesFor(all, new Map([[second!, bases.get(second!)!]]), [clause])).toEqual([all]);
  });

  it('serve facet counts as a plain scan counts them', () => {
    const index = build(jobs);
    expectSameFacets(index, naive, [
      { anyOf: { workModel: ['remote', 'hybrid'] } },
      { anyOf: { workModel: ['hybrid', 'onsite'] }, seo: true },
      { anyOf: { workModel: ['remote', 'hybrid'], location: ['berlin', 'deutschland'] } },
      { anyOf: { seniority: ['mid', 'senior'], workModel: ['remote', 'onsite'] }, remotePercentageMin: 20 },
      { anyOf: { workModel: ['remote', 'unknown-model'] }, industry: 'online-marketing' },
      { anyOf: { company: ['Acme GmbH', 'Zeta AG'] }, keywords: 'seo' },
      { anyOf: { location: ['münchen', 'deutschland'], workModel: ['remote', 'hybrid'] } },
      { anyOf: { location: ['deutschland', 'berlin'] }, seo: false },
    ]);
  });
});

describe('keywordBasesFor', () => {
  it("takes only one-word keyword bases whose terms hold all of a word's", () => {
    const base = (total: number): Base => ({ words: new Uint32Array(1), counts: { total, byFacet: {} } });
    const [word, other, position, words, column] = [base(1), base(2), base(3), base(4), base(5)];
    const bases = new Map([
      ['kw:1,2', word],
      ['kw:3', other],
      ['kw:1,2@5', position], // a query naming a position: only its own clause is within it
      ['kw:1|2', words], // several words: the same
      ['workModel:1', column],
    ]);
    expect(keywordBasesFor(bases, [[1]])).toEqual([word]);
    expect(keywordBasesFor(bases, [[2, 1]])).toEqual([word]);
    expect(keywordBasesFor(bases, [[1, 3]])).toEqual([]);
    expect(keywordBasesFor(bases, [[9], [3]])).toEqual([other]);
  });
});

describe('basesFor', () => {
  const base = (total: number): Base => ({ words: new Uint32Array(1), counts: { total, byFacet: {} } });
  const clause = (key: string | null): Clause => ({
    key: 'workModel',
    base: key,
    size: 1,
    docs: () => ({ kind: 'all', size: 1 }),
    has: () => true,
  });

  it('gives all documents first, then the base of each clause that has one, in clause order', () => {
    const all: Base = { words: null, counts: { total: 10, byFacet: {} } };
    const [a, b] = [base(6), base(4)];
    const bases = new Map([
      ['workModel:1', a],
      ['seo:1', b],
    ]);
    expect(basesFor(all, bases, [])).toEqual([all]);
    const found = basesFor(all, bases, [clause('seo:1'), clause(null), clause('company:9'), clause('workModel:1')]);
    expect(found).toHaveLength(3);
    expect(found[0]).toBe(all);
    expect(found[1]).toBe(b);
    expect(found[2]).toBe(a);
  });
});

/** Title words a job seeker types; a skewed draw puts the first ones in many titles, the last in few. */
const TITLES = [
  'SEO Manager',
  'Senior SEO Manager',
  'Content Manager Berlin',
  'Marketing Analyst',
  'SEO Specialist',
  'Data Engineer Hamburg',
  'Werkstudent Marketing',
  'Python Entwickler',
  'Grafikdesigner',
  'Mango Trader',
];

function titled(n: number, seed: number): Job[] {
  const r = random(seed + 1);
  return corpus(n, seed).map((j) => ({
    ...j,
    title: TITLES[Math.min(TITLES.length - 1, Math.floor(TITLES.length * r() * r()))]!,
  }));
}

/** The documents (by index) a keyword query finds. */
const found = (naive: NaiveSearch, jobs: readonly Job[], filter: JobFilter): number[] => {
  const hits = new Set(naive.filter(filter));
  return jobs.flatMap((j, d) => (hits.has(j) ? [d] : []));
};

describe('keyword bases', () => {
  const jobs = titled(200, 5);
  const naive = new NaiveSearch(jobs, DEFAULT_SALARY_BUCKETS, NOW);
  const words = [...new Set(TITLES.flatMap((t) => t.toLowerCase().split(' ')))];

  it('are made for each title word and position whose query finds more than n/16 documents, with their counts', () => {
    const index = build(jobs);
    const e = engineOf(index);
    const keyword = [...basesOf(index)].filter(([key]) => key.startsWith('kw:')).map(([, b]) => b);
    const large = (w: string): boolean => found(naive, jobs, { keywords: w }).length * 16 > jobs.length;
    // Title words, and the positions' names (a query naming one finds its jobs too).
    const texts = [...words, ...POSITIONS.map((p) => p.name)];
    const frequent = texts.filter(large);
    const rare = texts.filter((w) => !large(w));
    expect(frequent).toContain('SEO Manager');
    // The draw gives both kinds.
    expect(frequent.length).toBeGreaterThan(4);
    expect(rare.length).toBeGreaterThan(0);
    const docsOfBase = (b: Base): string => docsOf({ kind: 'bits', words: b.words!, size: 0 }, e.n).join();
    for (const w of frequent) {
      const docs = found(naive, jobs, { keywords: w });
      const held = keyword.filter((b) => docsOfBase(b) === docs.join());
      // (two texts may find the same documents)
      expect(held.length, w).toBeGreaterThan(0);
      for (const b of held) expect(b.counts.byFacet, w).toEqual(tally(e, docs));
    }
    // and none of any other text (texts of the same terms share one)
    const sets = new Set(frequent.map((w) => found(naive, jobs, { keywords: w }).join()));
    for (const b of keyword) expect(sets.has(docsOfBase(b))).toBe(true);
    expect(keyword.length).toBeLessThanOrEqual(frequent.length);
  });

  it('serve the facet counts of keyword queries as a plain scan counts them', () => {
    const index = build(jobs);
    const e = engineOf(index);
    const clauseOf = (keywords: string): Clause =>
      planFilter(e, { keywords }).clauses.find((c) => c.key === 'keywords')!;
    // One word, a word with a typo and two words are within a keyword base; a query naming a
    // position (the thesaurus adds its jobs) is not within a word's.
    for (const q of ['manager', 'managr', 'senior manager', 'marketing analyst'])
      expect(keywordBasesFor(basesOf(index), clauseOf(q).words!).length, q).toBeGreaterThan(0);
    expect(clauseOf('seo manager').words).toBeUndefined();
    // whose own base (its words and position) is one
    expect(basesOf(index).has(clauseOf('seo manager').base!)).toBe(true);
    expectSameFacets(index, naive, [
      { keywords: 'manager' },
      { keywords: 'seo' },
      { keywords: 'managr' },
      { keywords: 'manager', typos: false },
      { keywords: 'senior manager' },
      { keywords: 'seo manager' },
      { keywords: 'marketing', workModel: 'remote' },
      { keywords: 'manager', anyOf: { seniority: ['mid', 'senior'] } },
      { keywords: 'seo', seo: true, location: 'deutschland' },
      // a prefix standing for manager and mango: within no base, though the manager base holds some of its terms
      { keywords: 'man' },
    ]);
    const all: Base = { words: null, counts: { total: e.n, byFacet: {} } };
    const within = keywordBasesFor(basesOf(index), clauseOf('manager').words!);
    expect(basesFor(all, basesOf(index), [clauseOf('manager')])).toEqual([all, ...within]);
    expect(keywordBasesFor(basesOf(index), clauseOf('man').words!)).toEqual([]);
  });

  it(`are at most ${MAX_KEYWORD_BASES}, the largest sets`, () => {
    // 40 words; word i is in the titles of the postings d with (7d + 13i) mod 160 < 11 + i, and in
    // no other text: 11 + i documents, all above n/16 = 10, none alike. Words of four letters (no typo allowed), none
    // a prefix of another.
    const n = 160;
    const [first, second] = ['bdfgklmp', 'rstvw'];
    const vocab = Array.from({ length: 40 }, (_, i) => `${first[i % 8]}a${second[Math.floor(i / 8)]}k`);
    // One position for all (its query finds every posting: a base), so 31 places are left for words.
    const many = corpus(n, 3).map((j, d) => ({
      ...j,
      position: named('stelle', 'Stelle'),
      title: vocab.filter((_, i) => (d * 7 + i * 13) % n < 11 + i).join(' ') || 'Stelle',
    }));
    const index = build(many);
    const e = engineOf(index);
    const manyNaive = new NaiveSearch(many, DEFAULT_SALARY_BUCKETS, NOW);
    const held = new Set(
      [...basesOf(index)]
        .filter(([key]) => key.startsWith('kw:'))
        .map(([, b]) => docsOf({ kind: 'bits', words: b.words!, size: 0 }, e.n).join()),
    );
    expect(held.size).toBe(MAX_KEYWORD_BASES);
    expect(held.has(Array.from({ length: n }, (_, d) => d).join())).toBe(true);
    vocab.forEach((w, i) => {
      const docs = found(manyNaive, many, { keywords: w }).join();
      expect(held.has(docs), w).toBe(i >= vocab.length - (MAX_KEYWORD_BASES - 1));
    });
    // Only the first KEYWORD_CANDIDATES title words are looked up (words found nowhere before it).
    const kw = (bases: ReadonlyMap<string, Base>): number =>
      [...bases.keys()].filter((k) => k.startsWith('kw:')).length;
    const nowhere = Array.from({ length: KEYWORD_CANDIDATES - 1 }, (_, i) => `zz${i}qq`);
    expect(kw(buildBases(e, [...nowhere, vocab[39]!]))).toBe(1);
    expect(kw(buildBases(e, [...nowhere, 'zzqq', vocab[39]!]))).toBe(0);
    // The largest sets whatever the order of the texts; a text twice is one candidate.
    const totals = (bases: ReadonlyMap<string, Base>): number[] =>
      [...bases]
        .filter(([k]) => k.startsWith('kw:'))
        .map(([, b]) => b.counts.total)
        .sort((a, b) => a - b);
    expect(totals(buildBases(e, vocab))).toEqual(Array.from({ length: MAX_KEYWORD_BASES }, (_, i) => 19 + i));
    expect(totals(buildBases(e, [...Array<string>(40).fill(vocab[39]!), vocab[0]!]))).toEqual([11, 50]);
    // Texts without a word, and several words naming no position, get none.
    expect(kw(buildBases(e, ['(m/w/d)', '--', `${vocab[39]} ${vocab[38]}`]))).toBe(0);
  });

  it('are made only for sets of more than n/16 documents', () => {
    // 32 postings: 'zander' in 2 titles (2 × 16 = 32), 'quokka' in 3.
    const small = corpus(32, 4).map((j, d) => ({ ...j, title: d < 2 ? 'Zander' : d < 5 ? 'Quokka' : 'Stelle' }));
    const bases = buildBases(engineOf(build(small)), ['zander', 'quokka']);
    const kw = [...bases].filter(([k]) => k.startsWith('kw:')).map(([, b]) => b.counts.total);
    expect(kw).toEqual([3]);
  });
});

describe('near bases', () => {
  // 400 postings: manager in a quarter of the titles (and nowhere else), mango in a tenth, mandant
  // in a twentieth (too few for a base: n/16 is 25); one position for all (its name is found too).
  const titles = ['Manager', 'SEO Manager', 'Content Manager', 'Manager Vertrieb', 'Senior Manager'];
  titles.push('Mango Trader', 'Mango Einkauf', 'Mandant Betreuer', 'Data Engineer', 'Python Entwickler');
  titles.push('Grafikdesigner', 'Koch', 'Lagerist', 'Fahrer', 'Erzieher', 'Pfleger', 'Verkäufer');
  titles.push('Buchhalter', 'Elektriker', 'Gärtner');
  const jobs = corpus(400, 5).map((j, d) => ({
    ...j,
    position: named('stelle', 'Stelle'),
    title: titles[d % 20]!,
    summary: 'Eine Stelle.',
    searchText: `${titles[d % 20]!} Eine Stelle.`,
  }));
  const naive = new NaiveSearch(jobs, DEFAULT_SALARY_BUCKETS, NOW);
  const index = build(jobs);
  const e = engineOf(index);
  const bases = basesOf(index);
  const docsOfBase = (b: Base): number[] => docsOf({ kind: 'bits', words: b.words!, size: 0 }, e.n);
  const keywordBase = (q: string): Base => bases.get(keywordBaseKey(planFilter(e, { keywords: q }).keywords!.words))!;

  it('are the one-word keyword bases sharing a term with a word of a keyword clause', () => {
    const [manager, mango] = ['manager', 'mango'].map(keywordBase);
    expect(bases.has(keywordBaseKey(planFilter(e, { keywords: 'mandant' }).keywords!.words))).toBe(false);
    // "man" stands for manager, mango and mandant: the bases of the first two lie within it.
    const near = (filter: JobFilter): Base[] => nearBasesFor(bases, planFilter(e, filter).clauses);
    expect(new Set(near({ keywords: 'man' }))).toEqual(new Set([manager, mango]));
    expect(near({ keywords: 'manager' })).toEqual([manager]);
    // (with another clause too: how far a base is, countFacets measures)
    expect(near({ keywords: 'mango', workModel: 'remote' })).toEqual([mango]);
    expect(new Set(near({ keywords: 'mango manager' }))).toEqual(new Set([manager, mango]));
    // No keywords, no keyword base.
    for (const filter of [{ workModel: 'remote' }, {}] satisfies JobFilter[])
      expect(near(filter), JSON.stringify(filter)).toEqual([]);
    expect(docsOfBase(manager!)).toHaveLength(100);
  });

  it('serve the facet counts as a plain scan counts them', () => {
    expectSameFacets(index, naive, [
      { keywords: 'man' },
      { keywords: 'mana' },
      { keywords: 'manager senior' },
      { keywords: 'man', anyOf: { seniority: ['mid', 'senior'] } },
      { keywords: 'man', workModel: 'remote' },
    ]);
  });

  it('serve a segment with deleted documents as a plain scan of its live ones counts them', () => {
    // Delete documents inside the manager base and outside it (documents are numbered by board id,
    // which is the order of `jobs`).
    const inside = docsOfBase(keywordBase('manager'));
    const deleted = [...inside.filter((_, i) => i % 20 === 0), 1, 2, 3].sort((a, b) => a - b);
    const liveBits = liveBitset(index.size);
    for (const d of deleted) liveBits[d >>> 5]! &= ~(1 << (d & 31));
    const segmented = new SearchIndex([{ segment: index.leaves[0]!.segment, live: liveBits }]);
    const gone = new Set(deleted);
    const live = jobs.filter((_, d) => !gone.has(d));
    // (keyword statistics and salary estimates stay those of the segment as built)
    const liveNaive = new NaiveSearch(live, DEFAULT_SALARY_BUCKETS, NOW, [jobs]);
    for (const filter of [{ keywords: 'man' }, { keywords: 'mana' }, { keywords: 'manager' }] satisfies JobFilter[]) {
      for (const mode of ['conjunctive', 'disjunctive'] as const) {
        const request: FacetRequest = { filter, mode, facetLimit: 1000 };
        expect(segmented.facets(request), `${mode} ${JSON.stringify(filter)}`).toEqual(naiveFacets(liveNaive, request));
      }
    }
  });

  it('give the counts of any set through any base, near or far, as counting the set itself does', () => {
    const r = random(11);
    const all = index.leaves[0]!.segment.all;
    const bitsOf = (docs: readonly number[]): Uint32Array => {
      const words = new Uint32Array((e.n + 31) >>> 5);
      for (const d of docs) words[d >>> 5]! |= 1 << (d & 31);
      return words;
    };
    for (let round = 0; round < 40; round++) {
      // A set of about half the documents, and a base that keeps most of it and adds others
      // (or, one round in four, an unrelated one).
      const set = Array.from({ length: e.n }, (_, d) => d).filter(() => r() < 0.5);
      const kept = round % 4 === 3 ? [] : set.filter(() => r() < 0.9);
      const added = Array.from({ length: e.n }, (_, d) => d).filter(() => r() < (round % 4 === 3 ? 0.5 : 0.05));
      const baseDocs = [...new Set([...kept, ...added])].sort((a, b) => a - b);
      const near: Base = {
        words: bitsOf(baseDocs),
        counts: countFacets(e, bitsSet(bitsOf(baseDocs), baseDocs.length), FACET_KEYS, null),
      };
      const setBits = bitsSet(bitsOf(set), set.length);
      const facets = round % 2 === 0 ? FACET_KEYS : FACET_KEYS.slice(0, 3);
      const expected = countFacets(e, setBits, facets, null);
      const counted = countFacets(e, setBits, facets, [all], [near]);
      expect(counted.total).toBe(set.length);
      for (const f of facets) expect([...counted.byFacet[f]!], `${round} ${f}`).toEqual([...expected.byFacet[f]!]);
    }
  });
});
