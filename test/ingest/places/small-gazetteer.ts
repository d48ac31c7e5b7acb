/**
 * A hand-written gazetteer data set for tests of `buildGazetteer` and the place resolver: a few
 * real names, populations invented where a test needs a particular order (the comments say which).
 * Built inside each test (not at module load), so that every test that uses it also exercises the
 * index building it depends on.
 */
import { buildGazetteer, type Gazetteer } from '../../../src/ingest/places/gazetteer.js';
import type { GazetteerData } from '../../../src/ingest/places/gazetteer-data.js';

type CityRow = [name: string, slug: string, region: number, lat: number, lon: number, population: number];

/** Region indexes, for readability of the city rows below. */
export const R = {
  berlin: 0,
  bern: 1,
  schleswigHolstein: 2,
  schaffhausen: 3,
  niederoesterreich: 4,
  aargau: 5,
  bayern: 6,
  zuerich: 7,
  stGallen: 8,
  sachsenAnhalt: 9,
  hessen: 10,
  saarland: 11,
} as const;

/** Most populous first, as the generator writes them. */
export const CITY_ROWS: CityRow[] = [
  ['München', 'münchen', R.bayern, 48.1374, 11.5755, 1_500_000],
  ['Zürich', 'zürich', R.zuerich, 47.3667, 8.55, 400_000],
  ['Kiel', 'kiel', R.schleswigHolstein, 54.3213, 10.1349, 250_000],
  ['Halle (Saale)', 'halle-saale', R.sachsenAnhalt, 51.4828, 11.9697, 240_000],
  ['Offenbach am Main', 'offenbach-am-main', R.hessen, 50.1006, 8.7665, 130_000],
  // Invented: Berlin's region holds one city of 100,000; Bern's two cities of 60,000 + 50,000.
  ['Berlin', 'berlin', R.berlin, 52.5244, 13.4105, 100_000],
  ['St. Gallen', 'st-gallen', R.stGallen, 47.4239, 9.3748, 75_000],
  ['Bern', 'bern-stadt', R.bern, 46.9481, 7.4474, 60_000],
  ['Sankt Pölten', 'sankt-pölten', R.niederoesterreich, 48.2, 15.6333, 55_000],
  ['Biel/Bienne', 'biel-bienne', R.bern, 47.1368, 7.2468, 50_000],
  ['Schaffhausen', 'schaffhausen', R.schaffhausen, 47.6973, 8.6349, 36_000],
  ['St Ingbert', 'st-ingbert', R.saarland, 49.2769, 7.1127, 35_000],
  ['Garmisch-Partenkirchen', 'garmisch-partenkirchen', R.bayern, 47.4921, 11.0958, 27_000],
  ['Baden', 'baden', R.niederoesterreich, 48.0067, 16.2308, 25_000],
  ['Baden', 'baden-aargau', R.aargau, 47.4733, 8.3059, 19_000],
];

export function smallData(): GazetteerData {
  return {
    countries: [
      { code: 'DE', name: 'Deutschland', slug: 'deutschland', aliases: ['Germany', 'Alemania'] },
      { code: 'AT', name: 'Österreich', slug: 'österreich', aliases: ['Austria'] },
      { code: 'CH', name: 'Schweiz', slug: 'schweiz', aliases: ['Switzerland', 'Suisse'] },
    ],
    regions: [
      { countryCode: 'DE', code: 'BE', name: 'Berlin', slug: 'berlin-region', aliases: ['DE-BE', 'BE'] },
      { countryCode: 'CH', code: 'BE', name: 'Bern', slug: 'bern', aliases: ['CH-BE', 'BE', 'Berne'] },
      {
        countryCode: 'DE',
        code: 'SH',
        name: 'Schleswig-Holstein',
        slug: 'schleswig-holstein',
        aliases: ['DE-SH', 'SH'],
      },
      { countryCode: 'CH', code: 'SH', name: 'Schaffhausen', slug: 'schaffhausen-region', aliases: ['CH-SH', 'SH'] },
      {
        countryCode: 'AT',
        code: '03',
        name: 'Niederösterreich',
        slug: 'niederösterreich',
        aliases: ['Lower Austria', 'AT-3'],
      },
      { countryCode: 'CH', code: 'AG', name: 'Aargau', slug: 'aargau', aliases: ['CH-AG', 'AG'] },
      { countryCode: 'DE', code: 'BY', name: 'Bayern', slug: 'bayern', aliases: ['Bavaria', 'DE-BY', 'BY'] },
      { countryCode: 'CH', code: 'ZH', name: 'Zürich', slug: 'zürich-region', aliases: ['CH-ZH', 'ZH'] },
      { countryCode: 'CH', code: 'SG', name: 'St. Gallen', slug: 'st-gallen-region', aliases: ['CH-SG', 'SG'] },
      { countryCode: 'DE', code: 'ST', name: 'Sachsen-Anhalt', slug: 'sachsen-anhalt', aliases: ['DE-ST', 'ST'] },
      { countryCode: 'DE', code: 'HE', name: 'Hessen', slug: 'hessen', aliases: ['Hesse', 'DE-HE', 'HE'] },
      { countryCode: 'DE', code: 'SL', name: 'Saarland', slug: 'saarland', aliases: ['DE-SL', 'SL'] },
    ],
    cities: {
      name: CITY_ROWS.map((r) => r[0]),
      slug: CITY_ROWS.map((r) => r[1]),
      region: CITY_ROWS.map((r) => r[2]),
      lat: CITY_ROWS.map((r) => r[3]),
      lon: CITY_ROWS.map((r) => r[4]),
      population: CITY_ROWS.map((r) => r[5]),
    },
    // München is row 0, Zürich row 1.
    aliases: { '0': ['Munich', 'Monaco di Baviera'], '1': ['Zurich'] },
  };
}

export function smallGazetteer(): Gazetteer {
  return buildGazetteer(smallData());
}
