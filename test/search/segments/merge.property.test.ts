import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Job, JobPlace } from '../../../src/domain/job.js';
import { DEFAULT_SALARY_BUCKETS } from '../../../src/domain/salary-buckets.js';
import { SearchIndex, type SearchReader } from '../../../src/search/segments/search-index.js';
import { SegmentSet, type IndexChange } from '../../../src/search/segments/segment-set.js';
import { mergeSegments } from '../../../src/search/segments/merge.js';
import type { Engine } from '../../../src/search/engine.js';
import type { Segment } from '../../../src/search/segments/segment.js';
import { KEYWORD_BASE } from '../../../src/search/text/keyword-query.js';
import type { DocSet } from '../../../src/search/postings/doc-set.js';
import { COLUMN_FACETS, LIST_FACETS } from '../../../src/domain/facet-catalogue.js';
import { corpusArb, facetArb, listArb, NOW, pick, PREFIXES, tuningArb, WORDS } from '../arbitraries.js';

const buckets = DEFAULT_SALARY_BUCKETS;

/** One batch of changes: new postings or new versions of stored ones (by row of the pool), deletions. */
const batchArb = fc.record({
  upserts: fc.array(fc.record({ row: fc.nat(), target: fc.option(fc.nat(), { nil: null }) }), { maxLength: 8 }),
  deletes: fc.array(fc.nat(), { maxLength: 4 }),
  // A later clock for this batch and what follows: postings expire (NOW + 1000 is a validThrough of the corpus).
  clock: pick([0, 0, 0, 1000, 1001, 5000]),
  // A merge into the base after this batch: later ones merge a merged base.
  merge: pick([false, false, false, true]),
});

const lifeArb = fc.record({
  initial: corpusArb,
  pool: corpusArb,
  batches: fc.array(batchArb, { minLength: 1, maxLength: 7 }),
  // Merge when the clock has moved on past the last batch (postings expire in the merge itself).
  mergeAt: pick([0, 1000, 1001, 5000]),
  tuning: fc.option(tuningArb, { nil: undefined }),
});

type Life = typeof lifeArb extends fc.Arbitrary<infer T> ? T : never;

/**
 * A segment set through the batches (deltas, deletion marks, expiry, small segments merged among
 * themselves) beside the store it follows; then its merge into one segment, and a build from
 * scratch over the store's postings at the same moment: the oracle.
 */
function lifeOf(life: Life): {
  merged: SearchReader;
  fresh: SearchReader;
  mergedEngine: Engine;
  freshEngine: Engine;
  mergedSegment: Segment;
  freshSegment: Segment;
  segments: number;
} {
  const store = new Map<string, Job>();
  for (const j of life.initial) store.set(j.key, j);
  const tuning = life.tuning;
  let now = NOW;
  const base = SearchIndex.build([...store.values()], { salaryBuckets: buckets, now, ...(tuning ? { tuning } : {}) });
  let set = SegmentSet.of(base, { salaryBuckets: buckets, ...(tuning ? { tuning } : {}) });
  let fresh = 0;
  let segments = 1;
  for (const batch of life.batches) {
    now = Math.max(now, NOW + batch.clock);
    const changes: IndexChange[] = [];
    for (const { row, target } of batch.upserts) {
      if (life.pool.length === 0) break;
      const keys = [...store.values()];
      const version = life.pool[row % life.pool.length]!;
      const old = target === null || keys.length === 0 ? null : keys[target % keys.length]!;
      const job = old ? { ...version, key: old.key, boardId: old.boardId } : { ...version, key: `n${fresh++}` };
      store.set(job.key, job);
      changes.push({ kind: 'upsert', job });
    }
    for (const d of batch.deletes) {
      const keys = [...store.values()];
      if (keys.length === 0) break;
      const gone = keys[d % keys.length]!;
      store.delete(gone.key);
      changes.push({ kind: 'delete', key: gone.key, boardId: gone.boardId });
    }
    set = set.apply(changes, now).expire(now);
    segments = Math.max(segments, set.segmentCount);
    if (batch.merge) set = set.merge(now);
  }
  now = Math.max(now, NOW + life.mergeAt);
  const merged = set.merge(now);
  expect(merged.segmentCount).toBe(1);
  const built = SearchIndex.build([...store.values()], { salaryBuckets: buckets, now, ...(tuning ? { tuning } : {}) });
  const reader = merged.reader();
  const mergedSegment = (reader as SearchIndex).leaves[0]!.segment;
  const freshSegment = built.leaves[0]!.segment;
  return {
    merged: reader,
    fresh: built,
    mergedEngine: mergedSegment.engine,
    freshEngine: freshSegment.engine,
    mergedSegment,
    freshSegment,
    segments,
  };
}

const RUNS = { numRuns: Number(process.env.SEARCH_PROPERTY_RUNS ?? 60), endOnFailure: true };
const PROPERTY_TIMEOUT_MS = 240_000;

describe('a merge of segments in memory answers as a build from scratch over the same live postings', () => {
  it(
    'counts, lists every order, counts facets and finds keywords as the fresh build',
    () => {
      fc.assert(
        fc.property(
          lifeArb,
          fc.array(listArb, { minLength: 1, maxLength: 4 }),
          fc.array(facetArb, { minLength: 1, maxLength: 3 }),
          (life, lists, facets) => {
            const { merged, fresh, mergedEngine, freshEngine, mergedSegment, freshSegment } = lifeOf(life);
            expect(merged.size).toBe(fresh.size);
            expectSameFacetStructures(mergedEngine, freshEngine);
            expectSameDerivedStructures(mergedSegment, freshSegment);
            for (const r of lists) {
              expect(merged.count(r.filter)).toBe(fresh.count(r.filter));
              expect(merged.list(r)).toEqual(fresh.list(r));
              expect(merged.didYouMean(r.filter)).toEqual(fresh.didYouMean(r.filter));
            }
            for (const r of facets) expect(merged.facets(r)).toEqual(fresh.facets(r));
            const all = fresh.size + 1;
            for (const sort of ['date', 'salary', 'relevance'] as const)
              for (const order of ['asc', 'desc'] as const) {
                const r = { filter: {}, sort, order, page: 1, perPage: all };
                expect(merged.list(r)).toEqual(fresh.list(r));
              }
            // Relevance by words of the corpus: BM25's statistics over the merged postings.
            for (const words of [WORDS.slice(0, 2), WORDS.slice(5, 6), WORDS.slice(10, 13)]) {
              const r = {
                filter: { keywords: words.join(' ') },
                sort: 'relevance' as const,
                order: 'desc' as const,
                page: 1,
                perPage: all,
              };
              expect(merged.list(r)).toEqual(fresh.list(r));
            }
          },
        ),
        RUNS,
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'suggests and resolves places, companies and titles as the fresh build',
    () => {
      fc.assert(
        fc.property(
          lifeArb,
          fc.array(pick([...PREFIXES, 'ber', 'acme', 'm', 'seo', '']), { maxLength: 4 }),
          (life, qs) => {
            const { merged, fresh } = lifeOf(life);
            for (const q of qs) {
              expect(merged.suggestLocations(q, 5)).toEqual(fresh.suggestLocations(q, 5));
              expect(merged.suggestCompanies(q, 5)).toEqual(fresh.suggestCompanies(q, 5));
              expect(merged.suggestTitles(q, 5)).toEqual(fresh.suggestTitles(q, 5));
              expect(merged.resolveLocation(q)).toEqual(fresh.resolveLocation(q));
              expect(merged.resolveCompany(q)).toEqual(fresh.resolveCompany(q));
            }
          },
        ),
        RUNS,
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('merges a base and several deltas with deletions in each, and lets the merged set take changes', () => {
    const jobs = Array.from({ length: 30 }, (_, i) => corpusJob(i));
    let set = SegmentSet.of(SearchIndex.build(jobs.slice(0, 20), { salaryBuckets: buckets, now: NOW }), {
      salaryBuckets: buckets,
    });
    const store = new Map(jobs.slice(0, 20).map((j) => [j.key, j]));
    for (let b = 0; b < 3; b++) {
      const added = jobs.slice(20 + b * 3, 23 + b * 3);
      const gone = [...store.values()][b * 2]!;
      for (const j of added) store.set(j.key, j);
      store.delete(gone.key);
      set = set.apply(
        [
          ...added.map((job): IndexChange => ({ kind: 'upsert', job })),
          { kind: 'delete', key: gone.key, boardId: gone.boardId },
        ],
        NOW,
      );
    }
    expect(set.segmentCount).toBe(4);
    const merged = set.merge(NOW);
    expect(merged.segmentCount).toBe(1);
    expect(merged.deltaSize).toBe(0);
    const fresh = SearchIndex.build([...store.values()], { salaryBuckets: buckets, now: NOW });
    const r = { filter: {}, sort: 'date' as const, order: 'desc' as const, page: 1, perPage: 100 };
    expect(merged.reader().list(r)).toEqual(fresh.list(r));
    expect(merged.reader().size).toBe(26);
    // The merged base takes changes as any base does.
    const later = merged.apply([{ kind: 'delete', key: 'k3', boardId: jobs[3]!.boardId }], NOW);
    expect(later.reader().size).toBe(store.has('k3') ? 25 : 26);
    // A merged base merged again (its cards read from both earlier segments' stores).
    store.delete('k3');
    const added = { ...jobs[3]!, key: 'again', boardId: '1001' };
    store.set(added.key, added);
    const twice = later.apply([{ kind: 'upsert', job: added }], NOW).merge(NOW);
    const rebuilt = SearchIndex.build([...store.values()], { salaryBuckets: buckets, now: NOW });
    expect(twice.reader().list(r)).toEqual(rebuilt.list(r));
    expect(twice.reader().facets({ filter: {}, mode: 'disjunctive', facetLimit: 20 })).toEqual(
      rebuilt.facets({ filter: {}, mode: 'disjunctive', facetLimit: 20 }),
    );
    // A merge of one whole segment is that segment again.
    const again = mergeSegments([{ segment: fresh.leaves[0]!.segment, live: null }], {
      salaryBuckets: buckets,
      now: NOW,
    });
    expect(new SearchIndex([{ segment: again, live: null }], 16).list(r)).toEqual(fresh.list(r));
  });
});

describe('the point index a merge makes from the segments', () => {
  const at = (lat: number, lon: number): JobPlace => ({
    city: null,
    region: null,
    country: null,
    countryCode: null,
    lat,
    lon,
  });
  const points = (e: Engine): unknown => ({
    lat: [...e.points.lat],
    lon: [...e.points.lon],
    postings: e.points.postings.map(docsOf),
  });

  it('orders points of one latitude by their first live document, then by its places, as a build', () => {
    const job = (i: number, places: JobPlace[]): Job => ({ ...corpusJob(i), places });
    // The base meets (50, 10) first in a posting deleted since; the live ones name (50, 5) first.
    const jobs = [job(0, [at(50, 10), at(50, 5)]), job(1, [at(50, 5), at(50, 10), at(40, 1)]), job(2, [at(50, 10)])];
    const added = [job(3, [at(50, 20), at(50, 5)]), job(4, [at(40, 1), at(50, 20)])];
    const set = SegmentSet.of(SearchIndex.build(jobs, { salaryBuckets: buckets, now: NOW }), { salaryBuckets: buckets })
      .apply([{ kind: 'delete', key: jobs[0]!.key, boardId: jobs[0]!.boardId }], NOW)
      .apply(
        added.map((j): IndexChange => ({ kind: 'upsert', job: j })),
        NOW,
      );
    const merged = (set.merge(NOW).reader() as SearchIndex).leaves[0]!.segment.engine;
    const fresh = SearchIndex.build([...jobs.slice(1), ...added], { salaryBuckets: buckets, now: NOW }).leaves[0]!
      .segment.engine;
    expect(points(merged)).toEqual(points(fresh));
    expect(merged.points.lat.length).toBe(4);
  });
});

/**
 * The facet columns and lists the merge makes from the segments' are the build's, array for array:
 * the same codes (by first appearance in board-id order), values, labels, label order, documents'
 * codes and postings.
 */
function expectSameFacetStructures(merged: Engine, fresh: Engine): void {
  for (const f of COLUMN_FACETS) {
    const [a, b] = [merged.columns[f], fresh.columns[f]];
    expect({ f, values: a.values, labels: a.labels, rank: [...a.labelRank], col: [...a.col] }).toEqual({
      f,
      values: b.values,
      labels: b.labels,
      rank: [...b.labelRank],
      col: [...b.col],
    });
    expect(a.postings.map(docsOf)).toEqual(b.postings.map(docsOf));
  }
  for (const f of LIST_FACETS) {
    const [a, b] = [merged.lists[f], fresh.lists[f]];
    expect({ f, values: a.values, labels: a.labels, offsets: [...a.offsets], ids: [...a.ids] }).toEqual({
      f,
      values: b.values,
      labels: b.labels,
      offsets: [...b.offsets],
      ids: [...b.ids],
    });
    expect([...a.labelRank]).toEqual([...b.labelRank]);
    expect(a.postings.map(docsOf)).toEqual(b.postings.map(docsOf));
  }
}

/**
 * Everything else the merge makes is the build's too, array for array: places (column, names,
 * kinds, centres, fold keys), points, estimates and midpoints, remote shares, the extra columns,
 * the sort orders, packs and facet rows, the title suggestions (counts, kinds, spellings, each
 * document's entities) and the precomputed base counts.
 */
function expectSameDerivedStructures(mergedSegment: Segment, freshSegment: Segment): void {
  const [a, b] = [mergedSegment.engine, freshSegment.engine];
  const placeColumn = (e: Engine): unknown => ({
    values: e.places.column.values,
    labels: e.places.column.labels,
    offsets: [...e.places.column.offsets],
    ids: [...e.places.column.ids],
    postings: e.places.column.postings.map(docsOf),
  });
  expect(placeColumn(a)).toEqual(placeColumn(b));
  expect(a.places.info).toEqual(b.places.info);
  expect([...a.places.byFoldKey].sort()).toEqual([...b.places.byFoldKey].sort());
  const points = (e: Engine): unknown => ({
    lat: [...e.points.lat],
    lon: [...e.points.lon],
    postings: e.points.postings.map(docsOf),
  });
  expect(points(a)).toEqual(points(b));
  expect(a.estimates).toEqual(b.estimates);
  expect([...a.mids]).toEqual([...b.mids]);
  expect(a.remote).toEqual(b.remote);
  expect(a.extras).toEqual(b.extras);
  expect(a.orders).toEqual(b.orders);
  expect(a.packs).toEqual(b.packs);
  expect(a.rows).toEqual(b.rows);
  const titles = (s: Segment): unknown => ({
    values: s.titleSuggest.index.values,
    labels: s.titleSuggest.index.labels,
    counts: [...s.titleSuggest.counts],
    kinds: [...s.titleSuggest.kinds],
    docOffsets: [...s.titleSuggest.docOffsets],
    docEntities: [...s.titleSuggest.docEntities],
  });
  expect(titles(mergedSegment)).toEqual(titles(freshSegment));
  expect(mergedSegment.all).toEqual(freshSegment.all);
  // A keyword base is keyed by its terms' numbers, which a merge gives in another order: by names here.
  expect(basesByName(mergedSegment)).toEqual(basesByName(freshSegment));
  expect(keywordsByName(a)).toEqual(keywordsByName(b));
}

/**
 * The keyword index by term names (a merge numbers its terms in another order): per term its
 * documents, their term frequencies and whether it is held as bits; the document lengths. (Not
 * the folded keys: a merge may keep a key of documents since deleted beside a live one of its stem.)
 */
function keywordsByName(e: Engine): unknown {
  const k = e.keywords;
  const terms = [...k.termOf]
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .map(([name, t]) => {
      const bits = k.dense[t];
      const docs = bits
        ? docsOf({ kind: 'bits', words: bits, size: 0 })
        : [...k.docs.subarray(k.docOffsets[t], k.docOffsets[t + 1])];
      return { name, dense: !!bits, docs, tfs: [...k.tfs.subarray(k.tfOffsets[t], k.tfOffsets[t + 1])] };
    });
  return { n: k.n, terms, docLength: [...k.docLength], avgLength: k.avgLength };
}

function basesByName(s: Segment): [string, unknown][] {
  const names: string[] = [];
  for (const [name, t] of s.engine.keywords.termOf) names[t] = name;
  const byName = (key: string): string => {
    if (!key.startsWith(KEYWORD_BASE)) return key;
    const [words, position] = key.slice(KEYWORD_BASE.length).split('@');
    const named = words!.split('|').map((w) =>
      w
        .split(',')
        .map((t) => names[Number(t)]!)
        .sort()
        .join(','),
    );
    return `${KEYWORD_BASE}${named.join('|')}${position === undefined ? '' : `@${position}`}`;
  };
  return [...s.bases].map(([key, base]) => [byName(key), base]);
}

/** A posting set's documents, ascending, whatever its representation. */
function docsOf(set: DocSet): number[] {
  if (set.kind === 'list') return [...set.ids];
  if (set.kind === 'bits') {
    const out: number[] = [];
    set.words.forEach((word, w) => {
      for (let b = 0; b < 32; b++) if ((word >>> b) & 1) out.push(w * 32 + b);
    });
    return out;
  }
  return Array.from({ length: set.size }, (_, d) => d);
}

function corpusJob(i: number): Job {
  const sample = fc.sample(
    corpusArb.filter((c) => c.length > 0),
    { seed: 53 + i, numRuns: 1 },
  )[0]![0]!;
  return { ...sample, key: `k${i}`, boardId: String(1000 + ((i * 7) % 23)), validThrough: null };
}
