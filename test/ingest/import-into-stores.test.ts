/**
 * `importFile` into a real SQLite file and a real PostgreSQL database (its own, dropped afterwards):
 * two postings of one batch that propose the same numeric board id (one feed, two identifier names
 * with the same value), and a batch PostgreSQL refuses as a whole because of one posting. A job
 * seeker's link must never point at two postings, and the import must neither lose a good posting
 * nor report something it did not do.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivedBoardId } from '../../src/domain/board-id.js';
import { importFile, type ImportSummary } from '../../src/ingest/run-import.js';
import type { Job } from '../../src/domain/job.js';
import type { JobStore, StagedJob, StageResult } from '../../src/store/job-store.js';
import { PostgresJobStore } from '../../src/store/postgres-store.js';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';
import { adminQuery, createTestDatabase, dropTestDatabase } from '../pg-database.js';

const NOW = Date.UTC(2026, 10, 21);

const posting = (title: string, identifier: unknown): object => ({
  '@type': 'JobPosting',
  title,
  identifier,
  datePosted: '2026-11-01',
  hiringOrganization: { '@type': 'Organization', name: 'Acme GmbH' },
  jobLocation: { '@type': 'Place', address: { addressLocality: 'Berlin', addressCountry: 'DE' } },
});
const named = (name: string, value: string): object => ({ '@type': 'PropertyValue', name, value });

/** One batch: two pairs of postings proposing the same id, a good neighbour, a repeat and a bad record. */
const LINES = [
  posting('SEO Manager', named('jobId', '4711')), // line 1: proposes 4711
  posting('Content Manager', named('ref', '4711')), // line 2: another posting, also proposes 4711
  posting('SEA Manager', '4712'), // line 3: proposes 4712
  posting('SEO Lead', named('ref', '4712')), // line 4: another posting, also proposes 4712
  posting('Growth Manager', '9001'), // line 5: nobody else wants 9001
  posting('SEO Manager, again', named('jobId', '4711')), // line 6: the posting of line 1 again
  { '@type': 'JobPosting', identifier: '4713' }, // line 7: no title
];

/** What a user expects of the import of LINES, whichever store. */
const EXPECTED_SUMMARY: Omit<ImportSummary, 'rejects'> = {
  read: 7,
  staged: 5,
  rejected: 2,
  inserted: 5,
  updated: 0,
  unchanged: 0,
  expired: 0,
  removed: 0,
  duplicates: 0,
  empty: false,
};
const EXPECTED_REJECTS = [
  { position: 'line 6', reason: 'the same posting (identity feed:id:jobId:4711) as line 1, which is kept' },
  { position: 'line 7', reason: 'title is missing' },
];

interface Opened {
  store: JobStore;
  cleanup: () => Promise<void>;
}

let dir: string;
beforeAll(async () => {
  // Fails at once, with the reason, when there is no PostgreSQL server to create databases on.
  await adminQuery('SELECT 1');
  dir = await mkdtemp(join(tmpdir(), 'board-id-collision-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const stores: [string, () => Promise<Opened>][] = [
  [
    'SQLite',
    async () => {
      const store = new SqliteJobStore(join(dir, `${Math.random().toString(36).slice(2)}.db`));
      return { store, cleanup: () => store.close() };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const { name, url } = await createTestDatabase();
      const store = new PostgresJobStore(url);
      return {
        store,
        cleanup: async () => {
          await store.close();
          await dropTestDatabase(name);
        },
      };
    },
  ],
];

/** The store, counting its stage calls and the postings of each. */
function counted(store: JobStore): { store: JobStore; calls: number[] } {
  const calls: number[] = [];
  const stage = store.stage.bind(store);
  store.stage = async (id: string, jobs: readonly StagedJob[]): Promise<StageResult> => {
    calls.push(jobs.length);
    return stage(id, jobs);
  };
  return { store, calls };
}

/** The summary with its rejects in line order (a bad record is reported when read, a repeat when its batch is staged). */
function inLineOrder(summary: ImportSummary): ImportSummary {
  const line = (position: string): number => Number(position.replace('line ', ''));
  return { ...summary, rejects: [...summary.rejects].sort((a, b) => line(a.position) - line(b.position)) };
}

async function stored(store: JobStore): Promise<Map<string, Job>> {
  return new Map((await store.loadLive(NOW)).map((j) => [j.key, j]));
}

async function importLines(store: JobStore, lines: readonly object[], name: string): Promise<ImportSummary> {
  const file = join(dir, `${name}-${Math.random().toString(36).slice(2)}.ndjson`);
  await writeFile(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  return importFile(file, store, { source: 'feed', now: NOW });
}

describe.each(stores)('an import batch whose postings propose the same board id: %s', (name, open) => {
  it('stores every good posting under its own board id, the first one of each pair under the proposal', async () => {
    const { store, cleanup } = await open();
    try {
      await store.migrate();
      const { calls } = counted(store);
      const summary = await importLines(store, LINES, name);
      expect(inLineOrder(summary)).toEqual({ ...EXPECTED_SUMMARY, rejects: EXPECTED_REJECTS });
      // The batch went in as one (no retry posting by posting after a failed batch).
      expect(calls).toEqual([6]);

      const jobs = await stored(store);
      expect([...jobs.keys()].sort()).toEqual([
        'feed:id::4712',
        'feed:id::9001',
        'feed:id:jobId:4711',
        'feed:id:ref:4711',
        'feed:id:ref:4712',
      ]);
      const idOf = (key: string): string | undefined => jobs.get(key)?.boardId;
      // The earlier line keeps its proposal; the later one gets the id derived from its identity
      // (the same in either store).
      expect(idOf('feed:id:jobId:4711')).toBe('4711');
      expect(idOf('feed:id::4712')).toBe('4712');
      expect(idOf('feed:id::9001')).toBe('9001');
      expect(idOf('feed:id:ref:4711')).toBe(derivedBoardId('feed:id:ref:4711'));
      expect(idOf('feed:id:ref:4712')).toBe(derivedBoardId('feed:id:ref:4712'));
      const ids = [...jobs.values()].map((j) => j.boardId);
      expect(new Set(ids).size).toBe(ids.length);
      // Each board id opens its own posting.
      for (const job of jobs.values()) expect((await store.getByBoardId(job.boardId))?.key).toBe(job.key);
      expect(jobs.get('feed:id:jobId:4711')?.title).toBe('SEO Manager');
      expect(jobs.get('feed:id:ref:4711')?.title).toBe('Content Manager');
    } finally {
      await cleanup();
    }
  });

  it('keeps the ids on a re-import of the same file, all unchanged', async () => {
    const { store, cleanup } = await open();
    try {
      await store.migrate();
      await importLines(store, LINES, name);
      const before = await stored(store);
      const { calls } = counted(store);
      const again = await importLines(store, LINES, name);
      expect(inLineOrder(again)).toEqual({
        ...EXPECTED_SUMMARY,
        inserted: 0,
        unchanged: 5,
        rejects: EXPECTED_REJECTS,
      });
      expect(calls).toEqual([6]);
      expect(await stored(store)).toEqual(before);
    } finally {
      await cleanup();
    }
  });
});

describe('an import batch PostgreSQL refuses because of one posting', () => {
  it('is staged again posting by posting: the one refused is a reject with its line and reason, the rest kept', async () => {
    const { name, url } = await createTestDatabase();
    const store = new PostgresJobStore(url);
    try {
      await store.migrate();
      const { calls } = counted(store);
      // JSONB cannot hold U+0000, so the batch's one statement fails; each posting alone then shows which.
      const lines = [
        posting('SEO Manager', named('jobId', '4711')),
        posting('SEO\u0000 Manager', '4714'),
        posting('Content Manager', named('ref', '4711')),
        posting('SEO Manager, again', named('jobId', '4711')),
      ];
      const summary = await importLines(store, lines, 'refused');
      expect(calls).toEqual([4, 1, 1, 1, 1]);
      expect(inLineOrder(summary)).toEqual({
        ...EXPECTED_SUMMARY,
        read: 4,
        staged: 2,
        inserted: 2,
        rejected: 2,
        rejects: [
          {
            position: 'line 2',
            reason:
              'store rejected the posting: PostgreSQL cannot store the character U+0000 (NUL) in a posting; ' +
              'remove control characters from its texts',
          },
          { position: 'line 4', reason: 'the same posting (identity feed:id:jobId:4711) as line 1, which is kept' },
        ],
      });
      const ids = Object.fromEntries([...(await stored(store))].map(([key, j]) => [key, j.boardId]));
      expect(ids).toEqual({
        'feed:id:jobId:4711': '4711',
        'feed:id:ref:4711': derivedBoardId('feed:id:ref:4711'),
      });
    } finally {
      await store.close();
      await dropTestDatabase(name);
    }
  });
});
