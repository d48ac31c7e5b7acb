import type { Job } from '../../domain/job.js';
import type { SalaryBucket } from '../../domain/salary-buckets.js';
import type { CardSpill } from '../columns/card-store.js';
import { DEFAULT_TUNING, EngineBuilder, type Engine, type EngineTuning } from '../engine.js';
import type { SalaryEstimator } from '../columns/salary-estimate.js';
import { buildBasesSteps } from '../query/base-counts.js';
import { countFacets, FACET_KEYS, type Base } from '../query/facet-count.js';
import type { KeywordSink } from '../text/keywords.js';
import { buildSuggestIndexSteps, type SuggestIndex } from '../text/suggest.js';
import type { TitleSuggestIndex } from '../text/title-suggest.js';
import { runSteps, runStepsPausing, type Steps } from '../../lib/steps.js';

export interface SegmentOptions {
  salaryBuckets: readonly SalaryBucket[];
  /** Epoch ms: jobs with validThrough < now are left out. */
  now: number;
  /** Internal choices for tests and benchmarks (representations, paging); results never change. */
  tuning?: Partial<EngineTuning>;
  /** Estimate salaries by these samples instead of the segment's own jobs (a delta segment: its base's). */
  estimator?: SalaryEstimator;
}

/**
 * One immutable segment of the index (Lucene's leaf): the engine over its documents and what is
 * precomputed from it (facet counts of all documents and of large filter sets, the suggestion
 * tables). A reader (search-index.ts) answers queries over one or several segments; a saved index
 * file holds one segment (index-file.ts).
 */
export interface Segment {
  readonly engine: Engine;
  readonly all: Base;
  readonly bases: ReadonlyMap<string, Base>;
  readonly locationSuggest: SuggestIndex;
  readonly companySuggest: SuggestIndex;
  readonly titleSuggest: TitleSuggestIndex;
}

/** A segment of the jobs live at `options.now` (validThrough >= now or null). */
export function buildSegment(jobs: readonly Job[], options: SegmentOptions): Segment {
  return runSteps(buildSegmentSteps([jobs], options));
}

/** The same segment from slices of the jobs, in steps (steps.ts): a yield after each slice, then the build's own. */
export function* buildSegmentSteps(slices: Iterable<readonly Job[]>, options: SegmentOptions): Steps<Segment> {
  const builder = new EngineBuilder(options.now);
  for (const jobs of slices) {
    builder.add(jobs);
    yield;
  }
  return yield* finishSteps(builder, options);
}

/** What a streaming build takes beside the segment's options. */
export interface StreamingOptions extends SegmentOptions {
  signal?: AbortSignal;
  pause?: () => Promise<void>;
  spillCards?: CardSpill;
  /** Where the keyword index is made (a builder in a thread, whose `pause` the build then awaits). */
  keywords?: KeywordSink;
}

/**
 * The same segment as `buildSegment`, from jobs handed over a chunk at a time (a store's
 * `liveChunks`): each job is indexed and kept only as its card as it arrives, so no array of every
 * posting ever exists. `signal` aborts between chunks.
 */
export async function buildSegmentStreaming(
  chunks: AsyncIterable<readonly Job[]>,
  options: StreamingOptions,
): Promise<Segment> {
  const keywords = options.keywords;
  const builder = new EngineBuilder(options.now, options.spillCards ?? null, keywords);
  const sinkPause = keywords?.pause?.bind(keywords);
  for await (const chunk of chunks) {
    options.signal?.throwIfAborted();
    builder.add(chunk);
    if (sinkPause) await sinkPause();
  }
  const steps = finishSteps(builder, options);
  const { pause } = options;
  const pauses = pause && sinkPause ? () => pause().then(sinkPause) : (pause ?? sinkPause);
  return pauses ? runStepsPausing(steps, pauses) : runSteps(steps);
}

/** The rest of a build once every job is added, in steps (steps.ts). */
function* finishSteps(builder: EngineBuilder, options: SegmentOptions): Steps<Segment> {
  const tuning = { ...DEFAULT_TUNING, ...options.tuning };
  const { engine, titles } = yield* builder.finishSteps(options.salaryBuckets, tuning, options.estimator ?? null);
  return yield* segmentOfEngineSteps(engine, titles);
}

/** `titles`: the steps that give the title suggestions of the engine's documents. */
export function* segmentOfEngineSteps(e: Engine, titles: Steps<TitleSuggestIndex>): Steps<Segment> {
  const all: Base = { words: null, counts: countFacets(e, { kind: 'all', size: e.n }, FACET_KEYS, null) };
  yield;
  const titleSuggest = yield* titles;
  yield;
  const bases = yield* buildBasesSteps(e, frequentTitleTexts(titleSuggest));
  yield;
  const places = e.places.column;
  const companies = e.columns.company;
  const locationSuggest = yield* buildSuggestIndexSteps(
    places.values.slice(1),
    places.labels.slice(1),
    sizes(places.postings),
  );
  yield;
  // A company is identified by its employer key and suggested by its most used spelling.
  const companySuggest = yield* buildSuggestIndexSteps(
    companies.values.slice(1),
    companies.labels.slice(1),
    sizes(companies.postings),
  );
  return { engine: e, all, bases, locationSuggest, companySuggest, titleSuggest };
}

/** What the title suggestions offer (positions and title words), those in the most titles first. */
function frequentTitleTexts(t: TitleSuggestIndex): string[] {
  const entities = Array.from(t.counts.keys());
  return entities.sort((a, b) => t.counts[b]! - t.counts[a]!).map((entity) => t.index.values[entity]!);
}

function sizes(postings: readonly { size: number }[]): Uint32Array {
  return Uint32Array.from(postings.slice(1), (p) => p.size);
}
