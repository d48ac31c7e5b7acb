/**
 * Scores enrichment of the real postings against test/fixtures/real-postings/expected.json, the
 * values a recruiter reading each posting gives (written by hand), for the whole set, the tuned
 * part and the held-out third (held-out.json). Used by the real-postings test and by `npm run accuracy`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Job } from '../../src/domain/job.js';
import { toSlug } from '../../src/domain/text-fold.js';
import { recordToJob } from '../../src/ingest/record-to-job.js';

const DIR = new URL('../fixtures/real-postings/', import.meta.url);
export const POSTINGS_FILE = fileURLToPath(new URL('postings.ndjson', DIR));
const NOW = Date.UTC(2026, 10, 21);

export interface ExpectedSalary {
  min: number | null;
  max: number | null;
  currency: string;
  period: string;
}

export interface Expected {
  /** 1-based line in postings.ndjson. */
  line: number;
  /** Start of the title, for the reader. */
  title: string;
  isSeo: boolean;
  position: string;
  seniority: string | null;
  workModel: string | null;
  remotePercentage: number | null;
  salary: ExpectedSalary | null;
  countryCode: string | null;
  /** City names, primary first. */
  cities: string[];
}

export const EXPECTED: readonly Expected[] = JSON.parse(
  readFileSync(new URL('expected.json', DIR), 'utf8'),
) as Expected[];

/** Lines (1-based) of the held-out third: drawn at random before rules were tuned; no rule is fitted to them. */
export const HELD_OUT: ReadonlySet<number> = new Set(
  (JSON.parse(readFileSync(new URL('held-out.json', DIR), 'utf8')) as { lines: number[] }).lines,
);

/** The jobs of the fixture in line order, enriched as `jobsearch import` does; null where a record is rejected. */
export function enrichRealPostings(): (Job | null)[] {
  const lines = readFileSync(POSTINGS_FILE, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  return lines.map((line) => {
    const result = recordToJob(JSON.parse(line), { source: 'real', now: NOW });
    return result.ok ? result.job : null;
  });
}

type Field =
  'isSeo' | 'position' | 'seniority' | 'workModel' | 'remotePercentage' | 'salary' | 'countryCode' | 'cities';
export const FIELDS: readonly Field[] = [
  'isSeo',
  'position',
  'seniority',
  'workModel',
  'remotePercentage',
  'salary',
  'countryCode',
  'cities',
];

/** The job's value of a field in the expectation's terms, as a comparable string. */
export function actualOf(job: Job | null, field: Field): string {
  if (job === null) return 'rejected';
  switch (field) {
    case 'isSeo':
      return String(job.isSeo);
    case 'position':
      return job.position.slug;
    case 'seniority':
      return String(job.seniority);
    case 'workModel':
      return String(job.workModel);
    case 'remotePercentage':
      return String(job.remotePercentage);
    case 'salary': {
      const s = job.salary?.stated;
      return s ? `${s.min ?? ''}..${s.max ?? ''} ${s.currency} ${s.period}` : 'null';
    }
    case 'countryCode':
      return String(job.places.find((p) => p.countryCode !== null)?.countryCode ?? null);
    case 'cities':
      return job.places.flatMap((p) => (p.city ? [toSlug(p.city.name)] : [])).join(',');
  }
}

export function expectedOf(e: Expected, field: Field): string {
  switch (field) {
    case 'salary':
      return e.salary ? `${e.salary.min ?? ''}..${e.salary.max ?? ''} ${e.salary.currency} ${e.salary.period}` : 'null';
    case 'cities':
      return e.cities.map(toSlug).join(',');
    case 'position':
      return toSlug(e.position);
    default:
      return String(e[field]);
  }
}

export interface Report {
  postings: number;
  /** Postings per country (the expectation's) and per language (the job's). */
  countries: Record<string, number>;
  languages: Record<string, number>;
  rejected: number;
  fields: { field: Field; right: number; total: number }[];
  right: number;
  total: number;
  seo: { tp: number; fp: number; fn: number };
  /** Postings with a stated salary, and how many of them come out exactly as stated. */
  salaries: { stated: number; right: number };
  misses: { line: number; title: string; field: Field; expected: string; actual: string }[];
}

export type Part = 'all' | 'tuned' | 'held-out';

export function inPart(line: number, part: Part): boolean {
  return part === 'all' || (part === 'held-out') === HELD_OUT.has(line);
}

export function scoreRealPostings(jobs: readonly (Job | null)[] = enrichRealPostings(), part: Part = 'all'): Report {
  const chosen = EXPECTED.filter((e) => inPart(e.line, part));
  const report: Report = {
    postings: chosen.length,
    countries: {},
    languages: {},
    rejected: 0,
    fields: [],
    right: 0,
    total: 0,
    seo: { tp: 0, fp: 0, fn: 0 },
    salaries: { stated: 0, right: 0 },
    misses: [],
  };
  for (const e of chosen) {
    const job = jobs[e.line - 1];
    if (job === undefined) throw new Error(`no job on line ${e.line}`);
    const country = e.countryCode ?? 'none';
    report.countries[country] = (report.countries[country] ?? 0) + 1;
    const language = job?.language ?? 'rejected';
    report.languages[language] = (report.languages[language] ?? 0) + 1;
    if (job === null) report.rejected++;
    if (e.salary) {
      report.salaries.stated++;
      if (expectedOf(e, 'salary') === actualOf(job, 'salary')) report.salaries.right++;
    }
  }
  for (const field of FIELDS) {
    let right = 0;
    for (const e of chosen) {
      const job = jobs[e.line - 1] ?? null;
      const [expected, actual] = [expectedOf(e, field), actualOf(job, field)];
      if (expected === actual) right++;
      else report.misses.push({ line: e.line, title: e.title, field, expected, actual });
    }
    report.fields.push({ field, right, total: chosen.length });
    report.right += right;
    report.total += chosen.length;
  }
  for (const e of chosen) {
    const seo = jobs[e.line - 1]?.isSeo ?? false;
    if (seo && e.isSeo) report.seo.tp++;
    else if (seo) report.seo.fp++;
    else if (e.isSeo) report.seo.fn++;
  }
  return report;
}
