import { bitsToIds, orInto, popcount, setBits } from './bitset.js';

/**
 * A set of document numbers in the representation that suits its size:
 * `all` (no filter), a sorted id `list` (sparse) or `bits` (dense, n/32 words).
 */
export type DocSet =
  | { readonly kind: 'all'; readonly size: number }
  | { readonly kind: 'list'; readonly ids: Uint32Array; readonly size: number }
  | { readonly kind: 'bits'; readonly words: Uint32Array; readonly size: number };

export const EMPTY_IDS = new Uint32Array(0);
export const EMPTY_SET: DocSet = { kind: 'list', ids: EMPTY_IDS, size: 0 };

/**
 * A set of more than n / DENSE_RATIO documents is kept as a bitset: it is smaller then
 * (4 bytes per id against n/8 bytes), and intersects word by word.
 */
export const DENSE_RATIO = 32;

export function isDense(size: number, n: number, ratio = DENSE_RATIO): boolean {
  return size * ratio > n;
}

export function bitsSet(words: Uint32Array, size = popcount(words)): DocSet {
  return { kind: 'bits', words, size };
}

/** Sets the set's documents in `words`, a bitset of n documents. */
export function addToBits(words: Uint32Array, set: DocSet, n: number): void {
  if (set.kind === 'bits') orInto(words, set.words);
  else if (set.kind === 'list') setBits(words, set.ids);
  else {
    words.fill(0xffffffff);
    if ((n & 31) !== 0) words[words.length - 1] = (1 << (n & 31)) - 1;
  }
}

/** Sorted ids of the set (a stored list is returned as is: do not modify it). */
export function toIds(set: DocSet, n: number): Uint32Array {
  if (set.kind === 'list') return set.ids;
  if (set.kind === 'all') return identity(n);
  const out = new Uint32Array(set.size);
  bitsToIds(set.words, n, out);
  return out;
}

export function identity(n: number): Uint32Array {
  const ids = new Uint32Array(n);
  for (let i = 0; i < n; i++) ids[i] = i;
  return ids;
}
