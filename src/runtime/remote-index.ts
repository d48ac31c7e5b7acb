import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import { workerBeside } from '../lib/module-beside.js';
import type { SalaryBucket } from '../domain/salary-buckets.js';
import { DEFAULT_NEW_WITHIN_MS, type CatchUpReport } from './change-applier.js';
import type { BuiltIndex } from './live-index.js';
import type { IndexFileReport } from './index-file-step.js';
import type { BuildPriority } from './index-builder.js';
import {
  remoteReader,
  type ArgsOf,
  type CallOf,
  type CallReply,
  type ReaderMethod,
  type ResultOf,
} from './reader-calls.js';

/** An index worker's name in the process's thread list (`top -H`, `ps -T`; at most 15 bytes). */
export const INDEX_THREAD_NAME = 'jobsearch-index';

/** A call that takes longer than this is reported as an error rather than waited for. */
const CALL_TIMEOUT_MS = 10_000;

export type WorkerReport =
  | {
      type: 'ready';
      size: number;
      cursor: number;
      nextExpiry: number;
      loadMs: number;
      buildMs: number;
      heapUsed: number;
      indexFile: IndexFileReport;
    }
  | { type: 'failed'; message: string };

/** Asks the worker to read the store's change feed and apply it (change-applier.ts). */
export interface CatchUpRequest {
  type: 'catch-up';
  id: number;
  now: number;
  /** Merge the segments into a new base (in memory) instead of reading the change feed. */
  merge?: boolean;
}
export type CatchUpReply = { type: 'caught-up'; id: number } & (
  { ok: true; report: CatchUpReport } | { ok: false; message: string }
);

export interface WorkerBuildOptions {
  databaseUrl: string;
  /** A hot standby (DATABASE_READ_URL): the worker checks its schema instead of migrating it. */
  readOnly?: boolean;
  salaryBuckets: readonly SalaryBucket[];
  now: number;
  /** The is_new window in ms (NEW_WITHIN_DAYS; default 7 days): its end is a moment answers change. */
  newWithinMs?: number;
  /** Aborting terminates the worker and rejects the build. */
  signal?: AbortSignal;
  /** Where the build is saved (INDEX_FILE; null or absent: never). */
  indexFile?: string | null;
  /** Start from the saved index when it fits the store (the first build of a process), instead of building. */
  loadIndexFile?: boolean;
  /** The CPU priority of the index builder process (default normal; low beside a serving index). */
  buildPriority?: BuildPriority;
  /**
   * A store of at most this many postings (expired included) is built in the worker itself and
   * served as built, then saved, instead of by the builder process (default 0: never).
   */
  buildHereUpTo?: number;
}

/**
 * Builds an index in a worker thread, which then holds it and answers its calls; the returned
 * reader forwards each call there synchronously (Atomics.wait on a shared flag, then the reply
 * taken off the port with receiveMessageOnPort). The main thread waits only for the call itself,
 * never for a load or a build. The worker opens its own connection to the store, so the million
 * postings of a load never cross threads, and terminating it frees the old index at once.
 */
export async function buildInWorker(options: WorkerBuildOptions): Promise<BuiltIndex> {
  const started = startWorker(options);
  const report = await untilReady(started.worker, options.signal);
  if (report.type === 'failed') {
    await started.worker.terminate();
    throw new Error(`the index worker could not build the index: ${report.message}`);
  }
  return hostIndex(started, report, options.now);
}

/** A worker started on the build, with the port and the shared flag its calls are answered on. */
interface StartedWorker {
  readonly worker: Worker;
  readonly port: MessagePort;
  readonly signal: Int32Array;
}

function startWorker(options: WorkerBuildOptions): StartedWorker {
  const { port1: mine, port2: theirs } = new MessageChannel();
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const { signal: _abort, ...settings } = options;
  const worker = spawnIndexWorker(
    {
      ...settings,
      newWithinMs: options.newWithinMs ?? DEFAULT_NEW_WITHIN_MS,
      indexFile: options.indexFile ?? null,
      loadIndexFile: options.loadIndexFile === true,
      buildPriority: options.buildPriority ?? 'normal',
      buildHereUpTo: options.buildHereUpTo ?? 0,
      port: theirs,
      signal,
    },
    [theirs],
  );
  return { worker, port: mine, signal };
}

/**
 * The worker's first report (`ready` or `failed`); rejects, and terminates the worker, if it errs,
 * exits first or the build is aborted.
 */
async function untilReady(worker: Worker, abortSignal: AbortSignal | undefined): Promise<WorkerReport> {
  const abort = (): void => void worker.terminate();
  abortSignal?.addEventListener('abort', abort);
  // Listeners are removed one by one: removeAllListeners would also drop the worker's own
  // newListener hook, after which a 'message' listener added later never hears anything.
  let onMessage: (r: WorkerReport) => void = () => undefined;
  let onError: (e: Error) => void = () => undefined;
  let onExit: (code: number) => void = () => undefined;
  return new Promise<WorkerReport>((resolve, reject) => {
    if (abortSignal?.aborted) reject(new Error('the index build was aborted'));
    onMessage = resolve;
    onError = reject;
    onExit = (code) => {
      reject(
        new Error(
          abortSignal?.aborted
            ? 'the index build was aborted'
            : `the index worker exited (code ${code}) before it was ready`,
        ),
      );
    };
    worker.once('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
  })
    .catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    })
    .finally(() => {
      abortSignal?.removeEventListener('abort', abort);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    });
}

/** The ready worker as a BuiltIndex: its queries called synchronously, its catch-ups asked by message. */
function hostIndex(
  { worker, port, signal }: StartedWorker,
  report: Extract<WorkerReport, { type: 'ready' }>,
  builtAt: number,
): BuiltIndex {
  // The worker keeps nothing alive by itself: an idle index must not hold the process open.
  worker.unref();
  let retired = false;
  let lost: string | null = null;
  // A worker that dies (out of memory, a crash) must not make every call wait for the timeout.
  worker.on('error', (error) => (lost ??= error.message));
  worker.on('exit', (code) => (lost ??= `exited with code ${code}`));
  let calls = 0;
  const call = <M extends ReaderMethod>(method: M, args: ArgsOf<M>): ResultOf<M> => {
    if (retired) throw new Error('this index has been retired');
    if (lost !== null) throw new Error(`the index worker is gone (${lost})`);
    // The worker ran `method` of the same table (reader-calls.ts): its result, as the port copies it.
    return callSync(port, signal, { id: ++calls, method, args }) as ResultOf<M>;
  };
  const state = { size: report.size };
  const catchUps = catchUpChannel(worker, (caughtUp) => (state.size = caughtUp.size));
  const ask = (now: number, merge: boolean): Promise<CatchUpReport> => {
    if (retired || lost !== null) return Promise.reject(new Error(`the index worker is gone (${lost ?? 'retired'})`));
    return catchUps.ask(now, merge);
  };
  return {
    index: remoteReader(() => state.size, call),
    cursor: report.cursor,
    builtAt,
    nextExpiry: report.nextExpiry,
    healthy: () => lost === null,
    stats: {
      documents: report.size,
      cursor: report.cursor,
      loadMs: report.loadMs,
      buildMs: report.buildMs,
      indexFile: report.indexFile,
    },
    catchUp: (now: number) => ask(now, false),
    merge: (now: number) => ask(now, true),
    retire: () => {
      retired = true;
      catchUps.failAll('the index was retired');
      port.close();
      void worker.terminate();
    },
  };
}

/**
 * Catch-ups are asked on the worker's own channel (not the call port): they are asynchronous. Each
 * is answered by its id; every one waiting fails when the worker exits or the index is retired.
 */
function catchUpChannel(
  worker: Worker,
  onCaughtUp: (report: CatchUpReport) => void,
): { ask(now: number, merge: boolean): Promise<CatchUpReport>; failAll(why: string): void } {
  const waiting = new Map<number, { resolve: (r: CatchUpReport) => void; reject: (e: Error) => void }>();
  worker.on('message', (reply: CatchUpReply) => {
    const pending = waiting.get(reply.id);
    if (!pending) return;
    waiting.delete(reply.id);
    if (reply.ok) {
      onCaughtUp(reply.report);
      pending.resolve(reply.report);
    } else pending.reject(new Error(`the index worker could not catch up: ${reply.message}`));
  });
  const failAll = (why: string): void => {
    for (const p of waiting.values()) p.reject(new Error(why));
    waiting.clear();
  };
  // The files the worker's index reads from (its saved file) are closed by Node as the worker
  // ends (trackUnmanagedFds, spawnIndexWorker), not here: by the time 'exit' is heard their numbers
  // are free, and another thread may have opened something else under them.
  worker.on('exit', () => {
    failAll('the index worker exited');
  });
  let asked = 0;
  return {
    ask: (now, merge) =>
      new Promise<CatchUpReport>((resolve, reject) => {
        const id = ++asked;
        waiting.set(id, { resolve, reject });
        worker.postMessage({ type: 'catch-up', id, now, merge } satisfies CatchUpRequest);
      }),
    failAll,
  };
}

/**
 * Posts the call and waits for its own reply. The flag is cleared before each look at the port
 * and the worker sets it only after posting, so a reply that lands between the look and the wait
 * still wakes it. Replies are matched by id: one that arrives after its call gave up (a timeout)
 * is dropped by the next call instead of being taken for that call's answer — without the ids, a
 * single late reply would shift every later answer by one call.
 */
function callSync<M extends ReaderMethod>(port: MessagePort, signal: Int32Array, request: CallOf<M>): unknown {
  port.postMessage(request);
  const deadline = performance.now() + CALL_TIMEOUT_MS;
  for (;;) {
    Atomics.store(signal, 0, 0);
    const reply = takeReply(port, request.id);
    if (reply !== undefined) {
      if (!reply.ok) throw new Error(reply.message);
      return reply.value;
    }
    const left = deadline - performance.now();
    if (left <= 0) throw new Error(`the index worker did not answer ${request.method} within ${CALL_TIMEOUT_MS} ms`);
    Atomics.wait(signal, 0, 0, left);
  }
}

/** The reply to call `id` if it has arrived; replies to earlier calls found on the way are dropped. */
export function takeReply(port: MessagePort, id: number): CallReply | undefined {
  for (;;) {
    const received = receiveMessageOnPort(port);
    if (received === undefined) return undefined;
    const reply = received.message as CallReply;
    if (reply.id === id) return reply;
  }
}

/**
 * The worker runs index-worker beside this file (lib/module-beside.ts). Node closes the descriptors the
 * worker opened with `fs.open*` as it ends (`trackUnmanagedFds`, Node's default, set here because
 * the index's saved file depends on it): closing them from this thread once the worker has ended
 * closed whatever had taken their numbers meanwhile — another worker's event loop, which aborted
 * the process (test/runtime/index-file.test.ts).
 */
function spawnIndexWorker(data: object, transfer: MessagePort[]): Worker {
  return workerBeside(import.meta.url, 'index-worker', {
    workerData: data,
    transferList: transfer,
    trackUnmanagedFds: true,
  });
}
