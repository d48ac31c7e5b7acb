/** The shape of `data/gazetteer.json` and its validation (the file is data, so it is checked, not trusted). */

export interface GazetteerCountryRow {
  code: string;
  name: string;
  slug: string;
  aliases: string[];
}

export interface GazetteerRegionRow {
  countryCode: string;
  /** GeoNames admin1 code. */
  code: string;
  name: string;
  slug: string;
  aliases: string[];
}

/** Columnar city table: row i of every column is city i; most populous first. */
export interface GazetteerCityColumns {
  name: string[];
  slug: string[];
  /** Index into `regions`. */
  region: number[];
  lat: number[];
  lon: number[];
  population: number[];
}

export interface GazetteerData {
  countries: GazetteerCountryRow[];
  regions: GazetteerRegionRow[];
  cities: GazetteerCityColumns;
  /** Exonyms by city row index. */
  aliases: Record<string, string[]>;
}

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function fail(source: string, what: string): never {
  throw new Error(`gazetteer data ${source}: ${what}`);
}

function strings(v: unknown, source: string, what: string): string[] {
  if (!Array.isArray(v) || !v.every((x): x is string => typeof x === 'string'))
    fail(source, `${what} must be an array of strings`);
  return v;
}

function numbers(v: unknown, source: string, what: string): number[] {
  if (!Array.isArray(v) || !v.every((x): x is number => typeof x === 'number' && Number.isFinite(x))) {
    fail(source, `${what} must be an array of numbers`);
  }
  return v;
}

function str(o: Obj, key: string, source: string): string {
  const v = o[key];
  if (typeof v !== 'string' || v === '') fail(source, `${key} must be a non-empty string`);
  return v;
}

export function parseGazetteerData(raw: unknown, source: string): GazetteerData {
  if (!isObj(raw)) fail(source, 'not an object');
  const { countries, regions, cities, aliases } = raw;
  if (!Array.isArray(countries) || !Array.isArray(regions) || !isObj(cities) || !isObj(aliases)) {
    fail(source, 'expected countries[], regions[], cities{}, aliases{}');
  }
  const countryRows = countries.map((c): GazetteerCountryRow => {
    if (!isObj(c)) fail(source, 'country entry is not an object');
    return {
      code: str(c, 'code', source),
      name: str(c, 'name', source),
      slug: str(c, 'slug', source),
      aliases: strings(c['aliases'], source, 'country aliases'),
    };
  });
  const regionRows = regions.map((r): GazetteerRegionRow => {
    if (!isObj(r)) fail(source, 'region entry is not an object');
    return {
      countryCode: str(r, 'countryCode', source),
      code: str(r, 'code', source),
      name: str(r, 'name', source),
      slug: str(r, 'slug', source),
      aliases: strings(r['aliases'], source, 'region aliases'),
    };
  });
  const columns: GazetteerCityColumns = {
    name: strings(cities['name'], source, 'cities.name'),
    slug: strings(cities['slug'], source, 'cities.slug'),
    region: numbers(cities['region'], source, 'cities.region'),
    lat: numbers(cities['lat'], source, 'cities.lat'),
    lon: numbers(cities['lon'], source, 'cities.lon'),
    population: numbers(cities['population'], source, 'cities.population'),
  };
  const n = columns.name.length;
  for (const [key, col] of Object.entries(columns)) {
    if ((col as unknown[]).length !== n)
      fail(source, `cities.${key} has ${(col as unknown[]).length} rows, expected ${n}`);
  }
  const aliasRows: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(aliases)) aliasRows[k] = strings(v, source, `aliases.${k}`);
  return { countries: countryRows, regions: regionRows, cities: columns, aliases: aliasRows };
}
