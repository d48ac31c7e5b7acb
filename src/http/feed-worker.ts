/**
 * The feed thread's body (feed-thread.ts): opens its own connection to the store at the first
 * page (a schema check, no migration: the server's own connection migrated it), then answers each page request with
 * the page read and presented as on the request thread (readFeedAnswer) and serialised with the
 * route's response schema by fast-json-stringify, as Fastify serialises it: the same bytes, with
 * `"duration_ms":0}` at the end for the route to replace. The bytes are moved to the host.
 */
import { parentPort, workerData } from 'node:worker_threads';
import fastJsonStringify from 'fast-json-stringify';
import { isConnectionLoss } from '../store/connection-loss.js';
import type { JobStore } from '../store/job-store.js';
import { createStore, parseDatabaseUrl } from '../store/open-store.js';
import { lowerThreadPriority } from '../runtime/priority.js';
import type { FeedReply, FeedRequest, FeedWorkerData } from './feed-thread.js';
import { ChangesResponse, readFeedAnswer, ZERO_DURATION_TAIL } from './routes/job-changes.js';

const data = workerData as FeedWorkerData;
// A feed reader walks pages as fast as it can; a search is someone waiting.
lowerThreadPriority();
const serialize = fastJsonStringify(ChangesResponse);
const encoder = new TextEncoder();
/** The store, once opened; a failure to open fails the pages waiting for it, and the next page tries again. */
let opened: Promise<JobStore> | null = null;

function feedStore(): Promise<JobStore> {
  const opening = (opened ??= openFeedStore(data.databaseUrl));
  opening.catch(() => {
    if (opened === opening) opened = null;
  });
  return opening;
}

async function openFeedStore(databaseUrl: string): Promise<JobStore> {
  const store = await createStore(parseDatabaseUrl(databaseUrl));
  try {
    await store.checkSchema();
  } catch (error) {
    await store.close().catch(() => undefined);
    throw error;
  }
  return store;
}

async function answer({ id, query }: FeedRequest): Promise<FeedReply> {
  try {
    const json = serialize({ ...(await readFeedAnswer(await feedStore(), query)), duration_ms: 0 });
    if (!json.endsWith(ZERO_DURATION_TAIL)) throw new Error('a feed page must end with its duration_ms');
    return { id, ok: true, body: encoder.encode(json) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { id, ok: false, message, connectionLoss: isConnectionLoss(error) };
  }
}

parentPort?.on('message', (request: FeedRequest) => {
  void answer(request).then((reply) => {
    parentPort?.postMessage(reply, reply.ok ? [reply.body.buffer] : []);
  });
});
