import type { Job } from '../domain/job.js';

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
  close(): Promise<void>;
}
