import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobStore } from '../../src/store/job-store.js';
import { openStore } from '../../src/store/open-store.js';
import { PostgresJobStore } from '../../src/store/postgres-store.js';
import { job } from '../builders.js';
import { runJobStoreContract, type StoreFixture } from './job-store.contract.js';

/** A server the tests may create and drop their own databases on; other databases are never touched. */
const ADMIN_URL = process.env['TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let admin: pg.Client | undefined;

beforeAll(async () => {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The PostgreSQL store tests need a server at ${redact(ADMIN_URL)} (${reason}). ` +
        'Start one, or set TEST_POSTGRES_URL to a server where databases may be created.',
    );
  }
  admin = client;
});

afterAll(async () => {
  await admin?.end();
});

/** A new, uniquely named database, and its URL. */
async function createDatabase(): Promise<{ name: string; url: string }> {
  if (admin === undefined) throw new Error('no connection to the PostgreSQL server');
  const name = `jobsearch_test_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

async function dropDatabase(name: string): Promise<void> {
  // Only names this file made; FORCE ends connections a failed test left open.
  if (!/^jobsearch_test_[0-9a-f]{12}$/.test(name)) throw new Error(`refusing to drop ${name}`);
  await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

async function postgresFixture(): Promise<StoreFixture> {
  const { name, url } = await createDatabase();
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
      await dropDatabase(name);
    },
  };
}

runJobStoreContract('PostgreSQL', postgresFixture);

describe('PostgresJobStore', () => {
  it('lets replicas that start together migrate one at a time', async () => {
    const { name, url } = await createDatabase();
    const stores = Array.from({ length: 4 }, () => new PostgresJobStore(url));
    try {
      await Promise.all(stores.map((s) => s.migrate()));
      const [first] = stores;
      await first?.upsert([job()]);
      expect(await first?.count()).toBe(1);
    } finally {
      for (const s of stores) await s.close();
      await dropDatabase(name);
    }
  });

  it('refuses a posting holding U+0000, which JSONB cannot store, with a clear error', async () => {
    const { name, url } = await createDatabase();
    const store = new PostgresJobStore(url);
    try {
      await store.migrate();
      await expect(store.upsert([job(), job({ summary: 'a\u0000b' })])).rejects.toThrow(/U\+0000/);
      expect(await store.count()).toBe(0);
    } finally {
      await store.close();
      await dropDatabase(name);
    }
  });

  it('is what openStore returns for a postgres:// URL, already migrated', async () => {
    const { name, url } = await createDatabase();
    const store = await openStore(url.replace(/^postgres:/, 'postgresql:'));
    try {
      expect(store).toBeInstanceOf(PostgresJobStore);
      expect(await store.upsert([job()])).toEqual({ inserted: 1, updated: 0 });
    } finally {
      await store.close();
      await dropDatabase(name);
    }
  });
});

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
