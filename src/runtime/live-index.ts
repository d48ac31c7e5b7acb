import type { JobStore } from '../store/job-store.js';
import { SearchIndex } from '../search/search-index.js';
import type { SalaryBucket } from '../domain/salary-buckets.js';

/**
 * What a request reads: the public members of SearchIndex. A SearchIndex is one; so is the proxy
 * of an index built and held by a worker thread (remote-index.ts), typed as a SearchIndex so that
 * the HTTP layer (which takes `SearchIndex`) needs no change.
 */
export type SearchReader = SearchIndex;

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

  get current(): IndexSnapshot | null {
    return this.snapshot;
  }

  swap(index: SearchReader, cursor: number, builtAt: number): IndexSnapshot {
    const etag = `W/"${cursor.toString(36)}-${builtAt.toString(36)}"`;
    this.snapshot = { index, cursor, builtAt, etag };
    return this.snapshot;
  }
}

export interface RebuildOptions {
  salaryBuckets: readonly SalaryBucket[];
  now?: () => number;
  /** Aborts a rebuild between loading and building (shutdown); the current snapshot stays. */
  signal?: AbortSignal;
}

export interface RebuildStats {
  documents: number;
  cursor: number;
  loadMs: number;
  buildMs: number;
}

/** An index built from the store, not yet swapped in. */
export interface BuiltIndex {
  index: SearchReader;
  cursor: number;
  builtAt: number;
  /** The first validThrough after builtAt: the index must be rebuilt by then (Infinity: never). */
  nextExpiry: number;
  stats: RebuildStats;
  /** False once the index can no longer answer (its worker died): the follower rebuilds at once. */
  healthy(): boolean;
  /** Frees what holds the index (a worker thread); called once no request can use it any more. */
  retire(): void;
}

/** Loads every live posting from the store and builds an index on this thread (tests, `:memory:`). */
export async function buildHere(store: JobStore, options: RebuildOptions): Promise<BuiltIndex> {
  const now = options.now?.() ?? Date.now();
  const cursor = await store.changeCursor();
  const t0 = performance.now();
  const jobs = await store.loadLive(now);
  const t1 = performance.now();
  options.signal?.throwIfAborted();
  const index = SearchIndex.build(jobs, { salaryBuckets: options.salaryBuckets, now });
  const t2 = performance.now();
  return {
    index,
    cursor,
    builtAt: now,
    nextExpiry: nextExpiryOf(jobs, now),
    stats: { documents: index.size, cursor, loadMs: Math.round(t1 - t0), buildMs: Math.round(t2 - t1) },
    healthy: () => true,
    retire: () => undefined,
  };
}

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
