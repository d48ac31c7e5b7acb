import type { Readable } from 'node:stream';
/**
 * An import: read results -> validate + enrich -> staged in batches (each committed on its own,
 * invisible to serving processes) -> one publish transaction that makes the whole import live at
 * once (inserted / updated / unchanged / expired on arrival; with `sync`, the source's postings
 * absent from the import removed).
 *
 * A bad record is a reject with its position and reason; it never stops the import or costs a
 * good neighbour its place: when a batch fails as a whole, its jobs are staged one by one and
 * only the ones that still fail are rejected. When the store fails rather than a posting (the
 * connection is lost: StoreUnavailableError; or every posting of a batch fails), the import stops
 * with ImportInterrupted: the batches staged so far stay staged, nothing is published, and a
 * re-run starts the source's import afresh. A posting whose identity an earlier one of the same import has is
 * a reject naming the first. All rejects are counted and passed to `onReject`; the first
 * MAX_KEPT_REJECTS are kept in the summary.
 */
import type { Job } from '../domain/job.js';
import { StoreUnavailableError, type JobStore, type PublishResult, type StagedJob } from '../store/job-store.js';
import type { EnrichContext } from './enrich.js';
import {
  lineToJobs,
  recordToJob,
  type EnrichItem,
  type ItemOutcome,
  type LineOutcome,
  type ReadOutcome,
  type RecordOutcome,
} from './record-to-job.js';
import { EnrichPool } from './enrich-pool.js';
import type { PlaceResolver } from './places/locations.js';
import { readPostings, type ReadResult, type UnparsedLine } from './read/read-postings.js';
import type { ReadLimits } from './read/read-limits.js';

export const DEFAULT_BATCH_SIZE = 1_000;
export const MAX_KEPT_REJECTS = 1_000;
/** Records sent to an enrichment thread at a time. */
const CHUNK_SIZE = 200;
/** Chunks in flight per enrichment thread: enough to keep it busy while the store writes a batch. */
const CHUNKS_PER_WORKER = 8;
/** Threads start only after this many records: a small import does not wait for them to load. */
export const THREADS_AFTER = 1_000;

export interface Reject {
  position: string;
  reason: string;
}

export interface ImportProgress {
  read: number;
  /** Postings committed to the import's staging area so far (not yet served). */
  staged: number;
  rejected: number;
}

export interface ImportSummary extends ImportProgress, PublishResult {
  /** The first MAX_KEPT_REJECTS rejects; `rejected` counts them all. */
  rejects: Reject[];
  /** Nothing to publish: the input held no posting that could be staged (nothing was changed). */
  empty: boolean;
}

export interface ImportOptions {
  source: string;
  now: number;
  /** The import is a full snapshot of its source: postings of the source absent from it are removed. */
  sync?: boolean;
  batchSize?: number;
  /** Bounds on what is read (line length, decompressed size, gzip ratio); DEFAULT_READ_LIMITS when unset. */
  readLimits?: ReadLimits;
  onProgress?(progress: ImportProgress): void;
  /** Called for every reject, also those beyond the kept list (e.g. to write a reject report). */
  onReject?(reject: Reject): void;
  places?: PlaceResolver;
  /**
   * Enrichment threads beside the main thread (see enrich-pool.ts; the results are the same),
   * started once THREADS_AFTER records were read. 0 (the default) enriches in this thread;
   * ignored with `places`, which cannot cross threads.
   */
  workers?: number;
}

/**
 * The store failed during an import (not a posting): nothing of it was published. `progress` says
 * how far it got; `message` is the store's reason.
 */
export class ImportInterrupted extends Error {
  override name = 'ImportInterrupted';
  constructor(
    readonly progress: ImportProgress,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/** Imports read results (from `readPostings`, or any source of them). */
export async function runImport(
  input: AsyncIterable<ReadResult | UnparsedLine> | Iterable<ReadResult | UnparsedLine>,
  store: JobStore,
  options: ImportOptions,
): Promise<ImportSummary> {
  let importId: string;
  try {
    importId = await store.beginImport(options.source);
  } catch (error) {
    throw new ImportInterrupted({ read: 0, staged: 0, rejected: 0 }, error);
  }
  const run = new ImportRun(store, importId, options);
  try {
    for await (const result of input) await run.add(result);
    await run.finish();
    return await run.publish();
  } finally {
    await run.close();
  }
}

/** Imports a file of postings (NDJSON, JSON array, JSON-LD document) or an open stream; `-` reads stdin. */
export async function importFile(
  input: string | Readable,
  store: JobStore,
  options: ImportOptions,
): Promise<ImportSummary> {
  // With threads, NDJSON lines are parsed where they are enriched (parse-line.ts).
  return runImport(readPostings(input, options.readLimits, { unparsedLines: threadsOf(options) > 0 }), store, options);
}

/** Imports already parsed posting objects (generated demo data); positions are `item <i>`. */
export async function importRecords(
  records: AsyncIterable<unknown> | Iterable<unknown>,
  store: JobStore,
  options: ImportOptions,
): Promise<ImportSummary> {
  return runImport(asReadResults(records), store, options);
}

async function* asReadResults(records: AsyncIterable<unknown> | Iterable<unknown>): AsyncGenerator<ReadResult> {
  let i = 0;
  for await (const record of records) yield { ok: true, position: `item ${i++}`, record };
}

/** Enrichment threads an import uses (none with a custom `places`, which cannot cross threads). */
function threadsOf(options: ImportOptions): number {
  return options.places ? 0 : Math.max(0, options.workers ?? 0);
}

/**
 * Read results sent for enrichment together, and the enrichment of their good records and lines
 * (in order; null stands for a line, whose read results come back from the thread). The records
 * themselves are not kept: the thread has its copy, and up to CHUNKS_PER_WORKER chunks wait here,
 * long enough for their records to outlive young-generation collections.
 */
interface Chunk {
  results: (ReadOutcome | null)[];
  enriched: Promise<ItemOutcome[]>;
}

const NOTHING_PUBLISHED: PublishResult = {
  inserted: 0,
  updated: 0,
  unchanged: 0,
  expired: 0,
  removed: 0,
  duplicates: 0,
};

class ImportRun {
  private readonly counts: ImportProgress = { read: 0, staged: 0, rejected: 0 };
  private readonly rejects: Reject[] = [];
  private readonly ctx: EnrichContext;
  private readonly batchSize: number;
  private batch: StagedJob[] = [];
  private chunk: (ReadResult | UnparsedLine)[] = [];
  private readonly inFlight: Chunk[] = [];
  private readonly maxInFlight: number;
  private readonly threads: number;
  private pool: EnrichPool | null = null;
  private received = 0;

  constructor(
    private readonly store: JobStore,
    private readonly importId: string,
    private readonly options: ImportOptions,
  ) {
    this.ctx = options.places
      ? { source: options.source, now: options.now, places: options.places }
      : { source: options.source, now: options.now };
    this.batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
    this.threads = threadsOf(options);
    this.maxInFlight = CHUNKS_PER_WORKER * Math.max(1, this.threads);
  }

  /** Takes the next read result: enriched here, or queued for the pool in the order read. */
  async add(result: ReadResult | UnparsedLine): Promise<void> {
    this.received += 1;
    if (this.pool === null && this.threads > 0 && this.received > THREADS_AFTER)
      this.pool = new EnrichPool(this.threads, { source: this.options.source, now: this.options.now });
    if (this.pool === null) {
      if (result.ok === 'unparsed') await this.acceptLine(lineToJobs(result.line, result.position, this.ctx));
      else await this.accept(result, result.ok ? recordToJob(result.record, this.ctx) : null);
      return;
    }
    this.chunk.push(result);
    if (this.chunk.length >= CHUNK_SIZE) await this.dispatch(this.pool);
  }

  /** Stops the enrichment threads, if any were started. */
  async close(): Promise<void> {
    await this.pool?.close();
  }

  /** Waits for every chunk in flight and stages what is left. */
  async finish(): Promise<void> {
    if (this.pool !== null && this.chunk.length > 0) await this.dispatch(this.pool);
    for (let c = this.inFlight.shift(); c !== undefined; c = this.inFlight.shift()) await this.settle(c);
    await this.flush();
  }

  private async dispatch(pool: EnrichPool): Promise<void> {
    const chunk = this.chunk;
    this.chunk = [];
    const items = chunk.flatMap((r): EnrichItem[] =>
      r.ok === 'unparsed' ? [{ line: r.line, position: r.position }] : r.ok ? [{ record: r.record }] : [],
    );
    const results = chunk.map((r): ReadOutcome | null =>
      r.ok === 'unparsed' ? null : r.ok ? { ok: true, position: r.position } : r,
    );
    const enriched = pool.enrich(items);
    // Awaited in order by settle(); this keeps a failure of a later chunk from going unhandled meanwhile.
    enriched.catch(() => undefined);
    this.inFlight.push({ results, enriched });
    while (this.inFlight.length > this.maxInFlight) {
      const oldest = this.inFlight.shift();
      if (oldest !== undefined) await this.settle(oldest);
    }
  }

  private async settle(chunk: Chunk): Promise<void> {
    const enriched = await chunk.enriched;
    let next = 0;
    for (const result of chunk.results) {
      if (result === null) await this.acceptLine(enriched[next++] as LineOutcome[] | undefined);
      else await this.accept(result, result.ok ? ((enriched[next++] as RecordOutcome | undefined) ?? null) : null);
    }
  }

  /** The read results of one line, each with its record's enrichment. */
  private async acceptLine(outcomes: readonly LineOutcome[] | undefined): Promise<void> {
    if (outcomes === undefined) throw new Error('no enrichment came back for a line');
    for (const { read, enriched } of outcomes) await this.accept(read, enriched);
  }

  /** Counts one read result and stages its enrichment (or rejects it); `enriched` is null for a read failure. */
  private async accept(result: ReadOutcome, enriched: RecordOutcome | null): Promise<void> {
    this.counts.read += 1;
    if (!result.ok) {
      this.reject(result.position, result.reason);
      return;
    }
    if (enriched === null) throw new Error(`no enrichment came back for ${result.position}`);
    if (!enriched.ok) {
      this.reject(result.position, enriched.reason);
      return;
    }
    this.batch.push({ job: enriched.job, position: result.position });
    if (this.batch.length >= this.batchSize) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.batch.length === 0) return;
    const batch = this.batch;
    this.batch = [];
    try {
      this.staged(batch, await this.store.stage(this.importId, batch));
    } catch (error) {
      if (error instanceof StoreUnavailableError) throw this.interrupted(error);
      await this.retryOneByOne(batch, error);
    }
    this.options.onProgress?.({ ...this.counts });
  }

  /** Publishes what was staged; an import that staged nothing publishes nothing (not even a sync). */
  async publish(): Promise<ImportSummary> {
    if (this.counts.staged === 0) {
      await this.store.discardImport(this.importId);
      return { ...this.counts, ...NOTHING_PUBLISHED, rejects: [...this.rejects], empty: true };
    }
    let published: PublishResult;
    try {
      published = await this.store.publish(this.importId, {
        now: this.options.now,
        sync: this.options.sync === true,
      });
    } catch (error) {
      throw this.interrupted(error);
    }
    return { ...this.counts, ...published, rejects: [...this.rejects], empty: false };
  }

  private async retryOneByOne(batch: readonly StagedJob[], batchError: unknown): Promise<void> {
    const refused: Reject[] = [];
    for (const item of batch) {
      try {
        this.staged([item], await this.store.stage(this.importId, [item]));
      } catch (error) {
        // A connection lost on the way is no posting's fault: it must not become a reject.
        if (error instanceof StoreUnavailableError) throw this.interrupted(error);
        const reason = error instanceof Error ? error.message : String(error);
        refused.push({ position: item.position, reason: `store rejected the posting: ${reason}` });
      }
    }
    // Every one refused: the store is failing, not the postings.
    if (refused.length === batch.length && batch.length > 1) throw this.interrupted(batchError);
    for (const r of refused) this.reject(r.position, r.reason);
  }

  private interrupted(error: unknown): ImportInterrupted {
    return new ImportInterrupted({ ...this.counts }, error);
  }

  private staged(
    batch: readonly StagedJob[],
    result: { staged: number; repeated: { position: string; firstPosition: string }[] },
  ): void {
    this.counts.staged += result.staged;
    if (result.repeated.length === 0) return;
    const keyAt = new Map(batch.map((b) => [b.position, b.job]));
    for (const r of result.repeated) {
      const job: Job | undefined = keyAt.get(r.position);
      this.reject(r.position, `the same posting (identity ${job?.key ?? '?'}) as ${r.firstPosition}, which is kept`);
    }
  }

  private reject(position: string, reason: string): void {
    this.counts.rejected += 1;
    const reject = { position, reason };
    if (this.rejects.length < MAX_KEPT_REJECTS) this.rejects.push(reject);
    this.options.onReject?.(reject);
  }
}
