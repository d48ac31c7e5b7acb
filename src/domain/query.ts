export const SORT_FIELDS = ['date', 'salary', 'relevance'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const FACET_MODES = ['conjunctive', 'disjunctive'] as const;
export type FacetMode = (typeof FACET_MODES)[number];

/**
 * The filters of a request, as option values (the engine resolves them; a value it does not know
 * matches nothing). Every field is optional; an absent field does not filter.
 */
export interface JobFilter {
  /** Salary bucket value, e.g. `40000-60000` or `80000+`. */
  salaryRange?: string;
  /** A WorkModel; any other value matches nothing. */
  workModel?: string;
  position?: string;
  seniority?: string;
  employmentType?: string;
  /** 0..100: jobs with at least this share of remote work. */
  remotePercentageMin?: number;
  skill?: string;
  /** City, region or country slug; case, accent and umlaut variants resolve to the same place. */
  location?: string;
  /** Company name, case-insensitive. */
  company?: string;
  industry?: string;
  companySize?: string;
  /** true: SEO jobs only; false: non-SEO jobs only. */
  seo?: boolean;
  /** Kilometres around `location` when it is a city (0..500). */
  radiusKm?: number;
  /** Keyword search text. */
  keywords?: string;
  /** Typo tolerance of keyword search (default true). */
  typos?: boolean;
  /** Epoch ms: jobs posted at or after it (jobs without a date never match). */
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

/** The filter fields that take several values. */
export const MULTI_FIELDS = [
  'salaryRange',
  'workModel',
  'position',
  'seniority',
  'employmentType',
  'skill',
  'location',
  'company',
  'industry',
  'companySize',
] as const;
export type MultiField = (typeof MULTI_FIELDS)[number];
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

export interface FacetCounts {
  /** Always every configured bucket, ascending, zero counts included. */
  salaryRanges: FacetOption[];
  workModels: FacetOption[];
  positions: FacetOption[];
  seniorityLevels: FacetOption[];
  employmentTypes: FacetOption[];
  remotePercentages: FacetOption[];
  skillTags: FacetOption[];
  industries: FacetOption[];
  companySizes: FacetOption[];
  companies: FacetOption[];
  locations: FacetOption[];
  seo: { all: number; yes: number; no: number };
}

export interface Suggestion {
  value: string;
  label: string;
}
