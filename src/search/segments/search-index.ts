import type { Job, ListedJob } from '../../domain/job.js';
import { LruMap } from '../../lib/lru-map.js';
import type { FacetCounts, FacetRequest, JobFilter, ListRequest, Suggestion } from '../../domain/query.js';
import { companyKey } from '../../domain/company-key.js';
import { COLUMN_FACETS, LIST_FACETS } from '../../domain/facet-catalogue.js';
import type { DictFacet } from '../query/facets.js';
import { highlightRanges, type Range } from '../text/highlight.js';
import { correctQuery, keywordContext, parseKeywords, type KeywordContext } from '../text/keyword-query.js';
import type { PlaceInfo } from '../columns/places.js';
import { evaluate, planFilter } from '../query/filter.js';
import { filterKey } from '../query/cache-key.js';
import { didYouMean, interpretFilter, type QueryInterpretation } from '../query/interpret.js';
import { QueryCache } from '../query/query-cache.js';
import {
  buildSegment,
  buildSegmentStreaming,
  type Segment,
  type SegmentOptions,
  type StreamingOptions,
} from './segment.js';
import type { TitleSuggestion } from '../text/title-suggest.js';
import { LANGUAGE_LIST } from '../text/tokenize.js';
import type { Steps } from '../../lib/steps.js';
import {
  dictsOf,
  mergedFacets,
  unionDict,
  unionDictSteps,
  unionDictsOf,
  type UnionDict,
  type UnionDicts,
} from './merged-facets.js';
import { mergedPage } from './merged-page.js';
import { prepareImpactSteps } from '../query/impact-prepare.js';
import { sourceOf, suggestOver, type SuggestKind, type SuggestSource } from './merged-suggest.js';
import { centerOver, viewOf, type View } from './reader-view.js';

/** A segment as a reader reads it: the segment and which of its documents are still live. */
export interface Leaf {
  readonly segment: Segment;
  /**
   * The live documents (a bitset over the segment's documents, see liveBitset; those updated,
   * deleted or expired since it was built are clear), or null while every one is.
   */
  readonly live: Uint32Array | null;
}

/**
 * What a request reads of an index: its public queries. A SearchIndex is one; so is the reader of
 * an index held by a worker thread (src/runtime/reader-calls.ts).
 */
export type SearchReader = Pick<
  SearchIndex,
  | 'size'
  | 'count'
  | 'list'
  | 'facets'
  | 'facetsAsRead'
  | 'countAsRead'
  | 'listAsRead'
  | 'didYouMean'
  | 'highlight'
  | 'suggestLocations'
  | 'suggestCompanies'
  | 'suggestTitles'
  | 'resolveLocation'
  | 'resolveCompany'
>;

/** A list answer as its keywords were read (SearchIndex.listAsRead). */
export interface ListAsRead {
  readonly total: number;
  readonly jobs: ListedJob[];
  /** The filter searched: the request's, its keywords read (interpretFilter). */
  readonly filter: JobFilter;
  readonly interpretation: QueryInterpretation | null;
  /** The correction to offer (`did_you_mean`), or null. */
  readonly didYouMean: string | null;
}

export interface ResolvedPlace {
  slug: string;
  name: string;
  kind: 'city' | 'region' | 'country';
}

/**
 * The in-memory search engine: one reader over one or more immutable segments (Lucene's reader
 * over its leaves) — a large base and small recent ones, each with its documents no longer live —
 * answering exactly what one index over their live documents answers. Every query is written once,
 * over N segments; a full build is a reader over one. Its query caches live and die with it;
 * results from a cache are shared and frozen: do not modify them. What one index derives from its
 * whole corpus follows Lucene's rule (statistics hold until the next merge):
 * - keyword statistics (BM25's document count, document frequencies and mean length, the prefix
 *   expansion's most frequent words, did-you-mean's most frequent correction) are over every
 *   document the segments were built with, deleted ones included;
 * - a value's label, a place's name, kind and coordinates come from the first segment (base first)
 *   that has the value; a place or company a segment knows stays known (its echo, the canonical
 *   place of a location value) until the next merge, even when no live job has it any more;
 * - salary estimates of every segment come from the base's samples (SegmentOptions.estimator);
 * - title suggestions know the words each segment selected (the 50,000 most frequent per segment).
 * Counts, facets, lists in every order (ties by board id), suggestions and their counts are over
 * the live documents only.
 * @example
 * const index = SearchIndex.build(jobs, { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: Date.now() });
 * index.list({ filter: { location: 'berlin' }, sort: 'date', order: 'desc', page: 1, perPage: 20 });
 */
export class SearchIndex {
  readonly size: number;
  /** Results kept per operation by each of the reader's query caches. */
  readonly cacheSize: number;
  /** The segments read, the base first. */
  readonly leaves: readonly Leaf[];
  private readonly views: readonly View[];
  private readonly keywords: KeywordContext;
  private readonly centers = new LruMap<string, PlaceInfo | null>(256);
  private dicts: UnionDicts | null = null;
  private readonly sources = new Map<string, SuggestSource[]>();
  private readonly counts: QueryCache<number>;
  private readonly pages: QueryCache<{ total: number; jobs: ListedJob[] }>;
  private readonly facetCounts: QueryCache<FacetCounts>;
  private readonly suggestions: QueryCache<Suggestion[]>;
  private readonly titleSuggestions: QueryCache<TitleSuggestion[]>;
  /** Counts of the running call "as read" by filter key (its reading asks for some twice). */
  private counted: Map<string, number> | null = null;

  /** A reader over the leaves, keeping `cacheSize` results per operation (default: the base's tuning). */
  constructor(leaves: readonly Leaf[], cacheSize?: number) {
    if (leaves.length === 0) throw new Error('a reader needs at least one segment');
    if (new Set(leaves.map((s) => s.segment)).size < leaves.length)
      throw new Error('each leaf of a reader needs a segment of its own');
    this.leaves = leaves;
    this.keywords = keywordContext(leaves.map((l) => l.segment.engine.keywords));
    const center = (value: string): PlaceInfo | null => this.center(value);
    this.views = leaves.map((leaf) => viewOf(leaf, center, this.keywords));
    this.size = this.views.reduce((sum, v) => sum + v.size, 0);
    const capacity = cacheSize ?? leaves[0]!.segment.engine.tuning.cacheSize;
    this.cacheSize = capacity;
    this.counts = new QueryCache(capacity);
    this.pages = new QueryCache(capacity);
    this.facetCounts = new QueryCache(capacity);
    this.suggestions = new QueryCache(capacity);
    this.titleSuggestions = new QueryCache(capacity);
  }
  /** A reader over one segment of the jobs live at `options.now` (validThrough >= now or null). */
  static build(jobs: readonly Job[], options: SegmentOptions): SearchIndex {
    return SearchIndex.of(buildSegment(jobs, options));
  }

  /**
   * The same index as `build`, from jobs handed over a chunk at a time (buildSegmentStreaming).
   * @example await SearchIndex.buildStreaming(store.liveChunks(now), { salaryBuckets, now })
   */
  static async buildStreaming(chunks: AsyncIterable<readonly Job[]>, options: StreamingOptions): Promise<SearchIndex> {
    return SearchIndex.of(await buildSegmentStreaming(chunks, options));
  }

  /** A reader over one segment, nothing deleted. */
  static of(segment: Segment): SearchIndex {
    return new SearchIndex([{ segment, live: null }]);
  }

  /**
   * The same index, its segments shared, keeping `results` results per operation instead of its
   * tuning's `cacheSize`. The service keeps none: its response cache keeps every answer
   * (src/runtime/change-applier.ts).
   * @example SearchIndex.keeping(index, 0).list(r) !== SearchIndex.keeping(index, 0).list(r) // equal, not the same object
   */
  static keeping(index: SearchIndex, results: number): SearchIndex {
    return new SearchIndex(index.leaves, results);
  }

  /** Steps that bring the cards left in the index's file into the page cache (CardStore.prefetchSteps). */
  *prefetchCardSteps(): Steps<void> {
    for (const v of this.views) yield* v.e.cards.prefetchSteps();
  }

  /** Number of live jobs matching the filter. */
  count(filter: JobFilter): number {
    const key = filterKey(filter);
    const known = this.counted?.get(key);
    if (known !== undefined) return known;
    const total = this.counts.get(key, () => {
      let sum = 0;
      for (const v of this.views) sum += evaluate(v.e, planFilter(v.e, filter, v.ctx)).size;
      return sum;
    });
    this.counted?.set(key, total);
    return total;
  }

  /** One page of matching jobs over every segment, in the request's order (ties by board id). */
  list(request: ListRequest): { total: number; jobs: ListedJob[] } {
    const key = `${request.sort}|${request.order}|${request.page}|${request.perPage}|${filterKey(request.filter)}`;
    return this.pages.get(key, () => freeze(mergedPage(this.views, request)));
  }

  /** Facet counts over every segment, the lists made once from the summed counts. */
  facets(request: FacetRequest): FacetCounts {
    const key = `${request.mode}|${request.facetLimit}|${filterKey(request.filter)}`;
    return this.facetCounts.get(key, () => deepFreeze(mergedFacets(this.views, this.unionDicts(), request)));
  }

  /**
   * Facet counts over the filter its keywords mean (interpretFilter): a filter data answer in one
   * call, each count the reading asks for evaluated once.
   */
  facetsAsRead(request: FacetRequest): FacetCounts {
    return this.asRead(() => this.facets({ ...request, filter: interpretFilter(this, request.filter).filter }));
  }

  /**
   * A count answer in one call: the count of the filter its keywords mean (interpretFilter) and the
   * correction to offer (`didYouMean` of interpret.ts), each count evaluated once.
   */
  countAsRead(filter: JobFilter): { total: number; didYouMean: string | null } {
    return this.asRead(() => {
      const read = interpretFilter(this, filter);
      const total = this.count(read.filter);
      return { total, didYouMean: read.corrected ?? didYouMean(this, read.filter, total) };
    });
  }

  /**
   * A list answer in one call: the page of the filter its keywords mean (interpretFilter), that
   * filter, what the reading applied and the correction to offer, each count evaluated once.
   */
  listAsRead(request: ListRequest): ListAsRead {
    return this.asRead(() => {
      const read = interpretFilter(this, request.filter);
      const { total, jobs } = this.list({ ...request, filter: read.filter });
      const offered = read.corrected ?? didYouMean(this, read.filter, total);
      return { total, jobs, filter: read.filter, interpretation: read.interpretation, didYouMean: offered };
    });
  }

  /** `run` with the counts it asks for kept for its length (the reading asks for some twice). */
  private asRead<T>(run: () => T): T {
    this.counted = new Map();
    try {
      return run();
    } finally {
      this.counted = null;
    }
  }

  /** A corrected keyword text when the keywords find nothing but the correction does; else null. */
  didYouMean(filter: JobFilter): string | null {
    if (filter.keywords === undefined || this.count(filter) > 0) return null;
    const corrected = correctQuery(this.views[0]!.e.keywords, filter.keywords, this.keywords);
    return corrected !== null && this.count({ ...filter, keywords: corrected }) > 0 ? corrected : null;
  }

  /** Which words of each text match the keyword query: a word any segment's terms mark. */
  highlight(
    keywords: string,
    typos: boolean,
    items: readonly { language: string; texts: readonly string[] }[],
  ): Range[][][] {
    const queries = this.views.map((v) => parseKeywords(v.e.keywords, keywords, typos, this.keywords));
    return items.map(({ language, texts }) => {
      const lang = LANGUAGE_LIST.find((l) => l === language) ?? 'en';
      return texts.map((text) => {
        const marked = new Map<number, Range>();
        queries.forEach((query, s) => {
          if (query === null) return;
          for (const r of highlightRanges(this.views[s]!.e.keywords, query, lang, text)) marked.set(r[0], r);
        });
        return [...marked.values()].sort((a, b) => a[0] - b[0]);
      });
    });
  }

  /** Places with a word starting with q, by live jobs over every segment (see suggest.ts). */
  suggestLocations(q: string, limit: number): Suggestion[] {
    return this.suggestions.get(`l${limit}|${q}`, () =>
      deepFreeze(
        suggestOver(this.sourcesOf('location'), 'location', q, limit).map(({ value, label }) => ({ value, label })),
      ),
    );
  }

  /** Companies with a word starting with q; value = label = display name. */
  suggestCompanies(q: string, limit: number): Suggestion[] {
    return this.suggestions.get(`c${limit}|${q}`, () =>
      deepFreeze(
        suggestOver(this.sourcesOf('company'), 'company', q, limit).map(({ label }) => ({ value: label, label })),
      ),
    );
  }

  /** Positions and frequent title words with a word starting with q, with their live job counts. */
  suggestTitles(q: string, limit: number): TitleSuggestion[] {
    return this.titleSuggestions.get(`${limit}|${q}`, () =>
      deepFreeze(
        suggestOver(this.sourcesOf('title'), 'title', q, limit).map(({ label, count, kind }) => ({
          value: label,
          label,
          count,
          kind: kind === 0 ? ('position' as const) : ('word' as const),
        })),
      ),
    );
  }

  /** The place a location value stands for over every segment, or null. */
  resolveLocation(value: string): ResolvedPlace | null {
    const info = this.center(value);
    return info === null ? null : { slug: info.slug, name: info.name, kind: info.kind };
  }

  /** The company's value (its employer key) when a segment knows the company, or null. */
  resolveCompany(value: string): string | null {
    const key = companyKey(value);
    return this.views.some((v) => v.e.columns.company.codes.has(key)) ? key : null;
  }

  /** The canonical place over every segment (reader-view.ts), kept for the reader's life. */
  private center(value: string): PlaceInfo | null {
    const hit = this.centers.get(value);
    if (hit !== undefined) return hit;
    const best = centerOver(this.views, value);
    this.centers.set(value, best);
    return best;
  }

  /**
   * What the first requests of a new reader would otherwise make: every facet's union dictionary
   * (a step each: at a million postings the company and place dictionaries are copied), and each
   * kind of suggestion's counts of the deletions. The index worker runs these steps, with its
   * pauses, before it publishes the reader, so that the first request after a catch-up costs what
   * any other does.
   */
  // Equivalent mutants: what is not made ahead is made on the first request, the same.
  // Stryker disable next-line BlockStatement: equivalent (above)
  *prepareSteps(): Steps<void> {
    // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: equivalent (above)
    if (this.dicts === null) {
      const dicts = {} as Record<DictFacet, UnionDict>;
      for (const f of [...COLUMN_FACETS, ...LIST_FACETS]) {
        dicts[f] = yield* unionDictSteps(dictsOf(this.views, f));
        yield;
      }
      this.dicts = unionDictsOf(this.views, dicts, (value) => this.center(value));
    }
    // Stryker disable next-line BlockStatement: equivalent (above)
    for (const kind of ['location', 'company', 'title'] as const) {
      this.sourcesOf(kind);
      yield;
    }
    yield* this.impactSteps();
  }

  /**
   * Steps that order by impact, ahead of their first query, the postings of the terms of the
   * commonest title words of each segment not yet so prepared (query/impact-prepare.ts), when the
   * relevance order walks them.
   */
  *impactSteps(): Steps<void> {
    for (const v of this.views)
      if (v.e.tuning.relevance === 'impact')
        yield* prepareImpactSteps(v.e.keywords, v.segment.titleSuggest, v.e.tuning.impactPrefix);
  }

  /** Every facet's dictionary over all segments (made by prepareSteps, or on the first facet request). */
  private unionDicts(): UnionDicts {
    if (this.dicts !== null) return this.dicts;
    const dicts = {} as Record<DictFacet, UnionDict>;
    for (const f of [...COLUMN_FACETS, ...LIST_FACETS]) dicts[f] = unionDict(dictsOf(this.views, f));
    this.dicts = unionDictsOf(this.views, dicts, (value) => this.center(value));
    return this.dicts;
  }

  private sourcesOf(kind: SuggestKind): SuggestSource[] {
    let sources = this.sources.get(kind);
    if (!sources) {
      sources = this.views.map((v) => sourceOf(v, kind));
      this.sources.set(kind, sources);
    }
    return sources;
  }
}

/** A result page frozen for sharing from a cache. */
function freeze<T extends { jobs: ListedJob[] }>(page: T): T {
  Object.freeze(page.jobs);
  return Object.freeze(page);
}

/** A cached result frozen all the way down. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
