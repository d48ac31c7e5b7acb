import { FACETS } from '../domain/facet-catalogue.js';
import {
  POSTED_SINCE_STEP_MS,
  type JobFilter,
  type ListRequest,
  type FacetRequest,
  type MultiField,
  type SortField,
  type SortOrder,
} from '../domain/query.js';
import type { FilterQuery, FilterDataQuery, ListQuery } from './schemas.js';
import { DEFAULT_FACET_LIMIT, DEFAULT_PER_PAGE } from './schemas.js';

export const DEFAULT_SORT: SortField = 'date';
/** The order when the request has keywords (`q`) and sets none. */
export const KEYWORD_SORT: SortField = 'relevance';
export const DEFAULT_ORDER: SortOrder = 'desc';

const DAY_MS = 86_400_000;

/**
 * The posted-since instant of `posted_within_days`: that many days before the start of the
 * current hour (UTC), so that the cache key of a query stays the same for an hour.
 */
export function postedSince(days: number, now: number): number {
  return Math.floor(now / POSTED_SINCE_STEP_MS) * POSTED_SINCE_STEP_MS - days * DAY_MS;
}

/** Options of toFilter: the clock, and whether a whole (unsplit) value is a known company. */
export interface FilterContext {
  now?: number;
  isCompany?: (value: string) => boolean;
}

/**
 * The values of a multi-value parameter: split at commas; `\,` is a comma inside a value and
 * `\\` a backslash; empty values are dropped.
 * @example splitValues('remote,hybrid') // ['remote', 'hybrid']
 * @example splitValues('Müller\\, Söhne') // ['Müller, Söhne']
 */
export function splitValues(raw: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '\\' && (raw[i + 1] === ',' || raw[i + 1] === '\\')) cur += raw[++i]!;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out.filter((v) => v !== '');
}

/**
 * Maps validated wire parameters (the contract's names) to the engine's filter. A facet parameter
 * with several comma-separated values fills `anyOf`; with one value (no comma, or a company name
 * that is known as a whole) it is the single field, exactly as in the contract.
 */
export function toFilter(query: FilterQuery, context: FilterContext | number = {}): JobFilter {
  const ctx = typeof context === 'number' ? { now: context } : context;
  const now = ctx.now ?? Date.now();
  const filter: JobFilter = {};
  const anyOf: Partial<Record<MultiField, string[]>> = {};
  for (const f of FACETS) {
    if (f.filter === 'values') {
      const raw = query[f.wire.param];
      if (raw === undefined) continue;
      // A company name with a comma that the index knows as a whole is one value.
      const whole = f.id === 'company' && ctx.isCompany?.(raw) === true;
      const values = raw.includes(',') && !whole ? splitValues(raw) : [raw];
      const normalise = f.wire.input === 'lower' ? (v: string) => v.toLowerCase() : (v: string) => v;
      if (values.length === 1) filter[f.field] = normalise(values[0]!);
      else if (values.length > 1) anyOf[f.field] = [...new Set(values.map(normalise))];
    } else if (f.filter === 'switch') {
      const raw = query[f.wire.param];
      if (raw !== undefined) filter[f.field] = raw === 'yes';
    } else {
      const raw = query[f.wire.param];
      if (raw !== undefined) filter[f.field] = raw;
    }
  }
  if (Object.keys(anyOf).length > 0) filter.anyOf = anyOf;
  if (query.radius !== undefined) filter.radiusKm = query.radius;
  if (query.q !== undefined && query.q.trim() !== '') filter.keywords = query.q;
  if (query.typo_tolerance === 'false') filter.typos = false;
  if (query.posted_within_days !== undefined) filter.postedSince = postedSince(query.posted_within_days, now);
  if (query.salary_min !== undefined) {
    filter.salaryMin = query.salary_min;
    if (query.salary_estimated === 'true') filter.salaryEstimated = true;
  }
  if (query.language !== undefined) filter.language = query.language;
  return filter;
}

export function toListRequest(query: ListQuery, context: FilterContext = {}): ListRequest {
  const filter = toFilter(query, context);
  return {
    filter,
    sort: query.sort ?? (filter.keywords === undefined ? DEFAULT_SORT : KEYWORD_SORT),
    order: query.order ?? DEFAULT_ORDER,
    page: query.page ?? 1,
    perPage: query.per_page ?? DEFAULT_PER_PAGE,
  };
}

export function toFacetRequest(query: FilterDataQuery, context: FilterContext = {}): FacetRequest {
  return {
    filter: toFilter(query, context),
    mode: query.facet_mode ?? 'conjunctive',
    facetLimit: query.facet_limit ?? DEFAULT_FACET_LIMIT,
  };
}
