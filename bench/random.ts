/** A seeded PRNG (mulberry32) for the query mix: the same seed gives the same queries. */
export class SeededRandom {
  #state: number;

  constructor(seed: number) {
    this.#state = (Math.imul(seed ^ 0x5bd1e995, 0x27d4eb2d) ^ (seed >>> 15)) >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [0, n). */
  below(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.below(items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
}
