import { describe, expect, it } from 'vitest';
import { boardOrder, compareBoardIds } from '../../src/search/board-order.js';

// Board-id order, worked out by hand: shorter ids first; ids of the same length character by
// character (for digit ids that is their numeric order); equal ids by key.

const card = (boardId: string, key: string) => ({ boardId, key });

describe('boardOrder', () => {
  it('orders by length, then character by character, then by key', () => {
    const jobs = [
      card('10', 'a'), // 0
      card('9', 'b'), // 1
      card('150', 'c'), // 2
      card('1e2', 'd'), // 3: not a number, though Number() reads it as 100
      card('09', 'e'), // 4
      card('9', 'a'), // 5: the same id as 1, an earlier key
      card('ab', 'f'), // 6
    ];
    // Length 1: "9" (key a), "9" (key b); length 2: "09" < "10" < "ab"; length 3: "150" < "1e2".
    expect(Array.from(boardOrder(jobs))).toEqual([5, 1, 4, 0, 6, 2, 3]);
  });

  it('orders digit ids numerically within a length, whatever the input order', () => {
    const ids = ['731', '108', '999', '100', '540', '101', '42', '7', '1000', '0'];
    const jobs = ids.map((id, i) => card(id, `k${i}`));
    const sorted = Array.from(boardOrder(jobs), (i) => ids[i]);
    expect(sorted).toEqual(['0', '7', '42', '100', '101', '108', '540', '731', '999', '1000']);
    expect(Array.from(boardOrder([...jobs].reverse()), (i) => [...ids].reverse()[i])).toEqual(sorted);
  });

  it('is empty for no jobs', () => {
    expect(Array.from(boardOrder([]))).toEqual([]);
  });
});

describe('compareBoardIds', () => {
  it('puts shorter ids first, then compares character by character, then keys', () => {
    expect(compareBoardIds(card('9', 'a'), card('10', 'b'))).toBeLessThan(0);
    expect(compareBoardIds(card('10', 'b'), card('9', 'a'))).toBeGreaterThan(0);
    expect(compareBoardIds(card('09', 'z'), card('10', 'a'))).toBeLessThan(0);
    expect(compareBoardIds(card('12', 'a'), card('11', 'z'))).toBeGreaterThan(0);
    expect(compareBoardIds(card('150', 'z'), card('1e2', 'a'))).toBeLessThan(0);
    expect(compareBoardIds(card('ab', 'a'), card('10', 'z'))).toBeGreaterThan(0);
    // Not digits only, though Number() reads them as 9: character by character, "1" < "9".
    expect(compareBoardIds(card('9.', 'a'), card('10', 'z'))).toBeGreaterThan(0);
    expect(compareBoardIds(card('9 ', 'a'), card('10', 'z'))).toBeGreaterThan(0);
    expect(compareBoardIds(card('10', 'a'), card('10', 'b'))).toBeLessThan(0);
    expect(compareBoardIds(card('10', 'b'), card('10', 'a'))).toBeGreaterThan(0);
    expect(compareBoardIds(card('10', 'a'), card('10', 'a'))).toBe(0);
  });
});
