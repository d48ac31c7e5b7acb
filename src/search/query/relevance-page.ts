import { newBitset, popcount32 } from '../postings/bitset.js';
import { identity, type DocSet } from '../postings/doc-set.js';
import { pageByScore } from './paginate.js';
import { impactWindow, type NamedPosition } from './impact-walk.js';
import { BM25_K1, MAX_TF, TITLE_MARK, bm25, type KeywordIndex } from '../text/keywords.js';
import {
  EXACT_WORD_BONUS,
  POSITION_BONUS,
  PREFER_BONUS,
  TITLE_WORD_BONUS,
  WORD_BONUS,
  TYPO_WEIGHT,
  termIdf,
  type KeywordContext,
  type QueryWord,
} from '../text/keyword-query.js';

/**
 * Preferred facet values (JobFilter.prefer) the tiers can count apart: PREFER_BONUS times this
 * stays below WORD_BONUS. More, and every match is scored (they never are: at most four).
 */
const MAX_PREFER = 9;

/**
 * A matching document's integer tiers packed into 23 bits, compared as numbers in the order of
 * the tiers: words matched (bits 17–22), preferred values (13–16), words matched exactly (7–12),
 * words in the title (1–6), the named position (bit 0).
 */
const TIER_WORD = 1 << 17;
const TIER_PREFER = 1 << 13;
const TIER_EXACT = 1 << 7;
const TIER_TITLE = 1 << 1;
const TIER_NAMED = 1;
const TIERS = (1 << 23) - 1;
/** Tiers are told apart by two histograms: their high 11 bits, then the low 12. */
const LOW_BITS = 12;

/**
 * Below this, tiers that differ keep their order whatever BM25 adds: two different tiers are at
 * least POSITION_BONUS apart, and the sums' rounding is far below one.
 */
const BM25_CEILING = POSITION_BONUS - 1;

/** What the relevance order adds besides the words: the position the query names, preferred values. */
export interface RelevanceExtras {
  /** Per document the code of its position, and the code the whole query names (undefined: none). */
  readonly positions: Uint32Array;
  readonly code: number | undefined;
  /** One test per preferred facet value. */
  readonly prefer: readonly ((d: number) => boolean)[];
  /** The documents of the position `code` (what the walk by impact needs to take such a query). */
  readonly named?: DocSet | undefined;
  /** The documents of each preferred value (the walk reads them apart; without them it adds their bonus to its bound). */
  readonly preferred?: readonly DocSet[] | undefined;
}

/**
 * Per-index buffers, reused so that a page allocates (almost) nothing (see Scratch): a word per
 * document for the walk by impact (zero between uses); bitsets of one word's documents, of those
 * matched exactly and of those holding it in the title, of the candidates, and per bitset word
 * the candidates before it (all zero between uses but `before`); the two histograms; and per match
 * or candidate its tiers, its document, its score, its best term score and its place (0, 1, 2, … ;
 * grown as needed).
 */
interface Buffers {
  tiers: Uint32Array;
  hit: Uint32Array;
  exact: Uint32Array;
  title: Uint32Array;
  cands: Uint32Array;
  before: Uint32Array;
  high: Uint32Array;
  low: Uint32Array;
  packed: Uint32Array;
  docs: Uint32Array;
  scores: Float64Array;
  best: Float64Array;
  places: Uint32Array;
}
const buffers = new WeakMap<KeywordIndex, Buffers>();

function buffersOf(index: KeywordIndex, m: number): Buffers {
  let b = buffers.get(index);
  if (!b || b.tiers.length < index.n) {
    b = {
      tiers: new Uint32Array(index.n),
      hit: newBitset(index.n),
      exact: newBitset(index.n),
      title: newBitset(index.n),
      cands: newBitset(index.n),
      before: newBitset(index.n),
      high: new Uint32Array(1 << (23 - LOW_BITS)),
      low: new Uint32Array(1 << LOW_BITS),
      packed: new Uint32Array(0),
      docs: new Uint32Array(0),
      scores: new Float64Array(0),
      best: new Float64Array(0),
      places: new Uint32Array(0),
    };
    buffers.set(index, b);
  }
  if (b.packed.length < m) {
    const size = Math.min(index.n, Math.max(m, b.packed.length * 2));
    b.packed = new Uint32Array(size);
    b.docs = new Uint32Array(size);
    b.scores = new Float64Array(size);
    b.best = new Float64Array(size);
    b.places = identity(size);
  }
  return b;
}

/**
 * The documents at positions [start, end) of the relevance order of `ids` (the matches, ascending;
 * `match` the same as a bitset), their scores and how many matches were scored: by score (descending or ascending), ties by
 * document number. A score is, for each word, the best of its terms — idf(term) × saturated tf
 * (BM25 over the field-weighted term frequencies, see fieldWeight), a typo-corrected term at
 * TYPO_WEIGHT — summed over the words, plus WORD_BONUS per word matched and EXACT_WORD_BONUS per
 * word matched by one of its exact terms (for every word when the document's position is the one
 * the query names), TITLE_WORD_BONUS per word one of whose terms is in its title, POSITION_BONUS
 * for that position, PREFER_BONUS per preferred value, added in that order.
 *
 * Cost: the integer tiers first, in one pass over the terms' postings (no BM25) into three bitsets
 * per word (matched, exactly, in the title), added into each match's tiers by one pass over the
 * matches per word; the tier of the page's last position (`end`-th from the front) found by two
 * histograms; BM25 only for the documents of that tier or a better one (`prune`; all when the
 * query's BM25 could reach POSITION_BONUS), each found in a term's postings through a bitset of the
 * candidates: no other document can reach the page, as a tier is worth more than any BM25 sum.
 */
export function relevanceWindow(
  index: KeywordIndex,
  words: readonly QueryWord[],
  ids: Uint32Array,
  match: Uint32Array,
  start: number,
  end: number,
  descending: boolean,
  extras: RelevanceExtras,
  ctx: KeywordContext | null,
  prune: boolean,
  impact = 0,
): { docs: Uint32Array; scores: Float64Array; scored: number } {
  if (start >= end) return { docs: new Uint32Array(0), scores: new Float64Array(0), scored: 0 };
  const m = ids.length;
  const buffers = buffersOf(index, m);
  const idf = words.map((w) => w.terms.map((t) => termIdf(index, t, ctx)));
  const named = namedOf(extras);
  if (impact > 0 && descending && words.length === 1 && named !== undefined) {
    const avgLength = ctx?.avgLength ?? index.avgLength;
    const w = words[0]!;
    const best = impactWindow(index, w, idf[0]!, match, end, avgLength, extras, buffers.tiers, impact, named);
    if (best) return { docs: best.docs.slice(start, end), scores: best.scores.slice(start, end), scored: best.scored };
  }
  // Tiers ascending are read as their complement, so that the page's are always the largest.
  const flip = descending ? 0 : TIERS;
  const packed = buffers.packed.subarray(0, m).fill(0);
  markTiers(index, words, ids, match, buffers, packed);
  const preferTiers = extras.prefer.length <= MAX_PREFER;
  finishTiers(ids, words.length, preferTiers ? extras.prefer : [], extras, flip, buffers, packed);
  // Every match is scored when the tiers cannot tell the page's candidates apart.
  const all = !prune || !preferTiers || bm25Ceiling(words, idf) >= BM25_CEILING;
  const { cut, count } = all ? { cut: 0, count: m } : tierAt(buffers, packed, m, end);
  // The candidates' documents, and their tiers moved to the front of `packed`.
  const docs = buffers.docs.subarray(0, count);
  for (let i = 0, c = 0; c < count; i++) {
    const k = packed[i]!;
    if (k < cut) continue;
    docs[c] = ids[i]!;
    packed[c++] = k ^ flip;
  }
  const scores = scoreCandidates(index, words, idf, docs, packed, buffers, ctx, preferTiers ? [] : extras.prefer);
  // By place among the candidates: places ascend with documents, so ties go by document.
  const page = pageByScore(buffers.places.subarray(0, count), scores, descending, { start, end });
  const pageDocs = Uint32Array.from(page, (s) => docs[s]!);
  return { docs: pageDocs, scores: Float64Array.from(page, (s) => scores[s]!), scored: count };
}

/** The named position as the walk takes it: null when none, undefined when its documents are not given. */
function namedOf(extras: RelevanceExtras): NamedPosition | null | undefined {
  if (extras.code === undefined) return null;
  return extras.named && { positions: extras.positions, code: extras.code, docs: extras.named };
}

/** Above any BM25 sum of the query: per word its best term's idf (a typo's at TYPO_WEIGHT) × (k1 + 1). */
function bm25Ceiling(words: readonly QueryWord[], idf: readonly (readonly number[])[]): number {
  let ceiling = 0;
  for (const [w, word] of words.entries()) {
    let top = 0;
    for (let i = 0; i < word.terms.length; i++) top = Math.max(top, (i < word.exact ? 1 : TYPO_WEIGHT) * idf[w]![i]!);
    ceiling += top * (BM25_K1 + 1);
  }
  return ceiling;
}

/**
 * Adds each match's words matched, matched exactly and held in the title into `packed` (by its
 * place in `ids`): per word, bitsets of its matching documents, of those matched by an exact term
 * and of those holding one of its terms in the title (so a word counts once however many of its
 * terms a document holds), then one pass over the matches.
 */
function markTiers(
  index: KeywordIndex,
  words: readonly QueryWord[],
  ids: Uint32Array,
  match: Uint32Array,
  buffers: Buffers,
  packed: Uint32Array,
): void {
  const { docs, tfs, docOffsets, tfOffsets, dense } = index;
  const { hit, exact, title } = buffers;
  for (const word of words) {
    let exactly = false;
    for (const [i, t] of word.terms.entries()) {
      const isExact = i < word.exact;
      exactly ||= isExact;
      let j = tfOffsets[t]!;
      const bits = dense[t];
      if (!bits) {
        const from = docOffsets[t]!;
        const to = docOffsets[t + 1]!;
        for (let p = from; p < to; p++, j++) {
          const d = docs[p]!;
          const x = d >>> 5;
          const bit = 1 << (d & 31);
          if ((match[x]! & bit) === 0) continue;
          hit[x]! |= bit;
          if (isExact) exact[x]! |= bit;
          if (tfs[j]! >= TITLE_MARK) title[x]! |= bit;
        }
        continue;
      }
      for (let x = 0; x < bits.length; x++) {
        let w = bits[x]!;
        if (w === 0) continue;
        const h = w & match[x]!;
        if (h === 0) {
          j += popcount32(w);
          continue;
        }
        hit[x]! |= h;
        if (isExact) exact[x]! |= h;
        let inTitle = 0;
        // TITLE_MARK is the byte's high bit: -(byte >>> 7) is every bit or none.
        while (w !== 0) {
          const low = w & -w;
          w ^= low;
          inTitle |= low & -(tfs[j++]! >>> 7);
        }
        title[x]! |= inTitle & h;
      }
    }
    for (let i = 0; i < ids.length; i++) {
      const d = ids[i]!;
      const x = d >>> 5;
      const s = d & 31;
      packed[i]! +=
        ((hit[x]! >>> s) & 1) * TIER_WORD + ((exact[x]! >>> s) & 1) * TIER_EXACT + ((title[x]! >>> s) & 1) * TIER_TITLE;
    }
    hit.fill(0);
    if (exactly) exact.fill(0);
    title.fill(0);
  }
}

/**
 * Each match's tiers in `packed` (by its place in `ids`) completed with its named position and
 * preferred values, XOR `flip`, and counted in the high histogram.
 */
function finishTiers(
  ids: Uint32Array,
  wordCount: number,
  prefer: readonly ((d: number) => boolean)[],
  extras: RelevanceExtras,
  flip: number,
  buffers: Buffers,
  packed: Uint32Array,
): void {
  const { high } = buffers;
  const { positions, code } = extras;
  const named = wordCount * TIER_WORD + wordCount * TIER_EXACT + TIER_NAMED;
  const keep = TIERS & ~(TIER_WORD * 63 + TIER_EXACT * 63);
  high.fill(0);
  if (code === undefined && prefer.length === 0) {
    for (let i = 0; i < ids.length; i++) {
      const k = packed[i]! ^ flip;
      packed[i] = k;
      high[k >>> LOW_BITS]!++;
    }
    return;
  }
  for (let i = 0; i < ids.length; i++) {
    const d = ids[i]!;
    let k = packed[i]!;
    // A job of the position the query names counts as matching every word, exactly.
    if (code !== undefined && positions[d] === code) k = (k & keep) + named;
    for (const has of prefer) if (has(d)) k += TIER_PREFER;
    k ^= flip;
    packed[i] = k;
    high[k >>> LOW_BITS]!++;
  }
}

/**
 * The `rank`-th largest of the packed tiers (the high histogram counted, see finishTiers), found
 * through the low bits of its high bucket, and how many are as large or larger.
 */
function tierAt(buffers: Buffers, packed: Uint32Array, m: number, rank: number): { cut: number; count: number } {
  const { high, low } = buffers;
  let above = 0;
  let h = high.length - 1;
  while (above + high[h]! < rank) above += high[h--]!;
  low.fill(0);
  for (let i = 0; i < m; i++) if (packed[i]! >>> LOW_BITS === h) low[packed[i]! & ((1 << LOW_BITS) - 1)]!++;
  let l = low.length - 1;
  while (above + low[l]! < rank) above += low[l--]!;
  return { cut: (h << LOW_BITS) | l, count: above + low[l]! };
}

/**
 * The full scores of the candidates (matches, ascending, and their packed tiers): the best BM25 of
 * each word's terms, summed in word order, then the tiers' bonuses. A candidate is found in a
 * term's postings by the candidates' bitset, its place by the candidates before its bitset word
 * (`before`) and those below it in the word.
 */
function scoreCandidates(
  index: KeywordIndex,
  words: readonly QueryWord[],
  idf: readonly (readonly number[])[],
  cands: Uint32Array,
  tierOf: Uint32Array,
  buffers: Buffers,
  ctx: KeywordContext | null,
  prefer: readonly ((d: number) => boolean)[],
): Float64Array {
  const c = cands.length;
  const { before } = buffers;
  const mark = buffers.cands;
  const scores = buffers.scores.subarray(0, c).fill(0);
  const best = buffers.best.subarray(0, c);
  for (let s = 0; s < c; s++) {
    const d = cands[s]!;
    mark[d >>> 5]! |= 1 << (d & 31);
  }
  for (let x = 0, sum = 0; x < mark.length; x++) {
    before[x] = sum;
    const w = mark[x]!;
    if (w !== 0) sum += popcount32(w);
  }
  const avgLength = ctx?.avgLength ?? index.avgLength;
  const { docs, tfs, docOffsets, tfOffsets, dense, docLength } = index;
  for (const [w, word] of words.entries()) {
    for (const [i, t] of word.terms.entries()) {
      const f = (i < word.exact ? 1 : TYPO_WEIGHT) * idf[w]![i]!;
      let j = tfOffsets[t]!;
      const bits = dense[t];
      if (!bits) {
        const from = docOffsets[t]!;
        const to = docOffsets[t + 1]!;
        if (c * 16 < to - from) {
          // Few candidates: each found by binary search in the term's documents.
          let lo = from;
          for (let s = 0; s < c; s++) {
            const d = cands[s]!;
            let hi = to;
            while (lo < hi) {
              const mid = (lo + hi) >>> 1;
              if (docs[mid]! < d) lo = mid + 1;
              else hi = mid;
            }
            if (lo === to) break;
            if (docs[lo] === d) keepBest(best, s, bm25(f, tfs[j + lo - from]! & MAX_TF, docLength[d]!, avgLength));
          }
          continue;
        }
        for (let p = from; p < to; p++, j++) {
          const d = docs[p]!;
          const x = d >>> 5;
          const bit = 1 << (d & 31);
          const m = mark[x]!;
          if ((m & bit) === 0) continue;
          const s = before[x]! + popcount32(m & (bit - 1));
          keepBest(best, s, bm25(f, tfs[j]! & MAX_TF, docLength[d]!, avgLength));
        }
        continue;
      }
      for (let x = 0; x < bits.length; x++) {
        const b = bits[x]!;
        if (b === 0) continue;
        const m = mark[x]!;
        let h = b & m;
        if (h !== 0) {
          while (h !== 0) {
            const low = h & -h;
            h ^= low;
            const d = (x << 5) + 31 - Math.clz32(low);
            const s = before[x]! + popcount32(m & (low - 1));
            keepBest(best, s, bm25(f, tfs[j + popcount32(b & (low - 1))]! & MAX_TF, docLength[d]!, avgLength));
          }
        }
        j += popcount32(b);
      }
    }
    for (let s = 0; s < c; s++) {
      if (best[s] === 0) continue;
      scores[s]! += best[s]!;
      best[s] = 0;
    }
  }
  for (let s = 0; s < c; s++) {
    const d = cands[s]!;
    mark[d >>> 5] = 0;
    const k = tierOf[s]!;
    const matched = (k >>> 17) & 63;
    const exact = (k >>> 7) & 63;
    const title = (k >>> 1) & 63;
    let v = scores[s]!;
    if (matched > 0) v += WORD_BONUS * matched;
    if (exact > 0) v += EXACT_WORD_BONUS * exact;
    if (title > 0) v += TITLE_WORD_BONUS * title;
    if ((k & TIER_NAMED) !== 0) v += POSITION_BONUS;
    for (let p = (k >>> 13) & 15; p > 0; p--) v += PREFER_BONUS;
    // More preferred values than the tiers hold: counted here, every match a candidate.
    for (const has of prefer) if (has(d)) v += PREFER_BONUS;
    scores[s] = v;
  }
  return scores;
}

function keepBest(best: Float64Array, s: number, v: number): void {
  if (v > best[s]!) best[s] = v;
}
