import type { Job } from '../../src/domain/job.js';
import { bucketOf, bucketValue, DEFAULT_SALARY_BUCKETS } from '../../src/domain/salary-buckets.js';
import { REMOTE_PERCENTAGE_STEPS } from '../../src/domain/vocab.js';
import { estimateSalaries } from '../../src/search/columns/salary-estimate.js';

/**
 * One job as the peers store it: a flat row with one column per facet, multi-valued places and
 * skills, and the salary bucket precomputed (a peer would do that at ingest; the estimate for jobs
 * without a salary comes from the same pure function the engine uses, so buckets agree).
 */
export interface FlatJob {
  /** Position in board-id order: sorting by it is the engine's tie-break. */
  id: number;
  boardId: string;
  /** Epoch ms, or null (listed last in both directions). */
  postedAt: number | null;
  salaryBucket: string | null;
  workModel: string | null;
  position: string;
  seniority: string | null;
  employmentType: string | null;
  industry: string | null;
  companySize: string | null;
  /** Display name as given. */
  companyName: string;
  /** Lower-case company name: the filter and facet value. */
  company: string;
  remote: number | null;
  /** Remote-share steps reached (`'20'`, `'40'`, ...), for peers without range facets. */
  remoteSteps: string[];
  isSeo: boolean;
  skills: string[];
  /** Distinct city, region and country slugs of all places. */
  places: string[];
  /** What a keyword search looks at: title, company, position, skills, description. */
  text: string;
}

/** A place a location filter or suggestion can name. */
export interface PlaceName {
  slug: string;
  name: string;
}

export interface FlatCorpus {
  jobs: FlatJob[];
  places: PlaceName[];
  /** Lower-case name -> display name (first spelling seen). */
  companies: PlaceName[];
}

/** Board-id order: numerically (shorter first, then digits), then by key. */
export function compareBoardIds(a: Job, b: Job): number {
  return a.boardId.length - b.boardId.length || cmp(a.boardId, b.boardId) || cmp(a.key, b.key);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Flattens live jobs for the peers (jobs must already be the live ones). */
export function flattenJobs(live: readonly Job[]): FlatCorpus {
  const jobs = [...live].sort(compareBoardIds);
  const estimates = estimateSalaries(jobs);
  const places = new Map<string, string>();
  const companies = new Map<string, string>();
  const flat = jobs.map((job, id) => {
    for (const p of job.places) {
      for (const named of [p.city, p.region, p.country]) {
        if (named && !places.has(named.slug)) places.set(named.slug, named.name);
      }
    }
    const company = job.company.name.toLowerCase();
    if (!companies.has(company)) companies.set(company, job.company.name);
    return flattenJob(job, id, estimates[id] ?? null);
  });
  return {
    jobs: flat,
    places: [...places].map(([slug, name]) => ({ slug, name })),
    companies: [...companies].map(([slug, name]) => ({ slug, name })),
  };
}

function flattenJob(job: Job, id: number, estimate: Job['salary']): FlatJob {
  const salary = job.salary ?? estimate;
  const bucket = salary ? bucketOf(DEFAULT_SALARY_BUCKETS, salary) : -1;
  const bucketDef = DEFAULT_SALARY_BUCKETS[bucket];
  const remote = job.remotePercentage;
  return {
    id,
    boardId: job.boardId,
    postedAt: job.postedAt,
    salaryBucket: bucketDef ? bucketValue(bucketDef) : null,
    workModel: job.workModel,
    position: job.position.slug,
    seniority: job.seniority,
    employmentType: job.employmentType,
    industry: job.industry,
    companySize: job.company.size,
    companyName: job.company.name,
    company: job.company.name.toLowerCase(),
    remote,
    remoteSteps: REMOTE_PERCENTAGE_STEPS.filter((s) => remote !== null && remote >= s).map(String),
    isSeo: job.isSeo,
    skills: [...new Set(job.skills.map((s) => s.slug))],
    places: placeSlugs(job),
    text: [job.title, job.company.name, job.position.name, ...job.skills.map((s) => s.name), job.searchText].join(' '),
  };
}

function placeSlugs(job: Job): string[] {
  const slugs = new Set<string>();
  for (const p of job.places) {
    if (p.city) slugs.add(p.city.slug);
    if (p.region) slugs.add(p.region.slug);
    if (p.country) slugs.add(p.country.slug);
  }
  return [...slugs];
}
