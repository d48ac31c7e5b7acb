import { fieldValues, type JobFilter } from '../../domain/query.js';
import {
  FACETS,
  isListEntry,
  matchKey,
  type ColumnFacet,
  type FacetId,
  type ListFacet,
  type ValuesFacet,
} from '../../domain/facet-catalogue.js';
import type { MultiColumn } from '../columns/columns.js';
import type { Engine } from '../engine.js';
import { markWithinRadius } from '../columns/geo.js';
import {
  keywordBaseKey,
  matchTerms,
  minimumShouldMatch,
  parseKeywords,
  termsKey,
  type KeywordContext,
  type KeywordQuery,
  type QueryWord,
} from '../text/keyword-query.js';
import { andInto, hasBit, popcount, setBits } from '../postings/bitset.js';
import { addToBits, bitsSet, EMPTY_SET, isDense, toIds, type DocSet } from '../postings/doc-set.js';
import { canonicalPlace, placeCandidates, type PlaceInfo } from '../columns/places.js';
import { countAtLeast } from '../columns/remote.js';
import { languageClause, postedSinceClause, salaryMinClause, type ExtraClause } from './extra-filters.js';

/** What a clause filters on; the facet it belongs to is left out for disjunctive counts. */
export type ClauseKey = FacetId | 'keywords' | 'posted' | 'salaryMin' | 'language' | 'live';

/**
 * How an index that is one segment of several (segments/search-index.ts) plans a filter: only its documents
 * still live (`live`: a bitset and its size; the others were updated, deleted or expired since it
 * was built), places resolved over every segment (the radius centre), keyword statistics over
 * every segment.
 */
export interface PlanContext {
  readonly live: { readonly words: Uint32Array; readonly size: number } | null;
  /** The place a location value stands for over every segment (its centre for a radius), or null. */
  readonly center: (value: string) => PlaceInfo | null;
  readonly keywords: KeywordContext;
}

/** One applied filter: its exact size, its documents and a per-document test. */
export interface Clause {
  readonly key: ClauseKey;
  /** Key of its document set among the precomputed bases (base-counts.ts), if it can be one. */
  readonly base: string | null;
  /**
   * A keyword clause whose documents are those matching every word (no position named): each
   * word's terms, so that a precomputed keyword base holding all of one word's terms contains it.
   */
  readonly words?: readonly (readonly number[])[];
  /**
   * Several values of a column, each with a base: their base keys. No document has two values,
   * so the union's counts are the sum of theirs (a base made at query time, see base-counts.ts).
   */
  readonly union?: readonly string[];
  readonly size: number;
  readonly docs: () => DocSet;
  readonly has: (d: number) => boolean;
}

/** A filter resolved against the index; an unknown value is a clause of size 0. */
export interface Plan {
  readonly clauses: readonly Clause[];
  /** The parsed keyword query (for relevance); null without keywords. */
  readonly keywords: KeywordQuery | null;
  /** The preferred facet values (JobFilter.prefer) as clauses, for relevance only: they do not filter. */
  readonly prefer: readonly Clause[];
}

/**
 * Resolves every set field of the filter into a clause, facet by facet as the catalogue
 * describes them (src/domain/facet-catalogue.ts), then the extra filters and keywords. An
 * unknown value matches nothing; keyword text without words and remotePercentageMin <= 0 do not
 * filter.
 * @example planFilter(engine, { workModel: 'remote', location: 'münchen' }).clauses.length // 2
 */
export function planFilter(e: Engine, filter: JobFilter, ctx: PlanContext | null = null): Plan {
  const clauses: Clause[] = [];
  for (const f of FACETS) {
    if (f.filter === 'values') {
      const values = fieldValues(filter, f.field);
      if (values === null) continue;
      // A column's values are disjoint (one per document); places nest, lists overlap.
      const disjoint = f.source.kind !== 'places' && !isListEntry(f);
      clauses.push(
        anyOf(
          e,
          f.id,
          values.map((value) => valueClause(e, f, value, filter.radiusKm, ctx)),
          disjoint,
        ),
      );
    } else if (f.filter === 'switch') {
      const on = filter[f.field];
      if (on !== undefined) clauses.push(columnClause(e, f.id, on ? 'yes' : 'no'));
    } else {
      const min = filter[f.field];
      if (min !== undefined && min > 0) clauses.push(remoteClause(e, min));
    }
  }
  addExtraClauses(e, filter, clauses);
  const keywords =
    filter.keywords === undefined
      ? null
      : parseKeywords(e.keywords, filter.keywords, filter.typos !== false, ctx?.keywords ?? null);
  const min = keywords !== null && filter.partialWords === true ? minimumShouldMatch(keywords.words.length) : undefined;
  if (keywords) clauses.push(keywordClause(e, keywords, min));
  if (ctx?.live) clauses.push(bitsClause('live', ctx.live.words, ctx.live.size));
  const prefer = (filter.prefer ?? []).map((p) => planFilter(e, { [p.field]: p.value }, ctx).clauses[0]!);
  return { clauses, keywords, prefer };
}

/** Jobs with one value of a facet: from its column or its lists; a place with the radius. */
function valueClause(
  e: Engine,
  f: ValuesFacet,
  value: string,
  radiusKm: number | undefined,
  ctx: PlanContext | null,
): Clause {
  if (f.source.kind === 'places') return locationClause(e, value, radiusKm, ctx);
  return isListEntry(f) ? listClause(e, f.id, value) : columnClause(e, f.id, matchKey(f, value));
}

/** The filters beyond the contract (see extra-filters.ts). */
function addExtraClauses(e: Engine, filter: JobFilter, clauses: Clause[]): void {
  const add = (key: ClauseKey, c: ExtraClause): void => {
    clauses.push({ key, base: null, size: c.size, docs: c.docs, has: c.has });
  };
  if (filter.postedSince !== undefined)
    add('posted', postedSinceClause(e.extras, e.orders.dateDesc, filter.postedSince));
  if (filter.salaryMin !== undefined)
    add('salaryMin', salaryMinClause(e.extras, filter.salaryMin, filter.salaryEstimated === true));
  if (filter.language !== undefined) add('language', languageClause(e.extras, filter.language));
}

/**
 * Several values of one dimension: jobs matching any of them (one bitset), under the same key so
 * that disjunctive counts leave the whole dimension out. One value is its own clause.
 * Several values (`anyOf`) need at least one clause; none matches nothing. Values of a column
 * (`disjoint`: no document has two) that each have a base key give the union's parts (`union`);
 * a value whose documents are all the union's gives its base key.
 */
function anyOf(e: Engine, key: ClauseKey, alternatives: readonly Clause[], disjoint: boolean): Clause {
  if (alternatives.length === 1) return alternatives[0]!;
  const words = e.scratch.lendBits();
  for (const c of alternatives) addToBits(words, c.docs(), e.n);
  const clause = bitsClause(key, words);
  // One value holding all the others (a country and a city in it): the union is its set, and its base.
  const whole = alternatives.find((c) => c.size === clause.size && c.base !== null);
  if (whole) return { ...clause, base: whole.base };
  const found = alternatives.filter((c) => c.size > 0);
  if (!disjoint || found.length < 2 || found.some((c) => c.base === null)) return clause;
  return { ...clause, union: [...new Set(found.map((c) => c.base!))].sort() };
}

function unknown(key: ClauseKey): Clause {
  return { key, base: null, size: 0, docs: () => EMPTY_SET, has: () => false };
}

function columnClause(e: Engine, facet: ColumnFacet, value: string): Clause {
  const column = e.columns[facet];
  const code = column.codes.get(value);
  if (code === undefined) return unknown(facet);
  const set = column.postings[code]!;
  const col = column.col;
  return { key: facet, base: `${facet}:${code}`, size: set.size, docs: () => set, has: (d) => col[d] === code };
}

/** Jobs having the value among their values of a multi-valued facet. */
function listClause(e: Engine, facet: ListFacet, value: string): Clause {
  const list = e.lists[facet];
  const code = list.codes.get(value);
  if (code === undefined) return unknown(facet);
  const set = list.postings[code]!;
  return { key: facet, base: `${facet}:${code}`, size: set.size, docs: () => set, has: listTest(list, code, set) };
}

/**
 * Jobs with a place named by the value (any fold-key candidate); with a radius around a city
 * (that has coordinates), also jobs with any place within that distance of it.
 */
function locationClause(e: Engine, value: string, radiusKm: number | undefined, ctx: PlanContext | null): Clause {
  const candidates = placeCandidates(e.places, value);
  // In a segment, the centre is resolved over every segment: it may be a place this one lacks.
  const center = ctx
    ? ctx.center(value)
    : candidates.length === 0
      ? null
      : e.places.info[canonicalPlace(e.places, value)!]!;
  if (center === null) return unknown('location');
  const useRadius =
    radiusKm !== undefined &&
    Number.isFinite(radiusKm) &&
    center.kind === 'city' &&
    center.lat !== null &&
    center.lon !== null;
  if (!useRadius && candidates.length === 0) return unknown('location');
  const only = candidates[0]!;
  if (!useRadius && candidates.length === 1) {
    const set = e.places.column.postings[only]!;
    const has = listTest(e.places.column, only, set);
    return { key: 'location', base: `location:${only}`, size: set.size, docs: () => set, has };
  }
  const words = e.scratch.lendBits();
  for (const code of candidates) addToBits(words, e.places.column.postings[code]!, e.n);
  if (useRadius) markWithinRadius(e.points, center.lat, center.lon, Math.max(0, radiusKm), words);
  return bitsClause('location', words);
}

/** Whether document d has the code among its values: a bit test, or a scan of its short CSR list. */
function listTest(list: MultiColumn, code: number, set: DocSet): (d: number) => boolean {
  if (set.kind === 'bits') return (d) => hasBit(set.words, d);
  const { offsets, ids } = list;
  return (d) => {
    for (let j = offsets[d]!; j < offsets[d + 1]!; j++) if (ids[j] === code) return true;
    return false;
  };
}

function bitsClause(key: ClauseKey, words: Uint32Array, size = popcount(words)): Clause {
  const set = bitsSet(words, size);
  return { key, base: null, size, docs: () => set, has: (d) => hasBit(words, d) };
}

function remoteClause(e: Engine, min: number): Clause {
  const { value, desc } = e.remote;
  const size = countAtLeast(e.remote, min);
  let set: DocSet | null = null;
  const docs = (): DocSet => {
    if (set === null) {
      const words = e.scratch.lendBits();
      setBits(words, desc.subarray(0, size));
      set = bitsSet(words, size);
    }
    return set;
  };
  return { key: 'remote', base: `remote:${size}`, size, docs, has: (d) => value[d]! >= min };
}

/**
 * Jobs matching every word of the query (at least `min` of them when given), and — when the whole
 * query names a position of the thesaurus — every job of that position. Memoised: a search page
 * asks for facets, count and list of the same text. Its precomputed counts (all words required): a
 * keyword base of the same words and position (base key), or without a position one of a word's
 * (`words`, see base-counts.ts).
 */
function keywordClause(e: Engine, query: KeywordQuery, min = query.words.length): Clause {
  const code = positionCode(e, query);
  const some = min < query.words.length;
  const key = `${code ?? ''}#${some ? `${min}~` : ''}${termsKey(query.words)}`;
  const match = e.keywordMatches.get(key, () => keywordMatch(e, query.words, code, min));
  const clause = bitsClause('keywords', match.words, match.size);
  if (some) return clause;
  if (code !== undefined) return { ...clause, base: keywordBaseKey(query.words, code) };
  return { ...clause, words: query.words.map((w) => w.terms) };
}

/** The code of the position a keyword query names, if the index has it. */
export function positionCode(e: Engine, query: KeywordQuery): number | undefined {
  return query.position === null ? undefined : e.columns.position.codes.get(query.position);
}

/**
 * The documents of every word (of at least `min`), and of the position `code` if any (a bitset the
 * caller keeps, see matchTerms).
 */
export function keywordMatch(
  e: Engine,
  words: readonly QueryWord[],
  code: number | undefined,
  min = words.length,
): { words: Uint32Array; size: number } {
  const match = matchTerms(e.keywords, words, e.scratch, min);
  if (code === undefined) return match;
  addToBits(match.words, e.columns.position.postings[code]!, e.n);
  return { words: match.words, size: popcount(match.words) };
}

/**
 * The documents matching all clauses except those of `without`. Sparse: walks the smallest
 * clause and tests the others per document. Dense: ANDs bitsets word by word. The result may
 * live in the engine's scratch buffers: it is valid until the next `evaluate`.
 */
export function evaluate(e: Engine, plan: Plan, without: ClauseKey | null = null): DocSet {
  const n = e.n;
  const clauses = plan.clauses.filter((c) => c.key !== without).sort((a, b) => a.size - b.size);
  const driver = clauses[0];
  if (driver === undefined) return { kind: 'all', size: n };
  if (driver.size === 0) return EMPTY_SET;
  if (clauses.length === 1) return driver.docs();
  if (!isDense(driver.size, n, e.tuning.denseRatio))
    return filterIds(toIds(driver.docs(), n), clauses.slice(1), e.scratch.matchIds());
  const words = e.scratch.matchBits();
  copyInto(e, words, driver.docs());
  let size = driver.size;
  for (const c of clauses.slice(1)) {
    const set = c.docs();
    size = andInto(words, set.kind === 'bits' ? set.words : lentBits(e, set));
  }
  return bitsSet(words, size);
}

function copyInto(e: Engine, words: Uint32Array, set: DocSet): void {
  words.set(set.kind === 'bits' ? set.words : lentBits(e, set));
}

/** The set as a bitset lent for the running operation. */
function lentBits(e: Engine, set: DocSet): Uint32Array {
  const words = e.scratch.lendBits();
  addToBits(words, set, e.n);
  return words;
}

function filterIds(ids: Uint32Array, tests: readonly Clause[], out: Uint32Array): DocSet {
  let k = 0;
  outer: for (let i = 0; i < ids.length; i++) {
    const d = ids[i]!;
    for (let t = 0; t < tests.length; t++) if (!tests[t]!.has(d)) continue outer;
    out[k++] = d;
  }
  return { kind: 'list', ids: out.subarray(0, k), size: k };
}
