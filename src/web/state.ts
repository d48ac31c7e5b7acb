import { isLang, type Lang } from './i18n.js';

/** Facet filters of the sidebar, by their API parameter names, in the sidebar's order. */
export const FACETS = [
  'salary_range',
  'work_model',
  'position',
  'seniority_level',
  'employment_type_normalized',
  'remote_percentage_min',
  'skill_tag',
  'industry',
  'company_size',
  'seo-jobs-only',
] as const;
export type Facet = (typeof FACETS)[number];

/**
 * Several values per dimension: a click adds the value to its dimension (the API takes
 * comma-separated values, OR within a dimension, and the sidebar's disjunctive counts show what
 * each added value would bring). False makes a click replace the dimension's value instead.
 */
export const MULTI_VALUE = true as boolean; // a switch: typed wide so both branches type-check

export type SortChoice = 'date' | 'salary' | 'relevance';

export interface SearchState {
  q: string;
  location: string;
  /** Shown label of the chosen location (kept in the URL so a shared link shows it). */
  locationLabel: string;
  radius: number | null;
  company: string;
  facets: Partial<Record<Facet, string[]>>;
  sort: SortChoice;
  page: number;
  lang: Lang;
  /** board_id of the posting whose detail is open. */
  job: string;
}

export const RADII = [10, 25, 50, 100] as const;

/** The board's subject: the page opens on SEO jobs; `seo-jobs-only=all` in the URL shows every job. */
export const SEO_DEFAULT = ['yes'];

export function emptyState(lang: Lang = 'de'): SearchState {
  return {
    q: '',
    location: '',
    locationLabel: '',
    radius: null,
    company: '',
    facets: { 'seo-jobs-only': [...SEO_DEFAULT] },
    sort: 'date',
    page: 1,
    lang,
    job: '',
  };
}

/** The page's own URL (`/?q=…&location=…`) back to a state; unknown or bad values are dropped. */
export function fromUrl(search: string): SearchState {
  const p = new URLSearchParams(search);
  const lang = p.get('lang');
  const state = emptyState(isLang(lang) ? lang : 'de');
  state.q = p.get('q') ?? '';
  state.location = p.get('location') ?? '';
  state.locationLabel = p.get('ll') ?? state.location;
  const radius = Number(p.get('radius'));
  state.radius = state.location !== '' && (RADII as readonly number[]).includes(radius) ? radius : null;
  state.company = p.get('company') ?? '';
  for (const facet of FACETS) {
    if (facet === 'seo-jobs-only') continue;
    const values = (p.get(facet) ?? '').split(',').filter((v) => v !== '');
    if (values.length > 0) state.facets[facet] = MULTI_VALUE ? values : values.slice(0, 1);
  }
  const seo = p.get('seo-jobs-only');
  if (seo === 'all') delete state.facets['seo-jobs-only'];
  else if (seo === 'no') state.facets['seo-jobs-only'] = ['no'];
  const sort = p.get('sort');
  state.sort = defaultSort(state.q);
  if (sort === 'salary' || sort === 'date' || (sort === 'relevance' && state.q !== '')) state.sort = sort;
  const page = Number(p.get('page'));
  state.page = Number.isInteger(page) && page > 1 ? page : 1;
  state.job = /^\d{1,40}$/.test(p.get('job') ?? '') ? (p.get('job') ?? '') : '';
  return state;
}

/** The order the API gives when none is asked: relevance with keywords, else newest first. */
export function defaultSort(q: string): SortChoice {
  return q.trim() === '' ? 'date' : 'relevance';
}

/** The state as the page's URL query (defaults left out, so links stay short). */
export function toUrl(state: SearchState): string {
  const p = new URLSearchParams();
  if (state.q) p.set('q', state.q);
  if (state.location) {
    p.set('location', state.location);
    if (state.locationLabel && state.locationLabel !== state.location) p.set('ll', state.locationLabel);
    if (state.radius !== null) p.set('radius', String(state.radius));
  }
  if (state.company) p.set('company', state.company);
  for (const facet of FACETS) {
    const values = state.facets[facet];
    if (facet === 'seo-jobs-only') {
      const seo = seoChoice(state);
      if (seo !== 'yes') p.set(facet, seo);
    } else if (values && values.length > 0) p.set(facet, values.join(','));
  }
  if (state.sort !== defaultSort(state.q)) p.set('sort', state.sort);
  if (state.page > 1) p.set('page', String(state.page));
  if (state.lang !== 'de') p.set('lang', state.lang);
  if (state.job) p.set('job', state.job);
  const s = p.toString();
  return s === '' ? '/' : `/?${s}`;
}

/** The filter parameters the API's filter-data, count and list endpoints take. */
export function apiFilters(state: SearchState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.q.trim()) p.set('q', state.q.trim());
  if (state.location) {
    p.set('location', state.location);
    if (state.radius !== null) p.set('radius', String(state.radius));
  }
  if (state.company) p.set('company', state.company);
  for (const facet of FACETS) {
    const values = state.facets[facet];
    if (values && values.length > 0) p.set(facet, values.join(','));
  }
  if (state.sort !== defaultSort(state.q)) p.set('sort', state.sort);
  return p;
}

/** A new state with `value` toggled in `facet` (replacing the dimension's value while single-valued). */
export function toggleFacet(state: SearchState, facet: Facet, value: string): SearchState {
  const current = state.facets[facet] ?? [];
  const on = current.includes(value);
  const next = on ? current.filter((v) => v !== value) : MULTI_VALUE ? [...current, value] : [value];
  const { [facet]: _previous, ...others } = state.facets;
  const facets = next.length > 0 ? { ...others, [facet]: next } : others;
  return { ...state, facets, page: 1, job: '' };
}

export type SeoChoice = 'yes' | 'no' | 'all';

/** The SEO switch's position: SEO jobs only (the default), the other jobs, or all jobs. */
export function seoChoice(state: SearchState): SeoChoice {
  const v = state.facets['seo-jobs-only'] ?? [];
  return v.length === 1 && (v[0] === 'yes' || v[0] === 'no') ? v[0] : 'all';
}

/** A new state with the SEO switch at `choice` (one position at a time). */
export function setSeo(state: SearchState, choice: SeoChoice): SearchState {
  const { ['seo-jobs-only']: _previous, ...others } = state.facets;
  const facets = choice === 'all' ? others : { ...others, 'seo-jobs-only': [choice] };
  return { ...state, facets, page: 1, job: '' };
}
