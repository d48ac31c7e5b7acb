import { describe, expect, it } from 'vitest';
import { companyOf, industryOf, sizeOf } from '../../src/ingest/classify/company.js';
import { getGazetteer } from '../../src/ingest/places/gazetteer.js';
import { derivedBoardId } from '../../src/domain/board-id.js';
import { identityOf } from '../../src/ingest/identity.js';
import { PlaceResolver } from '../../src/ingest/places/locations.js';
import type { Posting, PostingAddress } from '../../src/ingest/posting.js';
import { validatePosting } from '../../src/ingest/validate.js';
import { MUNICH } from '../builders.js';

const resolver = new PlaceResolver(getGazetteer());

function postingWith(record: Record<string, unknown>): Posting {
  const v = validatePosting({ '@type': 'JobPosting', title: 'T', hiringOrganization: 'O', ...record });
  if (!v.ok) throw new Error(v.reason);
  return v.posting;
}
const at = (address: Partial<PostingAddress> & Record<string, unknown>) =>
  resolver.placesOf(postingWith({ jobLocation: { '@type': 'Place', address } }));
const cityOf = (places: ReturnType<typeof at>) =>
  places.map((p) => [p.city?.slug ?? null, p.region?.slug ?? null, p.countryCode]);

describe('PlaceResolver', () => {
  it('resolves a city with region, country and coordinates', () => {
    expect(at({ addressLocality: 'München', addressCountry: 'DE' })).toEqual([MUNICH]);
  });

  it('splits multi-city localities and keeps unknown cities as places', () => {
    expect(cityOf(at({ addressLocality: 'Düsseldorf/Hamburg/London' }))).toEqual([
      ['düsseldorf', 'nordrhein-westfalen', 'DE'],
      ['hamburg', 'hamburg', 'DE'],
      ['london', null, 'GB'],
    ]);
  });

  it('resolves exonyms, districts and qualifiers', () => {
    expect(cityOf(at({ addressLocality: 'Cologne' }))).toEqual([['köln', 'nordrhein-westfalen', 'DE']]);
    expect(cityOf(at({ addressLocality: 'Zürich-Oerlikon' }))).toEqual([['zürich', 'zürich-region', 'CH']]);
    expect(cityOf(at({ addressLocality: 'Berlin Süd' }))).toEqual([['berlin', 'berlin', 'DE']]);
    expect(cityOf(at({ addressLocality: 'Buchs', addressCountry: 'Schweiz' }))).toEqual([
      ['buchs', 'st-gallen-region', 'CH'],
    ]);
  });

  it('does not look up a city of a foreign country in the gazetteer, but gives UK and US places their country code', () => {
    expect(at({ addressLocality: 'Richmond', addressCountry: 'United Kingdom' })).toEqual([
      {
        city: { slug: 'richmond', name: 'Richmond' },
        region: null,
        country: { slug: 'united-kingdom', name: 'United Kingdom' },
        countryCode: 'GB',
        lat: null,
        lon: null,
      },
    ]);
    expect(cityOf(at({ addressLocality: 'West Palm Beach, Florida' }))).toEqual([['west-palm-beach', null, 'US']]);
    expect(cityOf(at({ addressLocality: 'Austin', addressRegion: 'TX', addressCountry: 'US' }))).toEqual([
      ['austin', null, 'US'],
    ]);
  });

  it('gives a country or region place when there is no locality, and ignores non-places', () => {
    expect(cityOf(at({ addressCountry: 'Germany' }))).toEqual([[null, null, 'DE']]);
    expect(cityOf(at({ addressRegion: 'Bayern' }))).toEqual([[null, 'bayern', 'DE']]);
    expect(cityOf(at({ addressLocality: 'Remote', addressCountry: 'AT' }))).toEqual([[null, null, 'AT']]);
    expect(at({ addressLocality: '[Ort einfügen]' })).toEqual([]);
  });

  it('takes coordinates from geo when the posting gives them', () => {
    const places = resolver.placesOf(
      postingWith({
        jobLocation: { address: { addressLocality: 'Hamburg' }, geo: { latitude: 53.57, longitude: 9.96 } },
      }),
    );
    expect(places[0]).toMatchObject({ lat: 53.57, lon: 9.96 });
  });

  it('uses applicantLocationRequirements when there is no jobLocation', () => {
    const places = (names: string[]) =>
      resolver.placesOf(
        postingWith({ applicantLocationRequirements: names.map((name) => ({ '@type': 'Country', name })) }),
      );
    expect(cityOf(places(['Spain']))).toEqual([[null, null, 'ES']]);
    expect(places(['United States'])[0]?.country).toEqual({ slug: 'united-states', name: 'United States' });
    expect(places(['Remote-APAC'])).toEqual([]);
  });
});

describe('identityOf', () => {
  const base = { source: 'feed', identifier: null, url: null, company: 'Acme', title: 'SEO Manager', place: 'Berlin' };
  const id = (value: string, name = '') => ({ name, value });

  it('proposes an all-digit identifier of up to 15 digits as the board id', () => {
    expect(identityOf({ ...base, identifier: id('2916048') })).toEqual({ key: 'feed:id::2916048', boardId: '2916048' });
    expect(identityOf({ ...base, identifier: id('000123') }).boardId).toBe('000123');
  });

  it('keeps the identifier name in the key, so equal values of two schemes never collapse', () => {
    const a = identityOf({ ...base, identifier: id('1', 'feedA') });
    const b = identityOf({ ...base, identifier: id('1', 'feedB') });
    expect(a.key).toBe('feed:id:feedA:1');
    expect(b.key).toBe('feed:id:feedB:1');
    expect(identityOf({ ...base, identifier: id('b:1', 'a') }).key).not.toBe(
      identityOf({ ...base, identifier: id('1', 'a:b') }).key,
    );
    expect(identityOf({ ...base, identifier: id('1', 'a:b') }).key).toBe('feed:id:a%3Ab:1');
  });

  it('never gives two sources the same key', () => {
    expect(identityOf({ ...base, source: 'a', identifier: id('7') }).key).not.toBe(
      identityOf({ ...base, source: 'b', identifier: id('7') }).key,
    );
  });

  it('derives a stable 17-digit board id otherwise', () => {
    const a = identityOf({ ...base, identifier: id('seo-manager-451928') });
    expect(a.key).toBe('feed:id::seo-manager-451928');
    expect(a.boardId).toMatch(/^9\d{16}$/);
    expect(identityOf({ ...base, identifier: id('seo-manager-451928') })).toEqual(a);
    expect(derivedBoardId('feed:x')).not.toBe(derivedBoardId('feed:y'));
    expect(derivedBoardId('feed:x', 1)).not.toBe(derivedBoardId('feed:x'));
    expect(identityOf({ ...base, identifier: id('1234567890123456') }).boardId).toMatch(/^9\d{16}$/);
  });

  it('falls back to the url, then to a hash of company, title and place', () => {
    expect(identityOf({ ...base, url: 'https://x.de/job/1' }).key).toBe('feed:url:https://x.de/job/1');
    const hashed = identityOf(base).key;
    expect(hashed).toMatch(/^feed:hash:[0-9a-f]{16}$/);
    expect(identityOf({ ...base, title: ' seo  manager ' }).key).toBe(hashed);
    expect(identityOf({ ...base, place: 'Hamburg' }).key).not.toBe(hashed);
  });
});

describe('company facts', () => {
  it('takes the website from url/sameAs but not from job boards', () => {
    const org = {
      name: 'GI BPO',
      urls: ['https://gibpo.ofertas-trabajo.infojobs.net', 'https://www.gibpo.es/'],
      logo: 'https://x/l.png',
      industry: null,
      employees: 120,
    };
    expect(companyOf(org)).toEqual({
      name: 'GI BPO',
      domain: 'gibpo.es',
      website: 'https://www.gibpo.es/',
      logoUrl: 'https://x/l.png',
      size: '51-200',
    });
  });

  it('skips URLs that do not parse or have no scheme, and keeps the website as written', () => {
    const org = {
      name: 'Acme',
      urls: ['https://exa mple.com', 'acme.de', 'www.Acme-Shop.DE/karriere'],
      logo: 'ftp://x/l.png',
      industry: null,
      employees: null,
    };
    expect(companyOf(org)).toMatchObject({
      domain: 'acme-shop.de',
      website: 'https://www.Acme-Shop.DE/karriere',
      logoUrl: null,
      size: null,
    });
    expect(companyOf({ ...org, urls: ['https://exa mple.com', 'https://de.linkedin.com/company/acme'] })).toMatchObject(
      { domain: null, website: null },
    );
  });

  it('buckets the number of employees', () => {
    expect([1, 10, 11, 200, 501, 5000, 5001, 0].map(sizeOf)).toEqual([
      '1-10',
      '1-10',
      '11-50',
      '51-200',
      '501-1000',
      '1001-5000',
      '5001+',
      null,
    ]);
  });

  it('maps an explicit industry, else categories, else title and company', () => {
    const input = { explicit: null, categories: [], title: 'Koch', company: 'Gasthaus', isSeo: false };
    expect(industryOf({ ...input, explicit: 'Software Development' })).toBe('software');
    expect(industryOf({ ...input, explicit: 'Maritime Dienste' })).toBe('maritime-dienste');
    expect(industryOf({ ...input, categories: ['Sanidad y salud'] })).toBe('healthcare');
    expect(industryOf({ ...input, title: 'Cocinero/a', company: 'Restaurante La Manuela' })).toBe('hospitality');
    expect(industryOf({ ...input, title: 'Growth Hacker', company: 'X', isSeo: true })).toBe('online-marketing');
    expect(industryOf({ ...input, title: 'Assistenz', company: 'X' })).toBe('other');
  });
});
