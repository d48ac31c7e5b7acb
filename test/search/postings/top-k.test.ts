import { describe, expect, it } from 'vitest';
import { firstK, topK, topKInRange } from '../../../src/search/postings/top-k.js';

// The k best items under a strict order, checked against what the answer must be: the k smallest
// of 1..n are 1..k, whatever order the items come in. The orders used fail the test when the heap
// compares an item with a slot that holds none (an index past the heap, or the root of an empty
// heap): `before` is only ever meant to see items.

const smaller = (a: number, b: number): boolean => a < b;
const larger = (a: number, b: number): boolean => a > b;

/** `before`, throwing when either side is not one of `items`. */
function strict(items: Iterable<number>, before: (a: number, b: number) => boolean) {
  const known = new Set(items);
  return (a: number, b: number): boolean => {
    if (!known.has(a) || !known.has(b)) throw new Error(`compared ${String(a)} with ${String(b)}`);
    return before(a, b);
  };
}

const ascending = (xs: readonly number[]): number[] => [...xs].sort((a, b) => a - b);
const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** 1..40 in four arrival orders: rising, falling, and two interleavings. */
const ORDERS: readonly (readonly number[])[] = [
  range(1, 40),
  range(1, 40).reverse(),
  range(1, 40).map((_, i) => ((i * 17) % 40) + 1),
  [...range(21, 40), ...range(1, 20).reverse()],
];

describe('topK', () => {
  it('keeps the k smallest, the worst of them at the root', () => {
    const kept = topK([5, 1, 4], 2, strict([5, 1, 4], smaller));
    expect(ascending(kept)).toEqual([1, 4]);
    expect(kept[0]).toBe(4);
  });

  it.each([1, 2, 3, 7, 16, 39])('finds the %i best of 1..40 in any arrival order', (k) => {
    for (const items of ORDERS) {
      const kept = topK(items, k, strict(items, smaller));
      expect(ascending(kept)).toEqual(range(1, k));
      expect(kept[0]).toBe(k);
      const largest = topK(items, k, strict(items, larger));
      expect(ascending(largest)).toEqual(range(41 - k, 40));
      expect(largest[0]).toBe(41 - k);
    }
  });

  it('keeps everything when k is at least the number of items', () => {
    expect(ascending(topK([3, 1, 2], 3, strict([3, 1, 2], smaller)))).toEqual([1, 2, 3]);
    expect(ascending(topK([3, 1, 2], 10, strict([3, 1, 2], smaller)))).toEqual([1, 2, 3]);
  });

  it('keeps nothing, and compares nothing, for k of 0 or less', () => {
    expect(topK([3, 1, 2], 0, strict([3, 1, 2], smaller))).toEqual([]);
    expect(topK([3, 1, 2], -1, strict([3, 1, 2], smaller))).toEqual([]);
    expect(topK([], 2, strict([], smaller))).toEqual([]);
  });
});

describe('topKInRange', () => {
  it('keeps the k best of from..to-1 that pass the test, the worst at the root', () => {
    const seen: number[] = [];
    const even = (x: number): boolean => {
      seen.push(x);
      return x % 2 === 0;
    };
    // 1..9: the even ones are 2, 4, 6, 8; the two largest are 6 and 8 (10 is past the end).
    const kept = topKInRange(1, 10, 2, even, strict(range(1, 9), larger));
    expect(ascending(kept)).toEqual([6, 8]);
    expect(kept[0]).toBe(6);
    expect(seen).toEqual(range(1, 9));
  });

  it('keeps nothing for an empty range or k of 0 or less', () => {
    const all = (): boolean => true;
    expect(topKInRange(3, 3, 2, all, strict([], smaller))).toEqual([]);
    expect(topKInRange(0, 5, 0, all, strict(range(0, 4), smaller))).toEqual([]);
    expect(topKInRange(0, 5, -2, all, strict(range(0, 4), smaller))).toEqual([]);
  });

  it('finds the 5 smallest multiples of 3 between 10 and 60', () => {
    const kept = topKInRange(10, 61, 5, (x) => x % 3 === 0, strict(range(10, 60), smaller));
    expect(ascending(kept)).toEqual([12, 15, 18, 21, 24]);
  });
});

describe('firstK', () => {
  it('returns the k first in order, from few items (sorted whole) or many (a heap first)', () => {
    expect(firstK([5, 3, 9, 1, 7], 2, strict([5, 3, 9, 1, 7], smaller))).toEqual([1, 3]);
    expect(firstK([5, 3, 9, 1, 7], 2, strict([5, 3, 9, 1, 7], larger))).toEqual([9, 7]);
    for (const items of ORDERS) {
      expect(firstK(items, 3, strict(items, smaller))).toEqual([1, 2, 3]);
      expect(firstK(items, 9, strict(items, larger))).toEqual(range(32, 40).reverse());
    }
  });

  it('returns all items in order when k is at least their number', () => {
    expect(firstK([5, 3, 9, 1, 7], 5, smaller)).toEqual([1, 3, 5, 7, 9]);
    expect(firstK([5, 3, 9, 1, 7], 10, larger)).toEqual([9, 7, 5, 3, 1]);
    expect(firstK(Uint32Array.of(2, 1, 2), 3, smaller)).toEqual([1, 2, 2]);
  });

  it('returns nothing for k of 0', () => {
    expect(firstK([5, 3, 9], 0, smaller)).toEqual([]);
  });
});
