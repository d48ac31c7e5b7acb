import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectSync, regroup, type GroupLookup, type GroupRow } from '../../src/store/duplicate-groups.js';

const NOW = 1_000;

/**
 * The grouping rule written plainly: in stored order (cursor, then key), a live posting goes to the
 * earliest served posting of another source that shares its place key or its url key, or is served
 * itself; an expired one goes to nothing.
 */
function plainGroups(rows: readonly GroupRow[], now: number): Map<string, GroupRow | null> {
  const ordered = [...rows].sort((a, b) => a.storedSeq - b.storedSeq || (a.key < b.key ? -1 : 1));
  const served: GroupRow[] = [];
  const headOf = new Map<string, GroupRow | null>();
  for (const row of ordered) {
    const live = row.validThrough === null || row.validThrough >= now;
    const head = live
      ? served.find(
          (h) =>
            h.source !== row.source &&
            ((row.place !== null && h.place === row.place) || (row.url !== null && h.url === row.url)),
        )
      : undefined;
    if (live && head === undefined) served.push(row);
    headOf.set(row.key, head ?? null);
  }
  return headOf;
}

const rowsArb = fc
  .array(
    fc.record({
      source: fc.constantFrom('a', 'b', 'c'),
      storedSeq: fc.integer({ min: 1, max: 4 }),
      validThrough: fc.constantFrom(null, NOW - 1, NOW, NOW + 1, NOW + 50),
      place: fc.constantFrom(null, 'acme|seo|berlin', 'acme|seo|hamburg'),
      url: fc.constantFrom(null, 'jobs.example.com/1', 'jobs.example.com/2'),
      stored: fc.nat(20),
      storedValid: fc.constantFrom(null, NOW - 1, NOW + 1, NOW + 50),
    }),
    { maxLength: 14 },
  )
  .map((drawn) =>
    drawn.map((d, i): GroupRow => ({
      key: `${d.source}:id::${i}`,
      source: d.source,
      storedSeq: d.storedSeq,
      validThrough: d.validThrough,
      place: d.place,
      url: d.url,
      // What is stored now: any other row's key or none, with any head validity.
      duplicateOf: d.stored < drawn.length && d.stored !== i ? `${drawn[d.stored]!.source}:id::${d.stored}` : null,
      headValidThrough: d.storedValid,
    })),
  );

describe('regroup', () => {
  it('gives exactly the rows whose head or head validity differs from the plain rule, in stored order', () => {
    fc.assert(
      fc.property(rowsArb, (rows) => {
        const heads = plainGroups(rows, NOW);
        const expected = [...rows]
          .sort((a, b) => a.storedSeq - b.storedSeq || (a.key < b.key ? -1 : 1))
          .flatMap((row) => {
            const head = heads.get(row.key) ?? null;
            const duplicateOf = head?.key ?? null;
            const headValidThrough = head?.validThrough ?? null;
            if (duplicateOf === row.duplicateOf && headValidThrough === row.headValidThrough) return [];
            return [{ key: row.key, duplicateOf, headValidThrough, moved: duplicateOf !== row.duplicateOf }];
          });
        expect(regroup(rows, NOW)).toStrictEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps postings without a place key or url apart: a missing key matches nothing', () => {
    const row = (key: string, source: string, place: string | null, url: string | null): GroupRow => ({
      key,
      source,
      storedSeq: 1,
      validThrough: null,
      place,
      url,
      duplicateOf: null,
      headValidThrough: null,
    });
    expect(regroup([row('a:1', 'a', null, 'u1'), row('b:1', 'b', null, 'u2')], NOW)).toEqual([]);
    expect(regroup([row('a:1', 'a', 'p1', null), row('b:1', 'b', 'p2', null)], NOW)).toEqual([]);
  });

  it('gives the head validity with the head, and moves only a row whose head changes', () => {
    const row = (key: string, source: string, storedSeq: number, more: Partial<GroupRow> = {}): GroupRow => ({
      key,
      source,
      storedSeq,
      validThrough: null,
      place: 'p',
      url: null,
      duplicateOf: null,
      headValidThrough: null,
      ...more,
    });
    const head = row('a:1', 'a', 1, { validThrough: NOW + 5 });
    // Attached to a:1 already, with the head's old validity: only the validity is rewritten.
    const copy = row('b:1', 'b', 2, { duplicateOf: 'a:1', headValidThrough: NOW + 1 });
    expect(regroup([copy, head], NOW)).toEqual([
      { key: 'b:1', duplicateOf: 'a:1', headValidThrough: NOW + 5, moved: false },
    ]);
  });
});

describe('collectSync', () => {
  const table: GroupRow[] = [
    ['a:1', 'p1', 'u1'],
    ['b:1', 'p1', null],
    ['b:2', 'p2', 'u1'],
    ['c:1', 'p3', 'u3'],
    ['c:2', null, 'u3'],
    ['d:1', null, null],
  ].map(([key, place, url]) => ({
    key: key!,
    source: key!.slice(0, 1),
    storedSeq: 1,
    validThrough: null,
    place: place ?? null,
    url: url ?? null,
    duplicateOf: null,
    headValidThrough: null,
  }));

  function collect(seeds: { place: string | null; url: string | null }[]): { keys: string[]; lookups: GroupLookup[] } {
    const lookups: GroupLookup[] = [];
    const rows = collectSync(seeds, (lookup) => {
      lookups.push({ places: [...lookup.places], urls: [...lookup.urls] });
      return table.filter(
        (r) => (r.place !== null && lookup.places.includes(r.place)) || (r.url !== null && lookup.urls.includes(r.url)),
      );
    });
    return { keys: rows.map((r) => r.key).sort(), lookups };
  }

  it('gives every row linked to the seeds through shared keys, and no other', () => {
    expect(collect([{ place: 'p2', url: null }]).keys).toEqual(['a:1', 'b:1', 'b:2']);
    expect(collect([{ place: null, url: 'u3' }]).keys).toEqual(['c:1', 'c:2']);
    expect(collect([{ place: 'p9', url: 'u9' }]).keys).toEqual([]);
    expect(collect([]).keys).toEqual([]);
  });

  it('looks each key up once, never a missing one', () => {
    const { lookups } = collect([
      { place: 'p2', url: null },
      { place: 'p2', url: 'u1' },
    ]);
    expect(lookups).toEqual([
      { places: ['p2'], urls: ['u1'] },
      { places: ['p1'], urls: [] },
    ]);
    const all = lookups.flatMap((l) => [...l.places, ...l.urls]);
    expect(new Set(all).size).toBe(all.length);
  });
});
