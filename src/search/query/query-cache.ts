import { LruMap } from '../../lib/lru-map.js';
import { operation } from '../postings/scratch.js';

/**
 * A small LRU map of query results that computes what it does not hold. Each computation is one
 * query operation (scratch.ts): the bitsets it borrows are reused once it has returned.
 * @example const c = new QueryCache<number>(2); c.get('k', () => 42) // computes once
 */
export class QueryCache<V> {
  private readonly entries: LruMap<string, V>;

  /** `dropped` is told of each computed value the cache lets go (see LruMap). */
  constructor(capacity: number, dropped: ((value: V) => void) | null = null) {
    this.entries = new LruMap(capacity, dropped);
  }

  get(key: string, compute: () => V): V {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const value = operation(compute);
    this.entries.set(key, value);
    return value;
  }
}
