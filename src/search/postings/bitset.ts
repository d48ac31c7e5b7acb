/**
 * Bitsets over document numbers: one bit per document in Uint32Array words
 * (document d is bit `d & 31` of word `d >>> 5`). Used for large posting lists and match sets,
 * where they are smaller than an id list (above n/32 documents) and intersect word by word.
 */

export function wordCount(n: number): number {
  return (n + 31) >>> 5;
}

export function newBitset(n: number): Uint32Array {
  return new Uint32Array(wordCount(n));
}

/** A bitset of n documents, every one set (the bits at n and above clear). */
export function liveBitset(n: number): Uint32Array {
  const words = newBitset(n);
  words.fill(0xffffffff);
  const tail = n & 31;
  if (tail !== 0) words[words.length - 1] = (1 << tail) - 1;
  return words;
}

export function hasBit(words: Uint32Array, d: number): boolean {
  return ((words[d >>> 5]! >>> (d & 31)) & 1) === 1;
}

export function setBits(words: Uint32Array, ids: Uint32Array): void {
  for (let i = 0; i < ids.length; i++) {
    const d = ids[i]!;
    words[d >>> 5]! |= 1 << (d & 31);
  }
}

/** Number of set bits of one 32-bit word. */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export function popcount(words: Uint32Array): number {
  let total = 0;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w !== 0) total += popcount32(w);
  }
  return total;
}

/** `target &= other`, word by word; returns the number of bits left. */
export function andInto(target: Uint32Array, other: Uint32Array): number {
  let total = 0;
  for (let i = 0; i < target.length; i++) {
    const w = target[i]! & other[i]!;
    target[i] = w;
    if (w !== 0) total += popcount32(w);
  }
  return total;
}

/** Number of bits set in both. */
export function andCount(a: Uint32Array, b: Uint32Array): number {
  let total = 0;
  for (let i = 0; i < a.length; i++) {
    const w = a[i]! & b[i]!;
    if (w !== 0) total += popcount32(w);
  }
  return total;
}

/** `target |= other`, word by word. */
export function orInto(target: Uint32Array, other: Uint32Array): void {
  for (let i = 0; i < target.length; i++) target[i]! |= other[i]!;
}

/**
 * Writes the set bits in ascending order into `out` (which must have room); returns how many.
 * With `complement`, writes the clear bits below `n` instead.
 */
export function bitsToIds(words: Uint32Array, n: number, out: Uint32Array, complement = false): number {
  let k = 0;
  const flip = complement ? 0xffffffff : 0;
  for (let i = 0; i < words.length; i++) {
    let w = (words[i]! ^ flip) >>> 0;
    const base = i << 5;
    // The last word's bits at n and above are no documents (n - base is 1..31 here).
    if (complement && base + 32 > n) w &= (1 << (n - base)) - 1;
    while (w !== 0) {
      const t = w & -w;
      out[k++] = base + 31 - Math.clz32(t);
      w ^= t;
    }
  }
  return k;
}

/** Writes the ids in `base` but not in `words`, ascending, into `out`; returns how many. */
export function andNotToIds(base: Uint32Array, words: Uint32Array, out: Uint32Array): number {
  let k = 0;
  for (let i = 0; i < words.length; i++) {
    let w = (base[i]! & ~words[i]!) >>> 0;
    const b = i << 5;
    while (w !== 0) {
      const t = w & -w;
      out[k++] = b + 31 - Math.clz32(t);
      w ^= t;
    }
  }
  return k;
}

/** Calls visit(d) for every set bit of a bitset, ascending. */
export function forEachBit(bits: Uint32Array, visit: (d: number) => void): void {
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w]!;
    while (x !== 0) {
      const low = x & -x;
      visit((w << 5) + 31 - Math.clz32(low));
      x ^= low;
    }
  }
}
