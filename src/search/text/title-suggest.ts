import type { IndexedJob } from '../../domain/job.js';
import { foldKey } from '../../domain/text-fold.js';
import { compareStrings } from '../columns/columns.js';
import { buildSuggestIndexSteps, suggest, type SuggestIndex } from './suggest.js';
import { forEachWord } from './tokenize.js';
import { cleanQueryText } from './word-forms.js';
import { STEP_ITEMS, type Steps } from '../../lib/steps.js';
import { Chunked } from '../postings/chunked.js';
import { ForwardList } from './forward-list.js';

/** Title words shorter than this are not suggested. */
const MIN_WORD = 3;
/** At most this many title words (those in most jobs) are suggested. */
export const MAX_TITLE_WORDS = 50_000;
/** Job titles read between two yields of buildTitleSuggestSteps. */
const STEP_JOBS = 200;
/** Function words of titles in German, Spanish and English, never suggested. */
const STOP = new Set(
  (
    'und oder für fur mit bei als von vom der die das den dem des zur zum ein eine einen im in an auf aus ' +
    'the and for with our you are at of to in on as by ' +
    'del las los por para con una uno sin en el la de y o'
  ).split(' '),
);

export interface TitleSuggestion {
  /** The text to search with (`q`). */
  value: string;
  label: string;
  /** Live jobs of the position, or with the word in their title. */
  count: number;
  kind: 'position' | 'word';
}

/**
 * Job-title autocomplete: the positions and the frequent words of titles (gender notation such
 * as `:in` and `(m/w/d)` removed), each with its number of jobs; a word that is also a position's
 * name is the position. Entries are found by the same word-prefix rules as places and companies.
 */
export interface TitleSuggestIndex {
  readonly index: SuggestIndex;
  readonly counts: Uint32Array;
  readonly kinds: Uint8Array;
  readonly entityOf: ReadonlyMap<string, number>;
  /**
   * Per document (CSR): the entities it counts in — its position and its title words that are
   * suggested, each once — so that a deletion is subtracted without reading its card.
   */
  readonly docOffsets: Uint32Array;
  readonly docEntities: Uint32Array;
}

/** The title suggestions of the jobs, built in steps of STEP_JOBS jobs (steps.ts). */
export function* buildTitleSuggestSteps(
  jobs: readonly Pick<IndexedJob, 'title' | 'position'>[],
): Steps<TitleSuggestIndex> {
  const builder = new TitleSuggestBuilder();
  for (let d = 0; d < jobs.length; d++) {
    const job = jobs[d]!;
    builder.add(job.title, job.position.name);
    if (d % STEP_JOBS === STEP_JOBS - 1) yield;
  }
  return yield* builder.finishSteps(Uint32Array.from({ length: jobs.length }, (_, d) => d));
}

/** A title word's fold key: its spellings with their uses, its documents, the last of them, its number. */
interface WordEntry {
  spellings: Map<string, { uses: number }>;
  count: number;
  last: number;
  id: number;
}

/** A word of a title as written: its fold key's entry and the uses of this spelling there. */
interface WordUse {
  readonly entry: WordEntry;
  readonly spelling: { uses: number };
}

/** Titles whose words a merge's TitleSuggestBuilder remembers at most (see its constructor). */
export const MEMO_TITLES = 65_536;

/**
 * The title suggestions of jobs added in any order (as a store streams them), each kept as a few
 * numbers: `finishSteps` takes the document order as a permutation of the arrival order, as the
 * keyword builder does, and gives what buildTitleSuggestSteps gives for the jobs in that order.
 */
export class TitleSuggestBuilder {
  /** Each distinct position name (a spelling) as first added, and its fold key. */
  private readonly spellingOf = new Map<string, number>();
  private readonly spellings: string[] = [];
  private readonly spellingKeys: string[] = [];
  /** Per fold key of a position: its documents. */
  private readonly positionCounts = new Map<string, number>();
  /** Per fold key of a title word: its spellings with their uses, and its documents. */
  private readonly words = new Map<string, WordEntry>();
  private readonly wordKeys: string[] = [];
  /** Per arrival: its position's spelling, and its title words (ids, in title order). */
  private readonly docSpelling = new Chunked((size) => new Uint32Array(size));
  private readonly titleWords = new ForwardList();

  /** Jobs added so far. */
  get size(): number {
    return this.docSpelling.length;
  }

  /**
   * `memoTitles`: how many titles' words are remembered, each title tokenised once (then all are
   * forgotten at once and remembered anew; 0: none): a merge reads a million titles, most of
   * them repeating another's (MEMO_TITLES).
   */
  constructor(private readonly memoTitles = 0) {
    this.memo = memoTitles > 0 ? new Map() : null;
  }

  private readonly memo: Map<string, WordUse[]> | null;

  add(title: string, position: string): void {
    const a = this.size;
    let spelling = this.spellingOf.get(position);
    if (spelling === undefined) {
      spelling = this.spellings.length;
      this.spellingOf.set(position, spelling);
      this.spellings.push(position);
      this.spellingKeys.push(foldKey(position));
    }
    const key = this.spellingKeys[spelling]!;
    this.positionCounts.set(key, (this.positionCounts.get(key) ?? 0) + 1);
    this.docSpelling.push(spelling);
    const uses = this.memo?.get(title) ?? this.wordUses(title);
    for (const { entry, spelling: used } of uses) {
      used.uses++;
      if (entry.last !== a) {
        entry.last = a;
        entry.count++;
      }
      this.titleWords.add(entry.id, 1);
    }
    this.titleWords.endDocument();
  }

  /** A title's words, each with its entry (made when first seen), remembered when memoising. */
  private wordUses(title: string): WordUse[] {
    const uses: WordUse[] = [];
    forEachTitleWord(title, (word, k) => {
      let entry = this.words.get(k);
      if (!entry) {
        this.words.set(k, (entry = { spellings: new Map(), count: 0, last: -1, id: this.wordKeys.length }));
        this.wordKeys.push(k);
      }
      let spelling = entry.spellings.get(word);
      if (!spelling) entry.spellings.set(word, (spelling = { uses: 0 }));
      uses.push({ entry, spelling });
    });
    if (this.memo !== null) {
      if (this.memo.size >= this.memoTitles) this.memo.clear();
      this.memo.set(title, uses);
    }
    return uses;
  }

  /** The suggestions, with document d the `order[d]`-th added. The builder is spent. */
  *finishSteps(order: Uint32Array): Steps<TitleSuggestIndex> {
    const n = order.length;
    // The positions in the order of their first document, each labelled as that document names it.
    const positions = new Map<string, { label: string; count: number }>();
    for (let d = 0; d < n; d++) {
      const spelling = this.docSpelling.get(order[d]!);
      const key = this.spellingKeys[spelling]!;
      if (!positions.has(key))
        positions.set(key, { label: this.spellings[spelling]!, count: this.positionCounts.get(key)! });
      if (d % STEP_ITEMS === STEP_ITEMS - 1) yield;
    }
    yield;
    const values: string[] = [];
    const counts: number[] = [];
    const kinds: number[] = [];
    for (const { label, count } of positions.values()) {
      values.push(label);
      counts.push(count);
      kinds.push(0);
    }
    const frequent = [...this.words]
      .filter(([k]) => !positions.has(k))
      .sort((a, b) => b[1].count - a[1].count || compareStrings(a[0], b[0]))
      .slice(0, MAX_TITLE_WORDS);
    for (const [, entry] of frequent) {
      values.push(mostUsed(entry.spellings));
      counts.push(entry.count);
      kinds.push(1);
    }
    yield;
    // Each document's entities, by the same fold keys as the counts above.
    let entity = 0;
    const positionEntity = new Map<string, number>();
    for (const key of positions.keys()) positionEntity.set(key, entity++);
    const spellingEntity = Uint32Array.from(this.spellingKeys, (k) => positionEntity.get(k)!);
    // A title word's entity, or -1 when it is not suggested (or is a position's name).
    const wordEntity = new Int32Array(this.wordKeys.length).fill(-1);
    for (const [, entry] of frequent) wordEntity[entry.id] = entity++;
    const docOffsets = new Uint32Array(n + 1);
    // Stryker disable next-line MethodExpression,ArithmeticOperator: equivalent, a first size only (add grows the array)
    let docEntities = new Uint32Array(Math.max(16, n * 4));
    let used = 0;
    /**
     * The last document each entity was added for: once per document, in constant time (a scan of
     * the document's entities so far made a title of 50,000 words cost seconds).
     */
    const lastDoc = new Int32Array(entity).fill(-1);
    const add = (d: number, e: number): void => {
      if (lastDoc[e] === d) return;
      lastDoc[e] = d;
      if (used === docEntities.length) {
        const grown = new Uint32Array(docEntities.length * 2);
        grown.set(docEntities);
        docEntities = grown;
      }
      docEntities[used++] = e;
    };
    let d = 0;
    const addWord = (id: number): void => {
      const e = wordEntity[id]!;
      if (e >= 0) add(d, e);
    };
    for (d = 0; d < n; d++) {
      const a = order[d]!;
      add(d, spellingEntity[this.docSpelling.get(a)]!);
      this.titleWords.forEachTerm(a, addWord);
      docOffsets[d + 1] = used;
      if (d % STEP_JOBS === STEP_JOBS - 1) yield;
    }
    this.docSpelling.clear();
    this.titleWords.clear();
    this.memo?.clear();
    const countArray = Uint32Array.from(counts);
    const index = yield* buildSuggestIndexSteps(values, values, countArray);
    return {
      index,
      counts: countArray,
      kinds: Uint8Array.from(kinds),
      entityOf: new Map(values.map((v, i) => [v, i])),
      docOffsets,
      docEntities: docEntities.slice(0, used),
    };
  }
}

/** The title words that suggestions count (3+ characters, not digits only, no function word), with their fold keys. */
export function forEachTitleWord(title: string, visit: (word: string, key: string) => void): void {
  forEachWord(cleanQueryText(title), (w) => {
    if (w.length < MIN_WORD || /^\d+$/.test(w)) return;
    const k = foldKey(w);
    if (!STOP.has(k)) visit(w, k);
  });
}

function mostUsed(spellings: Map<string, { uses: number }>): string {
  // Stryker disable next-line StringLiteral: equivalent, the first spelling beats bestCount -1 whatever best is
  let best = '';
  let bestCount = -1;
  for (const [s, { uses: c }] of spellings)
    if (c > bestCount || (c === bestCount && s < best)) [best, bestCount] = [s, c];
  return best;
}

/**
 * Up to `limit` positions and title words with a word starting with `q` (see suggest), with counts.
 * @example suggestTitles(t, 'entw', 10) // [{ value: 'Entwickler', label: 'Entwickler', count: 12, kind: 'word' }, ...]
 */
export function suggestTitles(t: TitleSuggestIndex, q: string, limit: number): TitleSuggestion[] {
  return suggest(t.index, q, limit).map((s) => {
    const e = t.entityOf.get(s.value)!;
    return { value: s.value, label: s.label, count: t.counts[e]!, kind: t.kinds[e] === 0 ? 'position' : 'word' };
  });
}
