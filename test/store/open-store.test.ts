import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isInMemory, openStore, parseDatabaseUrl } from '../../src/store/open-store.js';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';

describe('parseDatabaseUrl', () => {
  it.each([
    ['data/jobs.db', 'data/jobs.db'],
    ['/var/lib/jobsearch/jobs.db', '/var/lib/jobsearch/jobs.db'],
    ['C:\\data\\jobs.db', 'C:\\data\\jobs.db'],
    [':memory:', ':memory:'],
    ['sqlite:data/jobs.db', 'data/jobs.db'],
    ['sqlite://data/jobs.db', 'data/jobs.db'],
    ['sqlite:///var/lib/jobs.db', '/var/lib/jobs.db'],
    ['SQLITE::memory:', ':memory:'],
    ['file:data/jobs.db', 'data/jobs.db'],
    ['file:///var/lib/my%20jobs.db', '/var/lib/my jobs.db'],
  ])('reads %s as the SQLite file %s', (url, path) => {
    expect(parseDatabaseUrl(url)).toEqual({ kind: 'sqlite', path });
  });

  it.each(['postgres://u:p@db:5432/jobs', 'postgresql://db/jobs?sslmode=require'])('reads %s as PostgreSQL', (url) => {
    expect(parseDatabaseUrl(url)).toEqual({ kind: 'postgres', url });
  });

  it('names only the scheme of an unsupported URL, never its password', () => {
    expect(() => parseDatabaseUrl('mysql://root:secret@db/jobs')).toThrow("Unsupported DATABASE_URL scheme 'mysql:'");
    expect(() => parseDatabaseUrl('mysql://root:secret@db/jobs')).not.toThrow(/secret/);
  });

  it('refuses an empty URL or a scheme without a path', () => {
    expect(() => parseDatabaseUrl('  ')).toThrow(/empty/);
    expect(() => parseDatabaseUrl('sqlite:')).toThrow(/no SQLite file/);
  });
});

describe('isInMemory', () => {
  it.each([':memory:', 'SQLITE::memory:', 'file::memory:', '  :memory: '])(
    '%s names an in-memory SQLite store',
    (url) => {
      expect(isInMemory(url)).toBe(true);
    },
  );

  it.each(['data/jobs.db', 'data/:memory:', 'postgres://db/:memory:'])('%s does not', (url) => {
    expect(isInMemory(url)).toBe(false);
  });
});

describe('openStore', () => {
  it('opens a migrated SQLite store, creating its folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'jobsearch-open-'));
    const path = join(dir, 'nested', 'jobs.db');
    const store = await openStore(`sqlite:${path}`);
    try {
      expect(store).toBeInstanceOf(SqliteJobStore);
      expect(await store.count()).toBe(0);
      expect(existsSync(path)).toBe(true);
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
