import { LruMap } from '../domain/lru-map.js';

/**
 * A small LRU map of query results that computes what it does not hold.
 * @example const c = new QueryCache<number>(2); c.get('k', () => 42) // computes once
 */
export class QueryCache<V> {
  private readonly entries: LruMap<string, V>;

  constructor(capacity: number) {
    this.entries = new LruMap(capacity);
  }

  get(key: string, compute: () => V): V {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const value = compute();
    this.entries.set(key, value);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
