import { describe, expect, it } from 'vitest';
import type { JobPlace } from '../../../src/domain/job.js';
import { buildGazetteer } from '../../../src/ingest/places/gazetteer.js';
import { dedupe, PlaceResolver } from '../../../src/ingest/places/locations.js';
import type { Posting, PostingAddress } from '../../../src/ingest/posting.js';
import { R, smallData, smallGazetteer } from './small-gazetteer.js';

// The place resolver over the hand-written gazetteer of test/ingest/places/small-gazetteer.ts (München,
// Kiel, Baden AT and Baden CH, Sankt Pölten, ...), a fresh resolver (and cache) per test.

function posting(locations: Partial<PostingAddress>[], applicantLocations: string[] = []): Posting {
  return {
    title: 'T',
    description: null,
    identifier: null,
    url: null,
    datePosted: null,
    validThrough: null,
    employmentTypes: [],
    jobLocationType: null,
    organization: { name: 'O', urls: [], logo: null, industry: null, employees: null },
    industry: null,
    locations: locations.map((l) => ({ locality: null, region: null, country: null, lat: null, lon: null, ...l })),
    applicantLocations,
    salary: null,
    skills: '',
    workHours: null,
    occupationalCategories: [],
    qualifications: null,
    responsibilities: null,
    experienceRequirements: null,
  };
}

const resolver = () => new PlaceResolver(smallGazetteer());
const at = (address: Partial<PostingAddress>, r = resolver()) => r.placesOf(posting([address]));
/** [city slug, region slug, country code] of each place. */
const brief = (places: JobPlace[]) =>
  places.map((p) => [p.city?.slug ?? null, p.region?.slug ?? null, p.countryCode] as const);

const DE = { slug: 'deutschland', name: 'Deutschland' };

describe('PlaceResolver: the country of an address', () => {
  it('takes the country from the region when none is given', () => {
    expect(brief(at({ locality: 'Baden', region: 'Aargau' }))).toEqual([['baden-aargau', 'aargau', 'CH']]);
    expect(brief(at({ locality: 'Baden', region: 'Niederösterreich' }))).toEqual([['baden', 'niederösterreich', 'AT']]);
    expect(brief(at({ locality: 'Baden' }))).toEqual([['baden', 'niederösterreich', 'AT']]);
  });

  it('takes the country from a qualifier after a comma (a region, a country, a foreign country)', () => {
    expect(brief(at({ locality: 'Baden, Aargau' }))).toEqual([['baden-aargau', 'aargau', 'CH']]);
    // (not "Baden,Aargau": that is also the slug of the Swiss Baden)
    expect(brief(at({ locality: 'Baden,Schweiz' }))).toEqual([['baden-aargau', 'aargau', 'CH']]);
    expect(brief(at({ locality: 'Baden , Schweiz' }))).toEqual([['baden-aargau', 'aargau', 'CH']]);
    expect(at({ locality: 'Smalltown, Frankreich' })).toEqual([
      {
        city: { slug: 'smalltown', name: 'Smalltown' },
        region: null,
        country: { slug: 'france', name: 'France' },
        countryCode: 'FR',
        lat: null,
        lon: null,
      },
    ]);
    // A qualifier that is no place leaves the country open.
    expect(brief(at({ locality: 'Baden, Kurort' }))).toEqual([['baden', 'niederösterreich', 'AT']]);
  });

  it('lets the given country win over a qualifier', () => {
    expect(brief(at({ locality: 'Baden, Aargau', country: 'AT' }))).toEqual([['baden', 'niederösterreich', 'AT']]);
    expect(brief(at({ locality: 'Baden, Aargau', country: 'Österreich' }))).toEqual([
      ['baden', 'niederösterreich', 'AT'],
    ]);
  });

  it('keeps a city of the gazetteer out of a posting of another country', () => {
    expect(at({ locality: 'Kiel', country: 'AT' })).toEqual([
      {
        city: { slug: 'kiel', name: 'Kiel' },
        region: null,
        country: { slug: 'österreich', name: 'Österreich' },
        countryCode: 'AT',
        lat: null,
        lon: null,
      },
    ]);
    expect(brief(at({ locality: 'Kiel Holtenau', country: 'AT' }))).toEqual([['kiel-holtenau', null, 'AT']]);
  });

  it('keeps a country it does not know, with a code only when it is written as a two-letter code', () => {
    expect(at({ locality: 'Baden', country: 'Narnia' })).toEqual([
      {
        city: { slug: 'baden', name: 'Baden' },
        region: null,
        country: { slug: 'narnia', name: 'Narnia' },
        countryCode: null,
        lat: null,
        lon: null,
      },
    ]);
    expect(at({ locality: 'Pristina', country: 'XK' })).toEqual([
      {
        city: { slug: 'pristina', name: 'Pristina' },
        region: null,
        country: { slug: 'xk', name: 'XK' },
        countryCode: 'XK',
        lat: null,
        lon: null,
      },
    ]);
    for (const country of ['KOS', 'Kosovo XK', 'XK Kosovo', 'X', 'xk'])
      expect(at({ locality: 'Pristina', country })[0]?.countryCode, country).toBeNull();
  });
});

describe('PlaceResolver: cities', () => {
  it('gives a gazetteer city its region, country and coordinates', () => {
    expect(at({ locality: 'Kiel' })).toEqual([
      {
        city: { slug: 'kiel', name: 'Kiel' },
        region: { slug: 'schleswig-holstein', name: 'Schleswig-Holstein' },
        country: DE,
        countryCode: 'DE',
        lat: 54.3213,
        lon: 10.1349,
      },
    ]);
  });

  it('reads the longest known word prefix of a locality: "Sankt Pölten Zentrum", "Kiel Holtenau Nord"', () => {
    expect(brief(at({ locality: 'Sankt Pölten Zentrum' }))).toEqual([['sankt-pölten', 'niederösterreich', 'AT']]);
    expect(brief(at({ locality: 'Kiel Holtenau Nord' }))).toEqual([['kiel', 'schleswig-holstein', 'DE']]);
    expect(brief(at({ locality: 'Offenbach am Main Kaiserlei' }))).toEqual([['offenbach-am-main', 'hessen', 'DE']]);
  });

  it('does not read a prefix shorter than three letters as a city', () => {
    const data = smallData();
    for (const [name, pop] of [
      ['Ulm', 120_000],
      ['Au', 7_000],
    ] as const) {
      data.cities.name.push(name);
      data.cities.slug.push(name.toLowerCase());
      data.cities.region.push(R.bayern);
      data.cities.lat.push(48);
      data.cities.lon.push(10);
      data.cities.population.push(pop);
    }
    const r = new PlaceResolver(buildGazetteer(data));
    expect(brief(at({ locality: 'Ulm Donautal' }, r))).toEqual([['ulm', 'bayern', 'DE']]);
    expect(brief(at({ locality: 'Au Pair Agentur' }, r))).toEqual([['au-pair-agentur', null, null]]);
  });

  it('drops postcodes before and after the locality', () => {
    for (const locality of ['80331 München', 'München 80331', 'D-80331 München'])
      expect(brief(at({ locality })), locality).toEqual([['münchen', 'bayern', 'DE']]);
    expect(at({ locality: '12345 Nirgendwo' })[0]?.city).toEqual({ slug: 'nirgendwo', name: 'Nirgendwo' });
    expect(at({ locality: 'Nirgendwo 12345' })[0]?.city).toEqual({ slug: 'nirgendwo', name: 'Nirgendwo' });
    expect(at({ locality: ' 12345 Nirgendwo ' })[0]?.city).toEqual({ slug: 'nirgendwo', name: 'Nirgendwo' });
  });

  it('keeps an unknown locality as a place without region, country or coordinates when nothing else is known', () => {
    expect(at({ locality: 'Nirgendwo' })).toEqual([
      {
        city: { slug: 'nirgendwo', name: 'Nirgendwo' },
        region: null,
        country: null,
        countryCode: null,
        lat: null,
        lon: null,
      },
    ]);
    expect(at({ locality: 'Nirgendwo', region: 'Bayern' })).toEqual([
      {
        city: { slug: 'nirgendwo', name: 'Nirgendwo' },
        region: { slug: 'bayern', name: 'Bayern' },
        country: DE,
        countryCode: 'DE',
        lat: null,
        lon: null,
      },
    ]);
  });

  it('reads a region or country named as the locality as that area', () => {
    expect(at({ locality: 'Bayern' })).toEqual([
      { city: null, region: { slug: 'bayern', name: 'Bayern' }, country: DE, countryCode: 'DE', lat: null, lon: null },
    ]);
    expect(at({ locality: 'Germany' })).toEqual([
      { city: null, region: null, country: DE, countryCode: 'DE', lat: null, lon: null },
    ]);
    expect(brief(at({ locality: 'Bayern', country: 'DE' }))).toEqual([[null, 'bayern', 'DE']]);
    // A region of another country than the posting's is no place of it.
    expect(brief(at({ locality: 'Bayern', country: 'CH' }))).toEqual([['bayern', null, 'CH']]);
  });
});

describe('PlaceResolver: foreign cities', () => {
  const london = {
    city: { slug: 'london', name: 'London' },
    region: null,
    country: { slug: 'united-kingdom', name: 'United Kingdom' },
    countryCode: 'GB',
    lat: 51.5074,
    lon: -0.1278,
  };

  it('knows the larger UK and US cities, also by their first word', () => {
    expect(at({ locality: 'London' })).toEqual([london]);
    expect(at({ locality: 'London', country: 'GB' })).toEqual([london]);
    expect(at({ locality: 'London Heathrow' })).toEqual([london]);
    expect(at({ locality: 'West Palm Beach' })[0]).toMatchObject({ countryCode: 'US', lat: 26.7153, lon: -80.0534 });
  });

  it('does not take a foreign city of another country than the posting', () => {
    expect(at({ locality: 'London', country: 'CA' })).toEqual([
      {
        city: { slug: 'london', name: 'London' },
        region: null,
        country: { slug: 'ca', name: 'CA' },
        countryCode: 'CA',
        lat: null,
        lon: null,
      },
    ]);
  });
});

describe('PlaceResolver: coordinates, several cities, the cache', () => {
  it('takes the coordinates of the address only when both are given and there is one place', () => {
    expect(at({ locality: 'Kiel', lat: 54.1, lon: 10.2 })[0]).toMatchObject({ lat: 54.1, lon: 10.2 });
    expect(at({ locality: 'Kiel', lat: 54.1, lon: null })[0]).toMatchObject({ lat: 54.3213, lon: 10.1349 });
    expect(at({ locality: 'Kiel', lat: null, lon: 10.2 })[0]).toMatchObject({ lat: 54.3213, lon: 10.1349 });
    expect(at({ locality: 'Kiel/Zürich', lat: 1, lon: 2 }).map((p) => [p.lat, p.lon])).toEqual([
      [54.3213, 10.1349],
      [47.3667, 8.55],
    ]);
  });

  it('gives one place per city and each place once', () => {
    expect(brief(at({ locality: 'München/Garmisch-Partenkirchen' }))).toEqual([
      ['münchen', 'bayern', 'DE'],
      ['garmisch-partenkirchen', 'bayern', 'DE'],
    ]);
    expect(brief(at({ locality: 'Kiel; Kiel' }))).toEqual([['kiel', 'schleswig-holstein', 'DE']]);
    const r = resolver();
    expect(brief(r.placesOf(posting([{ locality: 'Kiel' }, { locality: 'Kiel' }, { locality: 'Nirgendwo' }])))).toEqual(
      [
        ['kiel', 'schleswig-holstein', 'DE'],
        ['nirgendwo', null, null],
      ],
    );
  });

  it('does not mix up addresses that differ only in region or country (the cache)', () => {
    const r = resolver();
    expect(brief(at({ locality: 'Baden', region: 'Aargau' }, r))).toEqual([['baden-aargau', 'aargau', 'CH']]);
    expect(brief(at({ locality: 'Baden', region: 'Niederösterreich' }, r))).toEqual([
      ['baden', 'niederösterreich', 'AT'],
    ]);
    expect(brief(at({ locality: 'Baden', country: 'CH' }, r))).toEqual([['baden-aargau', 'aargau', 'CH']]);
    expect(brief(at({ locality: 'Baden', country: 'AT' }, r))).toEqual([['baden', 'niederösterreich', 'AT']]);
    expect(brief(at({ locality: 'Baden', region: 'Aargau' }, r))).toEqual([['baden-aargau', 'aargau', 'CH']]);
  });
});

describe('PlaceResolver: applicant locations and places named in text', () => {
  it('uses applicantLocationRequirements only when the job locations give no place', () => {
    const r = resolver();
    expect(brief(r.placesOf(posting([{ locality: 'Kiel' }], ['Schweiz'])))).toEqual([
      ['kiel', 'schleswig-holstein', 'DE'],
    ]);
    expect(brief(r.placesOf(posting([{ locality: 'Remote' }], ['Schweiz'])))).toEqual([[null, null, 'CH']]);
    expect(r.placesOf(posting([], ['Bayern', 'Atlantis']))).toEqual([
      { city: null, region: { slug: 'bayern', name: 'Bayern' }, country: DE, countryCode: 'DE', lat: null, lon: null },
      {
        city: null,
        region: null,
        country: { slug: 'atlantis', name: 'Atlantis' },
        countryCode: null,
        lat: null,
        lon: null,
      },
    ]);
  });

  it('reads names from text as cities only, preferring the given country', () => {
    const r = resolver();
    expect(brief(r.placesNamed(['Baden'], 'CH'))).toEqual([['baden-aargau', 'aargau', 'CH']]);
    expect(brief(r.placesNamed(['Baden'], null))).toEqual([['baden', 'niederösterreich', 'AT']]);
    expect(brief(r.placesNamed(['Kiel'], 'CH'))).toEqual([['kiel', 'schleswig-holstein', 'DE']]);
    expect(r.placesNamed(['Bayern', 'Schweiz', 'Nirgendwo'], null)).toEqual([]);
    expect(brief(r.placesNamed(['Kiel', 'kiel', 'London'], null))).toEqual([
      ['kiel', 'schleswig-holstein', 'DE'],
      ['london', null, 'GB'],
    ]);
  });

  it('gives a country-only place for a code', () => {
    const r = resolver();
    expect(r.countryPlace('DE')).toEqual({
      city: null,
      region: null,
      country: DE,
      countryCode: 'DE',
      lat: null,
      lon: null,
    });
    expect(r.countryPlace('FR')?.country).toEqual({ slug: 'france', name: 'France' });
    expect(r.countryPlace('XX')).toBeNull();
  });
});

describe('dedupe', () => {
  const place = (city: string | null, region: string | null, country: string | null): JobPlace => ({
    city: city === null ? null : { slug: city, name: city },
    region: region === null ? null : { slug: region, name: region },
    country: country === null ? null : { slug: country, name: country },
    countryCode: null,
    lat: null,
    lon: null,
  });

  it('keeps the first of places with the same city, region and country, and tells apart any difference', () => {
    const places = [
      place('baden', 'aargau', 'schweiz'),
      place('baden', 'niederösterreich', 'österreich'),
      place('baden', 'aargau', 'österreich'),
      place('baden', null, 'schweiz'),
      place(null, 'aargau', 'schweiz'),
      place('baden', 'aargau', null),
      place(null, null, null),
    ];
    expect(dedupe(places)).toEqual(places);
    expect(dedupe([...places, ...places])).toEqual(places);
    expect(dedupe([places[1]!, places[0]!, places[1]!])).toEqual([places[1], places[0]]);
  });
});
