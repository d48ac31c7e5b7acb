/**
 * The body of an index worker thread: streams the live postings from the store (its own
 * connection) into a SearchIndex, reports `ready`, then answers synchronous calls from the
 * main thread (remote-index.ts) until it is terminated. Nothing of the load or build runs on the
 * thread that answers HTTP requests.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { openStore } from '../store/open-store.js';
import type { SearchIndex } from '../search/search-index.js';
import type { SalaryBucket } from '../domain/salary-buckets.js';
import { buildStreaming } from './live-index.js';
import type { CallReply, CallRequest, WorkerReport } from './remote-index.js';

export interface IndexWorkerData {
  databaseUrl: string;
  /** A hot standby (DATABASE_READ_URL): its schema is checked, never migrated. */
  readOnly?: boolean;
  salaryBuckets: readonly SalaryBucket[];
  now: number;
  /** The port calls arrive on; replies go back on it. */
  port: MessagePort;
  /** Int32Array over a SharedArrayBuffer: set to 1 and notified when a reply is posted. */
  signal: Int32Array;
}

async function main(): Promise<void> {
  const data = workerData as IndexWorkerData;
  const report = (message: WorkerReport): void => parentPort?.postMessage(message);
  try {
    const store = await openStore(data.databaseUrl, { readOnly: data.readOnly === true });
    let index: SearchIndex;
    let cursor: number;
    let nextExpiry: number;
    let loadMs: number;
    let buildMs: number;
    try {
      cursor = await store.changeCursor();
      const streamed = await buildStreaming(store, { salaryBuckets: data.salaryBuckets, now: data.now });
      ({ index, nextExpiry, loadMs, buildMs } = streamed);
    } finally {
      await store.close();
    }
    warmUp(index);
    serve(index, data);
    report({
      type: 'ready',
      size: index.size,
      cursor,
      nextExpiry,
      loadMs,
      buildMs,
      heapUsed: process.memoryUsage().heapUsed,
    });
  } catch (error) {
    report({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * A new worker runs its code cold (interpreted): a few typical queries before the swap compile the
 * hot paths here rather than in the first requests, and leave the commonest answers cached.
 */
function warmUp(index: SearchIndex): void {
  const filter = {};
  index.count(filter);
  for (const order of ['desc', 'asc'] as const) index.list({ filter, sort: 'date', order, page: 1, perPage: 20 });
  index.list({ filter, sort: 'date', order: 'desc', page: 50, perPage: 20 });
  for (const mode of ['conjunctive', 'disjunctive'] as const) index.facets({ filter, mode, facetLimit: 100 });
  index.suggestLocations('b', 10);
  index.suggestCompanies('a', 10);
}

function serve(index: SearchIndex, data: IndexWorkerData): void {
  const methods = index as unknown as Record<string, (...args: unknown[]) => unknown>;
  data.port.on('message', (request: CallRequest) => {
    let reply: CallReply;
    try {
      const method = methods[request.method];
      if (typeof method !== 'function') throw new Error(`the index has no method ${request.method}`);
      reply = { id: request.id, ok: true, value: method.apply(index, request.args) };
    } catch (error) {
      reply = { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    try {
      data.port.postMessage(reply);
    } catch (error) {
      // An answer that cannot be sent (not cloneable) is still answered: with the reason.
      data.port.postMessage({ id: request.id, ok: false, message: `the reply could not be sent: ${String(error)}` });
    }
    Atomics.store(data.signal, 0, 1);
    Atomics.notify(data.signal, 0);
  });
}

void main();
