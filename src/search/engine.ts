import type { Job, ListedJob, SalaryRange } from '../domain/job.js';
import { CardMaker } from './slim-jobs.js';
import { bucketOf, bucketValue, type SalaryBucket } from '../domain/salary-buckets.js';
import { boardOrder } from './board-order.js';
import { buildColumn, buildMultiColumn, type Column, type MultiColumn } from './columns.js';
import { buildPointIndex, type PointIndex } from './geo.js';
import { DENSE_RATIO } from './postings/doc-set.js';
import { KeywordBuilder, type KeywordIndex } from './keywords.js';
import { buildPlaces, type PlaceRegistry } from './places.js';
import { SalaryEstimator } from './salary-estimate.js';
import { buildSortOrders, type SortOrder } from './sort.js';
import { buildRemote, REMOTE_LEVELS, type RemoteColumn } from './remote.js';
import { buildPacks, type FacetPack, type PackInput } from './facet-pack.js';
import { buildFacetRows, type FacetRows, type RowColumn } from './facet-rows.js';
import { Scratch } from './scratch.js';
import { QueryCache } from './query-cache.js';
import { buildExtraColumns, type ExtraColumns } from './extra-filters.js';
import { runSteps, type Steps } from './steps.js';

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
  /** Results kept per operation in the index's LRU cache (0: no cache). */
  readonly cacheSize: number;
}

export const DEFAULT_TUNING: EngineTuning = {
  denseRatio: DENSE_RATIO,
  paging: 'auto',
  complement: true,
  packedFrom: 4096,
  byPostings: 'auto',
  cacheSize: 500,
};

/** Single-valued facets, each a dictionary-encoded column. */
export const COLUMN_FACETS = [
  'salary',
  'workModel',
  'position',
  'seniority',
  'employmentType',
  'industry',
  'companySize',
  'company',
  'seo',
] as const;
export type ColumnFacet = (typeof COLUMN_FACETS)[number];

/**
 * Everything the queries read, built once from the live jobs. Documents are numbered 0..n-1 in
 * board-id order (length, then digits, then key), so "ties by board id" is "ties by number".
 */
export interface Engine {
  readonly n: number;
  readonly tuning: EngineTuning;
  /** The live jobs as result pages give them (see slimJobs). */
  readonly jobs: readonly ListedJob[];
  readonly estimates: readonly (SalaryRange | null)[];
  /** What the estimates come from: this index's jobs, or (a delta segment) its base's. */
  readonly estimator: SalaryEstimator;
  readonly buckets: readonly SalaryBucket[];
  readonly columns: Readonly<Record<ColumnFacet, Column>>;
  readonly skills: MultiColumn;
  readonly places: PlaceRegistry;
  readonly points: PointIndex;
  readonly remote: RemoteColumn;
  readonly keywords: KeywordIndex;
  /** Small facets packed for counting several in one pass. */
  readonly packs: readonly FacetPack<ColumnFacet | 'remote'>[];
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
  private readonly keywords = new KeywordBuilder();
  private readonly cardMaker = new CardMaker();
  private readonly cards: ListedJob[] = [];

  constructor(private readonly now: number) {}

  /** Live jobs added so far. */
  get size(): number {
    return this.cards.length;
  }

  add(jobs: readonly Job[]): void {
    for (const job of jobs) {
      if (job.validThrough !== null && job.validThrough < this.now) continue;
      this.keywords.addDocument(job);
      this.cards.push(this.cardMaker.card(job));
    }
  }

  /** The cards, in the order they were added (for what a caller derives from them). */
  get added(): readonly ListedJob[] {
    return this.cards;
  }

  /** `estimator`: estimate salaries by another index's samples (a delta segment; see segments.ts). */
  finish(buckets: readonly SalaryBucket[], tuning = DEFAULT_TUNING, estimator: SalaryEstimator | null = null): Engine {
    return runSteps(this.finishSteps(buckets, tuning, estimator));
  }

  /** `finish` in steps (steps.ts): the index worker pauses between them to answer queries. */
  *finishSteps(
    buckets: readonly SalaryBucket[],
    tuning = DEFAULT_TUNING,
    estimator: SalaryEstimator | null = null,
  ): Steps<Engine> {
    const order = boardOrder(this.cards);
    yield;
    const keywords = yield* this.keywords.finishSteps(tuning.denseRatio, order);
    const jobs = Array.from(order, (a) => this.cards[a]!);
    return yield* assemble(jobs, keywords, buckets, tuning, estimator ?? new SalaryEstimator(jobs));
  }
}

/** Everything but the keyword index, over the live cards in board-id order, in steps. */
function* assemble(
  jobs: readonly ListedJob[],
  keywords: KeywordIndex,
  buckets: readonly SalaryBucket[],
  tuning: EngineTuning,
  estimator: SalaryEstimator,
): Steps<Engine> {
  const n = jobs.length;
  const estimates = jobs.map((job) => estimator.estimate(job));
  const salaryOf = (d: number): SalaryRange | null => jobs[d]!.salary ?? estimates[d]!;
  const r = tuning.denseRatio;
  yield;
  const columns = buildColumns(jobs, bucketsOf(jobs, salaryOf, buckets), r);
  yield;
  const skills = buildMultiColumn(
    n,
    (d, emit) => {
      jobs[d]!.skills.forEach((s) => {
        emit(s.slug);
      });
    },
    (slug, d) => skillName(jobs[d]!, slug),
    r,
  );
  const mids = new Float64Array(n);
  const dates = new Float64Array(n);
  for (let d = 0; d < n; d++) {
    mids[d] = midOf(salaryOf(d));
    dates[d] = jobs[d]!.postedAt ?? Number.NaN;
  }
  const remote = buildRemote(jobs);
  yield;
  const packInputs: PackInput<ColumnFacet | 'remote'>[] = COLUMN_FACETS.map((key) => ({
    key,
    col: columns[key].col,
    size: columns[key].values.length,
  }));
  packInputs.push({ key: 'remote', col: remote.level, size: REMOTE_LEVELS });
  const packed = buildPacks(n, packInputs);
  yield;
  const places = buildPlaces(jobs, r);
  yield;
  const points = buildPointIndex(jobs, r);
  const rows = rowsOf(n, packed, packInputs, skills, places.column);
  yield;
  const orders = ordersOf(dates, mids);
  const extras = buildExtraColumns(jobs, estimates);
  yield;
  return {
    n,
    tuning,
    jobs,
    estimates,
    estimator,
    buckets,
    columns,
    skills,
    places,
    points,
    remote,
    keywords,
    packs: packed.map((p) => p.pack),
    rows,
    scratch: new Scratch(n),
    keywordMatches: new QueryCache(Math.min(KEYWORD_CACHE_SIZE, tuning.cacheSize)),
    orders,
    extras,
  };
}

/** Facet rows: every pack, every facet left out of the packs, skills and places. */
function rowsOf(
  n: number,
  packed: readonly { pack: FacetPack<ColumnFacet | 'remote'>; codes: Uint32Array }[],
  inputs: readonly PackInput<ColumnFacet | 'remote'>[],
  skills: MultiColumn,
  places: MultiColumn,
): FacetRows {
  const inPack = new Set(packed.flatMap((p) => p.pack.keys));
  const columns: RowColumn[] = packed.map((p, i) => ({ name: `pack${i}`, col: p.codes, size: p.pack.size }));
  for (const c of inputs) if (!inPack.has(c.key)) columns.push({ name: c.key, col: c.col, size: c.size });
  return buildFacetRows(n, columns, [
    { name: 'skill', offsets: skills.offsets, values: skills.ids, size: skills.values.length },
    { name: 'location', offsets: places.offsets, values: places.ids, size: places.values.length },
  ]);
}

function ordersOf(dates: Float64Array, mids: Float64Array): Engine['orders'] {
  const date = buildSortOrders(dates);
  const salary = buildSortOrders(mids);
  return { dateAsc: date.asc, dateDesc: date.desc, salaryAsc: salary.asc, salaryDesc: salary.desc };
}

function buildColumns(
  jobs: readonly ListedJob[],
  bucketCodes: readonly (string | null)[],
  r: number,
): Record<ColumnFacet, Column> {
  const n = jobs.length;
  const same = (v: string): string => v;
  return {
    salary: buildColumn(n, (d) => bucketCodes[d] ?? null, same, r),
    workModel: buildColumn(n, (d) => jobs[d]!.workModel, same, r),
    position: buildColumn(
      n,
      (d) => jobs[d]!.position.slug,
      (v) => v.replace(/-/g, ' '),
      r,
    ),
    seniority: buildColumn(n, (d) => jobs[d]!.seniority, same, r),
    employmentType: buildColumn(n, (d) => jobs[d]!.employmentType, same, r),
    industry: buildColumn(n, (d) => jobs[d]!.industry, same, r),
    companySize: buildColumn(n, (d) => jobs[d]!.company.size, same, r),
    company: buildCompanyColumn(jobs, r),
    seo: buildColumn(n, (d) => (jobs[d]!.isSeo ? 'yes' : 'no'), same, r),
  };
}

function bucketsOf(
  jobs: readonly ListedJob[],
  salaryOf: (d: number) => SalaryRange | null,
  buckets: readonly SalaryBucket[],
): (string | null)[] {
  const values = buckets.map(bucketValue);
  return jobs.map((_, d) => {
    const s = salaryOf(d);
    const b = s ? bucketOf(buckets, s) : -1;
    return b >= 0 ? values[b]! : null;
  });
}

function midOf(s: SalaryRange | null): number {
  return s ? (s.min + s.max) / 2 : Number.NaN;
}

function skillName(job: ListedJob, slug: string): string {
  return job.skills.find((s) => s.slug === slug)?.name ?? slug;
}

/**
 * Companies by lower-case name; the label is the most used spelling (ties: the smallest string),
 * so that `ACME GmbH` and `Acme GmbH` are one company.
 */
function buildCompanyColumn(jobs: readonly ListedJob[], ratio: number): Column {
  const spellings = new Map<string, Map<string, number>>();
  for (const job of jobs) {
    const name = job.company.name;
    const key = name.toLowerCase();
    let m = spellings.get(key);
    if (!m) spellings.set(key, (m = new Map<string, number>()));
    m.set(name, (m.get(name) ?? 0) + 1);
  }
  const labelOf = (key: string): string => {
    let best = '';
    let bestCount = -1;
    for (const [name, count] of spellings.get(key)!) {
      if (count > bestCount || (count === bestCount && name < best)) [best, bestCount] = [name, count];
    }
    return best;
  };
  return buildColumn(jobs.length, (d) => jobs[d]!.company.name.toLowerCase(), labelOf, ratio);
}
