import type { IndexSnapshot } from '../runtime/live-index.js';
import { RecencyMap } from '../lib/lru-map.js';
import { COMPRESS_THRESHOLD, compressBody, type Encoding } from './compression.js';

const DURATION_FIELD = ',"duration_ms":';
/** How a kept body ends: the duration a cache hit almost always has (under half a millisecond). */
const ZERO_TAIL = `${DURATION_FIELD}0}`;
/** `}`, the last byte of a JSON object. */
const CLOSE = 0x7d;

/** Whether bytes[from, to) are one or more ASCII digits. */
function digitsUpTo(bytes: Buffer, from: number, to: number): boolean {
  if (from >= to) return false;
  for (let i = from; i < to; i++) if (bytes[i]! < 0x30 || bytes[i]! > 0x39) return false;
  return true;
}

/** Bodies larger than this (bytes) are not kept (a page of 100 cards is about 100 KB). */
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

function charge(key: string, slot: Entry | Alias): number {
  if ('to' in slot) return entryBytes(key, 2 * (slot.to.length + slot.etag.length));
  return entryBytes(key, slot.body.length + (slot.br?.length ?? 0) + (slot.gzip?.length ?? 0));
}

/** Prefix of an alias's key: no request URL or canonical key starts with a NUL character. */
const ALIAS = '\u0000';

/** A kept answer: its UTF-8 bytes with `"duration_ms":0`, and those compressed, once asked for. */
interface Entry {
  readonly body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * What a request URL was answered as, the last time it went the whole way (schema validation,
 * canonical query, ETag): its canonical key and its ETag. The same URL on the same index version
 * gets the same outcome, so a repeat can skip all of that. URLs are remembered without tracking
 * parameters (api-hooks.ts), which never change an answer.
 */
export interface Alias {
  readonly to: string;
  readonly etag: string;
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
 * Beside the answers it keeps aliases: a request URL as it came (`/…?b=2&a=1&utm_source=x`) to the
 * canonical key it was answered under, with that answer's ETag, so a repeat is answered before
 * validation (api-hooks). They share the budget and the least-recently-used order with the
 * answers, and are not counted among them (`size`).
 */
export class ResponseCache {
  /** Answers by canonical key, and aliases by ALIAS + request URL, least recently used first. */
  private readonly entries = new RecencyMap<string, Entry | Alias>();
  private version: string | null = null;
  private usedBytes = 0;
  private answers = 0;
  private hitCount = 0;
  private missCount = 0;
  private readonly maxBody: number;

  constructor(readonly maxBytes: number) {
    this.maxBody = Math.min(MAX_CACHED_BODY, Math.floor(maxBytes / 8));
  }

  /**
   * The cached body for `key` with `durationMs` filled in, in `encoding` when it is 0, one is
   * given and the body is not below COMPRESS_THRESHOLD, or undefined (counted as a miss). With a
   * duration of 0 it is a kept buffer itself: send it, never write to it.
   */
  get(
    snapshot: IndexSnapshot,
    key: string,
    durationMs: number,
    encoding: Encoding | null = null,
  ): CachedBody | undefined {
    // One lookup, which makes the entry the most recently used: a canonical key never starts with
    // ALIAS, so what it finds is an answer (the check below is for the type).
    const entry = this.version === snapshot.etag ? this.entries.get(key) : undefined;
    if (entry === undefined || 'to' in entry) {
      this.missCount++;
      return undefined;
    }
    this.hitCount++;
    const kept = entry.body;
    // Below the threshold an answer goes plain, as it did when it was made.
    if (durationMs === 0 && encoding !== null && kept.length >= COMPRESS_THRESHOLD) {
      return { body: this.encoded(key, entry, encoding), encoding };
    }
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

  /**
   * Keeps a serialised body whose last field is `duration_ms`; anything else is ignored. Given as
   * the UTF-8 bytes the answer is sent as (api-hooks encodes it once): kept from its text, an answer
   * cost the request thread about 40 KB more garbage (the text with its tail cut, a two-byte string
   * as soon as a card has a character beyond Latin-1, copied flat to be measured, then encoded).
   */
  set(snapshot: IndexSnapshot, key: string, body: Buffer | string): void {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    if (this.maxBytes <= 0 || bytes.length > this.maxBody || bytes[bytes.length - 1] !== CLOSE) return;
    const at = bytes.lastIndexOf(DURATION_FIELD);
    if (at < 0 || !digitsUpTo(bytes, at + DURATION_FIELD.length, bytes.length - 1)) return;
    if (this.version !== snapshot.etag) {
      this.clear();
      this.version = snapshot.etag;
    }
    // Not from Buffer's shared pool: a kept slice of it would keep its whole 8 KB slab alive.
    const kept = Buffer.allocUnsafeSlow(at + ZERO_TAIL.length);
    bytes.copy(kept, 0, 0, at);
    kept.write(ZERO_TAIL, at, 'latin1');
    this.forget(key);
    const entry: Entry = { body: kept };
    this.entries.set(key, entry);
    this.answers++;
    this.usedBytes += charge(key, entry);
    this.evict();
  }

  /**
   * Keeps that the request URL `url` was answered (on this version) as `alias.to`, if that answer
   * is kept. Charged to the same budget and evicted by the same rule; an alias whose answer has
   * gone is of no use (`holds` says so) and goes in its turn.
   */
  remember(snapshot: IndexSnapshot, url: string, alias: Alias): void {
    if (this.version !== snapshot.etag || !this.holds(snapshot, alias.to)) return;
    const key = ALIAS + url;
    this.forget(key);
    this.entries.set(key, alias);
    this.usedBytes += charge(key, alias);
    this.evict();
  }

  /** What `url` was answered as on this version, if remembered (not counted as a hit or miss). */
  aliasOf(snapshot: IndexSnapshot, url: string): Alias | undefined {
    if (this.version !== snapshot.etag) return undefined;
    const key = ALIAS + url;
    // One lookup, which makes the alias the most recently used (an ALIAS key holds only aliases).
    const slot = this.entries.get(key);
    return slot !== undefined && 'to' in slot ? slot : undefined;
  }

  /** Whether an answer for the canonical `key` is kept for this version. */
  holds(snapshot: IndexSnapshot, key: string): boolean {
    const slot = this.version === snapshot.etag ? this.entries.peek(key) : undefined;
    return slot !== undefined && !('to' in slot);
  }

  private forget(key: string): void {
    const old = this.entries.peek(key);
    if (old === undefined) return;
    this.entries.delete(key);
    this.usedBytes -= charge(key, old);
    if (!('to' in old)) this.answers--;
  }

  /** Forgets the least recently used entries while over budget. */
  private evict(): void {
    for (let oldest = this.entries.oldestKey(); oldest !== undefined; oldest = this.entries.oldestKey()) {
      if (this.usedBytes <= this.maxBytes) break;
      this.forget(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
    this.usedBytes = 0;
    this.answers = 0;
  }

  /** Bytes charged for the entries held (always at most `maxBytes`). */
  get bytes(): number {
    return this.usedBytes;
  }

  /** Answers kept (aliases not counted). */
  get size(): number {
    return this.answers;
  }

  get hits(): number {
    return this.hitCount;
  }

  get misses(): number {
    return this.missCount;
  }
}
