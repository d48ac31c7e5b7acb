import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duplicateKeysOf, normaliseUrl } from '../../src/domain/duplicate-key.js';
import { job, MUNICH, place } from '../builders.js';

const withName = (name: string) => ({ name, domain: null, website: null, logoUrl: null, size: null });

describe('duplicate keys', () => {
  it('compares company without legal form, title without gender tags, and the primary city', () => {
    const a = job({ title: 'SEO Manager (m/w/d)', company: withName('Acme GmbH'), places: [MUNICH, place()] });
    const b = job({
      title: 'SEO-Manager (w/m/d)',
      company: withName('ACME'),
      places: [place({ city: { slug: 'muenchen', name: 'Muenchen' } })],
    });
    const c = job({ title: 'SEO Manager:in', company: withName('Acme GmbH & Co. KG'), places: [MUNICH] });
    expect(duplicateKeysOf(a).place).toBe('acme|seo manager|muenchen');
    expect(duplicateKeysOf(b).place).toBe(duplicateKeysOf(a).place);
    expect(duplicateKeysOf(c).place).toBe(duplicateKeysOf(a).place);
  });

  it('tells apart another title, company or primary city', () => {
    const base = duplicateKeysOf(job()).place;
    expect(duplicateKeysOf(job({ title: 'SEO Lead (m/w/d)' })).place).not.toBe(base);
    expect(duplicateKeysOf(job({ company: withName('Beta GmbH') })).place).not.toBe(base);
    expect(duplicateKeysOf(job({ places: [MUNICH] })).place).not.toBe(base);
  });

  it('keys the city before the region: two cities of one region differ, one city in two regions is the same', () => {
    const bayern = { slug: 'bayern', name: 'Bayern' };
    const augsburg = place({ city: { slug: 'augsburg', name: 'Augsburg' }, region: bayern });
    const muenchen = place({ city: { slug: 'münchen', name: 'München' }, region: bayern });
    const muenchenNoRegion = place({ city: { slug: 'münchen', name: 'München' }, region: null });
    expect(duplicateKeysOf(job({ places: [augsburg] })).place).toBe('acme|seo manager|augsburg');
    expect(duplicateKeysOf(job({ places: [muenchen] })).place).toBe('acme|seo manager|muenchen');
    expect(duplicateKeysOf(job({ places: [muenchenNoRegion] })).place).toBe('acme|seo manager|muenchen');
  });

  it('falls back to region, then country, and has no place key without a place, company or title', () => {
    const region = place({ city: null });
    expect(duplicateKeysOf(job({ places: [region] })).place).toMatch(/\|berlin land$/);
    expect(duplicateKeysOf(job({ places: [place({ city: null, region: null })] })).place).toMatch(/\|deutschland$/);
    expect(duplicateKeysOf(job({ places: [] })).place).toBeNull();
    expect(duplicateKeysOf(job({ company: withName('GmbH') })).place).toBeNull();
    expect(duplicateKeysOf(job({ title: '(m/w/d)' })).place).toBeNull();
  });

  it('keys a url without scheme, www., fragment, tracking parameters and trailing slash', () => {
    const key = normaliseUrl('https://jobs.example.com/apply/7?lang=de');
    for (const same of [
      'http://www.jobs.example.com/apply/7/?lang=de',
      'https://JOBS.example.com/apply/7?utm_source=x&lang=de#top',
      'https://jobs.example.com/apply/7?gclid=1&lang=de',
    ]) {
      expect(normaliseUrl(same)).toBe(key);
    }
    expect(normaliseUrl('https://jobs.example.com/apply/8?lang=de')).not.toBe(key);
    expect(normaliseUrl('https://jobs.example.com/apply/7?lang=en')).not.toBe(key);
  });

  it('has no url key for a root page, another scheme or no url', () => {
    for (const url of [
      'https://acme.example/',
      'https://acme.example/?utm_source=x',
      'mailto:jobs@acme.example',
      'not a url',
      null,
    ]) {
      expect(normaliseUrl(url)).toBeNull();
    }
  });

  it('takes the url from the posting, else its detail', () => {
    const detail = { description: '', applyUrl: 'https://jobs.example.com/9', statedSalary: null };
    expect(duplicateKeysOf(job({ url: null, detail })).url).toBe('jobs.example.com/9');
  });

  it('ignores case, spacing and punctuation of company and title', () => {
    const word = fc.stringMatching(/^[a-z]{1,8}$/);
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 4 }),
        fc.array(word, { minLength: 1, maxLength: 4 }),
        (company, title) => {
          const plain = job({ company: withName(company.join(' ')), title: title.join(' ') });
          const noisy = job({
            company: withName(`  ${company.map((w) => w.toUpperCase()).join(' , ')} `),
            title: `${title.join(' - ')} (m/w/d)`,
          });
          expect(duplicateKeysOf(noisy).place).toBe(duplicateKeysOf(plain).place);
        },
      ),
    );
  });
});
