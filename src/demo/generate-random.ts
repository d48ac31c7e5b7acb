/** A small seeded PRNG (mulberry32) and the sampling helpers the demo-posting generator needs. */

export class Random {
  private state: number;

  constructor(seed: number) {
    // Mix the seed so that nearby seeds (1, 2, 3) start far apart.
    this.state = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ (seed >>> 13)) >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** `count` distinct items (fewer when the list is shorter), in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = items.slice();
    const n = Math.min(count, pool.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (pool.length - i));
      const tmp = pool[i] as T;
      pool[i] = pool[j] as T;
      pool[j] = tmp;
    }
    return pool.slice(0, n);
  }
}

/** Samples indexes 0..n-1 in proportion to their weights (cumulative sums + binary search). */
export class WeightedSampler {
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(weights: readonly number[]) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    weights.forEach((w, i) => {
      sum += Math.max(0, w);
      this.cumulative[i] = sum;
    });
    if (sum <= 0) throw new Error('weights must not all be zero');
    this.total = sum;
  }

  index(rng: Random): number {
    const x = rng.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.cumulative[mid] ?? 0) > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

/** Picks from `[weight, value]` pairs; for small fixed tables. */
export function weighted<T>(rng: Random, table: readonly (readonly [number, T])[]): T {
  let total = 0;
  for (const [w] of table) total += w;
  let x = rng.next() * total;
  for (const [w, v] of table) {
    x -= w;
    if (x < 0) return v;
  }
  const last = table[table.length - 1];
  if (last === undefined) throw new Error('weighted pick from an empty table');
  return last[1];
}

/** Zipf weights 1/(k+1)^s for ranks 0..n-1. */
export function zipfWeights(n: number, s: number): number[] {
  return Array.from({ length: n }, (_, k) => 1 / Math.pow(k + 1, s));
}
