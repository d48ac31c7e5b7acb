import type { ListedJob } from '../../domain/job.js';
import type { ListRequest } from '../../domain/query.js';
import type { Engine } from '../engine.js';
import { evaluate, planFilter, positionCode, type Plan, type PlanContext } from './filter.js';
import type { KeywordContext, KeywordQuery } from '../text/keyword-query.js';
import { relevanceWindow, type RelevanceExtras } from './relevance-page.js';
import { bitsToIds } from '../postings/bitset.js';
import { pageFromOrder, paginate, type PageWindow } from './paginate.js';
import { toIds, type DocSet } from '../postings/doc-set.js';
import type { SortOrder } from '../columns/sort.js';

/**
 * One page of matching jobs. `date` and `salary` walk a precomputed order; `relevance` ranks by
 * the tiers of keyword-query.ts (words matched, preferred facet values, exact words, position,
 * BM25), and without keywords is the same as date descending (whatever the order).
 * @example listPage(engine, { filter: {}, sort: 'date', order: 'desc', page: 1, perPage: 20 })
 */
export function listPage(e: Engine, request: ListRequest): { total: number; jobs: ListedJob[] } {
  const plan = planFilter(e, request.filter);
  const match = evaluate(e, plan);
  const w = paginate(match.size, request.page, request.perPage);
  const { docs } = pageDocs(e, request, plan, match, w, null);
  return { total: match.size, jobs: Array.from(docs, (d) => withEstimate(e, d)) };
}

/**
 * The matching documents at positions [start, end) of the request's order, and for a keyword
 * relevance order their scores (ctx: keyword statistics over several segments, see segments/search-index.ts).
 */
function pageDocs(
  e: Engine,
  request: ListRequest,
  plan: Plan,
  match: DocSet,
  w: PageWindow,
  ctx: KeywordContext | null,
): { docs: Uint32Array; scores: Float64Array | null } {
  if (request.sort === 'relevance' && plan.keywords !== null) {
    const ids = match.kind === 'bits' ? idsOf(e, match.words, match.size) : toIds(match, e.n);
    const bits = match.kind === 'bits' ? match.words : e.scratch.bitsOf(ids);
    const extras = relevanceExtras(e, plan, plan.keywords);
    const descending = request.order === 'desc';
    const prune = e.tuning.relevance !== 'full';
    const impact = e.tuning.relevance === 'impact' ? e.tuning.impactPrefix : 0;
    const k = plan.keywords.words;
    return relevanceWindow(e.keywords, k, ids, bits, w.start, w.end, descending, extras, ctx, prune, impact);
  }
  const docs = pageFromOrder(orderOf(e, request), match, e.n, w, e.tuning.paging, (ids) => e.scratch.bitsOf(ids));
  return { docs, scores: null };
}

/** What a relevance page adds besides the words: the position the keywords name, the preferred values. */
export function relevanceExtras(e: Engine, plan: Plan, keywords: KeywordQuery): RelevanceExtras {
  const code = positionCode(e, keywords);
  return {
    positions: e.columns.position.col,
    code,
    prefer: plan.prefer.map((c) => c.has),
    preferred: plan.prefer.map((c) => c.docs()),
    named: code === undefined ? undefined : e.columns.position.postings[code],
  };
}

/**
 * One segment's matches in the request's order, evaluated once: their number, and the documents at
 * positions [start, end) of the order (clipped to the matches) with (relevance with keywords)
 * their scores — what segments/merged-page.ts merges across segments. A window is valid until the engine's
 * next evaluation (scratch buffers).
 */
export function orderedMatches(
  e: Engine,
  request: ListRequest,
  ctx: PlanContext,
): { total: number; window: (start: number, end: number) => { docs: Uint32Array; scores: Float64Array | null } } {
  const plan = planFilter(e, request.filter, ctx);
  const match = evaluate(e, plan);
  return {
    total: match.size,
    window: (start, end) =>
      pageDocs(
        e,
        request,
        plan,
        match,
        { start: Math.min(start, match.size), end: Math.min(end, match.size) },
        ctx.keywords,
      ),
  };
}

/** The ids of a bitset match, in the scratch's id buffer. */
function idsOf(e: Engine, words: Uint32Array, size: number): Uint32Array {
  const ids = e.scratch.ids().subarray(0, size);
  bitsToIds(words, e.n, ids);
  return ids;
}

function orderOf(e: Engine, request: ListRequest): SortOrder {
  const desc = request.order === 'desc';
  if (request.sort === 'salary') return desc ? e.orders.salaryDesc : e.orders.salaryAsc;
  if (request.sort === 'relevance') return e.orders.dateDesc;
  return desc ? e.orders.dateDesc : e.orders.dateAsc;
}

/** The job as stored, with estimatedSalary set exactly where salary is null. */
export function withEstimate(e: Engine, d: number): ListedJob {
  const job = e.cards.get(d);
  if (job.salary !== null) return job.estimatedSalary === null ? job : { ...job, estimatedSalary: null };
  const est = e.estimates[d] ?? null;
  return { ...job, estimatedSalary: est ? { min: est.min, max: est.max } : null };
}
