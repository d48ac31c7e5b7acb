/**
 * The change feed's pages read and serialised in a thread of their own (feed-worker.ts), with its
 * own connection to the store (SQLite or PostgreSQL), at a batch job's priority: a page is up to
 * 1,000 whole postings (about 0.6 MB of JSON), and reading, parsing, presenting and serialising it
 * took 115–144 ms of the request thread, during which no other request was answered. The thread
 * answers with the page's bytes (moved, not copied), serialised with the route's response schema,
 * as Fastify would have; the route sends them with their own `duration_ms`. One thread, its pages
 * one after another: a page waits for the pages asked before it, never a search.
 */
import type { Worker } from 'node:worker_threads';
import { workerBeside } from '../lib/module-beside.js';
import { StoreUnavailableError } from '../store/job-store.js';
import type { FeedQuery } from './routes/job-changes.js';

/** The feed thread's name in the process's thread list (`top -H`, `ps -T`; at most 15 bytes). */
export const FEED_THREAD_NAME = 'jobsearch-feed';

/** What the route needs of the thread: a page's JSON bytes, ending with `"duration_ms":0}`. */
export interface FeedPages {
  page(query: FeedQuery): Promise<Uint8Array>;
}

/** What the thread is started with. */
export interface FeedWorkerData {
  databaseUrl: string;
}

export interface FeedRequest {
  id: number;
  query: FeedQuery;
}

export type FeedReply = { id: number } & (
  { ok: true; body: Uint8Array<ArrayBuffer> } | { ok: false; message: string; connectionLoss: boolean }
);

/** A started thread and the pages it owes. */
interface Running {
  readonly worker: Worker;
  readonly waiting: Map<number, { resolve(body: Uint8Array): void; reject(error: Error): void }>;
}

/**
 * The host of the feed thread, started at the first page. A thread that fails or ends fails the
 * pages it owed (a 500, or a 503 when it had lost the store) and the next page starts a new one.
 */
export class FeedThread implements FeedPages {
  readonly #databaseUrl: string;
  #running: Running | null = null;
  #nextId = 1;

  /** `databaseUrl`: the store the server reads (a SQLite file, or PostgreSQL). */
  constructor(databaseUrl: string) {
    this.#databaseUrl = databaseUrl;
  }

  page(query: FeedQuery): Promise<Uint8Array> {
    const running = (this.#running ??= this.#start());
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      running.waiting.set(id, { resolve, reject });
      running.worker.ref();
      const request: FeedRequest = { id, query };
      running.worker.postMessage(request);
    });
  }

  /** Ends the thread; pages it still owed fail. */
  async close(): Promise<void> {
    const running = this.#running;
    this.#running = null;
    if (running !== null) await running.worker.terminate();
  }

  #start(): Running {
    const data: FeedWorkerData = { databaseUrl: this.#databaseUrl };
    const worker = workerBeside(import.meta.url, 'feed-worker', { workerData: data, name: FEED_THREAD_NAME });
    const running: Running = { worker, waiting: new Map() };
    worker.on('message', (reply: FeedReply) => {
      const waiter = running.waiting.get(reply.id);
      running.waiting.delete(reply.id);
      this.#settled(running);
      if (reply.ok) waiter?.resolve(reply.body);
      else waiter?.reject(reply.connectionLoss ? new StoreUnavailableError(reply.message) : new Error(reply.message));
    });
    worker.on('error', (error) => {
      this.#lost(running, new Error(`the feed thread failed: ${error.message}`));
    });
    worker.on('exit', (code) => {
      this.#lost(running, new Error(`the feed thread ended (code ${code})`));
    });
    return running;
  }

  /** A thread that owes no page does not keep the process alive. */
  #settled(running: Running): void {
    if (running.waiting.size === 0) running.worker.unref();
  }

  #lost(running: Running, error: Error): void {
    if (this.#running === running) this.#running = null;
    for (const waiter of running.waiting.values()) waiter.reject(error);
    running.waiting.clear();
  }
}
