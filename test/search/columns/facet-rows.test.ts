import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildFacetRows, countRows, countRowsPlainly, INLINE_VALUES } from '../../../src/search/columns/facet-rows.js';

/**
 * Columns (one code per document), lists (CSR) and three subsets of documents counted one after the
 * other, the last of at most three documents. A list facet is either shared (each document takes one
 * of up to 12 lists: kept as combinations, the subsets on either side of a quarter and a half of
 * them) or random (lists of their own, some longer than a row holds: kept inline).
 */
const listArb = (n: number) =>
  fc.record({
    size: fc.constantFrom(7, 0x20000),
    lists: fc.oneof(
      fc
        .array(fc.array(fc.nat(), { maxLength: INLINE_VALUES + 3 }), { minLength: 1, maxLength: 12 })
        .chain((shared) => fc.array(fc.constantFrom(...shared), { minLength: n, maxLength: n })),
      fc.array(fc.array(fc.nat(), { maxLength: INLINE_VALUES + 3 }), { minLength: n, maxLength: n }),
    ),
  });

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
    lists: fc.array(listArb(n), { maxLength: 3 }),
    picks: fc.array(fc.array(fc.boolean(), { minLength: n, maxLength: n }), { minLength: 2, maxLength: 2 }),
    // A few documents: under a quarter of a list's combinations, counted by their values directly.
    few: fc.uniqueArray(fc.nat({ max: n - 1 }), { maxLength: 3 }),
  }),
);

const same = (a: Uint32Array, b: Uint32Array): boolean =>
  Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

describe('facet rows', () => {
  it('count every field and list of a set of documents as a plain count over the columns and lists does', () => {
    const kinds = new Set<string>();
    fc.assert(
      fc.property(caseArb, ({ n, columns, lists, picks, few }) => {
        const cols = columns.map((c, i) => ({ name: `c${i}`, col: Uint32Array.from(c.codes), size: c.size }));
        const csr = lists.map((l, i) => {
          const offsets = new Uint32Array(n + 1);
          const values: number[] = [];
          l.lists.forEach((list, d) => {
            // Spread over the code range (above 65535 too when the facet has that many values).
            for (const x of list) values.push((x * 9_973) % l.size);
            offsets[d + 1] = values.length;
          });
          return { name: `l${i}`, offsets, values: Uint32Array.from(values), size: l.size };
        });
        const rows = buildFacetRows(n, cols, csr);
        for (const l of rows.lists.values()) kinds.add(l.kind);
        // Twice on the same rows: a count must leave nothing behind for the next one.
        const sets = [...picks.map((pick) => pick.flatMap((p, d) => (p ? [d] : []))), [...few].sort((a, b) => a - b)];
        for (const set of sets) {
          const ids = Uint32Array.from(set);
          // As the engine passes them: a reused buffer, with other documents after `length`.
          const buffer = Uint32Array.from([...ids, ...Array.from({ length: n }, (_, d) => d)]);
          const wanted = [...cols, ...csr].map((x) => ({ name: x.name, counts: new Uint32Array(x.size) }));
          countRows(rows, wanted, buffer, ids.length);
          const plain = [...cols, ...csr].map((x) => ({ name: x.name, counts: new Uint32Array(x.size) }));
          countRowsPlainly(rows, plain, buffer, ids.length);
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
        }
      }),
      { numRuns: 100 },
    );
    // Both ways of keeping a list were counted.
    expect([...kinds].sort()).toEqual(['combinations', 'inline']);
  });

  it('count a subset of the fields, and only those', () => {
    const rows = buildFacetRows(3, [{ name: 'a', col: Uint32Array.of(1, 2, 1), size: 3 }], []);
    const counts = new Uint32Array(3);
    countRows(rows, [{ name: 'a', counts }], Uint32Array.of(0, 2), 2);
    expect([...counts]).toEqual([0, 2, 0]);
    countRows(rows, [{ name: 'a', counts }], Uint32Array.of(0, 1, 2), 1);
    expect([...counts]).toEqual([0, 3, 0]);
  });

  it('ignore names the rows do not hold, in both counters', () => {
    const rows = buildFacetRows(2, [{ name: 'a', col: Uint32Array.of(1, 2), size: 3 }], []);
    for (const count of [countRows, countRowsPlainly]) {
      const a = new Uint32Array(3);
      const other = new Uint32Array(3);
      count(
        rows,
        [
          { name: 'other', counts: other },
          { name: 'a', counts: a },
        ],
        Uint32Array.of(0, 1),
        2,
      );
      expect([[...a], [...other]]).toEqual([
        [0, 1, 1],
        [0, 0, 0],
      ]);
    }
  });

  it('tell apart lists and field sets whose parts run together when written out', () => {
    // [1, 23], [12, 3] and [123] over 12 documents: three combinations, never one for two lists.
    const lists = [[1, 23], [12, 3], [123]];
    const per = Array.from({ length: 12 }, (_, d) => lists[d % 3]!);
    const offsets = Uint32Array.from([0, ...per.map((_, d) => per.slice(0, d + 1).flat().length)]);
    const values = Uint32Array.from(per.flat());
    const rows = buildFacetRows(
      12,
      [
        { name: 'a', col: new Uint32Array(12).fill(1), size: 2 },
        { name: 'bc', col: new Uint32Array(12).fill(1), size: 2 },
        { name: 'ab', col: new Uint32Array(12), size: 2 },
        { name: 'c', col: new Uint32Array(12), size: 2 },
      ],
      [{ name: 'l', offsets, values, size: 124 }],
    );
    expect(rows.lists.get('l')!.kind).toBe('combinations');
    const counts = new Uint32Array(124);
    countRows(rows, [{ name: 'l', counts }], Uint32Array.of(0, 1, 2), 3);
    expect([counts[1], counts[23], counts[12], counts[3], counts[123]]).toEqual([1, 1, 1, 1, 1]);
    // The fields a + bc, then ab + c: each set of names gets a counter of its own.
    const countFirst = (names: readonly string[]): Uint32Array[] => {
      const counters = names.map(() => new Uint32Array(2));
      countRows(
        rows,
        names.map((name, i) => ({ name, counts: counters[i]! })),
        Uint32Array.of(0),
        1,
      );
      return counters;
    };
    const ones = countFirst(['a', 'bc']);
    const zeros = countFirst(['ab', 'c']);
    expect([...ones, ...zeros].map((c) => [...c])).toEqual([
      [0, 1],
      [0, 1],
      [1, 0],
      [1, 0],
    ]);
  });

  it('count a list of more combinations than one 16-bit field holds, over few and over many documents', () => {
    // 280,000 documents sharing 70,000 lists (so kept as combinations): the code takes two fields.
    const n = 280_000;
    const offsets = Uint32Array.from({ length: n + 1 }, (_, d) => 2 * d);
    const values = new Uint32Array(2 * n);
    for (let d = 0; d < n; d++) {
      const list = d % 70_000;
      values[2 * d] = list % 50_000;
      values[2 * d + 1] = 50_000 + Number(list >= 50_000);
    }
    const rows = buildFacetRows(n, [], [{ name: 'place', offsets, values, size: 50_002 }]);
    expect([rows.lists.get('place')!.kind, rows.width]).toEqual(['combinations', 2]);
    // Each way of counting the combinations: by their values in the pass (a set under a quarter of
    // the combinations), spread through the trie's counted nodes (under half), through every node.
    for (const ids of [
      Uint32Array.of(3, 65_537, 69_999, 275_000),
      Uint32Array.from({ length: 20_000 }, (_, i) => 13 * i),
      Uint32Array.from({ length: 40_000 }, (_, i) => 3 * i),
    ]) {
      const counts = new Uint32Array(50_002);
      countRows(rows, [{ name: 'place', counts }], ids, ids.length);
      const expected = new Uint32Array(50_002);
      for (const d of ids) for (let j = offsets[d]!; j < offsets[d + 1]!; j++) expected[values[j]!]!++;
      expect(same(counts, expected)).toBe(true);
    }
  });

  it('keep combinations as a trie: each ends at a node whose path holds its values, frequent values shared first', () => {
    // 400 documents, 40 place lists of a city (one of 40), its region (one of 4) and the country.
    const n = 400;
    const offsets = Uint32Array.from({ length: n + 1 }, (_, d) => 3 * d);
    const values = new Uint32Array(3 * n);
    for (let d = 0; d < n; d++) values.set([d % 40, 40 + ((d % 40) % 4), 44], 3 * d);
    const list = buildFacetRows(n, [], [{ name: 'place', offsets, values, size: 45 }]).lists.get('place')!;
    if (list.kind !== 'combinations') throw new Error('expected combinations');
    const { parent, value, end } = list.trie;
    const path = (node: number): number[] => (node === 0 ? [] : [...path(parent[node]!), value[node]!]);
    for (let c = 0; c < end.length; c++) {
      const own = [...list.values.subarray(list.offsets[c], list.offsets[c + 1])];
      expect(
        path(end[c]!).sort((a, b) => a - b),
        `combination ${c}`,
      ).toEqual(own.sort((a, b) => a - b));
    }
    for (let t = 1; t < parent.length; t++) expect(parent[t]).toBeLessThan(t);
    // The country once, 4 regions under it, 40 cities under those: 45 nodes and the root, not 120.
    expect(parent.length).toBe(46);
    expect(value[1]).toBe(44);
  });
});
