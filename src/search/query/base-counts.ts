import type { Engine } from '../engine.js';
import { LruMap } from '../../lib/lru-map.js';
import { countFacets, FACET_KEYS, type Base, type FacetKey } from './facet-count.js';
import { keywordMatch, positionCode, type Clause } from './filter.js';
import { KEYWORD_BASE, keywordBaseKey, parseKeywords, type QueryWord } from '../text/keyword-query.js';
import { bitsSet, type DocSet } from '../postings/doc-set.js';
import { countAtLeast } from '../columns/remote.js';
import { runSteps, type Steps } from '../../lib/steps.js';

/** A clause set gets precomputed facet counts when it holds more than n / BASE_RATIO documents. */
const BASE_RATIO = 16;
/** At most this many precomputed sets (the largest), each one counter per facet value. */
const MAX_BASES = 64;
/** At most this many keyword bases besides: the largest sets of title words'. */
export const MAX_KEYWORD_BASES = 32;
/** Keyword bases are chosen among this many title words, those in the most titles. */
export const KEYWORD_CANDIDATES = 256;
/**
 * Candidate words looked up between two yields: a lookup parses the word as a query (its position
 * found by the title classifier), up to 1.5 ms a word at a million postings, so sixteen of them
 * held the index worker for 24 ms in one piece during a catch-up (bench/catch-up.ts).
 */
const KEYWORD_STEP = 2;

/**
 * Facet counts precomputed for the large single-filter sets (a work model, SEO yes, a country, a
 * remote-share threshold, ...), keyed like `Clause.base`. A filter made of one such clause is
 * answered from them; a larger filter counts only `base \ matches` (and subtracts) when that is
 * smaller than the matches, the way "all documents" serves as a base for the complement.
 * @example buildBases(engine).get('workModel:2')?.counts.total // jobs with that work model
 */
export function buildBases(e: Engine, titleTexts: readonly string[] = []): Map<string, Base> {
  return runSteps(buildBasesSteps(e, titleTexts));
}

/**
 * `buildBases` in steps (steps.ts): a step per base counted. `titleTexts`, the positions and
 * title words in the most titles first, are what job seekers type: of the first
 * KEYWORD_CANDIDATES, each whose keyword query finds more than n / BASE_RATIO documents (typo
 * corrections and prefix terms included; a word is found in descriptions too) is a candidate for
 * a keyword base, and the MAX_KEYWORD_BASES largest get one, keyed by keywordBaseKey: a one-word
 * query (without a position) serves every clause with a word within it (see keywordBasesFor), one
 * naming a position the same query's clause.
 */
export function* buildBasesSteps(e: Engine, titleTexts: readonly string[] = []): Steps<Map<string, Base>> {
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
  // Keyword bases: the largest sets among the candidates', each found again when kept.
  const found: { key: string; words: readonly QueryWord[]; code: number | undefined; size: number }[] = [];
  const seen = new Set<string>(bases.keys());
  for (const [i, text] of titleTexts.slice(0, KEYWORD_CANDIDATES).entries()) {
    if (i % KEYWORD_STEP === KEYWORD_STEP - 1) yield;
    const query = parseKeywords(e.keywords, text, true);
    if (!query) continue;
    const code = positionCode(e, query);
    // Several words without a position: no clause is within it but its own (not kept).
    if (code === undefined && query.words.length !== 1) continue;
    const key = keywordBaseKey(query.words, code);
    if (seen.has(key)) continue;
    seen.add(key);
    const match = keywordMatch(e, query.words, code);
    e.scratch.releaseBits(match.words);
    if (match.size * BASE_RATIO > e.n) found.push({ key, words: query.words, code, size: match.size });
  }
  found.sort((a, b) => b.size - a.size);
  for (const { key, words, code } of found.slice(0, MAX_KEYWORD_BASES)) {
    const match = keywordMatch(e, words, code);
    bases.set(key, { words: match.words, counts: countFacets(e, bitsSet(match.words, match.size), FACET_KEYS, null) });
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
    const union = c.union ? unionBase(bases, c.union, c) : null;
    if (union) out.push(union);
  }
  return out;
}

/**
 * Keyword bases that may be close to the clauses' intersection (see countFacets' `near`): the
 * one-word keyword bases sharing a term with a word of a keyword clause. A base need not hold the
 * set nor lie within it: `manger`, a typo of manager that is a word of its own, finds the manager
 * base and a few more postings; `analyt` finds most of the analytics base (not its typo
 * corrections) and the analyst postings. countFacets measures how far each is and takes the
 * nearest when it beats the other ways.
 */
export function nearBasesFor(bases: ReadonlyMap<string, Base>, clauses: readonly Clause[]): Base[] {
  const out: Base[] = [];
  for (const c of clauses) {
    const words = c.words;
    if (!words) continue;
    for (const { terms, base } of keywordBasesOf(bases)) {
      if (!out.includes(base) && words.some((w) => w.some((t) => terms.has(t)))) out.push(base);
    }
  }
  return out;
}

/** Union bases made, per index, by their parts' keys (a multi-select sidebar asks for a few often). */
const unions = new WeakMap<ReadonlyMap<string, Base>, LruMap<string, Base>>();
/** Union bases kept per index. */
const MAX_UNIONS = 32;

/**
 * The base of a clause of several column values, each with a base (`keys`): their documents are
 * disjoint, so its counts are the sum of theirs and its documents the clause's; null when a part
 * has no base.
 */
function unionBase(bases: ReadonlyMap<string, Base>, keys: readonly string[], clause: Clause): Base | null {
  let made = unions.get(bases);
  if (!made) unions.set(bases, (made = new LruMap(MAX_UNIONS)));
  const id = keys.join('+');
  const hit = made.get(id);
  if (hit) return hit;
  const parts = keys.map((k) => bases.get(k));
  const set = clause.docs();
  if (parts.some((p) => p === undefined) || set.kind !== 'bits') return null;
  const byFacet: Partial<Record<FacetKey, Uint32Array>> = {};
  let total = 0;
  for (const p of parts as Base[]) {
    total += p.counts.total;
    for (const [f, c] of Object.entries(p.counts.byFacet) as [FacetKey, Uint32Array][]) {
      const sum = (byFacet[f] ??= new Uint32Array(c.length));
      for (let i = 0; i < c.length; i++) sum[i]! += c[i]!;
    }
  }
  // A copy: the clause's bitset is lent for one operation only (Scratch.lendBits).
  const base: Base = { words: set.words.slice(), counts: { total, byFacet } };
  made.set(id, base);
  return base;
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

/** The keyword bases of one word and no position, with their terms (read from their keys once per index). */
function keywordBasesOf(bases: ReadonlyMap<string, Base>): { terms: Set<number>; base: Base }[] {
  let list = keywordBaseLists.get(bases);
  if (!list) {
    list = [];
    for (const [key, base] of bases) {
      if (key.startsWith(KEYWORD_BASE) && !/[@|]/.test(key))
        list.push({ terms: new Set(key.slice(KEYWORD_BASE.length).split(',').map(Number)), base });
    }
    keywordBaseLists.set(bases, list);
  }
  return list;
}
