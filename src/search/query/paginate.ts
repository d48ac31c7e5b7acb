import { hasBit } from '../postings/bitset.js';
import { toIds, type DocSet } from '../postings/doc-set.js';
import type { SortOrder } from '../columns/sort.js';
import { firstK } from '../postings/top-k.js';

/** Largest page size the engine serves; larger requests are capped. */
export const MAX_PER_PAGE = 1000;

/** Item window [start, end) of a 1-based page; empty when the page lies beyond the last item. */
export interface PageWindow {
  readonly start: number;
  readonly end: number;
}

/** A page's window among `total` items, with the count of pages and whether one follows. */
export interface Page extends PageWindow {
  /** ceil(total / perPage); 0 when nothing matches. */
  readonly totalPages: number;
  readonly hasMore: boolean;
}

/**
 * The one place that turns page/perPage into item positions, for the engine and the API's
 * pagination alike. Page and perPage are floored and clamped (page >= 1, perPage
 * 1..MAX_PER_PAGE) so that no input can throw.
 * @example paginate(45, 3, 20) // { start: 40, end: 45, totalPages: 3, hasMore: false }
 */
export function paginate(total: number, page: number, perPage: number): Page {
  const size = clampInt(perPage, 1, MAX_PER_PAGE);
  const p = clampInt(page, 1, Number.MAX_SAFE_INTEGER);
  const start = Math.min(total, (p - 1) * size);
  const totalPages = Math.ceil(total / size);
  return { start, end: Math.min(total, start + size), totalPages, hasMore: p < totalPages };
}

function clampInt(x: number, min: number, max: number): number {
  // Stryker disable next-line EqualityOperator: equivalent, x is NaN or ±Infinity here, never 0
  if (!Number.isFinite(x)) return x > 0 ? max : min;
  return Math.min(max, Math.max(min, Math.floor(x)));
}

/**
 * How a page of a precomputed order is read: `empty` (a window past the end), `slice` (no filter:
 * the order itself), `forward` or `back` (walk the permutation, skipping documents not in the match
 * set, from the front, or from the back for pages past the middle of the matches), or `ranks` (sort
 * the ranks of the matches). Every way gives the same documents; the choice is speed only, so it is
 * its own function, tested against costs worked out by hand.
 */
export type PagingWay = 'empty' | 'slice' | 'forward' | 'back' | 'ranks';

/**
 * The way the cost model picks for `strategy` 'auto' (or the one forced by 'walk' / 'ranks'): a walk
 * expects to visit depth × n / m documents of the permutation to find `depth` matches; sorting costs
 * m log2(m + 1) / 2, plus n / 32 to read a bitset's ids.
 */
export function pagingWay(match: DocSet, n: number, w: PageWindow, strategy: 'auto' | 'walk' | 'ranks'): PagingWay {
  if (w.start >= w.end) return 'empty';
  if (match.kind === 'all') return 'slice';
  const m = match.size;
  const fromBack = w.start > m - w.end;
  const depth = fromBack ? m - w.start : w.end;
  const walk = (depth * n) / m; // at most n: a window lies within the matches
  const sortCost = m * Math.log2(m + 1) * 0.5 + (match.kind === 'bits' ? n / 32 : 0);
  if (strategy === 'ranks' || (strategy === 'auto' && sortCost < walk)) return 'ranks';
  return fromBack ? 'back' : 'forward';
}

type Reader = (
  order: SortOrder,
  match: DocSet,
  n: number,
  w: PageWindow,
  bitsOf: (ids: Uint32Array) => Uint32Array,
) => Uint32Array;

/** Each way's reading, by name, so that the way chosen is the way read. */
const READERS: Record<PagingWay, Reader> = {
  empty: () => new Uint32Array(0),
  slice: (order, _match, _n, w) => order.perm.slice(w.start, w.end),
  ranks: (order, match, n, w) => byRanks(order, toIds(match, n), w),
  forward: (order, match, n, w, bitsOf) => walkForward(order.perm, wordsOf(match, n, bitsOf), w),
  back: (order, match, n, w, bitsOf) => walkBack(order.perm, wordsOf(match, n, bitsOf), match.size, w),
};

/** The set as a bitset (a list through the caller's scratch bitset). */
function wordsOf(match: DocSet, n: number, bitsOf: (ids: Uint32Array) => Uint32Array): Uint32Array {
  return match.kind === 'bits' ? match.words : bitsOf(toIds(match, n));
}

/**
 * Documents at positions [start, end) of `order` restricted to `match`, read the way `pagingWay`
 * picks.
 */
export function pageFromOrder(
  order: SortOrder,
  match: DocSet,
  n: number,
  w: PageWindow,
  strategy: 'auto' | 'walk' | 'ranks',
  bitsOf: (ids: Uint32Array) => Uint32Array,
): Uint32Array {
  return READERS[pagingWay(match, n, w, strategy)](order, match, n, w, bitsOf);
}

function walkForward(perm: Uint32Array, words: Uint32Array, w: PageWindow): Uint32Array {
  const out = new Uint32Array(w.end - w.start);
  let seen = 0;
  let k = 0;
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: equivalent, the early end once the page is full and reading one past the order's end (writes past a typed array's end are dropped, perm[length] is in no set)
  for (let i = 0; i < perm.length && k < out.length; i++) {
    const d = perm[i]!;
    if (!hasBit(words, d)) continue;
    if (seen++ >= w.start) out[k++] = d;
  }
  return out;
}

function walkBack(perm: Uint32Array, words: Uint32Array, m: number, w: PageWindow): Uint32Array {
  const out = new Uint32Array(w.end - w.start);
  let pos = m;
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: equivalent, the early end once the page is full (positions before it are dropped: out[negative])
  for (let i = perm.length - 1; i >= 0 && pos > w.start; i--) {
    const d = perm[i]!;
    if (!hasBit(words, d)) continue;
    pos--;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, a position at or past the end writes past out's end, which is dropped
    if (pos < w.end) out[pos - w.start] = d;
  }
  return out;
}

function byRanks(order: SortOrder, ids: Uint32Array, w: PageWindow): Uint32Array {
  const ranks = new Uint32Array(ids.length);
  // Stryker disable next-line EqualityOperator: equivalent, ranks[length] is dropped
  for (let i = 0; i < ids.length; i++) ranks[i] = order.rank[ids[i]!]!;
  ranks.sort();
  const out = new Uint32Array(w.end - w.start);
  // Stryker disable next-line EqualityOperator: equivalent, out[length] is dropped
  for (let i = 0; i < out.length; i++) out[i] = order.perm[ranks[w.start + i]!]!;
  return out;
}

/**
 * Documents at positions [start, end) of `ids` ordered by score (desc or asc), ties by document
 * number (the best `end` are selected first, see firstK).
 */
export function pageByScore(ids: Uint32Array, scores: Float64Array, descending: boolean, w: PageWindow): Uint32Array {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, the first `end` from `start` on are none (this spares the selection)
  if (w.start >= w.end) return new Uint32Array(0);
  const before = (a: number, b: number): boolean => {
    const sa = scores[a]!;
    const sb = scores[b]!;
    if (sa !== sb) return descending ? sa > sb : sa < sb;
    return a < b;
  };
  return Uint32Array.from(firstK(ids, w.end, before).slice(w.start));
}
