import { COLUMN_FACETS, type ColumnFacet, type Engine } from './engine.js';
import { bitsToIds } from './postings/bitset.js';
import type { DocSet } from './postings/doc-set.js';

/** A facet that is counted: a column, skills, places or the remote-share steps. */
export type FacetKey = ColumnFacet | 'skill' | 'location' | 'remote';
export const FACET_KEYS: readonly FacetKey[] = [...COLUMN_FACETS, 'skill', 'location', 'remote'];

/** Counts per code of each counted facet, over a set of `total` documents. */
export interface Counts {
  readonly total: number;
  readonly byFacet: Partial<Record<FacetKey, Uint32Array>>;
}

/**
 * Counts the given facets over the set in one pass per facet over its document numbers. A set
 * larger than half the corpus is counted through its complement, subtracted from `full`
 * (the counts over all documents, computed once at build).
 * @example countFacets(engine, set, ['workModel'], full).byFacet.workModel // counts by code
 */
export function countFacets(e: Engine, set: DocSet, facets: readonly FacetKey[], full: Counts | null): Counts {
  if (set.kind === 'all' && full) return full;
  const n = e.n;
  const complement = full !== null && e.tuning.complement && set.kind === 'bits' && set.size * 2 > n;
  let ids: Uint32Array;
  if (set.kind === 'list') ids = set.ids;
  else if (set.kind === 'all') ids = Uint32Array.from({ length: n }, (_, i) => i);
  else {
    ids = new Uint32Array(complement ? n - set.size : set.size);
    bitsToIds(set.words, n, ids, complement);
  }
  const byFacet: Partial<Record<FacetKey, Uint32Array>> = {};
  for (const f of facets) {
    const counts = countOne(e, f, ids);
    if (complement) subtractFrom(full.byFacet[f]!, counts);
    byFacet[f] = counts;
  }
  return { total: set.size, byFacet };
}

/** counts = full - counts, in place. */
function subtractFrom(full: Uint32Array, counts: Uint32Array): void {
  for (let i = 0; i < counts.length; i++) counts[i] = full[i]! - counts[i]!;
}

function countOne(e: Engine, f: FacetKey, ids: Uint32Array): Uint32Array {
  if (f === 'skill') return countMulti(e.skills.offsets, e.skills.ids, e.skills.values.length, ids);
  if (f === 'location') {
    const c = e.places.column;
    return countMulti(c.offsets, c.ids, c.values.length, ids);
  }
  if (f === 'remote') return countColumn(e.remote.level, 6, ids);
  const column = e.columns[f];
  return countColumn(column.col, column.values.length, ids);
}

function countColumn(col: Uint32Array, size: number, ids: Uint32Array): Uint32Array {
  const counts = new Uint32Array(size);
  for (let i = 0; i < ids.length; i++) counts[col[ids[i]!]!]!++;
  return counts;
}

function countMulti(offsets: Uint32Array, values: Uint32Array, size: number, ids: Uint32Array): Uint32Array {
  const counts = new Uint32Array(size);
  for (let i = 0; i < ids.length; i++) {
    const d = ids[i]!;
    const end = offsets[d + 1]!;
    for (let j = offsets[d]!; j < end; j++) counts[values[j]!]!++;
  }
  return counts;
}
