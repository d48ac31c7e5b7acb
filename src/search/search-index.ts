import type { Job, ListedJob } from '../domain/job.js';
import type { FacetCounts, FacetRequest, JobFilter, ListRequest, Suggestion } from '../domain/query.js';
import type { SalaryBucket } from '../domain/salary-buckets.js';
import { filterKey } from './query/cache-key.js';
import type { CardSpill } from './columns/card-store.js';
import { DEFAULT_TUNING, EngineBuilder, type Engine, type EngineTuning } from './engine.js';
import type { SalaryEstimator } from './columns/salary-estimate.js';
import { buildBasesSteps } from './query/base-counts.js';
import { countFacets, FACET_KEYS, type Base } from './query/facet-count.js';
import { computeFacets } from './query/facets.js';
import { evaluate, planFilter } from './query/filter.js';
import { correctQuery, parseKeywords } from './text/keyword-query.js';
import { highlightRanges, type Range } from './text/highlight.js';
import type { KeywordSink } from './text/keywords.js';
import { LANGUAGE_LIST } from './text/tokenize.js';
import { listPage } from './query/list.js';
import { canonicalPlace } from './columns/places.js';
import { QueryCache } from './query/query-cache.js';
import { buildSuggestIndexSteps, suggest, type SuggestIndex } from './text/suggest.js';
import { suggestTitles, type TitleSuggestion, type TitleSuggestIndex } from './text/title-suggest.js';
import { runSteps, runStepsPausing, type Steps } from '../lib/steps.js';

export interface SearchIndexOptions {
  salaryBuckets: readonly SalaryBucket[];
  /** Epoch ms: jobs with validThrough < now are left out. */
  now: number;
  /** Internal choices for tests and benchmarks (representations, paging); results never change. */
  tuning?: Partial<EngineTuning>;
  /** Estimate salaries by these samples instead of the index's own jobs (a delta segment: its base's). */
  estimator?: SalaryEstimator;
}

/**
 * What a request reads of an index: its public queries. A SearchIndex is one; so are a segmented
 * index (segments.ts) and the proxy of an index held by a worker thread (src/runtime).
 */
export type SearchReader = Pick<
  SearchIndex,
  | 'size'
  | 'count'
  | 'list'
  | 'facets'
  | 'didYouMean'
  | 'highlight'
  | 'suggestLocations'
  | 'suggestCompanies'
  | 'suggestTitles'
  | 'resolveLocation'
  | 'resolveCompany'
>;

/** What a segmented index (segments.ts) reads of each of its segments. */
export interface IndexParts {
  readonly engine: Engine;
  readonly all: Base;
  readonly bases: ReadonlyMap<string, Base>;
  readonly locationSuggest: SuggestIndex;
  readonly companySuggest: SuggestIndex;
  readonly titleSuggest: TitleSuggestIndex;
}

export interface ResolvedPlace {
  slug: string;
  name: string;
  kind: 'city' | 'region' | 'country';
}

/**
 * The in-memory search engine: immutable, pure and synchronous. A data change builds a new
 * index that replaces the old one (the query cache lives and dies with it). Results from the
 * cache are shared and frozen: do not modify them.
 * @example
 * const index = SearchIndex.build(jobs, { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: Date.now() });
 * index.list({ filter: { location: 'berlin' }, sort: 'date', order: 'desc', page: 1, perPage: 20 });
 */
export class SearchIndex {
  readonly size: number;
  private readonly counts: QueryCache<number>;
  private readonly pages: QueryCache<{ total: number; jobs: ListedJob[] }>;
  private readonly facetCounts: QueryCache<FacetCounts>;
  private readonly suggestions: QueryCache<Suggestion[]>;
  private readonly titleSuggestions: QueryCache<TitleSuggestion[]>;

  private constructor(
    private readonly engine: Engine,
    private readonly all: Base,
    private readonly bases: ReadonlyMap<string, Base>,
    private readonly locationSuggest: SuggestIndex,
    private readonly companySuggest: SuggestIndex,
    private readonly titleSuggest: TitleSuggestIndex,
  ) {
    this.size = engine.n;
    const capacity = engine.tuning.cacheSize;
    this.counts = new QueryCache(capacity);
    this.pages = new QueryCache(capacity);
    this.facetCounts = new QueryCache(capacity);
    this.suggestions = new QueryCache(capacity);
    this.titleSuggestions = new QueryCache(capacity);
  }

  /** Indexes the jobs live at `options.now` (validThrough >= now or null). */
  static build(jobs: readonly Job[], options: SearchIndexOptions): SearchIndex {
    const builder = new EngineBuilder(options.now);
    builder.add(jobs);
    return runSteps(SearchIndex.finishSteps(builder, options));
  }

  /**
   * The same index as `build`, from jobs handed over a chunk at a time (a store's `liveChunks`):
   * each job is indexed and kept only as its card as it arrives, so no array of every posting
   * ever exists. `signal` aborts between chunks.
   * @example await SearchIndex.buildStreaming(store.liveChunks(now), { salaryBuckets, now })
   */
  static async buildStreaming(
    chunks: AsyncIterable<readonly Job[]>,
    options: SearchIndexOptions & {
      signal?: AbortSignal;
      pause?: () => Promise<void>;
      spillCards?: CardSpill;
      /** Where the keyword index is made (a builder in a thread, whose `pause` the build then awaits). */
      keywords?: KeywordSink;
    },
  ): Promise<SearchIndex> {
    const keywords = options.keywords;
    const builder = new EngineBuilder(options.now, options.spillCards ?? null, keywords);
    const sinkPause = keywords?.pause?.bind(keywords);
    for await (const chunk of chunks) {
      options.signal?.throwIfAborted();
      builder.add(chunk);
      if (sinkPause) await sinkPause();
    }
    const steps = SearchIndex.finishSteps(builder, options);
    const { pause } = options;
    const pauses = pause && sinkPause ? () => pause().then(sinkPause) : (pause ?? sinkPause);
    return pauses ? runStepsPausing(steps, pauses) : runSteps(steps);
  }

  /** The rest of a build once every job is added, in steps (steps.ts). */
  private static *finishSteps(builder: EngineBuilder, options: SearchIndexOptions): Steps<SearchIndex> {
    const tuning = { ...DEFAULT_TUNING, ...options.tuning };
    const { engine, titles } = yield* builder.finishSteps(options.salaryBuckets, tuning, options.estimator ?? null);
    return yield* SearchIndex.ofEngineSteps(engine, titles);
  }

  /** `titles`: the steps that give the title suggestions of the engine's documents. */
  private static *ofEngineSteps(e: Engine, titles: Steps<TitleSuggestIndex>): Steps<SearchIndex> {
    const all: Base = { words: null, counts: countFacets(e, { kind: 'all', size: e.n }, FACET_KEYS, null) };
    yield;
    const titleSuggest = yield* titles;
    yield;
    const bases = yield* buildBasesSteps(e, frequentTitleTexts(titleSuggest));
    yield;
    const places = e.places.column;
    const companies = e.columns.company;
    const placeSuggest = yield* buildSuggestIndexSteps(
      places.values.slice(1),
      places.labels.slice(1),
      sizes(places.postings),
    );
    yield;
    const companySuggest = yield* buildSuggestIndexSteps(
      companies.labels.slice(1),
      companies.labels.slice(1),
      sizes(companies.postings),
    );
    return new SearchIndex(e, all, bases, placeSuggest, companySuggest, titleSuggest);
  }

  /** Steps that bring the cards left in the index's file into the page cache (CardStore.prefetchSteps). */
  prefetchCardSteps(): Steps<void> {
    return this.engine.cards.prefetchSteps();
  }

  /** The structures of the index, for a segmented index over several (segments.ts). */
  static partsOf(index: SearchIndex): IndexParts {
    const { engine, all, bases, locationSuggest, companySuggest, titleSuggest } = index;
    return { engine, all, bases, locationSuggest, companySuggest, titleSuggest };
  }

  /** An index over parts taken from another (`partsOf`), with caches of its own (index-file.ts). */
  static fromParts(parts: IndexParts): SearchIndex {
    const { engine, all, bases, locationSuggest, companySuggest, titleSuggest } = parts;
    return new SearchIndex(engine, all, bases, locationSuggest, companySuggest, titleSuggest);
  }

  /**
   * The same index, its data shared, keeping `results` results per operation instead of its
   * tuning's `cacheSize` (a SegmentedIndex over it as a base keeps as many). The service keeps
   * none: its response cache keeps every answer (src/runtime/change-applier.ts).
   * @example SearchIndex.keeping(index, 0).list(r) !== SearchIndex.keeping(index, 0).list(r) // equal, not the same object
   */
  static keeping(index: SearchIndex, results: number): SearchIndex {
    const parts = SearchIndex.partsOf(index);
    return SearchIndex.fromParts({
      ...parts,
      engine: { ...parts.engine, tuning: { ...parts.engine.tuning, cacheSize: results } },
    });
  }

  /** Number of live jobs matching the filter. @example index.count({ workModel: 'remote' }) // 42 */
  count(filter: JobFilter): number {
    return this.counts.get(filterKey(filter), () => evaluate(this.engine, planFilter(this.engine, filter)).size);
  }

  /**
   * One page of matching jobs, sorted (ties by board id); a page past the end is empty.
   * Jobs without a salary carry their estimatedSalary.
   * @example index.list({ filter: {}, sort: 'salary', order: 'desc', page: 2, perPage: 20 }).jobs.length // 20
   */
  list(request: ListRequest): { total: number; jobs: ListedJob[] } {
    const key = `${request.sort}|${request.order}|${request.page}|${request.perPage}|${filterKey(request.filter)}`;
    return this.pages.get(key, () => freeze(listPage(this.engine, request)));
  }

  /** Facet counts for the filter. @example index.facets({ filter: {}, mode: 'conjunctive', facetLimit: 100 }).seo.all */
  facets(request: FacetRequest): FacetCounts {
    const key = `${request.mode}|${request.facetLimit}|${filterKey(request.filter)}`;
    return this.facetCounts.get(key, () => deepFreeze(computeFacets(this.engine, this.all, this.bases, request)));
  }

  /**
   * A corrected keyword text when the filter's keywords find nothing but the correction (see
   * correctQuery) does, with the same other filters; else null.
   * @example index.didYouMean({ keywords: 'seoo' }) // 'seo'
   */
  didYouMean(filter: JobFilter): string | null {
    if (filter.keywords === undefined || this.count(filter) > 0) return null;
    const corrected = correctQuery(this.engine.keywords, filter.keywords);
    return corrected !== null && this.count({ ...filter, keywords: corrected }) > 0 ? corrected : null;
  }

  /**
   * Which words of each text match the keyword query (highlight.ts), per item: the texts of one
   * card and the language of its posting. Empty ranges when the text has no words.
   * @example index.highlight('seo', true, [{ language: 'de', texts: ['SEO Manager'] }]) // [[[[0, 3]]]]
   */
  highlight(
    keywords: string,
    typos: boolean,
    items: readonly { language: string; texts: readonly string[] }[],
  ): Range[][][] {
    const query = parseKeywords(this.engine.keywords, keywords, typos);
    return items.map(({ language, texts }) => {
      if (query === null) return texts.map(() => []);
      const lang = LANGUAGE_LIST.find((l) => l === language) ?? 'en';
      return texts.map((text) => highlightRanges(this.engine.keywords, query, lang, text));
    });
  }

  /** Places (cities, regions, countries) with a word starting with q. @example index.suggestLocations('mün', 10) */
  suggestLocations(q: string, limit: number): Suggestion[] {
    return this.suggestions.get(`l${limit}|${q}`, () => deepFreeze(suggest(this.locationSuggest, q, limit)));
  }

  /** Companies with a word starting with q; value = label = display name. @example index.suggestCompanies('acm', 10) */
  suggestCompanies(q: string, limit: number): Suggestion[] {
    return this.suggestions.get(`c${limit}|${q}`, () => deepFreeze(suggest(this.companySuggest, q, limit)));
  }

  /**
   * Positions and frequent title words with a word starting with q, with their job counts
   * (title-suggest.ts). @example index.suggestTitles('entw', 10)[0] // { value: 'Entwickler', label: 'Entwickler', count: 3, kind: 'word' }
   */
  suggestTitles(q: string, limit: number): TitleSuggestion[] {
    return this.titleSuggestions.get(`${limit}|${q}`, () => deepFreeze(suggestTitles(this.titleSuggest, q, limit)));
  }

  /** The place a location value stands for, or null. @example index.resolveLocation('muenchen')?.slug // 'münchen' */
  resolveLocation(value: string): ResolvedPlace | null {
    const code = canonicalPlace(this.engine.places, value);
    if (code === null) return null;
    const { slug, name, kind } = this.engine.places.info[code]!;
    return { slug, name, kind };
  }

  /** The lower-case company value, or null when no live job has it. @example index.resolveCompany('ACME GmbH') // 'acme gmbh' */
  resolveCompany(value: string): string | null {
    const key = value.toLowerCase();
    return this.engine.columns.company.codes.has(key) ? key : null;
  }
}

/** What the title suggestions offer (positions and title words), those in the most titles first. */
function frequentTitleTexts(t: TitleSuggestIndex): string[] {
  const entities = Array.from(t.counts.keys());
  return entities.sort((a, b) => t.counts[b]! - t.counts[a]!).map((entity) => t.index.values[entity]!);
}

function sizes(postings: readonly { size: number }[]): Uint32Array {
  return Uint32Array.from(postings.slice(1), (p) => p.size);
}

/** A result page frozen for sharing from a cache (segments.ts shares it). */
export function freeze<T extends { jobs: ListedJob[] }>(page: T): T {
  Object.freeze(page.jobs);
  return Object.freeze(page);
}

/** A cached result frozen all the way down (segments.ts shares it). */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
