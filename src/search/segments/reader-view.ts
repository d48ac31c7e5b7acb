import type { Engine } from '../engine.js';
import { betterPlace, placeCandidates, type PlaceInfo } from '../columns/places.js';
import { foldKey } from '../../domain/text-fold.js';
import { bitsToIds, popcount } from '../postings/bitset.js';
import type { PlanContext } from '../query/filter.js';
import type { KeywordContext } from '../text/keyword-query.js';
import type { Leaf } from './search-index.js';
import type { Segment } from './segment.js';

/**
 * A segment as the reader (search-index.ts) reads it, made once per reader: its engine, its
 * deleted documents listed, and the plan context its filters are evaluated in (the live documents,
 * the places over every segment, the keyword statistics over every segment).
 */
/** A segment as the reader uses it. */
export interface View {
  readonly segment: Segment;
  readonly e: Engine;
  readonly deleted: Uint32Array;
  readonly ctx: PlanContext;
  /** Live documents of the segment. */
  readonly size: number;
}

/** The view of one leaf of a reader; `center` gives the canonical place over every segment. */
export function viewOf(
  { segment, live: words }: Leaf,
  center: (value: string) => PlaceInfo | null,
  keywords: KeywordContext,
): View {
  const e = segment.engine;
  const size = words === null ? e.n : popcount(words);
  const deleted = new Uint32Array(e.n - size);
  if (words !== null) bitsToIds(words, e.n, deleted, true);
  const live: PlanContext['live'] = deleted.length > 0 ? { words: words!, size } : null;
  return { segment, e, deleted, ctx: { live, center, keywords }, size };
}

/** The canonical place of a location value over every segment: each slug read from the first segment that has it. */
export function centerOver(views: readonly View[], value: string): PlaceInfo | null {
  const key = foldKey(value);
  const seen = new Set<string>();
  let best: PlaceInfo | null = null;
  for (const v of views) {
    for (const code of placeCandidates(v.e.places, value)) {
      const info = v.e.places.info[code]!;
      if (seen.has(info.slug)) continue;
      seen.add(info.slug);
      if (best === null || betterPlace(info, best, key)) best = info;
    }
  }
  return best;
}
