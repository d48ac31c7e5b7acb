import type { IndexedJob, Job, SalaryRange } from '../domain/job.js';
import { CardStoreBuilder, type CardSpill, type CardStore } from './columns/card-store.js';
import { bucketOfMid, bucketValue, type SalaryBucket } from '../domain/salary-buckets.js';
import { boardOrderSteps } from './columns/board-order.js';
import {
  buildColumnSteps,
  buildMultiColumnSteps,
  mergeColumnSteps,
  mergeMultiColumnSteps,
  type Column,
  type MergedDocs,
  type MultiColumn,
} from './columns/columns.js';
import { mergePointIndexSteps, type PointIndex } from './columns/geo.js';
import { DENSE_RATIO } from './postings/doc-set.js';
import { KeywordBuilder, type KeywordIndex, type KeywordSink } from './text/keywords.js';
import { buildTitleSuggestSteps, type TitleSuggestIndex } from './text/title-suggest.js';
import { placeColumnSteps, type PlaceRegistry } from './columns/places.js';
import { SalaryEstimator } from './columns/salary-estimate.js';
import { buildSortOrders, type SortOrder } from './columns/sort.js';
import { remoteOfValues, REMOTE_LEVELS, type RemoteColumn } from './columns/remote.js';
import { buildPacks, type FacetPack, type PackInput } from './columns/facet-pack.js';
import { buildFacetRowsSteps, type FacetRows, type RowColumn } from './columns/facet-rows.js';
import { Scratch } from './postings/scratch.js';
import {
  COLUMN_FACETS,
  FACETS,
  isColumnEntry,
  isListEntry,
  LIST_FACETS,
  STEPS_FACET,
  type ColumnEntry,
  type ColumnFacet,
  type FacetSource,
  type ListEntry,
  type ListFacet,
  type StepsFacet,
} from '../domain/facet-catalogue.js';
import { QueryCache } from './query/query-cache.js';
import type { ExtraColumns } from './query/extra-filters.js';
import { DocFacts, type SpellingSource } from './doc-facts.js';
import { runSteps, STEP_ITEMS, type Steps } from '../lib/steps.js';

/** Keyword match bitsets kept per index (n/8 bytes each). */
const KEYWORD_CACHE_SIZE = 16;

/** Internal choices that tests and benchmarks may force; results never depend on them. */
export interface EngineTuning {
  /** Posting lists and match sets above n / denseRatio documents are bitsets. */
  readonly denseRatio: number;
  /** How a page is cut from a sort order: by estimated cost, always walking, always sorting ranks. */
  readonly paging: 'auto' | 'walk' | 'ranks';
  /** Count the facets of a set larger than n/2 through its complement. */
  readonly complement: boolean;
  /** Sets of at least this many documents count their small facets through packs. */
  readonly packedFrom: number;
  /** Count one facet over a large set through its postings: by cost, never, or always. */
  readonly byPostings: 'auto' | 'never' | 'always';
  /**
   * Results kept per operation in the index's LRU cache (0: no cache). Few: every result kept lives
   * through the young generation's collections, which copy it: with 500 kept, the index worker's
   * scavenges took up to 6 ms (55 ms in all over 2,000 uncached list pages at 100k), with 16 about
   * 1 ms (9 ms); docs/live-data-log.md, "Fewer results kept by the index". The service keeps none
   * (`SearchIndex.keeping`, RESULTS_KEPT in src/runtime/change-applier.ts): its response cache
   * keeps every answer.
   */
  readonly cacheSize: number;
  /**
   * Relevance pages: a one-word query's postings read by impact until no other can reach the page
   * (query/impact-walk.ts), else BM25 only for the matches whose tiers can reach it (`prune`), or
   * for every match (`full`).
   */
  readonly relevance: 'impact' | 'prune' | 'full';
  /**
   * The impact order keeps at least this many postings of a term (or a sixteenth of them); a term of
   * fewer than a 64th of it is read whole.
   */
  readonly impactPrefix: number;
}

export const DEFAULT_TUNING: EngineTuning = {
  denseRatio: DENSE_RATIO,
  paging: 'auto',
  complement: true,
  packedFrom: 4096,
  byPostings: 'auto',
  cacheSize: 16,
  relevance: 'impact',
  impactPrefix: 4096,
};

/**
 * Everything the queries read, built once from the live jobs. Documents are numbered 0..n-1 in
 * board-id order (length, then digits, then key), so "ties by board id" is "ties by number".
 */
export interface Engine {
  readonly n: number;
  readonly tuning: EngineTuning;
  /** The live jobs as result pages give them, serialised (card-store.ts). */
  readonly cards: CardStore;
  /** Per document: the salary's or estimate's midpoint, NaN when none (the dates: `cards.postedAt`). */
  readonly mids: Float64Array;
  readonly estimates: readonly (SalaryRange | null)[];
  /** What the estimates come from: this index's jobs, or (a delta segment) its base's. */
  readonly estimator: SalaryEstimator;
  readonly buckets: readonly SalaryBucket[];
  /** One column per single-valued facet of the catalogue (src/domain/facet-catalogue.ts). */
  readonly columns: Readonly<Record<ColumnFacet, Column>>;
  /** One CSR list per multi-valued facet of the catalogue (`location` is `places.column`). */
  readonly lists: Readonly<Record<ListFacet, MultiColumn>>;
  readonly places: PlaceRegistry;
  readonly points: PointIndex;
  readonly remote: RemoteColumn;
  readonly keywords: KeywordIndex;
  /** Small facets packed for counting several in one pass. */
  readonly packs: readonly FacetPack<ColumnFacet | StepsFacet>[];
  /** Per document: pack combinations, the other facet codes and the skill and place ranges. */
  readonly rows: FacetRows;
  readonly scratch: Scratch;
  /** Recent keyword matches (read-only bitsets), by their terms. */
  readonly keywordMatches: QueryCache<{ words: Uint32Array; size: number }>;
  /** Posted date, salary upper ends and language per document (extra-filters.ts). */
  readonly extras: ExtraColumns;
  readonly orders: {
    readonly dateAsc: SortOrder;
    readonly dateDesc: SortOrder;
    readonly salaryAsc: SortOrder;
    readonly salaryDesc: SortOrder;
  };
}

/** Builds the engine over the jobs live at `now` (validThrough null or >= now). */
export function buildEngine(
  all: readonly Job[],
  buckets: readonly SalaryBucket[],
  now: number,
  tuning = DEFAULT_TUNING,
): Engine {
  const builder = new EngineBuilder(now);
  builder.add(all);
  return builder.finish(buckets, tuning);
}

/**
 * Collects the jobs as a store streams them, chunk by chunk: a live job's texts go into the
 * keyword index and the job is kept only as its card (without `searchText`), so no array of
 * whole jobs is ever held. `finish` numbers the documents in board-id order and builds the rest.
 */
export class EngineBuilder {
  private readonly cards: CardStoreBuilder;
  private readonly jobs: IndexedJob[] = [];

  /**
   * `spill`: where the serialised cards leave memory as they are made (see CardStoreBuilder).
   * `keywords`: where the documents are keyword-indexed (a builder in another thread: a full
   * build's busiest pass then runs beside the rest; src/runtime/keyword-thread.ts).
   */
  constructor(
    private readonly now: number,
    spill: CardSpill | null = null,
    private readonly keywords: KeywordSink = new KeywordBuilder(),
  ) {
    this.cards = new CardStoreBuilder(undefined, spill);
  }

  /** Live jobs added so far. */
  get size(): number {
    return this.jobs.length;
  }

  add(jobs: readonly Job[]): void {
    for (const job of jobs) {
      if (job.validThrough !== null && job.validThrough < this.now) continue;
      this.keywords.addDocument(job);
      this.jobs.push(this.cards.add(job));
    }
    this.keywords.flush();
  }

  /** `estimator`: estimate salaries by another index's samples (a delta segment; see segments/segment-set.ts). */
  finish(buckets: readonly SalaryBucket[], tuning = DEFAULT_TUNING, estimator: SalaryEstimator | null = null): Engine {
    return runSteps(this.finishSteps(buckets, tuning, estimator)).engine;
  }

  /**
   * `finish` in steps (steps.ts): the index worker pauses between them to answer queries. With the
   * engine come the steps that give its documents' title suggestions (made by the keyword thread, or
   * here when they run).
   */
  *finishSteps(
    buckets: readonly SalaryBucket[],
    tuning = DEFAULT_TUNING,
    estimator: SalaryEstimator | null = null,
  ): Steps<{ engine: Engine; titles: Steps<TitleSuggestIndex> }> {
    const order = yield* boardOrderSteps(this.jobs);
    yield;
    // A keyword builder in a thread inverts while this one makes the cards' and the facets'
    // columns; one here inverts first, so that its forward lists are let go before them.
    const inverting = this.keywords.finishing(tuning.denseRatio, order);
    const inverted = this.keywords.concurrent ? null : yield* inverting;
    const jobs = Array.from(order, (a) => this.jobs[a]!);
    yield;
    const cards = yield* this.cards.finishSteps(order);
    yield;
    const facts = yield* DocFacts.ofJobsSteps(jobs, spellingSources(null));
    yield;
    const headOf = (d: number): IndexedJob => jobs[d]!;
    const rest = yield* assemble(facts, headOf, cards, buckets, tuning, estimator ?? new SalaryEstimator(jobs));
    // A thread's inversion ran beside the cards' and the facets' columns; it is waited for only now.
    const engine: Engine = { ...rest, keywords: inverted ?? (yield* inverting) };
    // Made by the keyword thread beside the rest (its steps wait for them), or here from the jobs.
    const titles = this.keywords.titleSuggestions?.() ?? buildTitleSuggestSteps(jobs);
    return { engine, titles };
  }
}

/**
 * Segments' engines merged: document d is document `doc[d]` of `engines[leaf[d]]`. Their facet
 * columns and lists are merged code by code (columns.ts) instead of derived from the jobs again.
 */
export interface MergedEngines extends MergedDocs {
  readonly engines: readonly Engine[];
  /** Per segment: old number -> new (-1: left out). */
  readonly newDoc: readonly Int32Array[];
}

/**
 * The engine over cards already numbered in board-id order and their keyword index (a merge of
 * segments, segments/merge.ts): the facets' columns and lists, places among them, merged from the
 * segments' (but for the salary buckets: the estimates are by these jobs), the rest from the
 * documents' facts, which the merge gathers as it decodes their heads (`headOf` decodes one again:
 * a label's first document).
 */
export function* engineOfSteps(
  facts: DocFacts,
  headOf: (d: number) => IndexedJob,
  cards: CardStore,
  keywords: KeywordIndex,
  buckets: readonly SalaryBucket[],
  tuning: EngineTuning,
  estimator: SalaryEstimator,
  merged: MergedEngines,
): Steps<Engine> {
  const rest = yield* assemble(facts, headOf, cards, buckets, tuning, estimator, merged);
  return { ...rest, keywords };
}

/**
 * The facets labelled by their values' most used spellings, each document's value read from the
 * job (a build) or from its segment's column (a merge).
 */
export function spellingSources(merged: MergedEngines | null): SpellingSource[] {
  const out: SpellingSource[] = [];
  for (const f of FACETS.filter(isColumnEntry)) {
    const s: FacetSource = f.source;
    if (s.kind !== 'one' || !s.spellingOf) continue;
    const { valueOf, spellingOf } = s;
    if (merged) {
      const valueAt = mergedValueAt(
        merged.engines.map((e) => e.columns[f.id]),
        merged,
      );
      out.push({ id: f.id, keyAt: (d) => valueAt(d), spellingOf });
    } else out.push({ id: f.id, keyAt: (_, job) => valueOf(job), spellingOf });
  }
  return out;
}

/** Everything but the keyword index, over the live cards in board-id order and their facts, in steps. */
function* assemble(
  facts: DocFacts,
  headOf: (d: number) => IndexedJob,
  cards: CardStore,
  buckets: readonly SalaryBucket[],
  tuning: EngineTuning,
  estimator: SalaryEstimator,
  merged: MergedEngines | null = null,
): Steps<Omit<Engine, 'keywords'>> {
  const n = facts.n;
  // An estimate computes its group's medians the first time the group is asked for since new
  // samples came: once per group of comparable postings.
  const estimates = yield* facts.estimatesSteps(estimator);
  yield;
  const mids = new Float64Array(n);
  for (let d = 0; d < n; d++) {
    mids[d] = facts.hasSalary(d) ? (facts.salaryMin[d]! + facts.salaryMax[d]!) / 2 : midOf(estimates[d]!);
  }
  const r = tuning.denseRatio;
  yield;
  const columns = yield* buildColumns(facts, headOf, yield* bucketsOf(mids, buckets), r, merged);
  yield;
  const dates = cards.postedAt;
  const remote = remoteOfValues(facts.remote);
  yield;
  const packInputs: PackInput<ColumnFacet | StepsFacet>[] = COLUMN_FACETS.map((key) => ({
    key,
    col: columns[key].col,
    size: columns[key].values.length,
  }));
  if (STEPS_FACET !== undefined) packInputs.push({ key: STEPS_FACET, col: remote.level, size: REMOTE_LEVELS });
  const packed = buildPacks(n, packInputs);
  yield;
  const placeColumn = merged
    ? yield* mergeMultiColumnSteps(
        merged.engines.map((e) => e.places.column),
        merged,
        facts.places.nameOf,
        r,
      )
    : yield* placeColumnSteps(n, (d) => headOf(d).places, facts.places, r);
  const places = yield* facts.places.registrySteps(placeColumn);
  yield;
  const lists = yield* buildLists(n, headOf, places.column, r, merged);
  yield;
  const points = merged
    ? yield* mergePointIndexSteps(
        merged.engines.map((e) => e.points),
        merged.newDoc,
        n,
        r,
        (d) => headOf(d).places,
      )
    : yield* facts.points!.finishSteps(n, r);
  yield;
  const rows = yield* rowsOf(n, packed, packInputs, lists);
  yield;
  const orders = yield* ordersOf(dates, mids);
  yield;
  const estimatedMax = new Float64Array(n);
  for (let d = 0; d < n; d++) estimatedMax[d] = facts.hasSalary(d) ? Number.NaN : (estimates[d]?.max ?? Number.NaN);
  const extras: ExtraColumns = { posted: dates, statedMax: facts.salaryMax, estimatedMax, language: facts.language };
  yield;
  return {
    n,
    tuning,
    cards,
    mids,
    estimates,
    estimator,
    buckets,
    columns,
    lists,
    places,
    points,
    remote,
    packs: packed.map((p) => p.pack),
    rows,
    orders,
    extras,
    ...workingState(n, tuning),
  };
}

/** What an engine keeps per instance besides its data: scratch buffers and recent keyword matches. */
export type WorkingState = Pick<Engine, 'scratch' | 'keywordMatches'>;

/** Fresh working state for an engine of n documents (a new build, or one read back from a file). */
export function workingState(n: number, tuning: EngineTuning): WorkingState {
  const scratch = new Scratch(n);
  // A match the cache lets go is reused once the operation that may still read it ends.
  // Stryker disable next-line BlockStatement: equivalent, a bitset not handed back is garbage and a new one is made (memory, not answers)
  const dropped = (match: { words: Uint32Array; size: number }): void => {
    scratch.retireBits(match.words);
  };
  return { scratch, keywordMatches: new QueryCache(Math.min(KEYWORD_CACHE_SIZE, tuning.cacheSize), dropped) };
}

/** Facet rows: every pack, every facet left out of the packs, every multi-valued facet. */
function* rowsOf(
  n: number,
  packed: readonly { pack: FacetPack<ColumnFacet | StepsFacet>; codes: Uint32Array }[],
  inputs: readonly PackInput<ColumnFacet | StepsFacet>[],
  lists: Readonly<Record<ListFacet, MultiColumn>>,
): Steps<FacetRows> {
  // Stryker disable next-line ArrowFunction: equivalent, a facet also counted by a row of its own gives the same counts (more memory)
  const inPack = new Set(packed.flatMap((p) => p.pack.keys));
  const columns: RowColumn[] = packed.map((p, i) => ({ name: `pack${i}`, col: p.codes, size: p.pack.size }));
  for (const c of inputs) if (!inPack.has(c.key)) columns.push({ name: c.key, col: c.col, size: c.size });
  return yield* buildFacetRowsSteps(
    n,
    columns,
    LIST_FACETS.map((name) => {
      const l = lists[name];
      return { name, offsets: l.offsets, values: l.ids, size: l.values.length };
    }),
  );
}

function* ordersOf(dates: Float64Array, mids: Float64Array): Steps<Engine['orders']> {
  const date = buildSortOrders(dates);
  yield;
  const salary = buildSortOrders(mids);
  return { dateAsc: date.asc, dateDesc: date.desc, salaryAsc: salary.asc, salaryDesc: salary.desc };
}

/**
 * A column for every single-valued facet of the catalogue, derived as its entry says, or merged
 * from the segments' (a step each).
 */
function* buildColumns(
  facts: DocFacts,
  headOf: (d: number) => IndexedJob,
  bucketCodes: readonly (string | null)[],
  r: number,
  merged: MergedEngines | null,
): Steps<Record<ColumnFacet, Column>> {
  const columns = {} as Record<ColumnFacet, Column>;
  for (const f of FACETS.filter(isColumnEntry)) {
    columns[f.id] = yield* columnOf(f, facts, headOf, bucketCodes, r, merged);
    yield;
  }
  return columns;
}

function* columnOf(
  f: ColumnEntry,
  facts: DocFacts,
  headOf: (d: number) => IndexedJob,
  bucketCodes: readonly (string | null)[],
  r: number,
  merged: MergedEngines | null,
): Steps<Column> {
  const parts = merged?.engines.map((e) => e.columns[f.id]) ?? null;
  const from = merged && parts ? { ...merged, parts } : null;
  return yield* columnFrom(f.id, f.source, facts, headOf, bucketCodes, r, from);
}

/**
 * The column of a source (typed as any source: the entries' literal types would narrow it); with
 * `merged`, a `one` column merged from the segments' columns of the facet (`parts`), each
 * document's value read there.
 */
function* columnFrom(
  id: string,
  s: FacetSource,
  facts: DocFacts,
  headOf: (d: number) => IndexedJob,
  bucketCodes: readonly (string | null)[],
  r: number,
  merged: (MergedDocs & { parts: readonly Column[] }) | null,
): Steps<Column> {
  const n = facts.n;
  if (s.kind === 'salaryBucket') return yield* buildColumnSteps(n, (d) => bucketCodes[d] ?? null, same, r);
  if (s.kind !== 'one') throw new Error(`${id} is not a column`);
  const { valueOf, labelOf, spellingOf } = s;
  const keyAt = merged ? mergedValueAt(merged.parts, merged) : (d: number) => valueOf(headOf(d));
  const label = spellingOf
    ? facts.mostUsedSpelling(id)
    : labelOf
      ? (value: string, d: number) => labelOf(value, headOf(d))
      : same;
  if (merged) return yield* mergeColumnSteps(merged.parts, merged, label, r);
  return yield* buildColumnSteps(n, keyAt, label, r);
}

/** A merged document's value in its segment's column (null: none). */
function mergedValueAt(parts: readonly Column[], merged: MergedDocs): (d: number) => string | null {
  return (d) => {
    const part = parts[merged.leaf[d]!]!;
    const code = part.col[merged.doc[d]!]!;
    return code === 0 ? null : part.values[code]!;
  };
}

/**
 * A CSR list for every multi-valued facet of the catalogue, derived from the jobs or merged from
 * the segments' lists (a step each); `location` is the place registry's.
 */
function* buildLists(
  n: number,
  headOf: (d: number) => IndexedJob,
  places: MultiColumn,
  r: number,
  merged: MergedEngines | null,
): Steps<Record<ListFacet, MultiColumn>> {
  const lists = {} as Record<ListFacet, MultiColumn>;
  for (const f of FACETS.filter(isListEntry)) {
    lists[f.id] = f.source.kind === 'places' ? places : yield* listOf(f, n, headOf, r, merged);
    yield;
  }
  return lists;
}

function* listOf(
  f: ListEntry,
  n: number,
  headOf: (d: number) => IndexedJob,
  r: number,
  merged: MergedEngines | null,
): Steps<MultiColumn> {
  const s: FacetSource = f.source;
  if (s.kind !== 'many') throw new Error(`${f.id} is not derived from the job`);
  const { valuesOf, labelOf } = s;
  const label = labelOf ? (value: string, d: number) => labelOf(value, headOf(d)) : same;
  if (merged) {
    const parts = merged.engines.map((e) => e.lists[f.id]);
    return yield* mergeMultiColumnSteps(parts, merged, label, r);
  }
  const keysOf = (d: number, emit: (key: string) => void): void => {
    valuesOf(headOf(d), emit);
  };
  return yield* buildMultiColumnSteps(n, keysOf, label, r);
}

const same = (v: string): string => v;

function* bucketsOf(mids: Float64Array, buckets: readonly SalaryBucket[]): Steps<(string | null)[]> {
  const values = buckets.map(bucketValue);
  const out: (string | null)[] = [];
  for (let d = 0; d < mids.length; d++) {
    const b = bucketOfMid(buckets, mids[d]!);
    out.push(b >= 0 ? values[b]! : null);
    if (d % STEP_ITEMS === STEP_ITEMS - 1) yield;
  }
  return out;
}

function midOf(s: SalaryRange | null): number {
  return s ? (s.min + s.max) / 2 : Number.NaN;
}
