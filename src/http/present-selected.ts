import type { FilterQuery } from './schemas.js';
import { splitValues } from './to-search-query.js';

export interface SelectedResolvers {
  /** Canonical slug of a location value, or null when unknown. */
  location(value: string): string | null;
  /** Canonical (lower-case) company value, or null when unknown. */
  company(value: string): string | null;
}

/** Keys whose values are closed, case-insensitive sets: echoed lower-cased. */
const LOWER_CASED = new Set([
  'work_model',
  'position',
  'seniority_level',
  'employment_type_normalized',
  'skill_tag',
  'industry',
]);

/**
 * A location or company echo: one value resolved; several (comma-separated, see splitValues)
 * each resolved and joined again with commas (a comma inside a value escaped as `\,`).
 */
function echo(raw: string, one: (value: string) => string, whole: boolean): string {
  if (whole || !raw.includes(',')) return one(raw);
  const values = splitValues(raw);
  if (values.length === 1) return one(values[0]!);
  return values.map((v) => one(v).replace(/\\/g, '\\\\').replace(/,/g, '\\,')).join(',');
}

/**
 * The `selected` echo: every key in the contract's order; what the request set, normalised to the
 * option's value; null where unset (even where a default applies), `seo-jobs-only` '' when unset.
 * Numbers are echoed as strings, as the query carried them.
 */
export function presentSelected(query: FilterQuery, resolve: SelectedResolvers): Record<string, string | null> {
  const raw = (key: keyof FilterQuery): string | null => {
    const v = query[key];
    return v === undefined ? null : String(v);
  };
  const lower = (key: keyof FilterQuery): string | null => {
    const v = raw(key);
    return v === null || !LOWER_CASED.has(key) ? v : v.toLowerCase();
  };
  const location = raw('location');
  const company = raw('company');
  return {
    salary_range: raw('salary_range'),
    work_model: lower('work_model'),
    position: lower('position'),
    seniority_level: lower('seniority_level'),
    employment_type_normalized: lower('employment_type_normalized'),
    remote_percentage_min: raw('remote_percentage_min'),
    skill_tag: lower('skill_tag'),
    location: location === null ? null : echo(location, (v) => resolve.location(v) ?? v.toLowerCase(), false),
    company:
      company === null
        ? null
        : echo(company, (v) => resolve.company(v) ?? v.toLowerCase(), resolve.company(company) !== null),
    industry: lower('industry'),
    'seo-jobs-only': raw('seo-jobs-only') ?? '',
    company_size: raw('company_size'),
    radius: raw('radius'),
    sort: raw('sort'),
    order: raw('order'),
  };
}
