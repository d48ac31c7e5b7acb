import type { Suggestion } from '../../domain/query.js';
import { foldKey, foldKeys } from '../../domain/text-fold.js';
import { COLLATOR, compareStrings } from '../columns/columns.js';
import { firstK } from '../postings/top-k.js';
import { forEachWordStart } from './tokenize.js';
import { runSteps, type Steps } from '../../lib/steps.js';

/** Queries this short (1 or 2 characters) are answered from precomputed lists. */
const SHORT_PREFIX = 2;
/**
 * Entries per precomputed list (the largest limit served from them). Enough for the inner-word
 * list too: the best (limit - w) inner matches outside the w whole-name ones are among the best
 * `limit` of the inner range.
 */
const SHORT_TOP = 50;
/** Names (or groups of keys) read between two yields of buildSuggestIndexSteps. */
const STEP_LABELS = 500;

/**
 * Sorted fold keys with the entity each belongs to; for every 1- and 2-character prefix, the
 * best SHORT_TOP entity ranks of its range (ascending), since those ranges are the long ones.
 */
interface KeyTable {
  readonly keys: string[];
  readonly entities: Uint32Array;
  readonly short: ReadonlyMap<string, Uint32Array>;
}

/**
 * Autocomplete over display names. Every word start of a name gives a key: the folded rest of
 * the name from that word (`Frankfurt am Main` -> `frankfurt-am-main`, `am-main`, `main`), in
 * both umlaut forms. `whole` holds the keys from the first word, `inner` the others; a query
 * is a binary-searched prefix range in each.
 */
export interface SuggestIndex {
  readonly values: readonly string[];
  readonly labels: readonly string[];
  readonly whole: KeyTable;
  readonly inner: KeyTable;
  /** Rank of each entity by number of jobs (descending), then label, then value. */
  readonly rank: Uint32Array;
  readonly byRank: Uint32Array;
  readonly stamp: Uint32Array;
  query: number;
}

/** Entities are 0..k-1 with their suggestion value, display label and number of live jobs. */
export function buildSuggestIndex(
  values: readonly string[],
  labels: readonly string[],
  jobs: ArrayLike<number>,
): SuggestIndex {
  return runSteps(buildSuggestIndexSteps(values, labels, jobs));
}

/** `buildSuggestIndex` in steps (steps.ts): the names read STEP_LABELS at a time, then each table. */
export function* buildSuggestIndexSteps(
  values: readonly string[],
  labels: readonly string[],
  jobs: ArrayLike<number>,
): Steps<SuggestIndex> {
  const whole: [string, number][] = [];
  const inner: [string, number][] = [];
  for (let entity = 0; entity < labels.length; entity++) {
    const label = labels[entity]!;
    let first = true;
    forEachWordStart(label, (start) => {
      for (const key of foldKeys(label.slice(start))) (first ? whole : inner).push([key, entity]);
      first = false;
    });
    if (entity % STEP_LABELS === STEP_LABELS - 1) yield;
  }
  const order = labels.map((_, i) => i);
  order.sort(
    (a, b) => jobs[b]! - jobs[a]! || COLLATOR.compare(labels[a]!, labels[b]!) || compareStrings(values[a]!, values[b]!),
  );
  const rank = new Uint32Array(labels.length);
  order.forEach((entity, r) => (rank[entity] = r));
  yield;
  const wholeTable = yield* tableSteps(whole, rank);
  const innerTable = yield* tableSteps(inner, rank);
  return {
    values,
    labels,
    whole: wholeTable,
    inner: innerTable,
    rank,
    byRank: Uint32Array.from(order),
    stamp: new Uint32Array(labels.length),
    query: 0,
  };
}

function* tableSteps(pairs: [string, number][], rank: Uint32Array): Steps<KeyTable> {
  pairs.sort((a, b) => compareStrings(a[0], b[0]) || a[1] - b[1]);
  yield;
  const short = new Map<string, Uint32Array>();
  for (let length = 1; length <= SHORT_PREFIX; length++) {
    let from = 0;
    let groups = 0;
    while (from < pairs.length) {
      if (++groups % STEP_LABELS === 0) yield;
      // A key shorter than the prefix (the one-letter word ending "Plan B") has no such prefix: on
      // its own, not as the head of a group, or it would take in every key after it that starts
      // with its letter and leave their two-letter prefixes without a list.
      if (pairs[from]![0].length < length) {
        from++;
        continue;
      }
      const prefix = pairs[from]![0].slice(0, length);
      let to = from;
      const ranks = new Set<number>();
      for (; to < pairs.length && pairs[to]![0].startsWith(prefix); to++) ranks.add(rank[pairs[to]![1]]!);
      short.set(prefix, Uint32Array.from(firstK([...ranks], SHORT_TOP, (a, b) => a < b)));
      from = to;
    }
  }
  return { keys: pairs.map((p) => p[0]), entities: Uint32Array.from(pairs, (p) => p[1]), short };
}

/**
 * Up to `limit` entities whose name has a word starting with `q` (folded): whole-name prefix
 * matches first, then by number of jobs; the kept ones sorted by label (German collation).
 * @example suggest(index, 'mün', 10) // [{ value: 'münchen', label: 'München' }]
 */
export function suggest(index: SuggestIndex, q: string, limit: number): Suggestion[] {
  const key = foldKey(q);
  const max = Math.floor(limit);
  if (key === '' || !(max >= 1)) return [];
  if (++index.query === 0xffffffff) {
    index.stamp.fill(0);
    index.query = 1;
  }
  const kept = pick(index, index.whole, key, max);
  if (kept.length < max) kept.push(...pick(index, index.inner, key, max - kept.length));
  const entities = kept.map((r) => index.byRank[r]!);
  entities.sort(
    (a, b) =>
      COLLATOR.compare(index.labels[a]!, index.labels[b]!) || compareStrings(index.values[a]!, index.values[b]!),
  );
  return entities.map((e) => ({ value: index.values[e]!, label: index.labels[e]! }));
}

/**
 * The entities with a whole-name key (`whole`) and with only an inner-word key (`inner`) starting
 * with `q` (folded), each the best `max` by rank, best first: what the reader (segments/merged-suggest.ts) merges across
 * segments before it ranks them by their counts over all of them.
 */
export function rankedMatches(index: SuggestIndex, q: string, max: number): { whole: number[]; inner: number[] } {
  const key = foldKey(q);
  if (key === '' || !(max >= 1)) return { whole: [], inner: [] };
  if (++index.query === 0xffffffff) {
    index.stamp.fill(0);
    index.query = 1;
  }
  const whole = pick(index, index.whole, key, max).map((r) => index.byRank[r]!);
  const inner = pick(index, index.inner, key, max).map((r) => index.byRank[r]!);
  return { whole, inner };
}

/** The best `max` ranks among not yet picked entities with a key starting with `prefix`. */
function pick(index: SuggestIndex, t: KeyTable, prefix: string, max: number): number[] {
  if (prefix.length <= SHORT_PREFIX && max <= SHORT_TOP) return pickShort(index, t.short.get(prefix), max);
  const ranks: number[] = [];
  for (let i = lowerBound(t.keys, prefix); i < t.keys.length && t.keys[i]!.startsWith(prefix); i++) {
    const entity = t.entities[i]!;
    if (index.stamp[entity] === index.query) continue;
    index.stamp[entity] = index.query;
    ranks.push(index.rank[entity]!);
  }
  return firstK(ranks, max, (a, b) => a < b);
}

/** From a precomputed best-first list: the first `max` entities not yet picked. */
function pickShort(index: SuggestIndex, best: Uint32Array | undefined, max: number): number[] {
  const ranks: number[] = [];
  if (!best) return ranks;
  for (let i = 0; i < best.length && ranks.length < max; i++) {
    const entity = index.byRank[best[i]!]!;
    if (index.stamp[entity] === index.query) continue;
    index.stamp[entity] = index.query;
    ranks.push(best[i]!);
  }
  return ranks;
}

function lowerBound(keys: readonly string[], x: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
