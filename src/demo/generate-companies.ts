/** The company pool of the demo-posting generator: names from parts, size and industry fixed per company. */
import { expandUmlauts } from '../domain/text-fold.js';
import type { GazetteerCity } from '../ingest/places/gazetteer.js';
import { INDUSTRIES, type IndustryDef } from './generate-positions.js';
import { type Random, WeightedSampler, weighted } from './generate-random.js';

export const DEMO_COUNTRIES = ['DE', 'ES', 'AT', 'CH'] as const;
export type DemoCountry = (typeof DEMO_COUNTRIES)[number];
/** Share of companies (and so, roughly, of postings) per country. */
export const COUNTRY_WEIGHTS: readonly (readonly [number, DemoCountry])[] = [
  [55, 'DE'],
  [25, 'ES'],
  [10, 'AT'],
  [10, 'CH'],
];

export interface DemoCompany {
  name: string;
  domain: string;
  website: string | null;
  logo: string | null;
  /** `numberOfEmployees`; null when the company does not state it. */
  employees: number | null;
  industry: IndustryDef;
  country: DemoCountry;
  hq: GazetteerCity;
  /** Probability that a posting of this company is in English. */
  englishShare: number;
  /** Identifier style: all digits, or a reference string like `NL-2024-00042`. */
  digitIds: boolean;
  initials: string;
}

/** Cities of one country with a population-weighted sampler. */
export interface CityPool {
  cities: readonly GazetteerCity[];
  sampler: WeightedSampler;
}

const DACH_PREFIX = [
  'Nord',
  'Süd',
  'Alpen',
  'Rhein',
  'Isar',
  'Elb',
  'Main',
  'Spree',
  'Blau',
  'Grün',
  'Sonnen',
  'Stern',
  'Berg',
  'Wald',
  'Fels',
  'Lumen',
  'Nova',
  'Terra',
  'Vita',
  'Pixel',
  'Vektor',
  'Kobalt',
  'Orbit',
  'Zenit',
  'Polar',
  'Falken',
  'Adler',
  'Kranich',
  'Eichen',
  'Linden',
  'Donau',
  'Boden',
  'Weiß',
  'Silber',
  'Kupfer',
  'Hansa',
  'Helvet',
  'Jura',
  'Tauern',
  'Lech',
];
const DACH_SUFFIX = [
  'licht',
  'werk',
  'feld',
  'stein',
  'hof',
  'blick',
  'punkt',
  'berg',
  'haus',
  'tal',
  'wind',
  'quelle',
  'brücke',
  'ing',
  'ix',
  'io',
  'ia',
  'on',
  'um',
  '',
];
const ES_PREFIX = [
  'Sol',
  'Mar',
  'Luna',
  'Tajo',
  'Costa',
  'Sierra',
  'Monte',
  'Rio',
  'Cielo',
  'Brisa',
  'Nova',
  'Terra',
  'Vita',
  'Pixel',
  'Orbit',
  'Faro',
  'Olivo',
  'Alba',
  'Aurora',
  'Delta',
  'Vega',
  'Atlas',
  'Cima',
  'Puerto',
  'Roble',
  'Lince',
  'Halcón',
  'Nube',
  'Prisma',
  'Zafiro',
];
const ES_SUFFIX = ['mar', 'sol', 'via', 'lab', 'ria', 'tec', 'net', 'ia', 'ar', 'eo', 'al', 'on', ''];
const LEGAL: Readonly<Record<DemoCountry, readonly (readonly [number, string])[]>> = {
  DE: [
    [60, 'GmbH'],
    [12, 'AG'],
    [12, 'GmbH & Co. KG'],
    [5, 'SE'],
    [6, 'UG (haftungsbeschränkt)'],
    [5, 'KG'],
  ],
  AT: [
    [75, 'GmbH'],
    [15, 'AG'],
    [10, 'GmbH & Co KG'],
  ],
  CH: [
    [55, 'AG'],
    [35, 'GmbH'],
    [10, 'SA'],
  ],
  ES: [
    [65, 'S.L.'],
    [20, 'S.A.'],
    [15, 'S.L.U.'],
  ],
};
const TLD: Readonly<Record<DemoCountry, string>> = { DE: 'de', AT: 'at', CH: 'ch', ES: 'es' };
const SIZE_RANGES: readonly (readonly [number, readonly [number, number]])[] = [
  [12, [2, 10]],
  [30, [11, 50]],
  [30, [51, 200]],
  [15, [201, 500]],
  [8, [501, 1000]],
  [4, [1001, 5000]],
  [1, [5001, 40000]],
];

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function stem(rng: Random, prefixes: readonly string[], suffixes: readonly string[]): string {
  const p = rng.pick(prefixes);
  const s = rng.pick(suffixes);
  return s === '' ? p : `${p}${s}`;
}

function companyName(rng: Random, country: DemoCountry, industry: IndustryDef): { name: string; base: string } {
  const es = country === 'ES';
  const [pre, suf] = es ? [ES_PREFIX, ES_SUFFIX] : [DACH_PREFIX, DACH_SUFFIX];
  const a = capitalize(stem(rng, pre, suf));
  const core = rng.pick(es ? industry.words.es : industry.words.dach);
  const legal = weighted(rng, LEGAL[country]);
  const form = rng.int(0, 9);
  const base =
    form < 6
      ? `${a} ${core}`
      : form < 8
        ? a
        : form < 9
          ? `${a} & ${capitalize(stem(rng, pre, suf))} ${core}`
          : `${a} ${core} Group`;
  return { name: `${base} ${legal}`, base };
}

/** Employees by popularity rank: the companies that post most are mostly the large ones. */
function employeesFor(rng: Random, rank: number): number {
  const [min, max] = rank < 10 ? [3000, 60000] : rank < 100 ? [200, 5000] : weighted(rng, SIZE_RANGES);
  return rng.int(min, max);
}

/** `count` distinct companies; index 0 is the one that posts most (Zipf rank). */
export function buildCompanies(rng: Random, count: number, pools: ReadonlyMap<DemoCountry, CityPool>): DemoCompany[] {
  const industrySampler = new WeightedSampler(INDUSTRIES.map((i) => i.weight));
  const seen = new Set<string>();
  const out: DemoCompany[] = [];
  for (let attempts = 0; out.length < count && attempts < count * 20; attempts++) {
    const country = weighted(rng, COUNTRY_WEIGHTS);
    const industry = INDUSTRIES[industrySampler.index(rng)];
    const pool = pools.get(country);
    if (industry === undefined || pool === undefined) continue;
    const { name, base } = companyName(rng, country, industry);
    const key = expandUmlauts(base);
    if (seen.has(key)) continue;
    seen.add(key);
    const domain = `${key.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.${TLD[country]}`;
    const hq = pool.cities[pool.sampler.index(rng)];
    if (hq === undefined) continue;
    const rank = out.length;
    out.push({
      name,
      domain,
      website: rng.chance(0.92) ? `https://www.${domain}` : null,
      logo: rng.chance(0.85)
        ? `https://www.${domain}/${rng.pick(['logo.png', 'assets/logo.svg', 'img/logo-200.png'])}`
        : null,
      employees: rng.chance(0.9) ? employeesFor(rng, rank) : null,
      industry,
      country,
      hq,
      englishShare: rng.chance(0.1) ? 0.8 : 0.08,
      digitIds: rng.chance(0.85),
      initials: base.replace(/[^\p{Lu}]/gu, '').slice(0, 3) || 'JOB',
    });
  }
  return out;
}
