import type { IndexedJob } from '../../domain/job.js';
import { REMOTE_PERCENTAGE_STEPS } from '../../domain/vocab.js';
import { buildSortOrder } from './sort.js';

/**
 * Remote share per document (NaN when unknown), plus the documents ordered by it (descending)
 * so that "at least v" is a prefix, and the number of facet steps each document reaches.
 */
/** Levels 0..5: how many of the steps a document reaches. */
export const REMOTE_LEVELS = REMOTE_PERCENTAGE_STEPS.length + 1;

export interface RemoteColumn {
  readonly value: Float64Array;
  readonly desc: Uint32Array;
  readonly descValues: Float64Array;
  /** Number of REMOTE_PERCENTAGE_STEPS a document reaches (0..5). */
  readonly level: Uint32Array;
}

export function buildRemote(jobs: readonly IndexedJob[]): RemoteColumn {
  return remoteOfValues(Float64Array.from(jobs, (job) => job.remotePercentage ?? Number.NaN));
}

/** The remote column of the documents' remote shares (NaN: unknown), which it keeps. */
export function remoteOfValues(value: Float64Array): RemoteColumn {
  const n = value.length;
  const level = new Uint32Array(n);
  let known = 0;
  for (let d = 0; d < n; d++) {
    const v = value[d]!;
    if (!Number.isNaN(v)) known++;
    let reached = 0;
    for (const step of REMOTE_PERCENTAGE_STEPS) if (v >= step) reached++;
    level[d] = reached;
  }
  const desc = buildSortOrder(value, true).perm.slice(0, known);
  const descValues = new Float64Array(known);
  for (let i = 0; i < known; i++) descValues[i] = value[desc[i]!]!;
  return { value, desc, descValues, level };
}

/** How many documents have a remote share of at least `min`. */
export function countAtLeast(remote: RemoteColumn, min: number): number {
  let lo = 0;
  let hi = remote.descValues.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (remote.descValues[mid]! >= min) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
