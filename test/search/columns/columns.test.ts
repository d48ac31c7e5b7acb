import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildColumn, buildMultiColumn, type Dictionary } from '../../../src/search/columns/columns.js';
import { toIds } from '../../../src/search/postings/doc-set.js';

/**
 * The facet columns against a plain model: codes 1.. in order of first sight, each code's
 * documents ascending (a bitset when more than n / ratio of them have it), labels asked once per
 * value with the first document it was seen in, and a label order by German collation, then value.
 */
const KEYS = ['berlin', 'köln', 'koeln', 'zürich', 'aachen', 'Österreich', 'ulm', 'b', 'a'];
/** Labels shared by several values, so that the label order must fall back to the value. */
const LABEL: Record<string, string> = {
  berlin: 'Berlin',
  köln: 'Köln',
  koeln: 'Köln',
  zürich: 'Zürich',
  aachen: 'Aachen',
  Österreich: 'Österreich',
  ulm: 'ulm',
  b: 'Ulm',
  a: 'Berlin',
};
const collator = new Intl.Collator('de');
const RATIOS = [1, 2, 4, 32, 10_000];

// Up to about three STEP_ITEMS ranges of documents, so that every pass crosses range ends.
const sizeArb = fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1_000, max: 3_200 }));
/** One item per document, for documents of every size above. */
const perDocument = <T>(item: fc.Arbitrary<T>) => sizeArb.chain((n) => fc.array(item, { minLength: n, maxLength: n }));

/** A `labelOf` that notes every value it is asked for, with the document given. */
function noting(): { asked: [string, number][]; labelOf: (value: string, first: number) => string } {
  const asked: [string, number][] = [];
  return {
    asked,
    labelOf: (value, first) => {
      asked.push([value, first]);
      return LABEL[value]!;
    },
  };
}

interface Model {
  values: string[];
  firstDocs: number[];
  docsOf: number[][];
}

function model(perDoc: readonly (readonly string[])[]): Model {
  const values = [''];
  const firstDocs = [0];
  const docsOf: number[][] = [[]];
  perDoc.forEach((keys, d) => {
    for (const key of keys) {
      let code = values.indexOf(key);
      if (code < 0) {
        code = values.length;
        values.push(key);
        firstDocs.push(d);
        docsOf.push([]);
      }
      if (docsOf[code]!.at(-1) !== d) docsOf[code]!.push(d);
    }
  });
  return { values, firstDocs, docsOf };
}

function labelOrder(values: readonly string[], labels: readonly string[]): number[] {
  const codes = values.map((_, c) => c).slice(1);
  codes.sort((a, b) => collator.compare(labels[a]!, labels[b]!) || (values[a]! < values[b]! ? -1 : 1));
  const rank = values.map(() => 0);
  codes.forEach((c, i) => (rank[c] = i));
  return rank;
}

function expectDictionary(dict: Dictionary, m: Model, n: number, ratio: number, labelled: boolean): void {
  expect(dict.values).toEqual(m.values);
  expect([...dict.codes]).toEqual(m.values.slice(1).map((v, i) => [v, i + 1]));
  expect(dict.postings.length).toBe(m.values.length);
  expect(dict.postings[0]!.size).toBe(0);
  m.docsOf.forEach((docs, code) => {
    const set = dict.postings[code]!;
    expect([...toIds(set, n)], `code ${code}`).toEqual(docs);
    expect(set.size).toBe(docs.length);
    if (code > 0)
      expect(set.kind, `code ${code}: ${docs.length} of ${n}`).toBe(docs.length * ratio > n ? 'bits' : 'list');
  });
  if (labelled) {
    expect(dict.labels).toEqual(m.values.map((v, c) => (c === 0 ? '' : `${LABEL[v]}`)));
    expect([...dict.labelRank]).toEqual(labelOrder(m.values, dict.labels));
  } else {
    expect(dict.labels).toEqual(m.values);
    expect(dict.labelRank.length).toBe(0);
  }
}

describe('facet columns', () => {
  it('a single-valued column: codes, postings, labels and label order as the plain model has them', () => {
    fc.assert(
      fc.property(
        perDocument(fc.option(fc.constantFrom(...KEYS), { freq: 3 })),
        fc.constantFrom(...RATIOS),
        (keys, ratio) => {
          const n = keys.length;
          const { asked, labelOf } = noting();
          const column = buildColumn(n, (d) => keys[d]!, labelOf, ratio);
          const m = model(keys.map((k) => (k === null ? [] : [k])));
          expectDictionary(column, m, n, ratio, true);
          expect([...column.col]).toEqual(keys.map((k) => (k === null ? 0 : m.values.indexOf(k))));
          expect(asked).toEqual(m.values.slice(1).map((v, i) => [v, m.firstDocs[i + 1]]));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a multi-valued column: each document its distinct codes in order of first mention, as the plain model has them', () => {
    fc.assert(
      fc.property(
        perDocument(fc.array(fc.constantFrom(...KEYS), { maxLength: 6 })),
        fc.constantFrom(...RATIOS),
        fc.boolean(),
        (perDoc, ratio, labelled) => {
          const n = perDoc.length;
          const { asked, labelOf } = noting();
          const column = buildMultiColumn(
            n,
            (d, emit) => {
              perDoc[d]!.forEach(emit);
            },
            labelled ? labelOf : null,
            ratio,
          );
          const m = model(perDoc);
          expectDictionary(column, m, n, ratio, labelled);
          const lists = perDoc.map((keys) => [...new Set(keys)].map((k) => m.values.indexOf(k)));
          expect(column.offsets.length).toBe(n + 1);
          expect(column.ids.length).toBe(lists.flat().length);
          lists.forEach((codes, d) => {
            expect([...column.ids.subarray(column.offsets[d], column.offsets[d + 1])], `document ${d}`).toEqual(codes);
          });
          expect(asked).toEqual(labelled ? m.values.slice(1).map((v, i) => [v, m.firstDocs[i + 1]]) : []);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a multi-valued column grows past its first guess of one code per document', () => {
    // 20 documents of 9 codes each: 180 codes, where the first buffer holds max(16, n) = 20.
    const column = buildMultiColumn(
      20,
      (_, emit) => {
        KEYS.forEach(emit);
      },
      null,
    );
    expect(column.ids.length).toBe(180);
    expect([...column.ids.subarray(171)]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(column.offsets[20]).toBe(180);
  });
});
