import type { Job } from '../../src/domain/job.js';
import type { ChangePage, JobStore, UpsertResult } from '../../src/store/job-store.js';

/** A Map-based JobStore for ingest tests; `failOn` makes upserts containing that key throw. */
export class MemoryStore implements JobStore {
  readonly jobs = new Map<string, Job>();
  upserts = 0;
  failOn: string | null = null;
  private cursor = 0;

  async migrate(): Promise<void> {}

  async loadLive(now: number): Promise<Job[]> {
    return [...this.jobs.values()]
      .filter((j) => j.validThrough === null || j.validThrough >= now)
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async upsert(jobs: readonly Job[]): Promise<UpsertResult> {
    this.upserts += 1;
    if (this.failOn !== null && jobs.some((j) => j.key === this.failOn)) throw new Error(`constraint failed for ${this.failOn}`);
    let inserted = 0;
    let updated = 0;
    for (const job of jobs) {
      if (this.jobs.has(job.key)) updated += 1;
      else inserted += 1;
      this.jobs.set(job.key, job);
    }
    this.cursor += 1;
    return { inserted, updated };
  }

  async delete(keys: readonly string[]): Promise<number> {
    let n = 0;
    for (const k of keys) if (this.jobs.delete(k)) n += 1;
    this.cursor += 1;
    return n;
  }

  async count(): Promise<number> {
    return this.jobs.size;
  }

  async changeCursor(): Promise<number> {
    return this.cursor;
  }

  /** Not needed by the ingest tests: reports no changes. */
  async changesSince(since: number): Promise<ChangePage> {
    return { changes: [], cursor: since, more: false };
  }

  async close(): Promise<void> {}
}
