import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPacks, MAX_PACK_SIZE, unpackCounts, type PackInput } from '../../../src/search/columns/facet-pack.js';

const column = (key: string, size: number, n = 4): PackInput<string> => ({
  key,
  col: Uint32Array.from({ length: n }, (_, d) => d % size),
  size,
});
const keysOf = (packs: ReturnType<typeof buildPacks<string>>): string[][] => packs.map((p) => [...p.pack.keys]);

describe('packing facets (worked out by hand)', () => {
  it('packs the smallest first while the product of sizes stays within the limit, and leaves out lone and large facets', () => {
    const inputs = [
      column('a', 4),
      column('b', 3),
      column('c', 2048),
      column('d', 2049),
      column('e', 100),
      column('f', 2),
    ];
    // Sorted f 2, b 3, a 4, e 100 (2,400 combinations); c 2048 would make 4.9 million: a pack of its own,
    // which is one facet, so none; d is over half the limit.
    const packs = buildPacks(4, inputs);
    expect(keysOf(packs)).toEqual([['f', 'b', 'a', 'e']]);
    expect(packs[0]!.pack).toEqual({
      keys: ['f', 'b', 'a', 'e'],
      sizes: [2, 3, 4, 100],
      strides: [1, 2, 6, 24],
      size: 2400,
    });
  });

  it('allows a product of exactly the limit, and a facet of exactly half of it', () => {
    expect(MAX_PACK_SIZE).toBe(4096);
    expect(keysOf(buildPacks(4, [column('x', 64), column('y', 64)]))).toEqual([['x', 'y']]);
    expect(keysOf(buildPacks(4, [column('x', 64), column('y', 65)]))).toEqual([]);
    expect(keysOf(buildPacks(4, [column('x', 2048), column('y', 2)]))).toEqual([['y', 'x']]);
    expect(keysOf(buildPacks(4, [column('x', 2049), column('y', 2)]))).toEqual([]);
    // Over half the limit, a facet could share a pack only with facets of one value: left out.
    expect(keysOf(buildPacks(4, [column('one', 1), column('big', 3000)]))).toEqual([]);
    expect(keysOf(buildPacks(4, [column('one', 1), column('big', 5000)]))).toEqual([]);
  });

  it('starts a new pack when the next facet does not fit, and keeps packing after it', () => {
    // 16 × 16 × 16 = 4,096 fills the first pack; the next two 16s make a second.
    const inputs = ['p', 'q', 'r', 's', 't'].map((k) => column(k, 16));
    const packs = buildPacks(4, inputs);
    expect(keysOf(packs)).toEqual([
      ['p', 'q', 'r'],
      ['s', 't'],
    ]);
    expect(packs.map((p) => p.pack.size)).toEqual([4096, 256]);
    expect(packs[1]!.pack.strides).toEqual([1, 16]);
    expect(keysOf(buildPacks(4, []))).toEqual([]);
  });
});

/** Facets of 1 to 12 values over n documents, and a subset of the documents to count. */
const corpus = fc.integer({ min: 0, max: 80 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    facets: fc.array(
      fc
        .integer({ min: 1, max: 12 })
        .chain((size) =>
          fc.array(fc.nat(size - 1), { minLength: n, maxLength: n }).map((values) => ({ size, values })),
        ),
      { minLength: 2, maxLength: 5 },
    ),
    counted: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
    wanted: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
  }),
);

describe('packed codes and their counts', () => {
  it('give each facet its own counts over any set of documents, as a count by hand does', () => {
    fc.assert(
      fc.property(corpus, ({ n, facets, counted, wanted }) => {
        const inputs = facets.map((f, i) => ({ key: i, col: Uint32Array.from(f.values), size: f.size }));
        const packs = buildPacks(n, inputs);
        // At most 12^3 < 4,096 for three facets: every facet is in one pack when there are at most three.
        if (facets.length <= 3) expect(packs.map((p) => p.pack.keys.length)).toEqual([facets.length]);
        for (const { pack, codes } of packs) {
          const combos = new Uint32Array(pack.size);
          for (let d = 0; d < n; d++) if (counted[d]) combos[codes[d]!]!++;
          const allocated: [number, number][] = [];
          const counts = unpackCounts(
            pack,
            combos,
            (key) => wanted[key]!,
            (key, size) => (allocated.push([key, size]), new Uint32Array(size)),
          );
          expect(allocated).toEqual(pack.keys.filter((k) => wanted[k]).map((k) => [k, facets[k]!.size]));
          pack.keys.forEach((key, f) => {
            const byHand = new Array<number>(facets[key]!.size).fill(0);
            for (let d = 0; d < n; d++) if (counted[d]) byHand[facets[key]!.values[d]!]!++;
            const got = counts[f] ?? null;
            expect([key, got === null ? null : Array.from(got)]).toEqual([key, wanted[key] ? byHand : null]);
          });
        }
      }),
      { numRuns: 300 },
    );
  });
});
