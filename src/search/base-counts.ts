import type { Engine } from './engine.js';
import { countFacets, FACET_KEYS, type Base } from './facet-count.js';
import type { Clause } from './filter.js';
import { matchTerms, parseKeywords } from './keyword-query.js';
import { bitsSet, type DocSet } from './postings/doc-set.js';
import { countAtLeast } from './remote.js';
import { runSteps, type Steps } from './steps.js';

/** A clause set gets precomputed facet counts when it holds more than n / BASE_RATIO documents. */
const BASE_RATIO = 16;
/** At most this many precomputed sets (the largest), each one counter per facet value. */
const MAX_BASES = 64;
/** At most this many keyword bases besides (the most frequent title words'). */
export const MAX_KEYWORD_BASES = 32;
/** A word of job titles and the number of jobs with it in their title. */
export interface TitleWord {
  readonly text: string;
  readonly jobs: number;
}

/** Key of a keyword base: this, then the terms of the word it was made for, ascending. */
const KEYWORD_BASE = 'kw:';

/**
 * Facet counts precomputed for the large single-filter sets (a work model, SEO yes, a country, a
 * remote-share threshold, ...), keyed like `Clause.base`. A filter made of one such clause is
 * answered from them; a larger filter counts only `base \ matches` (and subtracts) when that is
 * smaller than the matches, the way "all documents" serves as a base for the complement.
 * @example buildBases(engine).get('workModel:2')?.counts.total // jobs with that work model
 */
export function buildBases(e: Engine, titleWords: readonly TitleWord[] = []): Map<string, Base> {
  return runSteps(buildBasesSteps(e, titleWords));
}

/**
 * `buildBases` in steps (steps.ts): a step per base counted. `titleWords`, most frequent first,
 * are the words a job seeker types: each in the titles of more than n / BASE_RATIO jobs gets a
 * keyword base too (up to MAX_KEYWORD_BASES): the documents a one-word query for it finds (typo
 * corrections and prefix terms included), keyed by the word's terms (see keywordBasesFor).
 */
export function* buildBasesSteps(e: Engine, titleWords: readonly TitleWord[] = []): Steps<Map<string, Base>> {
  const candidates: { key: string; set: () => DocSet; size: number }[] = [];
  const add = (key: string, size: number, set: () => DocSet): void => {
    if (size * BASE_RATIO > e.n) candidates.push({ key, set, size });
  };
  for (const [facet, column] of Object.entries(e.columns)) {
    column.postings.forEach((p, code) => {
      add(`${facet}:${code}`, p.size, () => p);
    });
  }
  for (const [facet, list] of Object.entries(e.lists)) {
    list.postings.forEach((p, code) => {
      add(`${facet}:${code}`, p.size, () => p);
    });
  }
  for (const v of new Set(e.remote.descValues)) {
    const size = countAtLeast(e.remote, v);
    add(`remote:${size}`, size, () => remoteSet(e, size));
  }
  candidates.sort((a, b) => b.size - a.size);
  const bases = new Map<string, Base>();
  for (const c of candidates.slice(0, MAX_BASES)) {
    const set = c.set();
    if (set.kind !== 'bits' || bases.has(c.key)) continue;
    bases.set(c.key, { words: set.words, counts: countFacets(e, set, FACET_KEYS, null) });
    yield;
  }
  let keywordBases = 0;
  for (const { text, jobs } of titleWords) {
    if (keywordBases === MAX_KEYWORD_BASES || jobs * BASE_RATIO <= e.n) break;
    const word = parseKeywords(e.keywords, text, true)?.words;
    if (word?.length !== 1) continue;
    const key = KEYWORD_BASE + [...word[0]!.terms].sort((a, b) => a - b).join(',');
    if (bases.has(key)) continue;
    const match = matchTerms(e.keywords, word);
    if (match.size * BASE_RATIO <= e.n) continue;
    bases.set(key, { words: match.words, counts: countFacets(e, bitsSet(match.words, match.size), FACET_KEYS, null) });
    keywordBases++;
    yield;
  }
  return bases;
}

function remoteSet(e: Engine, size: number): DocSet {
  const words = new Uint32Array((e.n + 31) >>> 5);
  const desc = e.remote.desc;
  for (let i = 0; i < size; i++) words[desc[i]! >>> 5]! |= 1 << (desc[i]! & 31);
  return { kind: 'bits', words, size };
}

/**
 * The bases that contain every document of the clauses' intersection: all, each clause's own, and
 * for a keyword clause each keyword base holding every term of one of its words (the word's
 * documents are then within the base's, and the clause's within the word's).
 */
export function basesFor(all: Base, bases: ReadonlyMap<string, Base>, clauses: readonly Clause[]): Base[] {
  const out = [all];
  for (const c of clauses) {
    const b = c.base === null ? undefined : bases.get(c.base);
    if (b) out.push(b);
    if (c.words) out.push(...keywordBasesFor(bases, c.words));
  }
  return out;
}

/** The keyword bases holding every term of at least one of the words. */
export function keywordBasesFor(bases: ReadonlyMap<string, Base>, words: readonly (readonly number[])[]): Base[] {
  const out: Base[] = [];
  for (const { terms, base } of keywordBasesOf(bases)) {
    if (words.some((w) => w.every((t) => terms.has(t)))) out.push(base);
  }
  return out;
}

const keywordBaseLists = new WeakMap<ReadonlyMap<string, Base>, { terms: Set<number>; base: Base }[]>();

/** The keyword bases of an index with their terms (read from their keys once per index). */
function keywordBasesOf(bases: ReadonlyMap<string, Base>): { terms: Set<number>; base: Base }[] {
  let list = keywordBaseLists.get(bases);
  if (!list) {
    list = [];
    for (const [key, base] of bases) {
      if (key.startsWith(KEYWORD_BASE))
        list.push({ terms: new Set(key.slice(KEYWORD_BASE.length).split(',').map(Number)), base });
    }
    keywordBaseLists.set(bases, list);
  }
  return list;
}
