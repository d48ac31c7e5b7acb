/**
 * Places outside the bundled gazetteer (which covers Germany, Austria, Switzerland and Spain):
 * countries a DACH/ES board meets in real feeds, the US states, and the larger UK and US cities,
 * so that a posting in London or West Palm Beach, Florida still gets its country code.
 */
import type { Named } from '../../domain/job.js';
import { stripAccents } from '../../domain/text-fold.js';

export interface ForeignCountry {
  code: string;
  named: Named;
}

export interface ForeignCity {
  named: Named;
  countryCode: string;
  lat: number;
  lon: number;
}

const COUNTRIES: readonly (readonly [string, string, readonly string[]])[] = [
  [
    'GB',
    'United Kingdom',
    [
      'united kingdom',
      'uk',
      'u.k.',
      'great britain',
      'england',
      'scotland',
      'wales',
      'grossbritannien',
      'vereinigtes konigreich',
      'reino unido',
      'gb',
    ],
  ],
  [
    'US',
    'United States',
    [
      'united states',
      'united states of america',
      'usa',
      'u.s.',
      'u.s.a.',
      'us',
      'vereinigte staaten',
      'estados unidos',
      'eeuu',
    ],
  ],
  ['IE', 'Ireland', ['ireland', 'irland', 'irlanda']],
  ['FR', 'France', ['france', 'frankreich', 'francia']],
  ['NL', 'Netherlands', ['netherlands', 'niederlande', 'paises bajos', 'holland']],
  ['BE', 'Belgium', ['belgium', 'belgien', 'belgica']],
  ['LU', 'Luxembourg', ['luxembourg', 'luxemburg', 'luxemburgo']],
  ['IT', 'Italy', ['italy', 'italien', 'italia']],
  ['PT', 'Portugal', ['portugal']],
  ['PL', 'Poland', ['poland', 'polen', 'polonia']],
  ['LI', 'Liechtenstein', ['liechtenstein']],
  ['HR', 'Croatia', ['croatia', 'kroatien', 'croacia']],
];

const US_STATES =
  'alabama alaska arizona arkansas california colorado connecticut delaware florida georgia hawaii idaho illinois indiana iowa kansas kentucky louisiana maine maryland massachusetts michigan minnesota mississippi missouri montana nebraska nevada new-hampshire new-jersey new-mexico new-york north-carolina north-dakota ohio oklahoma oregon pennsylvania rhode-island south-carolina south-dakota tennessee texas utah vermont virginia washington west-virginia wisconsin wyoming'
    .split(' ')
    .map((s) => s.replace(/-/g, ' '));

const CITIES: readonly (readonly [string, string, number, number])[] = [
  ['London', 'GB', 51.5074, -0.1278],
  ['Manchester', 'GB', 53.4808, -2.2426],
  ['Birmingham', 'GB', 52.4862, -1.8904],
  ['Edinburgh', 'GB', 55.9533, -3.1883],
  ['Glasgow', 'GB', 55.8642, -4.2518],
  ['Bristol', 'GB', 51.4545, -2.5879],
  ['Leeds', 'GB', 53.8008, -1.5491],
  ['Cambridge', 'GB', 52.2053, 0.1218],
  ['Oxford', 'GB', 51.752, -1.2577],
  ['Dublin', 'IE', 53.3498, -6.2603],
  ['Paris', 'FR', 48.8566, 2.3522],
  ['Amsterdam', 'NL', 52.3676, 4.9041],
  ['New York', 'US', 40.7128, -74.006],
  ['San Francisco', 'US', 37.7749, -122.4194],
  ['Los Angeles', 'US', 34.0522, -118.2437],
  ['Chicago', 'US', 41.8781, -87.6298],
  ['Boston', 'US', 42.3601, -71.0589],
  ['Seattle', 'US', 47.6062, -122.3321],
  ['Austin', 'US', 30.2672, -97.7431],
  ['Miami', 'US', 25.7617, -80.1918],
  ['West Palm Beach', 'US', 26.7153, -80.0534],
  ['Philadelphia', 'US', 39.9526, -75.1652],
  ['Washington', 'US', 38.9072, -77.0369],
  ['Denver', 'US', 39.7392, -104.9903],
  ['Atlanta', 'US', 33.749, -84.388],
  ['Dallas', 'US', 32.7767, -96.797],
  ['Houston', 'US', 29.7604, -95.3698],
];

const toSlugish = (s: string): string =>
  stripAccents(s)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const COUNTRY_BY_NAME = new Map<string, ForeignCountry>();
for (const [code, name, aliases] of COUNTRIES) {
  const country = { code, named: { slug: toSlugish(name), name } };
  for (const a of aliases) COUNTRY_BY_NAME.set(a, country);
  COUNTRY_BY_NAME.set(stripAccents(name), country);
}
const CITY_BY_NAME = new Map<string, ForeignCity>(
  CITIES.map(([name, countryCode, lat, lon]) => [
    stripAccents(name),
    { named: { slug: toSlugish(name), name }, countryCode, lat, lon },
  ]),
);

/** A country by name or code ('UK', 'United States', 'Reino Unido', 'US'). */
export function findForeignCountry(name: string): ForeignCountry | null {
  const key = stripAccents(name.trim());
  const hit = COUNTRY_BY_NAME.get(key);
  if (hit) return hit;
  if (US_STATES.includes(key)) return COUNTRY_BY_NAME.get('us') ?? null;
  return null;
}

export function findForeignCity(name: string): ForeignCity | null {
  return CITY_BY_NAME.get(stripAccents(name.trim())) ?? null;
}

/** The named country of a code from this table (for a country-only place). */
export function foreignCountryByCode(code: string): ForeignCountry | null {
  for (const c of COUNTRY_BY_NAME.values()) if (c.code === code) return c;
  return null;
}
