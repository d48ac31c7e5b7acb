/**
 * Places of a posting from `jobLocation` (else `applicantLocationRequirements`), resolved through
 * the gazetteer. A locality naming several cities ("Düsseldorf/Hamburg/London") gives one place per
 * city; "West Palm Beach, Florida" is the locality "West Palm Beach". A locality the gazetteer does
 * not know still becomes a place (slug `toSlug(name)`), with the country of `addressCountry` and the
 * coordinates of `geo` when given. A city is only taken from the gazetteer when it lies in the
 * posting's country (a UK posting's "Richmond" is not looked up among DACH/ES cities).
 * Non-places ("Remote", "deutschlandweit", "[Ort einfügen]") are ignored.
 */
import type { JobPlace, Named } from '../../domain/job.js';
import { toSlug } from '../../domain/text-fold.js';
import type { Gazetteer, GazetteerArea, GazetteerCity } from './gazetteer.js';
import { findForeignCity, findForeignCountry, foreignCountryByCode } from './foreign-places.js';
import type { Posting, PostingAddress } from '../posting.js';

export type PlaceLookup = Pick<Gazetteer, 'findCity' | 'findRegion' | 'findCountry'>;

const MULTI_CITY = /\s*(?:\/|;|\||\s+und\s+|\s+oder\s+|\s+or\s+|\s+&\s+|\s+y\s+)\s*/i;
const NOT_A_PLACE =
  /\b(?:remote|home ?office|anywhere|worldwide|weltweit|deutschlandweit|bundesweit|[oö]sterreichweit|schweizweit|europaweit|verschiedene|diverse|various|flexible?|n\/a|tbd|keine angabe)\b|[[\]{}<>]/i;
const CACHE_LIMIT = 50_000;
/** A postcode before or after the locality: "80331 München", "Wien 1010", "London EC1A 1BB", "CH-8001 Zürich". */
const POSTCODE = /^(?:[A-Z]{1,2}-)?\d{4,5}\s+|\s+\d{4,5}$|\s+[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/;

interface Country {
  named: Named;
  code: string | null;
}

export class PlaceResolver {
  private readonly cache = new Map<string, JobPlace[]>();

  constructor(private readonly lookup: PlaceLookup) {}

  /** Places of the posting, primary first, without duplicates. */
  placesOf(posting: Posting): JobPlace[] {
    const places: JobPlace[] = [];
    for (const address of posting.locations) places.push(...this.placesAt(address));
    if (places.length === 0) places.push(...this.applicantPlaces(posting.applicantLocations));
    return dedupe(places);
  }

  private placesAt(a: PostingAddress): JobPlace[] {
    const cacheKey = `${a.locality ?? ''}|${a.region ?? ''}|${a.country ?? ''}`;
    let places = this.cache.get(cacheKey);
    if (places === undefined) {
      places = this.resolveAddress(a);
      if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
      this.cache.set(cacheKey, places);
    }
    if (a.lat === null || a.lon === null || places.length !== 1) return places;
    return places.map((p) => ({ ...p, lat: a.lat, lon: a.lon }));
  }

  private resolveAddress(a: PostingAddress): JobPlace[] {
    let country = a.country === null ? null : this.countryOf(a.country);
    const region = a.region === null ? null : this.lookup.findRegion(a.region, country?.code);
    if (region !== null && (country === null || country.code === region.countryCode)) {
      country ??= { named: region.country, code: region.countryCode };
    }
    const [head = '', ...rest] = (a.locality ?? '').split(/\s*,\s*/);
    const qualifier = rest.join(', ');
    if (country === null && qualifier !== '') {
      const q = this.lookup.findCountry(qualifier) ?? this.lookup.findRegion(qualifier);
      const foreign = q === null ? findForeignCountry(qualifier) : null;
      if (q !== null) country = { named: q.country, code: q.countryCode };
      else if (foreign !== null) country = foreign;
    }
    const parts = head
      .trim()
      .replace(POSTCODE, ' ')
      .trim()
      .split(MULTI_CITY)
      .filter((p) => p !== '' && !NOT_A_PLACE.test(p));
    if (parts.length === 0) return this.areaOnly(region, country);
    return parts.map((p) => this.cityPlace(p, country) ?? unresolved(p, region, country));
  }

  /** A gazetteer city (or a region / country named as locality); null when unknown or abroad. */
  private cityPlace(name: string, country: Country | null): JobPlace | null {
    if (country !== null && country.code === null) return null;
    const code = country?.code ?? null;
    const foreign = findForeignCity(name) ?? findForeignCity(name.split(/\s+/)[0] ?? '');
    if (foreign !== null && (code === null || foreign.countryCode === code)) return foreignCityPlace(foreign);
    const city = this.findCity(name, code);
    if (city !== null) return fromCity(city);
    const area = this.lookup.findRegion(name, code) ?? this.lookup.findCountry(name);
    return area !== null && (code === null || area.countryCode === code) ? fromArea(area) : null;
  }

  /** The city, also for "Berlin Süd" / "Madrid Capital" (longest known word prefix), in the country when given. */
  private findCity(name: string, code: string | null): GazetteerCity | null {
    const inCountry = (c: GazetteerCity | null): GazetteerCity | null =>
      c !== null && (code === null || c.countryCode === code) ? c : null;
    const hit = inCountry(this.lookup.findCity(name, code));
    if (hit !== null) return hit;
    const words = name.split(/\s+/);
    for (let n = words.length - 1; n >= 1; n--) {
      const prefix = words.slice(0, n).join(' ');
      if (prefix.length < 3) break;
      const c = inCountry(this.lookup.findCity(prefix, code));
      if (c !== null) return c;
    }
    return null;
  }

  private countryOf(name: string): Country {
    const area = this.lookup.findCountry(name);
    if (area !== null) return { named: area.country, code: area.countryCode };
    const foreign = findForeignCountry(name);
    if (foreign !== null) return foreign;
    const code = /^[A-Z]{2}$/.test(name) ? name : null;
    return { named: { slug: toSlug(name), name }, code };
  }

  private areaOnly(region: GazetteerArea | null, country: Country | null): JobPlace[] {
    if (region !== null) return [fromArea(region)];
    if (country !== null) return [countryPlace(country)];
    return [];
  }

  /** Places named in free text ("Wien", "Zürich", "London"): only names that resolve to a known city. */
  placesNamed(names: readonly string[], countryCode: string | null): JobPlace[] {
    const places: JobPlace[] = [];
    for (const name of names) {
      const inCountry =
        countryCode === null ? null : this.cityPlace(name, { named: { slug: '', name: '' }, code: countryCode });
      const place = inCountry ?? this.cityPlace(name, null);
      if (place !== null && place.city !== null) places.push(place);
    }
    return dedupe(places);
  }

  /** A country-only place for an ISO code (from a country named in the text or a domain). */
  countryPlace(code: string): JobPlace | null {
    const area = this.lookup.findCountry(code);
    if (area !== null) return fromArea(area);
    const foreign = foreignCountryByCode(code);
    return foreign === null ? null : countryPlace(foreign);
  }

  /** Places of `applicantLocationRequirements` names (countries, regions). */
  applicantPlaces(names: readonly string[]): JobPlace[] {
    return names
      .filter((n) => !NOT_A_PLACE.test(n))
      .map((n) => {
        const area = this.lookup.findCountry(n) ?? this.lookup.findRegion(n);
        return area !== null ? fromArea(area) : countryPlace(this.countryOf(n));
      });
  }
}

function fromCity(c: GazetteerCity): JobPlace {
  return {
    city: { slug: c.slug, name: c.name },
    region: c.region,
    country: c.country,
    countryCode: c.countryCode,
    lat: c.lat,
    lon: c.lon,
  };
}

function foreignCityPlace(c: { named: Named; countryCode: string; lat: number; lon: number }): JobPlace {
  const country = foreignCountryByCode(c.countryCode);
  return {
    city: c.named,
    region: null,
    country: country?.named ?? null,
    countryCode: c.countryCode,
    lat: c.lat,
    lon: c.lon,
  };
}

function fromArea(a: GazetteerArea): JobPlace {
  return { city: null, region: a.region, country: a.country, countryCode: a.countryCode, lat: null, lon: null };
}

function countryPlace(c: Country): JobPlace {
  return { city: null, region: null, country: c.named, countryCode: c.code, lat: null, lon: null };
}

function unresolved(name: string, region: GazetteerArea | null, country: Country | null): JobPlace {
  return {
    city: { slug: toSlug(name), name },
    region: region?.region ?? null,
    country: country?.named ?? region?.country ?? null,
    countryCode: country?.code ?? region?.countryCode ?? null,
    lat: null,
    lon: null,
  };
}

export function dedupe(places: JobPlace[]): JobPlace[] {
  const seen = new Set<string>();
  return places.filter((p) => {
    const key = `${p.city?.slug ?? ''}|${p.region?.slug ?? ''}|${p.country?.slug ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
