/**
 * Which saved index may serve which store, decided on a real file and the real ids of two SQLite
 * stores: only a file of the same store, engine and options, at or behind the store's cursor.
 */
import { closeSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SALARY_BUCKETS } from '../../src/domain/salary-buckets.js';
import { expectedOf, readIndexFile, writeIndexFile, type Expected } from '../../src/runtime/index-file-step.js';
import { SearchIndex } from '../../src/search/segments/search-index.js';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';
import { job } from '../builders.js';

const NOW = Date.UTC(2026, 10, 21, 12);
let dir: string;
let file: string;
let mine: Expected;
let theirs: Expected;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'jobsearch-refusal-'));
  const expected: Expected[] = [];
  for (const name of ['mine.db', 'theirs.db']) {
    const store = new SqliteJobStore(path.join(dir, name));
    await store.migrate();
    await store.upsert([job(), job()]);
    expected.push(await expectedOf(store, DEFAULT_SALARY_BUCKETS));
    await store.close();
  }
  [mine, theirs] = expected as [Expected, Expected];
  file = path.join(dir, 'mine.index');
  const index = SearchIndex.build([job()], { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW });
  expect(writeIndexFile(file, index, { ...mine, builtAt: NOW, documents: 1 }).state).toBe('saved');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const verdictOf = (expected: Expected): string => {
  const r = readIndexFile(file, expected);
  if (r?.state === 'loaded') {
    if (r.fd !== null) closeSync(r.fd);
    return 'loaded';
  }
  return r === null ? 'none' : r.report.reason;
};

describe('a saved index', () => {
  it('serves the store it was built from, at its cursor or after', () => {
    expect(theirs.storeId).not.toBe(mine.storeId);
    expect(verdictOf(mine)).toBe('loaded');
    expect(verdictOf({ ...mine, cursor: mine.cursor + 5 })).toBe('loaded');
  });

  it('is refused by another store, even at the same cursor', () => {
    expect(verdictOf(theirs)).toBe('built from another store');
    expect(verdictOf({ ...theirs, cursor: mine.cursor })).toBe('built from another store');
  });

  it('is refused by the same store behind it, and by another engine or options', () => {
    expect(verdictOf({ ...mine, cursor: mine.cursor - 1 })).toMatch(/^the store is behind it/);
    expect(verdictOf({ ...mine, format: `${mine.format}x` })).toBe(
      'written by another version of the engine or with other options',
    );
  });
});
