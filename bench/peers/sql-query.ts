import type { JobFilter } from '../../src/domain/query.js';

export type SqlValue = string | number;

/** Collects parameters and writes their placeholders (`?` for SQLite, `$n` for PostgreSQL). */
export class SqlParams {
  readonly values: SqlValue[] = [];

  constructor(private readonly numbered: boolean) {}

  add(value: SqlValue): string {
    this.values.push(value);
    return this.numbered ? `$${this.values.length}` : '?';
  }
}

/** How a dialect matches keywords (full-text table or column). */
export type KeywordClause = (words: string[], params: SqlParams) => string;

/** Column of `jobs` per single-valued filter. */
const COLUMN_FILTERS = {
  salaryRange: 'salary_bucket',
  workModel: 'work_model',
  position: 'position',
  seniority: 'seniority',
  employmentType: 'employment_type',
  industry: 'industry',
  companySize: 'company_size',
} as const satisfies Partial<Record<keyof JobFilter, string>>;

/** `WHERE ...` over `jobs j` for the filter ('' for none). Radius is not supported. */
export function whereOf(filter: JobFilter, params: SqlParams, keywords: KeywordClause): string {
  const clauses: string[] = [];
  for (const [key, column] of Object.entries(COLUMN_FILTERS)) {
    const value = filter[key as keyof typeof COLUMN_FILTERS];
    if (value !== undefined) clauses.push(`j.${column} = ${params.add(value)}`);
  }
  if (filter.company !== undefined) clauses.push(`j.company = ${params.add(filter.company.toLowerCase())}`);
  if (filter.remotePercentageMin !== undefined) clauses.push(`j.remote >= ${params.add(filter.remotePercentageMin)}`);
  if (filter.seo !== undefined) clauses.push(`j.is_seo = ${params.add(filter.seo ? 1 : 0)}`);
  if (filter.skill !== undefined) {
    clauses.push(`j.id IN (SELECT job_id FROM job_skills WHERE slug = ${params.add(filter.skill)})`);
  }
  if (filter.location !== undefined) {
    clauses.push(`j.id IN (SELECT job_id FROM job_places WHERE slug = ${params.add(filter.location)})`);
  }
  const words = keywordWords(filter.keywords);
  if (words.length > 0) clauses.push(keywords(words, params));
  return clauses.length === 0 ? '' : `WHERE ${clauses.join(' AND ')}`;
}

/** Lower-case words of a keyword query (letters and digits). */
export function keywordWords(text: string | undefined): string[] {
  return text?.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Single-valued facets: column name per facet. */
export const FACET_COLUMNS = [
  'salary_bucket',
  'work_model',
  'position',
  'seniority',
  'employment_type',
  'industry',
  'company_size',
] as const;

export interface FacetStatements {
  columns: string[];
  company: string;
  skills: string;
  places: string;
  stats: string;
}

/** The statements of one filter-data request (the same `where` and parameters in each). */
export function facetStatements(where: string, limit: number): FacetStatements {
  const multi = (table: string, top: string) =>
    where === ''
      ? `SELECT slug AS v, count(*) AS n FROM ${table} GROUP BY slug${top}`
      : `SELECT t.slug AS v, count(*) AS n FROM ${table} t JOIN jobs j ON j.id = t.job_id ${where} GROUP BY t.slug${top}`;
  const top = ` ORDER BY n DESC, v LIMIT ${Math.trunc(limit)}`;
  return {
    columns: FACET_COLUMNS.map((c) => `SELECT j.${c} AS v, count(*) AS n FROM jobs j ${where} GROUP BY j.${c}`),
    company: `SELECT j.company AS v, count(*) AS n FROM jobs j ${where} GROUP BY j.company${top}`,
    skills: multi('job_skills', ''),
    places: multi('job_places', top),
    stats: `SELECT count(*) AS total, count(*) FILTER (WHERE j.is_seo = 1) AS seo,
      count(*) FILTER (WHERE j.remote >= 20) AS r20, count(*) FILTER (WHERE j.remote >= 40) AS r40,
      count(*) FILTER (WHERE j.remote >= 60) AS r60, count(*) FILTER (WHERE j.remote >= 80) AS r80,
      count(*) FILTER (WHERE j.remote >= 100) AS r100 FROM jobs j ${where}`,
  };
}

/** Newest first, ties by board id; `sort_date` is 0 for a job without a date, so it comes last. */
export function listStatement(where: string, params: SqlParams, page: number, perPage: number): string {
  const limit = params.add(perPage);
  const offset = params.add((page - 1) * perPage);
  return `SELECT j.board_id AS board_id FROM jobs j ${where} ORDER BY j.sort_date DESC, j.id LIMIT ${limit} OFFSET ${offset}`;
}

export function countStatement(where: string): string {
  return `SELECT count(*) AS n FROM jobs j ${where}`;
}
