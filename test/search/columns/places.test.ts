import { describe, expect, it } from 'vitest';
import type { JobPlace } from '../../../src/domain/job.js';
import { betterPlace, buildPlaces, canonicalPlace, type PlaceInfo } from '../../../src/search/columns/places.js';
import { job, place } from '../../builders.js';
import { named as n } from '../helpers.js';

const LUX = n('luxembourg', 'Luxembourg');

/** The registry's places by slug, without the unused code 0. */
function placesOf(...places: JobPlace[][]): Map<string, PlaceInfo> {
  const registry = buildPlaces(
    places.map((ps, i) => job({ boardId: String(i + 1), places: ps })),
    0.1,
  );
  return new Map(registry.info.slice(1).map((p) => [p.slug, p]));
}

describe('places', () => {
  it('makes a slug used as country and city one city, with the centre its city gave', () => {
    const luxembourg = place({ city: LUX, region: null, country: LUX, countryCode: 'LU', lat: 49.61, lon: 6.13 });
    const got = placesOf([luxembourg]);
    expect([...got.keys()]).toEqual(['luxembourg']);
    expect(got.get('luxembourg')).toEqual({
      slug: 'luxembourg',
      name: 'Luxembourg',
      kind: 'city',
      lat: 49.61,
      lon: 6.13,
    });
  });

  it("keeps a place's name and centre from its first occurrence", () => {
    const first = place({ city: n('köln', 'Köln'), region: n('nrw', 'NRW'), lat: 50.94, lon: 6.96 });
    const later = place({ city: n('köln', 'Koeln'), region: n('nrw', 'Nordrhein-Westfalen'), lat: 51, lon: 7 });
    const got = placesOf([first], [later], [first]);
    expect(got.get('köln')).toEqual({ slug: 'köln', name: 'Köln', kind: 'city', lat: 50.94, lon: 6.96 });
    expect(got.get('nrw')).toEqual({ slug: 'nrw', name: 'NRW', kind: 'region', lat: null, lon: null });
  });

  it('takes the first coordinates given, also when the first occurrence had none', () => {
    const without = place({ city: n('bonn', 'Bonn'), lat: null, lon: null });
    const with1 = place({ city: n('bonn', 'Bonn'), lat: 50.73, lon: 7.1 });
    const with2 = place({ city: n('bonn', 'Bonn'), lat: 50.7, lon: 7.2 });
    expect(placesOf([without], [with1], [with2]).get('bonn')).toMatchObject({ lat: 50.73, lon: 7.1 });
  });

  it('indexes a place that names only a city, or only a country', () => {
    const cityOnly = place({ city: n('nowhere', 'Nowhere'), region: null, country: null, countryCode: null });
    const countryOnly = place({ city: null, region: null, country: n('spanien', 'Spanien'), lat: null, lon: null });
    const got = placesOf([cityOnly], [countryOnly]);
    expect([...got.keys()].sort()).toEqual(['nowhere', 'spanien']);
    expect(got.get('spanien')!.kind).toBe('country');
  });

  it('reads a value as the place whose own fold key it is, then the most specific, then by slug', () => {
    const info = (slug: string, kind: PlaceInfo['kind']): PlaceInfo => ({
      slug,
      name: slug,
      kind,
      lat: null,
      lon: null,
    });
    const umlautCity = info('münster', 'city'); // found by "muenster" through its umlaut key only
    const ownRegion = info('muenster', 'region'); // "muenster" is its own fold key
    expect(betterPlace(ownRegion, umlautCity, 'muenster')).toBe(true);
    expect(betterPlace(umlautCity, ownRegion, 'muenster')).toBe(false);
    // Both its own fold key: the city before the region, whatever the slugs' order.
    expect(betterPlace(info('zell', 'city'), info('zell-region', 'region'), 'zell')).toBe(true);
    expect(betterPlace(info('b', 'city'), info('a', 'region'), 'x')).toBe(true);
    expect(betterPlace(info('a', 'region'), info('b', 'city'), 'x')).toBe(false);
    expect(betterPlace(info('a', 'city'), info('b', 'city'), 'x')).toBe(true);
    expect(betterPlace(info('b', 'city'), info('a', 'city'), 'x')).toBe(false);
  });

  it('finds the canonical place of a value among those sharing its key', () => {
    const registry = buildPlaces(
      [
        job({ boardId: '1', places: [place({ city: n('münster', 'Münster'), region: n('nrw', 'NRW') })] }),
        job({ boardId: '2', places: [place({ city: n('x', 'X'), region: n('muenster', 'Muenster') })] }),
      ],
      0.1,
    );
    const slugOf = (value: string): string | undefined => {
      const code = canonicalPlace(registry, value);
      return code === null ? undefined : registry.info[code]!.slug;
    };
    expect(slugOf('Muenster')).toBe('muenster');
    expect(slugOf('Münster')).toBe('münster');
    expect(slugOf('Paris')).toBeUndefined();
  });
});
