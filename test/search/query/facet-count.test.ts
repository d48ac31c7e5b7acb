/**
 * How countFacets chooses to count (src/search/query/facet-count.ts). Every way is exact — the
 * property tests compare each with the naive scan, forced by the tuning — so a wrong choice
 * changes no answer, only the work: counting the set itself instead of the few documents a base
 * leaves, or a million-document pass where a popcount per value would do. These tests hold the
 * choices by what countFacets records in a trace (which way, how many documents it decoded, how
 * each facet was counted), the expected figures worked out from the sets themselves; and each
 * checks that the counts are those of counting the set directly.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../../src/domain/job.js';
import { WORK_MODELS } from '../../../src/domain/vocab.js';
import type { Engine, EngineTuning } from '../../../src/search/engine.js';
import {
  countFacets,
  countTrace,
  FACET_KEYS,
  isList,
  type Base,
  type CountTrace,
  type FacetKey,
} from '../../../src/search/query/facet-count.js';
import { newBitset, setBits } from '../../../src/search/postings/bitset.js';
import { bitsSet, type DocSet } from '../../../src/search/postings/doc-set.js';
import { job } from '../../builders.js';
import { BERLIN, HAMBURG, indexOf, MUENCHEN } from '../helpers.js';

const N = 256;
/** Sets of at least this many documents count their packed facets through the packs. */
const PACKED_FROM = 64;
const SKILLS = ['ahrefs', 'excel', 'python', 'sistrix', 'sql', 'tableau', 'looker', 'figma'];

/**
 * Document d's skills are the bits of d (256 different lists for 256 documents: too many to keep
 * as combinations, so the skill list is kept inline in the rows); its place one of three (kept as
 * combinations); its company one of five.
 */
function corpus(): Job[] {
  return Array.from({ length: N }, (_, d) =>
    job({
      key: `fc:${d}`,
      boardId: String(100_000 + d),
      company: { name: `Company ${d % 5}`, domain: null, website: null, logoUrl: null, size: '51-200' },
      workModel: WORK_MODELS[d % WORK_MODELS.length]!,
      skills: SKILLS.filter((_, j) => (d >> j) & 1).map((slug) => ({ slug, name: slug.toUpperCase() })),
      places: [[BERLIN, HAMBURG, MUENCHEN][d % 3]!],
    }),
  );
}

const range = (n: number): number[] => Array.from({ length: n }, (_, d) => d);

interface Fixture {
  readonly e: Engine;
  readonly all: Base;
}

function fixture(tuning: Partial<EngineTuning> = {}): Fixture {
  const index = indexOf(corpus(), undefined, { packedFrom: PACKED_FROM, ...tuning });
  const { engine, all } = index.leaves[0]!.segment;
  return { e: engine, all };
}

function bitsOf(e: Engine, docs: readonly number[]): Uint32Array {
  const words = newBitset(e.n);
  setBits(words, Uint32Array.from(docs));
  return words;
}

/** `docs` less its first `removed`, plus the first `added` odd documents (a base near the even documents). */
const nearTo = (docs: readonly number[], removed: number, added: number): number[] => [
  ...docs.slice(removed),
  ...range(added).map((i) => 2 * i + 1),
];

const setOf = (e: Engine, docs: readonly number[]): DocSet => bitsSet(bitsOf(e, docs), docs.length);

/** A precomputed base over the documents (as base-counts.ts makes them). */
function baseOf(e: Engine, docs: readonly number[]): Base {
  return { words: bitsOf(e, docs), counts: countFacets(e, setOf(e, docs), FACET_KEYS, null) };
}

/** Counts the set with a trace, checks the counts against counting the set directly, returns the trace. */
function traced(
  e: Engine,
  set: DocSet,
  facets: readonly FacetKey[],
  bases: readonly Base[] | null,
  near: readonly Base[] = [],
): CountTrace {
  const trace = countTrace();
  const counted = countFacets(e, set, facets, bases, near, trace);
  // (query-time counters are scratch buffers: copied before the next count)
  const got = Object.fromEntries(facets.map((f) => [f, [...counted.byFacet[f]!]]));
  const direct = countFacets(e, set, facets, null);
  expect(counted.total).toBe(set.size);
  expect(got).toEqual(Object.fromEntries(facets.map((f) => [f, [...direct.byFacet[f]!]])));
  return trace;
}

/** |a \ b| + |b \ a|: the documents in one of the two sets only. */
function apart(a: readonly number[], b: readonly number[]): number {
  const [sa, sb] = [new Set(a), new Set(b)];
  return a.filter((d) => !sb.has(d)).length + b.filter((d) => !sa.has(d)).length;
}

describe('countFacets: through which set', () => {
  let f: Fixture;
  beforeAll(() => {
    f = fixture();
  });

  it('gives every document’s counts as stored, counting nothing', () => {
    const trace = countTrace();
    const counts = countFacets(f.e, { kind: 'all', size: N }, FACET_KEYS, [f.all], [], trace);
    expect(counts).toBe(f.all.counts);
    expect(trace).toEqual({ through: 'stored', documents: 0, by: {} });
  });

  it('counts every document when there is no base (an index being built)', () => {
    const trace = traced(f.e, { kind: 'all', size: N }, FACET_KEYS, null);
    expect([trace.through, trace.documents]).toEqual(['set', N]);
  });

  it('counts a set larger than half the corpus through all documents, less the others', () => {
    const docs = range(N).filter((d) => d % 8 !== 0);
    const trace = traced(f.e, setOf(f.e, docs), FACET_KEYS, [f.all]);
    expect([trace.through, trace.documents]).toEqual(['base', N - docs.length]);
  });

  it('counts a set of exactly half the corpus itself, one more document through all documents', () => {
    const half = range(N).filter((d) => d % 2 === 0);
    expect(half).toHaveLength(N / 2);
    const t1 = traced(f.e, setOf(f.e, half), FACET_KEYS, [f.all]);
    expect([t1.through, t1.documents]).toEqual(['set', N / 2]);
    const more = [...half, 1].sort((a, b) => a - b);
    const t2 = traced(f.e, setOf(f.e, more), FACET_KEYS, [f.all]);
    expect([t2.through, t2.documents]).toEqual(['base', N / 2 - 1]);
  });

  it('counts a set as it is when no base leaves fewer documents, or when given as an id list', () => {
    const docs = range(N).filter((d) => d % 4 === 0);
    const t1 = traced(f.e, setOf(f.e, docs), FACET_KEYS, [f.all]);
    expect([t1.through, t1.documents]).toEqual(['set', docs.length]);
    const large = range(N).filter((d) => d % 8 !== 0);
    const t2 = traced(f.e, { kind: 'list', ids: Uint32Array.from(large), size: large.length }, FACET_KEYS, [f.all]);
    expect([t2.through, t2.documents]).toEqual(['set', large.length]);
  });

  it('takes the containing base that leaves the fewest documents, in any order', () => {
    const docs = range(N).filter((d) => d % 8 === 1 || d % 8 === 2);
    const close = baseOf(
      f.e,
      range(N).filter((d) => d % 8 >= 1 && d % 8 <= 3),
    );
    const far = baseOf(
      f.e,
      range(N).filter((d) => d % 8 >= 1 && d % 8 <= 5),
    );
    for (const bases of [
      [f.all, far, close],
      [f.all, close, far],
    ]) {
      const trace = traced(f.e, setOf(f.e, docs), FACET_KEYS, bases);
      expect([trace.through, trace.documents]).toEqual(['base', close.counts.total - docs.length]);
    }
    // A base leaving as many documents as the set has is not worth it.
    const even = baseOf(
      f.e,
      range(N).filter((d) => d % 8 >= 1 && d % 8 <= 4),
    );
    expect(even.counts.total - docs.length).toBe(docs.length);
    const trace = traced(f.e, setOf(f.e, docs), FACET_KEYS, [f.all, even]);
    expect([trace.through, trace.documents]).toEqual(['set', docs.length]);
  });

  it('counts a set around a near base when the two differ by less than half of what it would count', () => {
    const docs = range(N).filter((d) => d % 2 === 0);
    // (no containing base leaves fewer than the set's own 128 documents: the other way counts 128)
    for (const [removed, added] of [
      [4, 2],
      [4, 0],
      [63, 0],
      [40, 23],
    ] as const) {
      const nearDocs = nearTo(docs, removed, added);
      const trace = traced(f.e, setOf(f.e, docs), FACET_KEYS, [f.all], [baseOf(f.e, nearDocs)]);
      expect([trace.through, trace.documents], `${removed} removed, ${added} added`).toEqual([
        'near',
        apart(docs, nearDocs),
      ]);
    }
  });

  it('does not count around a near base that differs by half of what it would count or more', () => {
    const docs = range(N).filter((d) => d % 2 === 0);
    for (const [removed, added] of [
      [64, 0],
      [40, 24],
      [100, 0],
    ] as const) {
      const nearDocs = nearTo(docs, removed, added);
      expect(apart(docs, nearDocs) * 2).toBeGreaterThanOrEqual(docs.length);
      const trace = traced(f.e, setOf(f.e, docs), FACET_KEYS, [f.all], [baseOf(f.e, nearDocs)]);
      expect([trace.through, trace.documents], `${removed} removed, ${added} added`).toEqual(['set', docs.length]);
    }
  });

  it('takes the nearest of several near bases, skipping all documents, and compares with a containing base', () => {
    const docs = range(N).filter((d) => d % 2 === 0);
    const nearer = docs.slice(3);
    const lessNear = docs.slice(10);
    for (const near of [
      [f.all, baseOf(f.e, lessNear), baseOf(f.e, nearer)],
      [baseOf(f.e, nearer), f.all, baseOf(f.e, lessNear)],
    ]) {
      const trace = traced(f.e, setOf(f.e, docs), FACET_KEYS, [f.all], near);
      expect([trace.through, trace.documents]).toEqual(['near', 3]);
    }
    // A set of 224: all documents leave 32 to count, a near base 20 apart is less than half of it.
    const large = range(N).filter((d) => d % 8 !== 0);
    const t1 = traced(f.e, setOf(f.e, large), FACET_KEYS, [f.all], [baseOf(f.e, large.slice(20))]);
    expect([t1.through, t1.documents]).toEqual(['base', N - large.length]);
    const t2 = traced(f.e, setOf(f.e, large), FACET_KEYS, [f.all], [baseOf(f.e, large.slice(15))]);
    expect([t2.through, t2.documents]).toEqual(['near', 15]);
  });

  it('does not count around a near base for an id list', () => {
    const docs = range(N).filter((d) => d % 2 === 0);
    const set: DocSet = { kind: 'list', ids: Uint32Array.from(docs), size: docs.length };
    const trace = traced(f.e, set, FACET_KEYS, [f.all], [baseOf(f.e, docs.slice(1))]);
    expect([trace.through, trace.documents]).toEqual(['set', docs.length]);
  });

  it('counts every set itself when counting through other sets is turned off', () => {
    const off = fixture({ complement: false });
    const large = range(N).filter((d) => d % 8 !== 0);
    const t1 = traced(off.e, setOf(off.e, large), FACET_KEYS, [off.all]);
    expect([t1.through, t1.documents]).toEqual(['set', large.length]);
    const t2 = traced(off.e, setOf(off.e, large), FACET_KEYS, [off.all], [baseOf(off.e, large.slice(1))]);
    expect([t2.through, t2.documents]).toEqual(['set', large.length]);
  });
});

describe('countFacets: one facet through its values’ postings', () => {
  /** Words read (a bitset value) plus ids tested (an id list value): the cost of the postings way. */
  const postingsCost = (e: Engine, facet: 'workModel' | 'company' | 'skill'): number =>
    (isList(facet) ? e.lists[facet].postings : e.columns[facet].postings).reduce(
      (c, p) => c + (p.kind === 'bits' ? p.words.length : p.size),
      0,
    );

  it('intersects when the postings cost less than half of counting the documents', () => {
    const f = fixture();
    for (const facet of ['workModel', 'company', 'skill'] as const) {
      const cost = postingsCost(f.e, facet);
      // Sets just under and at half the corpus (counted as they are: no base leaves fewer).
      for (const size of [2 * cost + 1, 2 * cost, 2 * cost - 1].filter((s) => s > 0 && s <= N / 2)) {
        const docs = range(size).map((i) => (i * 2) % N);
        const trace = traced(f.e, setOf(f.e, docs), [facet], [f.all]);
        expect(trace.through, `${facet}, cost ${cost}, ${size} documents`).toBe(cost * 2 < size ? 'postings' : 'set');
        if (trace.through === 'postings') expect(trace.documents).toBe(0);
      }
    }
  });

  it('weighs the postings against what the best base leaves, not the set', () => {
    const f = fixture();
    const cost = postingsCost(f.e, 'workModel');
    // All documents leave 2 × cost + 4 to count: intersecting is cheaper. 2 × cost left: it is not.
    for (const left of [2 * cost + 4, 2 * cost]) {
      const docs = range(N).slice(left);
      const trace = traced(f.e, setOf(f.e, docs), ['workModel'], [f.all]);
      expect(trace.through, `${left} left`).toBe(left > 2 * cost ? 'postings' : 'base');
    }
  });

  it('never for the remote shares, several facets, an id list or an index being built', () => {
    const f = fixture({ byPostings: 'always' });
    const docs = range(200);
    expect(traced(f.e, setOf(f.e, docs), ['workModel'], [f.all]).through).toBe('postings');
    expect(traced(f.e, setOf(f.e, docs), ['remote'], [f.all]).through).toBe('base');
    expect(traced(f.e, setOf(f.e, docs), ['workModel', 'company'], [f.all]).through).toBe('base');
    expect(traced(f.e, setOf(f.e, docs), ['workModel'], null).through).toBe('set');
    const list: DocSet = { kind: 'list', ids: Uint32Array.from(docs), size: docs.length };
    expect(traced(f.e, list, ['workModel'], [f.all]).through).toBe('set');
  });

  it('always or never when the tuning says so', () => {
    const docs = range(N).filter((d) => d % 3 === 0); // 86 documents, about as many as the values cost
    const always = fixture({ byPostings: 'always' });
    expect(traced(always.e, setOf(always.e, docs), ['skill'], [always.all]).through).toBe('postings');
    const never = fixture({ byPostings: 'never' });
    expect(traced(never.e, setOf(never.e, range(200)), ['workModel'], [never.all]).through).toBe('base');
  });
});

describe('countFacets: how each facet is counted over the documents', () => {
  let f: Fixture;
  beforeAll(() => {
    f = fixture({ byPostings: 'never' });
  });

  it('keeps the place lists as combinations and the skill lists inline (the corpus is made so)', () => {
    expect(f.e.rows.lists.get('location')?.kind).toBe('combinations');
    expect(f.e.rows.lists.get('skill')?.kind).toBe('inline');
    expect(f.e.packs.length).toBeGreaterThan(0);
  });

  it('one single-valued facet: its own column, whatever the set', () => {
    for (const docs of [range(10), range(100)]) {
      const trace = traced(f.e, setOf(f.e, docs), ['company'], [f.all]);
      expect(trace.by).toEqual({ company: 'column' });
      expect(trace.documents).toBe(docs.length);
    }
  });

  it('one list kept as combinations: the rows, whatever the set', () => {
    for (const docs of [range(10), range(100)]) {
      expect(traced(f.e, setOf(f.e, docs), ['location'], [f.all]).by).toEqual({ location: 'rows' });
    }
  });

  it('one list kept inline: the rows for a set under a sixteenth of the corpus, its CSR lists from there', () => {
    expect(traced(f.e, setOf(f.e, range(N / 16 - 1)), ['skill'], [f.all]).by).toEqual({ skill: 'rows' });
    expect(traced(f.e, setOf(f.e, range(N / 16)), ['skill'], [f.all]).by).toEqual({ skill: 'column' });
  });

  it('several facets: packed ones through their packs from packedFrom documents, the others in the rows', () => {
    const packed = new Set<FacetKey>(f.e.packs.flatMap((p) => p.keys));
    expect(packed.size).toBeGreaterThan(1);
    for (const size of [PACKED_FROM - 1, PACKED_FROM, 100]) {
      const trace = traced(f.e, setOf(f.e, range(size)), FACET_KEYS, [f.all]);
      const expected = Object.fromEntries(
        FACET_KEYS.map((k) => [k, packed.has(k) ? (size >= PACKED_FROM ? 'pack' : 'column') : 'rows']),
      );
      expect(trace.by, `${size} documents`).toEqual(expected);
      expect(trace.documents).toBe(size);
    }
  });

  it('several facets with some of a pack’s: through that pack (a disjunctive pass counts a few facets)', () => {
    const pack = f.e.packs.find((p) => p.keys.length > 1)!;
    const facets: FacetKey[] = [pack.keys[0]!, 'skill'];
    expect(traced(f.e, setOf(f.e, range(100)), facets, [f.all]).by).toEqual({ [pack.keys[0]!]: 'pack', skill: 'rows' });
  });

  it('several facets of which none is packed: the rows only; a packed facet alone: its column', () => {
    const packed = new Set<FacetKey>(f.e.packs.flatMap((p) => p.keys));
    const unpacked = FACET_KEYS.filter((k) => !packed.has(k));
    expect(unpacked.length).toBeGreaterThan(1);
    const trace = traced(f.e, setOf(f.e, range(100)), unpacked, [f.all]);
    expect(trace.by).toEqual(Object.fromEntries(unpacked.map((k) => [k, 'rows'])));
    const [first] = [...packed];
    expect(traced(f.e, setOf(f.e, range(100)), [first!], [f.all]).by).toEqual({ [first!]: 'column' });
  });
});
