/**
 * A SQLite store removed or replaced under a running server, with real files and real processes:
 * the server keeps its old file open (SQLite reads it after `rm`), so it must notice by the file's
 * identity, say not ready with the reason on /readyz and log it once; and an import must refuse a
 * missing store instead of creating a new one that no server reads.
 */
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliFixture } from './cli-process.js';
import { readyz as readyzOf, untilStatus as untilStatusOf } from './readyz.js';

const { dir, run } = cliFixture('store-file-');

const posting = (id: string, title: string): string =>
  JSON.stringify({
    '@type': 'JobPosting',
    identifier: id,
    title,
    hiringOrganization: { name: 'Beispiel GmbH' },
    jobLocation: { address: { addressLocality: 'Berlin', addressCountry: 'DE' } },
    datePosted: '2026-11-20',
  });

function feed(name: string, lines: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

const TOKEN = 'store-file-operator-token';
const OPERATOR = { authorization: `Bearer ${TOKEN}` };

const readyz = (base: string) => readyzOf(base, OPERATOR);
const untilStatus = (base: string, status: string) => untilStatusOf(base, status, 20_000, OPERATOR);

async function finished(r: ReturnType<typeof run>): Promise<number | null> {
  return (await r.exited).code;
}

describe('a SQLite store removed or replaced while serving', { timeout: 120_000 }, () => {
  it('is noticed (readyz 503 with the reason, one log line), and an import then refuses to create a new store', async () => {
    const db = join(dir, 'removed.db');
    expect(await finished(run(['init'], { DATABASE_URL: db }))).toBe(0);
    const imported = run(['import', feed('a.ndjson', [posting('1', 'Koch')])], { DATABASE_URL: db });
    expect(await finished(imported), imported.stderr()).toBe(0);
    const server = run(['serve'], { DATABASE_URL: db, OPERATOR_TOKEN: TOKEN, LOG_LEVEL: 'info' });
    try {
      const [, url] = await server.waitFor(/API docs +(http:\/\/127\.0\.0\.1:\d+)\/docs/);
      const base = url ?? '';
      expect((await readyz(base)).body.status).toBe('ready');

      rmSync(db);
      // Found by the periodic check alone, before any probe asks: the log line comes by itself.
      const until = Date.now() + 20_000;
      while (!/store file lost/.test(server.stdout()) && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const lost = await readyz(base);
      expect(lost.code).toBe(503);
      expect(lost.body.status).toBe('store_lost');
      expect(lost.body.reason).toMatch(/removed\.db was removed/);
      // The public probe says not ready too, without the detail.
      const plain = await fetch(`${base}/readyz`);
      expect(plain.status).toBe(503);
      expect(await plain.json()).toEqual({ status: 'not_ready' });
      expect(server.stdout().match(/store file lost/g)?.length).toBe(1);

      // An import no longer creates a store no server reads: refused, and no file appears.
      const refused = run(['import', feed('b.ndjson', [posting('2', 'Maler')])], { DATABASE_URL: db });
      expect(await finished(refused)).toBe(1);
      expect(refused.stderr()).toContain(`there is no store at DATABASE_URL=${db}`);
      expect(refused.stderr()).toContain('jobsearch init');
      expect(existsSync(db)).toBe(false);
      // Still not ready, and said once.
      expect((await readyz(base)).code).toBe(503);
      expect(server.stdout().match(/store file lost/g)?.length).toBe(1);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('is noticed when another file is moved over it, and ready again when the opened file is back', async () => {
    const db = join(dir, 'replaced.db');
    const other = join(dir, 'other.db');
    const aside = join(dir, 'aside.db');
    expect(await finished(run(['init'], { DATABASE_URL: db }))).toBe(0);
    expect(await finished(run(['init'], { DATABASE_URL: other }))).toBe(0);
    const server = run(['serve'], { DATABASE_URL: db, OPERATOR_TOKEN: TOKEN, LOG_LEVEL: 'info' });
    try {
      const [, url] = await server.waitFor(/API docs +(http:\/\/127\.0\.0\.1:\d+)\/docs/);
      const base = url ?? '';
      expect((await readyz(base)).body.status).toBe('ready');
      renameSync(db, aside);
      renameSync(other, db);
      const replaced = await untilStatus(base, 'store_lost');
      expect(replaced.code).toBe(503);
      expect(replaced.body.reason).toMatch(/replaced by another file/);
      // The very file the server opened, put back under its name: ready again, and logged.
      renameSync(db, other);
      renameSync(aside, db);
      expect((await untilStatus(base, 'ready')).code).toBe(200);
      // The log line is written asynchronously: give it a moment to arrive.
      const logged = Date.now() + 10_000;
      while (!/the store file is back/.test(server.stdout()) && Date.now() < logged)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(server.stdout()).toMatch(/the store file is back/);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('creates a store on import only when asked with --create', async () => {
    const db = join(dir, 'asked.db');
    const refused = run(['import', feed('c.ndjson', [posting('3', 'Tischler')])], { DATABASE_URL: db });
    expect(await finished(refused)).toBe(1);
    expect(existsSync(db)).toBe(false);
    const created = run(['import', '--create', join(dir, 'c.ndjson')], { DATABASE_URL: db });
    expect(await finished(created), created.stderr()).toBe(0);
    expect(created.stdout()).toContain('inserted:  1');
    expect(existsSync(db)).toBe(true);
  });
});
