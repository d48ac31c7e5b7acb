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
 * Both directions of one key, by counting sort over the ranks of the distinct keys:
 * O(n log u) for u distinct keys (one sort of the keys, one binary search per document).
 * @example buildSortOrders(Float64Array.of(3, NaN, 1)).asc.perm // [2, 0, 1]
 */
export function buildSortOrders(keys: Float64Array): { asc: SortOrder; desc: SortOrder } {
  const { bucket, u } = bucketsOf(keys);
  return { asc: countingSort(bucket, u, false), desc: countingSort(bucket, u, true) };
}

/** One direction only. */
export function buildSortOrder(keys: Float64Array, descending: boolean): SortOrder {
  const { bucket, u } = bucketsOf(keys);
  return countingSort(bucket, u, descending);
}

/** Each document's key as the rank of its distinct value (u: no key). */
function bucketsOf(keys: Float64Array): { bucket: Uint32Array; u: number } {
  const distinct = distinctSorted(keys);
  const u = distinct.length;
  const bucket = new Uint32Array(keys.length);
  for (let d = 0; d < keys.length; d++) {
    const k = keys[d]!;
    bucket[d] = Number.isNaN(k) ? u : indexOf(distinct, k);
  }
  return { bucket, u };
}

/** Buckets 0..u-1 ascending (or descending), then bucket u (no key); ties by document. */
function countingSort(bucket: Uint32Array, u: number, descending: boolean): SortOrder {
  const n = bucket.length;
  const start = new Uint32Array(u + 2);
  const slot = (b: number): number => (descending && b < u ? u - 1 - b : b);
  for (let d = 0; d < n; d++) start[slot(bucket[d]!) + 1]!++;
  for (let b = 0; b <= u; b++) start[b + 1]! += start[b]!;
  const perm = new Uint32Array(n);
  const rank = new Uint32Array(n);
  for (let d = 0; d < n; d++) {
    const pos = start[slot(bucket[d]!)]!++;
    perm[pos] = d;
    rank[d] = pos;
  }
  return { perm, rank };
}

function distinctSorted(keys: Float64Array): Float64Array {
  const sorted = new Float64Array(keys.length);
  let m = 0;
  for (let d = 0; d < keys.length; d++) if (!Number.isNaN(keys[d]!)) sorted[m++] = keys[d]!;
  const present = sorted.subarray(0, m).sort();
  let u = 0;
  for (let i = 0; i < present.length; i++) {
    if (i === 0 || present[i] !== present[u - 1]) present[u++] = present[i]!;
  }
  // Stryker disable next-line MethodExpression: equivalent, the tail left behind holds the largest values again, and the lower-bound search of a value present finds the same bucket order
  return present.slice(0, u);
}

function indexOf(sorted: Float64Array, x: number): number {
  let lo = 0;
  // Stryker disable next-line ArithmeticOperator: equivalent, x is always one of the sorted keys, so the search never goes past its index
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
