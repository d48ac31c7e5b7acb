import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Job } from '../../src/domain/job.js';
import type { JobStore } from '../../src/store/job-store.js';
import { migrateSqlite, SqliteJobStore, type SqliteStoreOptions } from '../../src/store/sqlite-store.js';
import { SQLITE_MIGRATIONS } from '../../src/store/migrations/sqlite.js';
import { job, place } from '../builders.js';
import { runJobStoreContract, type StoreFixture } from './job-store.contract.js';

async function sqliteFixture(options: SqliteStoreOptions = {}): Promise<StoreFixture & { path: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'jobsearch-store-'));
  // A sub-folder that does not exist yet: the store creates it.
  const path = join(dir, 'data', 'jobs.db');
  const opened: JobStore[] = [];
  const open = (): SqliteJobStore => {
    const store = new SqliteJobStore(path, options);
    opened.push(store);
    return store;
  };
  return {
    path,
    store: open(),
    reopen: async () => open(),
    cleanup: async () => {
      for (const store of opened) await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

runJobStoreContract('SQLite file', () => sqliteFixture());
// The connection `jobsearch import` uses: temporary storage in files, no memory map.
runJobStoreContract('SQLite file, import connection', () => sqliteFixture({ forImport: true }));

describe('SqliteJobStore', () => {
  let fixture: (StoreFixture & { path: string }) | undefined;
  afterEach(async () => {
    await fixture?.cleanup();
    fixture = undefined;
  });

  it('keeps no reference to what loadLive returned once the caller drops it', async () => {
    const probe = fileURLToPath(new URL('./probes/load-retention.ts', import.meta.url));
    const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', probe]);
    expect(stdout).toBe('collected');
  });

  it('makes a new database with 16 KiB pages and keeps the page size of an existing one', async () => {
    fixture = await sqliteFixture();
    await fixture.store.migrate();
    await fixture.store.upsert([job()]);
    const fresh = new Database(fixture.path, { readonly: true });
    expect(fresh.pragma('page_size', { simple: true })).toBe(16_384);
    fresh.close();

    const old = join(dirname(fixture.path), 'old.db');
    const made = new Database(old);
    made.pragma('page_size = 4096');
    made.exec('CREATE TABLE earlier (x)');
    made.close();
    const store = new SqliteJobStore(old);
    await store.migrate();
    const a = job();
    await store.upsert([a]);
    expect(await store.count()).toBe(1);
    await store.close();
    const reopened = new Database(old, { readonly: true });
    expect(reopened.pragma('page_size', { simple: true })).toBe(4_096);
    reopened.close();
  });

  it('works in memory', async () => {
    const store = new SqliteJobStore(':memory:');
    await store.migrate();
    const a = job();
    expect(await store.upsert([a])).toEqual({ inserted: 1, updated: 0 });
    expect(await store.loadLive(0)).toStrictEqual([a]);
    await store.close();
  });

  it('uses write-ahead logging and records its schema version', async () => {
    fixture = await sqliteFixture();
    await fixture.store.migrate();
    await fixture.store.upsert([job()]);
    await fixture.store.close();
    const db = new Database(fixture.path, { readonly: true });
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.prepare('SELECT version FROM schema_migrations').pluck().all()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(db.prepare("SELECT value FROM store_meta WHERE name = 'change_cursor'").pluck().get()).toBe(1);
    } finally {
      db.close();
    }
  });

  it('fills the duplicate keys of postings stored before migration 4, so that a later copy from another source attaches to them', async () => {
    fixture = await sqliteFixture();
    // More than one chunk (1,000) of them, keyed below any letter (a source named in capitals).
    const old = job({ key: 'Old:id::1', source: 'Old' });
    const others = Array.from({ length: 1_000 }, (_, i) =>
      job({ key: `Old:id::x${String(i).padStart(4, '0')}`, source: 'Old' }),
    );
    const db = new Database(fixture.path);
    migrateSqlite(db, SQLITE_MIGRATIONS.slice(0, 3));
    const insert = db.prepare(
      `INSERT INTO jobs (key, board_id, source, posted_at, valid_through, doc, hash, seq) VALUES (?, ?, ?, NULL, NULL, ?, 'h', 1)`,
    );
    for (const j of [old, ...others]) insert.run(j.key, j.boardId, j.source, JSON.stringify(j));
    db.prepare("UPDATE store_meta SET value = 1 WHERE name = 'change_cursor'").run();
    db.close();
    await fixture.store.migrate();
    const check = new Database(fixture.path, { readonly: true });
    try {
      expect(check.prepare('SELECT count(*) FROM jobs WHERE place_dup IS NULL').pluck().get()).toBe(0);
    } finally {
      check.close();
    }
    const copy = job({ key: 'new:id::1', source: 'new' });
    const id = await fixture.store.beginImport('new');
    await fixture.store.stage(id, [{ job: copy, position: 'line 1' }]);
    expect(await fixture.store.publish(id, { now: Date.now(), sync: false })).toMatchObject({
      inserted: 1,
      duplicates: 1,
    });
    const served = (await fixture.store.loadLive(0)).map((j) => j.key);
    expect(served).toHaveLength(1_001);
    expect(served).toContain(old.key);
    expect(served).not.toContain(copy.key);
  });

  it('moves the detail of postings stored before migration 7 beside their documents, their content hashes kept', async () => {
    fixture = await sqliteFixture();
    const detail = { description: 'Aufgaben.\n\nProfil.', applyUrl: 'https://example.com/apply', statedSalary: null };
    const stored = [
      job({ key: 'feed:id::1', boardId: '11', source: 'feed', detail }),
      job({ key: 'feed:id::2', boardId: '12', source: 'feed' }),
    ];
    const db = new Database(fixture.path);
    migrateSqlite(db, SQLITE_MIGRATIONS.slice(0, 6));
    // As the release before wrote them: the whole posting in the document, hashed as one text.
    const insert = db.prepare(
      `INSERT INTO jobs (key, board_id, source, posted_at, valid_through, doc, hash, seq, stored_seq)
       VALUES (?, ?, ?, ?, ?, ?, ?, 1, 1)`,
    );
    for (const j of stored) {
      const doc = JSON.stringify(j);
      insert.run(j.key, j.boardId, j.source, j.postedAt, j.validThrough, doc, sha1Base64(doc));
      db.prepare('INSERT INTO board_ids (board_id, key) VALUES (?, ?)').run(j.boardId, j.key);
    }
    db.prepare("UPDATE store_meta SET value = 1 WHERE name = 'change_cursor'").run();
    db.close();
    await fixture.store.migrate();
    const check = new Database(fixture.path, { readonly: true });
    try {
      const rows = check
        .prepare<[], [string | null, string | null]>("SELECT detail, json_type(doc, '$.detail') FROM jobs ORDER BY key")
        .raw()
        .all();
      expect(rows.map(([d, inDoc]) => [d === null ? null : (JSON.parse(d) as unknown), inDoc])).toEqual([
        [detail, null],
        [null, null],
      ]);
    } finally {
      check.close();
    }
    expect(await fixture.store.getByBoardId('11')).toStrictEqual(stored[0]);
    expect((await fixture.store.loadLive(0)).map((j) => j.detail)).toEqual([undefined, undefined]);
    const id = await fixture.store.beginImport('feed');
    await fixture.store.stage(
      id,
      stored.map((j, i) => ({ job: j, position: `line ${i + 1}` })),
    );
    expect(await fixture.store.publish(id, { now: 0, sync: false })).toMatchObject({ updated: 0, unchanged: 2 });
  });

  it('groups duplicates of an import of thousands (seeds taken a chunk at a time) as one upsert of them does', async () => {
    // Company names repeat within a source and copies match by place or by url, so components
    // chain across postings and across the chunks of seeds the publish regroups one at a time;
    // the pairs after them (Zeta: their place keys sort last) are components of their own.
    const n = 1_500;
    const pad = (i: number): string => String(i).padStart(5, '0');
    const posting = (src: string, i: number, company: string, city: string, url: string | null): Job =>
      job({
        key: `${src}:id::${pad(i)}`,
        boardId: `${src === 'a' ? 1 : 2}${pad(i)}`,
        source: src,
        company: { name: company, domain: null, website: null, logoUrl: null, size: null },
        places: [place({ city: { slug: city, name: city } })],
        url,
      });
    const city = (i: number): string => (i % 2 === 0 ? 'berlin' : 'hamburg');
    const a = Array.from({ length: n }, (_, i) =>
      posting('a', i, `Firm ${i % 700}`, city(i), `https://jobs.example.com/${i}`),
    );
    const b = Array.from({ length: n }, (_, i) =>
      posting(
        'b',
        i,
        i % 3 === 0 ? `Other ${i}` : `Firm ${i % 700}`,
        city(i),
        i % 2 === 0 ? `https://jobs.example.com/${(i * 7) % n}` : null,
      ),
    );
    for (let i = n; i < 2 * n; i++) {
      a.push(posting('a', i, `Zeta ${i}`, city(i), null));
      b.push(posting('b', i, `Zeta ${i}`, city(i), i % 5 === 0 ? `https://jobs.example.com/${i}` : null));
    }
    const imported = new SqliteJobStore(':memory:', { forImport: true });
    const upserted = new SqliteJobStore(':memory:');
    const outcome = async (store: SqliteJobStore): Promise<(string | undefined)[]> => {
      const heads = [];
      for (const j of [...a, ...b]) heads.push((await store.getGroupByBoardId(j.boardId))?.job.key);
      return heads;
    };
    try {
      await imported.migrate();
      await upserted.migrate();
      let attached = 0;
      for (const jobs of [a, b]) {
        const id = await imported.beginImport(jobs[0]?.source ?? '');
        for (let i = 0; i < jobs.length; i += 1_000) {
          await imported.stage(
            id,
            jobs.slice(i, i + 1_000).map((j) => ({ job: j, position: j.key })),
          );
        }
        attached += (await imported.publish(id, { now: Date.now(), sync: false })).duplicates;
        await upserted.upsert(jobs);
      }
      const heads = await outcome(upserted);
      expect(heads.filter((h, i) => h !== [...a, ...b][i]?.key).length).toBe(attached);
      expect(attached).toBeGreaterThan(n);
      expect(await outcome(imported)).toEqual(heads);
      expect((await imported.loadLive(0)).map((j) => j.key)).toEqual((await upserted.loadLive(0)).map((j) => j.key));
    } finally {
      await imported.close();
      await upserted.close();
    }
  });

  it('closes twice without error', async () => {
    const store = new SqliteJobStore(':memory:');
    await store.close();
    await expect(store.close()).resolves.toBeUndefined();
  });
});

describe('migrateSqlite', () => {
  const v1 = { version: 1, name: 'one', sql: 'CREATE TABLE one (x INTEGER)' };
  const v2 = { version: 2, name: 'two', sql: 'CREATE TABLE two (x INTEGER); INSERT INTO one VALUES (7)' };

  it('applies only the migrations a database has not seen, in order', () => {
    const db = new Database(':memory:');
    migrateSqlite(db, [v1]);
    migrateSqlite(db, [v1, v2]);
    migrateSqlite(db, [v1, v2]);
    expect(db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()).toEqual([1, 2]);
    expect(db.prepare('SELECT count(*) FROM one').pluck().get()).toBe(1);
    db.close();
  });

  it('leaves no trace of a migration that fails', () => {
    const db = new Database(':memory:');
    const broken = { version: 2, name: 'broken', sql: 'CREATE TABLE two (x INTEGER); SELECT nonsense FROM nowhere' };
    migrateSqlite(db, [v1]);
    expect(() => {
      migrateSqlite(db, [v1, broken]);
    }).toThrow(/nowhere/);
    expect(db.prepare('SELECT version FROM schema_migrations').pluck().all()).toEqual([1]);
    expect(db.prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'two'").pluck().get()).toBe(0);
    db.close();
  });

  it('refuses a database migrated by a newer release', () => {
    const db = new Database(':memory:');
    migrateSqlite(db, [v1, v2]);
    expect(() => {
      migrateSqlite(db, [v1]);
    }).toThrow(/newer release/);
    db.close();
  });

  it('refuses migrations out of order', () => {
    const db = new Database(':memory:');
    expect(() => {
      migrateSqlite(db, [v2, v1]);
    }).toThrow(/ascending/);
    db.close();
  });
});

/** The content hash the stores have always kept: SHA-1 of the posting's JSON, in base64. */
function sha1Base64(text: string): string {
  return createHash('sha1').update(text).digest('base64');
}
