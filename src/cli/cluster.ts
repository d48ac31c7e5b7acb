import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';

/** Most worker processes `--workers` accepts. */
const MAX_WORKERS = 64;

/** Environment a worker process gets from the primary. */
export const WORKER_ENV = {
  /** '1' for the first worker: it alone may load demo postings into a new store, and it prints the welcome. */
  first: 'JOBSEARCH_WORKER_FIRST',
} as const;

/**
 * `--workers` (or WORKERS): a whole number of processes, or `auto` for one per core.
 * @example parseWorkers('auto') // os.availableParallelism()
 */
export function parseWorkers(raw: string | undefined, name: string): number {
  const value = raw?.trim() ?? '';
  if (value === '') return 1;
  if (value === 'auto') return availableParallelism();
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > MAX_WORKERS) {
    throw new Error(`${name} must be a whole number from 1 to ${MAX_WORKERS} or 'auto', got '${value}'`);
  }
  return n;
}

/** What a worker tells the primary once it answers requests. */
export interface ReadyMessage {
  type: 'jobsearch:ready';
}

export function isReadyMessage(message: unknown): message is ReadyMessage {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'jobsearch:ready';
}

export interface PrimaryOptions {
  workers: number;
  say: (line: string) => void;
  /** How long SIGTERM may take before the primary exits anyway (the workers' own deadline, plus a margin). */
  shutdownMs: number;
}

/**
 * The primary of `serve --workers N`: forks N worker processes that share the listening port
 * (node:cluster), each a whole server with its own index following the store. The first worker
 * starts alone — with `--demo` it may create the store and load demo postings — and the others
 * follow once it is ready, so they never race over a new store and do not all build at once. A
 * worker that dies after it was ready is replaced (the others keep serving); one that fails its
 * start stops the whole service with its exit code (a configuration mistake would fail again).
 * SIGTERM or SIGINT is passed on to every worker, which drain and exit; the primary exits 0 when
 * all did so cleanly.
 */
export function runPrimary(options: PrimaryOptions): void {
  const { say } = options;
  const ready = new Set<Worker>();
  let stopping = false;
  let failed = false;

  const fork = (first: boolean): Worker => cluster.fork({ [WORKER_ENV.first]: first ? '1' : '0' });

  cluster.on('message', (worker, message) => {
    if (!isReadyMessage(message) || ready.has(worker)) return;
    ready.add(worker);
    if (ready.size === 1 && !stopping) {
      for (let i = 1; i < options.workers; i++) fork(false);
    }
    if (ready.size === options.workers) say(`jobsearch: ${options.workers} worker processes serving`);
  });

  cluster.on('exit', (worker, code, signal) => {
    const wasReady = ready.delete(worker);
    if (stopping) {
      if (code !== 0) failed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    if (!wasReady) {
      say(`jobsearch: a worker process failed to start (exit ${exitOf(code, signal)}); stopping`);
      failed = true;
      stop();
      return;
    }
    say(`jobsearch: worker process ${worker.process.pid} exited (${exitOf(code, signal)}); starting another`);
    fork(false);
  });

  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
    setTimeout(() => {
      say('jobsearch: worker processes took too long to stop; exiting');
      process.exit(1);
    }, options.shutdownMs).unref();
  };
  const onSignal = (signal: string): void => {
    if (!stopping) say(`jobsearch: ${signal}, stopping ${options.workers} worker processes`);
    stop();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  fork(true);
}

/** How a worker ended: its signal, else its exit code (Node passes one of them as null at run time). */
function exitOf(code: number | null, signal: string | null): string {
  return signal ?? String(code);
}
