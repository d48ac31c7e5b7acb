/**
 * `jobsearch serve` and `jobsearch init` as real processes: configuration mistakes (message and
 * exit code), demo postings only into a store this start creates, the first lines a person reads,
 * and SIGTERM while the demo postings load or the index builds.
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';
import { job } from '../builders.js';
import { cliFixture } from './cli-process.js';
import { getJson } from '../get-json.js';

const { dir, run } = cliFixture('serve-process-');

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) =>
    server.close(() => {
      r();
    }),
  );
  return port;
}

describe('configuration mistakes stop the start with a message naming the variable', { timeout: 120_000 }, () => {
  it.each([
    [
      { DATABASE_URL: '/nonexistent-jobsearch/dir/jobs.db' },
      /DATABASE_URL=\/nonexistent-jobsearch\/dir\/jobs\.db: the folder \/nonexistent-jobsearch\/dir does not exist.*jobsearch init/,
    ],
    [
      { DATABASE_URL: '/proc/nonexistent/jobs.db' },
      /DATABASE_URL=\/proc\/nonexistent\/jobs\.db: the folder \/proc\/nonexistent does not exist/,
    ],
    [{ DATABASE_URL: '/proc/jobs.db' }, /DATABASE_URL=\/proc\/jobs\.db: \/proc is a system folder/],
    [{ DATABASE_URL: 'ftp://host/jobs' }, /Unsupported DATABASE_URL scheme 'ftp:'/],
    [{ PORT: 'abc' }, /PORT must be a whole number, got 'abc'/],
    [{ RESPONSE_CACHE_MB: '-1' }, /RESPONSE_CACHE_MB must be a whole number/],
  ])('%o', async (env, message) => {
    const r = run(['serve'], { DATABASE_URL: join(dir, 'never.db'), ...env });
    const { code } = await r.exited;
    expect(r.stderr()).toMatch(message);
    expect(code).toBe(1);
    expect(existsSync('/nonexistent-jobsearch')).toBe(false);
    expect(existsSync(join(dir, 'never.db'))).toBe(false);
  });

  it('names the variable, host, port and database when PostgreSQL refuses the connection (never the password), and waits for it', async () => {
    const port = await closedPort();
    const r = run(['serve'], { DATABASE_URL: `postgres://someone:s3cret@127.0.0.1:${port}/jobs_x` });
    await r.waitFor(/retrying until it answers/);
    expect(r.stderr()).toContain(
      `DATABASE_URL: cannot open the store (PostgreSQL at 127.0.0.1:${port}, database jobs_x, user someone): connect ECONNREFUSED`,
    );
    expect(r.stderr()).not.toContain('s3cret');
    // said once, not once per retry
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(r.stderr().match(/retrying until it answers/g)).toHaveLength(1);
    expect(r.child.exitCode).toBeNull();
    r.child.kill('SIGTERM');
    expect((await r.exited).code).toBe(0);
  });
});

describe('jobsearch init', { timeout: 120_000 }, () => {
  it('creates the folders and an empty store on purpose, and leaves an existing one alone', async () => {
    const path = join(dir, 'new', 'deeper', 'jobs.db');
    const first = run(['init'], { DATABASE_URL: path });
    expect((await first.exited).code).toBe(0);
    expect(first.stdout()).toBe(`created a new store: ${path}\n`);
    const second = run(['init'], { DATABASE_URL: path });
    expect((await second.exited).code).toBe(0);
    expect(second.stdout()).toContain('exists already (0 postings)');
  });
});

describe('demo postings and the first lines', { timeout: 120_000 }, () => {
  it('loads demo postings into a store this start creates, with --demo, and greets in English', async () => {
    const port = await closedPort();
    const env = { DATABASE_URL: join(dir, 'demo.db'), DEMO_POSTINGS: '1200', PORT: String(port) };
    const r = run(['serve', '--demo'], env);
    const [, url] = await r.waitFor(/API docs +(http:\/\/127\.0\.0\.1:\d+)\/docs/);
    const lines = r.stderr().split('\n');
    // the page's address comes first, before the demo postings load and the index builds
    expect(lines[0]).toBe(
      `jobsearch: starting on http://127.0.0.1:${port}/ with the store ${join(dir, 'demo.db')} (new)`,
    );
    expect(r.stderr()).toContain('jobsearch: loading 1,200 demo postings into the new store (DEMO_POSTINGS)');
    const [, shown] = r.stderr().match(/jobsearch: ready with ([\d,]+) postings/) ?? [];
    const ready = await getJson<{ documents: number }>(`${url}/readyz`);
    expect(shown).toBe(ready.documents.toLocaleString('en-US'));
    expect(ready.documents).toBeGreaterThan(1000);
    expect(r.stdout()).toBe(''); // LOG_LEVEL=warn: nothing at info, no request lines
    r.child.kill('SIGTERM');
    expect((await r.exited).code).toBe(0);
  });

  it('never loads demo postings into an existing store, nor without --demo', async () => {
    const existing = join(dir, 'existing.db');
    const store = new SqliteJobStore(existing);
    await store.migrate();
    await store.upsert([job({ key: 'prod:1', boardId: '424242' })]);
    await store.close();
    for (const [args, path] of [
      [['serve', '--demo'], existing],
      [['serve'], join(dir, 'fresh-no-demo.db')],
    ] as const) {
      const r = run([...args], { DATABASE_URL: path, DEMO_POSTINGS: '500' });
      const [, url] = await r.waitFor(/API docs +(http:\/\/127\.0\.0\.1:\d+)\/docs/);
      const ready = await getJson<{ documents: number }>(`${url}/readyz`);
      expect(ready.documents).toBe(path === existing ? 1 : 0);
      expect(r.stderr()).not.toContain('demo postings');
      r.child.kill('SIGTERM');
      expect((await r.exited).code).toBe(0);
    }
  });
});

describe('SIGTERM while starting', { timeout: 120_000 }, () => {
  const path = join(dir, 'interrupted.db');

  it('stops a demo import within 10 s, exits 0, and leaves a consistent store', async () => {
    const r = run(['serve', '--demo'], { DATABASE_URL: path, DEMO_POSTINGS: '300000' });
    await r.waitFor(/loading 300,000 demo postings/);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    r.child.kill('SIGTERM');
    const { code, ms } = await r.exited;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(10_000);
    const store = new SqliteJobStore(path);
    await store.migrate();
    const count = await store.count();
    expect(count).toBeLessThan(300_000);
    expect((await store.loadLive(Date.now())).length).toBeLessThanOrEqual(count);
    await store.close();
  });

  it('stops a start that has not finished opening and loading within 10 s and exits 0', async () => {
    const r = run(['serve', '--demo'], { DATABASE_URL: path, DEMO_POSTINGS: '300000' });
    await r.waitFor(/jobsearch: starting with the store/);
    r.child.kill('SIGTERM');
    const { code, ms } = await r.exited;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(10_000);
    expect(r.stderr()).not.toContain('loading 300,000 demo postings');
  });
});
