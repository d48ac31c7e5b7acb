import { newBitset, setBits } from './postings/bitset.js';

/**
 * Per-index scratch buffers, reused across queries so that a query allocates (almost) nothing:
 * large per-query allocations make the collector mark the whole heap (the jobs) more often,
 * which shows as latency spikes. Queries run one at a time (the engine is synchronous); what a
 * function borrows is valid until the next borrow of the same buffer.
 */
export class Scratch {
  private idBuffer: Uint32Array | null = null;
  private matchIdBuffer: Uint32Array | null = null;
  private scoreBuffer: Float64Array | null = null;
  private matchBitBuffer: Uint32Array | null = null;
  private listBitBuffer: Uint32Array | null = null;
  private readonly countBuffers = new Map<string, Uint32Array>();

  constructor(private readonly n: number) {}

  /** n slots for decoding a set into ids (facet counting, relevance). */
  ids(): Uint32Array {
    return (this.idBuffer ??= new Uint32Array(this.n));
  }

  /** n slots for the ids of a sparse filter result. */
  matchIds(): Uint32Array {
    return (this.matchIdBuffer ??= new Uint32Array(this.n));
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

  /** Zeroed counters for one facet (each facet is counted at most once per request). */
  counts(key: string, size: number): Uint32Array {
    let counts = this.countBuffers.get(key);
    if (!counts || counts.length !== size) this.countBuffers.set(key, (counts = new Uint32Array(size)));
    else counts.fill(0);
    return counts;
  }

  /** n scores, all zero; give the used slots back with `clearScores`. */
  scores(): Float64Array {
    return (this.scoreBuffer ??= new Float64Array(this.n));
  }

  clearScores(ids: Uint32Array): void {
    const scores = this.scores();
    for (let i = 0; i < ids.length; i++) scores[ids[i]!] = 0;
  }
}
