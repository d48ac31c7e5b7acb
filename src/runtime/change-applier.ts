import type { SalaryBucket } from '../domain/salary-buckets.js';
import { SearchIndex, type SearchReader } from '../search/segments/search-index.js';
import { SegmentSet, type IndexChange } from '../search/segments/segment-set.js';
import type { JobStore } from '../store/job-store.js';
import { POSTED_SINCE_STEP_MS } from '../domain/query.js';
import { SpillFile } from '../lib/graph-file.js';

/** NEW_WITHIN_DAYS' default (7 days), in ms: the is_new window when none is given. */
export const DEFAULT_NEW_WITHIN_MS = 7 * 86_400_000;

/**
 * Changes read from the store per page of its change feed (a page is read and parsed in one
 * piece, a large transaction split across pages; a catch-up with a pause pauses between pages).
 * A page is the longest stretch a catch-up holds the index worker without a pause, so it is kept
 * near the pause budget (PAUSE_BUDGET_MS): on a 100k SQLite store after imports, a page of 1,000
 * took up to 23 ms (43 ms cold), one of 250 at most 9 ms (docs/live-data-log.md, "First requests,
 * catch-up pages, merges").
 */
const FEED_PAGE = 250;

/**
 * Results the served index keeps per operation: none. The response cache (src/http) keeps every
 * answer already, so the index's own cache only spared a query asked again by another route within
 * a few others, and what it kept outlived the index worker's young-generation collections: at 100k,
 * over 4,000 uncached list pages and filter data one at a time, 16 kept made 7 major collections
 * (up to 15-17 ms) and scavenges of up to 6-10 ms in the worker; none kept, no major collection and
 * scavenges of at most 5 ms (docs/live-data-log.md, "None kept by the served index"). The keyword
 * matches a query reuses across its facets stay.
 */
export const RESULTS_KEPT = 0;

/** What one catch-up did (and what the follower needs to know after it). */
export interface CatchUpReport {
  /** The store's change cursor the index now answers as of. */
  cursor: number;
  /** Live postings. */
  size: number;
  /** Changes read from the feed and applied. */
  changes: number;
  /** When answers change next by the clock alone (a posting expires, an is_new flag turns off); Infinity: never. */
  nextExpiry: number;
  /** Postings held in delta segments: a merge into a new base is due when it grows large. */
  deltaSize: number;
  segments: number;
  readMs: number;
  applyMs: number;
}

export interface ApplierOptions {
  salaryBuckets: readonly SalaryBucket[];
  /** The "new" window of is_new (NEW_WITHIN_DAYS) in ms: its end is a moment answers change. */
  newWithinMs: number;
  /**
   * Where a merge moves the cards of the delta segments, held in memory until then (a nameless
   * file in this folder, read back by position as a saved index's are); absent: they stay.
   */
  spillDir?: string;
}

/**
 * Keeps an index in step with a store by its change feed rather than by rebuilding: the base built
 * at `cursor`, then every catch-up reads the changes since (by position, a page at a time, and
 * only once it has read to the end does it treat them as whole transactions) and applies them as a new small segment plus deletion marks, and marks what expired
 * by the clock (SegmentSet). The cost of a catch-up grows with the changes, not with the corpus.
 * Used by the index worker (remote-index.ts) and by an index built on the serving thread (buildHere).
 */
export class ChangeApplier {
  private set: SegmentSet;
  private at: number;

  constructor(
    private readonly store: JobStore,
    base: SearchIndex,
    cursor: number,
    private readonly options: ApplierOptions,
  ) {
    this.set = SegmentSet.of(SearchIndex.keeping(base, RESULTS_KEPT), { salaryBuckets: options.salaryBuckets });
    this.at = cursor;
  }

  /** The reader over the live postings as of the last catch-up. */
  get reader(): SearchReader {
    return this.set.reader();
  }

  get cursor(): number {
    return this.at;
  }

  /** The first moment after `now` when answers change by the clock alone (see CatchUpReport.nextExpiry). */
  nextChange(now: number): number {
    // An is_new flag is off from posted + window on, and posted_within_days moves at the hour:
    // answers change at that very millisecond.
    const nextHour = (Math.floor(now / POSTED_SINCE_STEP_MS) + 1) * POSTED_SINCE_STEP_MS;
    return Math.min(this.set.nextExpiry, this.set.nextNewChange(now, this.options.newWithinMs) - 1, nextHour - 1);
  }

  /**
   * Merges the base and its delta segments into one new base from the segments in memory
   * (SegmentSet.merge: no store read), what expired by `now` left out, and swaps the reader. With
   * `pause`, in steps with a pause between. The cursor stays.
   */
  async merge(now: number, pause?: () => Promise<void>): Promise<CatchUpReport> {
    const t0 = performance.now();
    const spill = this.openSpill();
    let merged: SegmentSet;
    try {
      merged = pause
        ? await this.set.mergeAsync(now, pause, spill ?? undefined)
        : this.set.merge(now, spill ?? undefined);
      if (pause) await merged.prepare(pause);
    } catch (error) {
      spill?.close(); // only the failed merge read from it
      throw error;
    }
    // The merged base reads its cards where they were (the saved file, earlier spill files, and
    // this one for the deltas' cards): the spill files stay open, their space the system's again
    // when the worker ends.
    this.set = merged;
    return {
      cursor: this.at,
      size: this.set.reader().size,
      changes: 0,
      nextExpiry: this.nextChange(now),
      deltaSize: this.set.deltaSize,
      segments: this.set.segmentCount,
      readMs: 0,
      applyMs: Math.round(performance.now() - t0),
    };
  }

  private openSpill(): SpillFile | null {
    if (this.options.spillDir === undefined) return null;
    try {
      return SpillFile.open(this.options.spillDir);
    } catch {
      return null; // the cards stay in memory
    }
  }

  /**
   * Reads every change after the cursor, applies them and what expired by `now`, and swaps the
   * reader. With `pause`, the new segment is built in slices with a pause between (a worker keeps
   * answering queries there), and the new reader is prepared for its first requests the same way.
   */
  async catchUp(now: number, pause?: () => Promise<void>): Promise<CatchUpReport> {
    const t0 = performance.now();
    const changes: IndexChange[] = [];
    // Read by position, so that a large transaction (an import publishes in one) comes a page at a
    // time with pauses between: read whole, 10,000 postings were one 420 ms call. Nothing is
    // applied before the end is reached, so a request still sees every transaction whole.
    let since = this.at;
    let key: string | null = null;
    for (;;) {
      const page = await this.store.changesAfter(since, key, FEED_PAGE);
      for (const change of page.changes) changes.push(change);
      since = page.cursor;
      key = page.key;
      if (!page.more) break;
      if (pause) await pause();
    }
    const t1 = performance.now();
    const applied = pause ? await this.set.applyAsync(changes, now, pause) : this.set.apply(changes, now);
    const set = applied.expire(now);
    if (pause) await set.prepare(pause);
    this.set = set;
    this.at = since;
    return {
      cursor: since,
      size: this.set.reader().size,
      changes: changes.length,
      nextExpiry: this.nextChange(now),
      deltaSize: this.set.deltaSize,
      segments: this.set.segmentCount,
      readMs: Math.round(t1 - t0),
      applyMs: Math.round(performance.now() - t1),
    };
  }
}
