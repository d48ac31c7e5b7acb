import { boardIdCandidates } from '../../src/domain/board-id.js';
import type { Job } from '../../src/domain/job.js';
import type {
  ChangePage,
  FeedPage,
  PositionedChangePage,
  JobStore,
  PublishOptions,
  PublishResult,
  StagedJob,
  StageResult,
  UpsertResult,
} from '../../src/store/job-store.js';

/**
 * A Map-based JobStore for ingest tests; `failOn` makes writes containing that key throw.
 * Unchanged means an equal JSON document, as the real stores' content hash.
 */
export class MemoryStore implements JobStore {
  readonly jobs = new Map<string, Job>();
  readonly boardIds = new Map<string, string>();
  readonly staging = new Map<string, Map<string, StagedJob>>();
  upserts = 0;
  failOn: string | null = null;
  private cursor = 0;
  private imports = 0;

  async migrate(): Promise<void> {}
  async checkSchema(): Promise<void> {}

  async loadLive(now: number): Promise<Job[]> {
    return [...this.jobs.values()]
      .filter((j) => j.validThrough === null || j.validThrough >= now)
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async *liveChunks(now: number, size = 1000): AsyncGenerator<Job[]> {
    const live = await this.loadLive(now);
    for (let i = 0; i < live.length; i += size) yield live.slice(i, i + size);
  }

  async upsert(jobs: readonly Job[]): Promise<UpsertResult> {
    this.upserts += 1;
    this.check(jobs);
    let inserted = 0;
    let updated = 0;
    for (const job of jobs) {
      if (this.jobs.has(job.key)) updated += 1;
      else inserted += 1;
      this.jobs.set(job.key, this.registered(job));
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

  async getByBoardId(boardId: string): Promise<Job | null> {
    return [...this.jobs.values()].find((j) => j.boardId === boardId) ?? null;
  }

  async count(): Promise<number> {
    return this.jobs.size;
  }

  async changeCursor(): Promise<number> {
    return this.cursor;
  }

  private readonly id = String(Math.floor(Math.random() * Number.MAX_SAFE_INTEGER));

  async storeId(): Promise<string> {
    return this.id;
  }

  async beginImport(source: string): Promise<string> {
    for (const id of this.staging.keys()) if (id.startsWith(`${source}/`)) this.staging.delete(id);
    const id = `${source}/${++this.imports}`;
    this.staging.set(id, new Map());
    return id;
  }

  async stage(importId: string, jobs: readonly StagedJob[]): Promise<StageResult> {
    this.upserts += 1;
    this.check(jobs.map((j) => j.job));
    const area = this.staging.get(importId) ?? new Map<string, StagedJob>();
    this.staging.set(importId, area);
    const result: StageResult = { staged: 0, repeated: [] };
    for (const item of jobs) {
      const first = area.get(item.job.key);
      if (first) result.repeated.push({ position: item.position, firstPosition: first.position });
      else {
        area.set(item.job.key, { job: this.registered(item.job), position: item.position });
        result.staged += 1;
      }
    }
    return result;
  }

  async publish(importId: string, options: PublishOptions): Promise<PublishResult> {
    const area = this.staging.get(importId) ?? new Map<string, StagedJob>();
    const source = importId.slice(0, importId.lastIndexOf('/'));
    // No duplicate groups here: postings of different sources are all served.
    const result = { inserted: 0, updated: 0, unchanged: 0, expired: 0, removed: 0, duplicates: 0 };
    for (const { job } of area.values()) {
      const old = this.jobs.get(job.key);
      if (old === undefined) result.inserted += 1;
      else if (JSON.stringify(old) === JSON.stringify(job)) result.unchanged += 1;
      else result.updated += 1;
      if (job.validThrough !== null && job.validThrough < options.now) result.expired += 1;
      this.jobs.set(job.key, job);
    }
    if (options.sync) {
      for (const [key, job] of this.jobs) {
        if (job.source === source && !area.has(key)) {
          this.jobs.delete(key);
          result.removed += 1;
        }
      }
    }
    if (result.inserted + result.updated + result.removed > 0) this.cursor += 1;
    this.staging.delete(importId);
    return result;
  }

  async discardImport(importId: string): Promise<void> {
    this.staging.delete(importId);
  }

  async *scanAll(): AsyncGenerator<Job[]> {
    yield [...this.jobs.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  /** Not needed by the ingest tests: reports no changes. */
  async changesSince(since: number): Promise<ChangePage> {
    return { changes: [], cursor: since, more: false };
  }

  /** Not needed by the ingest tests: reports no changes. */
  async feedPage(since: number, key: string | null): Promise<FeedPage> {
    return { changes: [], cursor: since, key, more: false };
  }

  /** Not needed by the ingest tests: reports no changes. */
  async changesAfter(since: number, key: string | null): Promise<PositionedChangePage> {
    return { changes: [], cursor: since, key, more: false };
  }

  async close(): Promise<void> {}

  private check(jobs: readonly Job[]): void {
    if (this.failOn !== null && jobs.some((j) => j.key === this.failOn))
      throw new Error(`constraint failed for ${this.failOn}`);
  }

  private registered(job: Job): Job {
    let id = this.boardIds.get(job.key);
    if (id === undefined) {
      const held = new Set(this.boardIds.values());
      for (const c of boardIdCandidates(job.key, job.boardId)) {
        if (!held.has(c)) {
          id = c;
          break;
        }
      }
      this.boardIds.set(job.key, id ?? job.boardId);
    }
    return id === job.boardId || id === undefined ? job : { ...job, boardId: id };
  }
}
