import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ForwardList } from '../../../src/search/text/forward-list.js';

/** Term numbers at the edges of one, two, three, four and five bytes, and the largest allowed. */
const EDGES = [0, 1, 63, 64, 127, 128, 8_191, 8_192, 16_383, 16_384, 2 ** 20 - 1, 2 ** 20, 2 ** 27, 2 ** 31 - 1];
const term = fc.oneof(fc.constantFrom(...EDGES), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.nat(300));
const count = fc.oneof(fc.constant(1), fc.constantFrom(2, 127, 128, 255), fc.integer({ min: 1, max: 255 }));
const documents = fc.array(fc.array(fc.tuple(term, count), { maxLength: 12 }), { maxLength: 30 });

function termsOf(list: ForwardList, doc: number): [number, number][] {
  const out: [number, number][] = [];
  list.forEachTerm(doc, (t, c) => out.push([t, c]));
  return out;
}

describe('ForwardList', () => {
  it('gives back each document its terms and counts as added, documents read in any order', () => {
    fc.assert(
      fc.property(
        documents.chain((docs) =>
          fc.tuple(fc.constant(docs), fc.shuffledSubarray([...docs.keys()], { minLength: docs.length })),
        ),
        ([docs, order]) => {
          const list = new ForwardList();
          for (const doc of docs) {
            for (const [t, c] of doc) list.add(t, c);
            list.endDocument();
          }
          expect(list.documents).toBe(docs.length);
          for (const d of order) expect(termsOf(list, d)).toEqual(docs[d]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('packs a small term counted once in a byte, and a count over 1 in one more', () => {
    const list = new ForwardList();
    list.add(63, 1);
    list.endDocument();
    expect(list.byteLength).toBe(1);
    list.add(63, 2);
    list.endDocument();
    expect(list.byteLength).toBe(3);
    // 64 * 2 is past seven bits: two bytes.
    list.add(64, 1);
    list.endDocument();
    expect(list.byteLength).toBe(5);
    expect([0, 1, 2].map((d) => termsOf(list, d))).toEqual([[[63, 1]], [[63, 2]], [[64, 1]]]);
  });

  it('lets its documents go when cleared', () => {
    const list = new ForwardList();
    list.add(5, 1);
    list.endDocument();
    list.clear();
    expect(list.documents).toBe(0);
    expect(list.byteLength).toBe(0);
  });
});
