import type { FacetCounts, FacetOption, FacetRequest } from '../domain/query.js';
import { bucketLabel, bucketValue } from '../domain/salary-buckets.js';
import { COMPANY_SIZES, EMPLOYMENT_TYPES, REMOTE_PERCENTAGE_STEPS, SENIORITY_LEVELS, WORK_MODELS } from '../domain/vocab.js';
import type { Dictionary } from './columns.js';
import type { Engine } from './engine.js';
import { basesFor } from './base-counts.js';
import { countFacets, FACET_KEYS, type Base, type FacetKey } from './facet-count.js';
import { evaluate, planFilter } from './filter.js';
import { canonicalPlace } from './places.js';
import { topKInRange } from './top-k.js';

/**
 * Facet counts for a filter. Conjunctive: every facet over the jobs matching all filters (a set
 * skill or location lists just the selected value with the total). Disjunctive: each set facet
 * over the jobs matching all other filters (one extra pass per set facet, counting that facet
 * only); the rest over the full match set, in one pass. Counting starts from the precomputed
 * counts of all documents or of a large filter set when that leaves fewer documents to count.
 * @example computeFacets(engine, full, { filter: { workModel: 'remote' }, mode: 'conjunctive', facetLimit: 10 })
 */
export function computeFacets(e: Engine, all: Base, bases: ReadonlyMap<string, Base>, request: FacetRequest): FacetCounts {
  const plan = planFilter(e, request.filter);
  const setKeys = new Set<string>(plan.clauses.map((c) => c.key));
  const matching = evaluate(e, plan);
  const disjunctive = request.mode === 'disjunctive';
  const own = disjunctive ? FACET_KEYS.filter((f) => setKeys.has(f)) : [];
  const skip = disjunctive ? setKeys : new Set(['skill', 'location'].filter((f) => setKeys.has(f)));
  const main = countFacets(e, matching, FACET_KEYS.filter((f) => !skip.has(f)), basesFor(all, bases, plan.clauses));
  const counts: Partial<Record<FacetKey, Uint32Array>> = { ...main.byFacet };
  let seoTotal = main.total;
  for (const f of own) {
    const others = plan.clauses.filter((clause) => clause.key !== f);
    const c = countFacets(e, evaluate(e, plan, f), [f], basesFor(all, bases, others));
    counts[f] = c.byFacet[f]!;
    if (f === 'seo') seoTotal = c.total;
  }
  return buildLists(e, request, counts, main.total, seoTotal, skip);
}

function buildLists(
  e: Engine,
  request: FacetRequest,
  counts: Partial<Record<FacetKey, Uint32Array>>,
  total: number,
  seoTotal: number,
  uncounted: ReadonlySet<string>,
): FacetCounts {
  const sel = selectedCodes(e, request);
  const limit = Math.max(1, Math.floor(request.facetLimit) || 1);
  const disjunctive = request.mode === 'disjunctive';
  const byCount = (f: FacetKey, dict: Dictionary, max: number): FacetOption[] => {
    const selected = sel[f] ?? null;
    if (!disjunctive && uncounted.has(f)) return total > 0 && selected !== null ? [option(dict, selected, total)] : [];
    return optionsByCount(dict, counts[f]!, max, disjunctive ? selected : null);
  };
  const byVocab = (f: FacetKey, dict: Dictionary, vocab: readonly string[]): FacetOption[] =>
    optionsByVocab(dict, counts[f]!, vocab, disjunctive ? (sel[f] ?? null) : null);
  const c = e.columns;
  const seo = counts.seo!;
  return {
    salaryRanges: e.buckets.map((b) => {
      const code = c.salary.codes.get(bucketValue(b));
      return { value: bucketValue(b), label: bucketLabel(b), count: code === undefined ? 0 : counts.salary![code]! };
    }),
    workModels: byVocab('workModel', c.workModel, WORK_MODELS),
    positions: byCount('position', c.position, Infinity),
    seniorityLevels: byVocab('seniority', c.seniority, SENIORITY_LEVELS),
    employmentTypes: byVocab('employmentType', c.employmentType, EMPLOYMENT_TYPES),
    remotePercentages: remoteOptions(counts.remote!),
    skillTags: byCount('skill', e.skills, Infinity),
    industries: byCount('industry', c.industry, Infinity),
    companySizes: byVocab('companySize', c.companySize, COMPANY_SIZES),
    companies: byCount('company', c.company, limit),
    locations: byCount('location', e.places.column, limit),
    seo: { all: seoTotal, yes: codeCount(c.seo, seo, 'yes'), no: codeCount(c.seo, seo, 'no') },
  };
}

/** Codes of the selected values the index knows (listed even at count 0 in disjunctive mode). */
function selectedCodes(e: Engine, request: FacetRequest): Partial<Record<FacetKey, number>> {
  const f = request.filter;
  const c = e.columns;
  const pairs: [FacetKey, number | null | undefined][] = [
    ['workModel', f.workModel === undefined ? null : c.workModel.codes.get(f.workModel)],
    ['position', f.position === undefined ? null : c.position.codes.get(f.position)],
    ['seniority', f.seniority === undefined ? null : c.seniority.codes.get(f.seniority)],
    ['employmentType', f.employmentType === undefined ? null : c.employmentType.codes.get(f.employmentType)],
    ['industry', f.industry === undefined ? null : c.industry.codes.get(f.industry)],
    ['companySize', f.companySize === undefined ? null : c.companySize.codes.get(f.companySize)],
    ['company', f.company === undefined ? null : c.company.codes.get(f.company.toLowerCase())],
    ['skill', f.skill === undefined ? null : e.skills.codes.get(f.skill)],
    ['location', f.location === undefined ? null : canonicalPlace(e.places, f.location)],
  ];
  const out: Partial<Record<FacetKey, number>> = {};
  for (const [key, code] of pairs) if (code !== undefined && code !== null) out[key] = code;
  return out;
}

function option(dict: Dictionary, code: number, count: number): FacetOption {
  return { value: dict.values[code]!, label: dict.labels[code]!, count };
}

function codeCount(dict: Dictionary, counts: Uint32Array, value: string): number {
  const code = dict.codes.get(value);
  return code === undefined ? 0 : counts[code]!;
}

/** Values of a closed vocabulary in its own order, non-zero counts (and `selected`) only. */
function optionsByVocab(dict: Dictionary, counts: Uint32Array, vocab: readonly string[], selected: number | null): FacetOption[] {
  const out: FacetOption[] = [];
  for (const value of vocab) {
    const count = codeCount(dict, counts, value);
    if (count > 0 || (selected !== null && dict.values[selected] === value)) out.push({ value, label: value, count });
  }
  return out;
}

/**
 * Non-zero values by count (descending), then label order; at most `max`, and `selected` is
 * always among them (replacing the last one if it did not make the cut).
 */
function optionsByCount(dict: Dictionary, counts: Uint32Array, max: number, selected: number | null): FacetOption[] {
  const rank = dict.labelRank;
  const before = (a: number, b: number): boolean =>
    counts[a]! !== counts[b]! ? counts[a]! > counts[b]! : rank[a]! < rank[b]!;
  const nonZero = (code: number): boolean => counts[code]! > 0;
  // A capped list (companies, locations: many values) is selected without collecting the values.
  const kept = Number.isFinite(max) ? topKInRange(1, counts.length, max, nonZero, before) : [];
  if (!Number.isFinite(max)) for (let code = 1; code < counts.length; code++) if (nonZero(code)) kept.push(code);
  kept.sort((a, b) => (a === b ? 0 : before(a, b) ? -1 : 1));
  if (selected !== null && !kept.includes(selected)) {
    if (kept.length >= max) kept.pop();
    kept.push(selected);
    kept.sort((a, b) => (a === b ? 0 : before(a, b) ? -1 : 1));
  }
  return kept.map((code) => option(dict, code, counts[code]!));
}

/** Jobs reaching each remote-share step: levels are "number of steps reached" per job. */
function remoteOptions(levels: Uint32Array): FacetOption[] {
  const out: FacetOption[] = [];
  let atLeast = 0;
  for (let i = REMOTE_PERCENTAGE_STEPS.length; i >= 1; i--) {
    atLeast += levels[i]!;
    if (atLeast > 0) {
      const value = String(REMOTE_PERCENTAGE_STEPS[i - 1]);
      out.unshift({ value, label: value, count: atLeast });
    }
  }
  return out;
}
