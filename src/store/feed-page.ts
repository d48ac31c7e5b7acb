import type { FeedPage, JobChange } from './job-store.js';

/** seq (a string where the driver gives BIGINTs so), key, the whole document (null for a deletion), board id. */
export type FeedRow = readonly [number | string, string, string | null, string | null];

/**
 * Whether a change of `size` characters still goes on a page that holds `count` changes of
 * `bytes`: at most `limit` changes, and none that takes the page past `maxBytes` unless it is the
 * first (so a page always moves on).
 */
function fits(count: number, bytes: number, size: number, limit: number, maxBytes: number): boolean {
  return count < limit && (count === 0 || bytes + size <= maxBytes);
}

/** How many of the leading changes of these sizes make one page. */
export function fittingRows(sizes: readonly number[], limit: number, maxBytes: number): number {
  let bytes = 0;
  let count = 0;
  for (const size of sizes) {
    if (!fits(count, bytes, size, limit, maxBytes)) break;
    bytes += size;
    count += 1;
  }
  return count;
}

/**
 * Fills one page of the served feed from rows in (cursor, key) order, read lazily, by the rule of
 * `fits`; leaving the loop early closes the read.
 */
export function fillFeedPage<R extends FeedRow>(
  rows: Iterable<R>,
  since: number,
  key: string | null,
  limit: number,
  maxBytes: number,
  toChange: (row: R) => JobChange,
): FeedPage {
  const changes: JobChange[] = [];
  let last: R | undefined;
  let bytes = 0;
  let more = false;
  for (const row of rows) {
    const size = row[1].length + (row[2]?.length ?? 0);
    if (!fits(changes.length, bytes, size, limit, maxBytes)) {
      more = true;
      break;
    }
    changes.push(toChange(row));
    bytes += size;
    last = row;
  }
  return last === undefined
    ? { changes, cursor: since, key, more }
    : { changes, cursor: Number(last[0]), key: last[1], more };
}
