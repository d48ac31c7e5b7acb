import type { IndexedJob, SalaryRange } from '../domain/job.js';
import { estimateKeys, type SalaryEstimator } from './columns/salary-estimate.js';
import { PlaceFinder } from './columns/places.js';
import { PointCollector } from './columns/geo.js';
import { languageCode } from './query/extra-filters.js';
import { STEP_ITEMS, type Steps } from '../lib/steps.js';

/** Estimate groups computed between two yields (a group's medians sort its new samples). */
const STEP_GROUPS = 64;

/** A facet labelled by its values' most used spellings: each document's value and spelling. */
export interface SpellingSource {
  readonly id: string;
  readonly keyAt: (d: number, job: IndexedJob) => string | null;
  readonly spellingOf: (job: IndexedJob) => string;
}

/**
 * What the engine reads of each document besides its card and its keywords, gathered in one pass
 * in board-id order (`add`): salaries, estimate groups, remote shares, languages, places, points
 * (but in a merge) and spellings, a few numbers per document. A build adds its jobs; a merge adds each head as it
 * decodes it and lets it go, so no array of every head is held (segments/merge.ts).
 */
export class DocFacts {
  /** The stated salary's ends per document (NaN: none). */
  readonly salaryMin: Float64Array;
  readonly salaryMax: Float64Array;
  /** Remote share per document (NaN: unknown). */
  readonly remote: Float64Array;
  /** Language per document (ExtraColumns.language). */
  readonly language: Uint8Array;
  readonly places = new PlaceFinder();
  /** The documents' points (null: a merge, which merges the segments' point indexes). */
  readonly points: PointCollector | null;
  /** Per document without a salary its estimate groups (an index into `groups`); -1 with a salary. */
  private readonly group: Int32Array;
  private readonly groupOf = new Map<string, number>();
  private readonly groups: (string | null)[][] = [];
  /** Per spelling facet: per value, its spellings and their uses. */
  private readonly spellings = new Map<string, Map<string, Map<string, number>>>();
  private added = 0;

  constructor(
    readonly n: number,
    private readonly spellingSources: readonly SpellingSource[] = [],
    collectPoints = true,
  ) {
    this.points = collectPoints ? new PointCollector() : null;
    this.salaryMin = new Float64Array(n);
    this.salaryMax = new Float64Array(n);
    this.remote = new Float64Array(n);
    this.language = new Uint8Array(n);
    this.group = new Int32Array(n);
    for (const s of spellingSources) this.spellings.set(s.id, new Map());
  }

  /** The facts of a build's jobs, in steps. */
  static *ofJobsSteps(jobs: readonly IndexedJob[], spellingSources: readonly SpellingSource[]): Steps<DocFacts> {
    const facts = new DocFacts(jobs.length, spellingSources);
    for (let d = 0; d < jobs.length; d++) {
      facts.add(jobs[d]!);
      if (d % STEP_ITEMS === STEP_ITEMS - 1) yield;
    }
    return facts;
  }

  /** The next document's head. */
  add(job: IndexedJob): void {
    const d = this.added++;
    const s = job.salary;
    this.salaryMin[d] = s ? s.min : Number.NaN;
    this.salaryMax[d] = s ? s.max : Number.NaN;
    this.remote[d] = job.remotePercentage ?? Number.NaN;
    this.language[d] = languageCode(job.language);
    this.places.add(job.places);
    this.points?.add(d, job.places);
    this.group[d] = s ? -1 : this.groupId(estimateKeys(job));
    for (const source of this.spellingSources) {
      const key = source.keyAt(d, job);
      if (key === null) continue;
      const byValue = this.spellings.get(source.id)!;
      let m = byValue.get(key);
      if (!m) byValue.set(key, (m = new Map<string, number>()));
      const name = source.spellingOf(job);
      m.set(name, (m.get(name) ?? 0) + 1);
    }
  }

  private groupId(keys: (string | null)[]): number {
    const id = keys.join('\u0001');
    let g = this.groupOf.get(id);
    if (g === undefined) {
      g = this.groups.push(keys) - 1;
      this.groupOf.set(id, g);
    }
    return g;
  }

  /** Whether document d states a salary. */
  hasSalary(d: number): boolean {
    return this.group[d]! < 0;
  }

  /**
   * Each document's estimate by `estimator` (null where it states a salary or has no basis), one
   * per group, in steps: a group's first estimate since new samples came computes its medians.
   */
  *estimatesSteps(estimator: SalaryEstimator): Steps<(SalaryRange | null)[]> {
    const byGroup: (SalaryRange | null)[] = [];
    for (const keys of this.groups) {
      byGroup.push(estimator.estimateByKeys(keys));
      if (byGroup.length % STEP_GROUPS === 0) yield;
    }
    return Array.from(this.group, (g) => (g < 0 ? null : byGroup[g]!));
  }

  /**
   * A value's label by its most used spelling among the documents with it (ties: the smallest
   * string), so that `ACME GmbH` and `Acme GmbH` are one company labelled as most postings write it.
   */
  mostUsedSpelling(id: string): (value: string) => string {
    const byValue = this.spellings.get(id)!;
    return (key) => {
      // Stryker disable next-line StringLiteral: equivalent, a value's first spelling replaces it (its count beats -1)
      let best = '';
      let bestCount = -1;
      for (const [name, count] of byValue.get(key)!) {
        if (count > bestCount || (count === bestCount && name < best)) [best, bestCount] = [name, count];
      }
      return best;
    };
  }
}
