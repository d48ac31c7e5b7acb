import { readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { SalaryBucket } from '../domain/salary-buckets.js';
import { indexFormat, loadIndex, saveIndex, type IndexFileMeta } from '../search/index-file.js';
import type { SearchIndex } from '../search/segments/search-index.js';
import type { JobStore } from '../store/job-store.js';

/**
 * The index worker's use of a saved index (src/search/index-file.ts): start from the file when it
 * fits the store, save each full build. A file is a cache: whatever goes wrong with it is reported
 * and the index is built from the store, never a reason not to serve.
 */
export interface IndexFileReport {
  /** off: no INDEX_FILE; loaded: started from it; saved: built from the store and written; failed: could not write. */
  state: 'off' | 'loaded' | 'saved' | 'failed';
  /** Reading or writing it. */
  ms?: number;
  bytes?: number;
  /** Why the file that was there was not used. */
  refused?: string;
  /** Why it could not be written. */
  reason?: string;
  /** Loaded: the changes since its cursor, applied before serving. */
  changes?: number;
  /** Saved: how long reading it back took (the worker serves the index read from the file). */
  reloadMs?: number;
}

/** What a saved index must say of itself to serve a store: see `expectedOf`. */
export type Expected = Pick<IndexFileMeta, 'format' | 'storeId' | 'cursor'>;

/** What a saved index must say of itself to serve `store` as it is now (and what a build's file says). */
export async function expectedOf(
  store: Pick<JobStore, 'storeId' | 'changeCursor'>,
  salaryBuckets: readonly SalaryBucket[],
): Promise<Expected> {
  return {
    format: indexFormat({ salaryBuckets }),
    storeId: await store.storeId(),
    cursor: await store.changeCursor(),
  };
}

/**
 * Starts from the file when it fits, its cards left in the file (`fd`: open while the index
 * serves); null when there is none.
 */
export function readIndexFile(
  path: string,
  expected: Expected,
):
  | { state: 'loaded'; index: SearchIndex; cursor: number; fd: number | null; report: IndexFileReport }
  | { state: 'refused'; report: { reason: string } }
  | null {
  const started = performance.now();
  const verdict: { refused: string | null } = { refused: null };
  try {
    const loaded = loadIndex(
      path,
      (meta) => {
        verdict.refused = refusal(meta, expected);
        return verdict.refused === null;
      },
      { cardsOnDisk: true },
    );
    if (loaded === null)
      return verdict.refused === null ? null : { state: 'refused', report: { reason: verdict.refused } };
    return {
      state: 'loaded',
      index: loaded.index,
      cursor: loaded.meta.cursor,
      fd: loaded.fd,
      report: { state: 'loaded', ms: Math.round(performance.now() - started), bytes: loaded.bytes },
    };
  } catch (error) {
    return {
      state: 'refused',
      report: { reason: `unreadable: ${error instanceof Error ? error.message : String(error)}` },
    };
  }
}

/** Why a saved index (its meta) cannot serve this store as it is now; null when it can. */
export function refusal(meta: IndexFileMeta, expected: Expected): string | null {
  if (meta.format !== expected.format) return 'written by another version of the engine or with other options';
  if (meta.storeId !== expected.storeId) return 'built from another store';
  if (meta.cursor > expected.cursor)
    return `the store is behind it (cursor ${expected.cursor} < ${meta.cursor}): restored from a backup?`;
  return null;
}

/** Saves a full build; temporary files of writes that never finished (a process that died) are removed first. */
export function writeIndexFile(path: string, index: SearchIndex, meta: IndexFileMeta): IndexFileReport {
  const started = performance.now();
  try {
    removeLeftovers(path);
    const { bytes } = saveIndex(path, index, meta);
    return { state: 'saved', ms: Math.round(performance.now() - started), bytes };
  } catch (error) {
    return { state: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
}

/** `<file>.<pid>.<time>.tmp` of this process (one save at a time) or of a process no longer running. */
function removeLeftovers(path: string): void {
  const prefix = `${basename(path)}.`;
  removeOwned(
    dirname(path),
    (name) => (name.startsWith(prefix) ? /^(\d+)\.[0-9a-z]+\.tmp$/.exec(name.slice(prefix.length)) : null),
    (pid) => pid === process.pid || !running(pid),
  );
}

/**
 * Removes the entries of `dir` (files or folders) whose name `owner` matches with a process id as
 * its first group, when `gone(pid)`: what a process left behind when it ended mid-write. An entry
 * that cannot be removed (another user's, or already gone) is left.
 */
export function removeOwned(
  dir: string,
  owner: (name: string) => RegExpExecArray | null,
  gone: (pid: number) => boolean,
): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const m = owner(name);
    if (m === null || !gone(Number(m[1]))) continue;
    try {
      rmSync(join(dir, name), { recursive: true, force: true });
    } catch {
      // Left alone.
    }
  }
}

/** Whether a process of this id runs (one of another user's counts too). */
export function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
