/** Random corpora and requests for the engine's property tests (search-index, segments). */
import fc from 'fast-check';
import type { Job, JobPlace, Named } from '../../src/domain/job.js';
import type { FacetRequest, JobFilter, ListRequest } from '../../src/domain/query.js';
import { COMPANY_SIZES, EMPLOYMENT_TYPES, SENIORITY_LEVELS, WORK_MODELS } from '../../src/domain/vocab.js';
import { job } from '../builders.js';
import { distanceKm } from './naive-text.js';

export const NOW = Date.UTC(2026, 10, 15);
const named = (slug: string, name: string): Named => ({ slug, name });
/** Country codes, so that salary estimates (by country) have groups to come from. */
const COUNTRY_CODES: Record<string, string> = { deutschland: 'DE', schweiz: 'CH', österreich: 'AT', españa: 'ES' };
const DE = named('deutschland', 'Deutschland');
const CH = named('schweiz', 'Schweiz');
const pl = (
  city: Named | null,
  region: Named | null,
  country: Named | null,
  lat: number | null,
  lon: number | null,
): JobPlace => ({ city, region, country, countryCode: COUNTRY_CODES[country?.slug ?? ''] ?? null, lat, lon });

/** Shared regions and countries, umlaut spellings, a slug used as city and region, missing coordinates. */
export const PLACES: JobPlace[] = [
  pl(named('berlin', 'Berlin'), named('berlin', 'Berlin'), DE, 52.52, 13.405),
  pl(named('berlin-mitte', 'Berlin-Mitte'), named('berlin', 'Berlin'), DE, 52.53, 13.39),
  pl(named('potsdam', 'Potsdam'), named('brandenburg', 'Brandenburg'), DE, 52.39, 13.06),
  pl(named('münchen', 'München'), named('bayern', 'Bayern'), DE, 48.137, 11.575),
  pl(named('muenchen', 'Muenchen'), named('bayern', 'Bayern'), DE, 48.14, 11.58),
  pl(named('frankfurt-am-main', 'Frankfurt am Main'), named('hessen', 'Hessen'), DE, 50.11, 8.68),
  pl(named('wien', 'Wien'), named('wien-land', 'Wien'), named('österreich', 'Österreich'), 48.21, 16.37),
  pl(named('málaga', 'Málaga'), named('andalucía', 'Andalucía'), named('españa', 'España'), 36.72, -4.42),
  pl(null, named('bayern', 'Bayern'), DE, null, null),
  pl(null, null, CH, null, null),
  pl(named('zürich', 'Zürich'), named('zürich-kanton', 'Kanton Zürich'), CH, null, null),
  pl(null, named('hessen', 'Hessen'), DE, 50.5, 9.0),
  pl(named('köln', 'Köln'), named('koeln', 'Koeln'), DE, 50.94, 6.96),
  // Exactly at the coordinates of Berlin and of München: found by a radius of 0 around them.
  pl(named('charlottenburg', 'Charlottenburg'), named('berlin', 'Berlin'), DE, 52.52, 13.405),
  pl(named('schwabing', 'Schwabing'), named('bayern', 'Bayern'), DE, 48.137, 11.575),
];

/** A city and a radius exactly the distance from it to another place: that place lies on the edge. */
const AT_THE_EDGE: { location: string; radiusKm: number }[] = PLACES.flatMap((c) =>
  c.city === null || c.lat === null || c.lon === null
    ? []
    : PLACES.filter((p) => p.lat !== null && p.lon !== null).map((p) => ({
        location: c.city!.name,
        radiusKm: distanceKm(c.lat!, c.lon!, p.lat!, p.lon!),
      })),
);
// 'Plan B' ends in a one-letter word (an inner key of one letter) and 'Bau Berger' has an inner word after it.
export const COMPANIES = [
  'Acme GmbH',
  'ACME GmbH',
  'acme gmbh',
  'Müller & Söhne',
  'Zeta AG',
  'Örtel KG',
  "L'Oréal",
  'Plan B',
  'Bau Berger',
];
export const POSITIONS = [
  named('seo-manager', 'SEO Manager'),
  named('seo-specialist', 'SEO Specialist'),
  named('content-manager', 'Content Manager'),
];
export const SKILLS = [
  named('sistrix', 'Sistrix'),
  named('google-analytics', 'Google Analytics'),
  named('python', 'Python'),
  named('technisches-seo', 'Technisches SEO'),
];
const INDUSTRIES = ['online-marketing', 'healthcare', 'e-commerce'];
export const WORDS = [
  'SEO',
  'Manager',
  'Managerin',
  'managers',
  'München',
  'Muenchen',
  'Gestión',
  'posicionamiento',
  'Entwicklung',
  'Entwickler',
  'optimization',
  'optimal',
  'Daten',
  'café',
  'Straße',
  'Marketing',
  'content',
  'Berlin',
  'Suche',
  'suchen',
  // word forms, compounds, thesaurus and typos
  'Entwicklerin',
  'Softwareentwicklerin',
  'Suchmaschinenoptimierung',
  'optimierung',
  'Manager:in',
  'Gerente',
  'SEA',
  'desarrolladora',
  'Markting',
  'developper',
  'developer',
  'Marketinq',
];
export const PREFIXES = ['mana', 'entw', 'opt', 'gest', 'posic', 'mün', 'se', 'stras', 'caf', 'xyz'];
const DATES = [null, Date.UTC(2026, 9, 1), Date.UTC(2026, 9, 2), Date.UTC(2026, 10, 1)];
const SALARIES = [
  null,
  null,
  { min: 30_000, max: 40_000 },
  { min: 35_000, max: 45_000 },
  { min: 50_000, max: 60_000 },
  { min: 60_000, max: 100_000 },
  { min: 20_000, max: 20_000 },
  { min: 70_000, max: 90_000 },
  // Middles on and next to every bucket boundary (0, 40,000, 60,000, 80,000).
  { min: 0, max: 0 },
  { min: 0, max: 1 },
  { min: 39_999, max: 40_000 },
  { min: 40_000, max: 40_000 },
  { min: 30_000, max: 50_000 },
  { min: 59_999, max: 60_000 },
  { min: 60_000, max: 60_000 },
  { min: 79_999, max: 80_000 },
  { min: 80_000, max: 80_000 },
  { min: 70_000, max: 90_001 },
];

/**
 * Board ids as import makes them: a feed's numeric identifier of 1 to 15 digits as written
 * (leading zeros kept), or a derived 17-digit id starting with 9; and a few neighbours of
 * different lengths, so the length-first order and the ties are drawn often.
 */
const boardIdArb = fc.oneof(
  fc.integer({ min: 1, max: 2000 }).map(String),
  fc.stringMatching(/^[0-9]{1,15}$/),
  fc.stringMatching(/^9[0-9]{16}$/),
  fc.constantFrom(
    '9',
    '10',
    '09',
    '100',
    '0100',
    '999999999999999',
    '000000000000001',
    '90000000000000000',
    '90000000000000001',
    '99999999999999999',
  ),
);

export const pick = <T>(xs: readonly T[]): fc.Arbitrary<T> => fc.constantFrom(...xs);
const several = (xs: readonly string[]): fc.Arbitrary<string[]> =>
  fc.uniqueArray(pick(xs), { minLength: 2, maxLength: 3 });
const orNull = <T>(xs: readonly T[]): fc.Arbitrary<T | null> => fc.option(pick(xs), { nil: null });
export const text = fc
  .tuple(fc.array(pick(WORDS), { maxLength: 6 }), pick([' ', ', ', '-', ' (m/w/d) ']))
  .map(([ws, sep]) => ws.join(sep));

export const jobArb = fc.record({
  boardId: boardIdArb,
  title: text,
  searchText: text,
  company: pick(COMPANIES),
  size: orNull(COMPANY_SIZES),
  industry: orNull(INDUSTRIES),
  position: pick(POSITIONS),
  seniority: orNull(SENIORITY_LEVELS),
  employmentType: orNull(EMPLOYMENT_TYPES),
  workModel: orNull(WORK_MODELS),
  remote: orNull([0, 10, 20, 40, 55, 100]),
  skills: fc.uniqueArray(pick(SKILLS), { maxLength: 3, selector: (s) => s.slug }),
  isSeo: fc.boolean(),
  language: pick(['de', 'es', 'en'] as const),
  places: fc.array(pick(PLACES), { maxLength: 3 }),
  salary: pick(SALARIES),
  postedAt: pick(DATES),
  validThrough: pick([null, null, NOW - 1, NOW, NOW + 1000]),
});

export const corpusArb = fc.array(jobArb, { maxLength: 60, size: 'medium' }).map((rows) =>
  rows.map((r, i): Job =>
    job({
      key: `k${i}`,
      boardId: r.boardId,
      title: r.title,
      searchText: r.searchText,
      company: { name: r.company, domain: null, website: null, logoUrl: null, size: r.size },
      industry: r.industry,
      position: r.position,
      seniority: r.seniority,
      employmentType: r.employmentType,
      workModel: r.workModel,
      remotePercentage: r.remote,
      skills: r.skills,
      isSeo: r.isSeo,
      language: r.language,
      places: r.places,
      salary: r.salary,
      postedAt: r.postedAt,
      validThrough: r.validThrough,
    }),
  ),
);

const FILTER_VALUES = {
  salaryRange: pick(['0-40000', '40000-60000', '60000-80000', '80000+', 'nope']),
  workModel: pick([...WORK_MODELS, 'nope']),
  position: pick([...POSITIONS.map((p) => p.slug), 'nope']),
  seniority: pick([...SENIORITY_LEVELS, 'nope']),
  employmentType: pick([...EMPLOYMENT_TYPES.slice(0, 3), 'nope']),
  remotePercentageMin: pick([0, 10, 20, 35, 40, 100]),
  skill: pick([...SKILLS.map((s) => s.slug), 'nope']),
  location: pick([
    'München',
    'munchen',
    'muenchen',
    'MUENCHEN',
    'Berlin',
    'berlin-mitte',
    'deutschland',
    'bayern',
    'Málaga',
    'malaga',
    'osterreich',
    'oesterreich',
    'schweiz',
    'zürich',
    'Frankfurt am Main',
    'wien',
    'hessen',
    'koeln',
    'Köln',
    'nowhere',
  ]),
  company: pick([...COMPANIES, 'acme GMBH', 'nope']),
  industry: pick([...INDUSTRIES, 'nope']),
  companySize: pick([...COMPANY_SIZES.slice(0, 3), 'nope']),
  seo: fc.boolean(),
  radiusKm: pick([0, 10, 50, 300, 500]),
  keywords: fc.array(pick([...WORDS, ...PREFIXES]), { maxLength: 3 }).map((ws) => ws.join(' ')),
  typos: fc.boolean(),
  partialWords: fc.boolean(),
  prefer: fc.array(
    fc.oneof(
      pick(['junior', 'senior', 'working-student', 'nope']).map((value) => ({ field: 'seniority' as const, value })),
      pick([...WORK_MODELS, 'nope']).map((value) => ({ field: 'workModel' as const, value })),
      pick([...EMPLOYMENT_TYPES.slice(0, 3)]).map((value) => ({ field: 'employmentType' as const, value })),
      pick(['Berlin', 'muenchen', 'bayern', 'wien', 'nowhere']).map((value) => ({ field: 'location' as const, value })),
    ),
    { maxLength: 3 },
  ),
  postedSince: pick([Date.UTC(2026, 9, 1), Date.UTC(2026, 9, 2), Date.UTC(2026, 9, 15), Date.UTC(2027, 0, 1)]),
  salaryMin: pick([0, 40_000, 45_000, 60_000, 95_000]),
  salaryEstimated: fc.boolean(),
  language: pick(['de', 'es', 'en', 'fr']),
  // several values per dimension (OR within, AND across), 2 or 3 at a time, unknown ones included
  anyOf: fc.record(
    {
      salaryRange: several(['0-40000', '40000-60000', '60000-80000', '80000+', 'nope']),
      workModel: several([...WORK_MODELS, 'nope']),
      position: several([...POSITIONS.map((p) => p.slug), 'nope']),
      seniority: several([...SENIORITY_LEVELS, 'nope']),
      skill: several([...SKILLS.map((s) => s.slug), 'nope']),
      location: several([
        'München',
        'muenchen',
        'Berlin',
        'berlin-mitte',
        'bayern',
        'wien',
        'Málaga',
        'schweiz',
        'nowhere',
      ]),
      company: several([...COMPANIES, 'nope']),
      industry: several([...INDUSTRIES, 'nope']),
      companySize: several([...COMPANY_SIZES.slice(0, 3), 'nope']),
      employmentType: several([...EMPLOYMENT_TYPES.slice(0, 3), 'nope']),
    },
    { requiredKeys: [] },
  ),
};
type FilterKey = keyof typeof FILTER_VALUES;
const FILTER_KEYS = Object.keys(FILTER_VALUES) as FilterKey[];
// Location with radius and keywords are drawn more often: their rules are the richest.
const WEIGHTED_KEYS: FilterKey[][] = [
  ...FILTER_KEYS.map((k) => [k]),
  ['location', 'radiusKm'],
  ['location', 'radiusKm'],
  ['keywords'],
  ['keywords', 'typos'],
  ['keywords', 'partialWords'],
  ['keywords', 'partialWords', 'prefer'],
  ['salaryMin', 'salaryEstimated'],
  ['anyOf'],
  ['anyOf', 'radiusKm'],
  ['anyOf'],
];

/** Zero to three filter groups at a time (more would almost always match nothing). */
export const filterArb: fc.Arbitrary<JobFilter> = fc
  .tuple(
    fc.array(pick(WEIGHTED_KEYS), { maxLength: 3 }),
    fc.record(FILTER_VALUES),
    fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: pick(AT_THE_EDGE) }),
  )
  .map(([groups, values, edge]) => ({ ...Object.fromEntries(groups.flat().map((k) => [k, values[k]])), ...edge }));

export const listArb: fc.Arbitrary<ListRequest> = fc.record({
  filter: filterArb,
  sort: pick(['date', 'salary', 'relevance'] as const),
  order: pick(['asc', 'desc'] as const),
  page: fc.integer({ min: 1, max: 5 }),
  perPage: fc.integer({ min: 1, max: 8 }),
});

export const facetArb: fc.Arbitrary<FacetRequest> = fc.record({
  filter: filterArb,
  mode: pick(['conjunctive', 'disjunctive'] as const),
  facetLimit: fc.integer({ min: 1, max: 4 }),
});

/**
 * Forces each representation and strategy (lists only, bitsets only, walk or rank paging,
 * complement counting), with or without caches: without, every keyword match is let go at once
 * and every request reuses the bitsets the one before it was lent (Scratch.lendBits).
 */
export const tuningArb = fc.record({
  denseRatio: pick([32, 2, 1e9, Infinity]),
  paging: pick(['auto', 'walk', 'ranks'] as const),
  complement: fc.boolean(),
  packedFrom: pick([0, 4096]),
  byPostings: pick(['auto', 'never', 'always'] as const),
  cacheSize: pick([500, 0]),
  relevance: pick(['impact', 'prune', 'full'] as const),
  impactPrefix: pick([4096, 1, 8]),
});
