/**
 * The body of an enrichment worker thread (enrich-pool.ts): receives chunks of parsed records,
 * answers each with the `enrichRecord` result of every record, in order, an enriched job as its
 * JSON document. Enrichment is pure, so a worker's answer is exactly what the main thread would
 * have computed. The document is what the store writes anyway: sending it instead of the object
 * costs one serialisation instead of two (structured clone here and there, then JSON.stringify
 * in the main thread), and the main thread's JSON.parse of it is cheaper than the clone's copy.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { enrichRecord } from './enrich.js';

/** What the pool sends: one chunk of records, numbered so the answer can be matched to it. */
export interface EnrichRequest {
  id: number;
  records: unknown[];
}

/** An `EnrichResult` as a worker sends it: the job as `JSON.stringify(job)`. */
export type WorkerResult = { ok: true; doc: string } | { ok: false; reason: string };

/** What a worker answers: one result per record of the chunk, in its order. */
export interface EnrichReply {
  id: number;
  results: WorkerResult[];
}

/** The context every record of an import shares (the pool's `workerData`). */
export interface EnrichWorkerData {
  source: string;
  now: number;
}

const ctx = workerData as EnrichWorkerData;
parentPort?.on('message', (request: EnrichRequest) => {
  const reply: EnrichReply = {
    id: request.id,
    results: request.records.map((record): WorkerResult => {
      const result = enrichRecord(record, { source: ctx.source, now: ctx.now });
      return result.ok ? { ok: true, doc: JSON.stringify(result.job) } : result;
    }),
  };
  parentPort?.postMessage(reply);
});
