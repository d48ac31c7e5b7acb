/** One entry of a RecencyMap, linked to its neighbours in the order of use. */
interface Node<K, V> {
  readonly key: K;
  value: V;
  older: Node<K, V> | null;
  newer: Node<K, V> | null;
}

/**
 * A map that keeps its entries in the order of their last use, with every step O(1): a use moves
 * the entry's node to the newest end of a doubly linked list; the Map itself changes only when a
 * key comes or goes. (Re-inserting a used key into a Map, the usual way to keep that order, leaves
 * its old entry in its hash bucket until V8 rebuilds the table, so the lookups of a key used again
 * and again walk a chain that grows with each use: in a Map of 10,000 entries a hit went from 2 to
 * 16 µs over 16,000 hits of one key; docs/live-data-log.md, "A hit's place in the order of use".)
 * @example const m = new RecencyMap<string, number>(); m.set('a', 1); m.set('b', 2); m.get('a'); m.oldestKey() // 'b'
 */
export class RecencyMap<K, V> {
  private readonly nodes = new Map<K, Node<K, V>>();
  private oldest: Node<K, V> | null = null;
  private newest: Node<K, V> | null = null;

  /** The value for `key`, which becomes the most recently used. */
  get(key: K): V | undefined {
    const node = this.nodes.get(key);
    if (node === undefined) return undefined;
    this.toNewest(node);
    return node.value;
  }

  /** The value for `key`, leaving the order as it is. */
  peek(key: K): V | undefined {
    return this.nodes.get(key)?.value;
  }

  /** Sets `key` (new or not) to `value` as the most recently used. */
  set(key: K, value: V): void {
    const node = this.nodes.get(key);
    if (node !== undefined) {
      node.value = value;
      this.toNewest(node);
      return;
    }
    const added: Node<K, V> = { key, value, older: this.newest, newer: null };
    if (this.newest === null) this.oldest = added;
    else this.newest.newer = added;
    this.newest = added;
    this.nodes.set(key, added);
  }

  /** Removes `key`; true when it was there. */
  delete(key: K): boolean {
    const node = this.nodes.get(key);
    if (node === undefined) return false;
    this.unlink(node);
    this.nodes.delete(key);
    return true;
  }

  /** The least recently used key, or undefined when empty. */
  oldestKey(): K | undefined {
    return this.oldest?.key;
  }

  clear(): void {
    this.nodes.clear();
    this.oldest = null;
    this.newest = null;
  }

  get size(): number {
    return this.nodes.size;
  }

  private toNewest(node: Node<K, V>): void {
    if (node === this.newest) return;
    this.unlink(node);
    node.older = this.newest;
    this.newest!.newer = node;
    this.newest = node;
  }

  private unlink(node: Node<K, V>): void {
    if (node.older === null) this.oldest = node.newer;
    else node.older.newer = node.newer;
    if (node.newer === null) this.newest = node.older;
    else node.newer.older = node.older;
    node.older = null;
    node.newer = null;
  }
}

/**
 * A bounded map that forgets the least recently used entry.
 * @example const m = new LruMap<string, number>(2); m.set('a', 1); m.get('a') // 1
 */
export class LruMap<K, V> {
  private readonly entries = new RecencyMap<K, V>();

  /** `dropped` is told of each value the map lets go (forgotten, replaced, or never kept). */
  constructor(
    readonly capacity: number,
    private readonly dropped: ((value: V) => void) | null = null,
  ) {}

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    if (this.capacity <= 0) {
      this.dropped?.(value);
      return;
    }
    const old = this.entries.peek(key);
    this.entries.set(key, value);
    if (old !== undefined && old !== value) this.dropped?.(old);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.oldestKey() as K;
      const forgotten = this.entries.peek(oldest) as V;
      this.entries.delete(oldest);
      this.dropped?.(forgotten);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
