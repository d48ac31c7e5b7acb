import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildFacetRows, countRows, countRowsPlainly, INLINE_VALUES } from '../../src/search/facet-rows.js';

/** Columns (one code per document), lists (CSR, some longer than a row holds), and a subset of documents. */
const caseArb = fc.integer({ min: 1, max: 60 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    columns: fc.array(
      fc.integer({ min: 1, max: 3 }).chain((kind) => {
        // Sizes on both sides of one 16-bit field.
        const size = kind === 1 ? 5 : kind === 2 ? 0x10000 : 0x10003;
        return fc.record({
          size: fc.constant(size),
          codes: fc.array(fc.integer({ min: 0, max: size - 1 }), { minLength: n, maxLength: n }),
        });
      }),
      { maxLength: 4 },
    ),
    lists: fc.array(
      fc.record({
        size: fc.constantFrom(7, 0x10000 + 5),
        lengths: fc.array(fc.integer({ min: 0, max: INLINE_VALUES + 3 }), { minLength: n, maxLength: n }),
        seed: fc.nat(),
      }),
      { maxLength: 3 },
    ),
    pick: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
  }),
);

const same = (a: Uint32Array, b: Uint32Array): boolean =>
  Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

describe('facet rows', () => {
  it('count every field and list of a set of documents as a plain count over the columns and lists does', () => {
    fc.assert(
      fc.property(caseArb, ({ n, columns, lists, pick }) => {
        const cols = columns.map((c, i) => ({ name: `c${i}`, col: Uint32Array.from(c.codes), size: c.size }));
        const csr = lists.map((l, i) => {
          const offsets = new Uint32Array(n + 1);
          const values: number[] = [];
          l.lengths.forEach((len, d) => {
            for (let j = 0; j < len; j++) values.push((l.seed + d * 31 + j * 7) % l.size);
            offsets[d + 1] = values.length;
          });
          return { name: `l${i}`, offsets, values: Uint32Array.from(values), size: l.size };
        });
        const rows = buildFacetRows(n, cols, csr);
        const ids = Uint32Array.from(pick.flatMap((p, d) => (p ? [d] : [])));
        const wanted = [...cols, ...csr].map((x) => ({ name: x.name, counts: new Uint32Array(x.size) }));
        countRows(rows, wanted, ids, ids.length);
        const plain = [...cols, ...csr].map((x) => ({ name: x.name, counts: new Uint32Array(x.size) }));
        countRowsPlainly(rows, plain, ids, ids.length);
        // The naive count, straight from the columns and lists.
        for (const [k, c] of cols.entries()) {
          const expected = new Map<number, number>();
          for (const d of ids) expected.set(c.col[d]!, (expected.get(c.col[d]!) ?? 0) + 1);
          for (const [code, count] of expected) expect(wanted[k]!.counts[code]).toBe(count);
          expect(wanted[k]!.counts.reduce((a, b) => a + b, 0)).toBe(ids.length);
        }
        for (const [k, l] of csr.entries()) {
          const got = wanted[cols.length + k]!.counts;
          const expected = new Uint32Array(l.size);
          for (const d of ids) for (let j = l.offsets[d]!; j < l.offsets[d + 1]!; j++) expected[l.values[j]!]!++;
          expect(same(got, expected)).toBe(true);
        }
        wanted.forEach((w, i) => {
          expect(same(w.counts, plain[i]!.counts)).toBe(true);
        });
      }),
      { numRuns: 100 },
    );
  });

  it('count a subset of the fields, and only those', () => {
    const rows = buildFacetRows(3, [{ name: 'a', col: Uint32Array.of(1, 2, 1), size: 3 }], []);
    const counts = new Uint32Array(3);
    countRows(rows, [{ name: 'a', counts }], Uint32Array.of(0, 2), 2);
    expect([...counts]).toEqual([0, 2, 0]);
    countRows(rows, [{ name: 'a', counts }], Uint32Array.of(0, 1, 2), 1);
    expect([...counts]).toEqual([0, 3, 0]);
  });
});
