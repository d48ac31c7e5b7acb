import { COLLATOR, compareStrings, type Dictionary } from '../columns/columns.js';
import { foldKey, foldKeys } from '../../domain/text-fold.js';
import { rankedMatches, type SuggestIndex } from '../text/suggest.js';
import { forEachWordStart } from '../text/tokenize.js';
import type { View } from './reader-view.js';

/** The kinds of suggestion a reader gives over its segments. */
export type SuggestKind = 'location' | 'company' | 'title';

/** A suggestion candidate over all segments, keyed by its identity (slug, company key, fold key). */
export interface Candidate {
  readonly id: string;
  readonly value: string;
  readonly label: string;
  readonly count: number;
  readonly whole: boolean;
  readonly kind: number;
}

/** How one kind of suggestion reads a segment (see suggestOver). */
export interface SuggestSource {
  readonly index: SuggestIndex;
  /** The identity of an entity over all segments. */
  readonly idOf: (entity: number) => string;
  readonly entityOf: (id: string) => number | undefined;
  /** Live jobs of the entity in this segment. */
  readonly count: (entity: number) => number;
  /** Entities whose count deletions lowered. */
  readonly touched: number;
  readonly kindOf: (entity: number) => number;
}

/**
 * Suggestions over every segment: the small segments' matches all, the base's best
 * `limit + touched + (small segments' matches)` by its own rank — enough that no entity outside
 * them can rank among the best `limit` by live jobs (an entity deletions did not touch and no
 * other segment holds keeps its count) — then ranked as one index ranks them.
 */
export function suggestOver(
  sources: readonly SuggestSource[],
  kind: SuggestKind,
  q: string,
  limit: number,
): Candidate[] {
  const key = foldKey(q);
  const max = Math.floor(limit);
  if (key === '' || !(max >= 1)) return [];
  const ids = new Set<string>();
  for (let s = 1; s < sources.length; s++) {
    const src = sources[s]!;
    const found = rankedMatches(src.index, q, src.index.labels.length);
    for (const entity of [...found.whole, ...found.inner]) ids.add(src.idOf(entity));
  }
  const base = sources[0]!;
  const found = rankedMatches(base.index, q, max + base.touched + ids.size);
  for (const entity of [...found.whole, ...found.inner]) ids.add(base.idOf(entity));
  const whole: Candidate[] = [];
  const inner: Candidate[] = [];
  for (const id of ids) {
    const c = candidateOf(sources, id, key, kind === 'title');
    if (c === null || c.count === 0) continue;
    (c.whole ? whole : inner).push(c);
  }
  const byJobs = (a: Candidate, b: Candidate): number =>
    b.count - a.count || COLLATOR.compare(a.label, b.label) || compareStrings(a.value, b.value);
  const kept = whole.sort(byJobs).slice(0, max);
  if (kept.length < max) kept.push(...inner.sort(byJobs).slice(0, max - kept.length));
  return kept.sort((a, b) => COLLATOR.compare(a.label, b.label) || compareStrings(a.value, b.value));
}

/** How one kind of suggestion reads a segment (the reader keeps these until the next reader). */
export function sourceOf(v: View, kind: SuggestKind): SuggestSource {
  return kind === 'location' ? placeSource(v) : kind === 'company' ? companySource(v) : titleSource(v);
}

/** The candidate with this identity over all segments: label from the first that has it. */
function candidateOf(sources: readonly SuggestSource[], id: string, key: string, titles: boolean): Candidate | null {
  const found = sources.map((src) => src.entityOf(id));
  // Titles: a key that is a position in any segment is the position (a word there counts nothing).
  const kind = titles && found.some((entity, s) => entity !== undefined && sources[s]!.kindOf(entity) === 0) ? 0 : 1;
  let label: string | null = null;
  let count = 0;
  for (let s = 0; s < sources.length; s++) {
    const entity = found[s];
    const src = sources[s]!;
    if (entity === undefined || (titles && src.kindOf(entity) !== kind)) continue;
    label ??= src.index.labels[entity]!;
    count += src.count(entity);
  }
  if (label === null) return null;
  const first = found.findIndex(
    (entity, s) => entity !== undefined && (!titles || sources[s]!.kindOf(entity) === kind),
  );
  const value = sources[first]!.index.values[found[first]!]!;
  const matches = wordStartMatch(label, key);
  if (matches === null) return null;
  return { id, value, label, count, whole: matches === 'whole', kind: titles ? kind : 0 };
}

/** Whether a name has a key from its first word (`whole`) or from a later one (`inner`) starting with key. */
function wordStartMatch(label: string, key: string): 'whole' | 'inner' | null {
  let first = true;
  let found: 'whole' | 'inner' | null = null;
  forEachWordStart(label, (start) => {
    if (found !== 'whole' && foldKeys(label.slice(start)).some((k) => k.startsWith(key)))
      found = first ? 'whole' : (found ?? 'inner');
    first = false;
  });
  return found;
}

function placeSource(v: View): SuggestSource {
  const column = v.e.places.column;
  const gone = new Map<number, number>();
  const { offsets, ids } = column;
  for (const d of v.deleted) for (let j = offsets[d]!; j < offsets[d + 1]!; j++) bump(gone, ids[j]! - 1);
  return dictionarySource(v.segment.locationSuggest, column, gone);
}

function companySource(v: View): SuggestSource {
  const column = v.e.columns.company;
  const gone = new Map<number, number>();
  for (const d of v.deleted) if (column.col[d] !== 0) bump(gone, column.col[d]! - 1);
  return dictionarySource(v.segment.companySuggest, column, gone);
}

/**
 * Suggestions over a facet dictionary (entity = code - 1, identity = its value), with the live jobs
 * of each: its postings less `gone`, the deleted documents per entity.
 */
function dictionarySource(
  index: SuggestIndex,
  column: Pick<Dictionary, 'values' | 'codes' | 'postings'>,
  gone: ReadonlyMap<number, number>,
): SuggestSource {
  return {
    index,
    idOf: (entity) => column.values[entity + 1]!,
    entityOf: (id) => {
      const code = column.codes.get(id);
      return code === undefined ? undefined : code - 1;
    },
    count: (entity) => column.postings[entity + 1]!.size - (gone.get(entity) ?? 0),
    touched: gone.size,
    // Stryker disable next-line ArrowFunction: equivalent, kinds are read for title suggestions only
    kindOf: () => 0,
  };
}

const titleKeys = new WeakMap<object, Map<string, number>>();
/** The members of sorted `now` that are not in sorted `before`; null unless `before` is a subset of `now`. */
function newSince(before: Uint32Array, now: Uint32Array): number[] | null {
  const fresh: number[] = [];
  let j = 0;
  for (const d of now) {
    if (j < before.length && before[j] === d) j++;
    else fresh.push(d);
  }
  return j === before.length ? fresh : null;
}

/** Per segment's title suggestions: the deletions last counted (sorted) and their counts by entity. */
const titleGone = new WeakMap<object, { deleted: Uint32Array; gone: ReadonlyMap<number, number> }>();

function titleSource(v: View): SuggestSource {
  const t = v.segment.titleSuggest;
  let byKey = titleKeys.get(t);
  if (!byKey) {
    byKey = new Map(t.index.labels.map((label, entity) => [foldKey(label), entity]));
    titleKeys.set(t, byKey);
  }
  const entities = byKey;
  // Deletions in a segment only grow until it is merged away: a new reader counts only the
  // postings deleted since the last reader's count, each from the segment's own list of the
  // entities a document counts in (no card is read: at a million postings, decoding 10,000
  // deleted cards made a first title suggestion take 180-300 ms after every catch-up).
  const before = titleGone.get(t);
  const fresh = before === undefined ? null : newSince(before.deleted, v.deleted);
  const gone = fresh !== null ? new Map(before!.gone) : new Map<number, number>();
  for (const d of fresh ?? v.deleted) {
    for (let i = t.docOffsets[d]!; i < t.docOffsets[d + 1]!; i++) bump(gone, t.docEntities[i]!);
  }
  titleGone.set(t, { deleted: v.deleted, gone });
  return {
    index: t.index,
    idOf: (entity) => foldKey(t.index.labels[entity]!),
    entityOf: (id) => entities.get(id),
    count: (entity) => t.counts[entity]! - (gone.get(entity) ?? 0),
    touched: gone.size,
    kindOf: (entity) => t.kinds[entity]!,
  };
}

function bump(map: Map<number, number>, key: number): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}
