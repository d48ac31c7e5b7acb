import { describe, expect, it } from 'vitest';
import { buildGazetteer } from '../../../src/ingest/places/gazetteer.js';
import type { GazetteerData } from '../../../src/ingest/places/gazetteer-data.js';
import { R, smallData, smallGazetteer } from './small-gazetteer.js';

// buildGazetteer on a hand-written data set (test/ingest/places/small-gazetteer.ts), built in every test:
// the real gazetteer is built once per file, so only the first test to touch it exercises the indexes.

describe('buildGazetteer: the city index', () => {
  it('finds a city by name, case-, accent- and umlaut-insensitively, with its data as given', () => {
    const gaz = smallGazetteer();
    const kiel = gaz.findCity('Kiel');
    expect(kiel).toEqual({
      name: 'Kiel',
      slug: 'kiel',
      countryCode: 'DE',
      region: { slug: 'schleswig-holstein', name: 'Schleswig-Holstein' },
      country: { slug: 'deutschland', name: 'Deutschland' },
      lat: 54.3213,
      lon: 10.1349,
      population: 250_000,
    });
    for (const n of ['münchen', 'MUENCHEN', 'Munchen', 'Munich', 'monaco di baviera', 'münchen'])
      expect(gaz.findCity(n)?.name, n).toBe('München');
    expect(gaz.findCity('Zurich')?.name).toBe('Zürich');
    expect(gaz.findCity('Lübeck')).toBeNull();
  });

  it('finds a city by its slug', () => {
    const gaz = smallGazetteer();
    expect(gaz.findCity('bern-stadt')?.name).toBe('Bern');
    expect(gaz.findCity('baden-aargau')).toMatchObject({ name: 'Baden', countryCode: 'CH' });
  });

  it('reads namesakes as the more populous one, unless a country is given (in any case)', () => {
    const gaz = smallGazetteer();
    expect(gaz.findCity('Baden')).toMatchObject({ slug: 'baden', countryCode: 'AT', population: 25_000 });
    expect(gaz.findCity('Baden', 'CH')).toMatchObject({ slug: 'baden-aargau', countryCode: 'CH' });
    expect(gaz.findCity('Baden', 'ch')?.slug).toBe('baden-aargau');
    expect(gaz.findCity('Baden', 'AT')?.slug).toBe('baden');
    // A country without a namesake there: the most populous one still.
    expect(gaz.findCity('Baden', 'DE')?.slug).toBe('baden');
    expect(gaz.findCity('Baden', null)?.slug).toBe('baden');
  });

  it('finds a city under the short forms of its name', () => {
    const gaz = smallGazetteer();
    expect(gaz.findCity('Halle')?.name).toBe('Halle (Saale)');
    expect(gaz.findCity('Halle (Saale)')?.name).toBe('Halle (Saale)');
    expect(gaz.findCity('Biel')?.name).toBe('Biel/Bienne');
    expect(gaz.findCity('Bienne')?.name).toBe('Biel/Bienne');
    expect(gaz.findCity('Offenbach')?.name).toBe('Offenbach am Main');
    expect(gaz.findCity('Garmisch-Partenkirchen')?.name).toBe('Garmisch-Partenkirchen');
    // The short forms are of the city's name, not of any word in it.
    expect(gaz.findCity('Saale')).toBeNull();
    expect(gaz.findCity('Main')).toBeNull();
  });

  it('takes the short forms also when the separators are written without spaces or with several', () => {
    const data = smallData();
    data.cities.name = data.cities.name.map((n) =>
      n === 'Halle (Saale)' ? 'Halle(Saale)' : n === 'Biel/Bienne' ? 'Biel , Bienne' : n,
    );
    const gaz = buildGazetteer(data);
    expect(gaz.findCity('Halle')?.slug).toBe('halle-saale');
    expect(gaz.findCity('Biel')?.slug).toBe('biel-bienne');
    expect(gaz.findCity('Bienne')?.slug).toBe('biel-bienne');
  });

  it('finds Sankt and St. forms of a name under each other', () => {
    const gaz = smallGazetteer();
    for (const n of ['St. Pölten', 'St Pölten', 'st.pölten', 'Sankt Pölten', 'Sankt Poelten'])
      expect(gaz.findCity(n)?.name, n).toBe('Sankt Pölten');
    for (const n of ['Sankt Gallen', 'St. Gallen', 'St Gallen']) expect(gaz.findCity(n)?.name, n).toBe('St. Gallen');
    for (const n of ['Sankt Ingbert', 'St. Ingbert', 'St Ingbert']) expect(gaz.findCity(n)?.name, n).toBe('St Ingbert');
    // The saint is part of the name: the bare rest is no key.
    expect(gaz.findCity('Pölten')).toBeNull();
    expect(gaz.findCity('Gallen')).toBeNull();
  });

  it('reads user input with postcodes, qualifiers and districts', () => {
    const gaz = smallGazetteer();
    const cases: [string, string][] = [
      ['80331 München', 'München'],
      ['D-80331 München', 'München'],
      ['München 80331', 'München'],
      ['CH-8001 Zürich', 'Zürich'],
      ['ch-8001 zürich', 'Zürich'],
      ['München, Bayern', 'München'],
      ['München,Bayern', 'München'],
      ['München (Schwabing)', 'München'],
      ['München - Schwabing', 'München'],
      ['München / Home Office', 'München'],
      ['München | Remote', 'München'],
      ['München-Schwabing', 'München'],
      ['Garmisch-Partenkirchen - Zentrum', 'Garmisch-Partenkirchen'],
      ['Garmisch-Partenkirchen, Bayern', 'Garmisch-Partenkirchen'],
      ['  Kiel  ', 'Kiel'],
    ];
    for (const [input, name] of cases) expect(gaz.findCity(input)?.name, input).toBe(name);
    expect(gaz.findCity('80331')).toBeNull();
    expect(gaz.findCity('')).toBeNull();
    expect(gaz.findCity(' - ')).toBeNull();
  });

  it('lists the cities as given, most populous first', () => {
    const gaz = smallGazetteer();
    expect(gaz.cities.map((c) => c.slug)).toEqual(smallData().cities.slug);
    expect(gaz.cities.map((c) => c.population)).toEqual(smallData().cities.population);
  });
});

describe('buildGazetteer: regions and countries', () => {
  it('finds a region by name, slug and alias, with its country', () => {
    const gaz = smallGazetteer();
    const bayern = {
      kind: 'region',
      name: 'Bayern',
      slug: 'bayern',
      countryCode: 'DE',
      region: { slug: 'bayern', name: 'Bayern' },
      country: { slug: 'deutschland', name: 'Deutschland' },
    };
    for (const n of ['Bayern', 'bayern', 'Bavaria', 'DE-BY', 'BY', ' Bayern ', 'BAYERN'])
      expect(gaz.findRegion(n), n).toEqual(bayern);
    expect(gaz.findRegion('zürich-region')?.name).toBe('Zürich');
    for (const n of ['Niederösterreich', 'Niederoesterreich', 'niederosterreich', 'Lower Austria'])
      expect(gaz.findRegion(n)?.slug, n).toBe('niederösterreich');
    expect(gaz.findRegion('Kiel')).toBeNull();
    expect(gaz.findRegion('')).toBeNull();
  });

  it('reads a region key shared by two countries as the more populous region (the sum of its cities)', () => {
    const gaz = smallGazetteer();
    // Bern's cities: 60,000 + 50,000; Berlin's one city: 100,000 (listed first in the data).
    expect(gaz.findRegion('BE')?.name).toBe('Bern');
    expect(gaz.findRegion('BE', 'DE')?.name).toBe('Berlin');
    expect(gaz.findRegion('BE', 'de')?.name).toBe('Berlin');
    expect(gaz.findRegion('BE', 'CH')?.name).toBe('Bern');
    // Schleswig-Holstein (Kiel, 250,000) is listed before Schaffhausen (36,000).
    expect(gaz.findRegion('SH')?.name).toBe('Schleswig-Holstein');
    expect(gaz.findRegion('SH', 'CH')?.name).toBe('Schaffhausen');
    expect(gaz.findRegion('SH', 'AT')?.name).toBe('Schleswig-Holstein');
  });

  it('counts a region without cities as the least populous', () => {
    const data = smallData();
    data.regions.push({ countryCode: 'AT', code: '09', name: 'Wien', slug: 'wien-region', aliases: ['SH'] });
    const gaz = buildGazetteer(data);
    expect(gaz.findRegion('SH')?.name).toBe('Schleswig-Holstein');
    expect(gaz.findRegion('SH', 'AT')?.name).toBe('Wien');
  });

  it('orders regions by population also against the order of the data', () => {
    const data = smallData();
    // Schleswig-Holstein's Kiel shrinks below Schaffhausen: the key goes to Schaffhausen.
    data.cities.population = data.cities.population.map((p, i) => (data.cities.name[i] === 'Kiel' ? 1_000 : p));
    expect(buildGazetteer(data).findRegion('SH')?.name).toBe('Schaffhausen');
  });

  it('finds a country by name, slug, code and alias', () => {
    const gaz = smallGazetteer();
    const schweiz = {
      kind: 'country',
      name: 'Schweiz',
      slug: 'schweiz',
      countryCode: 'CH',
      region: null,
      country: { slug: 'schweiz', name: 'Schweiz' },
    };
    for (const n of ['Schweiz', 'schweiz', 'CH', 'ch', ' CH ', 'Switzerland', 'Suisse'])
      expect(gaz.findCountry(n), n).toEqual(schweiz);
    for (const n of ['Österreich', 'oesterreich', 'osterreich', 'AT', 'Austria'])
      expect(gaz.findCountry(n)?.countryCode, n).toBe('AT');
    expect(gaz.findCountry('Bayern')).toBeNull();
    expect(gaz.findCountry('')).toBeNull();
    expect(gaz.countries.map((c) => c.countryCode)).toEqual(['DE', 'AT', 'CH']);
    // Berlin is a city-state (DE-BE): its region is the city's place.
    expect(gaz.regions.map((r) => r.slug)).toEqual(
      smallData().regions.map((r) => (r.slug === 'berlin-region' ? 'berlin' : r.slug)),
    );
    for (const r of gaz.regions) expect(r.kind).toBe('region');
  });

  it('never matches empty input, even when the data holds an empty alias', () => {
    const data = smallData();
    data.regions[0]!.aliases.push('', '--');
    data.countries[0]!.aliases.push('');
    data.aliases['2'] = ['', '()'];
    const gaz = buildGazetteer(data);
    expect(gaz.findRegion('')).toBeNull();
    expect(gaz.findRegion('--')).toBeNull();
    expect(gaz.findCountry('')).toBeNull();
    expect(gaz.findCountry(' ')).toBeNull();
    expect(gaz.findCity('')).toBeNull();
    expect(gaz.findCity('()')).toBeNull();
    expect(gaz.findRegion('Berlin')?.slug).toBe('berlin');
  });
});

describe('buildGazetteer: bad data', () => {
  const withCities = (data: GazetteerData, region: number[]): GazetteerData => ({
    ...data,
    cities: { name: ['Atlantis'], slug: ['atlantis'], region, lat: [1], lon: [2], population: [3] },
    aliases: {},
  });

  it('rejects a region of an unknown country, naming both', () => {
    const data = smallData();
    data.regions.push({ countryCode: 'FR', code: 'IDF', name: 'Île-de-France', slug: 'ile-de-france', aliases: [] });
    expect(() => buildGazetteer(data)).toThrow('gazetteer: region Île-de-France has unknown country FR');
  });

  it('rejects a city whose region is not in the data, naming the city', () => {
    const data = smallData();
    expect(() => buildGazetteer(withCities(data, [data.regions.length]))).toThrow(
      'gazetteer: city Atlantis has no region',
    );
    expect(() => buildGazetteer(withCities(data, [-1]))).toThrow('gazetteer: city Atlantis has no region');
    // A region column shorter than the names: the city has no region (not the next one).
    expect(() => buildGazetteer(withCities(data, []))).toThrow('gazetteer: city Atlantis has no region');
    expect(buildGazetteer(withCities(data, [R.bern])).findCity('Atlantis')?.region.name).toBe('Bern');
  });
});
