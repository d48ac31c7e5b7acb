import { describe, expect, it } from 'vitest';
import { buildFacetRows, countRows, INLINE_VALUES } from '../../src/search/columns/facet-rows.js';
import { haversineKm } from '../../src/search/columns/geo.js';
import { andNotToIds } from '../../src/search/postings/bitset.js';
import { paginate } from '../../src/search/query/paginate.js';
import { QueryCache } from '../../src/search/query/query-cache.js';
import { buildSortOrder, buildSortOrders } from '../../src/search/columns/sort.js';
import { wordKeys, wordsOf } from '../../src/search/text/tokenize.js';

describe('engine parts', () => {
  it('measures Berlin to Munich at about 504 km', () => {
    expect(haversineKm(52.52, 13.405, 48.137, 11.575)).toBeCloseTo(504.2, 0);
    expect(haversineKm(52.52, 13.405, 52.52, 13.405)).toBe(0);
  });

  it('turns a 1-based page into an item window and clamps bad input', () => {
    expect(paginate(45, 3, 20)).toEqual({ start: 40, end: 45, totalPages: 3, hasMore: false });
    expect(paginate(45, 4, 20)).toEqual({ start: 45, end: 45, totalPages: 3, hasMore: false });
    expect(paginate(45, 0, 0)).toEqual({ start: 0, end: 1, totalPages: 45, hasMore: true });
    expect(paginate(45, Number.NaN, 2.7)).toEqual({ start: 0, end: 2, totalPages: 23, hasMore: true });
  });

  it('evicts the least recently used result', () => {
    const cache = new QueryCache<number>(2);
    cache.get('a', () => 1);
    cache.get('b', () => 2);
    cache.get('a', () => -1);
    cache.get('c', () => 3);
    expect([cache.get('a', () => -1), cache.get('b', () => 20)]).toEqual([1, 20]);
  });

  it('orders keys with missing ones last in both directions and ties by document number', () => {
    const keys = Float64Array.of(3, Number.NaN, 1, 3);
    expect(Array.from(buildSortOrder(keys, false).perm)).toEqual([2, 0, 3, 1]);
    expect(Array.from(buildSortOrder(keys, true).perm)).toEqual([0, 3, 2, 1]);
  });

  it('builds both orders and their ranks over many distinct keys (worked out by hand)', () => {
    // Distinct keys 1 < 2 < 5 < 8; document 2 has none.
    const keys = Float64Array.of(5, 2, Number.NaN, 8, 2, 5, 1);
    const { asc, desc } = buildSortOrders(keys);
    expect(Array.from(asc.perm)).toEqual([6, 1, 4, 0, 5, 3, 2]);
    expect(Array.from(asc.rank)).toEqual([3, 1, 6, 5, 2, 4, 0]);
    expect(Array.from(desc.perm)).toEqual([3, 0, 5, 1, 4, 6, 2]);
    expect(Array.from(desc.rank)).toEqual([1, 3, 6, 0, 4, 2, 5]);
    expect(Array.from(buildSortOrder(keys, true).rank)).toEqual([1, 3, 6, 0, 4, 2, 5]);
    // Ten distinct keys, document d holding 9 - d (and negative and fractional keys).
    const falling = Float64Array.from({ length: 10 }, (_, d) => 9 - d);
    expect(Array.from(buildSortOrder(falling, false).perm)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(Array.from(buildSortOrder(falling, true).perm)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const mixed = Float64Array.of(0.5, -3, 12, -0.25, 7, 100, -3);
    expect(Array.from(buildSortOrder(mixed, false).perm)).toEqual([1, 6, 3, 0, 4, 2, 5]);
    expect(Array.from(buildSortOrder(mixed, true).perm)).toEqual([5, 2, 4, 0, 3, 1, 6]);
  });

  it('keeps document order when no document has a key, and handles no documents', () => {
    const none = Float64Array.of(Number.NaN, Number.NaN, Number.NaN);
    const { asc, desc } = buildSortOrders(none);
    expect([Array.from(asc.perm), Array.from(desc.perm), Array.from(desc.rank)]).toEqual([
      [0, 1, 2],
      [0, 1, 2],
      [0, 1, 2],
    ]);
    expect(Array.from(buildSortOrder(new Float64Array(0), false).perm)).toEqual([]);
  });

  it('counts codes above 65535, inline lists and overflowing lists from the facet rows', () => {
    const col = Uint32Array.of(70_000, 3, 70_000);
    const long = Array.from({ length: INLINE_VALUES + 1 }, (_, i) => i + 1);
    const rows = buildFacetRows(
      3,
      [
        { name: 'company', col, size: 70_001 },
        { name: 'small', col: Uint32Array.of(1, 2, 1), size: 3 },
      ],
      [
        { name: 'skill', offsets: Uint32Array.of(0, 2, 2, 3), values: Uint32Array.of(1, 2, 2), size: 3 },
        {
          name: 'place',
          offsets: Uint32Array.of(0, 1, long.length + 1, long.length + 1),
          values: Uint32Array.of(0, ...long),
          size: 20,
        },
      ],
    );
    const counts = {
      company: new Uint32Array(70_001),
      small: new Uint32Array(3),
      skill: new Uint32Array(3),
      place: new Uint32Array(20),
    };
    countRows(
      rows,
      Object.entries(counts).map(([name, c]) => ({ name, counts: c })),
      Uint32Array.of(0, 2, 1),
      3,
    );
    expect(counts.company[70_000]).toBe(2);
    expect([Array.from(counts.small), Array.from(counts.skill)]).toEqual([
      [0, 2, 1],
      [0, 1, 2],
    ]);
    expect(Array.from(counts.place.subarray(0, INLINE_VALUES + 3))).toEqual([1, ...long.map(() => 1), 0]);
  });

  it('lists the bits of a base outside a set, the top bit of a word included', () => {
    const base = Uint32Array.of(0xffffffff, 0x80000001);
    const words = Uint32Array.of(0x7ffffffe, 0x00000001);
    const out = new Uint32Array(64);
    expect(Array.from(out.subarray(0, andNotToIds(base, words, out)))).toEqual([0, 31, 63]);
  });

  it('splits words on anything but letters and digits and folds them into keys', () => {
    expect(wordsOf('SEO-Manager (m/w/d), Köln')).toEqual(['SEO', 'Manager', 'm', 'w', 'd', 'Köln']);
    expect(wordKeys('München')).toEqual(['munchen', 'muenchen']);
    expect(wordKeys('Straße')).toEqual(['strasse']);
  });
});
