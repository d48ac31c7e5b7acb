import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  andCount,
  andInto,
  andNotToIds,
  bitsToIds,
  hasBit,
  newBitset,
  orInto,
  popcount,
  popcount32,
  setBits,
} from '../../../src/search/postings/bitset.js';

/** Two subsets of 0..n-1 as plain boolean arrays, n around word boundaries and beyond. */
const twoSets = fc
  .integer({ min: 0, max: 200 })
  .chain((n) =>
    fc.tuple(
      fc.constant(n),
      fc.array(fc.boolean(), { minLength: n, maxLength: n }),
      fc.array(fc.boolean(), { minLength: n, maxLength: n }),
    ),
  );

const bitsOf = (n: number, member: readonly boolean[]): Uint32Array => {
  const words = newBitset(n);
  setBits(words, Uint32Array.from(member.flatMap((x, d) => (x ? [d] : []))));
  return words;
};
const idsWhere = (n: number, test: (d: number) => boolean): number[] =>
  Array.from({ length: n }, (_, d) => d).filter(test);

describe('bitsets against plain boolean arrays', () => {
  it('count, intersect, unite and list like the arrays do', () => {
    fc.assert(
      fc.property(twoSets, ([n, a, b]) => {
        const both = idsWhere(n, (d) => a[d]! && b[d]!);
        expect(popcount(bitsOf(n, a))).toBe(idsWhere(n, (d) => a[d]!).length);
        expect(andCount(bitsOf(n, a), bitsOf(n, b))).toBe(both.length);
        const and = bitsOf(n, a);
        expect(andInto(and, bitsOf(n, b))).toBe(both.length);
        expect(idsWhere(n, (d) => hasBit(and, d))).toEqual(both);
        const or = bitsOf(n, a);
        orInto(or, bitsOf(n, b));
        expect(idsWhere(n, (d) => hasBit(or, d))).toEqual(idsWhere(n, (d) => a[d]! || b[d]!));
        const out = new Uint32Array(n);
        const notB = andNotToIds(bitsOf(n, a), bitsOf(n, b), out);
        expect(Array.from(out.subarray(0, notB))).toEqual(idsWhere(n, (d) => a[d]! && !b[d]!));
        const k = bitsToIds(bitsOf(n, a), n, out);
        expect(Array.from(out.subarray(0, k))).toEqual(idsWhere(n, (d) => a[d]!));
        // The complement: the documents below n whose bit is clear, none at n or above.
        const c = bitsToIds(bitsOf(n, a), n, out, true);
        expect(Array.from(out.subarray(0, c))).toEqual(idsWhere(n, (d) => !a[d]!));
      }),
      { numRuns: 500 },
    );
  });

  it('lists the complement of an empty and a full set at every n around a word boundary', () => {
    for (const n of [1, 2, 30, 31, 32, 33, 63, 64, 65, 95, 96, 97]) {
      const out = new Uint32Array(n);
      const all = idsWhere(n, () => true);
      expect([n, Array.from(out.subarray(0, bitsToIds(newBitset(n), n, out, true)))]).toEqual([n, all]);
      const full = bitsOf(n, new Array<boolean>(n).fill(true));
      expect([n, bitsToIds(full, n, out, true)]).toEqual([n, 0]);
      expect([n, bitsToIds(full, n, out)]).toEqual([n, n]);
    }
  });

  it('counts the bits of single words, the top bit included', () => {
    const plain = (x: number): number => (x >>> 0).toString(2).replaceAll('0', '').length;
    for (const x of [0, 1, 2, 3, 0x80000000, 0xffffffff, 0x7fffffff, 0x55555555, 0xaaaaaaaa, 0x0f0f0f0f, 0x12345678]) {
      expect([x, popcount32(x)]).toEqual([x, plain(x)]);
    }
  });
});
