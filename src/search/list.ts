import type { ListedJob } from '../domain/job.js';
import type { ListRequest } from '../domain/query.js';
import type { Engine } from './engine.js';
import { evaluate, planFilter } from './filter.js';
import { scoreTerms } from './keyword-query.js';
import { pageByScore, pageFromOrder, paginate } from './paginate.js';
import { toIds } from './postings/doc-set.js';
import type { SortOrder } from './sort.js';

/**
 * One page of matching jobs. `date` and `salary` walk a precomputed order; `relevance` ranks by
 * BM25 score, and without keywords is the same as date descending (whatever the order).
 * @example listPage(engine, { filter: {}, sort: 'date', order: 'desc', page: 1, perPage: 20 })
 */
export function listPage(e: Engine, request: ListRequest): { total: number; jobs: ListedJob[] } {
  const plan = planFilter(e, request.filter);
  const match = evaluate(e, plan);
  const w = paginate(match.size, request.page, request.perPage);
  let docs: Uint32Array;
  if (request.sort === 'relevance' && plan.keywords !== null) {
    const ids = toIds(match, e.n);
    const scores = e.scratch.scores();
    scoreTerms(e.keywords, plan.keywords.words, match.kind === 'bits' ? match.words : e.scratch.bitsOf(ids), scores);
    docs = pageByScore(ids, scores, request.order === 'desc', w);
    e.scratch.clearScores(ids);
  } else {
    docs = pageFromOrder(orderOf(e, request), match, e.n, w, e.tuning.paging, (ids) => e.scratch.bitsOf(ids));
  }
  return { total: match.size, jobs: Array.from(docs, (d) => withEstimate(e, d)) };
}

function orderOf(e: Engine, request: ListRequest): SortOrder {
  const desc = request.order === 'desc';
  if (request.sort === 'salary') return desc ? e.orders.salaryDesc : e.orders.salaryAsc;
  if (request.sort === 'relevance') return e.orders.dateDesc;
  return desc ? e.orders.dateDesc : e.orders.dateAsc;
}

/** The job as stored, with estimatedSalary set exactly where salary is null. */
function withEstimate(e: Engine, d: number): ListedJob {
  const job = e.jobs[d]!;
  if (job.salary !== null) return job.estimatedSalary === null ? job : { ...job, estimatedSalary: null };
  const est = e.estimates[d] ?? null;
  return { ...job, estimatedSalary: est ? { min: est.min, max: est.max } : null };
}
