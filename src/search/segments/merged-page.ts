import type { ListedJob } from '../../domain/job.js';
import type { ListRequest } from '../../domain/query.js';
import { compareBoardIds } from '../columns/board-order.js';
import type { Engine } from '../engine.js';
import { orderedMatches, withEstimate } from '../query/list.js';
import { paginate } from '../query/paginate.js';
import { parseKeywords } from '../text/keyword-query.js';
import type { View } from './reader-view.js';

/**
 * A page over every segment, at a cost that grows with the page's window, not with the
 * segments' matches. A match at position p of its segment's order (ties by board id, as the
 * merged order breaks them) is at position p or later in the merged order, so the page's window
 * [start, end) needs at most each small segment's first `end` matches; and the base's matches
 * before position start - D (D: those the small segments give) cannot reach it either, so the
 * base gives the window [from, end) of its own order (its own paging: a walk from the nearer
 * end), plus the one match before it as an anchor, whose merged position is `from - 1` plus
 * the small segments' hits before it — when from > 0, D < start, so every small segment gave
 * all its matches and that count is exact. Each run's hits before the page are then found by
 * binary search (a hit's merged position is the count of the runs' hits before it), and only
 * the page itself is merged k-way. A hit the runs lack lies after a whole run, so at or past
 * `end`: the merged positions of the runs' hits below `end` are exact. Relevance by score alike.
 */
export function mergedPage(views: readonly View[], request: ListRequest): { total: number; jobs: ListedJob[] } {
  // Every segment evaluated first (each on its own engine, whose scratch holds the matches until
  // its next evaluation), so that the page's window is known before any window is cut.
  const orders = views.map((v) => ordered(v, request));
  const total = orders.reduce((sum, o) => sum + o.total, 0);
  const { start, end } = paginate(total, request.page, request.perPage);
  if (start >= end) return { total, jobs: [] };
  const byScore = request.sort === 'relevance' && hasWords(views[0]!, request);
  const descending = request.sort === 'relevance' ? !byScore || request.order === 'desc' : request.order === 'desc';
  const runs: Run[] = [];
  let d = 0;
  for (let s = 1; s < orders.length; s++) {
    const run = orders[s]!.run(0, end);
    d += run.docs.length;
    runs.push(run);
  }
  const base = orders[0]!;
  // Clipped to the base's matches, so that the base has a document just before its window.
  const from = Math.min(base.total, Math.max(0, start - d));
  const baseRun = base.run(Math.max(0, from - 1), end);
  runs.push(baseRun);
  const before = (a: Run, i: number, b: Run, j: number): number =>
    compareKeys(keyOf(a, i), keyOf(b, j), descending) || compareBoardIds(idOf(a, i), idOf(b, j));
  let pos = 0; // the merged position of the runs' next hits
  if (from > 0) {
    baseRun.next = 1;
    pos = from;
    // The cut below counts every run's hits from its next one: skipping the small runs' hits
    // before the anchor here only narrows its searches.
    // Stryker disable next-line BlockStatement: equivalent (above)
    for (const run of runs) {
      if (run === baseRun) continue;
      // Stryker disable next-line ArrowFunction: equivalent (above)
      run.next = firstAfter(run, (i) => before(run, i, baseRun, 0) < 0);
      pos += run.next;
    }
  }
  // The hits before the page, found without merging them: each run's first hit whose merged
  // position (pos, plus the runs' hits from their next one on before it) is start or later.
  if (pos < start) {
    const cuts = runs.map((run) => cutAt(run, start - pos, runs, before));
    runs.forEach((run, j) => (run.next = cuts[j]!));
    pos = start;
  }
  const jobs: ListedJob[] = [];
  while (pos < end) {
    let best: Run | null = null;
    for (const run of runs) {
      if (run.next < run.docs.length && (best === null || before(run, run.next, best, best.next) < 0)) best = run;
    }
    if (best === null) break;
    jobs.push(withEstimate(best.e, best.docs[best.next++]!));
    pos++;
  }
  return { total, jobs };
}

/** A segment's matches in the request's order: their number, and a run at any window of it. */
function ordered(v: View, request: ListRequest): { total: number; run: (start: number, end: number) => Run } {
  const order = orderedMatches(v.e, request, v.ctx);
  return {
    total: order.total,
    run: (start, end) => {
      const got = order.window(start, end);
      if (got.scores !== null) return { e: v.e, docs: got.docs, keys: got.scores, byDoc: false, next: 0 };
      const keys = request.sort === 'salary' ? v.e.mids : v.e.cards.postedAt;
      return { e: v.e, docs: got.docs, keys, byDoc: true, next: 0 };
    },
  };
}

/** Whether the request's keywords have words (relevance then orders by score). */
function hasWords(v: View, request: ListRequest): boolean {
  const text = request.filter.keywords;
  return (
    text !== undefined && parseKeywords(v.e.keywords, text, request.filter.typos !== false, v.ctx.keywords) !== null
  );
}

/** A window of one segment's order: its documents and their keys. */
interface Run {
  readonly e: Engine;
  readonly docs: Uint32Array;
  /**
   * Scores by position in the run, or (byDoc) the sort key by document: the date, or the salary's
   * midpoint (the estimate's without one).
   */
  readonly keys: Float64Array;
  readonly byDoc: boolean;
  /** The index of the run's next document in the k-way merge. */
  next: number;
}

/** The sort key of a run's i-th document. */
function keyOf(run: Run, i: number): number {
  return run.keys[run.byDoc ? run.docs[i]! : i]!;
}

/** Board id and key of a run's document: the tie-break. */
function idOf(run: Run, i: number): { boardId: string; key: string } {
  const d = run.docs[i]!;
  return { boardId: run.e.cards.boardIds[d]!, key: run.e.cards.keys[d]! };
}

/** The index of the run's first document from `next` on for which `isBefore` fails (it holds on a prefix). */
function firstAfter(run: Run, isBefore: (i: number) => boolean): number {
  let lo = run.next;
  let hi = run.docs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (isBefore(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The index of the run's first document from `next` on that has at least k hits of all the runs
 * (from their `next`) before it in the merged order.
 */
function cutAt(
  run: Run,
  k: number,
  runs: readonly Run[],
  before: (a: Run, i: number, b: Run, j: number) => number,
): number {
  let lo = run.next;
  let hi = run.docs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    let place = mid - run.next;
    for (const other of runs) {
      if (other === run || place >= k) continue;
      place += firstAfter(other, (i) => before(other, i, run, mid) < 0) - other.next;
    }
    if (place < k) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Keys in the given direction; a missing key (NaN) last either way. */
function compareKeys(a: number, b: number, descending: boolean): number {
  const na = Number.isNaN(a);
  const nb = Number.isNaN(b);
  if (na || nb) return na === nb ? 0 : na ? 1 : -1;
  if (a === b) return 0;
  return a < b === descending ? 1 : -1;
}
