import type { JobStore } from '../store/job-store.js';
import { SearchIndex } from '../search/search-index.js';
import type { SalaryBucket } from '../domain/salary-buckets.js';

/** What a request sees: the index and the identity of the data it was built from. */
export interface IndexSnapshot {
  index: SearchIndex;
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

  swap(index: SearchIndex, cursor: number, builtAt: number): IndexSnapshot {
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

/** Loads every live posting from the store, builds a new index and swaps it in. */
export async function rebuildIndex(store: JobStore, live: LiveIndex, options: RebuildOptions): Promise<RebuildStats> {
  const now = options.now?.() ?? Date.now();
  const cursor = await store.changeCursor();
  const t0 = performance.now();
  const jobs = await store.loadLive(now);
  const t1 = performance.now();
  options.signal?.throwIfAborted();
  const index = SearchIndex.build(jobs, { salaryBuckets: options.salaryBuckets, now });
  const t2 = performance.now();
  live.swap(index, cursor, now);
  return { documents: index.size, cursor, loadMs: Math.round(t1 - t0), buildMs: Math.round(t2 - t1) };
}
