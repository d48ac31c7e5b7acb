import type { Company, Job, JobPlace, ListedJob, Named } from '../domain/job.js';

/**
 * The jobs as the index keeps them for its result pages: without `searchText` (already indexed,
 * and the largest field by far) and with places, companies, positions and skills shared between
 * the jobs that have equal ones. At a million postings this is most of the index's memory.
 * Equal values are found by a key of their fields.
 * @example slimJobs([job]).length // 1
 */
export function slimJobs(jobs: readonly Job[]): ListedJob[] {
  const cards = new CardMaker();
  return jobs.map((job) => cards.card(job));
}

/** Makes cards one job at a time (as a store streams them), sharing equal parts across all of them. */
export class CardMaker {
  private readonly interner = new Interner();

  card(job: Job): ListedJob {
    const interner = this.interner;
    return {
      key: job.key,
      boardId: job.boardId,
      source: job.source,
      title: job.title,
      company: interner.company(job.company),
      industry: job.industry,
      position: interner.named(job.position),
      seniority: job.seniority,
      employmentType: job.employmentType,
      workModel: job.workModel,
      remotePercentage: job.remotePercentage,
      skills: job.skills.map((s) => interner.named(s)),
      isSeo: job.isSeo,
      language: job.language,
      places: job.places.map((p) => interner.place(p)),
      salary: job.salary,
      estimatedSalary: job.estimatedSalary,
      summary: job.summary,
      seoContext: job.seoContext,
      salaryContext: job.salaryContext,
      remoteContext: job.remoteContext,
      postedAt: job.postedAt,
      validThrough: job.validThrough,
    };
  }
}

type Level = Map<unknown, unknown>;

/** The map under `key` in `level` (created when missing). */
function child(level: Level, key: unknown): Level {
  let next = level.get(key) as Level | undefined;
  if (next === undefined) level.set(key, (next = new Map()));
  return next;
}

/**
 * Shares equal values, found through nested maps keyed by their fields: no key strings are built
 * (a million concatenated keys cost more than the copies themselves).
 */
class Interner {
  private readonly names: Level = new Map();
  private readonly places: Level = new Map();
  private readonly companies: Level = new Map();

  named(n: Named): Named {
    const leaf = child(this.names, n.slug);
    const shared = leaf.get(n.name) as Named | undefined;
    if (shared !== undefined) return shared;
    leaf.set(n.name, n);
    return n;
  }

  place(p: JobPlace): JobPlace {
    const city = p.city === null ? null : this.named(p.city);
    const region = p.region === null ? null : this.named(p.region);
    const country = p.country === null ? null : this.named(p.country);
    const leaf = child(child(child(child(child(this.places, city), region), country), p.countryCode), p.lat);
    let shared = leaf.get(p.lon) as JobPlace | undefined;
    if (shared === undefined)
      leaf.set(p.lon, (shared = { city, region, country, countryCode: p.countryCode, lat: p.lat, lon: p.lon }));
    return shared;
  }

  company(c: Company): Company {
    const leaf = child(child(child(child(this.companies, c.name), c.domain), c.website), c.logoUrl);
    const shared = leaf.get(c.size) as Company | undefined;
    if (shared !== undefined) return shared;
    leaf.set(c.size, c);
    return c;
  }
}
