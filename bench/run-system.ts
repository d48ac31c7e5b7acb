import type { JobFilter } from '../src/domain/query.js';
import { measureOp, type OpLimits, type OpPlan, type OpStats } from './measure.js';
import type { FilterQuery, QueryMix, SuggestQuery } from './query-mix.js';
import type { FacetSummary, SearchSystem } from './system.js';

export const OPERATIONS = ['filterData', 'count', 'list1', 'list50', 'suggest'] as const;
export type Operation = (typeof OPERATIONS)[number];

export const FACET_LIMIT = 100;
export const PER_PAGE = 20;
export const DEEP_PAGE = 50;
export const SUGGEST_LIMIT = 10;

export interface RunSettings {
  limits: OpLimits;
  /** Limits of the repeated-query run; null to leave it out. */
  repeatedLimits: OpLimits | null;
  /** How many of the mix's filters are answered for the agreement check... */
  agreementSample: number;
  /** ...unless this much time has passed (slow peers answer fewer). */
  agreementBudgetMs: number;
}

/** A system's answer to one filter of the agreement sample. */
export type SampleAnswer =
  { index: number; skipped: string } | { index: number; count: number; facets: FacetSummary; page: string[] };

export interface SystemResult {
  name: string;
  ops: Record<Operation, OpStats>;
  repeated: Partial<Record<Operation, OpStats>>;
  /** Skipped filter queries per reason. */
  skipReasons: Record<string, number>;
  suggestUnsupported: string | null;
  sample: SampleAnswer[];
}

/** Times every operation on the mix, then the repeated query, then answers the agreement sample. */
export async function runSystem(
  system: SearchSystem,
  mix: QueryMix,
  settings: RunSettings,
  log: (line: string) => void,
): Promise<SystemResult> {
  const ops = {} as Record<Operation, OpStats>;
  for (const op of OPERATIONS) {
    ops[op] = await measure(system, op, mix.filters, mix.suggests, mix.warmup, settings.limits);
    log(`    ${system.name} ${op}: ${describe(ops[op])}`);
  }
  const repeated: Partial<Record<Operation, OpStats>> = {};
  if (settings.repeatedLimits) {
    const one = { filters: [mix.repeated.filter], suggests: [mix.repeated.suggest] };
    for (const op of OPERATIONS) {
      repeated[op] = await measure(system, op, one.filters, one.suggests, one, settings.repeatedLimits);
    }
  }
  return {
    name: system.name,
    ops,
    repeated,
    skipReasons: skipReasons(system, mix.filters),
    suggestUnsupported: system.suggestUnsupported,
    sample: await answerSample(system, mix.filters.slice(0, settings.agreementSample), settings.agreementBudgetMs),
  };
}

async function measure(
  system: SearchSystem,
  op: Operation,
  filters: readonly FilterQuery[],
  suggests: readonly SuggestQuery[],
  warmup: { filters: readonly FilterQuery[]; suggests: readonly SuggestQuery[] },
  limits: OpLimits,
): Promise<OpStats> {
  if (op === 'suggest') {
    const plan: OpPlan<SuggestQuery> = {
      items: suggests,
      warmup: warmup.suggests,
      run: (s) => (system.suggestUnsupported ? null : () => system.suggest(s, SUGGEST_LIMIT)),
      groupOf: (s) => `${s.kind}-${s.q.length}`,
    };
    return measureOp(plan, limits);
  }
  const call = filterCall(system, op);
  const plan: OpPlan<FilterQuery> = {
    items: filters,
    warmup: warmup.filters,
    run: (q) => (system.unsupported(q.filter) === null ? () => call(q.filter) : null),
    groupOf: (q) => q.kind,
    labelOf: (q) => JSON.stringify(q.filter),
  };
  return measureOp(plan, limits);
}

function filterCall(system: SearchSystem, op: Exclude<Operation, 'suggest'>): (f: JobFilter) => unknown {
  switch (op) {
    case 'filterData':
      return (f) => system.facets(f, FACET_LIMIT);
    case 'count':
      return (f) => system.count(f);
    case 'list1':
      return (f) => system.list(f, 1, PER_PAGE);
    case 'list50':
      return (f) => system.list(f, DEEP_PAGE, PER_PAGE);
  }
}

function skipReasons(system: SearchSystem, filters: readonly FilterQuery[]): Record<string, number> {
  const reasons: Record<string, number> = {};
  for (const q of filters) {
    const reason = system.unsupported(q.filter);
    if (reason !== null) reasons[reason] = (reasons[reason] ?? 0) + 1;
  }
  return reasons;
}

async function answerSample(
  system: SearchSystem,
  filters: readonly FilterQuery[],
  budgetMs: number,
): Promise<SampleAnswer[]> {
  const answers: SampleAnswer[] = [];
  const started = performance.now();
  for (const [index, q] of filters.entries()) {
    if (performance.now() - started > budgetMs) break;
    const reason = system.unsupported(q.filter);
    if (reason !== null) {
      answers.push({ index, skipped: reason });
      continue;
    }
    const count = await system.count(q.filter);
    const facets = await system.facetSummary(q.filter, FACET_LIMIT);
    const page = await system.list(q.filter, 1, PER_PAGE);
    answers.push({ index, count, facets, page });
  }
  return answers;
}

export function describe(s: OpStats): string {
  return `${s.queries} queries, median ${s.medianMs.toFixed(3)} ms, p99 ${s.p99Ms.toFixed(3)} ms, ${Math.round(s.qps)}/s${s.budgetHit ? ' (time budget)' : ''}`;
}
