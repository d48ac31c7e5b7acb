import { fieldValues, type JobFilter, type MultiField } from '../domain/query.js';
import type { ColumnFacet, Engine } from './engine.js';
import { markWithinRadius } from './geo.js';
import { matchTerms, parseKeywords, termsKey, type KeywordContext, type KeywordQuery } from './keyword-query.js';
import { andInto, hasBit, newBitset, orInto, popcount, setBits } from './postings/bitset.js';
import { bitsSet, EMPTY_SET, isDense, toBitset, toIds, type DocSet } from './postings/doc-set.js';
import { canonicalPlace, placeCandidates, type PlaceInfo } from './places.js';
import { countAtLeast } from './remote.js';
import { languageClause, postedSinceClause, salaryMinClause, type ExtraClause } from './extra-filters.js';

/** What a clause filters on; the facet it belongs to is left out for disjunctive counts. */
export type ClauseKey =
  ColumnFacet | 'skill' | 'location' | 'remote' | 'keywords' | 'posted' | 'salaryMin' | 'language' | 'live';

/**
 * How an index that is one segment of several (segments.ts) plans a filter: only its documents
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
  readonly size: number;
  readonly docs: () => DocSet;
  readonly has: (d: number) => boolean;
}

/** A filter resolved against the index; an unknown value is a clause of size 0. */
export interface Plan {
  readonly clauses: readonly Clause[];
  /** The parsed keyword query (for relevance); null without keywords. */
  readonly keywords: KeywordQuery | null;
}

const FILTER_COLUMNS: readonly [MultiField, ColumnFacet][] = [
  ['salaryRange', 'salary'],
  ['workModel', 'workModel'],
  ['position', 'position'],
  ['seniority', 'seniority'],
  ['employmentType', 'employmentType'],
  ['industry', 'industry'],
  ['companySize', 'companySize'],
];

/**
 * Resolves every set field of the filter into a clause. An unknown value matches nothing;
 * keyword text without words and remotePercentageMin <= 0 do not filter.
 * @example planFilter(engine, { workModel: 'remote', location: 'münchen' }).clauses.length // 2
 */
export function planFilter(e: Engine, filter: JobFilter, ctx: PlanContext | null = null): Plan {
  const clauses: Clause[] = [];
  const add = (field: MultiField, key: ClauseKey, clauseOf: (value: string) => Clause): void => {
    const values = fieldValues(filter, field);
    if (values !== null) clauses.push(anyOf(e, key, values.map(clauseOf)));
  };
  for (const [field, facet] of FILTER_COLUMNS) add(field, facet, (value) => columnClause(e, facet, value));
  add('company', 'company', (value) => columnClause(e, 'company', value.toLowerCase()));
  if (filter.seo !== undefined) clauses.push(columnClause(e, 'seo', filter.seo ? 'yes' : 'no'));
  add('skill', 'skill', (value) => skillClause(e, value));
  add('location', 'location', (value) => locationClause(e, value, filter.radiusKm, ctx));
  if (filter.remotePercentageMin !== undefined && filter.remotePercentageMin > 0) {
    clauses.push(remoteClause(e, filter.remotePercentageMin));
  }
  addExtraClauses(e, filter, clauses);
  const keywords =
    filter.keywords === undefined
      ? null
      : parseKeywords(e.keywords, filter.keywords, filter.typos !== false, ctx?.keywords ?? null);
  if (keywords) clauses.push(keywordClause(e, keywords));
  if (ctx?.live) clauses.push(bitsClause('live', ctx.live.words, ctx.live.size));
  return { clauses, keywords };
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
 * Several values (`anyOf`) need at least one clause; none matches nothing.
 */
function anyOf(e: Engine, key: ClauseKey, alternatives: readonly Clause[]): Clause {
  if (alternatives.length === 1) return alternatives[0]!;
  const words = newBitset(e.n);
  for (const c of alternatives) addSet(words, c.docs());
  return bitsClause(key, words);
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

function skillClause(e: Engine, value: string): Clause {
  const code = e.skills.codes.get(value);
  if (code === undefined) return unknown('skill');
  const set = e.skills.postings[code]!;
  const base = `skill:${code}`;
  if (set.kind === 'bits')
    return { key: 'skill', base, size: set.size, docs: () => set, has: (d) => hasBit(set.words, d) };
  const { offsets, ids } = e.skills;
  const has = (d: number): boolean => {
    for (let j = offsets[d]!; j < offsets[d + 1]!; j++) if (ids[j] === code) return true;
    return false;
  };
  return { key: 'skill', base, size: set.size, docs: () => set, has };
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
    return { key: 'location', base: `location:${only}`, size: set.size, docs: () => set, has: placeTest(e, only, set) };
  }
  const words = newBitset(e.n);
  for (const code of candidates) addSet(words, e.places.column.postings[code]!);
  if (useRadius) markWithinRadius(e.points, center.lat, center.lon, Math.max(0, radiusKm), words);
  return bitsClause('location', words);
}

function placeTest(e: Engine, code: number, set: DocSet): (d: number) => boolean {
  if (set.kind === 'bits') return (d) => hasBit(set.words, d);
  const { offsets, ids } = e.places.column;
  return (d) => {
    for (let j = offsets[d]!; j < offsets[d + 1]!; j++) if (ids[j] === code) return true;
    return false;
  };
}

function addSet(words: Uint32Array, set: DocSet): void {
  if (set.kind === 'bits') orInto(words, set.words);
  else if (set.kind === 'list') setBits(words, set.ids);
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
      const words = newBitset(e.n);
      setBits(words, desc.subarray(0, size));
      set = bitsSet(words, size);
    }
    return set;
  };
  return { key: 'remote', base: `remote:${size}`, size, docs, has: (d) => value[d]! >= min };
}

/**
 * Jobs matching every word of the query, and — when the whole query names a position of the
 * thesaurus — every job of that position. Memoised: a search page asks for facets, count and list
 * of the same text.
 */
function keywordClause(e: Engine, query: KeywordQuery): Clause {
  const column = e.columns.position;
  const code = query.position === null ? undefined : column.codes.get(query.position);
  const key = `${code ?? ''}#${termsKey(query.words)}`;
  const match = e.keywordMatches.get(key, () => {
    const words = matchTerms(e.keywords, query.words);
    if (code === undefined) return words;
    const bits = words.words.slice();
    addSet(bits, column.postings[code]!);
    return { words: bits, size: popcount(bits) };
  });
  return bitsClause('keywords', match.words, match.size);
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
  copyInto(words, driver.docs(), n);
  let size = driver.size;
  for (const c of clauses.slice(1)) {
    const set = c.docs();
    size = set.kind === 'bits' ? andInto(words, set.words) : andInto(words, toBitset(set, n));
  }
  return bitsSet(words, size);
}

function copyInto(words: Uint32Array, set: DocSet, n: number): void {
  if (set.kind === 'bits') words.set(set.words);
  else words.set(toBitset(set, n));
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
