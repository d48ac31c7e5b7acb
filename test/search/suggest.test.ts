import { describe, expect, it } from 'vitest';
import { job, place } from '../builders.js';
import { DEFAULT_SALARY_BUCKETS } from '../../src/domain/salary-buckets.js';
import { BERLIN, HAMBURG, indexOf, MUENCHEN, NOW, WIEN } from './helpers.js';
import { NaiveSearch } from './naive-search.js';
import { naiveSuggestCompanies } from './naive-suggest.js';

const company = (name: string) => job({ company: { ...job().company, name } });
const city = (slug: string, name: string) => place({ city: { slug, name } });

describe('SearchIndex autocomplete', () => {
  it('matches the start of any word of the display name, ignoring case and accents', () => {
    const index = indexOf([
      job({ places: [city('frankfurt-am-main', 'Frankfurt am Main')] }),
      job({ places: [MUENCHEN] }),
    ]);
    expect(index.suggestLocations('am ma', 10)).toEqual([{ value: 'frankfurt-am-main', label: 'Frankfurt am Main' }]);
    expect(index.suggestLocations('MAIN', 10)).toEqual([{ value: 'frankfurt-am-main', label: 'Frankfurt am Main' }]);
    expect(index.suggestLocations('munch', 10)).toEqual([{ value: 'münchen', label: 'München' }]);
    expect(index.suggestLocations('muench', 10)).toEqual([{ value: 'münchen', label: 'München' }]);
  });

  it('returns nothing for an empty or blank query', () => {
    const index = indexOf([job()]);
    expect([index.suggestLocations('', 10), index.suggestLocations('  ', 10), index.suggestCompanies('-', 10)]).toEqual(
      [[], [], []],
    );
  });

  it('suggests cities, regions and countries, sorted by label with German collation, duplicate labels allowed', () => {
    const index = indexOf([job({ places: [BERLIN] }), job({ places: [WIEN] })]);
    expect(index.suggestLocations('', 10)).toEqual([]);
    expect(index.suggestLocations('ber', 10)).toEqual([
      { value: 'berlin', label: 'Berlin' },
      { value: 'berlin-land', label: 'Berlin' },
    ]);
    expect(index.suggestLocations('ö', 10)).toEqual([{ value: 'österreich', label: 'Österreich' }]);
  });

  it('keeps whole-name prefixes first, then the places with most jobs, and sorts the kept ones by label', () => {
    const places = [city('bad-hamburg', 'Bad Hamburg'), city('hamm', 'Hamm'), city('hameln', 'Hameln')];
    const times = (n: number, p: (typeof places)[number]) => Array.from({ length: n }, () => job({ places: [p] }));
    const jobs = [
      ...times(5, places[0]!),
      ...times(3, places[1]!),
      ...times(2, places[2]!),
      job({ places: [HAMBURG] }),
    ];
    const index = indexOf(jobs);
    expect(index.suggestLocations('ham', 2)).toEqual([
      { value: 'hameln', label: 'Hameln' },
      { value: 'hamm', label: 'Hamm' },
    ]);
    expect(index.suggestLocations('ham', 5).map((s) => s.label)).toEqual([
      'Bad Hamburg',
      'Hamburg',
      'Hamburg',
      'Hameln',
      'Hamm',
    ]);
  });

  it('suggests companies by display name, the value being the name itself', () => {
    const index = indexOf([
      company('Müller & Söhne GmbH'),
      company('Acme GmbH'),
      company('ACME GmbH'),
      company('ACME GmbH'),
    ]);
    expect(index.suggestCompanies('söh', 10)).toEqual([{ value: 'Müller & Söhne GmbH', label: 'Müller & Söhne GmbH' }]);
    expect(index.suggestCompanies('gmbh', 10)).toEqual([
      { value: 'ACME GmbH', label: 'ACME GmbH' },
      { value: 'Müller & Söhne GmbH', label: 'Müller & Söhne GmbH' },
    ]);
  });

  it('answers one- and two-letter queries over many names like a full scan', () => {
    const names = Array.from({ length: 160 }, (_, i) =>
      i % 3 === 0 ? `Alpha ${i}` : i % 3 === 1 ? `Beta Alpha ${i}` : `Al ${i} Beta`,
    );
    const jobs = names.flatMap((name, i) => Array.from({ length: 1 + (i % 7) }, () => company(name)));
    const index = indexOf(jobs);
    const naive = new NaiveSearch(jobs, DEFAULT_SALARY_BUCKETS, NOW);
    for (const q of ['a', 'al', 'B', 'be', '1']) {
      for (const limit of [1, 10, 50])
        expect(index.suggestCompanies(q, limit), `${q} ${limit}`).toEqual(naiveSuggestCompanies(naive, q, limit));
    }
  });

  it('suggests only places and companies of live jobs', () => {
    const index = indexOf([job({ places: [HAMBURG], validThrough: NOW - 1 }), job({ places: [BERLIN] })]);
    expect(index.suggestLocations('ham', 10)).toEqual([]);
  });
});
