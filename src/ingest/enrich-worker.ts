/**
 * The body of an enrichment worker thread (enrich-pool.ts): receives chunks of parsed records and
 * unparsed NDJSON lines, answers each item with the `recordToJob` result of the record, or the
 * `lineToJobs` results of the line, in order. Enrichment is pure, so a worker's answer is exactly
 * what the main thread would have computed.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { enrichItem, type EnrichItem, type ItemOutcome } from './record-to-job.js';

/** What the pool sends: one chunk of items, numbered so the answer can be matched to it. */
export interface EnrichRequest {
  id: number;
  items: EnrichItem[];
}

/** What a worker answers: one result per item of the chunk, in its order. */
export interface EnrichReply {
  id: number;
  results: ItemOutcome[];
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
    results: request.items.map((item) => enrichItem(item, { source: ctx.source, now: ctx.now })),
  };
  parentPort?.postMessage(reply);
});
