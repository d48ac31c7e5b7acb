/**
 * An import: read results -> validate + enrich -> upsert in batches (one transaction each).
 * A bad record is a reject with its position and reason; it never stops the import or costs a
 * good neighbour its place: when a batch fails as a whole, its jobs are retried one by one and
 * only the ones that still fail are rejected (if every one fails, the store is down: the error
 * propagates). All rejects are counted and passed to `onReject`; the first MAX_KEPT_REJECTS are
 * kept in the summary.
 */
import type { Job } from '../domain/job.js';
import type { JobStore } from '../store/job-store.js';
import { enrichRecord, type EnrichContext } from './enrich.js';
import type { PlaceResolver } from './locations.js';
import { readPostings, type ReadResult } from './read-postings.js';

export const DEFAULT_BATCH_SIZE = 1_000;
export const MAX_KEPT_REJECTS = 1_000;

export interface Reject {
  position: string;
  reason: string;
}

export interface ImportProgress {
  read: number;
  inserted: number;
  updated: number;
  rejected: number;
}

export interface ImportSummary extends ImportProgress {
  /** The first MAX_KEPT_REJECTS rejects; `rejected` counts them all. */
  rejects: Reject[];
}

export interface ImportOptions {
  source: string;
  now: number;
  batchSize?: number;
  onProgress?(progress: ImportProgress): void;
  /** Called for every reject, also those beyond the kept list (e.g. to write a reject report). */
  onReject?(reject: Reject): void;
  places?: PlaceResolver;
}

/** Imports read results (from `readPostings`, or any source of them). */
export async function runImport(
  input: AsyncIterable<ReadResult> | Iterable<ReadResult>,
  store: JobStore,
  options: ImportOptions,
): Promise<ImportSummary> {
  const run = new ImportRun(store, options);
  for await (const result of input) await run.add(result);
  await run.flush();
  return run.summary();
}

/** Imports a file of postings (NDJSON, JSON array, JSON-LD document); `-` reads stdin. */
export async function importFile(path: string, store: JobStore, options: ImportOptions): Promise<ImportSummary> {
  return runImport(readPostings(path), store, options);
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

class ImportRun {
  private readonly counts: ImportProgress = { read: 0, inserted: 0, updated: 0, rejected: 0 };
  private readonly rejects: Reject[] = [];
  private readonly ctx: EnrichContext;
  private readonly batchSize: number;
  private batch: { job: Job; position: string }[] = [];

  constructor(
    private readonly store: JobStore,
    private readonly options: ImportOptions,
  ) {
    this.ctx = options.places
      ? { source: options.source, now: options.now, places: options.places }
      : { source: options.source, now: options.now };
    this.batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  }

  async add(result: ReadResult): Promise<void> {
    this.counts.read += 1;
    if (!result.ok) return this.reject(result.position, result.reason);
    const enriched = enrichRecord(result.record, this.ctx);
    if (!enriched.ok) return this.reject(result.position, enriched.reason);
    this.batch.push({ job: enriched.job, position: result.position });
    if (this.batch.length >= this.batchSize) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.batch.length === 0) return;
    const batch = this.batch;
    this.batch = [];
    try {
      this.count(await this.store.upsert(batch.map((b) => b.job)));
    } catch (error) {
      await this.retryOneByOne(batch, error);
    }
    this.options.onProgress?.({ ...this.counts });
  }

  private async retryOneByOne(batch: readonly { job: Job; position: string }[], batchError: unknown): Promise<void> {
    let failed = 0;
    for (const { job, position } of batch) {
      try {
        this.count(await this.store.upsert([job]));
      } catch (error) {
        failed += 1;
        this.reject(position, `store rejected the posting: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (failed === batch.length && batch.length > 1) throw batchError;
  }

  private count(result: { inserted: number; updated: number }): void {
    this.counts.inserted += result.inserted;
    this.counts.updated += result.updated;
  }

  private reject(position: string, reason: string): void {
    this.counts.rejected += 1;
    const reject = { position, reason };
    if (this.rejects.length < MAX_KEPT_REJECTS) this.rejects.push(reject);
    this.options.onReject?.(reject);
  }

  summary(): ImportSummary {
    return { ...this.counts, rejects: [...this.rejects] };
  }
}
