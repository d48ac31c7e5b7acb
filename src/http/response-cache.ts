import { LruMap } from '../domain/lru-map.js';
import type { IndexSnapshot } from '../runtime/live-index.js';

/** Bodies larger than this are not kept (a page of 100 cards is about 100 KB). */
const MAX_CACHED_BODY = 256 * 1024;
const DURATION_FIELD = ',"duration_ms":';

/**
 * Serialised 200 bodies of the API by exact URL, for the index snapshot they were computed from.
 * `duration_ms` is the last field of every response, so a body is kept without it and the value
 * is appended per response. A new snapshot starts with an empty cache (the old one is collected
 * with its snapshot), so nothing stale is ever served.
 */
export class ResponseCache {
  private readonly bySnapshot = new WeakMap<IndexSnapshot, LruMap<string, string>>();

  constructor(private readonly capacity: number) {}

  /** The cached body for `url` with `durationMs` filled in, or undefined. */
  get(snapshot: IndexSnapshot, url: string, durationMs: number): string | undefined {
    const prefix = this.bySnapshot.get(snapshot)?.get(url);
    return prefix === undefined ? undefined : `${prefix}${DURATION_FIELD}${durationMs}}`;
  }

  /** Keeps a serialised body whose last field is `duration_ms`; anything else is ignored. */
  set(snapshot: IndexSnapshot, url: string, body: string): void {
    if (this.capacity <= 0 || body.length > MAX_CACHED_BODY || !body.endsWith('}')) return;
    const at = body.lastIndexOf(DURATION_FIELD);
    if (at < 0 || !/^\d+\}$/.test(body.slice(at + DURATION_FIELD.length))) return;
    let entries = this.bySnapshot.get(snapshot);
    if (!entries) {
      entries = new LruMap(this.capacity);
      this.bySnapshot.set(snapshot, entries);
    }
    entries.set(url, body.slice(0, at));
  }
}
