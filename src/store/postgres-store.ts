import pg from 'pg';
import type { Job } from '../domain/job.js';
import { UnparsedJob } from '../domain/unparsed-job.js';
import type {
  ChangePage,
  FeedPage,
  PositionedChangePage,
  UnparsedChange,
  JobChange,
  JobGroup,
  JobStore,
  StoredJob,
  PublishOptions,
  PublishResult,
  StagedJob,
  StageResult,
  UpsertResult,
  ChangeWatch,
  WatchEvents,
} from './job-store.js';
import { StoreUnavailableError } from './job-store.js';
import { fittingRows } from './feed-page.js';
import { isConnectionLoss } from './connection-loss.js';
import { checkChunkSize, checkLimit } from './change-limit.js';
import { CHANGES_CHANNEL, watchChanges } from './postgres-notify.js';
import { watchThroughStandby } from './postgres-standby.js';
import { parseJob, POSTGRES_WHOLE_DOC } from './job-json.js';
import { lastByKey } from './last-by-key.js';
import { checkSchemaVersions, pendingMigrations } from './migrations/migration.js';
import { POSTGRES_MIGRATIONS } from './migrations/postgres.js';
import { beginImport, NUL_MESSAGE, publishImport, stageJobs, withRegisteredIds } from './postgres-import.js';
import { sortByKey } from './sort-by-key.js';
import { duplicateKeysOf } from '../domain/duplicate-key.js';
import { applyGroups, fillDuplicateKeys, groupByBoardId, keysOfRows } from './postgres-groups.js';

/** Rows per INSERT statement; one upsert call may run several, all in its one transaction. */
const UPSERT_CHUNK = 1_000;
/** Rows fetched per round trip by loadLive's cursor: bounds the client's buffer. */
const FETCH_SIZE = 5_000;
/** Rows scanAll hands out at a time. */
const SCAN_CHUNK = 1_000;
/** Advisory lock taken while migrating, so replicas starting together migrate one at a time. */
const MIGRATION_LOCK = 4_217_730_551;

/**
 * One JSON array per chunk, split on the server: faster than one array parameter per column,
 * and the indexed columns are read from the very document stored, so they cannot disagree. The
 * posting's detail goes beside its document (job-json.ts, storedDoc).
 */
const UPSERT_SQL = `
  INSERT INTO jobs (key, board_id, source, posted_at, valid_through, doc, detail, hash, seq, stored_seq, place_dup,
                    url_dup)
  SELECT d->>'key', d->>'boardId', d->>'source', (d->>'postedAt')::bigint, (d->>'validThrough')::bigint,
         d - 'detail', d->'detail', r->>'h', $2, $2, r->>'pd', r->>'ud'
    FROM jsonb_array_elements($1::jsonb) AS t (r), LATERAL (SELECT r->'j') AS u (d)
  ON CONFLICT (key) DO UPDATE SET
    board_id = excluded.board_id, source = excluded.source, posted_at = excluded.posted_at,
    valid_through = excluded.valid_through, doc = excluded.doc, detail = excluded.detail, hash = excluded.hash,
    seq = excluded.seq,
    place_dup = excluded.place_dup, url_dup = excluded.url_dup
  -- xmax is 0 only on a freshly inserted row version.
  RETURNING (xmax = 0) AS inserted`;

const TOMBSTONE_SQL = `
  INSERT INTO job_tombstones (key, board_id, seq)
  SELECT k, b, $3 FROM unnest($1::text[], $2::text[]) AS t (k, b)
  ON CONFLICT (key) DO UPDATE SET board_id = excluded.board_id, seq = excluded.seq`;

const UNTOMBSTONE_SQL = 'DELETE FROM job_tombstones WHERE key = ANY($1::text[])';

/** The cursor of the ($2 + 1)-th change after $1. */
const NTH_CHANGE_SQL = `
  SELECT seq FROM (SELECT seq FROM jobs WHERE seq > $1 UNION ALL SELECT seq FROM job_tombstones WHERE seq > $1) AS c
  ORDER BY seq LIMIT 1 OFFSET $2`;

/**
 * Whole transactions: every change after $1 up to $2 (all of them when $2 is null). A duplicate
 * (attached to a posting of another source) is a deletion of its key.
 */
const CHANGES_SQL = `
  SELECT seq, key, CASE WHEN duplicate_of IS NULL THEN ${POSTGRES_WHOLE_DOC} END,
         CASE WHEN duplicate_of IS NOT NULL THEN board_id END
    FROM jobs WHERE seq > $1 AND ($2::bigint IS NULL OR seq <= $2::bigint)
  UNION ALL
  SELECT seq, key, NULL, board_id FROM job_tombstones WHERE seq > $1 AND ($2::bigint IS NULL OR seq <= $2::bigint)
  ORDER BY 1, 2`;

/**
 * Changes after a position in (seq, key) order, by the (seq, key) indexes: the document as text,
 * parsed when indexed (UnparsedJob), beside its board_id and valid_through.
 */
const POSITIONED_CHANGE = `seq, key, CASE WHEN duplicate_of IS NULL THEN doc::text END, board_id, valid_through`;
const CHANGES_FROM_CURSOR_SQL = `
  SELECT ${POSITIONED_CHANGE} FROM jobs WHERE seq > $1
  UNION ALL
  SELECT seq, key, NULL, board_id, NULL FROM job_tombstones WHERE seq > $1
  ORDER BY 1, 2 LIMIT $2`;
const CHANGES_FROM_KEY_SQL = `
  SELECT ${POSITIONED_CHANGE} FROM jobs WHERE (seq, key) > ($1, $2)
  UNION ALL
  SELECT seq, key, NULL, board_id, NULL FROM job_tombstones WHERE (seq, key) > ($1, $2)
  ORDER BY 1, 2 LIMIT $3`;

/**
 * The feed served over HTTP, by position: first each change's size (its key and whole document
 * as text), to cut the page, then the changes of the page themselves.
 */
const FEED_SIZES_SQL = `
  SELECT seq, key, octet_length(key) + CASE WHEN duplicate_of IS NULL THEN octet_length(${POSTGRES_WHOLE_DOC}) ELSE 0 END
    FROM jobs WHERE (seq, key) > ($1, $2)
  UNION ALL
  SELECT seq, key, octet_length(key) FROM job_tombstones WHERE (seq, key) > ($1, $2)
  ORDER BY 1, 2 LIMIT $3`;
const FEED_ROWS_SQL = `
  SELECT seq, key, CASE WHEN duplicate_of IS NULL THEN ${POSTGRES_WHOLE_DOC} END,
         CASE WHEN duplicate_of IS NOT NULL THEN board_id END
    FROM jobs WHERE (seq, key) > ($1, $2) AND (seq, key) <= ($3, $4)
  UNION ALL
  SELECT seq, key, NULL, board_id FROM job_tombstones WHERE (seq, key) > ($1, $2) AND (seq, key) <= ($3, $4)
  ORDER BY 1, 2`;

/** Whole postings (their detail put back): the one-posting view and the scans. */
const BY_BOARD_ID_SQL = `SELECT ${POSTGRES_WHOLE_DOC} FROM jobs WHERE board_id = $1`;
const SCAN_SQL = `SELECT key, ${POSTGRES_WHOLE_DOC} FROM jobs WHERE key > $1 ORDER BY key LIMIT $2`;
const SCAN_STORED_SQL = `
  SELECT key, ${POSTGRES_WHOLE_DOC}, duplicate_of,
         coalesce((SELECT array_agg(d.key ORDER BY d.stored_seq, d.key) FROM jobs d WHERE d.duplicate_of = j.key), '{}')
    FROM jobs j WHERE key > $1 ORDER BY key LIMIT $2`;

const ANY_CHANGE_AFTER_SQL = `
  SELECT 1 WHERE EXISTS (SELECT 1 FROM jobs WHERE seq > $1) OR EXISTS (SELECT 1 FROM job_tombstones WHERE seq > $1)`;

/** seq (BIGINT arrives as a string), key, doc (null for a deletion), board_id (null for an upsert). */
type ChangeRow = [string, string, string | null, string | null];

/** seq, key, doc (null for a deletion), board_id, valid_through (BIGINTs arrive as strings). */
type PositionedRow = [string, string, string | null, string, string | null];

function toUnparsedChange([seq, key, doc, boardId, validThrough]: PositionedRow): UnparsedChange {
  const cursor = Number(seq);
  return doc === null
    ? { kind: 'delete', cursor, key, boardId }
    : {
        kind: 'upsert',
        cursor,
        job: new UnparsedJob(key, boardId, validThrough === null ? null : Number(validThrough), doc),
      };
}

function toChange([seq, key, doc, boardId]: ChangeRow): JobChange {
  const cursor = Number(seq);
  return doc === null
    ? { kind: 'delete', cursor, key, boardId: boardId ?? '' }
    : { kind: 'upsert', cursor, job: parseJob(doc) };
}

/** SQLSTATE of a JSONB text holding \u0000. */
const UNTRANSLATABLE_CHARACTER = '22P05';

/** Moves the change cursor and notifies listeners of it, delivered when the transaction commits. */
const BUMP_CURSOR_SQL = `
  WITH moved AS (UPDATE store_meta SET value = value + 1 WHERE name = 'change_cursor' RETURNING value)
  SELECT value, pg_notify('${CHANGES_CHANNEL}', value::text) FROM moved`;

/** A store read from a hot standby: where its changes are written, and so notified. */
export interface StandbyOptions {
  /** The primary the standby replicates (DATABASE_URL): `watch` listens there. */
  primary: string;
  /** How long `watch` waits for the standby to replay a notified change (postgres-standby.ts). */
  replayWaitMs?: number;
}

/**
 * The shared store for several replicas: the same schema as SQLite, the Job kept as JSONB.
 * Every write runs in one transaction that also advances the change cursor.
 */
export class PostgresJobStore implements JobStore {
  readonly #pool: pg.Pool;
  #closed = false;

  readonly #config: pg.PoolConfig;
  readonly #standby: StandbyOptions | null;

  constructor(connection: string | pg.PoolConfig, standby: StandbyOptions | null = null) {
    this.#config = typeof connection === 'string' ? { connectionString: connection } : connection;
    this.#standby = standby;
    this.#pool = new pg.Pool(this.#config);
    // An idle connection that drops (server restart) must not crash the process; the next query
    // opens a new one, and a lasting outage surfaces as that query's error.
    this.#pool.on('error', () => undefined);
    // pg reports a connection lost while no query runs on it as an 'error' event on the client,
    // which ends the process when nobody listens. The pool listens only while a client is idle,
    // and a client can be handed out and lose its connection within one read from the socket
    // (its last reply and the server's termination in one packet), before the code that asked
    // for it could listen. So every client is heard from the moment it is made; the loss then
    // surfaces as its next query's error ("not queryable").
    this.#pool.on('connect', (client) => client.on('error', ignore));
  }

  async migrate(): Promise<void> {
    await this.#transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version    INTEGER PRIMARY KEY,
        name       TEXT NOT NULL,
        applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
      )`);
      const applied = await client.query<[number]>({ text: 'SELECT version FROM schema_migrations', rowMode: 'array' });
      for (const m of pendingMigrations(
        POSTGRES_MIGRATIONS,
        applied.rows.map((r) => r[0]),
      )) {
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      }
      await fillDuplicateKeys(client, SCAN_CHUNK);
    });
  }

  /** Reads schema_migrations only: a hot standby accepts no writes, not even CREATE TABLE IF NOT EXISTS. */
  async checkSchema(): Promise<void> {
    const table = await this.#pool.query<[string | null]>({
      text: "SELECT to_regclass('schema_migrations')::text",
      rowMode: 'array',
    });
    if (table.rows[0]?.[0] == null) {
      checkSchemaVersions(POSTGRES_MIGRATIONS, null);
      return;
    }
    const applied = await this.#pool.query<[number]>({
      text: 'SELECT version FROM schema_migrations',
      rowMode: 'array',
    });
    checkSchemaVersions(
      POSTGRES_MIGRATIONS,
      applied.rows.map((r) => r[0]),
    );
  }

  async loadLive(now: number): Promise<Job[]> {
    const jobs: Job[] = [];
    for await (const chunk of this.liveChunks(now)) for (const job of chunk) jobs.push(job);
    return sortByKey(jobs);
  }

  async *liveChunks(now: number, size = FETCH_SIZE): AsyncGenerator<Job[]> {
    checkChunkSize(size);
    // A cursor streams one sequential scan in bounded batches; sorting in the process is cheaper
    // than an index-ordered scan that visits the rows in random order.
    const client = await this.#connect();
    let broken: Error | undefined;
    let done = false;
    try {
      await client.query('BEGIN READ ONLY');
      await client.query({
        text: `DECLARE live NO SCROLL CURSOR FOR
               SELECT doc::text FROM jobs
                WHERE (valid_through IS NULL OR valid_through >= ${toBigint(now)}) AND duplicate_of IS NULL`,
      });
      for (;;) {
        const batch = await client.query<[string]>({ text: `FETCH ${size} FROM live`, rowMode: 'array' });
        if (batch.rows.length > 0) yield batch.rows.map(([doc]) => parseJob(doc));
        if (batch.rows.length < size) break;
      }
      await client.query('COMMIT');
      done = true;
    } finally {
      // Stopped early or failed: roll back; a connection that cannot is discarded, not pooled.
      if (!done) broken = await rollback(client);
      client.release(broken);
    }
  }

  async upsert(jobs: readonly Job[]): Promise<UpsertResult> {
    const unique = lastByKey(jobs);
    if (unique.length === 0) return { inserted: 0, updated: 0 };
    const now = Date.now();
    return this.#transaction(async (client) => {
      const seq = await bumpCursor(client);
      let inserted = 0;
      // The duplicate groups of the keys written, as they were and as they become.
      const seeds = await keysOfRows(client, 'SELECT place_dup, url_dup FROM jobs WHERE key = ANY($1::text[])', [
        unique.map((j) => j.key),
      ]);
      for (let from = 0; from < unique.length; from += UPSERT_CHUNK) {
        const chunk = unique.slice(from, from + UPSERT_CHUNK);
        const rows = await withRegisteredIds(client, chunk);
        for (const r of rows) seeds.push(duplicateKeysOf(r.job));
        const fresh = await upsertChunk(client, rows, seq);
        inserted += fresh;
        // Only a key that was not stored can have a tombstone.
        if (fresh > 0) await client.query(UNTOMBSTONE_SQL, [chunk.map((j) => j.key)]);
      }
      await applyGroups(client, seeds, now, async () => seq);
      return { inserted, updated: unique.length - inserted };
    });
  }

  async delete(keys: readonly string[]): Promise<number> {
    if (keys.length === 0) return 0;
    const now = Date.now();
    return this.#transaction(async (client) => {
      const result = await client.query<[string, string, string | null, string | null]>({
        text: 'DELETE FROM jobs WHERE key = ANY($1::text[]) RETURNING key, board_id, place_dup, url_dup',
        values: [[...keys]],
        rowMode: 'array',
      });
      // A delete that found nothing changed nothing, so replicas need not reload.
      if (result.rows.length === 0) return 0;
      // The counter row's lock is held until COMMIT whenever it is taken, so cursor order is
      // commit order here too.
      const seq = await bumpCursor(client);
      await client.query(TOMBSTONE_SQL, [result.rows.map((r) => r[0]), result.rows.map((r) => r[1]), seq]);
      // A served posting's duplicates are promoted in the same transaction.
      const seeds = result.rows.map(([, , place, url]) => ({ place, url }));
      await applyGroups(client, seeds, now, async () => seq);
      return result.rows.length;
    });
  }

  async changesSince(since: number, limit: number): Promise<ChangePage> {
    checkLimit(since, limit);
    // One snapshot for the three queries, so the page and `more` agree.
    return this.#transaction(async (client) => {
      const nth = await client.query<[string]>({ text: NTH_CHANGE_SQL, values: [since, limit - 1], rowMode: 'array' });
      const upTo = nth.rows[0]?.[0];
      const rows = await client.query<ChangeRow>({
        text: CHANGES_SQL,
        values: [since, upTo ?? null],
        rowMode: 'array',
      });
      const changes = rows.rows.map(toChange);
      const cursor = changes.at(-1)?.cursor ?? since;
      let more = false;
      if (upTo !== undefined) {
        const after = await client.query({ text: ANY_CHANGE_AFTER_SQL, values: [cursor] });
        more = after.rows.length > 0;
      }
      return { changes, cursor, more };
    }, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  }

  async changesAfter(since: number, key: string | null, limit: number): Promise<PositionedChangePage> {
    checkLimit(since, limit);
    // One more than the page, to tell whether more follow; one statement is one snapshot.
    const result = await this.#pool.query<PositionedRow>({
      text: key === null ? CHANGES_FROM_CURSOR_SQL : CHANGES_FROM_KEY_SQL,
      values: key === null ? [since, limit + 1] : [since, key, limit + 1],
      rowMode: 'array',
    });
    const more = result.rows.length > limit;
    const rows = more ? result.rows.slice(0, limit) : result.rows;
    const last = rows.at(-1);
    return {
      changes: rows.map(toUnparsedChange),
      cursor: last === undefined ? since : Number(last[0]),
      key: last === undefined ? key : last[1],
      more,
    };
  }

  async feedPage(since: number, key: string | null, limit: number, maxBytes: number): Promise<FeedPage> {
    checkLimit(since, limit);
    // Keys are never empty: after (since + 1, '') is after every change of cursor `since`.
    const [at, from] = key === null ? [since + 1, ''] : [since, key];
    return this.#transaction(async (client) => {
      const sized = await client.query<[string, string, number]>({
        text: FEED_SIZES_SQL,
        values: [at, from, limit + 1],
        rowMode: 'array',
      });
      const fit = fittingRows(
        sized.rows.map((r) => r[2]),
        limit,
        maxBytes,
      );
      const end = sized.rows[fit - 1];
      if (end === undefined) return { changes: [], cursor: since, key, more: false };
      const rows = await client.query<ChangeRow>({
        text: FEED_ROWS_SQL,
        values: [at, from, end[0], end[1]],
        rowMode: 'array',
      });
      return { changes: rows.rows.map(toChange), cursor: Number(end[0]), key: end[1], more: fit < sized.rows.length };
    }, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  }

  async getByBoardId(boardId: string): Promise<Job | null> {
    const result = await this.#pool.query<[string]>({
      text: BY_BOARD_ID_SQL,
      values: [boardId],
      rowMode: 'array',
    });
    const doc = result.rows[0]?.[0];
    return doc === undefined ? null : parseJob(doc);
  }

  async getGroupByBoardId(boardId: string): Promise<JobGroup | null> {
    return groupByBoardId(this.#pool, boardId);
  }

  async count(): Promise<number> {
    return this.#scalar('SELECT count(*) FROM jobs');
  }

  async changeCursor(): Promise<number> {
    return this.#scalar("SELECT value FROM store_meta WHERE name = 'change_cursor'");
  }

  async storeId(): Promise<string> {
    return String(await this.#scalar("SELECT value FROM store_meta WHERE name = 'store_id'"));
  }

  async beginImport(source: string): Promise<string> {
    return this.#transaction((client) => beginImport(client, source));
  }

  async stage(importId: string, jobs: readonly StagedJob[]): Promise<StageResult> {
    if (jobs.length === 0) return { staged: 0, repeated: [] };
    return this.#transaction(async (client) => {
      const result: StageResult = { staged: 0, repeated: [] };
      for (let from = 0; from < jobs.length; from += UPSERT_CHUNK) {
        const part = await stageJobs(client, importId, jobs.slice(from, from + UPSERT_CHUNK));
        result.staged += part.staged;
        result.repeated.push(...part.repeated);
      }
      return result;
    }).catch((error: unknown) => {
      throw explainUpsertError(error);
    });
  }

  async publish(importId: string, options: PublishOptions): Promise<PublishResult> {
    return this.#transaction((client) => publishImport(client, importId, options, () => bumpCursor(client)));
  }

  async discardImport(importId: string): Promise<void> {
    await this.#pool.query('DELETE FROM import_staging WHERE import_id = $1', [importId]);
  }

  async *scanAll(): AsyncGenerator<Job[]> {
    let after = '';
    for (;;) {
      const result = await this.#pool.query<[string, string]>({
        text: SCAN_SQL,
        values: [after, SCAN_CHUNK],
        rowMode: 'array',
      });
      if (result.rows.length > 0) yield result.rows.map(([, doc]) => parseJob(doc));
      const last = result.rows.at(-1);
      if (last === undefined || result.rows.length < SCAN_CHUNK) return;
      after = last[0];
    }
  }

  async *scanStored(): AsyncGenerator<StoredJob[]> {
    let after = '';
    for (;;) {
      const result = await this.#pool.query<[string, string, string | null, string[]]>({
        text: SCAN_STORED_SQL,
        values: [after, SCAN_CHUNK],
        rowMode: 'array',
      });
      if (result.rows.length > 0) {
        yield result.rows.map(([, doc, duplicateOf, duplicates]) => ({ job: parseJob(doc), duplicateOf, duplicates }));
      }
      const last = result.rows.at(-1);
      if (last === undefined || result.rows.length < SCAN_CHUNK) return;
      after = last[0];
    }
  }

  /**
   * Change notifications (LISTEN/NOTIFY) on a connection of their own (postgres-notify.ts); for a
   * standby, on the primary, each reported once the standby has replayed it (postgres-standby.ts).
   */
  async watch(events: WatchEvents): Promise<ChangeWatch> {
    const standby = this.#standby;
    if (standby === null) return watchChanges(this.#config, events);
    return watchThroughStandby({ connectionString: standby.primary }, () => this.changeCursor(), events, {
      ...(standby.replayWaitMs === undefined ? {} : { maxMs: standby.replayWaitMs }),
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#pool.end();
  }

  /** BIGINT arrives as a string (it may exceed 2^53); our counts and cursors never do. */
  async #scalar(sql: string): Promise<number> {
    const result = await this.#pool.query<[string | number]>({ text: sql, rowMode: 'array' });
    return Number(result.rows[0]?.[0] ?? 0);
  }

  async #transaction<T>(work: (client: pg.PoolClient) => Promise<T>, begin = 'BEGIN'): Promise<T> {
    const client = await this.#connect();
    let broken: Error | undefined;
    try {
      await client.query(begin);
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      broken = await rollback(client);
      throw isConnectionLoss(error) ? unavailable(error) : error;
    } finally {
      // A connection that could not roll back is discarded rather than returned to the pool.
      client.release(broken);
    }
  }

  /** A pooled connection; one that cannot be made is StoreUnavailableError. */
  async #connect(): Promise<pg.PoolClient> {
    try {
      return await this.#pool.connect();
    } catch (error) {
      throw unavailable(error);
    }
  }
}

function ignore(): void {
  // the failure surfaces as the next query's error
}

function unavailable(error: unknown): StoreUnavailableError {
  return new StoreUnavailableError(error instanceof Error ? error.message : String(error), { cause: error });
}

async function rollback(client: pg.PoolClient): Promise<Error | undefined> {
  try {
    await client.query('ROLLBACK');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

async function bumpCursor(client: pg.PoolClient): Promise<number> {
  const result = await client.query<[string]>({ text: BUMP_CURSOR_SQL, rowMode: 'array' });
  return Number(result.rows[0]?.[0] ?? 0);
}

/** Writes one chunk; returns how many of its rows were new. */
async function upsertChunk(
  client: pg.PoolClient,
  rows: readonly { job: Job; doc: string; hash: string }[],
  seq: number,
): Promise<number> {
  const payload = rows.map((r) => {
    const keys = duplicateKeysOf(r.job);
    return `{"h":"${r.hash}","pd":${JSON.stringify(keys.place)},"ud":${JSON.stringify(keys.url)},"j":${r.doc}}`;
  });
  try {
    const result = await client.query<[boolean]>({
      text: UPSERT_SQL,
      values: [`[${payload.join(',')}]`, seq],
      rowMode: 'array',
    });
    return result.rows.filter(([inserted]) => inserted).length;
  } catch (error) {
    throw explainUpsertError(error);
  }
}

/** PostgreSQL's own message for this case ("unsupported Unicode escape sequence") hides the cause. */
function explainUpsertError(error: unknown): unknown {
  if (error instanceof pg.DatabaseError && error.code === UNTRANSLATABLE_CHARACTER) {
    return new Error(NUL_MESSAGE, { cause: error });
  }
  return error;
}

/**
 * `now` goes into the cursor's text (DECLARE takes no parameters), so it must be a plain integer.
 * Rounding up keeps `valid_through >= now` exact, as valid_through holds whole milliseconds.
 */
function toBigint(now: number): string {
  const whole = Math.ceil(now);
  if (!Number.isSafeInteger(whole)) throw new RangeError(`loadLive: now must be epoch milliseconds, got ${now}`);
  return String(whole);
}
