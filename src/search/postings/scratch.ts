import { newBitset, setBits, wordCount } from './bitset.js';

/** Bitsets kept for reuse per index; more given back are left to the collector. */
const KEPT_BITSETS = 32;

/** Operations running (nested ones count once), and the scratches that lent bitsets during them. */
let depth = 0;
const lending = new Set<Scratch>();

/**
 * Runs one query operation: the bitsets scratches lend during it (`lendBits`) are reused from the
 * next operation on. Nested calls join the outermost one. Every query result an index computes
 * runs inside one (QueryCache.get).
 * @example operation(() => index.count({ workModel: 'remote' }))
 */
export function operation<T>(run: () => T): T {
  depth++;
  try {
    return run();
  } finally {
    if (--depth === 0) {
      for (const s of lending) s.reclaim();
      lending.clear();
    }
  }
}

/**
 * Per-index scratch buffers, reused across queries so that a query allocates (almost) nothing:
 * a bitset is n/8 bytes (125 KB at a million) outside the JS heap, and allocating them per query
 * makes the collector mark the whole heap every few hundred queries (it counts memory outside
 * the heap too), which shows as latency spikes. Queries run one at a time (the engine is
 * synchronous); what a function borrows is valid until the next borrow of the same buffer, a
 * lent bitset until its operation ends.
 */
export class Scratch {
  private idBuffer: Uint32Array | null = null;
  private matchIdBuffer: Uint32Array | null = null;
  private otherIdBuffer: Uint32Array | null = null;
  private byteBuffer: Uint8Array | null = null;
  private matchBitBuffer: Uint32Array | null = null;
  private listBitBuffer: Uint32Array | null = null;
  private readonly countBuffers = new Map<string, Uint32Array>();
  private readonly freeBits: Uint32Array[] = [];
  private lentBits: Uint32Array[] = [];

  constructor(private readonly n: number) {}

  /** n slots for decoding a set into ids (facet counting, relevance). */
  ids(): Uint32Array {
    return (this.idBuffer ??= new Uint32Array(this.n));
  }

  /** n slots for the ids of a sparse filter result. */
  matchIds(): Uint32Array {
    return (this.matchIdBuffer ??= new Uint32Array(this.n));
  }

  /** n more slots for ids, for a second list while `ids()` is in use. */
  otherIds(): Uint32Array {
    return (this.otherIdBuffer ??= new Uint32Array(this.n));
  }

  /** A bitset for a dense filter result (contents undefined: the caller overwrites it). */
  matchBits(): Uint32Array {
    return (this.matchBitBuffer ??= newBitset(this.n));
  }

  /** A bitset holding exactly the given ids. */
  bitsOf(ids: Uint32Array): Uint32Array {
    const words = (this.listBitBuffer ??= newBitset(this.n));
    words.fill(0);
    setBits(words, ids);
    return words;
  }

  /**
   * A zeroed bitset for the running operation (see `operation`), reused once it ends: do not keep
   * it. Outside an operation, a new bitset.
   */
  lendBits(): Uint32Array {
    const words = this.takeBits();
    if (depth > 0) this.lend(words);
    return words;
  }

  /** A zeroed bitset that is the caller's to keep (see `releaseBits` and `retireBits`). */
  takeBits(): Uint32Array {
    const words = this.freeBits.pop();
    if (words === undefined) return newBitset(this.n);
    words.fill(0);
    return words;
  }

  /** A kept bitset that nothing reads any more: reused from now on. */
  releaseBits(words: Uint32Array): void {
    if (words.length === wordCount(this.n)) this.keep(words);
  }

  /**
   * A kept bitset that only the running operation may still read (evicted from a cache): reused
   * once it ends. Outside an operation it is left to the collector (a caller may hold it).
   */
  retireBits(words: Uint32Array): void {
    if (depth > 0 && words.length === wordCount(this.n)) this.lend(words);
  }

  /** Bitsets lent during the operation that ended go back to the pool. */
  reclaim(): void {
    const lent = this.lentBits;
    this.lentBits = [];
    for (const words of lent) this.keep(words);
  }

  /** Zeroed counters for one facet (each facet is counted at most once per request). */
  counts(key: string, size: number): Uint32Array {
    let counts = this.countBuffers.get(key);
    if (!counts || counts.length !== size) this.countBuffers.set(key, (counts = new Uint32Array(size)));
    else counts.fill(0);
    return counts;
  }

  /** n zeroed bytes (one counter per document); zero what you used before the next borrow. */
  bytes(): Uint8Array {
    return (this.byteBuffer ??= new Uint8Array(this.n));
  }

  private lend(words: Uint32Array): void {
    this.lentBits.push(words);
    lending.add(this);
  }

  private keep(words: Uint32Array): void {
    if (this.freeBits.length < KEPT_BITSETS) this.freeBits.push(words);
  }
}
