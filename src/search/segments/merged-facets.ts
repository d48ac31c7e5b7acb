import type { FacetCounts, FacetRequest } from '../../domain/query.js';
import { isStepsFacet, LIST_FACETS, type ColumnFacet, type ListFacet } from '../../domain/facet-catalogue.js';
import { runSteps, type Steps } from '../../lib/steps.js';
import { COLLATOR, compareStrings } from '../columns/columns.js';
import type { PlaceInfo } from '../columns/places.js';
import { FACET_KEYS, type FacetKey } from '../query/facet-count.js';
import { buildLists, tallyFacets, type DictFacet, type FacetDict, type FacetDicts } from '../query/facets.js';
import type { View } from './reader-view.js';

/**
 * Facet counts over every segment: each segment tallies with its own codes, the counts are mapped
 * into one union dictionary per facet (the base's codes first, each other segment's new values
 * appended) and the lists are made once from the summed counts.
 */
export function mergedFacets(views: readonly View[], dicts: UnionDicts, request: FacetRequest): FacetCounts {
  const tallies = views.map((v) => tallyFacets(v.e, v.segment.all, v.segment.bases, request, v.ctx));
  const counts: Partial<Record<FacetKey, Uint32Array>> = {};
  for (const f of FACET_KEYS) {
    if (tallies[0]!.counts[f] === undefined) continue;
    if (isStepsFacet(f)) {
      // Steps are levels, the same in every segment: summed as they are.
      const sum = new Uint32Array(tallies[0]!.counts[f].length);
      for (const t of tallies) t.counts[f]!.forEach((c, level) => (sum[level]! += c));
      counts[f] = sum;
      continue;
    }
    const dict = dicts.dicts[f];
    const first = tallies[0]!.counts[f];
    if (tallies.length === 1 && first.length === dict.values.length) {
      // One segment: its codes are the union's, and its counts a copy of its own.
      first[0] = 0;
      counts[f] = first;
      continue;
    }
    const sum = new Uint32Array(dict.values.length);
    tallies.forEach((t, s) => {
      const own = t.counts[f]!;
      const map = dict.maps[s]!;
      for (let code = 1; code < own.length; code++) if (own[code] !== 0) sum[map[code]!]! += own[code]!;
    });
    counts[f] = sum;
  }
  const total = tallies.reduce((sum, t) => sum + t.total, 0);
  const seoTotal = tallies.reduce((sum, t) => sum + t.seoTotal, 0);
  return buildLists(dicts, request, { counts, total, seoTotal, uncounted: tallies[0]!.uncounted });
}

/** A facet's dictionary in each segment, the base first. */
export function dictsOf(views: readonly View[], f: DictFacet): FacetDict[] {
  const list = (LIST_FACETS as readonly string[]).includes(f);
  return views.map((v) => (list ? v.e.lists[f as ListFacet] : v.e.columns[f as ColumnFacet]));
}

/** The union dictionaries with the reader's buckets and places (FacetDicts). */
export function unionDictsOf(
  views: readonly View[],
  dicts: Record<DictFacet, UnionDict>,
  center: (value: string) => PlaceInfo | null,
): UnionDicts {
  const places = dicts.location;
  return {
    dicts,
    buckets: views[0]!.e.buckets,
    placeCode: (value) => {
      const info = center(value);
      return info === null ? null : (places.codes.get(info.slug) ?? null);
    },
  };
}

/** A dictionary over several: codes of the first as they are, then each new value appended. */
/** Every facet's union dictionary, with each segment's code map. */
export interface UnionDicts extends FacetDicts {
  readonly dicts: Readonly<Record<DictFacet, UnionDict>>;
}

/** A dictionary over several: codes of the first as they are, then each new value appended. */
export interface UnionDict extends FacetDict {
  /** Per segment: its code -> the union code. */
  readonly maps: readonly Uint32Array[];
}

export function unionDict(dicts: readonly FacetDict[]): UnionDict {
  return runSteps(unionDictSteps(dicts));
}

/** Codes copied or mapped between two yields of unionDictSteps. */
const UNION_STEP = 4_096;

/**
 * `unionDict` in steps (steps.ts): the base's codes are copied, and each segment's mapped, with a
 * yield every UNION_STEP codes (at a million postings a place or company dictionary holds tens of
 * thousands of values).
 */
export function* unionDictSteps(dicts: readonly FacetDict[]): Steps<UnionDict> {
  const first = dicts[0]!;
  const values = [...first.values];
  const labels = [...first.labels];
  const codes = new Map<string, number>();
  for (const [value, code] of first.codes) {
    codes.set(value, code);
    if (codes.size % UNION_STEP === 0) yield;
  }
  const maps: Uint32Array[] = [];
  for (const [s, d] of dicts.entries()) {
    const map = new Uint32Array(d.values.length);
    for (let code = 1; code < d.values.length; code++) {
      if (code % UNION_STEP === 0) yield;
      if (s === 0) {
        map[code] = code;
        continue;
      }
      const value = d.values[code]!;
      let union = codes.get(value);
      if (union === undefined) {
        union = values.length;
        values.push(value);
        labels.push(d.labels[code]!);
        codes.set(value, union);
      }
      map[code] = union;
    }
    maps.push(map);
  }
  yield;
  const labelRank =
    values.length === first.values.length ? first.labelRank : yield* mergedRanksSteps(first, values, labels);
  return { values, labels, codes, labelRank, maps };
}

/** Appended values placed among the first dictionary's labels between two yields of mergedRanksSteps. */
const RANK_STEP = 64;

/**
 * Label order of a union dictionary: the first dictionary's ranks, and each appended value placed
 * between the first's neighbours it falls between (German collation, then value). In steps: at a
 * million postings the first dictionary of places or companies holds tens of thousands of values,
 * and a delta's thousands of new ones, each placed with a collator's comparisons, held the index
 * worker for tens of milliseconds in one piece.
 */
function* mergedRanksSteps(
  first: FacetDict,
  values: readonly string[],
  labels: readonly string[],
): Steps<Float64Array> {
  const old = first.values.length;
  // The first dictionary's codes in label order: its ranks are 0 .. old - 2, one per code
  // (rankLabels), so the order is their inverse, made in one pass rather than sorted.
  const byRank = new Uint32Array(old - 1);
  for (let code = 1; code < old; code++) byRank[Number(first.labelRank[code])] = code;
  const before = (a: number, b: number): number =>
    COLLATOR.compare(labels[a]!, labels[b]!) || compareStrings(values[a]!, values[b]!);
  // Each appended value's place: how many of the first dictionary's labels come before it.
  const place = new Uint32Array(values.length);
  for (let code = old; code < values.length; code++) {
    if ((code - old) % RANK_STEP === RANK_STEP - 1) yield;
    let lo = 0;
    let hi = byRank.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(byRank[mid]!, code) < 0) lo = mid + 1;
      else hi = mid;
    }
    place[code] = lo;
  }
  yield;
  // The appended values in label order: a value placed lower comes before every value placed
  // higher (a first label lies between them), so only those of one place are compared.
  const added = Array.from({ length: values.length - old }, (_, i) => old + i).sort(
    (a, b) => place[a]! - place[b]! || before(a, b),
  );
  const rank = new Float64Array(values.length);
  for (let code = 1; code < old; code++) rank[code] = Number(first.labelRank[code]);
  added.forEach((code, i) => {
    const lo = place[code]!;
    // Between rank lo - 1 and lo of the first dictionary, in the order of the added values.
    rank[code] = Number(lo === 0 ? -1 : first.labelRank[byRank[lo - 1]!]) + (i + 1) / (added.length + 1);
  });
  return rank;
}
