/** Packs hold at most this many code combinations (their counters stay in the CPU cache). */
export const MAX_PACK_SIZE = 4096;

/** A single-valued column to pack: `size` codes (0..size-1) per document. */
export interface PackInput<K> {
  readonly key: K;
  readonly col: Uint32Array;
  readonly size: number;
}

/**
 * Several small single-valued facets packed into one code per document
 * (`code = Σ code_f × stride_f`), so that one pass over the documents counts them all; the
 * counts per facet are then read off the combination counts.
 */
export interface FacetPack<K> {
  readonly keys: readonly K[];
  readonly sizes: readonly number[];
  readonly strides: readonly number[];
  readonly size: number;
  readonly codes: Uint32Array;
}

/**
 * Greedy packing, smallest facets first, while the product of sizes stays within MAX_PACK_SIZE.
 * A facet too large for any pack is left out (counted on its own).
 * @example buildPacks(n, [{ key: 'workModel', col, size: 4 }, { key: 'seo', col: seoCol, size: 3 }]) // one pack of 12
 */
export function buildPacks<K>(n: number, inputs: readonly PackInput<K>[]): FacetPack<K>[] {
  const sorted = [...inputs].filter((c) => c.size <= MAX_PACK_SIZE / 2).sort((a, b) => a.size - b.size);
  const groups: PackInput<K>[][] = [];
  let group: PackInput<K>[] = [];
  let product = 1;
  for (const c of sorted) {
    if (product * c.size > MAX_PACK_SIZE) {
      groups.push(group);
      group = [];
      product = 1;
    }
    group.push(c);
    product *= c.size;
  }
  if (group.length > 0) groups.push(group);
  return groups.filter((g) => g.length > 1).map((g) => pack(n, g));
}

function pack<K>(n: number, group: readonly PackInput<K>[]): FacetPack<K> {
  const strides: number[] = [];
  let size = 1;
  for (const c of group) {
    strides.push(size);
    size *= c.size;
  }
  const codes = new Uint32Array(n);
  group.forEach((c, i) => {
    const stride = strides[i]!;
    for (let d = 0; d < n; d++) codes[d]! += c.col[d]! * stride;
  });
  return { keys: group.map((c) => c.key), sizes: group.map((c) => c.size), strides, size, codes };
}

/**
 * Counts the pack over ids[0, length) into `combos` (zeroed, p.size long), then the counts of
 * each wanted facet of the pack, into counters from `alloc` (zeroed); null for the others.
 */
export function countPack<K>(
  p: FacetPack<K>,
  ids: Uint32Array,
  length: number,
  combos: Uint32Array,
  wanted: (key: K) => boolean,
  alloc: (key: K, size: number) => Uint32Array,
): (Uint32Array | null)[] {
  const codes = p.codes;
  for (let i = 0; i < length; i++) combos[codes[ids[i]!]!]!++;
  return p.keys.map((key, f) => {
    if (!wanted(key)) return null;
    const counts = alloc(key, p.sizes[f]!);
    const stride = p.strides[f]!;
    const size = p.sizes[f]!;
    for (let c = 0; c < p.size; c++) {
      const k = combos[c]!;
      if (k !== 0) counts[Math.floor(c / stride) % size]! += k;
    }
    return counts;
  });
}
