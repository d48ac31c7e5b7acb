import type { IndexedJob, SalaryRange } from '../../domain/job.js';

/** An estimate needs at least this many comparable postings with a stated salary ("a handful"). */
export const MIN_SAMPLE = 5;

/** The comparable groups, narrowest first; the first with MIN_SAMPLE postings is used. */
export const ESTIMATE_STEPS = ['position-seniority-country', 'field-seniority-country'] as const;

/** Currency region of a country: an estimate never mixes postings paid in different currencies. */
const COUNTRY_CURRENCY: Readonly<Record<string, string>> = { CH: 'CHF', LI: 'CHF', GB: 'GBP', US: 'USD' };

/**
 * Estimated salaries for the jobs without one, from comparable postings only: the median min and
 * median max of the postings with a stated, closed salary (open bounds such as "bis 75k" are not
 * samples) of the same seniority in the same country, paid in that country's currency:
 * 1. `position-seniority-country`: the same position;
 * 2. `field-seniority-country`: for an SEO job, any SEO job (the board's field).
 * The first step with at least MIN_SAMPLE postings gives the estimate and is recorded in `basis`.
 * A job without seniority or country, or without enough comparables, gets no estimate: there is no
 * sound basis, so none is shown. Never across seniorities, countries or currency regions.
 * Medians of an even count are the rounded mean of the middle two. Returns null per job that has a salary.
 * @example estimateSalaries([...fiveSeoManagersInDeWith50to60k, seoManagerInDeWithout])[5] // { min: 50000, max: 60000, basis: { step: 'position-seniority-country', sample: 5 } }
 */
export function estimateSalaries(jobs: readonly IndexedJob[]): (SalaryRange | null)[] {
  const estimator = new SalaryEstimator(jobs);
  return jobs.map((job) => estimator.estimate(job));
}

/**
 * The comparable groups of the sample jobs seen so far, kept to estimate other jobs by them. A
 * segmented index (segment-set.ts) adds each new segment's postings before it builds the segment,
 * so a posting's estimate comes from every posting indexed since the last full build up to its own
 * segment (deleted ones included); an estimate, once computed, stays until the segment is rebuilt.
 */
export class SalaryEstimator {
  private readonly groups = new Samples();

  constructor(samples: readonly IndexedJob[]) {
    this.add(samples);
  }

  /** Adds the jobs that are samples (a stated, closed salary in their country's currency). */
  add(jobs: readonly IndexedJob[]): void {
    let added = false;
    for (const job of jobs) {
      if (!isSample(job)) continue;
      for (const key of estimateKeys(job)) if (key !== null) this.groups.add(key, job.salary!);
      added = true;
    }
    if (added) this.groups.forgetMedians();
  }

  /** The estimate of a job without a salary (null for one that has a salary, or without a basis). */
  estimate(job: IndexedJob): SalaryRange | null {
    return job.salary ? null : this.estimateByKeys(estimateKeys(job));
  }

  /** The estimate of a job without a salary whose groups are `jobKeys` (estimateKeys; null without a basis). */
  estimateByKeys(jobKeys: readonly (string | null)[]): SalaryRange | null {
    for (let i = 0; i < ESTIMATE_STEPS.length; i++) {
      const key = jobKeys[i] ?? null;
      const sample = key === null ? 0 : this.groups.size(key);
      if (key !== null && sample >= MIN_SAMPLE) return this.groups.estimate(key, ESTIMATE_STEPS[i]!);
    }
    return null;
  }
}

function isSample(job: IndexedJob): boolean {
  const s = job.salary;
  if (!s) return false;
  const country = countryOf(job);
  if (s.stated === undefined) return true;
  return (
    s.stated.min !== null && s.stated.max !== null && (country === null || s.stated.currency === currencyOf(country))
  );
}

/** The group key of each step for a job; null where the step does not apply. */
export function estimateKeys(job: IndexedJob): (string | null)[] {
  const country = countryOf(job);
  if (country === null || job.seniority === null) return ESTIMATE_STEPS.map(() => null);
  const where = `${job.seniority}\u0000${country}`;
  return [`p\u0000${job.position.slug}\u0000${where}`, job.isSeo ? `f\u0000seo\u0000${where}` : null];
}

function countryOf(job: IndexedJob): string | null {
  return job.places[0]?.countryCode ?? null;
}

function currencyOf(countryCode: string): string {
  return COUNTRY_CURRENCY[countryCode] ?? 'EUR';
}

/**
 * Salary samples per group key with memoised medians. Each group's values are kept sorted up to
 * `sorted` (the rest: added since its last median), so a median after new samples sorts only
 * those and merges them in: a catch-up of k postings costs about k log k plus a linear merge, not
 * a sort of every sample of every group it touches (at a million postings, 70–150 ms in one step).
 */
export class Samples {
  private readonly mins = new Map<string, number[]>();
  private readonly maxs = new Map<string, number[]>();
  /** How many of a group's values (from the front) are sorted. */
  private readonly sorted = new Map<string, number>();
  private readonly medians = new Map<string, SalaryRange>();

  add(key: string, salary: SalaryRange): void {
    push(this.mins, key, salary.min);
    push(this.maxs, key, salary.max);
  }

  /** Estimates by group and step, shared by every job of the group (a million jobs, a few thousand groups). */
  private readonly estimates = new Map<string, SalaryRange>();

  forgetMedians(): void {
    this.medians.clear();
    this.estimates.clear();
  }

  /** The estimate from the group `key` at `step`: its medians, and the basis. */
  estimate(key: string, step: string): SalaryRange {
    const memo = `${step}\u0000${key}`;
    let e = this.estimates.get(memo);
    if (!e) {
      e = { ...this.median(key), basis: { step, sample: this.size(key) } };
      this.estimates.set(memo, e);
    }
    return e;
  }

  size(key: string): number {
    return this.mins.get(key)?.length ?? 0;
  }

  median(key: string): SalaryRange {
    let m = this.medians.get(key);
    if (!m) {
      const mins = this.mins.get(key) ?? [];
      const maxs = this.maxs.get(key) ?? [];
      const done = this.sorted.get(key) ?? 0;
      sortTail(mins, done);
      sortTail(maxs, done);
      this.sorted.set(key, mins.length);
      m = { min: sortedMedian(mins), max: sortedMedian(maxs) };
      this.medians.set(key, m);
    }
    return m;
  }
}

/** Sorts values[done..] and merges it into the sorted values[0, done), in place. */
function sortTail(values: number[], done: number): void {
  if (done >= values.length) return;
  const tail = Float64Array.from(values.slice(done)).sort();
  // Backwards, largest first, so nothing unread is overwritten.
  let i = done - 1;
  let j = tail.length - 1;
  for (let w = values.length - 1; j >= 0; w--) {
    if (i >= 0 && values[i]! > tail[j]!) values[w] = values[i--]!;
    else values[w] = tail[j--]!;
  }
}

/** Median of a sorted, non-empty list (the rounded mean of the two middle values for an even count). */
function sortedMedian(sorted: readonly number[]): number {
  const mid = sorted.length >>> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

function push(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
