import { fieldValues, type FacetCounts, type FacetOption, type FacetRequest } from '../../domain/query.js';
import { bucketLabel, bucketValue } from '../../domain/salary-buckets.js';
import { REMOTE_PERCENTAGE_STEPS } from '../../domain/vocab.js';
import {
  isCapped,
  isListEntry,
  LIST_ENTRIES,
  LIST_ORDER,
  matchKey,
  isStepsFacet,
  SWITCH_FACET,
  VALUES_FACETS,
  type ColumnFacet,
  type Facet,
  type ListEntry,
  type ListFacet,
} from '../../domain/facet-catalogue.js';
import type { Engine } from '../engine.js';
import type { SalaryBucket } from '../../domain/salary-buckets.js';
import { basesFor, nearBasesFor } from './base-counts.js';
import { countFacets, FACET_KEYS, type Base, type FacetKey } from './facet-count.js';
import { evaluate, planFilter, type PlanContext } from './filter.js';
import { canonicalPlace } from '../columns/places.js';
import { topKInRange } from '../postings/top-k.js';

/**
 * Facet counts for a filter. Conjunctive: every facet over the jobs matching all filters (a set
 * skill or location lists just the selected value with the total). Disjunctive: each set facet
 * over the jobs matching all other filters (one extra pass per set facet, counting that facet
 * only); the rest over the full match set, in one pass. Counting starts from the precomputed
 * counts of all documents or of a large filter set when that leaves fewer documents to count.
 * @example computeFacets(engine, full, { filter: { workModel: 'remote' }, mode: 'conjunctive', facetLimit: 10 })
 */
export function computeFacets(
  e: Engine,
  all: Base,
  bases: ReadonlyMap<string, Base>,
  request: FacetRequest,
): FacetCounts {
  return buildLists(engineDicts(e), request, tallyFacets(e, all, bases, request, null));
}

/** The counts behind a facet answer, per code of the index's dictionaries (see buildLists). */
export interface FacetTally {
  readonly counts: Partial<Record<FacetKey, Uint32Array>>;
  readonly total: number;
  readonly seoTotal: number;
  /** Facets not counted (conjunctive: a single set skill or location is listed with the total). */
  readonly uncounted: ReadonlySet<string>;
}

/**
 * Counts every facet the request lists (see computeFacets), without making the lists; with a
 * segment context (segments/search-index.ts), over the segment's live documents. The counters are copies.
 */
export function tallyFacets(
  e: Engine,
  all: Base,
  bases: ReadonlyMap<string, Base>,
  request: FacetRequest,
  ctx: PlanContext | null,
): FacetTally {
  const plan = planFilter(e, request.filter, ctx);
  const setKeys = new Set<string>(plan.clauses.map((c) => c.key));
  const matching = evaluate(e, plan);
  const disjunctive = request.mode === 'disjunctive';
  const own = disjunctive ? FACET_KEYS.filter((f) => setKeys.has(f)) : [];
  // Conjunctive: a multi-valued facet set to one value lists it with the total, uncounted.
  const single = (f: ListEntry): boolean => fieldValues(request.filter, f.field)?.length === 1;
  const skip = disjunctive
    ? setKeys
    : new Set(LIST_ENTRIES.filter((f) => setKeys.has(f.id) && single(f)).map((f) => f.id));
  const main = countFacets(
    e,
    matching,
    FACET_KEYS.filter((f) => !skip.has(f)),
    basesFor(all, bases, plan.clauses),
    nearBasesFor(bases, plan.clauses),
  );
  // Copies: the counters may be scratch buffers that the next count reuses.
  const counts: Partial<Record<FacetKey, Uint32Array>> = {};
  for (const [f, c] of Object.entries(main.byFacet) as [FacetKey, Uint32Array][]) counts[f] = c.slice();
  let seoTotal = main.total;
  for (const f of own) {
    const others = plan.clauses.filter((clause) => clause.key !== f);
    const c = countFacets(e, evaluate(e, plan, f), [f], basesFor(all, bases, others), nearBasesFor(bases, others));
    counts[f] = c.byFacet[f]!.slice();
    if (f === SWITCH_FACET) seoTotal = c.total;
  }
  return { counts, total: main.total, seoTotal, uncounted: skip };
}

/** What the lists read of a dictionary: values, labels, codes and the label order of codes. */
export interface FacetDict {
  readonly values: readonly string[];
  readonly labels: readonly string[];
  readonly codes: ReadonlyMap<string, number>;
  readonly labelRank: ArrayLike<number>;
}

/** A facet that has a dictionary: a column or CSR lists. */
export type DictFacet = ColumnFacet | ListFacet;

/** The dictionaries that give counted codes their values and labels (one index's, or merged ones). */
export interface FacetDicts {
  readonly dicts: Readonly<Record<DictFacet, FacetDict>>;
  readonly buckets: readonly SalaryBucket[];
  /** The code of the place a location value stands for, or null. */
  readonly placeCode: (value: string) => number | null;
}

/** One index's own dictionaries (made once per index). */
export function engineDicts(e: Engine): FacetDicts {
  let d = ownDicts.get(e);
  if (d === undefined) {
    d = {
      dicts: { ...e.columns, ...e.lists },
      buckets: e.buckets,
      placeCode: (value) => canonicalPlace(e.places, value),
    };
    ownDicts.set(e, d);
  }
  return d;
}
const ownDicts = new WeakMap<Engine, FacetDicts>();

/** The facet lists from counted codes, in the catalogue's list order (see computeFacets for the rules). */
export function buildLists(d: FacetDicts, request: FacetRequest, tally: FacetTally): FacetCounts {
  const { counts, total, seoTotal, uncounted } = tally;
  const sel = selectedCodes(d, request);
  const limit = Math.max(1, Math.floor(request.facetLimit) || 1);
  const disjunctive = request.mode === 'disjunctive';
  const byCount = (f: Facet, max: number): FacetOption[] => {
    const dict = d.dicts[dictId(f)];
    const selected = sel.get(f.id) ?? [];
    if (!disjunctive && uncounted.has(f.id))
      return total > 0 && selected.length > 0 ? [option(dict, selected[0]!, total)] : [];
    // Several values of a multi-valued facet in conjunctive mode: only the selected ones, counted over the matches.
    if (!disjunctive && isListEntry(f) && (fieldValues(request.filter, f.field)?.length ?? 0) > 1) {
      return onlySelected(dict, counts[f.id]!, selected);
    }
    return optionsByCount(dict, counts[f.id]!, max, disjunctive ? selected : []);
  };
  const listOf = (f: Facet): FacetCounts[keyof FacetCounts] => {
    const o = f.order;
    switch (o.by) {
      case 'buckets':
        return bucketOptions(d.buckets, d.dicts[dictId(f)], counts[f.id]!);
      case 'vocabulary':
        return optionsByVocab(d.dicts[dictId(f)], counts[f.id]!, o.values, disjunctive ? (sel.get(f.id) ?? []) : []);
      case 'count':
        return byCount(f, isCapped(f) ? limit : Infinity);
      case 'steps':
        return remoteOptions(counts[f.id]!);
      case 'switch': {
        const dict = d.dicts[dictId(f)];
        const c = counts[f.id]!;
        return { all: seoTotal, yes: codeCount(dict, c, 'yes'), no: codeCount(dict, c, 'no') };
      }
    }
  };
  // Built from the catalogue: FacetCounts is the same catalogue's lists, keyed alike.
  return Object.fromEntries(LIST_ORDER.map((f) => [f.list, listOf(f)])) as FacetCounts;
}

/** A facet listed from a dictionary (every facet but one counted by steps). */
function dictId(f: Facet): DictFacet {
  if (isStepsFacet(f.id)) throw new Error(`${f.id} counts steps, and has no dictionary`);
  return f.id;
}

/** Every configured bucket, ascending, zero counts included. */
function bucketOptions(buckets: readonly SalaryBucket[], dict: FacetDict, counts: Uint32Array): FacetOption[] {
  return buckets.map((b) => {
    const code = dict.codes.get(bucketValue(b));
    return { value: bucketValue(b), label: bucketLabel(b), count: code === undefined ? 0 : counts[code]! };
  });
}

/** Codes of the selected values the index knows (listed even at count 0 in disjunctive mode). */
function selectedCodes(d: FacetDicts, request: FacetRequest): Map<FacetKey, number[]> {
  const out = new Map<FacetKey, number[]>();
  for (const f of VALUES_FACETS) {
    const codes: number[] = [];
    for (const v of fieldValues(request.filter, f.field) ?? []) {
      const code = f.source.kind === 'places' ? d.placeCode(v) : d.dicts[f.id].codes.get(matchKey(f, v));
      if (code !== undefined && code !== null && !codes.includes(code)) codes.push(code);
    }
    if (codes.length > 0) out.set(f.id, codes);
  }
  return out;
}

/** The selected values with a count over the matches, by count then label order. */
function onlySelected(dict: FacetDict, counts: Uint32Array, selected: readonly number[]): FacetOption[] {
  const rank = dict.labelRank;
  return selected
    .filter((code) => counts[code]! > 0)
    .sort((a, b) => counts[b]! - counts[a]! || rank[a]! - rank[b]!)
    .map((code) => option(dict, code, counts[code]!));
}

function option(dict: FacetDict, code: number, count: number): FacetOption {
  return { value: dict.values[code]!, label: dict.labels[code]!, count };
}

function codeCount(dict: FacetDict, counts: Uint32Array, value: string): number {
  const code = dict.codes.get(value);
  return code === undefined ? 0 : counts[code]!;
}

/** Values of a closed vocabulary in its own order, non-zero counts (and the selected ones) only. */
function optionsByVocab(
  dict: FacetDict,
  counts: Uint32Array,
  vocab: readonly string[],
  selected: readonly number[],
): FacetOption[] {
  const out: FacetOption[] = [];
  for (const value of vocab) {
    const count = codeCount(dict, counts, value);
    if (count > 0 || selected.some((code) => dict.values[code] === value)) out.push({ value, label: value, count });
  }
  return out;
}

/**
 * Non-zero values by count (descending), then label order; at most `max`, and the selected ones
 * are always among them (each replacing the last value not selected, if it did not make the cut;
 * so more selected values than `max` are all listed).
 */
function optionsByCount(dict: FacetDict, counts: Uint32Array, max: number, selected: readonly number[]): FacetOption[] {
  const rank = dict.labelRank;
  const before = (a: number, b: number): boolean =>
    counts[a]! !== counts[b]! ? counts[a]! > counts[b]! : rank[a]! < rank[b]!;
  const nonZero = (code: number): boolean => counts[code]! > 0;
  // A capped list (companies, locations: many values) is selected without collecting the values.
  const kept = Number.isFinite(max) ? topKInRange(1, counts.length, max, nonZero, before) : [];
  if (!Number.isFinite(max)) for (let code = 1; code < counts.length; code++) if (nonZero(code)) kept.push(code);
  kept.sort((a, b) => (a === b ? 0 : before(a, b) ? -1 : 1));
  for (const code of selected) {
    if (kept.includes(code)) continue;
    if (kept.length >= max) {
      for (let i = kept.length - 1; i >= 0; i--) {
        if (!selected.includes(kept[i]!)) {
          kept.splice(i, 1);
          break;
        }
      }
    }
    kept.push(code);
    kept.sort((a, b) => (a === b ? 0 : before(a, b) ? -1 : 1));
  }
  return kept.map((code) => option(dict, code, counts[code]!));
}

/** Jobs reaching each remote-share step: levels are "number of steps reached" per job. */
function remoteOptions(levels: Uint32Array): FacetOption[] {
  const out: FacetOption[] = [];
  let atLeast = 0;
  const steps: number = REMOTE_PERCENTAGE_STEPS.length;
  for (let i = steps; i >= 1; i--) {
    atLeast += levels[i]!;
    if (atLeast > 0) {
      const value = String(REMOTE_PERCENTAGE_STEPS[i - 1]);
      out.unshift({ value, label: value, count: atLeast });
    }
  }
  return out;
}
