/**
 * `checkSchema`, how a read-only hot standby is opened (DATABASE_READ_URL): it reads the schema
 * versions and writes nothing, on SQLite and on the real PostgreSQL server.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SchemaBehindError } from '../../src/store/migrations/migration.js';
import { POSTGRES_MIGRATIONS } from '../../src/store/migrations/postgres.js';
import { SQLITE_MIGRATIONS } from '../../src/store/migrations/sqlite.js';
import { openStore } from '../../src/store/open-store.js';
import type { JobStore } from '../../src/store/job-store.js';
import { createTestDatabase, dropTestDatabase } from '../pg-database.js';

interface Place {
  url: string;
  /** Runs one statement directly, beside the store. */
  exec: (sql: string) => Promise<void>;
  /** Names of the tables there. */
  tables: () => Promise<string[]>;
  newest: number;
}

async function withSqlite(test: (place: Place) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'check-schema-'));
  const path = join(dir, 'jobs.db');
  try {
    await test({
      url: path,
      exec: async (sql) => {
        const db = new Database(path);
        try {
          db.exec(sql);
        } finally {
          db.close();
        }
      },
      tables: async () => {
        const db = new Database(path);
        try {
          return db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
        } finally {
          db.close();
        }
      },
      newest: Math.max(...SQLITE_MIGRATIONS.map((m) => m.version)),
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function withPostgres(test: (place: Place) => Promise<void>): Promise<void> {
  const { name, url } = await createTestDatabase();
  const run = async <T extends unknown[]>(sql: string): Promise<pg.QueryResult<T>> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await client.query<T>({ text: sql, rowMode: 'array' });
    } finally {
      await client.end();
    }
  };
  try {
    await test({
      url,
      exec: async (sql) => {
        await run(sql);
      },
      tables: async () =>
        (await run<[string]>("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).rows.map((r) => r[0]),
      newest: Math.max(...POSTGRES_MIGRATIONS.map((m) => m.version)),
    });
  } finally {
    await dropTestDatabase(name);
  }
}

async function checkOf(url: string): Promise<unknown> {
  let store: JobStore | undefined;
  try {
    store = await openStore(url, { readOnly: true });
    return null;
  } catch (error) {
    return error;
  } finally {
    await store?.close();
  }
}

describe.each([
  ['SQLite', withSqlite],
  ['PostgreSQL', withPostgres],
])('opening a %s store read-only', (_name, withPlace) => {
  it('refuses a database with no schema as behind, and creates nothing there', async () => {
    await withPlace(async (place) => {
      const error = await checkOf(place.url);
      expect(error).toBeInstanceOf(SchemaBehindError);
      expect(String(error)).toMatch(/has no schema yet.*not been migrated to this release/);
      expect(await place.tables()).toEqual([]);
    });
  });

  it('accepts a database with exactly this release schema', async () => {
    await withPlace(async (place) => {
      await (await openStore(place.url)).close();
      expect(await checkOf(place.url)).toBeNull();
    });
  });

  it('names the versions a database lacks, and does not add them', async () => {
    await withPlace(async (place) => {
      await (await openStore(place.url)).close();
      await place.exec(`DELETE FROM schema_migrations WHERE version = ${place.newest}`);
      const error = await checkOf(place.url);
      expect(error).toBeInstanceOf(SchemaBehindError);
      expect((error as SchemaBehindError).missing).toEqual([place.newest]);
      expect(String(error)).toContain(`lacks schema version(s) ${place.newest}`);
      expect(await checkOf(place.url)).toBeInstanceOf(SchemaBehindError);
    });
  });

  it('refuses a database migrated by a newer release, naming its version', async () => {
    await withPlace(async (place) => {
      await (await openStore(place.url)).close();
      const future = place.newest + 1;
      await place.exec(
        `INSERT INTO schema_migrations (version, name, applied_at) VALUES (${future}, 'future', ${
          place.url.startsWith('postgres') ? 'now()' : '0'
        })`,
      );
      const error = await checkOf(place.url);
      expect(error).not.toBeInstanceOf(SchemaBehindError);
      expect(String(error)).toMatch(new RegExp(`schema version\\(s\\) ${future} that this program does not know`));
    });
  });
});
