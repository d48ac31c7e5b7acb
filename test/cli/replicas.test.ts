/**
 * Several `jobsearch serve` replicas over one PostgreSQL database, as real processes: an import by
 * the CLI reaches every replica through change notifications (polling off), through polling when
 * notifications are off, and again after the listening connection was killed.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresJobStore } from '../../src/store/postgres-store.js';
import { LISTENER_APPLICATION_NAME } from '../../src/store/postgres-notify.js';
import { job } from '../builders.js';
import { createTestDatabase, dropTestDatabase, terminateSessions } from '../pg-database.js';
import { bundleCli, ROOT, runCli, type CliBundle, type Run } from './cli-process.js';

const REAL = join(ROOT, 'test/fixtures/real-postings/postings.ndjson');
/** Generous: the test machine is shared; the tight figure belongs to the benchmark. */
const VISIBLE_WITHIN_MS = 5_000;
const HOUR_MS = 3_600_000;

let cli: CliBundle;
beforeAll(async () => {
  cli = await bundleCli();
}, 60_000);
afterAll(() => {
  cli.remove();
});

interface Replica {
  run: Run;
  base: string;
}

async function startReplica(url: string, env: Record<string, string>): Promise<Replica> {
  const run = runCli(cli.main, ['serve'], {
    DATABASE_URL: url,
    DEMO_POSTINGS: '0',
    RATE_LIMIT_PER_MINUTE: '0',
    ...env,
  });
  const [, base] = await run.waitFor(/API docs +(http:\/\/127\.0\.0\.1:\d+)\/docs/);
  return { run, base: base! };
}

async function countOf(replica: Replica): Promise<number> {
  // A fresh answer every time: the count is cached only per index, and a new index is what we wait for.
  const res = await fetch(`${replica.base}/jobs/api/job-search-results-count`);
  const body = (await res.json()) as { total_results: number };
  return body.total_results;
}

/** Polls until every replica answers `expected`; the time it took, or a failure naming what each said. */
async function allSee(replicas: readonly Replica[], expected: number): Promise<number> {
  const started = Date.now();
  let last: number[] = [];
  while (Date.now() - started < VISIBLE_WITHIN_MS) {
    last = await Promise.all(replicas.map(countOf));
    if (last.every((c) => c === expected)) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`after ${VISIBLE_WITHIN_MS} ms the replicas answer ${last.join(', ')}, not ${expected}`);
}

async function importReal(url: string): Promise<void> {
  const r = runCli(cli.main, ['import', REAL, '--source', 'real'], { DATABASE_URL: url });
  const { code } = await r.exited;
  expect(code, r.stderr()).toBe(0);
}

describe('replicas over one PostgreSQL database', { timeout: 120_000 }, () => {
  it.each([
    ['change notifications, polling hourly', { REFRESH_INTERVAL_MS: String(HOUR_MS) }],
    ['polling only (CHANGE_NOTIFICATIONS=off)', { REFRESH_INTERVAL_MS: '200', CHANGE_NOTIFICATIONS: 'off' }],
  ])('an import by the CLI reaches both replicas: %s', async (_name, env) => {
    const { name, url } = await createTestDatabase();
    const store = new PostgresJobStore(url);
    const replicas: Replica[] = [];
    try {
      await store.migrate();
      await store.upsert([job({ key: 'seed:1' }), job({ key: 'seed:2' })]);
      replicas.push(await startReplica(url, env), await startReplica(url, env));
      await allSee(replicas, 2);
      await importReal(url);
      const live = (await store.loadLive(Date.now())).length;
      expect(live).toBeGreaterThan(2);
      await allSee(replicas, live);
    } finally {
      for (const r of replicas) r.run.child.kill('SIGTERM');
      for (const r of replicas) expect((await r.run.exited).code).toBe(0);
      await store.close();
      await dropTestDatabase(name);
    }
  });

  it('listens again after its notification connection is killed, and catches up', async () => {
    const { name, url } = await createTestDatabase();
    const store = new PostgresJobStore(url);
    let replica: Replica | null = null;
    try {
      await store.migrate();
      replica = await startReplica(url, { REFRESH_INTERVAL_MS: String(HOUR_MS), LOG_LEVEL: 'info' });
      await allSee([replica], 0);
      expect(await terminateSessions(name, LISTENER_APPLICATION_NAME)).toBe(1);
      // written while nobody listens: only the check on reconnecting can bring it
      await store.upsert([job({ key: 'while:down' })]);
      await allSee([replica], 1);
      // one line for the loss and one for the return (JSON logs on stdout), not one per retry
      for (let i = 0; i < 100 && !/listening again/.test(replica.run.stdout()); i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(replica.run.stdout().match(/change notifications lost/g)).toHaveLength(1);
      expect(replica.run.stdout().match(/change notifications: listening again/g)).toHaveLength(1);
      await importReal(url);
      await allSee([replica], (await store.loadLive(Date.now())).length);
    } finally {
      replica?.run.child.kill('SIGTERM');
      if (replica) expect((await replica.run.exited).code).toBe(0);
      await store.close();
      await dropTestDatabase(name);
    }
  });
});
