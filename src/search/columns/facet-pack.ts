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
 * counts per facet are then read off the combination counts. The codes themselves go into the
 * facet rows (facet-rows.ts).
 */
export interface FacetPack<K> {
  readonly keys: readonly K[];
  readonly sizes: readonly number[];
  readonly strides: readonly number[];
  readonly size: number;
}

/**
 * Greedy packing, smallest facets first, while the product of sizes stays within MAX_PACK_SIZE.
 * A facet too large for any pack is left out (counted on its own).
 * @example buildPacks(n, [{ key: 'workModel', col, size: 4 }, { key: 'seo', col: seoCol, size: 3 }]) // one pack of 12
 */
export function buildPacks<K>(
  n: number,
  inputs: readonly PackInput<K>[],
): { pack: FacetPack<K>; codes: Uint32Array }[] {
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

function pack<K>(n: number, group: readonly PackInput<K>[]): { pack: FacetPack<K>; codes: Uint32Array } {
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
  return { pack: { keys: group.map((c) => c.key), sizes: group.map((c) => c.size), strides, size }, codes };
}

/**
 * From the counts of the pack's combinations, the counts of each wanted facet of the pack, into
 * counters from `alloc` (zeroed); null for the others.
 */
export function unpackCounts<K>(
  p: FacetPack<K>,
  combos: Uint32Array,
  wanted: (key: K) => boolean,
  alloc: (key: K, size: number) => Uint32Array,
): (Uint32Array | null)[] {
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
