import type { Job } from '../../domain/job.js';
import { jobOf, type Posting } from '../../domain/unparsed-job.js';
import type { SalaryBucket } from '../../domain/salary-buckets.js';
import { compareBoardIds } from '../columns/board-order.js';
import type { EngineTuning } from '../engine.js';
import { SearchIndex, type SearchReader } from './search-index.js';
import { buildSegmentSteps, type Segment, type SegmentOptions } from './segment.js';
import { buildSortOrder } from '../columns/sort.js';
import type { SalaryEstimator } from '../columns/salary-estimate.js';
import { runSteps, runStepsPausing, type Steps } from '../../lib/steps.js';
import { hasBit, liveBitset } from '../postings/bitset.js';
import { DEFAULT_MERGE_POLICY, type MergePolicy } from './merge-policy.js';
import { mergeSegmentsSteps } from './merge.js';
import type { CardSpill } from '../columns/card-store.js';

/**
 * A change to apply: a posting's new state, or its removal (the store's change feed). The posting
 * may come unparsed (UnparsedJob): it is parsed when a slice of the build indexes it.
 */
export type IndexChange =
  | { readonly kind: 'upsert'; readonly job: Posting }
  | { readonly kind: 'delete'; readonly key: string; readonly boardId: string };

export interface SegmentSetOptions {
  salaryBuckets: readonly SalaryBucket[];
  tuning?: Partial<EngineTuning>;
  /** When delta segments merge (default DEFAULT_MERGE_POLICY). */
  policy?: MergePolicy;
}

/** One segment and what its owner keeps of it. */
interface Part {
  readonly segment: Segment;
  /**
   * The whole postings of a delta segment (to merge small segments without the store), unparsed
   * as the change feed gave them; null for the base.
   */
  readonly jobs: readonly Posting[] | null;
  /** key -> document of a delta segment; the base is searched by board id instead. */
  readonly docOf: ReadonlyMap<string, number> | null;
  /** The segment's live documents (a bitset, copied on write), null while every one is. */
  readonly live: Uint32Array | null;
  /** The documents that have a validThrough, by it (ties by document); `at`: the segment's validThrough column. */
  readonly expiring: Uint32Array;
  readonly at: Float64Array;
}

/**
 * The live index as a base segment plus small delta segments (src/search/DESIGN.md, "Segments").
 * Its history is linear: apply, expire and reader are used on the newest set (the base's salary
 * estimator gathers the samples of every segment as it is built).
 * `apply` turns k changes into one new segment of the k postings and deletion marks on the older
 * segments, at a cost that grows with k (plus merging the small segments now and then); `expire`
 * marks the postings whose validThrough has passed. Each returns a new immutable set: a reader
 * (`reader`) never sees half of a change. `merge` makes one new base of every segment's live
 * postings (merge.ts), which the service asks for when `deltaSize` grows past what is worth
 * keeping apart.
 * @example SegmentSet.of(base, { salaryBuckets }).apply([{ kind: 'upsert', job }], Date.now()).reader().count({})
 */
export class SegmentSet {
  private cached: SearchIndex | null = null;

  private constructor(
    private readonly parts: readonly Part[],
    private readonly options: SegmentSetOptions & { cacheSize: number },
  ) {}

  /**
   * A set of one base segment (a full build: a reader over one segment), nothing deleted yet. Its
   * readers keep as many results per operation as `base` does.
   */
  static of(base: SearchIndex, options: SegmentSetOptions): SegmentSet {
    if (base.leaves.length !== 1 || base.leaves[0]!.live !== null)
      throw new Error('a segment set starts from a reader over one whole segment');
    return new SegmentSet([partOf(base.leaves[0]!.segment, null)], { ...options, cacheSize: base.cacheSize });
  }

  /** The reader over the live postings of every segment (made once per set). */
  reader(): SearchReader {
    return this.searchIndex();
  }

  private searchIndex(): SearchIndex {
    this.cached ??= new SearchIndex(
      this.parts.map((p) => ({ segment: p.segment, live: p.live })),
      this.options.cacheSize,
    );
    return this.cached;
  }

  /**
   * Makes, with `pause()` between its steps, what the reader's first requests would otherwise make
   * (SearchIndex.prepareSteps), so that a reader is published ready to answer.
   */
  async prepare(pause: () => Promise<void>): Promise<void> {
    await runStepsPausing(this.searchIndex().prepareSteps(), pause);
  }

  /** Postings held in delta segments (live or not): what a merge into a new base would take in. */
  get deltaSize(): number {
    return this.parts.slice(1).reduce((sum, p) => sum + p.segment.engine.n, 0);
  }

  /** Segments, the base first. */
  get segmentCount(): number {
    return this.parts.length;
  }

  /** The earliest validThrough of a live posting, or Infinity. */
  get nextExpiry(): number {
    let next = Infinity;
    for (const p of this.parts) {
      for (const doc of p.expiring) {
        if (!isLive(p, doc)) continue;
        if (p.at[doc]! < next) next = p.at[doc]!;
        break;
      }
    }
    return next;
  }

  /**
   * The next moment after `now` at which a posting's "new" flag (posted less than `windowMs` ago)
   * turns off, or Infinity: answers change then, so the served version must too.
   */
  nextNewChange(now: number, windowMs: number): number {
    let next = Infinity;
    for (const p of this.parts) {
      const e = p.segment.engine;
      const perm = e.orders.dateAsc.perm;
      const threshold = now - windowMs;
      // Dates ascending, undated last: the first posted after the threshold.
      let lo = 0;
      let hi = perm.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const posted = e.cards.postedOf(perm[mid]!);
        if (posted !== null && posted <= threshold) lo = mid + 1;
        else hi = mid;
      }
      const posted = lo < perm.length ? e.cards.postedOf(perm[lo]!) : null;
      if (posted !== null && posted + windowMs < next) next = posted + windowMs;
    }
    return next;
  }

  /**
   * The set with the changes applied, in order: each posting's previous state is marked deleted
   * where it lives, and the new states become one new segment (postings already expired at `now`
   * are left out). Delta segments beyond the merge policy's `maxDeltaSegments` are merged into one.
   */
  apply(changes: readonly IndexChange[], now: number): SegmentSet {
    return runSteps(this.applySteps(changes, now));
  }

  /**
   * The same as `apply`, with `pause()` between its steps (the index worker answers queries there),
   * so no single step holds the thread for long.
   */
  applyAsync(changes: readonly IndexChange[], now: number, pause: () => Promise<void>): Promise<SegmentSet> {
    return runStepsPausing(this.applySteps(changes, now), pause);
  }

  /** `apply` in steps (steps.ts): the marks, the new segment and any merge of the deltas. */
  private *applySteps(changes: readonly IndexChange[], now: number): Steps<SegmentSet> {
    const step = yield* this.mark(changes, now);
    if (step === null) return this;
    let parts = step.parts;
    if (step.added.length > 0) parts.push(yield* this.deltaSteps(step.added, now, true));
    if (parts.length - 1 > this.policy.maxDeltaSegments)
      parts = [parts[0]!, yield* this.deltaSteps(liveJobsOf(parts.slice(1)), now, false)];
    return new SegmentSet(parts, this.options);
  }

  /**
   * The set of one base segment that merges every segment's live postings (merge.ts: from the
   * segments in memory, no store read), answering as a build over them would. Its readers keep as
   * many results as this set's.
   */
  merge(now: number, spillCards?: CardSpill): SegmentSet {
    return runSteps(this.mergeSteps(now, spillCards));
  }

  /** `merge` with `pause()` between its steps (the index worker answers queries there). */
  mergeAsync(now: number, pause: () => Promise<void>, spillCards?: CardSpill): Promise<SegmentSet> {
    return runStepsPausing(this.mergeSteps(now, spillCards), pause);
  }

  private *mergeSteps(now: number, spillCards: CardSpill | undefined): Steps<SegmentSet> {
    const segment = yield* mergeSegmentsSteps(
      this.parts.map((p) => ({ segment: p.segment, live: p.live })),
      {
        salaryBuckets: this.options.salaryBuckets,
        now,
        ...(this.options.tuning ? { tuning: this.options.tuning } : {}),
        ...(spillCards ? { spillCards } : {}),
      },
    );
    yield;
    return new SegmentSet([yield* partSteps(segment, null)], this.options);
  }

  /** Postings in the base segment (live or not). */
  get baseSize(): number {
    return this.parts[0]!.segment.engine.n;
  }

  private get policy(): MergePolicy {
    return this.options.policy ?? DEFAULT_MERGE_POLICY;
  }

  /**
   * The deletion marks of the changes, and the postings they add: the last state of each key, if
   * live at `now` (a batch of expired postings adds no segment).
   */
  private *mark(changes: readonly IndexChange[], now: number): Steps<{ parts: Part[]; added: Posting[] } | null> {
    if (changes.length === 0) return null;
    const marks = new Marks(this.parts);
    const added = new Map<string, Posting>();
    for (const [i, change] of changes.entries()) {
      if (i % MARK_STEP === MARK_STEP - 1) yield;
      const key = change.kind === 'upsert' ? change.job.key : change.key;
      const boardId = change.kind === 'upsert' ? change.job.boardId : change.boardId;
      added.delete(key);
      const at = this.locate(key, boardId, marks);
      if (at !== null) marks.delete(at.part, at.doc);
      if (change.kind === 'upsert') added.set(key, change.job);
    }
    const live = [...added.values()].filter((j) => j.validThrough === null || j.validThrough >= now);
    return { parts: marks.parts(), added: live };
  }

  /** The set with every posting whose validThrough lies before `now` marked deleted. */
  expire(now: number): SegmentSet {
    if (!(this.nextExpiry < now)) return this;
    const marks = new Marks(this.parts);
    this.parts.forEach((p, i) => {
      for (const doc of p.expiring) {
        if (p.at[doc]! >= now) break;
        marks.delete(i, doc);
      }
    });
    return new SegmentSet(marks.parts(), this.options);
  }

  /** Where the live state of a posting is: the newest segment holding it undeleted. */
  private locate(key: string, boardId: string, marks: Marks): { part: number; doc: number } | null {
    for (let i = this.parts.length - 1; i >= 0; i--) {
      const p = this.parts[i]!;
      const doc = p.docOf ? p.docOf.get(key) : findByBoardId(p.segment, key, boardId);
      if (doc !== undefined && doc !== null && marks.isLive(i, doc)) return { part: i, doc };
    }
    return null;
  }

  /**
   * A delta segment of the postings, in steps: each slice of postings is parsed, joins the base's
   * salary estimator's samples when `sample` (a new delta's postings, live at `now`: mark keeps
   * only those; not those of small segments merged, which joined when they arrived) and is
   * indexed, then dropped (the segment keeps the postings as given). The estimates are made when
   * the build finishes, once every slice has joined the samples.
   */
  private *deltaSteps(postings: readonly Posting[], now: number, sample: boolean): Steps<Part> {
    const options: SegmentOptions & { estimator: SalaryEstimator } = {
      salaryBuckets: this.options.salaryBuckets,
      now,
      estimator: this.parts[0]!.segment.engine.estimator,
      ...(this.options.tuning ? { tuning: this.options.tuning } : {}),
    };
    function* slices(): Generator<readonly Job[]> {
      for (let i = 0; i < postings.length; i += BUILD_SLICE) {
        const jobs = postings.slice(i, i + BUILD_SLICE).map(jobOf);
        if (sample) options.estimator.add(jobs);
        yield jobs;
      }
    }
    const segment = yield* buildSegmentSteps(slices(), options);
    yield;
    const jobs = yield* jobsByDocSteps(segment, postings);
    return yield* partSteps(segment, jobs);
  }
}

/** Deletion marks made on a set's parts: each part's live bitset copied on its first mark. */
class Marks {
  private readonly live: (Uint32Array | null)[];
  private readonly copied: boolean[];

  constructor(private readonly from: readonly Part[]) {
    this.live = from.map((p) => p.live);
    this.copied = from.map(() => false);
  }

  isLive(part: number, doc: number): boolean {
    const live = this.live[part] ?? null;
    return live === null || hasBit(live, doc);
  }

  delete(part: number, doc: number): void {
    if (!this.copied[part]) {
      const old = this.live[part] ?? null;
      this.live[part] = old === null ? liveBitset(this.from[part]!.segment.engine.n) : old.slice();
      this.copied[part] = true;
    }
    this.live[part]![doc >>> 5]! &= ~(1 << (doc & 31));
  }

  parts(): Part[] {
    return this.from.map((p, i) => (this.copied[i] ? { ...p, live: this.live[i]! } : p));
  }
}

function isLive(p: Part, doc: number): boolean {
  return p.live === null || hasBit(p.live, doc);
}

/**
 * Changes marked between two offers to pause of applyAsync (a paced pause lets the thread go only
 * once its time budget is spent: steps.ts, `pacedPause`).
 */
const MARK_STEP = 100;

/** Postings indexed between two offers to pause of applyAsync (the rest of the build offers between its steps). */
const BUILD_SLICE = 10;

/**
 * Postings handled between two yields of jobsByDocSteps and partSteps: a delta of 10,000 postings
 * or more (an import's) made its maps in one piece of several milliseconds.
 */
const MAP_STEP = 1_024;

/** The postings of a segment's documents, by document number (expired ones were left out). */
function* jobsByDocSteps(segment: Segment, jobs: readonly Posting[]): Steps<Posting[]> {
  const byKey = new Map<string, Posting>();
  for (const [i, job] of jobs.entries()) {
    if (i % MAP_STEP === MAP_STEP - 1) yield;
    byKey.set(job.key, job);
  }
  const keys = segment.engine.cards.keys;
  const out = new Array<Posting>(keys.length);
  for (const [doc, key] of keys.entries()) {
    if (doc % MAP_STEP === MAP_STEP - 1) yield;
    out[doc] = byKey.get(key)!;
  }
  return out;
}

function partOf(segment: Segment, jobs: readonly Posting[] | null): Part {
  return runSteps(partSteps(segment, jobs));
}

/** A segment's part of the set (its postings by document when it is a delta), in steps. */
function* partSteps(segment: Segment, jobs: readonly Posting[] | null): Steps<Part> {
  const cards = segment.engine.cards;
  // A typed sort order, not an object per posting: at a million postings the objects took 0.9 s
  // to make and sort, before a start from a saved index could serve.
  let dated = 0;
  for (const at of cards.validThrough) if (!Number.isNaN(at)) dated++;
  const expiring = buildSortOrder(cards.validThrough, false).perm.subarray(0, dated);
  let docOf: Map<string, number> | null = null;
  if (jobs !== null) {
    yield;
    docOf = new Map();
    for (const [doc, key] of cards.keys.entries()) {
      if (doc % MAP_STEP === MAP_STEP - 1) yield;
      docOf.set(key, doc);
    }
  }
  return { segment, jobs, docOf, live: null, expiring, at: cards.validThrough };
}

/** The live postings of delta segments, each as the segment holds it. */
function liveJobsOf(parts: readonly Part[]): Posting[] {
  const out: Posting[] = [];
  for (const p of parts) p.jobs!.forEach((job, doc) => isLive(p, doc) && out.push(job));
  return out;
}

/** The document of a posting in a segment numbered in board-id order (binary search), or null. */
function findByBoardId(segment: Segment, key: string, boardId: string): number | null {
  const { boardIds, keys } = segment.engine.cards;
  const probe = { boardId, key };
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareBoardIds({ boardId: boardIds[mid]!, key: keys[mid]! }, probe) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo < keys.length && keys[lo] === key ? lo : null;
}
