import type { Job } from '../domain/job.js';

/** Any UTF-16 code unit at or above the surrogates, where code-unit order and code-point order part. */
const ABOVE_BMP_ORDER_SPLIT = /[\uD800-\uFFFF]/;

/**
 * Sorts jobs in place by key in Unicode code-point order: the order of SQLite's BINARY collation
 * (UTF-8 bytes) and of PostgreSQL's "C" collation, so both stores list jobs alike.
 * JavaScript's `<` compares UTF-16 code units, which agrees unless a key holds a character at or
 * above U+D800; only then is the slower exact comparison used.
 */
export function sortByKey(jobs: Job[]): Job[] {
  const exact = jobs.some((j) => ABOVE_BMP_ORDER_SPLIT.test(j.key));
  return jobs.sort(
    exact ? (a, b) => compareCodePoints(a.key, b.key) : (a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
}

export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

/** Lifts surrogates (which start characters above U+FFFF) past U+E000..U+FFFF. */
function codePointRank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  if (unit >= 0xe000) return unit - 0x800;
  return unit;
}
