import { createHash } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { StoreUnavailableError, type ChangeWatch, type JobStore, type WatchEvents } from '../../src/store/job-store.js';
import { openStore } from '../../src/store/open-store.js';
import { PostgresJobStore } from '../../src/store/postgres-store.js';
import { POSTGRES_MIGRATIONS } from '../../src/store/migrations/postgres.js';
import { job } from '../builders.js';
import { runJobStoreContract, type StoreFixture } from './job-store.contract.js';
import { ADMIN_URL, adminQuery, createTestDatabase, dropTestDatabase, terminateSessions } from '../pg-database.js';
import { CHANGES_CHANNEL, LISTENER_APPLICATION_NAME } from '../../src/store/postgres-notify.js';

beforeAll(async () => {
  // Fails the file at once, with the reason, when there is no server to create databases on.
  await adminQuery('SELECT 1');
});

async function postgresFixture(): Promise<StoreFixture> {
  const { name, url } = await createTestDatabase();
  const opened: JobStore[] = [];
  const open = (): JobStore => {
    const store = new PostgresJobStore(url);
    opened.push(store);
    return store;
  };
  return {
    store: open(),
    reopen: async () => open(),
    cleanup: async () => {
      for (const store of opened) await store.close();
      await dropTestDatabase(name);
    },
  };
}

runJobStoreContract('PostgreSQL', postgresFixture);

/** Waits (up to 10 s) until `what` holds, then asserts it. */
async function until(what: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !what(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(what()).toBe(true);
}

/**
 * A fresh database with a writer and a second store watching it (its change cursors collected in
 * `seen`); `use` runs with both, and everything is closed and dropped after it, however it ends.
 */
async function withWatch(
  events: Omit<WatchEvents, 'change'>,
  use: (t: {
    name: string;
    url: string;
    writer: PostgresJobStore;
    watch: ChangeWatch;
    seen: number[];
  }) => Promise<void>,
): Promise<void> {
  const { name, url } = await createTestDatabase();
  const writer = new PostgresJobStore(url);
  const reader = new PostgresJobStore(url);
  const seen: number[] = [];
  try {
    await writer.migrate();
    const watch = await reader.watch({ ...events, change: (cursor) => seen.push(cursor) });
    try {
      await use({ name, url, writer, watch, seen });
    } finally {
      await watch.close();
    }
  } finally {
    await writer.close();
    await reader.close();
    await dropTestDatabase(name);
  }
}

describe('PostgresJobStore', () => {
  it('lets replicas that start together migrate one at a time', async () => {
    const { name, url } = await createTestDatabase();
    const stores = Array.from({ length: 4 }, () => new PostgresJobStore(url));
    try {
      await Promise.all(stores.map((s) => s.migrate()));
      const [first] = stores;
      await first?.upsert([job()]);
      expect(await first?.count()).toBe(1);
    } finally {
      for (const s of stores) await s.close();
      await dropTestDatabase(name);
    }
  });

  it('refuses a posting holding U+0000, which JSONB cannot store, with a clear error', async () => {
    const { name, url } = await createTestDatabase();
    const store = new PostgresJobStore(url);
    try {
      await store.migrate();
      await expect(store.upsert([job(), job({ summary: 'a\u0000b' })])).rejects.toThrow(/U\+0000/);
      expect(await store.count()).toBe(0);
    } finally {
      await store.close();
      await dropTestDatabase(name);
    }
  });

  it('notifies every committed write with its cursor, and listens again after its connection is killed', async () => {
    const states: string[] = [];
    const handlers = { listening: () => states.push('listening'), lost: () => states.push('lost') };
    await withWatch(handlers, async ({ name, writer, watch, seen }) => {
      expect(watch.listening).toBe(true);
      await writer.upsert([job({ key: 'gone:1' })]);
      await writer.delete(['none:1']); // deletes nothing: no change, no notification
      await writer.delete(['gone:1']);
      const id = await writer.beginImport('feed');
      await writer.stage(id, [{ job: job({ key: 'feed:1' }), position: 'line 1' }]);
      await writer.publish(id, { now: Date.now(), sync: false });
      const cursor = await writer.changeCursor();
      await until(() => seen.includes(cursor));
      // one notification per transaction, in commit order, each with its cursor
      expect(seen).toEqual([cursor - 2, cursor - 1, cursor]);

      // an aborted transaction notifies nothing
      await expect(writer.upsert([job(), job({ title: 10n as unknown as string })])).rejects.toThrow();
      expect(await terminateSessions(name, LISTENER_APPLICATION_NAME)).toBe(1);
      await until(() => states.join() === 'listening,lost,listening');
      expect(watch.listening).toBe(true);
      await writer.upsert([job()]);
      const next = await writer.changeCursor();
      await until(() => seen.includes(next));
      expect(seen).toEqual([cursor - 2, cursor - 1, cursor, next]);

      await watch.close();
      expect(watch.listening).toBe(false);
      // Closed, its connection's end is no loss: nothing is reported and nothing reconnects.
      await new Promise((r) => setTimeout(r, 600));
      expect(states.join()).toBe('listening,lost,listening');
    });
  });

  it('listens again after a loss when it was given no lost or listening handler', async () => {
    await withWatch({}, async ({ name, writer, watch, seen }) => {
      expect(await terminateSessions(name, LISTENER_APPLICATION_NAME)).toBe(1);
      for (let i = 0; i < 400 && !watch.listening; i++) await new Promise((r) => setTimeout(r, 25));
      // It may read as listening before the loss is noticed: a write must get through to count.
      let cursor = 0;
      for (let i = 0; i < 40 && !seen.includes(cursor); i++) {
        await writer.upsert([job({ key: `again:${i}` })]);
        cursor = await writer.changeCursor();
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(seen).toContain(cursor);
    });
  });

  it('ignores a notification on its channel whose payload is no cursor', async () => {
    await withWatch({}, async ({ url, seen }) => {
      // Each NOTIFY is its own transaction, delivered in commit order: the last one tells when
      // the others have been handled.
      const notifier = new pg.Client({ connectionString: url });
      await notifier.connect();
      try {
        for (const payload of ['x', '1.5', '9007199254740993', '-2.5e400', '42'])
          await notifier.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, payload]);
      } finally {
        await notifier.end();
      }
      await until(() => seen.includes(42));
      expect(seen).toEqual([42]);
    });
  });

  it('retries a server that does not answer with waits that double, and stops once closed', async () => {
    // Nothing listens on port 1: every connection is refused at once, so each wait is the backoff's.
    const store = new PostgresJobStore('postgres://root@127.0.0.1:1/none');
    const lost: number[] = [];
    let listening = 0;
    const watch = await store.watch({
      change: () => undefined,
      listening: () => listening++,
      lost: () => lost.push(performance.now()),
    });
    try {
      expect(watch.listening).toBe(false);
      for (let i = 0; i < 400 && lost.length < 4; i++) await new Promise((r) => setTimeout(r, 25));
      expect(lost.length).toBeGreaterThanOrEqual(4);
      // 250, 500, 1,000 ms at least (a timer never fires early; a busy machine only makes them longer).
      const waits = lost.slice(1, 4).map((t, i) => t - lost[i]!);
      expect(waits[0]).toBeGreaterThanOrEqual(249);
      expect(waits[1]).toBeGreaterThanOrEqual(499);
      expect(waits[2]).toBeGreaterThanOrEqual(999);
    } finally {
      await watch.close();
      await store.close();
    }
    const after = lost.length;
    await new Promise((r) => setTimeout(r, 2_500));
    expect(lost.length).toBe(after);
    expect(listening).toBe(0);
  });

  it('is what openStore returns for a postgres:// URL, already migrated', async () => {
    const { name, url } = await createTestDatabase();
    const store = await openStore(url.replace(/^postgres:/, 'postgresql:'));
    try {
      expect(store).toBeInstanceOf(PostgresJobStore);
      expect(await store.upsert([job()])).toEqual({ inserted: 1, updated: 0 });
    } finally {
      await store.close();
      await dropTestDatabase(name);
    }
  });

  it('fails with StoreUnavailableError, naming the reason, when the server refuses connections', async () => {
    const store = new PostgresJobStore({
      connectionString: 'postgres://127.0.0.1:1/none',
      connectionTimeoutMillis: 2_000,
    });
    try {
      const error: unknown = await store.migrate().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect((error as Error).name).toBe('StoreUnavailableError');
      expect((error as Error).message).toMatch(/ECONNREFUSED|connect/i);
      expect((error as Error).cause).toBeInstanceOf(Error);
    } finally {
      await store.close();
    }
  });

  it('fills the duplicate keys of postings stored before migration 4, more than one chunk of them', async () => {
    await atSchema(3, async (client, store) => {
      // 1,001 postings (the chunk is 1,000) of a source named in capitals: keys below any letter.
      const old = Array.from({ length: 1_001 }, (_, i) =>
        job({ key: `Old:id::${String(i).padStart(4, '0')}`, boardId: String(5_000 + i), source: 'Old' }),
      );
      await client.query(
        `INSERT INTO jobs (key, board_id, source, posted_at, valid_through, doc, hash, seq)
         SELECT k, b, 'Old', NULL, NULL, d::jsonb, 'h', 1 FROM unnest($1::text[], $2::text[], $3::text[]) AS u(k, b, d)`,
        [old.map((j) => j.key), old.map((j) => j.boardId), old.map((j) => JSON.stringify(j))],
      );
      await client.query("UPDATE store_meta SET value = 1 WHERE name = 'change_cursor'");
      await store.migrate();
      const unfilled = await client.query('SELECT count(*)::int AS n FROM jobs WHERE place_dup IS NULL');
      expect(unfilled.rows[0]).toEqual({ n: 0 });
      // A copy of the last one from another source attaches to it.
      const copy = job({ ...old[1_000]!, key: 'new:id::1', boardId: '42', source: 'new' });
      const id = await store.beginImport('new');
      await store.stage(id, [{ job: copy, position: 'line 1' }]);
      expect(await store.publish(id, { now: Date.now(), sync: false })).toMatchObject({ inserted: 1, duplicates: 1 });
      // Nothing of a published import stays staged.
      expect((await client.query('SELECT count(*)::int AS n FROM import_staging')).rows[0]).toEqual({ n: 0 });
    });
  });

  it('moves the detail of postings stored before migration 7 beside their documents, their content hashes kept', async () => {
    await atSchema(6, async (client, store) => {
      const detail = { description: 'Aufgaben.\n\nProfil.', applyUrl: 'https://example.com/apply', statedSalary: null };
      const stored = [
        job({ key: 'feed:id::1', boardId: '11', source: 'feed', detail }),
        job({ key: 'feed:id::2', boardId: '12', source: 'feed' }),
      ];
      // As the release before wrote them: the whole posting in the document, hashed as one text.
      for (const j of stored) {
        const doc = JSON.stringify(j);
        await client.query(
          `INSERT INTO jobs (key, board_id, source, posted_at, valid_through, doc, hash, seq, stored_seq)
           VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, 1, 1)`,
          [
            j.key,
            j.boardId,
            j.source,
            j.postedAt,
            j.validThrough,
            doc,
            createHash('sha1').update(doc).digest('base64'),
          ],
        );
        await client.query('INSERT INTO board_ids (board_id, key) VALUES ($1, $2)', [j.boardId, j.key]);
      }
      await client.query("UPDATE store_meta SET value = 1 WHERE name = 'change_cursor'");
      await store.migrate();
      const rows = await client.query<{ detail: unknown; in_doc: boolean }>(
        "SELECT detail, doc ? 'detail' AS in_doc FROM jobs ORDER BY key",
      );
      expect(rows.rows).toEqual([
        { detail, in_doc: false },
        { detail: null, in_doc: false },
      ]);
      expect(await store.getByBoardId('11')).toStrictEqual(stored[0]);
      expect((await store.loadLive(0)).map((j) => j.detail)).toEqual([undefined, undefined]);
      const id = await store.beginImport('feed');
      await store.stage(
        id,
        stored.map((j, i) => ({ job: j, position: `line ${i + 1}` })),
      );
      expect(await store.publish(id, { now: 0, sync: false })).toMatchObject({ updated: 0, unchanged: 2 });
    });
  });

  it('survives its connections being ended at any moment: the loss is a failed call, never a crash', async () => {
    // Two connections shared by six callers, so a connection is handed to a waiting caller the
    // moment another's reply is read; termination lands anywhere, including inside that handover
    // (pg then emits 'error' on a client nobody listened to yet, which would end the process).
    const { name, url } = await createTestDatabase();
    const store = new PostgresJobStore({ connectionString: url, max: 2 });
    try {
      await store.migrate();
      await store.upsert([job()]);
      let stop = false;
      let failed = 0;
      let done = 0;
      let wrong = 0; // calls that answered, but not what is stored
      const callers = Array.from({ length: 6 }, async (_, i) => {
        while (!stop) {
          try {
            if (i % 2 === 0) {
              if ((await store.count()) !== 1) wrong++; // a pooled query
            } else {
              let rows = 0; // a checked-out connection
              for await (const chunk of store.liveChunks(Date.now())) rows += chunk.length;
              if (rows !== 1) wrong++;
            }
            done++;
          } catch {
            failed++;
          }
        }
      });
      // One connection to the admin database ends them: no connection set-up between two kills.
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      let killed = 0;
      try {
        while (killed < 400) {
          const result = await admin.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          killed += result.rowCount ?? 0;
          await new Promise((r) => setTimeout(r, 1));
        }
      } finally {
        await admin.end();
      }
      stop = true;
      await Promise.all(callers);
      expect(failed).toBeGreaterThan(0);
      expect(done).toBeGreaterThan(0);
      expect(wrong).toBe(0);
      // and the store is whole afterwards
      expect(await store.count()).toBe(1);
    } finally {
      await store.close();
      await dropTestDatabase(name);
    }
  }, 60_000);
});

/**
 * Runs `use` on a new database at schema `version` (as a release of that version left it), with a
 * connection to it and a store not yet migrated; drops the database after.
 */
async function atSchema(
  version: number,
  use: (client: pg.Client, store: PostgresJobStore) => Promise<void>,
): Promise<void> {
  const { name, url } = await createTestDatabase();
  const client = new pg.Client({ connectionString: url });
  const store = new PostgresJobStore(url);
  try {
    await client.connect();
    await migratedUpTo(client, version);
    await use(client, store);
  } finally {
    await client.end();
    await store.close();
    await dropTestDatabase(name);
  }
}

/** A database at schema `version`, as a release of that version left it (its migrations, recorded). */
async function migratedUpTo(client: pg.Client, version: number): Promise<void> {
  await client.query(`CREATE TABLE schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
  for (const m of POSTGRES_MIGRATIONS.filter((m) => m.version <= version)) {
    await client.query(m.sql);
    await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
  }
}
