/** The public API as the page uses it: the five endpoints plus one posting, JSON errors surfaced. */
export const API = '/jobs/api';

export interface Counted {
  value: string;
  label?: string;
  count: number;
  count_formatted: string;
  selected?: boolean;
  /** The option's label in the asker's language, where the API offers one. */
  display_label?: string;
}
export interface ValueLabel {
  value: string;
  label: string;
}
export interface FilterData {
  salary_ranges: Counted[];
  work_models: Counted[];
  positions: Counted[];
  seniority_levels: Counted[];
  employment_types: Counted[];
  remote_percentages: Counted[];
  skill_tags: Counted[];
  industries: Counted[];
  company_sizes: Counted[];
  companies: ValueLabel[];
  locations: ValueLabel[];
  seo_jobs_only_counts: { all_formatted: string; yes_formatted: string; no_formatted: string };
}
export interface Card {
  board_id: string;
  title: string;
  company: string;
  location: string;
  locations: string[];
  created_at: string | null;
  position_name: string;
  description_card_display: string;
  salary_min_formatted: string | null;
  salary_max_formatted: string | null;
  estimated_salary_min_formatted: string | null;
  estimated_salary_max_formatted: string | null;
  is_new: boolean;
  seo_relevance_context: string;
  salary_relevance_context: string;
  remote_work_relevance_context: string;
  company_logo_base64: string | null;
  work_model?: string | null;
  remote_percentage?: number | null;
}
export interface ListAnswer {
  /** A corrected `q` that finds more, where the API offers one. */
  did_you_mean?: string;
  total_results: number;
  total_results_formatted: string;
  has_more: boolean;
  next_url: string;
  jobs: Card[];
  pagination: {
    current_page: number;
    total_pages: number;
    current_page_formatted: string;
    total_pages_formatted: string;
    start_item_formatted: string;
    end_item_formatted: string;
  };
}
export interface Detail {
  board_id: string;
  title: string;
  company: string;
  company_website: string | null;
  position_name: string;
  seniority_level: string | null;
  employment_type: string | null;
  work_model: string | null;
  remote_percentage: number | null;
  skills: string[];
  locations: { name: string; region: string | null; country: string | null }[];
  created_at: string | null;
  is_new: boolean;
  salary: null | {
    min_formatted: string;
    max_formatted: string;
    as_stated: null | {
      currency: string | null;
      min: number | null;
      max: number | null;
      unit: string | null;
      text: string | null;
    };
  };
  description: string;
  apply_url: string | null;
  source: string;
}

export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * GET a JSON endpoint. The browser's HTTP cache honours the API's ETag and max-age (a repeated
 * request is revalidated with If-None-Match and answered 304). Any non-2xx or a body without
 * `success: true` is an ApiFailure with the API's own message. The request is a plain `fetch(url)`
 * (no headers of its own), so it takes over a `Link: rel=preload` of the same URL.
 */
export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, { signal: signal ?? null });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiFailure('network error', 0);
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // not JSON: handled below
  }
  const ok = typeof body === 'object' && body !== null && (body as { success?: unknown }).success === true;
  if (!res.ok || !ok) {
    const message = (body as { error?: { message?: string } } | null)?.error?.message ?? `HTTP ${res.status}`;
    throw new ApiFailure(message, res.status);
  }
  return body as T;
}

export const endpoints = {
  /** `lang`: the language of the options' `display_label` (the page's language, not the browser's). */
  filterData: (filters: URLSearchParams, lang: string) =>
    `${API}/job-search-filter-data?${withParams(filters, { facet_mode: 'disjunctive', lang })}`,
  list: (filters: URLSearchParams, page: number) =>
    `${API}/job-search-results-list?${withParams(filters, page > 1 ? { page: String(page), card_fields: 'extended' } : { card_fields: 'extended' })}`,
  count: (filters: URLSearchParams) => `${API}/job-search-results-count?${filters.toString()}`,
  locations: (q: string) =>
    `${API}/job-search-location-autosuggest?${new URLSearchParams({ q, limit: '8' }).toString()}`,
  companies: (q: string) =>
    `${API}/job-search-company-autosuggest?${new URLSearchParams({ q, limit: '8' }).toString()}`,
  job: (boardId: string) => `${API}/jobs/${encodeURIComponent(boardId)}`,
};

function withParams(base: URLSearchParams, extra: Record<string, string>): string {
  const p = new URLSearchParams(base);
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  return p.toString();
}

/** `page` of a `next_url` (relative URL of the list endpoint). */
export function pageOf(nextUrl: string): number | null {
  const page = Number(new URLSearchParams(nextUrl.split('?')[1] ?? '').get('page'));
  return Number.isInteger(page) && page > 0 ? page : null;
}
