import type { Job, ListedJob } from '../../domain/job.js';
import { LruMap } from '../../lib/lru-map.js';
import type { FacetCounts, FacetRequest, JobFilter, ListRequest, Suggestion } from '../../domain/query.js';
import { foldKey, foldKeys } from '../../domain/text-fold.js';
import { companyKey } from '../../domain/company-key.js';
import { compareBoardIds } from '../columns/board-order.js';
import { COLLATOR, compareStrings, type Dictionary } from '../columns/columns.js';
import {
  COLUMN_FACETS,
  isStepsFacet,
  LIST_FACETS,
  type ColumnFacet,
  type ListFacet,
} from '../../domain/facet-catalogue.js';
import type { Engine } from '../engine.js';
import { FACET_KEYS, type FacetKey } from '../query/facet-count.js';
import { buildLists, tallyFacets, type DictFacet, type FacetDict, type FacetDicts } from '../query/facets.js';
import { evaluate, planFilter, type PlanContext } from '../query/filter.js';
import { highlightRanges, type Range } from '../text/highlight.js';
import { correctQuery, keywordContext, parseKeywords, type KeywordContext } from '../text/keyword-query.js';
import { orderedMatches, withEstimate } from '../query/list.js';
import { paginate } from '../query/paginate.js';
import { betterPlace, placeCandidates, type PlaceInfo } from '../columns/places.js';
import { bitsToIds, popcount } from '../postings/bitset.js';
import { filterKey } from '../query/cache-key.js';
import { QueryCache } from '../query/query-cache.js';
import {
  buildSegment,
  buildSegmentStreaming,
  type Segment,
  type SegmentOptions,
  type StreamingOptions,
} from './segment.js';
import { rankedMatches, type SuggestIndex } from '../text/suggest.js';
import type { TitleSuggestion } from '../text/title-suggest.js';
import { forEachWordStart, LANGUAGE_LIST } from '../text/tokenize.js';
import { runSteps, type Steps } from '../../lib/steps.js';

/** A segment as a reader reads it: the segment and which of its documents are still live. */
export interface Leaf {
  readonly segment: Segment;
  /**
   * The live documents (a bitset over the segment's documents, see liveBitset; those updated,
   * deleted or expired since it was built are clear), or null while every one is.
   */
  readonly live: Uint32Array | null;
}

/** A segment as the reader uses it. */
interface View {
  readonly segment: Segment;
  readonly e: Engine;
  readonly deleted: Uint32Array;
  readonly ctx: PlanContext;
  /** Live documents of the segment. */
  readonly size: number;
}

/** A suggestion candidate over all segments, keyed by its identity (slug, company key, fold key). */
interface Candidate {
  readonly id: string;
  readonly value: string;
  readonly label: string;
  readonly count: number;
  readonly whole: boolean;
  readonly kind: number;
}

/** How one kind of suggestion reads a segment (see suggestOver). */
interface SuggestSource {
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
 * What a request reads of an index: its public queries. A SearchIndex is one; so is the reader of
 * an index held by a worker thread (src/runtime/reader-calls.ts).
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

  /** A reader over the leaves, keeping `cacheSize` results per operation (default: the base's tuning). */
  constructor(leaves: readonly Leaf[], cacheSize?: number) {
    if (leaves.length === 0) throw new Error('a reader needs at least one segment');
    if (new Set(leaves.map((s) => s.segment)).size < leaves.length)
      throw new Error('each leaf of a reader needs a segment of its own');
    this.leaves = leaves;
    this.keywords = keywordContext(leaves.map((l) => l.segment.engine.keywords));
    const center = (value: string): PlaceInfo | null => this.center(value);
    this.views = leaves.map(({ segment, live: words }) => {
      const e = segment.engine;
      const size = words === null ? e.n : popcount(words);
      const deleted = new Uint32Array(e.n - size);
      if (words !== null) bitsToIds(words, e.n, deleted, true);
      const live: PlanContext['live'] = deleted.length > 0 ? { words: words!, size } : null;
      return { segment, e, deleted, ctx: { live, center, keywords: this.keywords }, size };
    });
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
    return this.counts.get(filterKey(filter), () => {
      let total = 0;
      for (const v of this.views) total += evaluate(v.e, planFilter(v.e, filter, v.ctx)).size;
      return total;
    });
  }

  /** One page of matching jobs over every segment, in the request's order (ties by board id). */
  list(request: ListRequest): { total: number; jobs: ListedJob[] } {
    const key = `${request.sort}|${request.order}|${request.page}|${request.perPage}|${filterKey(request.filter)}`;
    return this.pages.get(key, () => freeze(this.mergePage(request)));
  }

  /**
   * A page over every segment, at a cost that grows with the page's window, not with the
   * segments' matches. A match at position p of its segment's order (ties by board id, as the
   * merged order breaks them) is at position p or later in the merged order, so the page's window
   * [start, end) needs at most each small segment's first `end` matches; and the base's matches
   * before position start - D (D: those the small segments give) cannot reach it either, so the
   * base gives the window [from, end) of its own order (its own paging: a walk from the nearer
   * end), plus the one match before it as an anchor, whose merged position is `from - 1` plus
   * the small segments' hits before it — when from > 0, D < start, so every small segment gave
   * all its matches and that count is exact. Each run's hits before the page are then found by
   * binary search (a hit's merged position is the count of the runs' hits before it), and only
   * the page itself is merged k-way. A hit the runs lack lies after a whole run, so at or past
   * `end`: the merged positions of the runs' hits below `end` are exact. Relevance by score alike.
   */
  private mergePage(request: ListRequest): { total: number; jobs: ListedJob[] } {
    // Every segment evaluated first (each on its own engine, whose scratch holds the matches until
    // its next evaluation), so that the page's window is known before any window is cut.
    const orders = this.views.map((_, s) => this.ordered(s, request));
    const total = orders.reduce((sum, o) => sum + o.total, 0);
    const { start, end } = paginate(total, request.page, request.perPage);
    if (start >= end) return { total, jobs: [] };
    const byScore = request.sort === 'relevance' && hasWords(this.views[0]!, request);
    const descending = request.sort === 'relevance' ? !byScore || request.order === 'desc' : request.order === 'desc';
    const runs: Run[] = [];
    let d = 0;
    for (let s = 1; s < orders.length; s++) {
      const run = orders[s]!.run(0, end);
      d += run.docs.length;
      runs.push(run);
    }
    const base = orders[0]!;
    // Clipped to the base's matches, so that the base has a document just before its window.
    const from = Math.min(base.total, Math.max(0, start - d));
    const baseRun = base.run(Math.max(0, from - 1), end);
    runs.push(baseRun);
    const before = (a: Run, i: number, b: Run, j: number): number =>
      compareKeys(keyOf(a, i), keyOf(b, j), descending) || compareBoardIds(idOf(a, i), idOf(b, j));
    let pos = 0; // the merged position of the runs' next hits
    if (from > 0) {
      baseRun.next = 1;
      pos = from;
      // The cut below counts every run's hits from its next one: skipping the small runs' hits
      // before the anchor here only narrows its searches.
      // Stryker disable next-line BlockStatement: equivalent (above)
      for (const run of runs) {
        if (run === baseRun) continue;
        // Stryker disable next-line ArrowFunction: equivalent (above)
        run.next = firstAfter(run, (i) => before(run, i, baseRun, 0) < 0);
        pos += run.next;
      }
    }
    // The hits before the page, found without merging them: each run's first hit whose merged
    // position (pos, plus the runs' hits from their next one on before it) is start or later.
    if (pos < start) {
      const cuts = runs.map((run) => cutAt(run, start - pos, runs, before));
      runs.forEach((run, j) => (run.next = cuts[j]!));
      pos = start;
    }
    const jobs: ListedJob[] = [];
    while (pos < end) {
      let best: Run | null = null;
      for (const run of runs) {
        if (run.next < run.docs.length && (best === null || before(run, run.next, best, best.next) < 0)) best = run;
      }
      if (best === null) break;
      jobs.push(withEstimate(best.e, best.docs[best.next++]!));
      pos++;
    }
    return { total, jobs };
  }

  /** Segment s's matches in the request's order: their number, and a run at any window of it. */
  private ordered(s: number, request: ListRequest): { total: number; run: (start: number, end: number) => Run } {
    const v = this.views[s]!;
    const order = orderedMatches(v.e, request, v.ctx);
    return {
      total: order.total,
      run: (start, end) => {
        const got = order.window(start, end);
        if (got.scores !== null) return { e: v.e, docs: got.docs, keys: got.scores, byDoc: false, next: 0 };
        const keys = request.sort === 'salary' ? v.e.mids : v.e.cards.postedAt;
        return { e: v.e, docs: got.docs, keys, byDoc: true, next: 0 };
      },
    };
  }

  /** Facet counts over every segment, the lists made once from the summed counts. */
  facets(request: FacetRequest): FacetCounts {
    const key = `${request.mode}|${request.facetLimit}|${filterKey(request.filter)}`;
    return this.facetCounts.get(key, () => deepFreeze(this.mergeFacets(request)));
  }

  private mergeFacets(request: FacetRequest): FacetCounts {
    const tallies = this.views.map((v) => tallyFacets(v.e, v.segment.all, v.segment.bases, request, v.ctx));
    const dicts = this.unionDicts();
    const counts: Partial<Record<FacetKey, Uint32Array>> = {};
    for (const f of FACET_KEYS) {
      if (tallies[0]!.counts[f] === undefined) continue;
      if (isStepsFacet(f)) {
        // Steps are levels, the same in every segment: summed as they are.
        const sum = new Uint32Array(tallies[0]!.counts[f].length);
        for (const t of tallies) t.counts[f]!.forEach((c, level) => (sum[level]! += c));
        counts[f] = sum;
        continue;
      }
      const dict = dicts.dicts[f];
      const sum = new Uint32Array(dict.values.length);
      tallies.forEach((t, s) => {
        const own = t.counts[f]!;
        const map = dict.maps[s]!;
        for (let code = 1; code < own.length; code++) if (own[code] !== 0) sum[map[code]!]! += own[code]!;
      });
      counts[f] = sum;
    }
    const total = tallies.reduce((sum, t) => sum + t.total, 0);
    const seoTotal = tallies.reduce((sum, t) => sum + t.seoTotal, 0);
    return buildLists(dicts, request, { counts, total, seoTotal, uncounted: tallies[0]!.uncounted });
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
      deepFreeze(this.suggestOver('location', q, limit).map(({ value, label }) => ({ value, label }))),
    );
  }

  /** Companies with a word starting with q; value = label = display name. */
  suggestCompanies(q: string, limit: number): Suggestion[] {
    return this.suggestions.get(`c${limit}|${q}`, () =>
      deepFreeze(this.suggestOver('company', q, limit).map(({ label }) => ({ value: label, label }))),
    );
  }

  /** Positions and frequent title words with a word starting with q, with their live job counts. */
  suggestTitles(q: string, limit: number): TitleSuggestion[] {
    return this.titleSuggestions.get(`${limit}|${q}`, () =>
      deepFreeze(
        this.suggestOver('title', q, limit).map(({ label, count, kind }) => ({
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

  /** The canonical place over every segment: each slug read from the first segment that has it. */
  private center(value: string): PlaceInfo | null {
    const hit = this.centers.get(value);
    if (hit !== undefined) return hit;
    const key = foldKey(value);
    const seen = new Set<string>();
    let best: PlaceInfo | null = null;
    for (const v of this.views) {
      for (const code of placeCandidates(v.e.places, value)) {
        const info = v.e.places.info[code]!;
        if (seen.has(info.slug)) continue;
        seen.add(info.slug);
        if (best === null || betterPlace(info, best, key)) best = info;
      }
    }
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
        dicts[f] = yield* unionDictSteps(this.dictsOf(f));
        yield;
      }
      this.dicts = this.unionDictsOf(dicts);
    }
    // Stryker disable next-line BlockStatement: equivalent (above)
    for (const kind of ['location', 'company', 'title'] as const) {
      this.sourcesOf(kind);
      yield;
    }
  }

  /** Every facet's dictionary over all segments (made by prepareSteps, or on the first facet request). */
  private unionDicts(): UnionDicts {
    if (this.dicts !== null) return this.dicts;
    const dicts = {} as Record<DictFacet, UnionDict>;
    for (const f of [...COLUMN_FACETS, ...LIST_FACETS]) dicts[f] = unionDict(this.dictsOf(f));
    this.dicts = this.unionDictsOf(dicts);
    return this.dicts;
  }

  /** A facet's dictionary in each segment, the base first. */
  private dictsOf(f: DictFacet): FacetDict[] {
    const list = (LIST_FACETS as readonly string[]).includes(f);
    return this.views.map((v) => (list ? v.e.lists[f as ListFacet] : v.e.columns[f as ColumnFacet]));
  }

  private unionDictsOf(dicts: Record<DictFacet, UnionDict>): UnionDicts {
    const places = dicts.location;
    return {
      dicts,
      buckets: this.views[0]!.e.buckets,
      placeCode: (value) => {
        const info = this.center(value);
        return info === null ? null : (places.codes.get(info.slug) ?? null);
      },
    };
  }

  /**
   * Suggestions over every segment: the small segments' matches all, the base's best
   * `limit + touched + (small segments' matches)` by its own rank — enough that no entity outside
   * them can rank among the best `limit` by live jobs (an entity deletions did not touch and no
   * other segment holds keeps its count) — then ranked as one index ranks them.
   */
  private suggestOver(kind: 'location' | 'company' | 'title', q: string, limit: number): Candidate[] {
    const key = foldKey(q);
    const max = Math.floor(limit);
    if (key === '' || !(max >= 1)) return [];
    const sources = this.sourcesOf(kind);
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

  private sourcesOf(kind: 'location' | 'company' | 'title'): SuggestSource[] {
    let sources = this.sources.get(kind);
    if (!sources) {
      sources = this.views.map((v) =>
        kind === 'location' ? placeSource(v) : kind === 'company' ? companySource(v) : titleSource(v),
      );
      this.sources.set(kind, sources);
    }
    return sources;
  }
}

/** Whether the request's keywords have words (relevance then orders by score). */
function hasWords(v: View, request: ListRequest): boolean {
  const text = request.filter.keywords;
  return (
    text !== undefined && parseKeywords(v.e.keywords, text, request.filter.typos !== false, v.ctx.keywords) !== null
  );
}

/** A window of one segment's order: its documents and their keys. */
interface Run {
  readonly e: Engine;
  readonly docs: Uint32Array;
  /**
   * Scores by position in the run, or (byDoc) the sort key by document: the date, or the salary's
   * midpoint (the estimate's without one).
   */
  readonly keys: Float64Array;
  readonly byDoc: boolean;
  /** The index of the run's next document in the k-way merge. */
  next: number;
}

/** The sort key of a run's i-th document. */
function keyOf(run: Run, i: number): number {
  return run.keys[run.byDoc ? run.docs[i]! : i]!;
}

/** Board id and key of a run's document: the tie-break. */
function idOf(run: Run, i: number): { boardId: string; key: string } {
  const d = run.docs[i]!;
  return { boardId: run.e.cards.boardIds[d]!, key: run.e.cards.keys[d]! };
}

/** The index of the run's first document from `next` on for which `isBefore` fails (it holds on a prefix). */
function firstAfter(run: Run, isBefore: (i: number) => boolean): number {
  let lo = run.next;
  let hi = run.docs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (isBefore(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The index of the run's first document from `next` on that has at least k hits of all the runs
 * (from their `next`) before it in the merged order.
 */
function cutAt(
  run: Run,
  k: number,
  runs: readonly Run[],
  before: (a: Run, i: number, b: Run, j: number) => number,
): number {
  let lo = run.next;
  let hi = run.docs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    let place = mid - run.next;
    for (const other of runs) {
      if (other === run || place >= k) continue;
      place += firstAfter(other, (i) => before(other, i, run, mid) < 0) - other.next;
    }
    if (place < k) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Keys in the given direction; a missing key (NaN) last either way. */
function compareKeys(a: number, b: number, descending: boolean): number {
  const na = Number.isNaN(a);
  const nb = Number.isNaN(b);
  if (na || nb) return na === nb ? 0 : na ? 1 : -1;
  if (a === b) return 0;
  return a < b === descending ? 1 : -1;
}

/** A dictionary over several: codes of the first as they are, then each new value appended. */
/** Every facet's union dictionary, with each segment's code map. */
interface UnionDicts extends FacetDicts {
  readonly dicts: Readonly<Record<DictFacet, UnionDict>>;
}

interface UnionDict extends FacetDict {
  /** Per segment: its code -> the union code. */
  readonly maps: readonly Uint32Array[];
}

function unionDict(dicts: readonly FacetDict[]): UnionDict {
  return runSteps(unionDictSteps(dicts));
}

/** Codes copied or mapped between two yields of unionDictSteps. */
const UNION_STEP = 4_096;

/**
 * `unionDict` in steps (steps.ts): the base's codes are copied, and each segment's mapped, with a
 * yield every UNION_STEP codes (at a million postings a place or company dictionary holds tens of
 * thousands of values).
 */
function* unionDictSteps(dicts: readonly FacetDict[]): Steps<UnionDict> {
  const first = dicts[0]!;
  const values = [...first.values];
  const labels = [...first.labels];
  const codes = new Map<string, number>();
  for (const [value, code] of first.codes) {
    codes.set(value, code);
    if (codes.size % UNION_STEP === 0) yield;
  }
  const maps: Uint32Array[] = [];
  for (const [s, d] of dicts.entries()) {
    const map = new Uint32Array(d.values.length);
    for (let code = 1; code < d.values.length; code++) {
      if (code % UNION_STEP === 0) yield;
      if (s === 0) {
        map[code] = code;
        continue;
      }
      const value = d.values[code]!;
      let union = codes.get(value);
      if (union === undefined) {
        union = values.length;
        values.push(value);
        labels.push(d.labels[code]!);
        codes.set(value, union);
      }
      map[code] = union;
    }
    maps.push(map);
  }
  yield;
  const labelRank =
    values.length === first.values.length ? first.labelRank : yield* mergedRanksSteps(first, values, labels);
  return { values, labels, codes, labelRank, maps };
}

/** Appended values placed among the first dictionary's labels between two yields of mergedRanksSteps. */
const RANK_STEP = 64;

/**
 * Label order of a union dictionary: the first dictionary's ranks, and each appended value placed
 * between the first's neighbours it falls between (German collation, then value). In steps: at a
 * million postings the first dictionary of places or companies holds tens of thousands of values,
 * and a delta's thousands of new ones, each placed with a collator's comparisons, held the index
 * worker for tens of milliseconds in one piece.
 */
function* mergedRanksSteps(
  first: FacetDict,
  values: readonly string[],
  labels: readonly string[],
): Steps<Float64Array> {
  const old = first.values.length;
  // The first dictionary's codes in label order: its ranks are 0 .. old - 2, one per code
  // (rankLabels), so the order is their inverse, made in one pass rather than sorted.
  const byRank = new Uint32Array(old - 1);
  for (let code = 1; code < old; code++) byRank[Number(first.labelRank[code])] = code;
  const before = (a: number, b: number): number =>
    COLLATOR.compare(labels[a]!, labels[b]!) || compareStrings(values[a]!, values[b]!);
  // Each appended value's place: how many of the first dictionary's labels come before it.
  const place = new Uint32Array(values.length);
  for (let code = old; code < values.length; code++) {
    if ((code - old) % RANK_STEP === RANK_STEP - 1) yield;
    let lo = 0;
    let hi = byRank.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(byRank[mid]!, code) < 0) lo = mid + 1;
      else hi = mid;
    }
    place[code] = lo;
  }
  yield;
  // The appended values in label order: a value placed lower comes before every value placed
  // higher (a first label lies between them), so only those of one place are compared.
  const added = Array.from({ length: values.length - old }, (_, i) => old + i).sort(
    (a, b) => place[a]! - place[b]! || before(a, b),
  );
  const rank = new Float64Array(values.length);
  for (let code = 1; code < old; code++) rank[code] = Number(first.labelRank[code]);
  added.forEach((code, i) => {
    const lo = place[code]!;
    // Between rank lo - 1 and lo of the first dictionary, in the order of the added values.
    rank[code] = Number(lo === 0 ? -1 : first.labelRank[byRank[lo - 1]!]) + (i + 1) / (added.length + 1);
  });
  return rank;
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
