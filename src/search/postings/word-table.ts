/**
 * Open-addressing hash table from words, given as slices of a text (no string is created for a
 * lookup), to an integer. Used while building the keyword index, where the same few thousand
 * words are looked up millions of times.
 * @example const e = table.find(text, 0, 3, hash); if (e < 0) table.add(text, 0, 3, hash, 7)
 */
export class WordTable {
  private slots = new Int32Array(1 << 12).fill(-1);
  private hashes = new Int32Array(1 << 11);
  private starts = new Uint32Array(1 << 11);
  private lengths = new Uint32Array(1 << 11);
  private values = new Int32Array(1 << 11);
  private pool = new Uint16Array(1 << 14);
  private poolLength = 0;
  private count = 0;

  /** The entry of the word text[start, end) with that hash, or -1. */
  find(text: string, start: number, end: number, hash: number): number {
    const mask = this.slots.length - 1;
    const len = end - start;
    for (let s = hash & mask; ; s = (s + 1) & mask) {
      const e = this.slots[s]!;
      if (e < 0) return -1;
      if (this.hashes[e] === hash && this.lengths[e] === len && this.sameChars(e, text, start, len)) return e;
    }
  }

  value(entry: number): number {
    return this.values[entry]!;
  }

  /** Adds a word that find() did not find; returns its entry. */
  add(text: string, start: number, end: number, hash: number, value: number): number {
    if ((this.count + 1) * 2 > this.slots.length) this.rehash();
    const e = this.count++;
    if (e === this.hashes.length) this.growEntries();
    const len = end - start;
    while (this.poolLength + len > this.pool.length) this.pool = grown(this.pool, this.pool.length * 2);
    for (let i = 0; i < len; i++) this.pool[this.poolLength + i] = text.charCodeAt(start + i);
    this.hashes[e] = hash;
    this.starts[e] = this.poolLength;
    this.lengths[e] = len;
    this.values[e] = value;
    this.poolLength += len;
    this.place(e);
    return e;
  }

  private sameChars(e: number, text: string, start: number, len: number): boolean {
    const at = this.starts[e]!;
    for (let i = 0; i < len; i++) if (this.pool[at + i] !== text.charCodeAt(start + i)) return false;
    return true;
  }

  private place(e: number): void {
    const mask = this.slots.length - 1;
    let s = this.hashes[e]! & mask;
    while (this.slots[s]! >= 0) s = (s + 1) & mask;
    this.slots[s] = e;
  }

  private rehash(): void {
    this.slots = new Int32Array(this.slots.length * 2).fill(-1);
    for (let e = 0; e < this.count; e++) this.place(e);
  }

  private growEntries(): void {
    const size = this.hashes.length * 2;
    this.hashes = grown(this.hashes, size);
    this.starts = grown(this.starts, size);
    this.lengths = grown(this.lengths, size);
    this.values = grown(this.values, size);
  }
}

function grown<T extends Int32Array | Uint32Array | Uint16Array>(a: T, size: number): T {
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a);
  return b;
}
