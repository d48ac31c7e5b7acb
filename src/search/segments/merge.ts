import type { IndexedJob } from '../../domain/job.js';
import type { Language } from '../../domain/vocab.js';
import { STEP_ITEMS, runSteps, type Steps } from '../../lib/steps.js';
import { CardStore, type CardSpill } from '../columns/card-store.js';
import { compareBoardIds } from '../columns/board-order.js';
import { compareStrings } from '../columns/columns.js';
import { DEFAULT_TUNING, engineOfSteps, spellingSources, type EngineTuning } from '../engine.js';
import { DocFacts } from '../doc-facts.js';
import { SalaryEstimator } from '../columns/salary-estimate.js';
import { forEachBit, hasBit, newBitset } from '../postings/bitset.js';
import { isDense } from '../postings/doc-set.js';
import { averageLength, type KeywordIndex } from '../text/keywords.js';
import { MEMO_TITLES, TitleSuggestBuilder } from '../text/title-suggest.js';
import { segmentOfEngineSteps, type Segment, type SegmentOptions } from './segment.js';

/** A segment to merge and its live documents (null: all). */
export interface MergeLeaf {
  readonly segment: Segment;
  readonly live: Uint32Array | null;
}

/**
 * What a merge takes beside the segments: a build's options, and where the cards of segments held
 * in memory go (the merged store reads every segment's cards where they are).
 */
export interface MergeOptions extends Omit<SegmentOptions, 'estimator'> {
  spillCards?: CardSpill;
}

/**
 * One segment of the live documents of several (Lucene's segment merge): what a build over the
 * same live postings makes, from the segments' own data instead of the postings. Documents are
 * renumbered by merging the segments' board orders; the keyword postings are remapped to the new
 * numbers and their runs merged term by term (no text is read again); the cards stay where they
 * are (the merged store reads each segment's chunks with that segment's tables; chunks in memory
 * may move to a spill file) and only their heads are decoded (CardStore.indexedJob), each once and
 * let go: the documents' facts (doc-facts.ts), the salary samples and the title words (each
 * distinct title tokenised once: TitleSuggestBuilder's memo) are taken as it passes; the facet
 * columns and lists, places among them, and the point index are merged from the segments'
 * (engineOfSteps); the estimates, orders, facet rows, base counts and suggestion tables are
 * derived from the facts by the build's own code, so they are what a build makes. Documents
 * expired at `now` are left out. A folded key of the vocabulary stays while its term has live
 * documents (typo and prefix candidates, as over segments: a key seen only in documents since
 * deleted may stay beside a live one of its stem).
 */
export function mergeSegments(leaves: readonly MergeLeaf[], options: MergeOptions): Segment {
  return runSteps(mergeSegmentsSteps(leaves, options));
}

/** `mergeSegments` in steps (steps.ts). */
export function* mergeSegmentsSteps(leaves: readonly MergeLeaf[], options: MergeOptions): Steps<Segment> {
  const tuning: EngineTuning = { ...DEFAULT_TUNING, ...options.tuning };
  const order = yield* mergedOrderSteps(leaves, options.now);
  yield;
  const n = order.leaf.length;
  const stores = leaves.map((l) => l.segment.engine.cards);
  const cards = yield* CardStore.mergedSteps(stores, order.leaf, order.doc, options.spillCards ?? null);
  yield;
  const engines = leaves.map((l) => l.segment.engine);
  const merged = { engines, leaf: order.leaf, doc: order.doc, newDoc: order.newDoc };
  // One pass over the cards' heads (the fields before the texts, decoded from the segments'
  // stores: the deltas' chunks are still in memory there), each let go once read: the estimates'
  // samples, the title suggestions and the documents' facts take what they need of it.
  const facts = new DocFacts(n, spellingSources(merged), false);
  const estimator = new SalaryEstimator([]);
  const titles = new TitleSuggestBuilder(MEMO_TITLES);
  const headOf = (d: number): IndexedJob => stores[order.leaf[d]!]!.indexedJob(order.doc[d]!);
  const one: IndexedJob[] = [];
  for (let d = 0; d < n; d++) {
    const job = headOf(d);
    facts.add(job);
    if (job.salary) {
      one[0] = job;
      estimator.add(one);
    }
    titles.add(job.title, job.position.name);
    if (d % STEP_ITEMS === STEP_ITEMS - 1) yield;
  }
  yield;
  // Finished now, so that the titles' words per document are let go before the keywords merge.
  const titleSuggest = yield* titles.finishSteps(Uint32Array.from({ length: n }, (_, d) => d));
  yield;
  const keywords = yield* mergeKeywordsSteps(
    leaves.map((l) => l.segment.engine.keywords),
    order,
    tuning.denseRatio,
  );
  yield;
  const engine = yield* engineOfSteps(facts, headOf, cards, keywords, options.salaryBuckets, tuning, estimator, merged);
  return yield* segmentOfEngineSteps(engine, done(titleSuggest));
}

/** Steps that give `value` after one pause. */
function* done<T>(value: T): Steps<T> {
  yield;
  return value;
}

/** The merged numbering: per new document its segment and number there; per segment, old -> new (-1: left out). */
interface MergedOrder {
  readonly leaf: Uint8Array;
  readonly doc: Uint32Array;
  readonly newDoc: readonly Int32Array[];
}

/**
 * Every segment numbers its documents in board-id order, so the merged order is a k-way merge of
 * their live documents (a key is live in at most one segment).
 */
function* mergedOrderSteps(leaves: readonly MergeLeaf[], now: number): Steps<MergedOrder> {
  if (leaves.length > 255) throw new Error('too many segments to merge at once');
  const lists = leaves.map((l) => {
    const { cards } = l.segment.engine;
    const out: number[] = [];
    for (let d = 0; d < cards.length; d++) {
      if (l.live !== null && !hasBit(l.live, d)) continue;
      const valid = cards.validThrough[d]!;
      if (!Number.isNaN(valid) && valid < now) continue;
      out.push(d);
    }
    return Uint32Array.from(out);
  });
  yield;
  const n = lists.reduce((sum, l) => sum + l.length, 0);
  const leaf = new Uint8Array(n);
  const doc = new Uint32Array(n);
  const newDoc = leaves.map((l) => new Int32Array(l.segment.engine.n).fill(-1));
  const at = lists.map(() => 0);
  const cards = leaves.map((l) => l.segment.engine.cards);
  // Each list's next document as its board id and key (null: the list is done), made once per document.
  const headOf = (i: number): { boardId: string; key: string } | null => {
    if (at[i]! >= lists[i]!.length) return null;
    const d = lists[i]![at[i]!]!;
    return { boardId: cards[i]!.boardIds[d]!, key: cards[i]!.keys[d]! };
  };
  const heads = lists.map((_, i) => headOf(i));
  for (let out = 0; out < n; out++) {
    let best = -1;
    for (let i = 0; i < heads.length; i++) {
      const k = heads[i];
      if (k && (best < 0 || compareBoardIds(k, heads[best]!) < 0)) best = i;
    }
    const d = lists[best]![at[best]!++]!;
    heads[best] = headOf(best);
    leaf[out] = best;
    doc[out] = d;
    newDoc[best]![d] = out;
    if (out % STEP_ITEMS === STEP_ITEMS - 1) yield;
  }
  return { leaf, doc, newDoc };
}

/** Terms remapped between two yields of mergeKeywordsSteps. */
const STEP_TERMS = 64;

/**
 * The keyword index of the merged documents: terms by (language, stem) across the segments, each
 * term's postings those of its live documents under their new numbers, in order (a term in
 * several segments merges their lists), sparse or dense by the merged counts; terms left without
 * documents are dropped.
 */
function* mergeKeywordsSteps(
  indexes: readonly KeywordIndex[],
  order: MergedOrder,
  denseRatio: number,
): Steps<KeywordIndex> {
  const n = order.leaf.length;
  // Each new term: its name and, per segment holding it, the old term.
  const termOf = new Map<string, number>();
  const names: string[] = [];
  const sources: { leaf: number; term: number }[][] = [];
  indexes.forEach((index, leaf) => {
    for (const [name, t] of index.termOf) {
      let id = termOf.get(name);
      if (id === undefined) {
        id = names.push(name) - 1;
        termOf.set(name, id);
        sources.push([]);
      }
      sources[id]!.push({ leaf, term: t });
    }
  });
  yield;
  const df = new Uint32Array(names.length);
  for (let t = 0; t < names.length; t++) {
    for (const s of sources[t]!) df[t]! += livePostings(indexes[s.leaf]!, s.term, order.newDoc[s.leaf]!, null, 0);
    if (t % STEP_TERMS === STEP_TERMS - 1) yield;
  }
  // The kept terms, renumbered in their first segment's order.
  const kept = new Int32Array(names.length).fill(-1);
  const keptNames: string[] = [];
  for (let t = 0; t < names.length; t++) if (df[t]! > 0) kept[t] = keptNames.push(names[t]!) - 1;
  const m = keptNames.length;
  const dense: (Uint32Array | null)[] = new Array<Uint32Array | null>(m).fill(null);
  const tfOffsets = new Uint32Array(m + 1);
  const docOffsets = new Uint32Array(m + 1);
  for (let t = 0; t < names.length; t++) {
    const k = kept[t]!;
    if (k < 0) continue;
    const isDenseTerm = isDense(df[t]!, n, denseRatio);
    if (isDenseTerm) dense[k] = newBitset(n);
    tfOffsets[k + 1] = tfOffsets[k]! + df[t]!;
    docOffsets[k + 1] = docOffsets[k]! + (isDenseTerm ? 0 : df[t]!);
  }
  yield;
  const docs = new Uint32Array(docOffsets[m]!);
  const tfs = new Uint8Array(tfOffsets[m]!);
  // A term's live postings from each segment, remapped: one ascending run per segment (the new
  // numbering keeps each segment's order), merged into the term's list; a term of one segment
  // (most of them) is written straight to the merged arrays.
  const runs = new PostingRuns();
  for (let t = 0; t < names.length; t++) {
    const k = kept[t]!;
    if (k < 0) continue;
    const from = sources[t]!;
    if (from.length === 1) {
      const s = from[0]!;
      writeLive(
        indexes[s.leaf]!,
        s.term,
        order.newDoc[s.leaf]!,
        dense[k] ?? null,
        docs,
        docOffsets[k]!,
        tfs,
        tfOffsets[k]!,
      );
      if (t % STEP_TERMS === STEP_TERMS - 1) yield;
      continue;
    }
    runs.reset(df[t]!);
    for (const s of from) runs.add(indexes[s.leaf]!, s.term, order.newDoc[s.leaf]!);
    const bits = dense[k];
    let tfAt = tfOffsets[k]!;
    let docAt = docOffsets[k]!;
    runs.merge();
    for (let i = 0; i < runs.size; i++) {
      const d = runs.docs[i]!;
      tfs[tfAt++] = runs.tfs[i]!;
      if (bits) bits[d >>> 5]! |= 1 << (d & 31);
      else docs[docAt++] = d;
    }
    if (t % STEP_TERMS === STEP_TERMS - 1) yield;
  }
  const docLength = new Uint32Array(n);
  for (let d = 0; d < n; d++) docLength[d] = indexes[order.leaf[d]!]!.docLength[order.doc[d]!]!;
  const total = docLength.reduce((a, b) => a + b, 0);
  yield;
  const keptTermOf = new Map<string, number>();
  const stems = keptNames.map((name, t) => {
    keptTermOf.set(name, t);
    return name.slice(name.indexOf(':') + 1);
  });
  return {
    n,
    termOf: keptTermOf,
    stems,
    tfOffsets,
    tfs,
    docOffsets,
    docs,
    dense,
    docLength,
    avgLength: averageLength(total, n),
    vocab: mergedVocabulary(indexes, keptTermOf),
  };
}

/**
 * The postings of term t of a segment whose documents are still live (`map`: old -> new number,
 * -1 when left out), in its order: counted, and written from `at` to `docs` (new numbers) and
 * `tfs` when given.
 */
function livePostings(
  index: KeywordIndex,
  t: number,
  map: Int32Array,
  out: { docs: Uint32Array; tfs: Uint8Array } | null,
  at: number,
): number {
  let j = index.tfOffsets[t]!;
  let fill = at;
  const bits = index.dense[t];
  if (!bits) {
    const end = index.docOffsets[t + 1]!;
    for (let i = index.docOffsets[t]!; i < end; i++, j++) {
      const to = map[index.docs[i]!]!;
      if (to < 0) continue;
      if (out !== null) {
        out.docs[fill] = to;
        out.tfs[fill] = index.tfs[j]!;
      }
      fill++;
    }
    return fill - at;
  }
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!;
    while (word !== 0) {
      const low = word & -word;
      const to = map[(w << 5) + 31 - Math.clz32(low)]!;
      if (to >= 0) {
        if (out !== null) {
          out.docs[fill] = to;
          out.tfs[fill] = index.tfs[j]!;
        }
        fill++;
      }
      j++;
      word ^= low;
    }
  }
  return fill - at;
}

/**
 * The live postings of term t of a segment (`map` as livePostings'), written to the merged index:
 * as bits of `bits` when the term is dense there, else their new numbers to `docs` from `docAt`;
 * their term frequencies to `tfs` from `tfAt`.
 */
function writeLive(
  index: KeywordIndex,
  t: number,
  map: Int32Array,
  bits: Uint32Array | null,
  docs: Uint32Array,
  docAt: number,
  tfs: Uint8Array,
  tfAt: number,
): void {
  let j = index.tfOffsets[t]!;
  let tfOut = tfAt;
  let docOut = docAt;
  const put = (old: number): void => {
    const to = map[old]!;
    if (to >= 0) {
      tfs[tfOut++] = index.tfs[j]!;
      if (bits !== null) bits[to >>> 5]! |= 1 << (to & 31);
      else docs[docOut++] = to;
    }
    j++;
  };
  const from = index.dense[t];
  if (!from) {
    const end = index.docOffsets[t + 1]!;
    for (let i = index.docOffsets[t]!; i < end; i++) put(index.docs[i]!);
    return;
  }
  forEachBit(from, put);
}

/**
 * One term's live postings, a run per segment (each ascending in the new numbers, the runs
 * disjoint), merged two runs at a time into one ascending list (a term is in a few segments at most).
 */
class PostingRuns {
  docs = new Uint32Array(1024);
  tfs = new Uint8Array(1024);
  /** The other buffers a round of merges writes to. */
  private spareDocs = new Uint32Array(1024);
  private spareTfs = new Uint8Array(1024);
  private ends: number[] = [];
  /** Postings held. */
  size = 0;

  /** Empty, with room for `size` postings. */
  reset(size: number): void {
    if (this.docs.length < size) {
      this.docs = new Uint32Array(size * 2);
      this.tfs = new Uint8Array(size * 2);
      this.spareDocs = new Uint32Array(size * 2);
      this.spareTfs = new Uint8Array(size * 2);
    }
    this.size = 0;
    this.ends.length = 0;
  }

  /** Term t's live postings in a segment, as the next run. */
  add(index: KeywordIndex, t: number, map: Int32Array): void {
    const added = livePostings(index, t, map, this, this.size);
    this.size += added;
    if (added > 0) this.ends.push(this.size);
  }

  /** The runs merged into one: `docs` and `tfs` then hold the postings ascending. */
  merge(): void {
    while (this.ends.length > 1) {
      const { docs, tfs, spareDocs: toDocs, spareTfs: toTfs, ends } = this;
      const next: number[] = [];
      let out = 0;
      for (let r = 0; r < ends.length; r += 2) {
        let i = r === 0 ? 0 : ends[r - 1]!;
        let j = ends[r]!;
        const aEnd = j;
        const bEnd = r + 1 < ends.length ? ends[r + 1]! : aEnd;
        while (i < aEnd || j < bEnd) {
          const k = j >= bEnd || (i < aEnd && docs[i]! < docs[j]!) ? i++ : j++;
          toDocs[out] = docs[k]!;
          toTfs[out++] = tfs[k]!;
        }
        next.push(out);
      }
      [this.docs, this.spareDocs, this.tfs, this.spareTfs, this.ends] = [toDocs, docs, toTfs, tfs, next];
    }
  }
}

/** Per language, the sorted union of the segments' folded keys whose term is kept. */
function mergedVocabulary(
  indexes: readonly KeywordIndex[],
  termOf: ReadonlyMap<string, number>,
): Map<Language, { keys: string[]; terms: Uint32Array }> {
  const languages = new Set<Language>();
  for (const index of indexes) for (const lang of index.vocab.keys()) languages.add(lang);
  const vocab = new Map<Language, { keys: string[]; terms: Uint32Array }>();
  for (const lang of languages) {
    const keyTerm = new Map<string, number>();
    for (const index of indexes) {
      const v = index.vocab.get(lang);
      if (!v) continue;
      v.keys.forEach((key, i) => {
        if (keyTerm.has(key)) return;
        const t = termOf.get(`${lang}:${index.stems[v.terms[i]!]!}`);
        if (t !== undefined) keyTerm.set(key, t);
      });
    }
    const keys = [...keyTerm.keys()].sort(compareStrings);
    vocab.set(lang, { keys, terms: Uint32Array.from(keys, (k) => keyTerm.get(k)!) });
  }
  return vocab;
}
