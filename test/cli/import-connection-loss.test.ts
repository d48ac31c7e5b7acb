/**
 * `jobsearch import` into PostgreSQL when its connection drops mid-import, as real processes: the
 * test ends the import's backends (pg_terminate_backend, matched on the test database's name)
 * after the first staged batch, again and again until the process gives up. Nothing of the import
 * may be live, the failure is said with the store named, and a re-run completes it exactly.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePostings } from '../../src/demo/generate.js';
import { PostgresJobStore } from '../../src/store/postgres-store.js';
import { ADMIN_HOST_PORT, adminQuery, createTestDatabase, dropTestDatabase } from '../pg-database.js';
import { bundleCli, runCli, type CliBundle } from './cli-process.js';

const POSTINGS = 5_000;
/** Between two terminations: shorter than staging one batch of 1,000, so one lands inside a batch. */
const KILL_EVERY_MS = 25;

let cli: CliBundle;
let dir: string;
beforeAll(async () => {
  cli = await bundleCli();
  dir = await mkdtemp(join(tmpdir(), 'import-connection-loss-'));
}, 60_000);
afterAll(async () => {
  cli.remove();
  await rm(dir, { recursive: true, force: true });
});

/** Ends every session on the database `name` (the test's own, by its unique name) except this one. */
async function terminateAll(name: string): Promise<number> {
  const result = await adminQuery(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [name],
  );
  return result.rowCount ?? 0;
}

describe('jobsearch import into PostgreSQL, its connection dropped mid-import', { timeout: 180_000 }, () => {
  it('publishes nothing, names the store, and a re-run imports exactly the file', async () => {
    const now = Date.now();
    const file = join(dir, 'postings.ndjson');
    const postings = [...generatePostings({ count: POSTINGS, seed: 12, now })];
    await writeFile(file, `${postings.map((p) => JSON.stringify(p)).join('\n')}\n`);
    const { name, url } = await createTestDatabase();
    const store = new PostgresJobStore(url);
    try {
      await store.migrate();
      const env = { DATABASE_URL: url, IMPORT_PROGRESS_MS: '0' };
      const first = runCli(cli.main, ['import', file, '--source', 'feed'], env);
      await first.waitFor(/1,000 staged/);
      let killed = 0;
      let done = false as boolean; // set when the process exits
      void first.exited.then(() => (done = true));
      while (!done) {
        killed += await terminateAll(name);
        await new Promise((r) => setTimeout(r, KILL_EVERY_MS));
      }
      const { code } = await first.exited;
      expect(killed).toBeGreaterThan(0);
      // a clear failure that names the store and says what to do, not a stack
      expect(code, first.stderr()).toBe(3); // EXIT_STORE: the store failed, run it again
      expect(first.stderr()).toContain(`PostgreSQL at ${ADMIN_HOST_PORT}, database ${name}`);
      // no posting of the file is bad: a connection lost must not turn good postings into rejects
      expect(first.stderr()).toMatch(/staged, 0 rejected; nothing was published/);
      expect(first.stderr()).toMatch(/run the same import again/i);
      expect(first.stderr()).not.toMatch(/^\s+at /m);
      expect(first.stdout()).not.toMatch(/imported/);
      // nothing of it is stored, let alone live; what was staged stays aside
      expect(await store.count()).toBe(0);
      expect(await store.changeCursor()).toBe(0);
      expect((await store.loadLive(Date.now())).length).toBe(0);

      const second = runCli(cli.main, ['import', file, '--source', 'feed'], env);
      const rerun = await second.exited;
      expect(rerun.code, second.stderr()).toBe(0);
      expect(second.stdout()).toMatch(new RegExp(`inserted: +${POSTINGS.toLocaleString('en')}\\b`));
      const stored = await store.loadLive(0);
      expect(stored.length).toBe(POSTINGS);
      expect(new Set(stored.map((j) => j.key)).size).toBe(POSTINGS);
      expect(await stagedRows(url)).toBe(0);
    } finally {
      await store.close();
      await dropTestDatabase(name);
    }
  });
});

/** Rows left in the staging area of every import. */
async function stagedRows(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>('SELECT count(*) AS n FROM import_staging');
    return Number(result.rows[0]?.n);
  } finally {
    await client.end();
  }
}
