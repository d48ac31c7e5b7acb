import { COLUMN_FACETS, type ColumnFacet, type Engine } from './engine.js';
import { countPack } from './facet-pack.js';
import { bitsToIds } from './postings/bitset.js';
import { identity, type DocSet } from './postings/doc-set.js';
import { REMOTE_LEVELS } from './remote.js';

/** A facet that is counted: a column, skills, places or the remote-share steps. */
export type FacetKey = ColumnFacet | 'skill' | 'location' | 'remote';
export const FACET_KEYS: readonly FacetKey[] = [...COLUMN_FACETS, 'skill', 'location', 'remote'];

/** Counts per code of each counted facet, over a set of `total` documents. */
export interface Counts {
  readonly total: number;
  readonly byFacet: Partial<Record<FacetKey, Uint32Array>>;
}

/**
 * Counts the given facets over the set: one pass per pack of small facets (see facet-pack), one
 * per other facet, over its document numbers. A set
 * larger than half the corpus is counted through its complement, subtracted from `full`
 * (the counts over all documents, computed once at build).
 * @example countFacets(engine, set, ['workModel'], full).byFacet.workModel // counts by code
 */
export function countFacets(e: Engine, set: DocSet, facets: readonly FacetKey[], full: Counts | null): Counts {
  if (set.kind === 'all' && full) return full;
  const n = e.n;
  const complement = full !== null && e.tuning.complement && set.kind === 'bits' && set.size * 2 > n;
  let ids: Uint32Array;
  let length: number;
  if (set.kind === 'list') [ids, length] = [set.ids, set.size];
  else if (set.kind === 'all') [ids, length] = [identity(n), n];
  else [ids, length] = [e.scratch.ids(), bitsToIds(set.words, n, e.scratch.ids(), complement)];
  const byFacet = countIds(e, ids, length, facets);
  if (complement) for (const f of facets) subtractFrom(full.byFacet[f]!, byFacet[f]!);
  return { total: set.size, byFacet };
}

/** Counts over ids[0, length): packed facets one pack per pass (for larger sets), the rest one by one. */
function countIds(e: Engine, ids: Uint32Array, length: number, facets: readonly FacetKey[]): Partial<Record<FacetKey, Uint32Array>> {
  const byFacet: Partial<Record<FacetKey, Uint32Array>> = {};
  const wanted = new Set(facets);
  if (length >= e.tuning.packedFrom) {
    for (const p of e.packs) {
      if (!p.keys.some((k) => wanted.has(k))) continue;
      const counts = countPack(p, ids, length);
      p.keys.forEach((k, i) => {
        if (wanted.delete(k)) byFacet[k] = counts[i]!;
      });
    }
  }
  for (const f of wanted) byFacet[f] = countOne(e, f, ids, length);
  return byFacet;
}


/** counts = full - counts, in place. */
function subtractFrom(full: Uint32Array, counts: Uint32Array): void {
  for (let i = 0; i < counts.length; i++) counts[i] = full[i]! - counts[i]!;
}

function countOne(e: Engine, f: FacetKey, ids: Uint32Array, length: number): Uint32Array {
  if (f === 'skill') return countMulti(e.skills.offsets, e.skills.ids, e.skills.values.length, ids, length);
  if (f === 'location') {
    const c = e.places.column;
    return countMulti(c.offsets, c.ids, c.values.length, ids, length);
  }
  if (f === 'remote') return countColumn(e.remote.level, REMOTE_LEVELS, ids, length);
  const column = e.columns[f];
  return countColumn(column.col, column.values.length, ids, length);
}

function countColumn(col: Uint32Array, size: number, ids: Uint32Array, length: number): Uint32Array {
  const counts = new Uint32Array(size);
  for (let i = 0; i < length; i++) counts[col[ids[i]!]!]!++;
  return counts;
}

function countMulti(offsets: Uint32Array, values: Uint32Array, size: number, ids: Uint32Array, length: number): Uint32Array {
  const counts = new Uint32Array(size);
  for (let i = 0; i < length; i++) {
    const d = ids[i]!;
    const end = offsets[d + 1]!;
    for (let j = offsets[d]!; j < end; j++) counts[values[j]!]!++;
  }
  return counts;
}
