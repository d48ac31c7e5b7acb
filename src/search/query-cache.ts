/**
 * A small LRU map of query results. A Map keeps insertion order, so a hit is re-inserted at
 * the end and the first key is the least recently used.
 * @example const c = new QueryCache<number>(2); c.get('k', () => 42) // computes once
 */
export class QueryCache<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly capacity: number) {}

  get(key: string, compute: () => V): V {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const value = compute();
    if (this.capacity <= 0) return value;
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
