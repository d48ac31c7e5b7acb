/**
 * The body of an index worker thread: gets its index — read from the saved file when it fits,
 * else built and saved by a process of its own (index-builder.ts) and read from the file (a
 * temporary one without INDEX_FILE), or, when that fails, streamed from the store (its own
 * connection) into a SearchIndex here — reports
 * `ready`, then answers synchronous calls from the
 * main thread (remote-index.ts) until it is terminated; on a `catch-up` message it reads the
 * store's change feed and applies the changes as a new segment (change-applier.ts), answering
 * calls between the slices of that work. Nothing of the load, the build or a catch-up runs on the
 * thread that answers HTTP requests.
 */
import { closeSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { openStore } from '../store/open-store.js';
import type { JobStore } from '../store/job-store.js';
import type { SearchIndex, SearchReader } from '../search/segments/search-index.js';
import { ChangeApplier } from './change-applier.js';
import type { SalaryBucket } from '../domain/salary-buckets.js';
import { buildStreaming } from './live-index.js';
import {
  expectedOf,
  readIndexFile,
  removeOwned,
  running,
  writeIndexFile,
  type Expected,
  type IndexFileReport,
} from './index-file-step.js';
import { buildApart, type BuildPriority } from './index-builder.js';
import { PAUSE_BUDGET_MS, pacedPause, runStepsPausing } from '../lib/steps.js';
import { INDEX_THREAD_NAME, type CatchUpRequest, type WorkerReport } from './remote-index.js';
import { answerCall, isReaderMethod, type CallReply, type CallRequest } from './reader-calls.js';

export interface IndexWorkerData {
  databaseUrl: string;
  /** A hot standby (DATABASE_READ_URL): its schema is checked, never migrated. */
  readOnly?: boolean;
  salaryBuckets: readonly SalaryBucket[];
  now: number;
  /** The is_new window in ms (NEW_WITHIN_DAYS). */
  newWithinMs: number;
  /** The port calls arrive on; replies go back on it. */
  port: MessagePort;
  /** Int32Array over a SharedArrayBuffer: set to 1 and notified when a reply is posted. */
  signal: Int32Array;
  /** Where the built index is saved (null: never); with `loadIndexFile`, first tried to start from. */
  indexFile: string | null;
  loadIndexFile: boolean;
  /** The CPU priority of the index builder process, when one builds. */
  buildPriority: BuildPriority;
  /** Postings (expired included) up to which the index is built here, not by the builder process. */
  buildHereUpTo: number;
}

async function main(): Promise<void> {
  const data = workerData as IndexWorkerData;
  nameThread();
  /** Files the index reads from while it serves (its saved file): Node closes them when this worker ends. */
  const files: number[] = [];
  try {
    const open = () => openStore(data.databaseUrl, { readOnly: data.readOnly === true });
    const loading = await open();
    let got: Obtained;
    try {
      got = await obtainIndex(data, loading, files);
    } finally {
      // The connection that read every posting is closed: its page cache is full of pages the
      // change feed will not read again.
      await loading.close();
    }
    // The index follows the store by its change feed from here on, over a fresh connection that
    // stays open and only ever reads the changes.
    await serveIndex(data, await open(), got, files.length > 0);
  } catch (error) {
    // Not reported as ready: closed now rather than when the host ends this worker.
    for (const fd of files) closeSync(fd);
    report({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}

function report(message: WorkerReport): void {
  parentPort?.postMessage(message);
}

/** The index this worker serves, where it came from, and what it cost. */
interface Obtained {
  index: SearchIndex;
  cursor: number;
  loadMs: number;
  buildMs: number;
  file: IndexFileReport;
}

/**
 * The index: read from the saved file when it fits the store; else built by a process of its own
 * and read from the file it saved; else, when that fails, built here from the store.
 */
async function obtainIndex(data: IndexWorkerData, loading: JobStore, files: number[]): Promise<Obtained> {
  const meta = await expectedOf(loading, data.salaryBuckets);
  const loaded = data.indexFile !== null && data.loadIndexFile ? readIndexFile(data.indexFile, meta) : null;
  if (loaded?.state === 'loaded') {
    if (loaded.fd !== null) files.push(loaded.fd);
    return { index: loaded.index, cursor: loaded.cursor, loadMs: 0, buildMs: 0, file: loaded.report };
  }
  if (data.buildHereUpTo > 0 && (await loading.count()) <= data.buildHereUpTo) {
    // A small store is built here and served as built (its cards in memory), then saved:
    // starting a process and a keyword thread and reading the file back take longer than that.
    const here = await buildStreaming(loading, { salaryBuckets: data.salaryBuckets, now: data.now });
    let file: IndexFileReport = { state: 'off' };
    if (data.indexFile !== null) {
      file = writeIndexFile(data.indexFile, here.index, { ...meta, builtAt: data.now, documents: here.index.size });
      if (loaded?.state === 'refused') file = { ...file, refused: loaded.report.reason };
    }
    return { index: here.index, cursor: meta.cursor, loadMs: here.loadMs, buildMs: here.buildMs, file };
  }
  const apart = await buildApartAndRead(data, loading, meta, loaded?.report.reason, files);
  if (apart.served !== null) return { ...apart.served, loadMs: apart.loadMs, buildMs: apart.buildMs, file: apart.file };
  // No file to serve from (it could not be built, written or read back): built here, its cards in
  // memory.
  const here = await buildStreaming(loading, { salaryBuckets: data.salaryBuckets, now: data.now });
  return { index: here.index, cursor: meta.cursor, loadMs: here.loadMs, buildMs: here.buildMs, file: apart.file };
}

/**
 * Built and saved by a process of its own (index-builder.ts), then served from the file as a start
 * from it would be: the cards stay in the file, and the build's working memory leaves with that
 * process. Without INDEX_FILE the file is a temporary one, removed as soon as it is read (the
 * worker reads its cards from it through the descriptor it keeps open). (Another process of the
 * same store may have saved a newer INDEX_FILE meanwhile: as good, from its cursor.) `served` is
 * null when there is no file to serve from.
 */
async function buildApartAndRead(
  data: IndexWorkerData,
  loading: JobStore,
  meta: Expected,
  refused: string | undefined,
  files: number[],
): Promise<{
  served: { index: SearchIndex; cursor: number } | null;
  loadMs: number;
  buildMs: number;
  file: IndexFileReport;
}> {
  const scratch = data.indexFile === null ? temporaryFolder() : null;
  const path = data.indexFile ?? (scratch === null ? null : join(scratch, 'index'));
  if (path === null) return { served: null, loadMs: 0, buildMs: 0, file: { state: 'off' } };
  try {
    const apart = await buildApart({
      databaseUrl: data.databaseUrl,
      readOnly: data.readOnly === true,
      salaryBuckets: data.salaryBuckets,
      now: data.now,
      path,
      meta,
      priority: data.buildPriority,
    });
    let built: IndexFileReport = apart.type === 'built' ? apart.file : { state: 'failed', reason: apart.message };
    const times = apart.type === 'built' ? { loadMs: apart.loadMs, buildMs: apart.buildMs } : { loadMs: 0, buildMs: 0 };
    if (refused !== undefined) built = { ...built, refused };
    const saved =
      built.state === 'saved' ? readIndexFile(path, { ...meta, cursor: await loading.changeCursor() }) : null;
    let served: { index: SearchIndex; cursor: number } | null = null;
    if (saved?.state === 'loaded') {
      served = { index: saved.index, cursor: saved.cursor };
      if (saved.fd !== null) files.push(saved.fd);
      built = { ...built, reloadMs: saved.report.ms ?? 0 };
    }
    // A temporary file is reported as no file, unless it failed (the reason is worth a line).
    return { served, ...times, file: scratch === null || built.state === 'failed' ? built : { state: 'off' } };
  } finally {
    if (scratch !== null) rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Serves the index: follows the store from its cursor (a saved index first catches up with the
 * changes since, and what expired meanwhile, as the follower's catch-ups do), is warmed up,
 * answers calls and catch-ups, reads its cards ahead, and reports ready.
 */
async function serveIndex(data: IndexWorkerData, store: JobStore, got: Obtained, fromFile: boolean): Promise<void> {
  const applier = new ChangeApplier(store, got.index, got.cursor, {
    salaryBuckets: data.salaryBuckets,
    newWithinMs: data.newWithinMs,
    // A merge's cards go to a nameless file beside the saved index (or in the temporary folder).
    spillDir: data.indexFile === null ? tmpdir() : dirname(data.indexFile),
  });
  let now = data.now;
  let file = got.file;
  if (file.state === 'loaded') {
    now = Date.now();
    const caughtUp = await applier.catchUp(now);
    file = { ...file, changes: caughtUp.changes };
  }
  warmUp(applier.reader);
  serve(() => applier.reader, data);
  parentPort?.on('message', (request: CatchUpRequest) => void catchUp(applier, request));
  if (fromFile) void prefetchCards(got.index);
  void prepareImpact(got.index);
  report({
    type: 'ready',
    size: applier.reader.size,
    cursor: applier.cursor,
    nextExpiry: applier.nextChange(now),
    loadMs: got.loadMs,
    buildMs: got.buildMs,
    heapUsed: process.memoryUsage().heapUsed,
    indexFile: file,
  });
}

/**
 * A private folder in the system's temporary folder (TMPDIR) for a build's file, named after this
 * process; null if none can be made. A worker ended during its build (a shutdown) cannot remove
 * its folder, so folders of processes no longer running are removed first.
 */
function temporaryFolder(): string | null {
  const root = tmpdir();
  // Not this process's own: another worker of it may be building in one.
  removeOwned(
    root,
    (name) => (name.startsWith(TEMPORARY_PREFIX) ? /^(\d+)-/.exec(name.slice(TEMPORARY_PREFIX.length)) : null),
    (pid) => !running(pid),
  );
  try {
    return mkdtempSync(join(root, `${TEMPORARY_PREFIX}${process.pid}-`));
  } catch {
    return null;
  }
}

const TEMPORARY_PREFIX = 'jobsearch-index-';

function nameThread(): void {
  try {
    writeFileSync('/proc/thread-self/comm', INDEX_THREAD_NAME);
  } catch {
    // Not Linux: the thread keeps its name.
  }
}

/**
 * A new worker runs its code cold (interpreted): a few typical queries before the swap compile the
 * hot paths here rather than in the first requests, and leave the commonest answers cached.
 */
function warmUp(index: SearchReader): void {
  const filter = {};
  index.count(filter);
  for (const order of ['desc', 'asc'] as const) index.list({ filter, sort: 'date', order, page: 1, perPage: 20 });
  index.list({ filter, sort: 'date', order: 'desc', page: 50, perPage: 20 });
  for (const mode of ['conjunctive', 'disjunctive'] as const) index.facets({ filter, mode, facetLimit: 100 });
  // Keywords: their reading (interpret.ts) runs here, as in no other call; each route's once.
  const keywords = { keywords: 'developer in berlin' };
  index.facetsAsRead({ filter: keywords, mode: 'conjunctive', facetLimit: 10 });
  index.listAsRead({ filter: keywords, sort: 'relevance', order: 'desc', page: 1, perPage: 20 });
  index.countAsRead(keywords);
  index.suggestLocations('b', 10);
  index.suggestCompanies('a', 10);
}

/**
 * An index read from its file reads a page's cards from the file, by position: after a restart, or
 * once the system has dropped them as cold, each is a disk read (about 0.25 ms; a page of 20 then
 * took milliseconds). Read once in the background, paced as a catch-up is, they are cached before
 * most queries ask. A failure here is no failure of the index: a card read at query time reports
 * its own.
 */
async function prefetchCards(index: SearchIndex): Promise<void> {
  try {
    await runStepsPausing(index.prefetchCardSteps(), pause);
  } catch {
    // Nothing to do: the reads were only ahead of time.
  }
}

/**
 * The postings of the commonest title words' terms ordered by impact (SearchIndex.impactSteps),
 * in the background, paced as a catch-up is: their first queries then cost what later ones do.
 * Merged and caught-up readers prepare their new segments before they are published.
 */
async function prepareImpact(index: SearchIndex): Promise<void> {
  try {
    await runStepsPausing(index.impactSteps(), pause);
  } catch {
    // Nothing to do: a query orders what it needs itself.
  }
}

/** Catch-ups run one at a time, in the order asked (the follower asks for one at a time anyway). */
let catchingUp: Promise<void> = Promise.resolve();

function catchUp(applier: ChangeApplier, request: CatchUpRequest): Promise<void> {
  catchingUp = catchingUp.then(async () => {
    try {
      const done = request.merge ? await applier.merge(request.now, pause) : await applier.catchUp(request.now, pause);
      parentPort?.postMessage({ type: 'caught-up', id: request.id, ok: true, report: done });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      parentPort?.postMessage({ type: 'caught-up', id: request.id, ok: false, message });
    }
  });
  return catchingUp;
}

/**
 * Lets the calls that arrived meanwhile be answered: a catch-up offers to pause every few postings,
 * and pauses once it has held the thread for PAUSE_BUDGET_MS.
 */
const pause = pacedPause(PAUSE_BUDGET_MS);

function serve(current: () => SearchReader, data: IndexWorkerData): void {
  data.port.on('message', (request: CallRequest) => {
    let reply: CallReply;
    try {
      if (!isReaderMethod(request.method)) throw new Error(`the index has no method ${String(request.method)}`);
      reply = { id: request.id, ok: true, value: answerCall(current(), request.method, request.args) };
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
