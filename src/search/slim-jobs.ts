import type { Company, Job, JobPlace, ListedJob, Named } from '../domain/job.js';

/**
 * The jobs as the index keeps them for its result pages: without `searchText` (already indexed,
 * and the largest field by far) and with places, companies, positions and skills shared between
 * the jobs that have equal ones. At a million postings this is most of the index's memory.
 * @example slimJobs([job]).length // 1
 */
export function slimJobs(jobs: readonly Job[]): ListedJob[] {
  const shared = new Map<string, unknown>();
  const intern = <T>(key: string, value: T): T => {
    const hit = shared.get(key);
    if (hit !== undefined) return hit as T;
    shared.set(key, value);
    return value;
  };
  const named = (kind: string, n: Named): Named => intern(`${kind}\u0000${n.slug}\u0000${n.name}`, n);
  const namedOrNull = (kind: string, n: Named | null): Named | null => (n === null ? null : named(kind, n));
  const place = (p: JobPlace): JobPlace =>
    intern(`place\u0000${JSON.stringify(p)}`, {
      city: namedOrNull('city', p.city),
      region: namedOrNull('region', p.region),
      country: namedOrNull('country', p.country),
      countryCode: p.countryCode,
      lat: p.lat,
      lon: p.lon,
    });
  const company = (c: Company): Company => intern(`company\u0000${JSON.stringify(c)}`, c);

  return jobs.map((job) => ({
    key: job.key,
    boardId: job.boardId,
    source: intern(`source\u0000${job.source}`, job.source),
    title: job.title,
    company: company(job.company),
    industry: job.industry,
    position: named('position', job.position),
    seniority: job.seniority,
    employmentType: job.employmentType,
    workModel: job.workModel,
    remotePercentage: job.remotePercentage,
    skills: job.skills.map((s) => named('skill', s)),
    isSeo: job.isSeo,
    language: job.language,
    places: job.places.map(place),
    salary: job.salary,
    estimatedSalary: job.estimatedSalary,
    summary: job.summary,
    seoContext: job.seoContext,
    salaryContext: job.salaryContext,
    remoteContext: job.remoteContext,
    postedAt: job.postedAt,
    validThrough: job.validThrough,
  }));
}
