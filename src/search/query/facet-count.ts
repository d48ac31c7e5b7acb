import { FACET_IDS, isStepsFacet, LIST_FACETS, type FacetId, type ListFacet } from '../../domain/facet-catalogue.js';
import type { Engine } from '../engine.js';
import { unpackCounts } from '../columns/facet-pack.js';
import { countRows, type RowCount } from '../columns/facet-rows.js';
import { andCount, andNotToIds, bitsToIds, hasBit } from '../postings/bitset.js';
import { identity, type DocSet } from '../postings/doc-set.js';
import { REMOTE_LEVELS } from '../columns/remote.js';

/** A facet that is counted: every catalogue entry (a column, CSR lists or the remote-share steps). */
export type FacetKey = FacetId;
export const FACET_KEYS: readonly FacetKey[] = FACET_IDS;

const LISTS: ReadonlySet<FacetKey> = new Set(LIST_FACETS);

/** Whether the facet is multi-valued (counted from `e.lists`). */
export function isList(f: FacetKey): f is ListFacet {
  return LISTS.has(f);
}

/** Counts per code of each counted facet, over a set of `total` documents. */
export interface Counts {
  readonly total: number;
  readonly byFacet: Partial<Record<FacetKey, Uint32Array>>;
}

/**
 * Precomputed counts of every facet over a set (`words`; null: all documents) that contains the
 * set being counted: then only the documents of the base outside the set need counting.
 */
export interface Base {
  readonly words: Uint32Array | null;
  readonly counts: Counts;
}

/**
 * What one countFacets call did, for the tests that hold its choices: every way counts exactly,
 * so which way is taken changes only the cost, and only a record of it shows a wrong choice.
 */
export interface CountTrace {
  /**
   * `stored`: a base's counts as they are (the set is all documents); `set`: the set's own
   * documents; `base`: a base containing the set, less the base's documents outside it; `near`:
   * a base near the set, plus the set's documents outside it, less the base's outside the set;
   * `postings`: one facet, by intersecting the set with its values' postings.
   */
  through: 'stored' | 'set' | 'base' | 'near' | 'postings' | null;
  /** Documents decoded and counted (for `postings`: none, the set stays a bitset). */
  documents: number;
  /** Per facet counted over those documents: with its pack, in the facet rows, or its own column. */
  readonly by: Partial<Record<FacetKey, 'pack' | 'rows' | 'column'>>;
}

/** An empty trace to pass to countFacets. */
export function countTrace(): CountTrace {
  return { through: null, documents: 0, by: {} };
}

/**
 * Counts the given facets over the set: one fused pass over the facet rows (see countIds). With
 * `bases` (query time; the first is all documents), a bitset is counted through the base that
 * leaves the fewest documents outside it — all documents for a set larger than half the corpus,
 * a precomputed filter set for a set close to it — and subtracted from the base's counts; or
 * through one of the `near` bases, which need not contain it (a keyword base close to a keyword
 * query: see countAround), when the two differ by fewer documents. One
 * facet over a large bitset is counted by intersecting its postings instead when that is cheaper
 * (a facet with few values: a popcount per value).
 * @example countFacets(engine, set, ['workModel'], [all]).byFacet.workModel // counts by code
 */
export function countFacets(
  e: Engine,
  set: DocSet,
  facets: readonly FacetKey[],
  bases: readonly Base[] | null,
  near: readonly Base[] = [],
  trace?: CountTrace,
): Counts {
  if (set.kind === 'all' && bases) {
    if (trace) trace.through = 'stored';
    return bases[0]!.counts;
  }
  const n = e.n;
  const base = set.kind === 'bits' && bases && e.tuning.complement ? bestBase(bases, set.size, n) : null;
  const counted = base ? outside(base, n) - set.size : set.size;
  if (set.kind === 'bits' && near.length > 0 && e.tuning.complement) {
    // The set and a base differ by |set| + |base| - 2 |both| documents, counted in two passes.
    // Taken only when that is under half of what the other ways count: a large set's rows are
    // read about a cache line each whatever its density, so 262,000 documents in two passes
    // (`analyt` through the analytics base, at a million) cost more than 432,000 in one.
    let best: { base: Base; common: number; cost: number } | null = null;
    for (const b of near) {
      if (b.words === null) continue;
      const common = andCount(b.words, set.words);
      const cost = set.size + b.counts.total - 2 * common;
      if (cost < (best?.cost ?? Infinity)) best = { base: b, common, cost };
    }
    if (best && best.cost * 2 < counted) return countAround(e, set, facets, best.base, best.common, trace);
  }
  const only = facets.length === 1 ? facets[0]! : null;
  if (only !== null && bases && set.kind === 'bits' && byPostingsIsCheaper(e, only, counted)) {
    const postings = postingsOf(e, only)!;
    const counts = e.scratch.counts(only, postings.length);
    countByPostings(postings, set.words, counts);
    if (trace) trace.through = 'postings';
    return { total: set.size, byFacet: { [only]: counts } };
  }
  let ids: Uint32Array;
  let length: number;
  if (set.kind === 'list') [ids, length] = [set.ids, set.size];
  else if (set.kind === 'all') [ids, length] = [identity(n), n];
  else if (base?.words) [ids, length] = [e.scratch.ids(), andNotToIds(base.words, set.words, e.scratch.ids())];
  else [ids, length] = [e.scratch.ids(), bitsToIds(set.words, n, e.scratch.ids(), base !== null)];
  // At query time the counters are scratch buffers (valid until the next count of that facet).
  const alloc: Alloc = bases === null ? (_, size) => new Uint32Array(size) : (key, size) => e.scratch.counts(key, size);
  const byFacet = countIds(e, ids, length, facets, alloc, trace);
  if (trace) trace.through = base ? 'base' : 'set';
  if (base) for (const f of facets) subtractFrom(base.counts.byFacet[f]!, byFacet[f]!);
  return { total: set.size, byFacet };
}

/**
 * Counts `set` through a precomputed base that overlaps it: the base's counts, plus those of the
 * set's documents outside the base, less those of the base's documents outside the set. Exact for
 * any base; worth it when the two differ by few documents (`common` of the set's are in the base).
 */
function countAround(
  e: Engine,
  set: Extract<DocSet, { kind: 'bits' }>,
  facets: readonly FacetKey[],
  near: Base,
  common: number,
  trace: CountTrace | undefined,
): Counts {
  const words = near.words!;
  const ids = e.scratch.ids();
  const length = andNotToIds(set.words, words, ids);
  const byFacet = countIds(e, ids, length, facets, (key, size) => e.scratch.counts(key, size), trace);
  for (const f of facets) addTo(near.counts.byFacet[f]!, byFacet[f]!);
  if (near.counts.total > common) {
    const outside = e.scratch.otherIds();
    const outsideLength = andNotToIds(words, set.words, outside);
    const lost = countIds(
      e,
      outside,
      outsideLength,
      facets,
      (key, size) => e.scratch.counts(`lost ${key}`, size),
      trace,
    );
    for (const f of facets) takeFrom(byFacet[f]!, lost[f]!);
  }
  if (trace) trace.through = 'near';
  return { total: set.size, byFacet };
}

function addTo(base: Uint32Array, counts: Uint32Array): void {
  for (let i = 0; i < counts.length; i++) counts[i]! += base[i]!;
}

function takeFrom(counts: Uint32Array, lost: Uint32Array): void {
  for (let i = 0; i < counts.length; i++) counts[i]! -= lost[i]!;
}

function outside(base: Base, n: number): number {
  return base.words === null ? n : base.counts.total;
}

/** The base leaving the fewest documents to count, if that beats counting the set itself. */
function bestBase(bases: readonly Base[], size: number, n: number): Base | null {
  let best: Base | null = null;
  let cost = size;
  for (const b of bases) {
    const c = outside(b, n) - size;
    if (c < cost) [best, cost] = [b, c];
  }
  return best;
}

type Alloc = (key: string, size: number) => Uint32Array;

function postingsOf(e: Engine, f: FacetKey): readonly DocSet[] | null {
  if (isStepsFacet(f)) return null;
  return isList(f) ? e.lists[f].postings : e.columns[f].postings;
}

/** Words read (dense values) plus ids tested (sparse values), against the documents to decode. */
function byPostingsIsCheaper(e: Engine, f: FacetKey, counted: number): boolean {
  if (e.tuning.byPostings === 'never') return false;
  const postings = postingsOf(e, f);
  if (!postings) return false;
  if (e.tuning.byPostings === 'always') return true;
  let cost = 0;
  for (const p of postings) cost += p.kind === 'bits' ? p.words.length : p.size;
  return cost * 2 < counted;
}

function countByPostings(postings: readonly DocSet[], words: Uint32Array, counts: Uint32Array): void {
  for (let c = 1; c < postings.length; c++) {
    const p = postings[c]!;
    if (p.kind === 'bits') counts[c] = andCount(p.words, words);
    else if (p.kind === 'list') {
      let k = 0;
      for (let i = 0; i < p.ids.length; i++) if (hasBit(words, p.ids[i]!)) k++;
      counts[c] = k;
    }
  }
}

/**
 * Counts over ids[0, length). Several facets: one fused pass over the facet rows (packs for larger
 * sets). One facet (a disjunctive pass): its own column or CSR lists, which read far fewer bytes
 * per document than a row; a list goes through the rows when they keep it as combinations (one
 * narrow field), or for a sparse set (one miss, not two).
 */
function countIds(
  e: Engine,
  ids: Uint32Array,
  length: number,
  facets: readonly FacetKey[],
  alloc: Alloc,
  trace?: CountTrace,
): Partial<Record<FacetKey, Uint32Array>> {
  const byFacet: Partial<Record<FacetKey, Uint32Array>> = {};
  if (trace) trace.documents += length;
  const only = facets.length === 1 ? facets[0]! : null;
  if (only !== null && !throughRows(e, only, length)) {
    byFacet[only] = countColumn(e, only, ids, length, alloc(only, sizeOf(e, only)));
    if (trace) trace.by[only] = 'column';
    return byFacet;
  }
  const wanted = new Set(facets);
  const fused: RowCount[] = [];
  const packs = length >= e.tuning.packedFrom ? e.packs.filter((p) => p.keys.some((k) => wanted.has(k))) : [];
  for (const p of packs) fused.push({ name: packName(e, p), counts: alloc(packName(e, p), p.size) });
  const inPacks = new Set<FacetKey>(packs.flatMap((p) => p.keys));
  for (const f of wanted) {
    if (inPacks.has(f) || !(e.rows.fields.has(f) || e.rows.lists.has(f))) continue;
    fused.push({ name: f, counts: (byFacet[f] = alloc(f, sizeOf(e, f))) });
    if (trace) trace.by[f] = 'rows';
  }
  countRows(e.rows, fused, ids, length);
  for (const [i, p] of packs.entries()) {
    const counts = unpackCounts(p, fused[i]!.counts, (k) => wanted.has(k), alloc);
    p.keys.forEach((k, j) => {
      if (!wanted.has(k)) return;
      byFacet[k] = counts[j]!;
      if (trace) trace.by[k] = 'pack';
    });
  }
  for (const f of wanted) {
    if (byFacet[f]) continue;
    byFacet[f] = countColumn(e, f, ids, length, alloc(f, sizeOf(e, f)));
    if (trace) trace.by[f] = 'column';
  }
  return byFacet;
}

function packName(e: Engine, p: Engine['packs'][number]): string {
  return `pack${e.packs.indexOf(p)}`;
}

function sizeOf(e: Engine, f: FacetKey): number {
  if (isStepsFacet(f)) return REMOTE_LEVELS;
  return isList(f) ? e.lists[f].values.length : e.columns[f].values.length;
}

/** counts = full - counts, in place. */
function subtractFrom(full: Uint32Array, counts: Uint32Array): void {
  for (let i = 0; i < counts.length; i++) counts[i] = full[i]! - counts[i]!;
}

/** Whether one facet over `length` documents is counted from the facet rows (see countIds). */
function throughRows(e: Engine, f: FacetKey, length: number): boolean {
  const list = e.rows.lists.get(f);
  return list !== undefined && (list.kind === 'combinations' || length * SPARSE_RATIO < e.n);
}

/** Below n / SPARSE_RATIO documents a set counts as sparse (its documents far apart in memory). */
const SPARSE_RATIO = 16;

/** One facet from its own column, or its CSR lists for a multi-valued one. */
function countColumn(e: Engine, f: FacetKey, ids: Uint32Array, length: number, counts: Uint32Array): Uint32Array {
  if (isList(f)) {
    const { offsets, ids: values } = e.lists[f];
    for (let i = 0; i < length; i++) {
      const d = ids[i]!;
      const end = offsets[d + 1]!;
      for (let j = offsets[d]!; j < end; j++) counts[values[j]!]!++;
    }
    return counts;
  }
  const col = isStepsFacet(f) ? e.remote.level : e.columns[f].col;
  for (let i = 0; i < length; i++) counts[col[ids[i]!]!]!++;
  return counts;
}
