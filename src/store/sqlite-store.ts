import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Job } from '../domain/job.js';
import { UnparsedJob } from '../domain/unparsed-job.js';
import type {
  ChangePage,
  FeedPage,
  ChangeWatch,
  JobChange,
  PositionedChangePage,
  UnparsedChange,
  JobGroup,
  JobStore,
  StoredJob,
  PublishOptions,
  PublishResult,
  StagedJob,
  StageResult,
  UpsertResult,
  WatchEvents,
} from './job-store.js';
import { watchSqliteFile } from './sqlite-watch.js';
import { checkChunkSize, checkLimit } from './change-limit.js';
import { fillFeedPage } from './feed-page.js';
import { parseJob, SQLITE_WHOLE_DOC, storedDoc, withBoardId } from './job-json.js';
import { lastByKey } from './last-by-key.js';
import { sortByKey } from './sort-by-key.js';
import { checkSchemaVersions, pendingMigrations, type Migration } from './migrations/migration.js';
import { SQLITE_MIGRATIONS } from './migrations/sqlite.js';
import { duplicateKeysOf, type DuplicateKeys } from '../domain/duplicate-key.js';
import {
  applyGroups,
  fillDuplicateKeys,
  groupByBoardId,
  prepareGroupStatements,
  storedKeys,
  type GroupStatements,
} from './sqlite-groups.js';
import {
  assignBoardId,
  beginImport,
  prepareImportStatements,
  publishImport,
  stageJobs,
  type ImportStatements,
} from './sqlite-import.js';

/** How long a writer waits for another process's write transaction before failing (ms). */
const BUSY_TIMEOUT_MS = 10_000;
/** Rows loadLive reads and parses between two yields to the event loop (~tens of ms of work). */
const LOAD_CHUNK = 5_000;
/** Rows scanAll hands out at a time. */
const SCAN_CHUNK = 1_000;

const PRAGMAS = [
  // 16 KiB pages for a new database (an existing one keeps its page size): a stored posting's
  // document is a few KB, about one 4 KiB page with its overflow, so the larger page takes four
  // times fewer page writes, WAL frames and checkpoint copies for the same bytes (about a sixth
  // less CPU for staging and publishing an import). Set before the file is put in WAL mode,
  // after which the page size cannot change.
  'page_size = 16384',
  // A new database gives the pages an import's staging freed back to the file system after the
  // publish (reclaimFreePages) instead of keeping them as free pages: the staging of a 1M import
  // is as large as its postings. An existing database created without it keeps reusing them.
  'auto_vacuum = INCREMENTAL',
  // Readers (the server) and the writer (an import) never block each other.
  'journal_mode = WAL',
  // Safe with WAL: a power loss may drop the last commits but never corrupts the file.
  'synchronous = NORMAL',
  // Checkpoint (the step that syncs to disk) every ~40 MiB of WAL rather than every 4 MiB: it
  // roughly halves bulk-import time; the WAL file is cut back to 64 MiB afterwards.
  'wal_autocheckpoint = 10000',
  'journal_size_limit = 67108864',
  // 64 MiB page cache.
  'cache_size = -65536',
];

/**
 * No connection maps the database file into memory (`mmap_size = 0`): pages it reads are copied
 * into SQLite's bounded page cache instead. A memory map puts every page read in the process's
 * resident set for as long as the connection lives: the publish of an import read 2.1 GB that
 * way at a million postings, and the index worker's start-up read of every posting put the whole
 * table there (most of the peak while starting). Reading the table through the page cache costs
 * the start-up a copy per page, a small share of parsing every posting.
 */
const MAP_PRAGMAS = ['mmap_size = 0'];

/** A serving connection keeps temporary tables in memory (its queries' are small). */
const SERVING_PRAGMAS = ['temp_store = MEMORY'];

/**
 * An importing connection keeps its memory bounded whatever the import's size: temporary storage
 * in files (behind a small cache), where the publish of a million postings had put 4.9 GB.
 */
const IMPORT_PRAGMAS = ['temp_store = FILE'];

export interface SqliteStoreOptions {
  /** The connection runs imports (`jobsearch import`) rather than serving: IMPORT_PRAGMAS. */
  forImport?: boolean;
}

interface Statements {
  exists: Database.Statement<[string], number>;
  upsert: Database.Statement<
    [
      ...[key: string, boardId: string, source: string, postedAt: number | null, validThrough: number | null],
      ...[doc: string, detail: string | null, hash: string, seq: number, storedSeq: number],
      ...[placeDup: string | null, urlDup: string | null, descriptionTail: number | null],
    ]
  >;
  remove: Database.Statement<[string], [string, string | null, string | null]>;
  tombstone: Database.Statement<[string, string, number]>;
  untombstone: Database.Statement<[string]>;
  /** The cursor of the `limit`-th change after `since` (OFFSET limit - 1). */
  nthChangeSeq: Database.Statement<[number, number, number], number>;
  changesUpTo: Database.Statement<[number, number, number, number], ChangeRow>;
  changesAfter: Database.Statement<[number, number], ChangeRow>;
  anyChangeAfter: Database.Statement<[number, number], number>;
  changesFromCursor: Database.Statement<[number, number, number], PositionedRow>;
  changesFromKey: Database.Statement<[number, string, number, string, number], PositionedRow>;
  feedFromCursor: Database.Statement<[number, number, number], ChangeRow>;
  feedFromKey: Database.Statement<[number, string, number, string, number], ChangeRow>;
  bumpCursor: Database.Statement<[], number>;
  cursor: Database.Statement<[], number>;
  storeId: Database.Statement<[], number>;
  count: Database.Statement<[], number>;
  byBoardId: Database.Statement<[string], string>;
  liveChunk: Database.Statement<[number, number, number], [number, string]>;
  scanChunk: Database.Statement<[string, number], [string, string]>;
  storedChunk: Database.Statement<[string, number], [string, string, string | null, string]>;
  imports: ImportStatements;
  groups: GroupStatements;
}

/** The embedded store: one SQLite file, the Job kept as JSON beside the columns queries need. */
export class SqliteJobStore implements JobStore {
  readonly #db: Database.Database;
  #statements: Statements | undefined;
  /** Calls run one after another: loadLive yields midway and must not see others interleave. */
  #queue: Promise<unknown> = Promise.resolve();
  // better-sqlite3 transactions commit on return and roll back when the function throws.
  readonly #upsertTx: Database.Transaction<(jobs: readonly Job[]) => UpsertResult>;
  readonly #deleteTx: Database.Transaction<(keys: readonly string[]) => number>;
  readonly #stageTx: Database.Transaction<(importId: string, jobs: readonly StagedJob[]) => StageResult>;
  readonly #publishTx: Database.Transaction<(importId: string, options: PublishOptions) => PublishResult>;
  /** A read transaction: its queries see one snapshot while other processes write. */
  readonly #readChanges: Database.Transaction<(since: number, limit: number) => ChangePage>;

  /** `path` is a file (its folder is created) or ':memory:'; `options.forImport`: see IMPORT_PRAGMAS. */
  constructor(path: string, options: SqliteStoreOptions = {}) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.#db = new Database(path, { timeout: BUSY_TIMEOUT_MS });
    for (const pragma of [
      ...PRAGMAS,
      ...MAP_PRAGMAS,
      ...(options.forImport === true ? IMPORT_PRAGMAS : SERVING_PRAGMAS),
    ]) {
      this.#db.pragma(pragma);
    }
    this.#upsertTx = this.#db.transaction((jobs) => writeJobs(this.#stmts(), jobs, Date.now()));
    this.#deleteTx = this.#db.transaction((keys) => deleteKeys(this.#stmts(), keys, Date.now()));
    this.#stageTx = this.#db.transaction((importId, jobs) => stageJobs(this.#stmts().imports, importId, jobs));
    this.#publishTx = this.#db.transaction((importId, options) =>
      publishImport(
        this.#stmts().imports,
        this.#stmts().groups,
        importId,
        options,
        () => this.#stmts().bumpCursor.get() ?? 0,
      ),
    );
    this.#readChanges = this.#db.transaction((since, limit) => readChanges(this.#stmts(), since, limit));
  }

  async migrate(): Promise<void> {
    return this.#serial(() => {
      migrateSqlite(this.#db, SQLITE_MIGRATIONS);
      this.#db
        .transaction(() => {
          fillDuplicateKeys(this.#stmts().groups, SCAN_CHUNK);
        })
        .immediate();
    });
  }

  async checkSchema(): Promise<void> {
    return this.#serial(() => {
      const table = this.#db
        .prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
        .pluck()
        .get();
      const applied =
        table === undefined
          ? null
          : this.#db.prepare<[], number>('SELECT version FROM schema_migrations').pluck().all();
      checkSchemaVersions(SQLITE_MIGRATIONS, applied);
    });
  }

  async loadLive(now: number): Promise<Job[]> {
    return this.#serial(() => this.#readLive(now));
  }

  async *liveChunks(now: number, size = LOAD_CHUNK): AsyncGenerator<Job[]> {
    checkChunkSize(size);
    // Holds the call queue until the caller has read the last chunk (or stopped early).
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const before = this.#queue;
    this.#queue = before.then(() => held);
    await before;
    try {
      yield* this.#liveChunks(now, size);
    } finally {
      release();
    }
  }

  async upsert(jobs: readonly Job[]): Promise<UpsertResult> {
    const unique = lastByKey(jobs);
    if (unique.length === 0) return { inserted: 0, updated: 0 };
    // IMMEDIATE takes the write lock up front, so the existence checks cannot go stale.
    return this.#serial(() => this.#upsertTx.immediate(unique));
  }

  async delete(keys: readonly string[]): Promise<number> {
    if (keys.length === 0) return 0;
    return this.#serial(() => this.#deleteTx.immediate([...new Set(keys)]));
  }

  async getByBoardId(boardId: string): Promise<Job | null> {
    return this.#serial(() => {
      const doc = this.#stmts().byBoardId.get(boardId);
      return doc === undefined ? null : parseJob(doc);
    });
  }

  async getGroupByBoardId(boardId: string): Promise<JobGroup | null> {
    return this.#serial(() => groupByBoardId(this.#stmts().groups, boardId));
  }

  async count(): Promise<number> {
    return this.#serial(() => this.#stmts().count.get() ?? 0);
  }

  async changeCursor(): Promise<number> {
    return this.#serial(() => this.#stmts().cursor.get() ?? 0);
  }

  async storeId(): Promise<string> {
    return this.#serial(() => String(this.#stmts().storeId.get()));
  }

  async beginImport(source: string): Promise<string> {
    return this.#serial(() => this.#db.transaction(() => beginImport(this.#stmts().imports, source)).immediate());
  }

  async stage(importId: string, jobs: readonly StagedJob[]): Promise<StageResult> {
    if (jobs.length === 0) return { staged: 0, repeated: [] };
    return this.#serial(() => this.#stageTx.immediate(importId, jobs));
  }

  async publish(importId: string, options: PublishOptions): Promise<PublishResult> {
    return this.#serial(() => {
      const result = this.#publishTx.immediate(importId, options);
      this.#reclaimFreePages();
      return result;
    });
  }

  async discardImport(importId: string): Promise<void> {
    await this.#serial(() => {
      this.#stmts().imports.clearImport.run(importId);
      this.#reclaimFreePages();
    });
  }

  async *scanAll(): AsyncGenerator<Job[]> {
    let after = '';
    for (;;) {
      const from = after;
      const rows = await this.#serial(() => this.#stmts().scanChunk.all(from, SCAN_CHUNK));
      if (rows.length > 0) yield rows.map(([, doc]) => parseJob(doc));
      const last = rows.at(-1);
      if (last === undefined || rows.length < SCAN_CHUNK) return;
      after = last[0];
    }
  }

  async *scanStored(): AsyncGenerator<StoredJob[]> {
    let after = '';
    for (;;) {
      const from = after;
      const rows = await this.#serial(() => this.#stmts().storedChunk.all(from, SCAN_CHUNK));
      if (rows.length > 0) {
        yield rows.map(([, doc, duplicateOf, duplicates]) => ({
          job: parseJob(doc),
          duplicateOf,
          duplicates: JSON.parse(duplicates) as string[],
        }));
      }
      const last = rows.at(-1);
      if (last === undefined || rows.length < SCAN_CHUNK) return;
      after = last[0];
    }
  }

  async changesSince(since: number, limit: number): Promise<ChangePage> {
    checkLimit(since, limit);
    return this.#serial(() => this.#readChanges.deferred(since, limit));
  }

  async changesAfter(since: number, key: string | null, limit: number): Promise<PositionedChangePage> {
    checkLimit(since, limit);
    return this.#serial(() => {
      const s = this.#stmts();
      // One more than the page, to tell whether more follow; a single statement is one snapshot.
      const rows =
        key === null
          ? s.changesFromCursor.all(since, since, limit + 1)
          : s.changesFromKey.all(since, key, since, key, limit + 1);
      const more = rows.length > limit;
      const changes = (more ? rows.slice(0, limit) : rows).map(toUnparsedChange);
      const last = rows[changes.length - 1];
      return last === undefined
        ? { changes, cursor: since, key, more }
        : { changes, cursor: last[0], key: last[1], more };
    });
  }

  async feedPage(since: number, key: string | null, limit: number, maxBytes: number): Promise<FeedPage> {
    checkLimit(since, limit);
    return this.#serial(() => {
      const s = this.#stmts();
      // One statement is one snapshot; it is read lazily and left once the page is full.
      const rows =
        key === null
          ? s.feedFromCursor.iterate(since, since, limit + 1)
          : s.feedFromKey.iterate(since, key, since, key, limit + 1);
      return fillFeedPage(rows, since, key, limit, maxBytes, toChange);
    });
  }

  /**
   * Change notifications: writes to the file by any process, watched (sqlite-watch.ts). An
   * in-memory store has no other writer: its watch never listens.
   */
  async watch(events: WatchEvents): Promise<ChangeWatch> {
    if (this.#db.memory) return { listening: false, close: () => Promise.resolve() };
    return watchSqliteFile(this.#db.name, () => this.changeCursor(), events);
  }

  async close(): Promise<void> {
    return this.#serial(() => {
      if (this.#db.open) this.#db.close();
    });
  }

  /**
   * Reads in rowid order, one sequential pass, in chunks with a yield between them so that a
   * server reloading a million postings keeps answering requests. The read transaction gives
   * every chunk the same snapshot while an import in another process commits.
   */
  async #readLive(now: number): Promise<Job[]> {
    const jobs: Job[] = [];
    for await (const chunk of this.#liveChunks(now, LOAD_CHUNK)) for (const job of chunk) jobs.push(job);
    // Sorting here is cheaper than ORDER BY key, which visits the rows in random order.
    return sortByKey(jobs);
  }

  async *#liveChunks(now: number, size: number): AsyncGenerator<Job[]> {
    const { liveChunk } = this.#stmts();
    this.#db.exec('BEGIN');
    try {
      let after = 0;
      for (;;) {
        const rows = liveChunk.all(after, now, size);
        if (rows.length > 0) yield rows.map(([, doc]) => parseJob(doc));
        const last = rows.at(-1);
        if (last === undefined || rows.length < size) break;
        after = last[0];
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      this.#db.exec('COMMIT');
    }
  }

  /**
   * Truncates the file by its free pages (a database with auto_vacuum INCREMENTAL; a no-op for
   * one without), in a transaction of its own after the import's: the staging rows an import
   * deleted leave none behind.
   */
  #reclaimFreePages(): void {
    this.#db.exec('PRAGMA incremental_vacuum');
  }

  #serial<T>(work: () => T | Promise<T>): Promise<T> {
    const run = this.#queue.then(work);
    // The queue keeps only completion, never a result: a loadLive's million jobs must not stay
    // reachable from the store until its next call.
    this.#queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** Prepared lazily: the tables exist only after migrate(). */
  #stmts(): Statements {
    this.#statements ??= prepareStatements(this.#db);
    return this.#statements;
  }
}

function writeJobs(s: Statements, jobs: readonly Job[], now: number): UpsertResult {
  const seq = s.bumpCursor.get() ?? 0;
  let inserted = 0;
  const seeds: DuplicateKeys[] = [];
  for (const proposed of jobs) {
    if (s.exists.get(proposed.key) === undefined) {
      inserted++;
      s.untombstone.run(proposed.key);
    } else seeds.push(storedKeys(s.groups, proposed.key));
    const job = withBoardId(proposed, assignBoardId(s.imports, proposed));
    const { doc, detail, hash, descriptionTail } = storedDoc(job);
    const keys = duplicateKeysOf(job);
    seeds.push(keys);
    const row = [job.key, job.boardId, job.source, job.postedAt, job.validThrough, doc, detail, hash] as const;
    s.upsert.run(...row, seq, seq, keys.place, keys.url, descriptionTail);
  }
  applyGroups(s.groups, seeds, now, () => seq);
  return { inserted, updated: jobs.length - inserted };
}

function deleteKeys(s: Statements, keys: readonly string[], now: number): number {
  const gone: [key: string, boardId: string][] = [];
  const seeds: DuplicateKeys[] = [];
  for (const key of keys) {
    const row = s.remove.get(key);
    if (row === undefined) continue;
    gone.push([key, row[0]]);
    seeds.push({ place: row[1], url: row[2] });
  }
  // A delete that found nothing changed nothing, so replicas need not reload.
  if (gone.length === 0) return 0;
  const seq = s.bumpCursor.get() ?? 0;
  for (const [key, boardId] of gone) s.tombstone.run(key, boardId, seq);
  // A served posting's duplicates are promoted in the same transaction.
  applyGroups(s.groups, seeds, now, () => seq);
  return gone.length;
}

/** seq, key, doc (null for a deletion), board_id (null for an upsert). */
type ChangeRow = [number, string, string | null, string | null];

/**
 * Whole transactions only: the page ends at the cursor of its `limit`-th change and includes every
 * other change of that cursor.
 */
function readChanges(s: Statements, since: number, limit: number): ChangePage {
  const upTo = s.nthChangeSeq.get(since, since, limit - 1);
  const rows = upTo === undefined ? s.changesAfter.all(since, since) : s.changesUpTo.all(since, upTo, since, upTo);
  const changes = rows.map(toChange);
  const cursor = changes.at(-1)?.cursor ?? since;
  const more = upTo !== undefined && s.anyChangeAfter.get(cursor, cursor) !== undefined;
  return { changes, cursor, more };
}

function toChange([seq, key, doc, boardId]: ChangeRow): JobChange {
  return doc === null
    ? { kind: 'delete', cursor: seq, key, boardId: boardId ?? '' }
    : { kind: 'upsert', cursor: seq, job: parseJob(doc) };
}

/**
 * A duplicate (attached to a posting of another source) is a deletion of its key in the feed. An
 * upsert carries the whole posting (the feed served over HTTP gives it).
 */
const JOB_CHANGE = `seq, key, CASE WHEN duplicate_of IS NULL THEN ${SQLITE_WHOLE_DOC} END,
  CASE WHEN duplicate_of IS NOT NULL THEN board_id END`;

/** seq, key, the document's UTF-8 bytes (null for a deletion), board_id, valid_through. */
type PositionedRow = [number, string, Buffer | null, string, number | null];

function toUnparsedChange([seq, key, doc, boardId, validThrough]: PositionedRow): UnparsedChange {
  return doc === null
    ? { kind: 'delete', cursor: seq, key, boardId }
    : { kind: 'upsert', cursor: seq, job: new UnparsedJob(key, boardId, validThrough, doc) };
}

/**
 * The feed read by position: the document as bytes (a Buffer, outside the heap), parsed when
 * indexed; without its detail, which the index never holds.
 */
const POSITIONED_CHANGE = `seq, key, CASE WHEN duplicate_of IS NULL THEN CAST(doc AS BLOB) END, board_id, valid_through`;

/** Changes after a position in (seq, key) order, by the (seq, key) indexes, without a sort. */
const CHANGES_FROM_CURSOR = `SELECT ${POSITIONED_CHANGE} FROM jobs WHERE seq > ?
  UNION ALL SELECT seq, key, NULL, board_id, NULL FROM job_tombstones WHERE seq > ?
  ORDER BY 1, 2 LIMIT ?`;
const CHANGES_FROM_KEY = `SELECT ${POSITIONED_CHANGE} FROM jobs WHERE (seq, key) > (?, ?)
  UNION ALL SELECT seq, key, NULL, board_id, NULL FROM job_tombstones WHERE (seq, key) > (?, ?)
  ORDER BY 1, 2 LIMIT ?`;

/** The feed served over HTTP: whole postings by position, as CHANGES_FROM_CURSOR / _KEY read them. */
const FEED_FROM_CURSOR = `SELECT ${JOB_CHANGE} FROM jobs WHERE seq > ?
  UNION ALL SELECT seq, key, NULL, board_id FROM job_tombstones WHERE seq > ?
  ORDER BY 1, 2 LIMIT ?`;
const FEED_FROM_KEY = `SELECT ${JOB_CHANGE} FROM jobs WHERE (seq, key) > (?, ?)
  UNION ALL SELECT seq, key, NULL, board_id FROM job_tombstones WHERE (seq, key) > (?, ?)
  ORDER BY 1, 2 LIMIT ?`;

const CHANGE_ROWS = `SELECT ${JOB_CHANGE} FROM jobs WHERE seq > ? AND seq <= ?
  UNION ALL SELECT seq, key, NULL, board_id FROM job_tombstones WHERE seq > ? AND seq <= ?
  ORDER BY 1, 2`;

function prepareStatements(db: Database.Database): Statements {
  return {
    exists: db.prepare<[string], number>('SELECT 1 FROM jobs WHERE key = ?').pluck(),
    upsert: db.prepare(
      `INSERT INTO jobs (key, board_id, source, posted_at, valid_through, doc, detail, hash, seq, stored_seq, place_dup,
         url_dup, description_tail)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET board_id = excluded.board_id, source = excluded.source,
         posted_at = excluded.posted_at, valid_through = excluded.valid_through, doc = excluded.doc,
         detail = excluded.detail, hash = excluded.hash, seq = excluded.seq, place_dup = excluded.place_dup,
         url_dup = excluded.url_dup, description_tail = excluded.description_tail`,
    ),
    remove: db
      .prepare<[string], [string, string | null, string | null]>(
        'DELETE FROM jobs WHERE key = ? RETURNING board_id, place_dup, url_dup',
      )
      .raw(),
    tombstone: db.prepare(
      `INSERT INTO job_tombstones (key, board_id, seq) VALUES (?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET board_id = excluded.board_id, seq = excluded.seq`,
    ),
    untombstone: db.prepare('DELETE FROM job_tombstones WHERE key = ?'),
    nthChangeSeq: db
      .prepare<[number, number, number], number>(
        `SELECT seq FROM (SELECT seq FROM jobs WHERE seq > ? UNION ALL SELECT seq FROM job_tombstones WHERE seq > ?)
          ORDER BY seq LIMIT 1 OFFSET ?`,
      )
      .pluck(),
    changesUpTo: db.prepare<[number, number, number, number], ChangeRow>(CHANGE_ROWS).raw(),
    changesAfter: db
      .prepare<[number, number], ChangeRow>(
        `SELECT ${JOB_CHANGE} FROM jobs WHERE seq > ?
          UNION ALL SELECT seq, key, NULL, board_id FROM job_tombstones WHERE seq > ? ORDER BY 1, 2`,
      )
      .raw(),
    changesFromCursor: db.prepare<[number, number, number], PositionedRow>(CHANGES_FROM_CURSOR).raw(),
    changesFromKey: db.prepare<[number, string, number, string, number], PositionedRow>(CHANGES_FROM_KEY).raw(),
    feedFromCursor: db.prepare<[number, number, number], ChangeRow>(FEED_FROM_CURSOR).raw(),
    feedFromKey: db.prepare<[number, string, number, string, number], ChangeRow>(FEED_FROM_KEY).raw(),
    anyChangeAfter: db
      .prepare<[number, number], number>(
        'SELECT 1 WHERE EXISTS (SELECT 1 FROM jobs WHERE seq > ?) OR EXISTS (SELECT 1 FROM job_tombstones WHERE seq > ?)',
      )
      .pluck(),
    bumpCursor: db
      .prepare<[], number>("UPDATE store_meta SET value = value + 1 WHERE name = 'change_cursor' RETURNING value")
      .pluck(),
    cursor: db.prepare<[], number>("SELECT value FROM store_meta WHERE name = 'change_cursor'").pluck(),
    storeId: db.prepare<[], number>("SELECT value FROM store_meta WHERE name = 'store_id'").pluck(),
    count: db.prepare<[], number>('SELECT count(*) FROM jobs').pluck(),
    byBoardId: db.prepare<[string], string>(`SELECT ${SQLITE_WHOLE_DOC} FROM jobs WHERE board_id = ?`).pluck(),
    liveChunk: db
      .prepare<[number, number, number], [number, string]>(
        // NOT INDEXED: rowid order, a sequential pass; the valid_through index would visit rows
        // in random order, and most rows are live anyway. The document without its detail.
        `SELECT rowid, doc FROM jobs NOT INDEXED
          WHERE rowid > ? AND (valid_through IS NULL OR valid_through >= ?) AND duplicate_of IS NULL
          ORDER BY rowid LIMIT ?`,
      )
      .raw(),
    scanChunk: db
      .prepare<[string, number], [string, string]>(
        `SELECT key, ${SQLITE_WHOLE_DOC} FROM jobs WHERE key > ? ORDER BY key LIMIT ?`,
      )
      .raw(),
    storedChunk: db
      .prepare<[string, number], [string, string, string | null, string]>(
        `SELECT key, ${SQLITE_WHOLE_DOC}, duplicate_of,
                (SELECT json_group_array(key) FROM (SELECT key FROM jobs d WHERE d.duplicate_of = j.key
                  ORDER BY stored_seq, key))
           FROM jobs j WHERE key > ? ORDER BY key LIMIT ?`,
      )
      .raw(),
    imports: prepareImportStatements(db),
    groups: prepareGroupStatements(db),
  };
}

/**
 * Applies the pending migrations, each with its bookkeeping row in one transaction. IMMEDIATE
 * makes two processes starting at once take turns instead of both migrating.
 */
export function migrateSqlite(db: Database.Database, migrations: readonly Migration[]): void {
  db.exec(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
       version    INTEGER PRIMARY KEY,
       name       TEXT NOT NULL,
       applied_at INTEGER NOT NULL
     )`,
  );
  const record = db.prepare<[number, string, number]>(
    'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
  );
  const applyPending = db.transaction(() => {
    const applied = db.prepare<[], number>('SELECT version FROM schema_migrations').pluck().all();
    for (const m of pendingMigrations(migrations, applied)) {
      db.exec(m.sql);
      record.run(m.version, m.name, Date.now());
    }
  });
  applyPending.immediate();
}
