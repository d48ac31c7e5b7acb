/**
 * Honest health with a real store cut: `jobsearch serve` over a PostgreSQL database that stops
 * accepting connections keeps answering from its index, says `degraded` on /readyz (200, with the
 * reason) and then `stale` (503) after READY_MAX_STALENESS_MS, counts the failures in /metrics,
 * logs one line when the refreshes start failing and one when the store is back, and is ready
 * again on its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresJobStore } from '../../src/store/postgres-store.js';
import { job } from '../builders.js';
import { createTestDatabase, dropTestDatabase, setReachable } from '../pg-database.js';
import { bundleCli, runCli, type CliBundle } from './cli-process.js';
import { freePort } from '../free-port.js';
import { readyz, untilStatus } from './readyz.js';

let cli: CliBundle;
beforeAll(async () => {
  cli = await bundleCli();
}, 60_000);
afterAll(() => {
  cli.remove();
});

const count = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0;

describe('health with the store cut', { timeout: 120_000 }, () => {
  it('goes degraded, then stale, counts and logs the failures once, and recovers on its own', async () => {
    const { name, url } = await createTestDatabase();
    const store = new PostgresJobStore(url);
    await store.migrate();
    await store.upsert([job(), job()]);
    await store.close();
    const r = runCli(cli.main, ['serve'], {
      DATABASE_URL: url,
      REFRESH_INTERVAL_MS: '100',
      READY_MAX_STALENESS_MS: '2000',
      CHANGE_NOTIFICATIONS: 'off',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '0',
    });
    try {
      const [, base] = await r.waitFor(/API docs +(http:\/\/127\.0\.0\.1:\d+)\/docs/);
      expect((await untilStatus(base!, 'ready')).code).toBe(200);

      await setReachable(name, false);
      const degraded = await untilStatus(base!, 'degraded');
      expect(degraded.code).toBe(200);
      expect(degraded.body.reason).toMatch(/not currently accepting connections|terminat/);
      // still answering from the index it has
      const answer = await fetch(`${base}/jobs/api/job-search-results-count`);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ total_results: 2 });

      const stale = await untilStatus(base!, 'stale');
      expect(stale.code).toBe(503);
      expect(stale.body.refresh_failures).toBeGreaterThanOrEqual(5);
      expect(stale.body.index_age_seconds).toBeGreaterThanOrEqual(2);
      const metricsAnswer = await fetch(`${base}/metrics`);
      expect(metricsAnswer.status).toBe(200);
      const metrics = await metricsAnswer.text();
      const failures = Number(/^search_index_refresh_failures_total (\d+)/m.exec(metrics)?.[1]);
      expect(failures).toBeGreaterThanOrEqual(5);
      expect(metrics).toMatch(/^search_index_readiness\{state="stale"\} 1$/m);
      expect(metrics).toMatch(/^search_index_age_seconds [1-9]/m);

      await setReachable(name, true);
      expect((await untilStatus(base!, 'ready')).code).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // one line when it started failing (after many failed ticks) and one when it recovered
      expect(count(r.stdout(), /index refresh failed; serving the previous index/g)).toBe(1);
      expect(count(r.stdout(), /store reachable again/g)).toBe(1);
    } finally {
      r.child.kill('SIGTERM');
      await r.exited;
      await setReachable(name, true).catch(() => undefined);
      await dropTestDatabase(name);
    }
  });

  it('listens while PostgreSQL is down at start, says why on /readyz, and is ready once it answers', async () => {
    const { name, url } = await createTestDatabase();
    await setReachable(name, false);
    // The address is printed once ready; until then the test must know it: a port picked free.
    const port = await freePort();
    const address = `http://127.0.0.1:${port}`;
    const r = runCli(cli.main, ['serve'], {
      DATABASE_URL: url,
      PORT: String(port),
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
    });
    try {
      await r.waitFor(/retrying until it answers/);
      const loading = await readyz(address);
      expect(loading.code).toBe(503);
      expect(loading.body.status).toBe('loading');
      expect(loading.body.reason).toMatch(/DATABASE_URL: cannot open the store .*not currently accepting connections/);
      expect((await fetch(`${address}/healthz`)).status).toBe(200);
      await setReachable(name, true);
      expect((await untilStatus(address, 'ready')).code).toBe(200);
      await r.waitFor(/the store answers; starting/);
    } finally {
      r.child.kill('SIGTERM');
      expect((await r.exited).code).toBe(0);
      await setReachable(name, true).catch(() => undefined);
      await dropTestDatabase(name);
    }
  });
});
