import { describe, expect, it } from 'vitest';
import { operation, Scratch } from '../../../src/search/postings/scratch.js';

const N = 100;
const filled = (words: Uint32Array): Uint32Array => words.fill(0xffffffff);

describe('Scratch bitsets', () => {
  it('lends zeroed bitsets of n bits that the next operation reuses, zeroed again', () => {
    const s = new Scratch(N);
    const first = operation(() => filled(s.lendBits()));
    expect(first.length).toBe(4);
    const again = operation(() => s.lendBits());
    expect(again).toBe(first);
    expect([...again]).toEqual([0, 0, 0, 0]);
  });

  it('gives distinct bitsets within one operation, nested ones included, until the outermost ends', () => {
    const s = new Scratch(N);
    const lent = operation(() => {
      const a = s.lendBits();
      const inner = operation(() => s.lendBits());
      const b = s.lendBits();
      expect(new Set([a, inner, b]).size).toBe(3);
      return [a, inner, b];
    });
    const next = operation(() => [s.lendBits(), s.lendBits(), s.lendBits()]);
    expect(new Set([...lent, ...next]).size).toBe(3);
  });

  it('lends nothing outside an operation: each bitset is new and never handed out again', () => {
    const s = new Scratch(N);
    const outside = filled(s.lendBits());
    const inside = operation(() => s.lendBits());
    expect(inside).not.toBe(outside);
    expect(operation(() => [s.lendBits(), s.lendBits()])).not.toContain(outside);
    expect([...outside]).toEqual([0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff]);
  });

  it('reuses a retired bitset only once the operation that retired it has ended', () => {
    const s = new Scratch(N);
    const kept = s.takeBits();
    operation(() => {
      s.retireBits(kept);
      expect(s.lendBits()).not.toBe(kept);
    });
    expect(operation(() => [s.lendBits(), s.lendBits()])).toContain(kept);
  });

  it('leaves a bitset retired outside an operation to the collector, and takes back a released one at once', () => {
    const s = new Scratch(N);
    const held = s.takeBits();
    s.retireBits(held);
    expect(operation(() => s.lendBits())).not.toBe(held);
    expect(operation(() => [s.lendBits(), s.lendBits()])).not.toContain(held);
    const done = filled(s.takeBits());
    s.releaseBits(done);
    const next = s.takeBits();
    expect(next).toBe(done);
    expect([...next]).toEqual([0, 0, 0, 0]);
  });

  it("ignores a bitset of another size (another index's), released or retired", () => {
    const s = new Scratch(N);
    const other = new Scratch(10 * N).takeBits();
    s.releaseBits(other);
    expect(s.takeBits()).not.toBe(other);
    operation(() => {
      s.retireBits(other);
    });
    expect(operation(() => [s.lendBits(), s.lendBits()])).not.toContain(other);
  });

  it('keeps at most 32 bitsets for reuse', () => {
    const s = new Scratch(N);
    const given = Array.from({ length: 40 }, () => s.takeBits());
    for (const words of given) s.releaseBits(words);
    const again = Array.from({ length: 40 }, () => s.takeBits());
    expect(again.filter((words) => given.includes(words))).toHaveLength(32);
  });
});

describe('Scratch counters', () => {
  it('gives zeroed counters of the asked size, the same buffer again for the same key and size', () => {
    const s = new Scratch(N);
    const first = s.counts('skills', 3).fill(7);
    const again = s.counts('skills', 3);
    expect(again).toBe(first);
    expect([...again]).toEqual([0, 0, 0]);
    expect(s.counts('skills', 5)).toHaveLength(5);
    expect(s.counts('skills', 2)).toHaveLength(2);
  });
});
