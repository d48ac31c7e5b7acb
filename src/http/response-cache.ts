import type { IndexSnapshot } from '../runtime/live-index.js';
import { compressBody, type Encoding } from './compression.js';

const DURATION_FIELD = ',"duration_ms":';
/** How a kept body ends: the duration a cache hit almost always has (under half a millisecond). */
const ZERO_TAIL = `${DURATION_FIELD}0}`;
/** Bodies larger than this are not kept (a page of 100 cards is about 100 KB). */
const MAX_CACHED_BODY = 256 * 1024;
/**
 * What one entry costs beyond its two strings: the Map slot, the string headers and the
 * bookkeeping object (a generous estimate, so that the budget is an upper bound).
 */
export const ENTRY_OVERHEAD_BYTES = 160;

/**
 * Bytes an entry is charged: its key at two bytes per UTF-16 code unit (V8 keeps a string with
 * any non-Latin-1 character in two bytes per unit; Latin-1 strings take one), its kept bodies'
 * bytes (UTF-8, and each compressed one made), plus the overhead.
 */
export function entryBytes(key: string, bodyBytes: number): number {
  return ENTRY_OVERHEAD_BYTES + 2 * key.length + bodyBytes;
}

function charge(key: string, entry: Entry): number {
  return entryBytes(key, entry.body.length + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0));
}

/** A kept answer: its UTF-8 bytes with `"duration_ms":0`, and those compressed, once asked for. */
interface Entry {
  readonly body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** What a hit sends: the bytes, and their encoding (null: plain UTF-8). */
export interface CachedBody {
  readonly body: Buffer;
  readonly encoding: Encoding | null;
}

/**
 * Serialised 200 bodies of the API by normalised request (path + canonical query), for one index
 * version, within a budget in bytes (least recently used entries go first). `duration_ms` is the
 * last field of every response: a body is kept as UTF-8 bytes (outside the JavaScript heap) with
 * `"duration_ms":0`, and a hit answered within half a millisecond — nearly every hit — is that
 * very buffer, shared by every response and never written to, or its brotli or gzip form, made at
 * the first hit that accepts it and kept beside it; a slower hit gets a plain copy with its own
 * duration. A copy per hit cost more than its time: every buffer is memory outside the heap,
 * which the collector counts, and at a few thousand hits a second the copies made the request
 * thread mark its whole heap every ~125 requests (pauses and marking steps of up to 12 ms); and
 * compressing the same answer again for every browser's request cost 0.8 ms a hit.
 * Entries are tagged with the index version only (its ETag string, not the snapshot object, so an
 * old index is never kept alive by the cache); a new version empties the cache.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private version: string | null = null;
  private usedBytes = 0;
  private hitCount = 0;
  private missCount = 0;
  private readonly maxBody: number;

  constructor(readonly maxBytes: number) {
    this.maxBody = Math.min(MAX_CACHED_BODY, Math.floor(maxBytes / 8));
  }

  /**
   * The cached body for `key` with `durationMs` filled in, in `encoding` when it is 0 and one is
   * given, or undefined (counted as a miss). With a duration of 0 it is a kept buffer itself:
   * send it, never write to it.
   */
  get(
    snapshot: IndexSnapshot,
    key: string,
    durationMs: number,
    encoding: Encoding | null = null,
  ): CachedBody | undefined {
    const entry = this.version === snapshot.etag ? this.entries.get(key) : undefined;
    if (entry === undefined) {
      this.missCount++;
      return undefined;
    }
    this.hitCount++;
    this.entries.delete(key);
    this.entries.set(key, entry);
    const kept = entry.body;
    if (durationMs === 0 && encoding !== null) return { body: this.encoded(key, entry, encoding), encoding };
    if (durationMs === 0) return { body: kept, encoding: null };
    const tail = `${DURATION_FIELD}${durationMs}}`;
    const length = kept.length - ZERO_TAIL.length;
    const body = Buffer.allocUnsafe(length + tail.length);
    kept.copy(body, 0, 0, length);
    body.write(tail, length, 'latin1');
    return { body, encoding: null };
  }

  /** The entry's body in `encoding`, compressed and charged the first time. */
  private encoded(key: string, entry: Entry, encoding: Encoding): Buffer {
    const made = entry[encoding];
    if (made !== undefined) return made;
    const body = compressBody(entry.body, encoding);
    entry[encoding] = body;
    this.usedBytes += body.length;
    this.evict();
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
    const text = `${body.slice(0, at)}${ZERO_TAIL}`;
    // Not from Buffer's shared pool: a kept slice of it would keep its whole 8 KB slab alive.
    const kept = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
    kept.write(text);
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.usedBytes -= charge(key, old);
      this.entries.delete(key);
    }
    const entry: Entry = { body: kept };
    this.entries.set(key, entry);
    this.usedBytes += charge(key, entry);
    this.evict();
  }

  /** Forgets the least recently used entries while over budget. */
  private evict(): void {
    for (const [oldestKey, oldest] of this.entries) {
      if (this.usedBytes <= this.maxBytes) break;
      this.entries.delete(oldestKey);
      this.usedBytes -= charge(oldestKey, oldest);
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
