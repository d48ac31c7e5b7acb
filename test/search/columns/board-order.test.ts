import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boardOrder, boardOrderSteps, compareBoardIds } from '../../../src/search/columns/board-order.js';

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

  it('sorts thousands of jobs in runs merged step by step exactly as one plain sort by the rule does', () => {
    // Ids of a few lengths (digits, some not), many repeated, so runs and merges meet equal ids.
    const id = fc.oneof(
      fc.stringMatching(/^[0-9]{1,3}$/),
      fc.stringMatching(/^[0-9]{16,17}$/),
      fc.constantFrom('1e2', 'ab', '09', '9'),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(id, fc.stringMatching(/^[a-c]{1,2}$/)), { minLength: 1100, maxLength: 3500 }),
        (pairs) => {
          const jobs = pairs.map(([boardId, key]) => card(boardId, key));
          // The rule by hand: length, then character by character (digit ids: numerically), then key.
          const naive = jobs
            .map((_, i) => i)
            .sort((a, b) => {
              const x = jobs[a]!;
              const y = jobs[b]!;
              if (x.boardId.length !== y.boardId.length) return x.boardId.length - y.boardId.length;
              if (x.boardId !== y.boardId) return x.boardId < y.boardId ? -1 : 1;
              return x.key < y.key ? -1 : x.key > y.key ? 1 : 0;
            });
          const got = Array.from(boardOrder(jobs));
          // Jobs equal by the rule (same id and key) may come in either order: compare what they are.
          expect(got.map((i) => jobs[i])).toEqual(naive.map((i) => jobs[i]));
          expect(new Set(got).size).toBe(jobs.length);
          // Stepped: more than one step, and the same order.
          const steps = boardOrderSteps(jobs);
          let yields = 0;
          let next = steps.next();
          while (next.done !== true) {
            yields++;
            next = steps.next();
          }
          expect(yields).toBeGreaterThan(0);
          expect(Array.from(next.value)).toEqual(got);
        },
      ),
      { numRuns: 15 },
    );
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
