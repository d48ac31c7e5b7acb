import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { ChangeWatch, WatchEvents } from './job-store.js';
import { RetryWait } from './watch-retry.js';

/** While writes go on, the cursor is read at most this often. */
const STEP_MS = 20;
/**
 * And for this long after the last write seen: a commit becomes visible when the log's index (in
 * shared memory, which no file event reports) is updated, a moment after its last write.
 */
const SETTLE_MS = 200;

/**
 * A SQLite store's change notifications, the counterpart of PostgreSQL's LISTEN/NOTIFY
 * (postgres-notify.ts): the store's folder is watched (inotify on Linux) for writes to the
 * database file and its write-ahead log by any process; while they go on, and for a moment after,
 * the change cursor is read every few ms, and `change` fires when it moved. A follower then learns
 * of an import's publish within tens of ms instead of at its next poll (every second by default).
 * The writes of an import's staging and of checkpoints move no cursor and notify nothing. A watch
 * that fails (the folder removed, the system's watch limit) is reported as lost and retried with
 * backoff; polling stays the fallback, as for PostgreSQL.
 */
export function watchSqliteFile(path: string, cursor: () => Promise<number>, events: WatchEvents): ChangeWatch {
  const names = new Set([basename(path), `${basename(path)}-wal`]);
  let watcher: FSWatcher | null = null;
  let closed = false;
  /** Read through a call: close() may set it during any await, which control-flow narrowing cannot see. */
  const isClosed = (): boolean => closed;
  let up = false;
  const wait = new RetryWait();
  let retry: NodeJS.Timeout | undefined;
  let step: NodeJS.Timeout | undefined;
  let lastWriteAt = 0;
  let seen = Number.NaN;

  const check = async (): Promise<void> => {
    step = undefined;
    if (closed) return;
    try {
      const now = await cursor();
      if (!isClosed() && (now > seen || Number.isNaN(seen))) {
        seen = now;
        events.change(now);
      }
    } catch {
      // The store failing is the poll's to report (it reads the same store).
    }
    // (A write seen during the read may have scheduled the next check already.)
    if (!isClosed() && performance.now() - lastWriteAt < SETTLE_MS) step ??= setTimeout(() => void check(), STEP_MS);
  };

  const written = (name: string | null): void => {
    if (closed || name === null || !names.has(name)) return;
    lastWriteAt = performance.now();
    step ??= setTimeout(() => void check(), STEP_MS);
  };

  const lose = (error: Error): void => {
    up = false;
    watcher?.close();
    watcher = null;
    if (closed) return;
    events.lost?.(error);
    retry = setTimeout(start, wait.next());
    retry.unref();
  };

  function start(): void {
    if (closed) return;
    try {
      watcher = watch(dirname(path), { persistent: false }, (_type, name) => {
        written(name);
      });
    } catch (error) {
      lose(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    watcher.on('error', lose);
    up = true;
    wait.reset();
    // Writes made before the watch (or while it was down) were not seen: the follower looks once.
    events.listening?.();
  }

  // The cursor the watch starts from: only a later one is a change.
  void cursor().then(
    (now) => {
      if (Number.isNaN(seen)) seen = now;
    },
    () => undefined,
  );
  start();
  return {
    get listening() {
      return up;
    },
    close() {
      closed = true;
      up = false;
      clearTimeout(retry);
      clearTimeout(step);
      watcher?.close();
      watcher = null;
      return Promise.resolve();
    },
  };
}
