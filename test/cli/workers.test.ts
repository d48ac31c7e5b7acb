/**
 * `jobsearch serve --workers 2` as a real process: two worker processes answer on one port, one
 * killed is replaced while the other keeps answering, SIGTERM stops them all with status 0.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';
import { job } from '../builders.js';
import { bundleCli, runCli, type CliBundle } from './cli-process.js';

const dir = mkdtempSync(join(tmpdir(), 'workers-'));
let cli: CliBundle;
beforeAll(async () => {
  cli = await bundleCli();
}, 60_000);
afterAll(() => {
  cli.remove();
  rmSync(dir, { recursive: true, force: true });
});

/** GET on a new connection each time (no keep-alive), so that the kernel may hand it to any worker. */
function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers: { connection: 'close' } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The pids that answer /healthz over `tries` new connections. */
async function pidsAnswering(base: string, tries = 60): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let i = 0; i < tries; i++) {
    const { status, body } = await get(`${base}/healthz`);
    expect(status).toBe(200);
    pids.add((JSON.parse(body) as { pid: number }).pid);
  }
  return pids;
}

async function until<T>(what: () => Promise<T | null>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value !== null) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('serve --workers', { timeout: 120_000 }, () => {
  it('serves from two processes, replaces one that dies, and stops them all on SIGTERM', async () => {
    const db = join(dir, 'jobs.db');
    const store = new SqliteJobStore(db);
    await store.migrate();
    await store.upsert([job(), job(), job()]);
    await store.close();

    const r = runCli(cli.main, ['serve', '--workers', '2'], { DATABASE_URL: db, RATE_LIMIT_PER_MINUTE: '0' });
    try {
      const [, base] = await r.waitFor(/API docs +(http:\/\/127\.0\.0\.1:\d+)\/docs/);
      await r.waitFor(/2 worker processes serving/);
      // the welcome is printed once, by the first worker
      expect(r.stderr().match(/API docs/g)).toHaveLength(1);
      const first = await until(async () => {
        const pids = await pidsAnswering(base!);
        return pids.size === 2 ? pids : null;
      });
      expect(first.has(r.child.pid!)).toBe(false);
      const count = await get(`${base}/jobs/api/job-search-results-count`);
      expect(JSON.parse(count.body)).toMatchObject({ total_results: 3 });

      const [victim, survivor] = [...first];
      process.kill(victim!, 'SIGKILL');
      await r.waitFor(new RegExp(`worker process ${victim} exited \\(SIGKILL\\); starting another`));
      const after = await until(async () => {
        const pids = await pidsAnswering(base!);
        return pids.size === 2 && !pids.has(victim!) ? pids : null;
      });
      expect(after.has(survivor!)).toBe(true);

      r.child.kill('SIGTERM');
      const { code } = await r.exited;
      expect(code).toBe(0);
      for (const pid of after) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      if (r.child.exitCode === null) r.child.kill('SIGKILL');
    }
  });

  it('refuses a bad worker count, naming the option', async () => {
    const r = runCli(cli.main, ['serve', '--workers', 'many'], { DATABASE_URL: join(dir, 'never.db') });
    const { code } = await r.exited;
    expect(code).toBe(1);
    expect(r.stderr()).toMatch(/--workers must be a whole number from 1 to 64 or 'auto', got 'many'/);
  });
});
