import type { Job } from '../../domain/job.js';
import type { Language } from '../../domain/vocab.js';
import { compareStrings } from '../columns/columns.js';
import { newBitset } from '../postings/bitset.js';
import { isDense } from '../postings/doc-set.js';
import { isWordChar, LANGUAGE_LIST, stemKey } from './tokenize.js';
import { indexKeys } from './word-forms.js';
import { Chunked } from '../postings/chunked.js';
import { ForwardList } from './forward-list.js';
import { WordTable } from '../postings/word-table.js';
import type { Steps } from '../../lib/steps.js';
import type { TitleSuggestIndex } from './title-suggest.js';

/** BM25 parameters. */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/** One term's BM25 in a document (f: the term's weight × idf), as every score computes it. */
export function bm25(f: number, tf: number, length: number, avgLength: number): number {
  const norm = 1 - BM25_B + (BM25_B * length) / avgLength;
  return (f * (tf * (BM25_K1 + 1))) / (tf + BM25_K1 * norm);
}
/**
 * Term frequencies saturate here; a posting's byte holds its term frequency in the low seven bits
 * and TITLE_MARK when the term occurs in the title (see termFrequency, inTitle).
 */
export const MAX_TF = 127;
export const TITLE_MARK = 128;

/** The term frequency of a posting's byte. */
export function termFrequency(posting: number): number {
  return posting & MAX_TF;
}

/** Whether a posting's byte marks the term as one of the title's. */
export function inTitle(posting: number): boolean {
  return posting >= TITLE_MARK;
}
/** Documents inverted between two yields of `finishSteps`. */
const STEP_DOCUMENTS = 200;

/**
 * Inverted index of stemmed terms. A term is (language, stem): a document is indexed only under
 * the stems of its own language. The documents of a sparse term are a CSR slice of `docs`
 * (ascending); a dense term (in more than n/denseRatio documents) is a bitset instead. The term
 * frequencies of a term's documents, in document order, are a CSR slice of `tfs` either way.
 */
export interface KeywordIndex {
  readonly n: number;
  readonly termOf: ReadonlyMap<string, number>;
  readonly stems: readonly string[];
  readonly tfOffsets: Uint32Array;
  readonly tfs: Uint8Array;
  readonly docOffsets: Uint32Array;
  readonly docs: Uint32Array;
  readonly dense: readonly (Uint32Array | null)[];
  /** Words per document (all searched fields). */
  readonly docLength: Uint32Array;
  readonly avgLength: number;
  /** Per language: every folded key seen, sorted, with its term; for prefix expansion. */
  readonly vocab: ReadonlyMap<Language, { keys: string[]; terms: Uint32Array }>;
}

/** The language whose stems index a job; an unknown one is treated as English. */
export function languageOf(job: Job): Language {
  return LANGUAGE_LIST.includes(job.language) ? job.language : 'en';
}

/**
 * Appends the texts a job is searched by, in the order they are indexed, to `out`; returns how
 * many. Every keyword builder indexes these and only these.
 */
export function searchedTexts(job: Job, out: string[]): number {
  // SEARCHED_TITLE and SEARCHED_POSITION name two of these places.
  out.push(job.title, job.company.name, job.position.name);
  for (const skill of job.skills) out.push(skill.name);
  out.push(job.searchText);
  return 4 + job.skills.length;
}

/** Where a job's title and its position's name are among its `searchedTexts`. */
export const SEARCHED_TITLE = 0;
export const SEARCHED_POSITION = 2;

/**
 * Field weights (BM25F as repetition): a word of the title counts TITLE_WEIGHT times towards its
 * term frequency and the document's length, of the position's name POSITION_WEIGHT, of the company
 * and skills TAG_WEIGHT, of the description (searchText, the last text) once.
 */
export const TITLE_WEIGHT = 8;
export const POSITION_WEIGHT = 4;
export const TAG_WEIGHT = 2;

/** The weight of searchedTexts[slot] of a job with `count` searched texts. */
export function fieldWeight(slot: number, count: number): number {
  if (slot === SEARCHED_TITLE) return TITLE_WEIGHT;
  if (slot === SEARCHED_POSITION) return POSITION_WEIGHT;
  return slot === count - 1 ? 1 : TAG_WEIGHT;
}

/**
 * Where a build's documents go to be keyword-indexed, in arrival order: a KeywordBuilder here, or
 * one in a thread of its own (src/runtime/keyword-thread.ts).
 */
export interface KeywordSink {
  /** Whether the inversion runs beside the caller (in another thread) once `finishing` is called. */
  readonly concurrent: boolean;
  addDocument(job: Job): void;
  /** The documents added since the last flush are handed on (a builder in a thread gets them now). */
  flush(): void;
  /**
   * Starts the inversion in document order (`order`: see KeywordBuilder.finishSteps); the steps
   * give the index. A builder here inverts as the steps run; one in a thread starts at once, and
   * its steps yield until the thread has answered, so the caller can do other work meanwhile.
   */
  finishing(denseRatio: number, order: Uint32Array): Steps<KeywordIndex>;
  /**
   * A sink in a thread makes the title suggestions too (from the same texts, in the order given to
   * `finishing`); its steps give them once the thread has. Absent: the build makes them itself.
   */
  titleSuggestions?(): Steps<TitleSuggestIndex>;
  /**
   * A sink in a thread: what the build awaits between its chunks and its finishing steps (settled
   * at once unless there is something to wait for).
   */
  pause?(): Promise<void>;
}

/**
 * Collects a forward index (terms per document) first, then inverts it in document order.
 * Documents are added in any order (as a store streams them, each job's text dropped right after);
 * `finish` takes the document order as a permutation of the arrival order.
 */
export class KeywordBuilder implements KeywordSink {
  readonly concurrent = false;
  private readonly termOf = new Map<string, number>();
  private readonly stems: string[] = [];
  private readonly tables = new Map<Language, WordTable>();
  /**
   * Words with several terms (rare: umlaut spellings) keep them here, list i being
   * listTerms[listStart[i] .. listStart[i + 1]); a word table value v >= 0 is the word's one term,
   * v < 0 the list -v - 1.
   */
  private readonly listStart: number[] = [0];
  private readonly listTerms: number[] = [];
  private touched: Uint32Array = new Uint32Array(1024);
  private touchedCount = 0;
  private readonly keyTerm = new Map<Language, Map<string, number>>();
  private lastDoc = new Int32Array(1024).fill(-1);
  private tf = new Uint32Array(1024);
  /** Per term: whether the current document's title holds it. */
  private titled = new Uint8Array(1024);
  /** Forward index: the distinct terms of each document (and their tf), documents in arrival order. */
  private readonly forward = new ForwardList();
  private readonly docLength = new Chunked((size) => new Uint32Array(size));
  private readonly scratch: string[] = [];

  /** Documents added so far. */
  get size(): number {
    return this.docLength.length;
  }

  /** Indexes the job's searched texts under the next arrival number (`size` before the call). */
  addDocument(job: Job): void {
    this.scratch.length = 0;
    searchedTexts(job, this.scratch);
    this.addFields(languageOf(job), this.scratch, 0, this.scratch.length);
  }

  /**
   * Indexes texts[from, to) as one document in `lang` under the next arrival number: what
   * `addDocument` does with a job's `searchedTexts` (a builder in another thread gets only those).
   */
  addFields(lang: Language, texts: readonly string[], from: number, to: number): void {
    const d = this.size;
    const table = this.tableOf(lang);
    this.touchedCount = 0;
    let length = 0;
    for (let i = from; i < to; i++) length += this.addText(d, lang, table, texts[i]!, fieldWeight(i - from, to - from));
    for (let i = 0; i < this.touchedCount; i++) {
      const t = this.touched[i]!;
      this.forward.add(t, Math.min(MAX_TF, this.tf[t]!) | (this.titled[t] === 1 ? TITLE_MARK : 0));
    }
    this.forward.endDocument();
    this.docLength.push(length);
  }

  /** Nothing waits: the documents are indexed as they are added. */
  flush(): void {}

  /** The inversion (`finishSteps`), run when the steps are. */
  finishing(denseRatio: number, order: Uint32Array): Steps<KeywordIndex> {
    return this.finishSteps(denseRatio, order);
  }

  /** Scans the words of one text (inline, without creating strings for known words). */
  private addText(d: number, lang: Language, table: WordTable, text: string, weight: number): number {
    let words = 0;
    let start = -1;
    let hash = 0;
    for (let i = 0; i <= text.length; i++) {
      const code = i < text.length ? text.charCodeAt(i) : 32;
      if (i < text.length && isWordChar(text, i, code)) {
        if (start < 0) {
          start = i;
          hash = 0x811c9dc5;
        }
        hash = Math.imul(hash ^ code, 0x01000193);
      } else if (start >= 0) {
        words++;
        let entry = table.find(text, start, i, hash);
        if (entry < 0) entry = table.add(text, start, i, hash, this.addTermList(lang, text.slice(start, i)));
        const v = table.value(entry);
        if (v >= 0) this.countTerm(d, v, weight);
        else
          for (let j = this.listStart[-v - 1]!; j < this.listStart[-v]!; j++)
            this.countTerm(d, this.listTerms[j]!, weight);
        start = -1;
      }
    }
    return words * weight;
  }

  private countTerm(d: number, t: number, weight: number): void {
    if (this.lastDoc[t] !== d) {
      this.lastDoc[t] = d;
      this.tf[t] = 0;
      this.titled[t] = 0;
      if (this.touchedCount === this.touched.length) this.touched = grownU32(this.touched);
      this.touched[this.touchedCount++] = t;
    }
    this.tf[t]! += weight;
    if (weight === TITLE_WEIGHT) this.titled[t] = 1;
  }

  private tableOf(lang: Language): WordTable {
    let table = this.tables.get(lang);
    if (!table) this.tables.set(lang, (table = new WordTable()));
    return table;
  }

  /** The word table value of a new word: its one term, or -1 - (its term list). */
  private addTermList(lang: Language, word: string): number {
    const terms: number[] = [];
    for (const key of indexKeys(lang, word)) {
      const t = this.termFor(lang, key);
      if (!terms.includes(t)) terms.push(t);
    }
    if (terms.length === 1) return terms[0]!;
    this.listTerms.push(...terms);
    this.listStart.push(this.listTerms.length);
    return -(this.listStart.length - 1);
  }

  private termFor(lang: Language, key: string): number {
    let keys = this.keyTerm.get(lang);
    if (!keys) this.keyTerm.set(lang, (keys = new Map<string, number>()));
    const known = keys.get(key);
    if (known !== undefined) return known;
    const stem = stemKey(lang, key);
    const id = `${lang}:${stem}`;
    let t = this.termOf.get(id);
    if (t === undefined) {
      t = this.stems.length;
      this.termOf.set(id, t);
      this.stems.push(stem);
      if (t >= this.tf.length) this.growTermArrays();
    }
    keys.set(key, t);
    return t;
  }

  private growTermArrays(): void {
    const lastDoc = new Int32Array(this.lastDoc.length * 2).fill(-1);
    lastDoc.set(this.lastDoc);
    this.lastDoc = lastDoc;
    const tf = new Uint32Array(this.tf.length * 2);
    tf.set(this.tf);
    this.tf = tf;
    const titled = new Uint8Array(this.titled.length * 2);
    titled.set(this.titled);
    this.titled = titled;
  }

  /**
   * Inverts the forward index in document order, so every posting list comes out sorted:
   * document d is the `order[d]`-th added (`order` is a permutation of every added document).
   * The builder is spent. In steps of STEP_DOCUMENTS documents (steps.ts).
   */
  *finishSteps(denseRatio: number, order: Uint32Array): Steps<KeywordIndex> {
    const n = order.length;
    const termCount = this.stems.length;
    const df = new Uint32Array(termCount);
    const forward = this.forward;
    const count = (t: number): void => {
      df[t]!++;
    };
    for (let d = 0; d < n; d++) {
      forward.forEachTerm(order[d]!, count);
      if (d % STEP_DOCUMENTS === STEP_DOCUMENTS - 1) yield;
    }
    const dense = Array.from(df, (f) => (isDense(f, n, denseRatio) ? newBitset(n) : null));
    const tfOffsets = new Uint32Array(termCount + 1);
    const docOffsets = new Uint32Array(termCount + 1);
    for (let t = 0; t < termCount; t++) {
      tfOffsets[t + 1] = tfOffsets[t]! + df[t]!;
      docOffsets[t + 1] = docOffsets[t]! + (dense[t] ? 0 : df[t]!);
    }
    const tfFill = tfOffsets.slice(0, termCount);
    const docFill = docOffsets.slice(0, termCount);
    const docs = new Uint32Array(docOffsets[termCount]!);
    const tfs = new Uint8Array(tfOffsets[termCount]!);
    const docLength = new Uint32Array(n);
    let d = 0;
    const post = (t: number, tf: number): void => {
      tfs[tfFill[t]!++] = tf;
      const bits = dense[t];
      if (bits) bits[d >>> 5]! |= 1 << (d & 31);
      else docs[docFill[t]!++] = d;
    };
    for (d = 0; d < n; d++) {
      const a = order[d]!;
      docLength[d] = this.docLength.get(a);
      forward.forEachTerm(a, post);
      if (d % STEP_DOCUMENTS === STEP_DOCUMENTS - 1) yield;
    }
    // The forward index is done with: the builder is spent, and the rest of a build (which still
    // holds the builder) does not carry it.
    forward.clear();
    this.docLength.clear();
    yield;
    const total = docLength.reduce((a, b) => a + b, 0);
    return {
      n,
      termOf: this.termOf,
      stems: this.stems,
      tfOffsets,
      tfs,
      docOffsets,
      docs,
      dense,
      docLength,
      avgLength: averageLength(total, n),
      vocab: this.vocabulary(),
    };
  }

  private vocabulary(): Map<Language, { keys: string[]; terms: Uint32Array }> {
    const vocab = new Map<Language, { keys: string[]; terms: Uint32Array }>();
    for (const lang of LANGUAGE_LIST) {
      const keyTerms = this.keyTerm.get(lang) ?? new Map<string, number>();
      const keys = [...keyTerms.keys()].sort(compareStrings);
      vocab.set(lang, { keys, terms: Uint32Array.from(keys, (k) => keyTerms.get(k)!) });
    }
    return vocab;
  }
}

function grownU32(a: Uint32Array): Uint32Array {
  const b = new Uint32Array(a.length * 2);
  b.set(a);
  return b;
}

/** The mean document length BM25 normalises by (1 for an empty index). */
export function averageLength(total: number, n: number): number {
  return n > 0 && total > 0 ? total / n : 1;
}
