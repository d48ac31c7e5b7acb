import { STEP_ITEMS, type Steps } from '../../lib/steps.js';
import { parseKeywords } from '../text/keyword-query.js';
import type { KeywordIndex } from '../text/keywords.js';
import type { TitleSuggestIndex } from '../text/title-suggest.js';
import { cachedBytesOf, keptBytesOf, prepareOrderSteps } from './impact-walk.js';

/**
 * The share of an index's cache of orders (impact-walk.ts) made ahead of queries: the rest is
 * left to the terms queries bring.
 */
const PREPARED_SHARE = 0.5;
/** Title texts (positions and title words) whose terms are ordered ahead, those of the most titles first. */
const TITLE_TEXTS = 256;

const prepared = new WeakSet<KeywordIndex>();

/**
 * Makes ahead of their first query, in steps, the orders by impact of the terms that the texts
 * of the most titles (a segment's title suggestions: its positions and title words) stand for as
 * one-word queries, typos on, those of more titles first, while the orders kept stay within
 * PREPARED_SHARE of the cache. A job search is asked for what job titles say, and such a word's
 * lists are the longest to order (its first query paid tens of milliseconds at 1M postings); the
 * longest lists of the index as a whole are those of the texts' filler words, never asked.
 * Once per index; what it made and the bytes kept after.
 */
export function* prepareImpactSteps(
  index: KeywordIndex,
  titles: TitleSuggestIndex,
  prefix: number,
): Steps<{ terms: number; bytes: number }> {
  const made = { terms: 0, bytes: keptBytesOf(index) };
  if (prepared.has(index)) return made;
  prepared.add(index);
  const texts = yield* frequentTexts(titles, TITLE_TEXTS);
  const budget = cachedBytesOf(index) * PREPARED_SHARE;
  const seen = new Set<number>();
  for (const text of texts) {
    const query = parseKeywords(index, text, true);
    yield;
    for (const word of query?.words ?? [])
      for (const t of word.terms) {
        if (seen.has(t)) continue;
        seen.add(t);
        if (keptBytesOf(index) >= budget) return { ...made, bytes: keptBytesOf(index) };
        if ((yield* prepareOrderSteps(index, t, prefix)) > 0) made.terms++;
        yield;
      }
  }
  return { ...made, bytes: keptBytesOf(index) };
}

/** The `count` texts of the most titles, most first (ties by entity), in steps. */
function* frequentTexts(titles: TitleSuggestIndex, count: number): Steps<string[]> {
  const { counts } = titles;
  // Their counts' binary orders of magnitude, then the entities of the orders that reach `count`.
  const orders = new Uint32Array(33);
  for (let e = 0; e < counts.length; e++) {
    if (counts[e]! > 0) orders[32 - Math.clz32(counts[e]!)]!++;
    if (e % (STEP_ITEMS * 64) === 0) yield;
  }
  let floor = 32;
  for (let above = 0; floor > 1 && above + orders[floor]! < count; floor--) above += orders[floor]!;
  const top: number[] = [];
  for (let e = 0; e < counts.length; e++) {
    if (counts[e]! > 0 && 32 - Math.clz32(counts[e]!) >= floor) top.push(e);
    if (e % (STEP_ITEMS * 64) === 0) yield;
  }
  top.sort((a, b) => counts[b]! - counts[a]! || a - b);
  yield;
  return top.slice(0, count).map((e) => titles.index.values[e]!);
}
