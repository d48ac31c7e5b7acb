/**
 * What an import leaves in a real SQLite file: no free page (the staging it deleted is given back
 * to the file system), a bounded size per posting, and every posting read back exactly as
 * enrichment made it (the description kept once: job-json.ts, storedDoc).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generatePostings } from '../../src/demo/generate.js';
import type { Job } from '../../src/domain/job.js';
import { recordToJob } from '../../src/ingest/record-to-job.js';
import { importRecords } from '../../src/ingest/run-import.js';
import { contentHash, storedDoc } from '../../src/store/job-json.js';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';
import { job } from '../builders.js';

const NOW = Date.UTC(2026, 10, 20);
const COUNT = 2_000;
/**
 * Bytes a posting of the fixture may add to the file, everything included (tables, indexes, the
 * board-id registry). Its NDJSON is about 1,900 bytes a posting; the store adds about 3,700. A
 * store that kept the raw record beside the enriched one (+1,900), the description twice (+900)
 * or its staging's pages (+3,700) would pass it.
 */
const MAX_BYTES_PER_POSTING = 4_000;

interface FileFigures {
  pages: number;
  free: number;
  bytes: number;
}

function figuresOf(path: string): FileFigures {
  const db = new Database(path, { readonly: true });
  try {
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    const pages = db.pragma('page_count', { simple: true }) as number;
    return { pages, free: db.pragma('freelist_count', { simple: true }) as number, bytes: pages * pageSize };
  } finally {
    db.close();
  }
}

function feed(now: number): Record<string, unknown>[] {
  return [...generatePostings({ count: COUNT, seed: 3, now })];
}

/** The oracle: what enrichment makes of each record, by key. */
function enriched(records: readonly unknown[]): Map<string, Job> {
  const jobs = new Map<string, Job>();
  for (const record of records) {
    const r = recordToJob(record, { source: 'feed', now: NOW });
    if (r.ok) jobs.set(r.job.key, r.job);
  }
  return jobs;
}

async function storedJobs(store: SqliteJobStore): Promise<Map<string, Job>> {
  const jobs = new Map<string, Job>();
  for await (const chunk of store.scanAll()) for (const j of chunk) jobs.set(j.key, j);
  return jobs;
}

describe('SQLite store after an import', () => {
  let dir: string;
  let path: string;
  let store: SqliteJobStore;
  /** The file of the store with no posting (a page for each table and index). */
  let empty: number;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'store-size-'));
    path = join(dir, 'jobs.db');
    store = new SqliteJobStore(path, { forImport: true });
    await store.migrate();
    empty = figuresOf(path).bytes;
  });

  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves no free page and stays within its bytes a posting, after a first import and after an updated feed', async () => {
    const first = feed(NOW);
    expect(await importRecords(first, store, { source: 'feed', now: NOW })).toMatchObject({ inserted: COUNT });
    const afterFirst = figuresOf(path);
    expect(afterFirst.free).toBe(0);
    expect((afterFirst.bytes - empty) / COUNT).toBeLessThanOrEqual(MAX_BYTES_PER_POSTING);
    const ndjsonBytes = first.reduce((n: number, r) => n + Buffer.byteLength(JSON.stringify(r)) + 1, 0);
    expect(afterFirst.bytes - empty).toBeLessThanOrEqual(2 * ndjsonBytes);
    expect(await storedJobs(store)).toStrictEqual(enriched(first));

    // The same postings a day later: every one rewritten.
    const updated = feed(NOW + 86_400_000);
    expect(await importRecords(updated, store, { source: 'feed', now: NOW })).toMatchObject({ updated: COUNT });
    const afterUpdate = figuresOf(path);
    expect(afterUpdate.free).toBe(0);
    expect((afterUpdate.bytes - empty) / COUNT).toBeLessThanOrEqual(MAX_BYTES_PER_POSTING);
    expect(await storedJobs(store)).toStrictEqual(enriched(updated));
  });

  it('gives a posting back exactly as written, whatever its description and search text', async () => {
    // Any text, and texts of the characters that break a naive split: NUL, surrogate pairs, escapes.
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ unit: fc.constantFrom('\u0000', 'a', '\n', ' ', 'é', '😀', '"', '\\'), maxLength: 12 }),
    );
    await fc.assert(
      fc.asyncProperty(text, text, fc.boolean(), async (description, head, endsSearchText) => {
        const j = job({
          searchText: endsSearchText ? `${head}\n${description}` : head,
          detail: { description, applyUrl: null, statedSalary: null },
        });
        await store.upsert([j]);
        expect(await store.getByBoardId(j.boardId)).toStrictEqual(j);
      }),
      { numRuns: 300 },
    );
  });
});

describe('storedDoc', () => {
  it('hashes the whole posting as one JSON text, wherever its detail stands', () => {
    const detail = fc.record({
      description: fc.string({ unit: 'binary', maxLength: 30 }),
      applyUrl: fc.constantFrom(null, 'https://example.com/a'),
      statedSalary: fc.constant(null),
    });
    fc.assert(
      fc.property(fc.option(detail, { nil: undefined }), fc.boolean(), (d, detailFirst) => {
        const base = job();
        const j = d === undefined ? base : detailFirst ? ({ detail: d, ...base } as Job) : { ...base, detail: d };
        expect(storedDoc(j).hash).toBe(contentHash(JSON.stringify(j)));
      }),
    );
  });
});
