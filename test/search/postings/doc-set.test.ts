import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newBitset, setBits } from '../../../src/search/postings/bitset.js';
import { addToBits, bitsSet, identity, isDense, toIds, type DocSet } from '../../../src/search/postings/doc-set.js';

/** The documents whose bit is set, read bit by bit. */
function plainIds(words: Uint32Array): number[] {
  const out: number[] = [];
  for (let d = 0; d < words.length * 32; d++) if ((words[Math.floor(d / 32)]! & (2 ** (d % 32))) !== 0) out.push(d);
  return out;
}

/** n documents and a sorted subset of them. */
const sized = fc.integer({ min: 0, max: 130 }).chain((n) =>
  fc.tuple(
    fc.constant(n),
    fc.uniqueArray(fc.nat(Math.max(n - 1, 0)), { maxLength: n }).map((ids) => ids.sort((a, b) => a - b)),
  ),
);

/** The same documents as each kind of set (`all` only when they are every document). */
function setsOf(n: number, ids: number[]): DocSet[] {
  const list = Uint32Array.from(ids);
  const words = newBitset(n);
  setBits(words, list);
  const sets: DocSet[] = [{ kind: 'list', ids: list, size: ids.length }, bitsSet(words)];
  if (ids.length === n) sets.push({ kind: 'all', size: n });
  return sets;
}

describe('document sets', () => {
  it('adds any kind of set to a bitset, keeping what it held and setting no bit past n', () => {
    fc.assert(
      fc.property(sized, fc.nat(), ([n, ids], seed) => {
        // What the bitset held before: every document with (seed + d) % 3 === 0.
        const before = Array.from({ length: n }, (_, d) => d).filter((d) => (seed + d) % 3 === 0);
        const expected = [...new Set([...before, ...ids])].sort((a, b) => a - b);
        for (const set of setsOf(n, ids)) {
          const words = newBitset(n);
          setBits(words, Uint32Array.from(before));
          addToBits(words, set, n);
          expect(plainIds(words), set.kind).toEqual(expected);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('sets exactly the n documents for `all`, at every n around a word boundary', () => {
    for (const n of [1, 5, 31, 32, 33, 63, 64, 65, 96]) {
      const words = newBitset(n);
      addToBits(words, { kind: 'all', size: n }, n);
      expect(plainIds(words), `n=${n}`).toEqual(Array.from({ length: n }, (_, d) => d));
    }
  });

  it('lists the sorted ids of any kind of set, its size by default counted from the bits', () => {
    fc.assert(
      fc.property(sized, ([n, ids]) => {
        for (const set of setsOf(n, ids)) {
          expect(set.size).toBe(ids.length);
          expect([...toIds(set, n)], set.kind).toEqual(ids);
        }
      }),
      { numRuns: 300 },
    );
    expect([...identity(4)]).toEqual([0, 1, 2, 3]);
  });

  it('calls a set dense above n / ratio documents', () => {
    expect([isDense(3, 96), isDense(4, 96), isDense(3, 96, 33)]).toEqual([false, true, true]);
    expect([isDense(0, 0), isDense(1, 0)]).toEqual([false, true]);
  });
});
