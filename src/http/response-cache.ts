import type { IndexSnapshot } from '../runtime/live-index.js';

const DURATION_FIELD = ',"duration_ms":';
/** Bodies larger than this are not kept (a page of 100 cards is about 100 KB). */
const MAX_CACHED_BODY = 256 * 1024;
/**
 * What one entry costs beyond its two strings: the Map slot, the string headers and the
 * bookkeeping object (a generous estimate, so that the budget is an upper bound).
 */
export const ENTRY_OVERHEAD_BYTES = 160;

/**
 * Bytes an entry is charged: its key at two bytes per UTF-16 code unit (V8 keeps a string with
 * any non-Latin-1 character in two bytes per unit; Latin-1 strings take one), its body's UTF-8
 * bytes, plus the overhead.
 */
export function entryBytes(key: string, bodyBytes: number): number {
  return ENTRY_OVERHEAD_BYTES + 2 * key.length + bodyBytes;
}

/**
 * Serialised 200 bodies of the API by normalised request (path + canonical query), for one index
 * version, within a budget in bytes (least recently used entries go first). `duration_ms` is the
 * last field of every response, so a body is kept without it and the value is appended per
 * response. Bodies are kept as UTF-8 bytes (outside the JavaScript heap), so that a hit is one
 * copy into a buffer the socket takes as it is, not a string encoded again for every answer.
 * Entries are tagged with the index version only (its ETag string, not the snapshot object, so an
 * old index is never kept alive by the cache); a new version empties the cache.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Buffer>();
  private version: string | null = null;
  private usedBytes = 0;
  private hitCount = 0;
  private missCount = 0;
  private readonly maxBody: number;

  constructor(readonly maxBytes: number) {
    this.maxBody = Math.min(MAX_CACHED_BODY, Math.floor(maxBytes / 8));
  }

  /** The cached body for `key` with `durationMs` filled in, or undefined (counted as a miss). */
  get(snapshot: IndexSnapshot, key: string, durationMs: number): Buffer | undefined {
    const prefix = this.version === snapshot.etag ? this.entries.get(key) : undefined;
    if (prefix === undefined) {
      this.missCount++;
      return undefined;
    }
    this.hitCount++;
    this.entries.delete(key);
    this.entries.set(key, prefix);
    const tail = `${DURATION_FIELD}${durationMs}}`;
    const body = Buffer.allocUnsafe(prefix.length + tail.length);
    prefix.copy(body);
    body.write(tail, prefix.length, 'latin1');
    return body;
  }

  /** Keeps a serialised body whose last field is `duration_ms`; anything else is ignored. */
  set(snapshot: IndexSnapshot, key: string, body: string): void {
    if (this.maxBytes <= 0 || body.length > this.maxBody || !body.endsWith('}')) return;
    const at = body.lastIndexOf(DURATION_FIELD);
    if (at < 0 || !/^\d+\}$/.test(body.slice(at + DURATION_FIELD.length))) return;
    if (this.version !== snapshot.etag) {
      this.clear();
      this.version = snapshot.etag;
    }
    const text = body.slice(0, at);
    // Not from Buffer's shared pool: a kept slice of it would keep its whole 8 KB slab alive.
    const prefix = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
    prefix.write(text);
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.usedBytes -= entryBytes(key, old.length);
      this.entries.delete(key);
    }
    this.entries.set(key, prefix);
    this.usedBytes += entryBytes(key, prefix.length);
    for (const [oldestKey, oldest] of this.entries) {
      if (this.usedBytes <= this.maxBytes) break;
      this.entries.delete(oldestKey);
      this.usedBytes -= entryBytes(oldestKey, oldest.length);
    }
  }

  clear(): void {
    this.entries.clear();
    this.usedBytes = 0;
  }

  /** Bytes charged for the entries held (always at most `maxBytes`). */
  get bytes(): number {
    return this.usedBytes;
  }

  get size(): number {
    return this.entries.size;
  }

  get hits(): number {
    return this.hitCount;
  }

  get misses(): number {
    return this.missCount;
  }
}
