/**
 * Precomputed sort orders. Each is a permutation of the document numbers (`perm`) and its
 * inverse (`rank`: position of a document in `perm`). Documents without a key (NaN) come last
 * in both directions; ties keep document order, which is board-id order, so paging is stable.
 */
export interface SortOrder {
  readonly perm: Uint32Array;
  readonly rank: Uint32Array;
}

/**
 * Counting sort over the ranks of the distinct keys: O(n log u) for u distinct keys.
 * @example buildSortOrder(Float64Array.of(3, NaN, 1), false).perm // [2, 0, 1]
 */
export function buildSortOrder(keys: Float64Array, descending: boolean): SortOrder {
  const n = keys.length;
  const distinct = distinctSorted(keys);
  const u = distinct.length;
  const bucketOf = new Uint32Array(n);
  const counts = new Uint32Array(u + 2);
  for (let d = 0; d < n; d++) {
    const k = keys[d]!;
    let b = u;
    if (!Number.isNaN(k)) {
      const r = indexOf(distinct, k);
      b = descending ? u - 1 - r : r;
    }
    bucketOf[d] = b;
    counts[b + 1]!++;
  }
  for (let b = 0; b <= u; b++) counts[b + 1]! += counts[b]!;
  const perm = new Uint32Array(n);
  const rank = new Uint32Array(n);
  for (let d = 0; d < n; d++) {
    const pos = counts[bucketOf[d]!]!++;
    perm[pos] = d;
    rank[d] = pos;
  }
  return { perm, rank };
}

function distinctSorted(keys: Float64Array): Float64Array {
  const sorted = keys.filter((k) => !Number.isNaN(k)).sort();
  let u = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (i === 0 || sorted[i] !== sorted[u - 1]) sorted[u++] = sorted[i]!;
  }
  return sorted.subarray(0, u);
}

function indexOf(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
