import type { Job, SalaryRange } from '../domain/job.js';

/** Jobs of the same position and country are preferred once there are this many with a salary. */
export const MIN_COUNTRY_SAMPLE = 5;

/**
 * Estimated salaries for the jobs without one: the median min and median max of the jobs with
 * a given salary and the same position (and the same country of the primary place when at least
 * MIN_COUNTRY_SAMPLE such exist), else the same seniority level, else all of them. A job without
 * seniority skips that step. Medians of an even count are the rounded mean of the middle two.
 * Returns null per job that has a salary, and for all when no job has one.
 * @example estimateSalaries([withSalary50to60k, withoutSalary])[1] // { min: 50000, max: 60000 }
 */
export function estimateSalaries(jobs: readonly Job[]): (SalaryRange | null)[] {
  const byPosition = new Samples();
  const byPositionCountry = new Samples();
  const bySeniority = new Samples();
  const all = new Samples();
  const localKeys = jobs.map(positionCountryKey);
  jobs.forEach((job, d) => {
    if (!job.salary) return;
    byPosition.add(job.position.slug, job.salary);
    byPositionCountry.add(localKeys[d]!, job.salary);
    if (job.seniority !== null) bySeniority.add(job.seniority, job.salary);
    all.add('', job.salary);
  });
  return jobs.map((job, d) => {
    if (job.salary) return null;
    const local = localKeys[d]!;
    if (countryOf(job) !== null && byPositionCountry.size(local) >= MIN_COUNTRY_SAMPLE) return byPositionCountry.median(local);
    if (byPosition.size(job.position.slug) > 0) return byPosition.median(job.position.slug);
    if (job.seniority !== null && bySeniority.size(job.seniority) > 0) return bySeniority.median(job.seniority);
    return all.size('') > 0 ? all.median('') : null;
  });
}

function countryOf(job: Job): string | null {
  return job.places[0]?.country?.slug ?? null;
}

function positionCountryKey(job: Job): string {
  return `${job.position.slug}\u0000${countryOf(job) ?? ''}`;
}

/** Salary samples per group key with memoised medians. */
class Samples {
  private readonly mins = new Map<string, number[]>();
  private readonly maxs = new Map<string, number[]>();
  private readonly medians = new Map<string, SalaryRange>();

  add(key: string, salary: SalaryRange): void {
    push(this.mins, key, salary.min);
    push(this.maxs, key, salary.max);
  }

  size(key: string): number {
    return this.mins.get(key)?.length ?? 0;
  }

  median(key: string): SalaryRange {
    let m = this.medians.get(key);
    if (!m) {
      m = { min: median(this.mins.get(key) ?? []), max: median(this.maxs.get(key) ?? []) };
      this.medians.set(key, m);
    }
    return m;
  }
}

function push(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Median of a non-empty list; the rounded mean of the two middle values for an even count. */
export function median(values: readonly number[]): number {
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >>> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}
