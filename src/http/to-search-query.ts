import type { JobFilter, ListRequest, FacetRequest, SortField, SortOrder } from '../domain/query.js';
import type { FilterQuery, FilterDataQuery, ListQuery } from './schemas.js';
import { DEFAULT_FACET_LIMIT, DEFAULT_PER_PAGE } from './schemas.js';

export const DEFAULT_SORT: SortField = 'date';
export const DEFAULT_ORDER: SortOrder = 'desc';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * The posted-since instant of `posted_within_days`: that many days before the start of the
 * current hour (UTC), so that the cache key of a query stays the same for an hour.
 */
export function postedSince(days: number, now: number): number {
  return Math.floor(now / HOUR_MS) * HOUR_MS - days * DAY_MS;
}

/** Maps validated wire parameters (the contract's names) to the engine's filter. */
export function toFilter(query: FilterQuery, now: number = Date.now()): JobFilter {
  const filter: JobFilter = {};
  if (query.salary_range !== undefined) filter.salaryRange = query.salary_range;
  if (query.work_model !== undefined) filter.workModel = query.work_model.toLowerCase();
  if (query.position !== undefined) filter.position = query.position.toLowerCase();
  if (query.seniority_level !== undefined) filter.seniority = query.seniority_level.toLowerCase();
  if (query.employment_type_normalized !== undefined) filter.employmentType = query.employment_type_normalized.toLowerCase();
  if (query.remote_percentage_min !== undefined) filter.remotePercentageMin = query.remote_percentage_min;
  if (query.skill_tag !== undefined) filter.skill = query.skill_tag.toLowerCase();
  if (query.location !== undefined) filter.location = query.location;
  if (query.company !== undefined) filter.company = query.company;
  if (query.industry !== undefined) filter.industry = query.industry.toLowerCase();
  if (query['seo-jobs-only'] !== undefined) filter.seo = query['seo-jobs-only'] === 'yes';
  if (query.company_size !== undefined) filter.companySize = query.company_size;
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

export function toListRequest(query: ListQuery, now: number = Date.now()): ListRequest {
  return {
    filter: toFilter(query, now),
    sort: query.sort ?? DEFAULT_SORT,
    order: query.order ?? DEFAULT_ORDER,
    page: query.page ?? 1,
    perPage: query.per_page ?? DEFAULT_PER_PAGE,
  };
}

export function toFacetRequest(query: FilterDataQuery, now: number = Date.now()): FacetRequest {
  return {
    filter: toFilter(query, now),
    mode: query.facet_mode ?? 'conjunctive',
    facetLimit: query.facet_limit ?? DEFAULT_FACET_LIMIT,
  };
}
