/**
 * The body of an enrichment worker thread (enrich-pool.ts): receives chunks of parsed records,
 * answers each with the `recordToJob` result of every record, in order. Enrichment is pure, so
 * a worker's answer is exactly what the main thread would have computed.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { recordToJob, type RecordOutcome } from './record-to-job.js';

/** What the pool sends: one chunk of records, numbered so the answer can be matched to it. */
export interface EnrichRequest {
  id: number;
  records: unknown[];
}

/** What a worker answers: one result per record of the chunk, in its order. */
export interface EnrichReply {
  id: number;
  results: RecordOutcome[];
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
    results: request.records.map((record) => recordToJob(record, { source: ctx.source, now: ctx.now })),
  };
  parentPort?.postMessage(reply);
});
