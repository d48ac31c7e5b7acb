import { forEachBit, popcount, popcount32 } from '../postings/bitset.js';
import type { DocSet } from '../postings/doc-set.js';
import { offer } from '../postings/top-k.js';
import { runSteps, type Steps } from '../../lib/steps.js';
import { BM25_K1, MAX_TF, TITLE_MARK, bm25, type KeywordIndex } from '../text/keywords.js';
import {
  EXACT_WORD_BONUS,
  POSITION_BONUS,
  PREFER_BONUS,
  TITLE_WORD_BONUS,
  WORD_BONUS,
  TYPO_WEIGHT,
  termName,
  type QueryWord,
} from '../text/keyword-query.js';

/**
 * Some of a term's postings by impact: its saturated frequency
 * tf × (k1 + 1) / (tf + k1 × (1 − b + b × length / avgLength)) at the index's own average length,
 * quantized down to QUANTA steps (a key), descending; the first `docs.length` of them (all when
 * `complete`).
 */
interface ImpactList {
  readonly docs: Uint32Array;
  readonly keys: Uint32Array;
  readonly complete: boolean;
}

/**
 * A term's postings in its documents' titles and the others, each by impact; `ranks` (a dense
 * term): per 32-bit word of its bitset the postings before it.
 */
interface ImpactOrder {
  readonly title: ImpactList;
  readonly plain: ImpactList;
  readonly ranks: Uint32Array | null;
}

const QUANTA = 1 << 20;
/** Saturated frequencies lie in [0, k1 + 1). */
const SAT_STEP = (BM25_K1 + 1) / QUANTA;
/** A bound's slack for the rounding of the scores it bounds (a few ulps) and of its own product. */
const SLACK = 1 + 1e-9;
/** Bytes of orders an index keeps per document (the least recently used dropped beyond). */
const CACHED_BYTES_PER_DOC = 32;
/** A window deeper than a quarter of a list kept is left to the tier pass. */
const DEPTH_SHARE = 4;
/** Postings read from a list at a time. */
const STEP = 8;
/**
 * Documents a walk scores before it counts the matches among a preferred value's bitset (n / 32
 * words); n / 1,024 when more, so that the count costs a few percent of the walk's scoring.
 */
const COUNT_AFTER = 256;

/**
 * The position a query names: per document its position's code, the named code, and the documents
 * holding it (a superset of those matched without the word).
 */
export interface NamedPosition {
  readonly positions: Uint32Array;
  readonly code: number;
  readonly docs: DocSet;
}

/**
 * The preferred facet values of a query: one test each, and (to read them apart) their documents,
 * one set each.
 */
export interface Preferred {
  readonly prefer: readonly ((d: number) => boolean)[];
  readonly preferred?: readonly DocSet[] | null | undefined;
}

/** Per index its terms' orders, least recently used first, and their bytes. */
const orders = new WeakMap<KeywordIndex, { terms: Map<number, ImpactOrder>; bytes: number }>();

const bytesOf = (o: ImpactOrder): number =>
  (o.title.docs.length + o.plain.docs.length) * 8 + (o.ranks ? o.ranks.byteLength : 0);

function impactOrder(index: KeywordIndex, t: number, prefix: number): ImpactOrder {
  const cache = cacheOf(index);
  const hit = cache.terms.get(t);
  if (hit) {
    cache.terms.delete(t);
    cache.terms.set(t, hit);
    return hit;
  }
  return keep(index, t, runSteps(orderSteps(index, t, prefix)));
}

/** Bytes of orders an index keeps at most. */
export const cachedBytesOf = (index: KeywordIndex): number => index.n * CACHED_BYTES_PER_DOC;

/** The bytes of orders an index keeps now. */
export const keptBytesOf = (index: KeywordIndex): number => orders.get(index)?.bytes ?? 0;

/**
 * Makes term t's order ahead of its first query (in steps), kept as a query would keep it; its
 * bytes, zero when kept already or when a query would not order it (a short list: read whole).
 */
export function* prepareOrderSteps(index: KeywordIndex, t: number, prefix: number): Steps<number> {
  const size = index.tfOffsets[t + 1]! - index.tfOffsets[t]!;
  if ((size < prefix >>> 6 && !index.dense[t]) || cacheOf(index).terms.has(t)) return 0;
  const order = yield* orderSteps(index, t, prefix);
  if (cacheOf(index).terms.has(t)) return 0;
  keep(index, t, order);
  return bytesOf(order);
}

function cacheOf(index: KeywordIndex): { terms: Map<number, ImpactOrder>; bytes: number } {
  let cache = orders.get(index);
  if (!cache) orders.set(index, (cache = { terms: new Map<number, ImpactOrder>(), bytes: 0 }));
  return cache;
}

/** Keeps term t's order as the most recently used, dropping the least recently used beyond the cap. */
function keep(index: KeywordIndex, t: number, order: ImpactOrder): ImpactOrder {
  const cache = cacheOf(index);
  cache.terms.set(t, order);
  cache.bytes += bytesOf(order);
  for (const [old, o] of cache.terms) {
    if (cache.bytes <= cachedBytesOf(index) || old === t) break;
    cache.terms.delete(old);
    cache.bytes -= bytesOf(o);
  }
  return order;
}

/** A posting's key: its saturated frequency at average length `avg`, in QUANTA steps, rounded down. */
function keyOf(tfByte: number, length: number, avg: number): number {
  const sat = bm25(1, tfByte & MAX_TF, length, avg);
  return Math.min(QUANTA - 1, Math.floor(sat / SAT_STEP));
}

/** Postings an order's making reads between two yields (well under a millisecond). */
const ORDER_STEP = 1 << 14;

/** A term's postings as its order is made: documents by place, their keys, and the tf bytes from `from`. */
interface Making {
  readonly all: Uint32Array;
  readonly keys: Uint32Array;
  readonly tfs: Uint8Array;
  readonly from: number;
  readonly size: number;
}

/**
 * Term t's order in steps of ORDER_STEP postings: each step's loop is a plain function (a loop
 * in a generator is not optimized while it runs).
 */
function* orderSteps(index: KeywordIndex, t: number, prefix: number): Steps<ImpactOrder> {
  const { docs, tfs, docOffsets, tfOffsets, dense } = index;
  const from = tfOffsets[t]!;
  const size = tfOffsets[t + 1]! - from;
  const all = new Uint32Array(size);
  const bits = dense[t];
  let ranks: Uint32Array | null = null;
  if (bits) {
    ranks = new Uint32Array(bits.length);
    for (let x = 0, j = 0; x < bits.length; x += ORDER_STEP >>> 4) {
      yield;
      j = listBits(bits, all, ranks, x, Math.min(bits.length, x + (ORDER_STEP >>> 4)), j);
    }
  } else all.set(docs.subarray(docOffsets[t], docOffsets[t]! + size));
  const m: Making = { all, keys: new Uint32Array(size), tfs, from, size };
  let titled = 0;
  for (let j = 0; j < size; j += ORDER_STEP) {
    yield;
    titled += keysOf(m, index, j, Math.min(size, j + ORDER_STEP));
  }
  const title = yield* partSteps(m, true, titled, prefix);
  return { title, plain: yield* partSteps(m, false, size - titled, prefix), ranks };
}

/** A dense term's documents of bitset words [x, to) from place j on, each word's rank; the place after. */
function listBits(bits: Uint32Array, all: Uint32Array, ranks: Uint32Array, x: number, to: number, j: number): number {
  for (; x < to; x++) {
    ranks[x] = j;
    for (let word = bits[x]!; word !== 0;) {
      const low = word & -word;
      word ^= low;
      all[j++] = (x << 5) + 31 - Math.clz32(low);
    }
  }
  return j;
}

/** Keys of postings [j, to), and how many of them are in the title. */
function keysOf(m: Making, index: KeywordIndex, j: number, to: number): number {
  const { all, keys, tfs, from } = m;
  const { docLength, avgLength } = index;
  let titled = 0;
  for (; j < to; j++) {
    keys[j] = keyOf(tfs[from + j]!, docLength[all[j]!]!, avgLength);
    if (tfs[from + j]! >= TITLE_MARK) titled++;
  }
  return titled;
}

const SHIFT = 8;

/** The list of the title's postings (or the others'), by key descending, in steps. */
function* partSteps(m: Making, title: boolean, count: number, prefix: number): Steps<ImpactList> {
  // The smallest key among the `keep` largest, by a histogram of the keys' high bits.
  const keep = Math.min(count, Math.max(prefix, count >>> 4));
  const hist = new Uint32Array(QUANTA >>> SHIFT);
  for (let j = 0; j < m.size; j += ORDER_STEP) {
    yield;
    histogram(m, title, hist, j, Math.min(m.size, j + ORDER_STEP));
  }
  let h = hist.length - 1;
  for (let above = 0; h > 0 && above + hist[h]! < keep; h--) above += hist[h]!;
  const floor = h << SHIFT;
  const picked: number[] = [];
  for (let j = 0; j < m.size; j += ORDER_STEP) {
    yield;
    pick(m, title, floor, picked, j, Math.min(m.size, j + ORDER_STEP));
  }
  yield;
  return listOf(m, picked, count);
}

function histogram(m: Making, title: boolean, hist: Uint32Array, j: number, to: number): void {
  const { keys, tfs, from } = m;
  for (; j < to; j++) if (tfs[from + j]! >= TITLE_MARK === title) hist[keys[j]! >>> SHIFT]!++;
}

/** Key (20 bits) above the posting's place (32 bits): one number, sorted natively. */
function pick(m: Making, title: boolean, floor: number, picked: number[], j: number, to: number): void {
  const { keys, tfs, from } = m;
  for (; j < to; j++)
    if (keys[j]! >= floor && tfs[from + j]! >= TITLE_MARK === title) picked.push(keys[j]! * 2 ** 32 + j);
}

function listOf(m: Making, picked: number[], count: number): ImpactList {
  const sorted = Float64Array.from(picked).sort().reverse();
  const list = { docs: new Uint32Array(sorted.length), keys: new Uint32Array(sorted.length) };
  for (let i = 0; i < sorted.length; i++) {
    const j = sorted[i]! % 2 ** 32;
    list.docs[i] = m.all[j]!;
    list.keys[i] = (sorted[i]! - j) / 2 ** 32;
  }
  return { ...list, complete: sorted.length === count };
}

/** The posting byte of term t in document d, or -1 when d does not hold t. */
function tfIn(index: KeywordIndex, t: number, d: number, ranks: Uint32Array | null): number {
  const bits = index.dense[t];
  if (bits) {
    const x = d >>> 5;
    const word = bits[x]!;
    const bit = 1 << (d & 31);
    if ((word & bit) === 0) return -1;
    return index.tfs[index.tfOffsets[t]! + ranks![x]! + popcount32(word & (bit - 1))]!;
  }
  const from = index.docOffsets[t]!;
  const to = index.docOffsets[t + 1]!;
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (index.docs[mid]! < d) lo = mid + 1;
    else hi = mid;
  }
  return lo < to && index.docs[lo] === d ? index.tfs[index.tfOffsets[t]! + lo - from]! : -1;
}

/**
 * The best `end` matches of a one-word query by score descending, ties by document (docs, their
 * scores, best first, and how many were scored), read from its terms' postings by impact: each
 * step reads the next postings of the list that holds up the bound, scores their documents in
 * full (the same additions as relevance-page.ts), and the walk stops once no document left can
 * score as high as the `end`-th kept (strictly below it: ties are all read). The bound is a score
 * summed from the largest parts a document left could bring (rounded additions are monotone).
 * With a named position its documents count as matched exactly and gain POSITION_BONUS: the
 * bound adds both while any of them is unread, and all of them are read at once (`named.docs`)
 * when the lists cannot bring the bound below the page otherwise. Preferred values likewise: the
 * bound adds PREFER_BONUS per value while a matching document holding one is unread, and, given
 * their documents (`preferred`), all those are read at once once the walk has scored as many
 * documents as they are, or the lists are read out; the bound then leaves it out.
 * Null when a list kept runs out first, or the window is too deep: the caller then ranks by the
 * tiers. `prefix`: the postings a term's lists keep (EngineTuning.impactPrefix); `seen`: zero per
 * document, zero again after.
 */
export function impactWindow(
  index: KeywordIndex,
  word: QueryWord,
  idf: readonly number[],
  match: Uint32Array,
  end: number,
  avgLength: number,
  { prefer, preferred = null }: Preferred,
  seen: Uint32Array,
  prefix: number,
  named: NamedPosition | null = null,
): { docs: Uint32Array; scores: Float64Array; scored: number } | null {
  const terms = word.terms;
  const k = terms.length;
  const weight = terms.map((_, i) => (i < word.exact ? 1 : TYPO_WEIGHT) * idf[i]!);
  const ords: (ImpactOrder | null)[] = [];
  for (const t of terms) {
    const size = index.tfOffsets[t + 1]! - index.tfOffsets[t]!;
    const o = size < prefix >>> 6 && !index.dense[t] ? null : impactOrder(index, t, prefix);
    if (o && [o.title, o.plain].some((l) => !l.complete && end * DEPTH_SHARE > l.docs.length)) return null;
    ords.push(o);
  }
  // Lists: per term with an order its titles' (2i) and its others' (2i + 1) postings.
  const lists = ords.flatMap((o) => (o ? [o.title, o.plain] : [null, null]));
  const cursor = new Int32Array(2 * k);
  // A length at the query's average length raises a saturation by at most this factor.
  const stretch = SLACK * Math.max(1, avgLength / index.avgLength);
  // Each document read and its score, by place; the best `end` places kept in a heap, the worst on top.
  const touched: number[] = [];
  const scoreOf: number[] = [];
  const kept: number[] = [];
  const before = (a: number, b: number): boolean =>
    scoreOf[a]! > scoreOf[b]! || (scoreOf[a] === scoreOf[b] && touched[a]! < touched[b]!);
  // A score from its parts, added in the order relevance-page.ts adds them.
  const sum = (best: number, exact: boolean, title: boolean, preferred: number, position: boolean): number => {
    let v = best;
    v += WORD_BONUS;
    if (exact || position) v += EXACT_WORD_BONUS;
    if (title) v += TITLE_WORD_BONUS;
    if (position) v += POSITION_BONUS;
    for (let p = preferred; p > 0; p--) v += PREFER_BONUS;
    return v;
  };
  // A document's score: per term its BM25 if held, the best kept, then the tiers' bonuses.
  const full = (d: number): number => {
    let best = 0;
    let exact = false;
    let title = false;
    for (let i = 0; i < k; i++) {
      const b = tfIn(index, terms[i]!, d, ords[i]?.ranks ?? null);
      if (b < 0) continue;
      if (i < word.exact) exact = true;
      if (b >= TITLE_MARK) title = true;
      const v = bm25(weight[i]!, b & MAX_TF, index.docLength[d]!, avgLength);
      if (v > best) best = v;
    }
    let preferred = 0;
    for (const has of prefer) if (has(d)) preferred++;
    return sum(best, exact, title, preferred, named !== null && named.positions[d] === named.code);
  };
  const visit = (d: number): void => {
    if (((match[d >>> 5]! >>> (d & 31)) & 1) === 0 || seen[d] !== 0) return;
    seen[d] = 1;
    touched.push(d);
    scoreOf.push(full(d));
    offer(kept, touched.length - 1, end, before);
  };
  // Terms of different languages never share a document: a bound per language.
  const langs = terms.map((t) => {
    const name = termName(index, t);
    return name.slice(0, name.indexOf(':'));
  });
  const groups = [...new Set(langs)].map((l) => terms.flatMap((_, i) => (langs[i] === l && ords[i] ? [i] : [])));
  const listBound = (l: number, floor: boolean): number => {
    const list = lists[l]!;
    if (cursor[l]! >= list.docs.length) return -1;
    if (floor) return 0;
    return weight[l >>> 1]! * (list.keys[cursor[l]!]! + 1) * SAT_STEP * stretch;
  };
  let lead = -1;
  // Above any score of a document not read yet (and `lead`: the list whose next key makes it): per
  // language, one of a term in its title, BM25 from the next posting of any list (only the title
  // list when one term is left), else one without, BM25 from the others' lists. `position`: a
  // document of the named position may be among them; `held`: the preferred values one may hold;
  // `floor`: every BM25 as zero (the least the bound can fall to before a list runs out).
  const bound = (position: boolean, held: number, floor: boolean): number => {
    let u = -Infinity;
    lead = -1;
    for (const g of groups) {
      let exact = false;
      let terms = 0;
      let title = -1;
      let titleBest = -1;
      let best = -1;
      let bestList = -1;
      let plainBest = -1;
      let plainList = -1;
      for (const i of g) {
        const bt = listBound(2 * i, floor);
        const bp = listBound(2 * i + 1, floor);
        if (bt < 0 && bp < 0) continue;
        terms++;
        if (i < word.exact) exact = true;
        if (bt >= 0 && (title < 0 || bt > titleBest)) [title, titleBest] = [2 * i, bt];
        if (bp > plainBest) [plainList, plainBest] = [2 * i + 1, bp];
        if (bt > best) [bestList, best] = [2 * i, bt];
        if (bp > best) [bestList, best] = [2 * i + 1, bp];
      }
      if (terms === 0) continue;
      // A title is worth more than any BM25: documents without one stay below those with one.
      const [v, l] =
        title >= 0
          ? terms === 1
            ? [sum(titleBest, exact, true, held, position), title]
            : [sum(best, exact, true, held, position), bestList]
          : [sum(plainBest, exact, false, held, position), plainList];
      if (v > u) [u, lead] = [v, l];
    }
    return u;
  };
  for (let i = 0; i < k; i++) {
    if (ords[i]) continue;
    const t = terms[i]!;
    for (let p = index.docOffsets[t]!; p < index.docOffsets[t + 1]!; p++) visit(index.docs[p]!);
  }
  // Documents of the named position unread: any may hold none of the terms (BM25 zero, no title).
  let namedLeft = named !== null;
  const bare = (held: number): number => sum(0, true, false, held, true);
  // Matching documents holding a preferred value (counted once per value; unknown without their
  // documents), none unread once they are read: a bitset's are counted once the walk has scored
  // COUNT_AFTER or n / 1,024 documents (its n / 32 words cost more than a short walk), its size
  // bounding them till then.
  let holders = Infinity;
  let counted = preferred === null;
  const count = (exact: boolean): void => {
    holders = 0;
    for (const set of preferred!) holders += exact || set.kind === 'list' ? matchesIn(set, match) : set.size;
    counted = exact;
  };
  if (preferred !== null) count(preferred.every((set) => set.kind === 'list'));
  else if (prefer.length === 0) holders = 0;
  let preferLeft = prefer.length > 0 && holders > 0;
  let unread = 0;
  for (const l of lists) if (l) unread += l.docs.length;
  const partial = lists.some((l) => l && !l.complete);
  for (;;) {
    const held = preferLeft ? prefer.length : 0;
    const u = bound(namedLeft, held, false);
    const next = lead;
    const filled = kept.length === end;
    const floor = filled ? scoreOf[kept[0]!]! : Infinity;
    if (filled && u < floor && (!namedLeft || bare(held) < floor)) break;
    // The preferred values' documents read at once when the lists are read out, or once the walk
    // has scored as many documents as they are (reading them costs about that: at most twice
    // what either way alone would have cost, whichever it was).
    if (!counted && touched.length >= Math.min(holders, Math.max(COUNT_AFTER, index.n >>> 10))) count(true);
    if (preferLeft && preferred !== null && (next < 0 || touched.length >= holders)) {
      preferLeft = false;
      for (const set of preferred) visitMatches(set, match, visit);
      continue;
    }
    // The named position's documents read at once when only they can still reach the page and
    // the lists cannot end the walk without them, unless reading the lists to their end (all
    // kept) costs less.
    if (
      namedLeft &&
      (next < 0 ||
        (filled &&
          bound(false, held, false) < floor &&
          (bare(held) >= floor || ((partial || unread >= named!.docs.size) && bound(true, held, true) >= floor))))
    ) {
      // The preferred values' documents first when fewer: with them read, the bound may fall below the page.
      if (preferLeft && preferred !== null && holders < named!.docs.size) {
        preferLeft = false;
        for (const set of preferred) visitMatches(set, match, visit);
      } else {
        namedLeft = false;
        visitAll(named!.docs, visit);
      }
      continue;
    }
    if (next < 0) break;
    const list = lists[next]!;
    const stop = Math.min(list.docs.length, cursor[next]! + STEP);
    for (let c = cursor[next]!; c < stop; c++) visit(list.docs[c]!);
    unread -= stop - cursor[next]!;
    cursor[next] = stop;
    if (stop === list.docs.length && !list.complete) {
      for (const d of touched) seen[d] = 0;
      return null;
    }
  }
  for (const d of touched) seen[d] = 0;
  kept.sort((a, b) => (before(a, b) ? -1 : 1));
  return {
    docs: Uint32Array.from(kept, (i) => touched[i]!),
    scores: Float64Array.from(kept, (i) => scoreOf[i]!),
    scored: touched.length,
  };
}

/** How many of the set's documents are set in `match`. */
function matchesIn(set: DocSet, match: Uint32Array): number {
  if (set.kind === 'all') return popcount(match);
  if (set.kind === 'list') {
    let n = 0;
    for (let i = 0; i < set.ids.length; i++) n += (match[set.ids[i]! >>> 5]! >>> (set.ids[i]! & 31)) & 1;
    return n;
  }
  let n = 0;
  for (let x = 0; x < set.words.length; x++) {
    const w = set.words[x]! & match[x]!;
    if (w !== 0) n += popcount32(w);
  }
  return n;
}

/** Visits the set's documents that are set in `match`. */
function visitMatches(set: DocSet, match: Uint32Array, visit: (d: number) => void): void {
  if (set.kind !== 'bits') {
    visitAll(set, visit);
    return;
  }
  for (let x = 0; x < set.words.length; x++) {
    let w = set.words[x]! & match[x]!;
    while (w !== 0) {
      const low = w & -w;
      w ^= low;
      visit((x << 5) + 31 - Math.clz32(low));
    }
  }
}

function visitAll(set: DocSet, visit: (d: number) => void): void {
  if (set.kind === 'list') for (let i = 0; i < set.ids.length; i++) visit(set.ids[i]!);
  else if (set.kind === 'bits') forEachBit(set.words, visit);
  else for (let d = 0; d < set.size; d++) visit(d);
}
