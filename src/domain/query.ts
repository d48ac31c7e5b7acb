import type { Facet } from './facet-catalogue.js';
import { MULTI_FIELDS, type MultiField } from './facet-catalogue.js';

export { MULTI_FIELDS, type MultiField };

export const SORT_FIELDS = ['date', 'salary', 'relevance'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
/**
 * posted_within_days counts from the start of the current hour (UTC): its answers change at each
 * hour, so the served index version moves on then too (runtime/change-applier.ts).
 */
export const POSTED_SINCE_STEP_MS = 3_600_000;

export const FACET_MODES = ['conjunctive', 'disjunctive'] as const;
export type FacetMode = (typeof FACET_MODES)[number];

/**
 * The facet fields of a filter, one per catalogue entry (src/domain/facet-catalogue.ts): a
 * string for a facet filtered by values (an unknown value matches nothing), a number for a
 * threshold (`remotePercentageMin`, 0..100: jobs with at least this share of remote work), a
 * boolean for a switch (`seo`: true, SEO jobs only; false, non-SEO jobs only).
 */
export type FacetFilters = {
  [F in Facet as F['field']]?: F['filter'] extends 'values'
    ? string
    : F['filter'] extends 'threshold'
      ? number
      : boolean;
};

/**
 * The filters of a request, as option values (the engine resolves them; a value it does not know
 * matches nothing). Every field is optional; an absent field does not filter. `location` is a
 * city, region or country slug (case, accent and umlaut variants resolve to the same place);
 * `company` a company name, case-insensitive.
 */
export interface JobFilter extends FacetFilters {
  /** Kilometres around `location` when it is a city (0..500). */
  radiusKm?: number;
  /** Keyword search text. */
  keywords?: string;
  /** Typo tolerance of keyword search (default true). */
  typos?: boolean;
  /**
   * Keyword search matches postings holding at least minimumShouldMatch of the words (not every
   * one); the relevance order ranks those matching more words first.
   */
  partialWords?: boolean;
  /**
   * Facet values that rank first in the relevance order without filtering: postings with more of
   * them come before those with fewer among postings matching as many words.
   */
  prefer?: readonly Preference[];
  /** Epoch ms: jobs posted at or after it (jobs without a date never match); a whole POSTED_SINCE_STEP_MS. */
  postedSince?: number;
  /** EUR/year: jobs whose salary range reaches it (its upper end is at least this). */
  salaryMin?: number;
  /** With salaryMin: jobs without a stated salary match by their estimate. */
  salaryEstimated?: boolean;
  /** The posting's language: `de`, `es` or `en`. */
  language?: string;
  /**
   * Several values of one dimension (OR within it; dimensions are AND). A field set here stands
   * for the same single field, which is then left unset; e.g. `{ anyOf: { workModel: ['remote', 'hybrid'] } }`.
   */
  anyOf?: MultiValues;
}

/** A facet value the relevance order prefers (see JobFilter.prefer). */
export interface Preference {
  readonly field: PreferField;
  readonly value: string;
}

export type PreferField = 'seniority' | 'employmentType' | 'workModel' | 'location';

export type MultiValues = Partial<Record<MultiField, readonly string[]>>;

/**
 * The values a filter sets for a field: the several of `anyOf`, else the single one, else none.
 * @example fieldValues({ workModel: 'remote' }, 'workModel') // ['remote']
 */
export function fieldValues(f: JobFilter, field: MultiField): readonly string[] | null {
  const many = f.anyOf?.[field];
  if (many !== undefined) return many;
  const one = f[field];
  return one === undefined ? null : [one];
}

export interface ListRequest {
  filter: JobFilter;
  sort: SortField;
  order: SortOrder;
  /** 1-based. */
  page: number;
  perPage: number;
}

export interface FacetRequest {
  filter: JobFilter;
  mode: FacetMode;
  /** Cap on the `companies` and `locations` lists (a selected value is always listed). */
  facetLimit: number;
}

export interface FacetOption {
  value: string;
  label: string;
  count: number;
}

/** yes/no counts of a switch facet, and the number of jobs they are counted over. */
export interface SwitchCounts {
  all: number;
  yes: number;
  no: number;
}

/**
 * Every facet's list, under its catalogue `list` key (`workModels`, `skillTags`, ...; the salary
 * buckets always all of them, ascending, zero counts included), and the switch's counts (`seo`).
 */
export type FacetCounts = {
  [F in Facet as F['list']]: F['order']['by'] extends 'switch' ? SwitchCounts : FacetOption[];
};

export interface Suggestion {
  value: string;
  label: string;
}
