import type { JobStore } from '../store/job-store.js';
import { SearchIndex, type SearchReader } from '../search/segments/search-index.js';
import type { SalaryBucket } from '../domain/salary-buckets.js';
import type { Job } from '../domain/job.js';
import type { CardSpill } from '../search/columns/card-store.js';
import type { KeywordSink } from '../search/text/keywords.js';
import { RefreshHealth } from './health.js';
import type { IndexFileReport } from './index-file-step.js';
import { ChangeApplier, DEFAULT_NEW_WITHIN_MS, type CatchUpReport } from './change-applier.js';

export type { SearchReader } from '../search/segments/search-index.js';

/** What a request sees: the index and the identity of the data it was built from. */
export interface IndexSnapshot {
  index: SearchReader;
  /** Change cursor of the store when the data was loaded. */
  cursor: number;
  /** When it was built (epoch ms). */
  builtAt: number;
  /** Validator for conditional requests: changes whenever the data behind responses can change. */
  etag: string;
}

/**
 * Holds the current index; a rebuild swaps the whole snapshot in one assignment, so a request
 * never sees half of an old and half of a new index.
 */
export class LiveIndex {
  private snapshot: IndexSnapshot | null = null;
  /** How fresh the index is known to be (the follower records its reads of the store here). */
  readonly health = new RefreshHealth();

  get current(): IndexSnapshot | null {
    return this.snapshot;
  }

  swap(index: SearchReader, cursor: number, builtAt: number): IndexSnapshot {
    const etag = `W/"${cursor.toString(36)}-${builtAt.toString(36)}"`;
    this.snapshot = { index, cursor, builtAt, etag };
    // An index is the store as read when it was built.
    this.health.succeeded(builtAt);
    return this.snapshot;
  }
}

export interface RebuildOptions {
  salaryBuckets: readonly SalaryBucket[];
  /** The is_new window in ms (default 7 days). */
  newWithinMs?: number;
  now?: () => number;
  /** Aborts a rebuild between loading and building (shutdown); the current snapshot stays. */
  signal?: AbortSignal;
}

export interface RebuildStats {
  documents: number;
  cursor: number;
  loadMs: number;
  buildMs: number;
  /** A worker's saved index (INDEX_FILE): started from, or written after the build. */
  indexFile?: IndexFileReport;
}

/** An index built from the store, not yet swapped in. */
export interface BuiltIndex {
  index: SearchReader;
  cursor: number;
  builtAt: number;
  /** The first validThrough after builtAt: the index must be rebuilt by then (Infinity: never). */
  nextExpiry: number;
  stats: RebuildStats;
  /**
   * Applies the store's changes since `cursor` (and what expired by `now`) to this index, at a
   * cost that grows with the changes (change-applier.ts): the follower's way to keep up between
   * full builds. The reader may then answer differently (its size too); `index` is replaced when
   * the report carries a new one.
   */
  catchUp?: (now: number) => Promise<CatchUpReport & { index?: SearchReader }>;
  /**
   * Merges the index's segments into a new base in memory (change-applier.ts, `merge`): the
   * follower's merge when the index has it, instead of a full build from the store.
   */
  merge?: (now: number) => Promise<CatchUpReport & { index?: SearchReader }>;
  /** False once the index can no longer answer (its worker died): the follower rebuilds at once. */
  healthy(): boolean;
  /** Frees what holds the index (a worker thread); called once no request can use it any more. */
  retire(): void;
}

/** Streams every live posting from the store into an index on this thread (tests, `:memory:`). */
export async function buildHere(store: JobStore, options: RebuildOptions): Promise<BuiltIndex> {
  const now = options.now?.() ?? Date.now();
  const cursor = await store.changeCursor();
  const built = await buildStreaming(store, {
    salaryBuckets: options.salaryBuckets,
    now,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const applier = new ChangeApplier(store, built.index, cursor, {
    salaryBuckets: options.salaryBuckets,
    newWithinMs: options.newWithinMs ?? DEFAULT_NEW_WITHIN_MS,
  });
  return {
    index: built.index,
    cursor,
    builtAt: now,
    nextExpiry: applier.nextChange(now),
    stats: { documents: built.index.size, cursor, loadMs: built.loadMs, buildMs: built.buildMs },
    catchUp: async (at) => ({ ...(await applier.catchUp(at)), index: applier.reader }),
    merge: async (at) => ({ ...(await applier.merge(at)), index: applier.reader }),
    healthy: () => true,
    retire: () => undefined,
  };
}

export interface StreamedIndex {
  index: SearchIndex;
  /** The first validThrough at or after `now` among the indexed postings (Infinity: none). */
  nextExpiry: number;
  /** Time spent reading and parsing the store's chunks, and indexing them and building the rest. */
  loadMs: number;
  buildMs: number;
}

/**
 * Streams the store's live postings (`liveChunks`) into an index, a chunk at a time: no array of
 * every posting ever exists, so memory while building is the index plus one chunk. `signal`
 * aborts between chunks.
 */
export async function buildStreaming(
  store: JobStore,
  options: {
    salaryBuckets: readonly SalaryBucket[];
    now: number;
    signal?: AbortSignal;
    /** Where the serialised cards leave memory as they are made (a build that is saved, then dropped). */
    spillCards?: CardSpill;
    /** Where the keyword index is made (keyword-thread.ts; by default on this thread). */
    keywords?: KeywordSink;
  },
): Promise<StreamedIndex> {
  const { now } = options;
  let nextExpiry = Number.POSITIVE_INFINITY;
  let readMs = 0;
  const t0 = performance.now();
  // for-await closes the store's stream when the build stops early (an abort), freeing it.
  async function* timed(): AsyncGenerator<Job[]> {
    let started = performance.now();
    for await (const chunk of store.liveChunks(now, BUILD_CHUNK)) {
      readMs += performance.now() - started;
      nextExpiry = Math.min(nextExpiry, nextExpiryOf(chunk, now));
      yield chunk;
      started = performance.now();
    }
    readMs += performance.now() - started;
  }
  const index = await SearchIndex.buildStreaming(timed(), {
    salaryBuckets: options.salaryBuckets,
    now,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.spillCards ? { spillCards: options.spillCards } : {}),
    ...(options.keywords ? { keywords: options.keywords } : {}),
  });
  const total = performance.now() - t0;
  return { index, nextExpiry, loadMs: Math.round(readMs), buildMs: Math.round(total - readMs) };
}

/**
 * Postings a streaming build reads from the store at once. Small, so that a chunk's parsed
 * documents (several KB each) die young, in the collector's new space, instead of being promoted
 * and then collected by full collections of a heap that holds the growing index: at 1M, 5,000 a
 * chunk spent a third of the build in the collector, 250 a seventh (docs/live-data-log.md, "A build
 * that holds less").
 */
const BUILD_CHUNK = 250;

/** The earliest validThrough at or after `now` (a posting live at now leaves at validThrough + 1 ms). */
export function nextExpiryOf(jobs: readonly { validThrough: number | null }[], now: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const { validThrough } of jobs)
    if (validThrough !== null && validThrough >= now && validThrough < next) next = validThrough;
  return next;
}

/** Loads every live posting from the store, builds a new index on this thread and swaps it in. */
export async function rebuildIndex(store: JobStore, live: LiveIndex, options: RebuildOptions): Promise<RebuildStats> {
  const built = await buildHere(store, options);
  live.swap(built.index, built.cursor, built.builtAt);
  return built.stats;
}
