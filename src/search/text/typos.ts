/**
 * Typo tolerance as Algolia, Meilisearch and Typesense do it: a query word of 5 letters or more
 * matches indexed words one edit away, of 9 or more two edits (insertion, deletion, substitution,
 * or two neighbours swapped); never on the first letter, so short words (`seo`, `sea`) never meet.
 */

/** Edits a word of this length may have. @example typoBudget(4) // 0 */
export function typoBudget(length: number): number {
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/**
 * Positions in `sorted` (ascending keys) of the keys within `budget` edits of `key` that begin
 * with its first letter, the key itself excluded.
 * @example typoKeys(['marketing', 'markt'], 'markting', 1) // [0]
 */
export function typoKeys(sorted: readonly string[], key: string, budget: number): number[] {
  if (budget <= 0 || key.length === 0) return [];
  const first = key[0]!;
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < first) lo = mid + 1;
    else hi = mid;
  }
  const out: number[] = [];
  for (let i = lo; i < sorted.length; i++) {
    const k = sorted[i]!;
    if (k[0] !== first) break;
    if (Math.abs(k.length - key.length) > budget || k === key) continue;
    if (editDistance(key, k, budget) <= budget) out.push(i);
  }
  return out;
}

const rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Optimal-string-alignment distance (Damerau-Levenshtein without edits of moved letters) between
 * a and b, or max + 1 once it is sure to exceed max.
 * @example editDistance('developper', 'developer', 2) // 1
 */
export function editDistance(a: string, b: string, max: number): number {
  const m = b.length;
  if (m + 1 > rows[0]!.length) for (let r = 0; r < 3; r++) rows[r] = new Int32Array(2 * (m + 1));
  let prev2 = rows[0]!;
  let prev = rows[1]!;
  let cur = rows[2]!;
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb)
        v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return Math.min(prev[m]!, max + 1);
}
