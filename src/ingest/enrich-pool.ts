/**
 * Enrichment off the main thread: a few worker threads (enrich-worker.ts) enrich chunks of
 * records and NDJSON lines (parsed there) while the main thread reads the input and writes to
 * the store, so reading, enriching and staging overlap. `enrich` answers a chunk with exactly what `recordToJob` gives in this
 * thread (the same function runs there); the caller keeps the chunks' order. A worker that dies
 * fails every chunk it holds, and the pool with it (the import then fails, nothing published).
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { workerBeside } from '../lib/module-beside.js';
import { enrichItem, type EnrichItem, type ItemOutcome } from './record-to-job.js';
import type { EnrichReply, EnrichRequest, EnrichWorkerData } from './enrich-worker.js';

/** At most this many enrichment threads, however many cores there are (the store is the next limit). */
export const MAX_ENRICH_WORKERS = 4;

/** Worker threads worth starting here: one per core beside the main thread, at most MAX_ENRICH_WORKERS. */
export function defaultEnrichWorkers(): number {
  return Math.min(MAX_ENRICH_WORKERS, Math.max(1, availableParallelism() - 1));
}

interface Pending {
  resolve(results: ItemOutcome[]): void;
  reject(error: Error): void;
}

/** A fixed set of enrichment threads for one import (one source, one `now`). */
export class EnrichPool {
  private readonly workers: Worker[];
  private readonly pending = new Map<number, Pending>();
  private readonly load: number[];
  private nextId = 0;
  private failure: Error | null = null;

  constructor(
    size: number,
    private readonly data: EnrichWorkerData,
  ) {
    this.workers = Array.from({ length: Math.max(1, size) }, () => this.spawn(data));
    this.load = this.workers.map(() => 0);
  }

  /** The results of `enrichItem` for each item, in order, computed on the least busy thread. */
  enrich(items: EnrichItem[]): Promise<ItemOutcome[]> {
    if (this.failure !== null) return Promise.reject(this.failure);
    let w = 0;
    for (let i = 1; i < this.load.length; i++) if ((this.load[i] ?? 0) < (this.load[w] ?? 0)) w = i;
    const id = this.nextId++;
    const request: EnrichRequest = { id, items };
    this.load[w] = (this.load[w] ?? 0) + 1;
    return new Promise<ItemOutcome[]>((resolve, reject) => {
      this.pending.set(id, {
        resolve: (results) => {
          this.load[w] = (this.load[w] ?? 1) - 1;
          resolve(results);
        },
        reject,
      });
      try {
        this.workers[w]?.postMessage(request);
      } catch {
        // A record that cannot be copied to a thread (a getter that throws, a function): enriched
        // here, where recordToJob turns its failure into a reject like any other.
        this.pending.delete(id);
        this.load[w] = (this.load[w] ?? 1) - 1;
        resolve(items.map((item) => enrichItem(item, { source: this.data.source, now: this.data.now })));
      }
    });
  }

  /** Stops every thread; chunks still in flight fail. */
  async close(): Promise<void> {
    this.fail(new Error('the enrichment pool was closed'));
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private spawn(data: EnrichWorkerData): Worker {
    const worker = spawnEnrichWorker(data);
    worker.on('message', (reply: EnrichReply) => {
      const pending = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      pending?.resolve(reply.results);
    });
    worker.on('error', (error) => {
      this.fail(new Error(`an enrichment worker failed: ${error.message}`));
    });
    worker.on('exit', (code) => {
      this.fail(new Error(`an enrichment worker exited (code ${code})`));
    });
    return worker;
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const p of this.pending.values()) p.reject(this.failure);
    this.pending.clear();
  }
}

/** The worker runs enrich-worker beside this file (lib/module-beside.ts). */
function spawnEnrichWorker(data: EnrichWorkerData): Worker {
  return workerBeside(import.meta.url, 'enrich-worker', { workerData: data });
}
