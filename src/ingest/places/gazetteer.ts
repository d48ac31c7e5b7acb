/**
 * The gazetteer: cities (>= 5,000 inhabitants plus admin capitals), admin-1 regions and countries
 * of DE, AT, CH and ES, from `src/ingest/data/gazetteer.json` (written by scripts/extract-gazetteer.ts; GeoNames
 * data, CC BY 4.0). Loaded once, on first use.
 *
 * Slugs are unique across cities, regions and countries together, also after accent/umlaut folding:
 * the more populous city keeps the plain slug, a namesake gets `-<region slug>` (`baden-aargau`), and a
 * region named like a city gets `-region` (`zürich-region` is the canton, `bern-region` the canton).
 * A city-state (CITY_STATES) is one place: its region takes the slug of its city (`berlin`, `wien`),
 * so city and region are one location value; the `-region` slug still finds the region.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Named } from '../../domain/job.js';
import { foldKey, foldKeys } from '../../domain/text-fold.js';
import { parseGazetteerData, type GazetteerData, type GazetteerRegionRow } from './gazetteer-data.js';

export interface GazetteerCity {
  name: string;
  slug: string;
  countryCode: string;
  region: Named;
  country: Named;
  lat: number;
  lon: number;
  population: number;
}

/** A region (`region` is the region itself) or a country (`region` is null). */
export interface GazetteerArea {
  kind: 'region' | 'country';
  name: string;
  slug: string;
  countryCode: string;
  region: Named | null;
  country: Named;
}

export interface Gazetteer {
  /** Resolves a locality name: case/accent/umlaut-insensitive, exonyms; prefers the given country, then the most populous. */
  findCity(name: string, countryCode?: string | null): GazetteerCity | null;
  /** Region by name, exonym, slug or ISO 3166-2 code (`DE-BY`, `BY`), preferring the given country. */
  findRegion(name: string, countryCode?: string | null): GazetteerArea | null;
  /** Country by name, exonym, slug or ISO code ('DE', 'DEU', 'Germany', 'Deutschland', 'España', 'Spain'). */
  findCountry(nameOrCode: string): GazetteerArea | null;
  /** All cities, most populous first (the generator samples from these). */
  readonly cities: readonly GazetteerCity[];
  /** All regions and countries (not part of the minimal API; handy for listings). */
  readonly regions: readonly GazetteerArea[];
  readonly countries: readonly GazetteerArea[];
}

/**
 * Regions (ISO 3166-2) that are one city: the German Stadtstaaten Berlin and Hamburg, Vienna (Land
 * and Gemeinde at once), Spain's autonomous cities Ceuta and Melilla. Not Bremen (two cities),
 * nor a canton or community named after its capital (Zürich, Genève, Comunidad de Madrid).
 */
export const CITY_STATES: ReadonlySet<string> = new Set(['DE-BE', 'DE-HH', 'AT-9', 'ES-CE', 'ES-ML']);

const DATA_FILE = 'gazetteer.json';
/**
 * From src/ingest/places (tsx, vitest) the file is in the folder above; from dist/ingest/places (tsc
 * output) and from a bundle two levels below the root (like dist/cli/main.js) it is read from src.
 */
const CANDIDATE_URLS = [
  `../data/${DATA_FILE}`,
  `../../../src/ingest/data/${DATA_FILE}`,
  `../../src/ingest/data/${DATA_FILE}`,
];

let instance: Gazetteer | null = null;

export function getGazetteer(): Gazetteer {
  instance ??= buildGazetteer(loadData());
  return instance;
}

function loadData(): GazetteerData {
  for (const rel of CANDIDATE_URLS) {
    const path = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(path)) return parseGazetteerData(JSON.parse(readFileSync(path, 'utf8')), path);
  }
  throw new Error(`gazetteer data not found (looked for ${CANDIDATE_URLS.join(', ')} relative to ${import.meta.url})`);
}

/** Builds the lookup structures; exported for tests with small data sets. */
export function buildGazetteer(data: GazetteerData): Gazetteer {
  const countries = data.countries.map((c) =>
    Object.freeze<GazetteerArea>({
      kind: 'country',
      name: c.name,
      slug: c.slug,
      countryCode: c.code,
      region: null,
      country: Object.freeze({ slug: c.slug, name: c.name }),
    }),
  );
  const countryByCode = new Map(countries.map((c) => [c.countryCode, c]));
  const regions = data.regions.map((r) => {
    const country = countryByCode.get(r.countryCode);
    if (country === undefined) throw new Error(`gazetteer: region ${r.name} has unknown country ${r.countryCode}`);
    const slug = cityStateSlug(data, r) ?? r.slug;
    const region = Object.freeze({ slug, name: r.name });
    return Object.freeze<GazetteerArea>({
      kind: 'region',
      name: r.name,
      slug,
      countryCode: r.countryCode,
      region,
      country: country.country,
    });
  });
  const regionPopulation = new Array<number>(regions.length).fill(0);
  const c = data.cities;
  const cities = c.name.map((name, i) => {
    const regionIdx = c.region[i] ?? -1;
    const area = regions[regionIdx];
    if (area?.region == null) throw new Error(`gazetteer: city ${name} has no region`);
    regionPopulation[regionIdx] = (regionPopulation[regionIdx] ?? 0) + (c.population[i] ?? 0);
    return Object.freeze<GazetteerCity>({
      name,
      slug: c.slug[i] ?? '',
      countryCode: area.countryCode,
      region: area.region,
      country: area.country,
      lat: c.lat[i] ?? 0,
      lon: c.lon[i] ?? 0,
      population: c.population[i] ?? 0,
    });
  });

  const cityIndex = new KeyIndex<GazetteerCity>();
  // Cities are most populous first, so every key's list is in population order.
  cities.forEach((city, i) => {
    for (const key of cityKeys(city.name, data.aliases[String(i)] ?? [], city.slug)) cityIndex.add(key, city);
  });
  const regionIndex = new KeyIndex<GazetteerArea>();
  const regionOrder = regions.map((_, i) => i).sort((a, b) => (regionPopulation[b] ?? 0) - (regionPopulation[a] ?? 0));
  for (const i of regionOrder) {
    const r = data.regions[i];
    const area = regions[i];
    if (r === undefined || area === undefined) continue;
    for (const name of [r.name, r.slug, ...r.aliases])
      cityIndexKeys(name, (k) => {
        regionIndex.add(k, area);
      });
  }
  const countryIndex = new KeyIndex<GazetteerArea>();
  data.countries.forEach((co, i) => {
    const area = countries[i];
    if (area === undefined) return;
    for (const name of [co.name, co.slug, co.code, ...co.aliases])
      cityIndexKeys(name, (k) => {
        countryIndex.add(k, area);
      });
  });

  return {
    cities,
    regions,
    countries,
    findCity(name, countryCode) {
      for (const key of lookupKeys(name)) {
        const hit = cityIndex.pick(key, countryCode);
        if (hit !== null) return hit;
      }
      return null;
    },
    findRegion(name, countryCode) {
      return regionIndex.pick(foldKey(name.trim()), countryCode);
    },
    findCountry(nameOrCode) {
      return countryIndex.pick(foldKey(nameOrCode.trim()), null);
    },
  };
}

/** The slug of the city a city-state region is (its namesake city in it), else null. */
function cityStateSlug(data: GazetteerData, r: GazetteerRegionRow): string | null {
  if (!r.aliases.some((a) => CITY_STATES.has(a.toUpperCase()))) return null;
  const index = data.regions.indexOf(r);
  const key = foldKey(r.name);
  const c = data.cities;
  for (let i = 0; i < c.name.length; i++) {
    if (c.region[i] === index && foldKey(c.name[i] ?? '') === key) return c.slug[i] ?? null;
  }
  return null;
}

class KeyIndex<T extends { countryCode: string }> {
  private readonly map = new Map<string, T[]>();

  add(key: string, value: T): void {
    if (key === '') return;
    const list = this.map.get(key);
    if (list === undefined) this.map.set(key, [value]);
    else if (!list.includes(value)) list.push(value);
  }

  /** The first entry in the given country, else the first entry. */
  pick(key: string, countryCode: string | null | undefined): T | null {
    const list = this.map.get(key);
    if (list === undefined) return null;
    const cc = countryCode?.toUpperCase();
    return (cc !== undefined && list.find((v) => v.countryCode === cc)) || list[0] || null;
  }
}

function cityIndexKeys(name: string, add: (key: string) => void): void {
  for (const k of foldKeys(name)) add(k);
}

/** Every key a city is found under: name, aliases, slug, and the short forms people write. */
function cityKeys(name: string, aliases: readonly string[], slug: string): Set<string> {
  const keys = new Set<string>();
  const names = [...nameVariants(name), ...aliases, slug];
  for (const n of names) {
    for (const k of foldKeys(n)) keys.add(k);
    const saint = saintVariant(n);
    if (saint !== null) for (const k of foldKeys(saint)) keys.add(k);
  }
  keys.delete('');
  return keys;
}

const QUALIFIER = /\s+(?:am|an der|an den|im|in der|in|ob der|bei|vor der)\s+.+$/i;

/** Short forms of a GeoNames name: `Halle (Saale)` -> `Halle`; `Biel/Bienne` -> `Biel`, `Bienne`; `Offenbach am Main` -> `Offenbach`. */
function nameVariants(name: string): string[] {
  const out = [name];
  const bare = name.replace(/\s*\([^)]*\)\s*$/, '');
  if (bare !== name && bare !== '') out.push(bare);
  if (/[/,]/.test(name)) out.push(...name.split(/\s*[/,]\s*/).filter((p) => p !== ''));
  const unqualified = bare.replace(QUALIFIER, '');
  if (unqualified !== bare && unqualified !== '') out.push(unqualified);
  return out;
}

/** `Sankt Pölten` <-> `St. Pölten`. */
function saintVariant(name: string): string | null {
  if (/^Sankt\s/i.test(name)) return name.replace(/^Sankt\s+/i, 'St. ');
  if (/^St\.?\s/i.test(name)) return name.replace(/^St\.?\s+/i, 'Sankt ');
  return null;
}

/**
 * Keys tried for user input, in order: as given; without postal codes; the part before a comma
 * (`München, Bayern`), a parenthesis or ` - `; the part before a hyphen (`Berlin-Mitte`).
 */
function lookupKeys(input: string): string[] {
  const keys = [foldKey(input)];
  const noDigits = input.replace(/\b[A-Z]{0,2}-?\d{4,5}\b/gi, ' ').trim();
  keys.push(foldKey(noDigits));
  const head = noDigits.split(/\s*(?:,|\(|\s-\s|\/|\|)\s*/)[0] ?? '';
  keys.push(foldKey(head));
  if (head.includes('-')) keys.push(foldKey(head.split('-')[0] ?? ''));
  return [...new Set(keys)].filter((k) => k !== '');
}
