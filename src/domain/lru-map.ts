/**
 * A bounded map that forgets the least recently used entry. A Map keeps insertion order, so a
 * hit is re-inserted at the end and the first key is the oldest.
 * @example const m = new LruMap<string, number>(2); m.set('a', 1); m.get('a') // 1
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();

  /** `dropped` is told of each value the map lets go (forgotten, replaced, or never kept). */
  constructor(
    readonly capacity: number,
    private readonly dropped: ((value: V) => void) | null = null,
  ) {}

  get(key: K): V | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: K, value: V): void {
    if (this.capacity <= 0) {
      this.dropped?.(value);
      return;
    }
    const old = this.entries.get(key);
    this.entries.delete(key);
    this.entries.set(key, value);
    if (old !== undefined && old !== value) this.dropped?.(old);
    if (this.entries.size > this.capacity) {
      const [oldest, forgotten] = this.entries.entries().next().value as [K, V];
      this.entries.delete(oldest);
      this.dropped?.(forgotten);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
