/**
 * `jobsearch serve` reading from a real PostgreSQL hot standby (DATABASE_READ_URL) while an import
 * by the CLI writes to the primary (DATABASE_URL): the import reaches the answers through the
 * primary's notification, read from the standby once replayed (the poll is set far beyond the
 * test's wait, so nothing else can show it); the server migrates only the primary, listens there,
 * and never writes to the standby. The two servers are throwaway clusters made by test/pg-cluster.ts.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entriesOf, query, startReplicatedPair, type ReplicatedPair } from '../pg-cluster.js';
import { LISTENER_APPLICATION_NAME } from '../../src/store/postgres-notify.js';
import { bundleCli, ROOT, runCli, type CliBundle, type Run } from './cli-process.js';

const REAL = join(ROOT, 'test/fixtures/real-postings/postings.ndjson');
/** Generous: replication lag + a catch-up on a shared machine, and far below the poll's interval. */
const VISIBLE_WITHIN_MS = 20_000;
/** No poll within the test: only the notification path can show the import. */
const POLL_MS = 600_000;
const DATABASE = 'jobs';
/** node-postgres sends PGAPPNAME: the clusters' logs tell the server's statements from the import's. */
const SERVE_APP = 'jobsearch-serve-under-test';
const IMPORT_APP = 'jobsearch-import-under-test';

let cli: CliBundle;
beforeAll(async () => {
  cli = await bundleCli();
}, 60_000);
afterAll(() => {
  cli.remove();
});

async function get(base: string, path: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, body: await res.json() };
}

async function countOf(base: string): Promise<number> {
  const { body } = await get(base, '/jobs/api/job-search-results-count');
  return (body as { total_results: number }).total_results;
}

/** Polls until the server answers `expected`; fails with what it answered last. */
async function seesCount(base: string, expected: number): Promise<void> {
  const until = Date.now() + VISIBLE_WITHIN_MS;
  let last = -1;
  while (Date.now() < until) {
    last = await countOf(base);
    if (last === expected) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`after ${VISIBLE_WITHIN_MS} ms the server answers ${last}, not ${expected}`);
}

/** Waits until the standby has replayed the database's creation (it cannot be created there). */
async function replayed(pair: ReplicatedPair): Promise<void> {
  const until = Date.now() + VISIBLE_WITHIN_MS;
  while (Date.now() < until) {
    const rows = await query(pair.standby.url('postgres'), 'SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (rows.length === 1) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the standby never showed the database ${DATABASE}`);
}

/** Statements of the server's own connections that change something, in a log. */
const WRITE = /\b(INSERT|UPDATE|DELETE|CREATE|ALTER|DROP|TRUNCATE|LISTEN|NOTIFY|pg_notify|pg_advisory\w*)\b/i;

describe('serving from a PostgreSQL hot standby (DATABASE_READ_URL)', { timeout: 180_000 }, () => {
  it('follows imports into the primary through its notification and the standby, migrating only the primary', async () => {
    const pair = await startReplicatedPair();
    let server: Run | null = null;
    try {
      await query(pair.primary.url('postgres'), `CREATE DATABASE ${DATABASE}`);
      await replayed(pair);
      expect(await query(pair.standby.url(DATABASE), 'SELECT pg_is_in_recovery()')).toEqual([[true]]);

      // Neither has a schema yet: the server must migrate the primary and wait for the standby to replay it.
      server = runCli(cli.main, ['serve'], {
        DATABASE_URL: pair.primary.url(DATABASE),
        DATABASE_READ_URL: pair.standby.url(DATABASE),
        REFRESH_INTERVAL_MS: String(POLL_MS),
        DEMO_POSTINGS: '0',
        RATE_LIMIT_PER_MINUTE: '0',
        LOG_LEVEL: 'info',
        PGAPPNAME: SERVE_APP,
      });
      const [, base] = await server.waitFor(/API docs +(http:\/\/127\.0\.0\.1:\d+)\/docs/, 60_000);
      expect(server.stderr()).toMatch(
        new RegExp(`reading from the standby PostgreSQL at 127\\.0\\.0\\.1:${pair.standby.port}, database ${DATABASE}`),
      );
      expect(await countOf(base!)).toBe(0);

      const imported = runCli(cli.main, ['import', REAL, '--source', 'real'], {
        DATABASE_URL: pair.primary.url(DATABASE),
        PGAPPNAME: IMPORT_APP,
      });
      const { code } = await imported.exited;
      expect(code, imported.stderr()).toBe(0);
      const [row] = await query<[string]>(
        pair.primary.url(DATABASE),
        'SELECT count(*) FROM jobs WHERE valid_through IS NULL OR valid_through >= $1',
        [Date.now()],
      );
      const live = Number(row?.[0]);
      expect(live).toBeGreaterThan(10);
      await seesCount(base!, live);

      // The detail endpoint and the change feed answer from the standby too.
      const list = await get(base!, '/jobs/api/job-search-results-list');
      const boardId = (list.body as { jobs: { board_id: string }[] }).jobs[0]!.board_id;
      const detail = await get(base!, `/jobs/api/jobs/${boardId}`);
      expect(detail).toMatchObject({ status: 200, body: { job: { board_id: boardId } } });
      const feed = await get(base!, '/jobs/api/job-changes?since=0&limit=1000');
      expect(feed.status).toBe(200);
      expect((feed.body as { changes: unknown[] }).changes.length).toBeGreaterThanOrEqual(live);

      server.child.kill('SIGTERM');
      expect((await server.exited).code, server.stderr()).toBe(0);
      server = null;

      const standbyLog = await pair.standby.log();
      const onStandby = entriesOf(standbyLog, SERVE_APP);
      // Every read of the index, the polling, the detail and the feed went to the standby ...
      for (const read of [
        "SELECT value FROM store_meta WHERE name = 'change_cursor'", // polling the change cursor
        'DECLARE live', // loading the index
        'FROM jobs WHERE board_id', // the detail endpoint
        'FROM job_tombstones WHERE seq', // the change feed
        'FROM schema_migrations', // the schema check
      ])
        expect(
          onStandby.some((e) => e.includes(read)),
          `${read} on the standby`,
        ).toBe(true);
      // ... nothing that writes (or would migrate) was ever sent there, and nothing failed there.
      expect(onStandby.filter((e) => WRITE.test(e))).toEqual([]);
      expect(entriesOf(standbyLog, LISTENER_APPLICATION_NAME)).toEqual([]);
      expect(standbyLog).not.toMatch(/read-only transaction|cannot execute/);

      // The primary got the migration from the server, and none of its reads.
      const primaryLog = await pair.primary.log();
      const onPrimary = entriesOf(primaryLog, SERVE_APP);
      // It listened there, on the connection of its own.
      expect(entriesOf(primaryLog, LISTENER_APPLICATION_NAME).some((e) => e.includes('LISTEN jobsearch_changes'))).toBe(
        true,
      );
      expect(onPrimary.some((e) => /CREATE TABLE IF NOT EXISTS schema_migrations/.test(e))).toBe(true);
      for (const read of [
        "SELECT value FROM store_meta WHERE name = 'change_cursor'",
        'DECLARE live',
        'FROM jobs WHERE board_id',
      ])
        expect(
          onPrimary.filter((e) => e.includes(read)),
          `${read} on the primary`,
        ).toEqual([]);
    } finally {
      server?.child.kill('SIGKILL');
      if (server) await server.exited;
      await pair.stop();
    }
  });
});
