import type { Job } from '../domain/job.js';

/**
 * One entry of the change feed. `cursor` is the change cursor of the transaction that wrote the
 * key's latest state; several changes share a cursor when one transaction wrote them.
 */
export type JobChange =
  | { kind: 'upsert'; cursor: number; job: Job }
  | { kind: 'delete'; cursor: number; key: string; boardId: string };

export interface ChangePage {
  changes: JobChange[];
  /** cursor of the last change returned (or `since`) */
  cursor: number;
  /** more changes after `cursor` exist */
  more: boolean;
}

export interface UpsertResult {
  inserted: number;
  updated: number;
}

/**
 * The record of truth for postings. SQLite (default) and PostgreSQL implement it; one contract
 * suite runs against both. All methods are async so that both fit the same shape.
 */
export interface JobStore {
  /** Creates or migrates the schema; safe to call on every start. */
  migrate(): Promise<void>;
  /** Every posting that has not expired at `now` (epoch ms), in a stable order (by key). */
  loadLive(now: number): Promise<Job[]>;
  /** Inserts or replaces postings by `key`, all in one transaction. */
  upsert(jobs: readonly Job[]): Promise<UpsertResult>;
  /** Deletes postings by key; returns how many existed. */
  delete(keys: readonly string[]): Promise<number>;
  /** Number of postings stored (expired included). */
  count(): Promise<number>;
  /** A number that grows with every change (upsert or delete); replicas compare it to refresh. */
  changeCursor(): Promise<number>;
  /**
   * Changes committed after `since`, in commit order, at most `limit` (latest state per key; a
   * deletion leaves a tombstone row so a follower learns of it). The changes of one transaction
   * are never split across pages: a page holds more than `limit` changes when one transaction
   * wrote more. Expiry is no change: an upsert carries its `validThrough` and the follower
   * handles the due time. Tombstones are kept until the key is written again (see README).
   */
  changesSince(since: number, limit: number): Promise<ChangePage>;
  close(): Promise<void>;
}
