import { andInto, hasBit, newBitset, orInto, popcount, setBits } from './postings/bitset.js';
import { BM25_B, BM25_K1, forEachPosting, type KeywordIndex } from './keywords.js';
import { compareStrings } from './columns.js';
import { LANGUAGE_LIST, forEachWord, stemKey, wordKeys } from './tokenize.js';

/** Words beyond this many in a query are ignored (bounds the cost of one request). */
export const MAX_QUERY_WORDS = 32;
/** The last word also matches as a prefix of indexed words once it has this many characters. */
export const MIN_PREFIX_LENGTH = 3;
/** A prefix adds at most this many terms per language and key (the most frequent ones). */
export const MAX_PREFIX_TERMS = 16;

/**
 * The terms each query word stands for, in every language: the stems of its keys, and for the
 * last word also the terms of the indexed words its keys begin (when long enough; the
 * MAX_PREFIX_TERMS most frequent, by document frequency then stem). Terms of a
 * word are ordered by stem so that scores add up in one fixed order. Null when the text has no
 * words (no keyword filter).
 * @example queryTerms(index, 'seo manag') // [[t('seo')], [t('manag'), t('managerin'), ...]]
 */
export function queryTerms(index: KeywordIndex, text: string): number[][] | null {
  const words: string[][] = [];
  forEachWord(text, (w) => {
    if (words.length < MAX_QUERY_WORDS) words.push(wordKeys(w));
  });
  if (words.length === 0) return null;
  return words.map((keys, i) => termsOfWord(index, keys, i === words.length - 1));
}

function termsOfWord(index: KeywordIndex, keys: string[], last: boolean): number[] {
  const terms = new Set<number>();
  for (const lang of LANGUAGE_LIST) {
    for (const key of keys) {
      const t = index.termOf.get(`${lang}:${stemKey(lang, key)}`);
      if (t !== undefined) terms.add(t);
      if (last && key.length >= MIN_PREFIX_LENGTH) addPrefixTerms(index, lang, key, terms);
    }
  }
  return [...terms].sort((a, b) => (index.stems[a]! < index.stems[b]! ? -1 : index.stems[a]! > index.stems[b]! ? 1 : a - b));
}

function addPrefixTerms(index: KeywordIndex, lang: (typeof LANGUAGE_LIST)[number], prefix: string, out: Set<number>): void {
  const vocab = index.vocab.get(lang);
  if (!vocab) return;
  let lo = 0;
  let hi = vocab.keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (vocab.keys[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  const found = new Set<number>();
  for (let i = lo; i < vocab.keys.length && vocab.keys[i]!.startsWith(prefix); i++) found.add(vocab.terms[i]!);
  const df = (t: number): number => index.tfOffsets[t + 1]! - index.tfOffsets[t]!;
  const best = [...found].sort((a, b) => df(b) - df(a) || compareStrings(index.stems[a]!, index.stems[b]!));
  for (const t of best.slice(0, MAX_PREFIX_TERMS)) out.add(t);
}

/** Documents that match every word (any of its terms); a bitset and its size. */
export function matchTerms(index: KeywordIndex, words: number[][]): { words: Uint32Array; size: number } {
  let acc: Uint32Array | null = null;
  let size = 0;
  for (const terms of words) {
    const bits = newBitset(index.n);
    for (const t of terms) {
      const dense = index.dense[t];
      if (dense) orInto(bits, dense);
      else setBits(bits, index.docs.subarray(index.docOffsets[t]!, index.docOffsets[t + 1]!));
    }
    size = acc === null ? popcount(bits) : andInto(bits, acc);
    acc = bits;
  }
  return { words: acc ?? newBitset(index.n), size };
}

/**
 * BM25 scores of the matching documents, added into `scores` (which must be zero there):
 * for each word in order, for each of its terms, idf(term) * saturated tf.
 */
export function scoreTerms(index: KeywordIndex, words: number[][], match: Uint32Array, scores: Float64Array): void {
  const n = index.n;
  for (const terms of words) {
    for (const t of terms) {
      const df = index.tfOffsets[t + 1]! - index.tfOffsets[t]!;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      forEachPosting(index, t, (d, tf) => {
        if (!hasBit(match, d)) return;
        const norm = 1 - BM25_B + (BM25_B * index.docLength[d]!) / index.avgLength;
        scores[d]! += (idf * (tf * (BM25_K1 + 1))) / (tf + BM25_K1 * norm);
      });
    }
  }
}
