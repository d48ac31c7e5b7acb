import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivedBoardId } from '../../src/domain/board-id.js';
import type { Job } from '../../src/domain/job.js';
import { DEFAULT_SALARY_BUCKETS } from '../../src/domain/salary-buckets.js';
import { generatePostings } from '../../src/demo/generate.js';
import { importRecords } from '../../src/ingest/run-import.js';
import { buildStreaming } from '../../src/runtime/live-index.js';
import { SearchIndex } from '../../src/search/segments/search-index.js';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';
import { COPY_MARK, scaleStore, scaledName } from '../../bench/scale-corpus.js';

const NOW = Date.UTC(2026, 0, 15, 12);
const COUNT = 300;

let dir: string;
let path: string;
let original: Job[];
let originalStored: Job[];

async function stored(file: string): Promise<Job[]> {
  const store = new SqliteJobStore(file);
  try {
    const jobs: Job[] = [];
    for await (const chunk of store.scanAll()) jobs.push(...chunk);
    return jobs;
  } finally {
    await store.close();
  }
}

async function live(file: string): Promise<Job[]> {
  const store = new SqliteJobStore(file);
  try {
    return await store.loadLive(NOW);
  } finally {
    await store.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'scale-corpus-test-'));
  path = join(dir, 'corpus-v1-n300-s5.db');
  const store = new SqliteJobStore(path);
  await store.migrate();
  await importRecords(generatePostings({ count: COUNT, seed: 5, now: NOW }), store, { source: 'bench', now: NOW });
  await store.close();
  original = await live(path);
  originalStored = await stored(path);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('scaleStore', () => {
  it('makes k copies of every stored posting, each the original but for its key and board id', async () => {
    const n = originalStored.length;
    expect(n).toBeGreaterThan(0);
    const first = await scaleStore(path, 2 * n);
    expect(first).toEqual({ originals: n, before: n, after: 2 * n });
    // Extending again in place adds the third copy only.
    const second = await scaleStore(path, 3 * n);
    expect(second).toEqual({ originals: n, before: 2 * n, after: 3 * n });

    const all = await stored(path);
    expect(all).toHaveLength(3 * n);
    expect(new Set(all.map((j) => j.key)).size).toBe(3 * n);
    expect(new Set(all.map((j) => j.boardId)).size).toBe(3 * n);
    const byKey = new Map(all.map((j) => [j.key, j]));
    for (const job of originalStored) {
      expect(byKey.get(job.key)).toEqual(job);
      for (const copy of [2, 3]) {
        const key = `${job.key}${COPY_MARK}${copy}`;
        expect(byKey.get(key)).toEqual({ ...job, key, boardId: derivedBoardId(key) });
      }
    }

    const db = new Database(path, { readonly: true });
    try {
      // The registry, the row's column and the document agree; each copy has a cursor of its own.
      const mismatched = db
        .prepare<[], number>(
          `SELECT count(*) FROM jobs j LEFT JOIN board_ids b ON b.key = j.key
            WHERE b.board_id IS NOT j.board_id OR json_extract(j.doc, '$.boardId') IS NOT j.board_id
               OR json_extract(j.doc, '$.key') IS NOT j.key`,
        )
        .pluck()
        .get();
      expect(mismatched).toBe(0);
      expect(db.prepare<[], number>('SELECT count(*) FROM board_ids').pluck().get()).toBe(3 * n);
      const seqs = db
        .prepare<[], [number, number]>('SELECT seq, count(*) FROM jobs GROUP BY seq ORDER BY seq')
        .raw()
        .all();
      const cursor = db.prepare<[], number>("SELECT value FROM store_meta WHERE name = 'change_cursor'").pluck().get();
      expect(seqs.slice(-2)).toEqual([
        [cursor! - 1, n],
        [cursor!, n],
      ]);
      expect(db.prepare<[], string>('PRAGMA journal_mode').pluck().get()).toBe('wal');
    } finally {
      db.close();
    }
  });

  it('gives an index with k times the documents, and k times each count', async () => {
    const store = new SqliteJobStore(path);
    try {
      const { index } = await buildStreaming(store, { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW });
      expect(index.size).toBe(3 * original.length);
      const before = SearchIndex.build(original, { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW });
      expect(index.count({})).toBe(3 * original.length);
      for (const job of original.slice(0, 20)) {
        const company = job.company.name.toLowerCase();
        const plain = original.filter((j) => j.company.name.toLowerCase() === company).length;
        expect(index.count({ company })).toBe(3 * plain);
        const word = job.title.split(/\s+/)[0]!;
        expect(index.count({ keywords: word })).toBe(3 * before.count({ keywords: word }));
        const location = job.places[0]?.city?.slug;
        if (location !== undefined) expect(index.count({ location })).toBe(3 * before.count({ location }));
      }
    } finally {
      await store.close();
    }
  });

  it('refuses a size that is no multiple of the originals, or below what the store holds', async () => {
    const n = originalStored.length;
    await expect(scaleStore(path, 3 * n + 1)).rejects.toThrow(/no multiple/);
    await expect(scaleStore(path, 2 * n)).rejects.toThrow(/no multiple/);
  });

  it('names the copy as the bench names a corpus of that size', () => {
    expect(scaledName('/x/corpus-v1-n1000000-s1.db', 3_000_000)).toBe('/x/corpus-v1-n3000000-s1.db');
    expect(() => scaledName('/x/jobs.db', 10)).toThrow(/not named/);
  });
});
