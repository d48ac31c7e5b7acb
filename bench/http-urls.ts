import type { JobFilter, MultiField } from '../src/domain/query.js';

/** Wire names of the fields that take several values. */
const MULTI_PARAMS: readonly [MultiField, string][] = [
  ['salaryRange', 'salary_range'],
  ['workModel', 'work_model'],
  ['position', 'position'],
  ['seniority', 'seniority_level'],
  ['employmentType', 'employment_type_normalized'],
  ['skill', 'skill_tag'],
  ['location', 'location'],
  ['company', 'company'],
  ['industry', 'industry'],
  ['companySize', 'company_size'],
];
import type { FilterQuery, QueryMix, SuggestQuery } from './query-mix.js';
import { DEEP_PAGE, SUGGEST_LIMIT, type Operation } from './run-system.js';

const API = '/jobs/api';
const ENDPOINT: Record<Exclude<Operation, 'suggest'>, string> = {
  filterData: `${API}/job-search-filter-data`,
  count: `${API}/job-search-results-count`,
  list1: `${API}/job-search-results-list`,
  list50: `${API}/job-search-results-list`,
};

/** Engine filter -> the contract's query parameters. */
export function filterParams(filter: JobFilter): URLSearchParams {
  const p = new URLSearchParams();
  const set = (key: string, value: string | number | undefined) => {
    if (value !== undefined) p.set(key, String(value));
  };
  set('salary_range', filter.salaryRange);
  set('work_model', filter.workModel);
  set('position', filter.position);
  set('seniority_level', filter.seniority);
  set('employment_type_normalized', filter.employmentType);
  set('remote_percentage_min', filter.remotePercentageMin);
  set('skill_tag', filter.skill);
  set('location', filter.location);
  set('company', filter.company);
  set('industry', filter.industry);
  if (filter.seo !== undefined) p.set('seo-jobs-only', filter.seo ? 'yes' : 'no');
  set('company_size', filter.companySize);
  set('radius', filter.radiusKm);
  set('q', filter.keywords);
  if (filter.typos === false) p.set('typo_tolerance', 'false');
  for (const [field, param] of MULTI_PARAMS) {
    const values = filter.anyOf?.[field];
    if (values !== undefined) p.set(param, values.map((v) => v.replace(/\\/g, '\\\\').replace(/,/g, '\\,')).join(','));
  }
  return p;
}

export function filterUrl(op: Exclude<Operation, 'suggest'>, query: FilterQuery): string {
  const p = filterParams(query.filter);
  if (op === 'list50') p.set('page', String(DEEP_PAGE));
  const qs = p.toString();
  return qs === '' ? ENDPOINT[op] : `${ENDPOINT[op]}?${qs}`;
}

export function suggestUrl(query: SuggestQuery): string {
  const kind = query.kind === 'location' ? 'location' : 'company';
  return `${API}/job-search-${kind}-autosuggest?${new URLSearchParams({ q: query.q, limit: String(SUGGEST_LIMIT) }).toString()}`;
}

/** The URLs of one operation, in mix order. */
export function urlsFor(op: Operation, mix: Pick<QueryMix, 'filters' | 'suggests'>): string[] {
  return op === 'suggest' ? mix.suggests.map(suggestUrl) : mix.filters.map((q) => filterUrl(op, q));
}
