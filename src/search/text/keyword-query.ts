import { LruMap } from '../../lib/lru-map.js';
import type { Language } from '../../domain/vocab.js';
import { andInto, forEachBit, orInto, popcount, setBits } from '../postings/bitset.js';
import type { KeywordIndex } from './keywords.js';
import { compareStrings } from '../columns/columns.js';
import { LANGUAGE_LIST, forEachWord, stemKey } from './tokenize.js';
import { cleanQueryText, queryKeys, queryPosition } from './word-forms.js';
import type { Scratch } from '../postings/scratch.js';
import { typoBudget, typoKeys } from './typos.js';
import { roleTypoKeys, withEquivalents } from './role-map.js';

/** Words beyond this many in a query are ignored (bounds the cost of one request). */
export const MAX_QUERY_WORDS = 32;
/** The last word also matches as a prefix of indexed words once it has this many characters. */
export const MIN_PREFIX_LENGTH = 3;
/** A prefix adds at most this many terms per language and key (the most frequent ones). */
export const MAX_PREFIX_TERMS = 16;
/**
 * Relevance tiers, each above any sum of the ones below it (at most MAX_QUERY_WORDS words): a
 * document gains WORD_BONUS per query word it matches (coordination: more words matched rank
 * first), PREFER_BONUS per preferred facet value it has (JobFilter.prefer, at most four), then
 * EXACT_WORD_BONUS per word it matches without a typo, then TITLE_WORD_BONUS per word its title
 * holds, then the position bonus, then BM25.
 */
export const WORD_BONUS = 1e9;
export const PREFER_BONUS = 1e8;
/** Relevance: a document gains this per query word it matches without a typo (so exact ranks first). */
export const EXACT_WORD_BONUS = 1e6;
/**
 * Relevance: a document gains this per query word its title holds (so a title naming what was
 * asked, `Performance Marketing` in `… SEA & Performance Marketing`, ranks above one naming part of it).
 */
export const TITLE_WORD_BONUS = 1e4;
/**
 * Relevance: a job whose position is the one the whole query names (the thesaurus, see
 * queryPosition) gains this, above any sum of word scores, below one more word matched exactly.
 */
export const POSITION_BONUS = 1e3;

/**
 * One query word: the terms it stands for in every language, the first `exact` of them its own
 * stems and prefix expansions (sorted by stem), the rest typo corrections (sorted by stem).
 */
export interface QueryWord {
  readonly terms: readonly number[];
  readonly exact: number;
}

/** A parsed keyword query: its words, and the position the whole query names (thesaurus). */
export interface KeywordQuery {
  readonly words: readonly QueryWord[];
  /** Slug of the position the query names as a whole (see queryPosition), or null. */
  readonly position: string | null;
}

/**
 * Corpus-wide keyword statistics when an index is one segment of several (segments/search-index.ts): document
 * frequencies, the document count and the mean length are summed over every segment's keyword
 * index (deleted documents included until the next merge, as Lucene does), and the prefix
 * expansion picks the most frequent words over all of them. Without it, the index's own.
 */
export interface KeywordContext {
  readonly peers: readonly KeywordIndex[];
  readonly n: number;
  readonly avgLength: number;
}

/** The statistics over several keyword indexes (see KeywordContext). */
export function keywordContext(peers: readonly KeywordIndex[]): KeywordContext {
  let n = 0;
  let length = 0;
  for (const p of peers) {
    n += p.n;
    length += p.avgLength * p.n;
  }
  return { peers, n, avgLength: n === 0 ? 0 : length / n };
}

const parsed = new WeakMap<object, LruMap<string, KeywordQuery | null>>();

/**
 * The words of a keyword query and the terms each stands for: the stems of its keys (after word
 * forms, see word-forms.ts, and with the keys of the same role in other languages, see role-map.ts)
 * in every language; for the last word also the terms of the indexed
 * words its keys begin (when long enough; the MAX_PREFIX_TERMS most frequent, by document
 * frequency then stem); with `typos`, the terms of indexed words within the word's typo budget
 * (see typos.ts). Null when the text has no words (no keyword filter).
 * @example parseKeywords(index, 'seo manag', true)!.words.length // 2
 */
export function parseKeywords(
  index: KeywordIndex,
  text: string,
  typos: boolean,
  ctx: KeywordContext | null = null,
): KeywordQuery | null {
  // One cache per index, or per index within a context (segments): its prefix choice differs.
  const owner = ctx ?? index;
  let cache = parsed.get(owner);
  if (!cache) parsed.set(owner, (cache = new LruMap(256)));
  const key = `${typos ? 't' : 'x'}${ctx === null ? '' : ctx.peers.indexOf(index)}|${text}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const query = parse(index, text, typos, ctx);
  cache.set(key, query);
  return query;
}

function parse(index: KeywordIndex, text: string, typos: boolean, ctx: KeywordContext | null): KeywordQuery | null {
  const words: string[][] = [];
  forEachWord(cleanQueryText(text), (w) => {
    if (words.length < MAX_QUERY_WORDS) words.push(withEquivalents(queryKeys(w)));
  });
  if (words.length === 0) return null;
  return {
    words: words.map((keys, i) => wordOf(index, keys, i === words.length - 1, typos, ctx)),
    position: queryPosition(text),
  };
}

/** Terms of a query word; see parseKeywords. */
function wordOf(
  index: KeywordIndex,
  keys: string[],
  last: boolean,
  typos: boolean,
  ctx: KeywordContext | null,
): QueryWord {
  const exact = new Set<number>();
  for (const lang of LANGUAGE_LIST) {
    for (const key of keys) {
      const t = index.termOf.get(`${lang}:${stemKey(lang, key)}`);
      if (t !== undefined) exact.add(t);
      if (last && key.length >= MIN_PREFIX_LENGTH) {
        if (ctx === null) addPrefixTerms(index, lang, key, exact);
        else for (const term of prefixTermsOver(ctx, lang, key)) addTerm(index, term, exact);
      }
    }
  }
  const corrected = new Set<number>();
  if (typos) {
    for (const lang of LANGUAGE_LIST) {
      // Over every segment: a corrected word's stem may be another word's in this one.
      for (const peer of ctx?.peers ?? [index]) {
        const vocab = peer.vocab.get(lang);
        if (!vocab) continue;
        for (const key of keys) {
          for (const i of typoKeys(vocab.keys, key, typoBudget(key.length))) {
            const t = peer === index ? vocab.terms[i] : index.termOf.get(`${lang}:${peer.stems[vocab.terms[i]!]!}`);
            if (t !== undefined && !exact.has(t)) corrected.add(t);
          }
        }
      }
      for (const key of roleTypoKeys(keys)) {
        const t = index.termOf.get(`${lang}:${stemKey(lang, key)}`);
        if (t !== undefined && !exact.has(t)) corrected.add(t);
      }
    }
  }
  const byStem = (a: number, b: number): number => compareStrings(index.stems[a]!, index.stems[b]!) || a - b;
  return { terms: [...[...exact].sort(byStem), ...[...corrected].sort(byStem)], exact: exact.size };
}

function addTerm(index: KeywordIndex, term: string, out: Set<number>): void {
  const t = index.termOf.get(term);
  if (t !== undefined) out.add(t);
}

/**
 * The prefix expansion over every segment: the MAX_PREFIX_TERMS terms (`lang:stem`) with the most
 * documents summed over the segments, then by stem — the choice one index over all of them makes.
 */
function prefixTermsOver(ctx: KeywordContext, lang: Language, prefix: string): string[] {
  const df = new Map<string, number>();
  for (const peer of ctx.peers) {
    const found = new Set<number>();
    addPrefixTerms(peer, lang, prefix, found, Infinity);
    for (const t of found) df.set(`${lang}:${peer.stems[t]!}`, 0);
  }
  for (const term of df.keys()) df.set(term, frequencyOver(ctx, term));
  return [...df.keys()].sort((a, b) => df.get(b)! - df.get(a)! || compareStrings(a, b)).slice(0, MAX_PREFIX_TERMS);
}

const names = new WeakMap<KeywordIndex, string[]>();

/** `lang:stem` of term t (the reverse of termOf, made once per index when first needed). */
export function termName(index: KeywordIndex, t: number): string {
  let all = names.get(index);
  if (!all) {
    all = [];
    for (const [name, term] of index.termOf) all[term] = name;
    names.set(index, all);
  }
  return all[t]!;
}

/** Documents with the term (`lang:stem`) summed over the context's segments. */
function frequencyOver(ctx: KeywordContext, term: string): number {
  let df = 0;
  for (const peer of ctx.peers) {
    const t = peer.termOf.get(term);
    if (t !== undefined) df += documentFrequency(peer, t);
  }
  return df;
}

function addPrefixTerms(
  index: KeywordIndex,
  lang: Language,
  prefix: string,
  out: Set<number>,
  max = MAX_PREFIX_TERMS,
): void {
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
  const best = [...found].sort(
    (a, b) =>
      documentFrequency(index, b) - documentFrequency(index, a) || compareStrings(index.stems[a]!, index.stems[b]!),
  );
  for (const t of best.slice(0, max)) out.add(t);
}

/** Documents with term t. */
export function documentFrequency(index: KeywordIndex, t: number): number {
  return index.tfOffsets[t + 1]! - index.tfOffsets[t]!;
}

/** Stable text of the terms of a query, for caching its matches. */
export function termsKey(words: readonly QueryWord[]): string {
  return words.map((w) => `${w.terms.join(',')}/${w.exact}`).join('|');
}

/**
 * Key of the keyword base (base-counts.ts) of a query's words and the position it names (by
 * code): each word's terms, ascending.
 */
export function keywordBaseKey(words: readonly QueryWord[], position?: number): string {
  const terms = words.map((w) => [...w.terms].sort((a, b) => a - b).join(',')).join('|');
  return `${KEYWORD_BASE}${terms}${position === undefined ? '' : `@${position}`}`;
}

/** What the key of a keyword base begins with. */
export const KEYWORD_BASE = 'kw:';

/** Documents with any of the terms, OR-ed into `bits`. */
function addTerms(index: KeywordIndex, terms: readonly number[], bits: Uint32Array): void {
  for (const t of terms) {
    const dense = index.dense[t];
    if (dense) orInto(bits, dense);
    else setBits(bits, index.docs.subarray(index.docOffsets[t], index.docOffsets[t + 1]));
  }
}

/**
 * How many of a query's `n` words a posting must match when partial matches are allowed: 75 %
 * rounded down, at least one (Elasticsearch's `minimum_should_match: 75%` convention): 1 of 2, 2 of
 * 3, 3 of 4, 3 of 5.
 */
export function minimumShouldMatch(n: number): number {
  return Math.max(1, Math.floor((n * 3) / 4));
}

/**
 * Documents that match at least `min` of the words (any of a word's terms; every word by default);
 * a bitset that is the caller's to keep (taken from the scratch's pool, see Scratch.takeBits), and
 * its size.
 */
export function matchTerms(
  index: KeywordIndex,
  words: readonly QueryWord[],
  scratch: Scratch,
  min = words.length,
): { words: Uint32Array; size: number } {
  const acc = scratch.takeBits();
  if (min < words.length) return matchSome(index, words, scratch, min, acc);
  let size = 0;
  for (const [i, word] of words.entries()) {
    const bits = i === 0 ? acc : scratch.lendBits();
    addTerms(index, word.terms, bits);
    size = i === 0 ? popcount(acc) : andInto(acc, bits);
  }
  return { words: acc, size };
}

/** matchTerms with fewer than all words required: a count of matched words per document. */
function matchSome(
  index: KeywordIndex,
  words: readonly QueryWord[],
  scratch: Scratch,
  min: number,
  acc: Uint32Array,
): { words: Uint32Array; size: number } {
  const counts = scratch.bytes();
  const any = scratch.lendBits();
  for (const word of words) {
    const bits = scratch.lendBits();
    addTerms(index, word.terms, bits);
    orInto(any, bits);
    forEachBit(bits, (d) => counts[d]!++);
  }
  let size = 0;
  forEachBit(any, (d) => {
    if (counts[d]! >= min) {
      acc[d >>> 5]! |= 1 << (d & 31);
      size++;
    }
    counts[d] = 0;
  });
  return { words: acc, size };
}

/** Relevance: a typo-corrected term counts this share of what the word's own term would. */
export const TYPO_WEIGHT = 0.5;

/** BM25's idf of term t, over the context's segments when given. */
export function termIdf(index: KeywordIndex, t: number, ctx: KeywordContext | null): number {
  const corpus = ctx?.n ?? index.n;
  const df = ctx === null ? documentFrequency(index, t) : frequencyOver(ctx, termName(index, t));
  return Math.log(1 + (corpus - df + 0.5) / (df + 0.5));
}

/**
 * A spelling correction of a query, for `did_you_mean`: every word that no indexed word matches
 * exactly (after word forms), replaced by the indexed word (a folded key) of the most documents
 * within a looser budget (see suggestionBudget); null when no word is changed.
 * @example correctQuery(index, 'markting manger') // 'marketing manager'
 */
export function correctQuery(index: KeywordIndex, text: string, ctx: KeywordContext | null = null): string | null {
  const indexes = ctx?.peers ?? [index];
  const dfOf = (peer: KeywordIndex, t: number): number =>
    ctx === null ? documentFrequency(peer, t) : frequencyOver(ctx, termName(peer, t));
  const out: string[] = [];
  let changed = false as boolean; // set inside the callback below
  forEachWord(cleanQueryText(text), (w) => {
    if (out.length >= MAX_QUERY_WORDS) return;
    const keys = withEquivalents(queryKeys(w));
    const known = indexes.some((peer) =>
      LANGUAGE_LIST.some((lang) => keys.some((k) => peer.termOf.has(`${lang}:${stemKey(lang, k)}`))),
    );
    if (known) {
      out.push(w);
      return;
    }
    let best: string | null = null;
    let bestDf = -1;
    for (const peer of indexes) {
      for (const lang of LANGUAGE_LIST) {
        const vocab = peer.vocab.get(lang);
        if (!vocab) continue;
        for (const key of keys) {
          for (const i of typoKeys(vocab.keys, key, suggestionBudget(key.length))) {
            const df = dfOf(peer, vocab.terms[i]!);
            const k = vocab.keys[i]!;
            if (df > bestDf || (df === bestDf && best !== null && k < best)) {
              best = k;
              bestDf = df;
            }
          }
        }
      }
    }
    if (best === null) out.push(w);
    else {
      out.push(best);
      changed = true;
    }
  });
  return changed ? out.join(' ') : null;
}

/** Edits allowed for a suggestion (not a match): one from 4 letters, two from 7. */
export function suggestionBudget(length: number): number {
  return length >= 7 ? 2 : length >= 4 ? 1 : 0;
}
