import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  pageByScore,
  pageFromOrder,
  paginate,
  pagingWay,
  type PageWindow,
} from '../../../src/search/query/paginate.js';
import { newBitset, setBits } from '../../../src/search/postings/bitset.js';
import type { DocSet } from '../../../src/search/postings/doc-set.js';

const list = (m: number): DocSet => ({ kind: 'list', ids: Uint32Array.from({ length: m }, (_, i) => i), size: m });
/** A bitset's contents do not matter to the choice, only its size. */
const bits = (m: number, n: number): DocSet => ({ kind: 'bits', words: newBitset(n), size: m });
const win = (start: number, end: number): PageWindow => ({ start, end });

describe('the way a page of an order is read (costs worked out by hand)', () => {
  it('reads nothing for an empty window and slices the order when nothing is filtered', () => {
    for (const strategy of ['auto', 'walk', 'ranks'] as const) {
      expect(pagingWay(list(5), 100, win(5, 5), strategy)).toBe('empty');
      expect(pagingWay(list(5), 100, win(0, 0), strategy)).toBe('empty');
      expect(pagingWay({ kind: 'all', size: 100 }, 100, win(0, 20), strategy)).toBe('slice');
      expect(pagingWay({ kind: 'all', size: 100 }, 100, win(80, 100), strategy)).toBe('slice');
    }
  });

  it('walks from the back only for a window past the middle of the matches', () => {
    // m = 10: [4, 6) has 4 matches before it and 4 after (from the front); [5, 7) has 3 after.
    expect(pagingWay(list(10), 10_000, win(4, 6), 'walk')).toBe('forward');
    expect(pagingWay(list(10), 10_000, win(5, 7), 'walk')).toBe('back');
    expect(pagingWay(list(10), 10_000, win(0, 10), 'walk')).toBe('forward');
    expect(pagingWay(list(10), 10_000, win(9, 10), 'walk')).toBe('back');
  });

  it('obeys a forced strategy whatever the costs', () => {
    // 3 matches in a million documents: sorting is far cheaper than a walk.
    expect(pagingWay(list(3), 1_000_000, win(0, 1), 'walk')).toBe('forward');
    expect(pagingWay(list(3), 1_000_000, win(2, 3), 'walk')).toBe('back');
    // Every document but one matches: a walk of one page is far cheaper than sorting.
    expect(pagingWay(list(999), 1000, win(0, 1), 'ranks')).toBe('ranks');
  });

  it('sorts a list only when that costs less than the walk (m log2(m + 1) / 2 against depth × n / m)', () => {
    // m = 3: sorting costs 3 × 2 / 2 = 3; the first item's walk 1 × n / 3: n = 9 ties (walk), n = 10 sorts.
    expect(pagingWay(list(3), 9, win(0, 1), 'auto')).toBe('forward');
    expect(pagingWay(list(3), 10, win(0, 1), 'auto')).toBe('ranks');
    // The last item from the back is one deep too (its depth from the front, 3, would sort at n = 9).
    expect(pagingWay(list(3), 9, win(2, 3), 'auto')).toBe('back');
    expect(pagingWay(list(3), 10, win(2, 3), 'auto')).toBe('ranks');
    // The second item is two deep from the front: 2 × 5 / 3 = 3.33 > 3 sorts, 2 × 4 / 3 = 2.67 walks.
    expect(pagingWay(list(3), 4, win(1, 2), 'auto')).toBe('forward');
    expect(pagingWay(list(3), 5, win(1, 2), 'auto')).toBe('ranks');
    // m = 15: sorting costs 15 × 4 / 2 = 30; one item deep in 100 documents walks 6.67, and 450 walks 30.
    expect(pagingWay(list(15), 100, win(0, 1), 'auto')).toBe('forward');
    expect(pagingWay(list(15), 450, win(0, 1), 'auto')).toBe('forward');
    expect(pagingWay(list(15), 451, win(0, 1), 'auto')).toBe('ranks');
    // A whole page of 15: 15 deep, walk n, 30 or more.
    expect(pagingWay(list(15), 30, win(0, 15), 'auto')).toBe('forward');
    expect(pagingWay(list(15), 31, win(0, 15), 'auto')).toBe('ranks');
  });

  it('adds n / 32 to a bitset sort (reading its ids)', () => {
    // m = 7: sorting costs 7 × 3 / 2 = 10.5 (+ n / 32); one item deep walks n / 7.
    // n = 80: walk 11.43, list 10.5 sorts, bitset 13 walks.
    expect(pagingWay(list(7), 80, win(0, 1), 'auto')).toBe('ranks');
    expect(pagingWay(bits(7, 80), 80, win(0, 1), 'auto')).toBe('forward');
    // n = 94: walk 13.43 against 13.4375 walks; n = 95: 13.571 against 13.469 sorts.
    expect(pagingWay(bits(7, 94), 94, win(0, 1), 'auto')).toBe('forward');
    expect(pagingWay(bits(7, 95), 95, win(0, 1), 'auto')).toBe('ranks');
    expect(pagingWay(bits(7, 94), 94, win(6, 7), 'auto')).toBe('back');
    expect(pagingWay(bits(7, 95), 95, win(6, 7), 'auto')).toBe('ranks');
  });
});

/** A subset of 0..n-1, sorted, of a density from a few documents to all of them. */
const subsetOf = (n: number): fc.Arbitrary<number[]> =>
  fc
    .tuple(
      fc.constantFrom(0.02, 0.2, 0.5, 0.9, 1),
      fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: n, maxLength: n }),
    )
    .map(([density, draws]) => draws.flatMap((u, d) => (u < density ? [d] : [])));

/** n documents in a random order, and a subset of them. */
const orderAndMatch = fc.integer({ min: 1, max: 120 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    perm: fc.shuffledSubarray(
      Array.from({ length: n }, (_, i) => i),
      { minLength: n, maxLength: n },
    ),
    match: subsetOf(n),
    page: fc.integer({ min: 1, max: 12 }),
    perPage: fc.integer({ min: 1, max: 25 }),
  }),
);

describe('every way of reading a page gives the page', () => {
  it('matches the order filtered by hand, for every kind of set, strategy and window', () => {
    fc.assert(
      fc.property(orderAndMatch, ({ n, perm, match, page, perPage }) => {
        const order = { perm: Uint32Array.from(perm), rank: new Uint32Array(n) };
        perm.forEach((d, i) => (order.rank[d] = i));
        const inMatch = new Set(match);
        const expected = perm.filter((d) => inMatch.has(d));
        const w = paginate(match.length, page, perPage);
        const ids = Uint32Array.from(match);
        // The engine's scratch bitset of a list, made afresh for each call.
        const bitsOf = (xs: Uint32Array): Uint32Array => {
          const out = newBitset(n);
          setBits(out, xs);
          return out;
        };
        const sets: DocSet[] = [
          { kind: 'list', ids, size: match.length },
          { kind: 'bits', words: bitsOf(ids), size: match.length },
        ];
        if (match.length === n) sets.push({ kind: 'all', size: n });
        for (const set of sets) {
          for (const strategy of ['auto', 'walk', 'ranks'] as const) {
            const got = pageFromOrder(order, set, n, w, strategy, bitsOf);
            expect([set.kind, strategy, Array.from(got)]).toEqual([set.kind, strategy, expected.slice(w.start, w.end)]);
          }
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('a page by score', () => {
  it('matches the ids sorted by hand: by score, ties by document number, in either direction', () => {
    const arb = fc.integer({ min: 1, max: 200 }).chain((n) =>
      fc.record({
        ids: subsetOf(n),
        // Few distinct scores, so that ties are common; negative and fractional ones too.
        scores: fc.array(fc.constantFrom(0, 1.5, 2, -1, 7), { minLength: n, maxLength: n }),
        descending: fc.boolean(),
        page: fc.integer({ min: 1, max: 8 }),
        perPage: fc.integer({ min: 1, max: 30 }),
      }),
    );
    fc.assert(
      fc.property(arb, ({ ids, scores, descending, page, perPage }) => {
        const sign = descending ? -1 : 1;
        const expected = [...ids].sort((a, b) => sign * (scores[a]! - scores[b]!) || a - b);
        const w = paginate(ids.length, page, perPage);
        const got = pageByScore(Uint32Array.from(ids), Float64Array.from(scores), descending, w);
        expect(Array.from(got)).toEqual(expected.slice(w.start, w.end));
      }),
      { numRuns: 400 },
    );
  });
});
