import { describe, expect, it } from 'vitest';
import { foldKeys } from '../../../src/domain/text-fold.js';
import { CITY_STATES, getGazetteer } from '../../../src/ingest/places/gazetteer.js';

const gaz = getGazetteer();

describe('gazetteer cities', () => {
  it('resolves münchen, muenchen, munchen, Munich and MÜNCHEN to the same city', () => {
    const hits = ['münchen', 'muenchen', 'munchen', 'Munich', 'MÜNCHEN', 'München, Bayern', '80331 München'].map((n) =>
      gaz.findCity(n),
    );
    expect(hits[0]).toMatchObject({
      name: 'München',
      slug: 'münchen',
      countryCode: 'DE',
      region: { slug: 'bayern', name: 'Bayern' },
    });
    for (const h of hits) expect(h).toBe(hits[0]);
  });

  it('resolves Köln and its exonym Cologne', () => {
    expect(gaz.findCity('Cologne')).toBe(gaz.findCity('Köln'));
    expect(gaz.findCity('koeln')?.name).toBe('Köln');
  });

  it('resolves exonyms of other big cities', () => {
    const pairs: [string, string][] = [
      ['Vienna', 'Wien'],
      ['Zurich', 'Zürich'],
      ['Geneva', 'Genève'],
      ['Genf', 'Genève'],
      ['Nuremberg', 'Nürnberg'],
      ['Seville', 'Sevilla'],
      ['Saragossa', 'Zaragoza'],
      ['Hanover', 'Hannover'],
      ['Brunswick', 'Braunschweig'],
      ['Vitoria', 'Vitoria-Gasteiz'],
      ['Donostia', 'San Sebastián'],
      ['St. Pölten', 'Sankt Pölten'],
      ['Biel', 'Biel/Bienne'],
    ];
    for (const [alias, name] of pairs) expect(gaz.findCity(alias)?.name, alias).toBe(name);
  });

  it('keeps Frankfurt am Main and Frankfurt (Oder) apart and reads plain Frankfurt as the larger', () => {
    const main = gaz.findCity('Frankfurt am Main');
    const oder = gaz.findCity('Frankfurt (Oder)');
    expect(main?.slug).toBe('frankfurt-am-main');
    expect(oder?.slug).toBe('frankfurt-oder');
    expect(oder?.region.name).toBe('Brandenburg');
    expect(gaz.findCity('Frankfurt')).toBe(main);
    expect(gaz.findCity('Frankfurt/Oder')).toBe(oder);
  });

  it('prefers the given country, then the most populous', () => {
    expect(gaz.findCity('Baden')?.countryCode).toBe('AT');
    expect(gaz.findCity('Baden', 'CH')).toMatchObject({ countryCode: 'CH', slug: 'baden-aargau' });
    expect(gaz.findCity('Freiburg')?.name).toBe('Freiburg im Breisgau');
    expect(gaz.findCity('Freiburg', 'CH')?.name).toBe('Fribourg');
  });

  it('resolves district names and slugs to the city', () => {
    expect(gaz.findCity('Berlin-Mitte')?.slug).toBe('berlin');
    expect(gaz.findCity('baden-aargau')?.countryCode).toBe('CH');
    expect(gaz.findCity('Nowhereville')).toBeNull();
    expect(gaz.findCity('')).toBeNull();
  });

  it('gives every city a region and a country of its own country code', () => {
    expect(gaz.cities.length).toBeGreaterThan(3000);
    const countryOf = new Map(gaz.countries.map((c) => [c.countryCode, c.slug]));
    for (const c of gaz.cities) {
      expect(c.region.slug, c.name).not.toBe('');
      expect(c.country.slug).toBe(countryOf.get(c.countryCode));
      expect(Math.abs(c.lat) + Math.abs(c.lon)).toBeGreaterThan(0);
    }
  });

  it('lists cities most populous first', () => {
    expect(gaz.cities[0]?.name).toBe('Berlin');
    for (let i = 1; i < gaz.cities.length; i++) {
      expect(gaz.cities[i - 1]!.population).toBeGreaterThanOrEqual(gaz.cities[i]!.population);
    }
  });
});

describe('gazetteer slugs', () => {
  const all = [...gaz.cities, ...gaz.regions, ...gaz.countries];

  it('are unique across cities, regions and countries, also after accent and umlaut folding (a city-state is one place)', () => {
    const seen = new Map<string, string>();
    const cityStateRegions = new Set(gaz.regions.filter((r) => gaz.findCity(r.slug)?.slug === r.slug));
    expect(cityStateRegions.size).toBe(CITY_STATES.size);
    for (const p of all) {
      if (cityStateRegions.has(p as never)) continue;
      for (const k of foldKeys(p.slug)) {
        expect(seen.get(k), `${p.slug} vs ${seen.get(k)}`).toBeUndefined();
        seen.set(k, p.slug);
      }
    }
  });

  it('are lower case and hyphenated', () => {
    for (const p of all) expect(p.slug).toMatch(/^[\p{Ll}\p{N}]+(?:-[\p{Ll}\p{N}]+)*$/u);
  });

  it('give the plain slug to the city and -region to a region of the same name (Zürich, Bremen)', () => {
    expect(gaz.findCity('Zürich')?.slug).toBe('zürich');
    expect(gaz.findRegion('Zürich')).toMatchObject({ kind: 'region', slug: 'zürich-region', countryCode: 'CH' });
    expect(gaz.findRegion('Bremen')?.slug).toBe('bremen-region');
  });

  // A city-state is one place: its region carries its city's slug, so the two are one location value.
  // The other rows are regions named after their capital that hold other cities too.
  it.each([
    ['Berlin', 'DE', 'berlin', true],
    ['Hamburg', 'DE', 'hamburg', true],
    ['Wien', 'AT', 'wien', true],
    ['Ceuta', 'ES', 'ceuta', true],
    ['Melilla', 'ES', 'melilla', true],
    ['Bremen', 'DE', 'bremen-region', false],
    ['Zürich', 'CH', 'zürich-region', false],
    ['Genève', 'CH', 'genève-region', false],
    ['Glarus', 'CH', 'glarus-region', false],
    ['Salzburg', 'AT', 'salzburg-region', false],
    ['Comunidad de Madrid', 'ES', 'comunidad-de-madrid', false],
  ])('region %s (%s) has slug %s (city-state: %s)', (name, country, slug, cityState) => {
    const region = gaz.findRegion(name, country);
    expect(region?.slug).toBe(slug);
    expect(region?.countryCode).toBe(country);
    const capital = gaz.findCity(name.replace('Comunidad de ', ''), country);
    expect(capital?.region.slug).toBe(slug);
    expect(capital?.slug === slug).toBe(cityState);
  });

  it('still finds a city-state region by its -region slug', () => {
    expect(gaz.findRegion('berlin-region')?.slug).toBe('berlin');
    expect(gaz.findRegion('wien-region')?.slug).toBe('wien');
  });

  it('names the city-states by their ISO 3166-2 codes', () => {
    expect([...CITY_STATES].sort()).toEqual(['AT-9', 'DE-BE', 'DE-HH', 'ES-CE', 'ES-ML']);
  });
});

describe('gazetteer regions and countries', () => {
  it('resolves regions by name, exonym, slug and ISO code', () => {
    expect(gaz.findRegion('Bavaria')).toMatchObject({
      name: 'Bayern',
      slug: 'bayern',
      region: { slug: 'bayern', name: 'Bayern' },
      country: { slug: 'deutschland', name: 'Deutschland' },
    });
    expect(gaz.findRegion('NRW')?.name).toBe('Nordrhein-Westfalen');
    expect(gaz.findRegion('DE-BY')?.name).toBe('Bayern');
    expect(gaz.findRegion('Catalonia')?.name).toBe('Cataluña');
    expect(gaz.findRegion('cataluna')?.name).toBe('Cataluña');
    expect(gaz.findRegion('Madrid')?.name).toBe('Comunidad de Madrid');
    expect(gaz.findRegion('Tessin')?.name).toBe('Ticino');
    expect(gaz.findRegion('BE', 'CH')?.name).toBe('Bern');
    expect(gaz.findRegion('BE', 'DE')?.name).toBe('Berlin');
  });

  it('resolves countries by name, exonym and code', () => {
    for (const n of ['DE', 'de', 'Germany', 'Deutschland', 'deutschland'])
      expect(gaz.findCountry(n)?.countryCode, n).toBe('DE');
    for (const n of ['ES', 'Spain', 'España', 'espana', 'Spanien'])
      expect(gaz.findCountry(n)?.countryCode, n).toBe('ES');
    for (const n of ['AT', 'Austria', 'Österreich', 'oesterreich'])
      expect(gaz.findCountry(n)?.countryCode, n).toBe('AT');
    for (const n of ['CH', 'Switzerland', 'Schweiz', 'Suisse']) expect(gaz.findCountry(n)?.countryCode, n).toBe('CH');
    expect(gaz.findCountry('DE')).toMatchObject({
      kind: 'country',
      name: 'Deutschland',
      slug: 'deutschland',
      region: null,
    });
    expect(gaz.findCountry('France')).toBeNull();
  });

  it('lists every region with a country', () => {
    expect(gaz.regions).toHaveLength(16 + 9 + 26 + 19);
    expect(gaz.countries.map((c) => c.countryCode).sort()).toEqual(['AT', 'CH', 'DE', 'ES']);
  });
});
