/**
 * The same imports into SQLite and PostgreSQL give the same store: generated runs of imports
 * (sources sharing identifiers and duplicate keys, repeats within and across a batch, changed,
 * unchanged and expired postings, `--sync`, texts with the characters COPY and JSON escape)
 * staged in batches of random sizes, then published. After every import both stores say the
 * same (stage and publish results) and hold the same: every stored posting with its duplicate
 * group, the change feed from the start, the change cursor. SQLite is the oracle: its import
 * writes one row at a time, PostgreSQL's copies batches and merges set-wise.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../src/domain/job.js';
import type { JobStore, StoredJob } from '../../src/store/job-store.js';
import { PostgresJobStore } from '../../src/store/postgres-store.js';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';
import { job } from '../builders.js';
import { createTestDatabase, dropTestDatabase } from '../pg-database.js';

const NOW = Date.UTC(2026, 11, 1);
const DAY = 86_400_000;
const SOURCES = ['a', 'b'] as const;
/** Texts a feed may hold: tab, newline, carriage return, backslash, quotes, a `\N`, non-ASCII. */
const TEXTS = ['SEO Manager', 'SEO\tManager', 'SEO\\Manager \\N', 'Line\nbreak\r\n', '"Quoted" Ärztin – 東京', ''];

interface Version {
  id: number;
  company: 'Acme GmbH' | 'ACME';
  title: string;
  city: 'berlin' | 'hamburg';
  url: string | null;
  expired: boolean;
  detail: string | null;
}

interface Import {
  source: number;
  versions: Version[];
  /** Sizes of the batches the versions are staged in (the rest in one last batch). */
  batches: number[];
  sync: boolean;
}

const version: fc.Arbitrary<Version> = fc.record({
  id: fc.integer({ min: 0, max: 4 }),
  company: fc.constantFrom('Acme GmbH' as const, 'ACME' as const),
  title: fc.constantFrom(...TEXTS),
  city: fc.constantFrom('berlin' as const, 'hamburg' as const),
  url: fc.constantFrom(null, null, 'https://jobs.example.com/1', 'https://www.jobs.example.com/1/?utm_source=x'),
  expired: fc.boolean().map((b) => b && Math.random() < 0.3),
  detail: fc.constantFrom(null, ...TEXTS),
});

const anImport: fc.Arbitrary<Import> = fc.record({
  source: fc.integer({ min: 0, max: SOURCES.length - 1 }),
  versions: fc.array(version, { maxLength: 8 }),
  batches: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }),
  sync: fc.boolean(),
});

function posting(src: string, v: Version): Job {
  return job({
    key: `${src}:id::${v.id}`,
    // Both sources propose the same ids: the registry must settle them alike.
    boardId: String(500 + v.id),
    source: src,
    title: v.title,
    company: { name: v.company, domain: null, website: null, logoUrl: null, size: '51-200' },
    places: [
      {
        city: { slug: v.city, name: v.city },
        region: null,
        country: { slug: 'deutschland', name: 'Deutschland' },
        countryCode: 'DE',
        lat: null,
        lon: null,
      },
    ],
    url: v.url,
    validThrough: v.expired ? NOW - DAY : NOW + DAY,
    ...(v.detail === null ? {} : { detail: { description: v.detail, applyUrl: v.url, statedSalary: null } }),
  });
}

function batchesOf<T>(items: readonly T[], sizes: readonly number[]): T[][] {
  const out: T[][] = [];
  let from = 0;
  for (const size of sizes) {
    if (from >= items.length) break;
    out.push(items.slice(from, from + size));
    from += size;
  }
  if (from < items.length) out.push(items.slice(from));
  return out;
}

/** Runs one import; returns what the store said about it. */
async function runOne(store: JobStore, step: Import, n: number): Promise<unknown> {
  const src = SOURCES[step.source] ?? 'a';
  const staged = step.versions.map((v, i) => ({ job: posting(src, v), position: `step ${n}\tline ${i + 1}` }));
  const id = await store.beginImport(src);
  const stages = [];
  for (const batch of batchesOf(staged, step.batches)) stages.push(await store.stage(id, batch));
  if (staged.length === 0) {
    await store.discardImport(id);
    return { stages };
  }
  return { stages, published: await store.publish(id, { now: NOW, sync: step.sync }) };
}

/** Everything a reader can see of a store. */
async function contents(store: SqliteJobStore | PostgresJobStore): Promise<unknown> {
  const stored: StoredJob[] = [];
  for await (const chunk of store.scanStored()) stored.push(...chunk);
  return { stored, feed: await store.changesSince(0, 10_000), cursor: await store.changeCursor() };
}

let dir: string;
let database: { name: string; url: string };
let admin: pg.Client;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'import-equivalence-'));
  database = await createTestDatabase();
  admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
});
afterAll(async () => {
  await admin.end();
  await dropTestDatabase(database.name);
  await rm(dir, { recursive: true, force: true });
});

describe('the same imports into SQLite and PostgreSQL', () => {
  it('give the same postings, duplicate groups, change feed and cursor, import after import', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(anImport, { minLength: 1, maxLength: 4 }), async (steps) => {
        run += 1;
        const sqlite = new SqliteJobStore(join(dir, `run-${run}.db`));
        const postgres = new PostgresJobStore(database.url);
        try {
          await sqlite.migrate();
          await postgres.migrate();
          await admin.query('TRUNCATE jobs, job_tombstones, board_ids, import_staging');
          await admin.query("UPDATE store_meta SET value = 0 WHERE name = 'change_cursor'");
          for (const [n, step] of steps.entries()) {
            const said = await runOne(sqlite, step, n);
            expect(await runOne(postgres, step, n)).toEqual(said);
            expect(await contents(postgres)).toEqual(await contents(sqlite));
          }
        } finally {
          await sqlite.close();
          await postgres.close();
        }
      }),
      { numRuns: 25 },
    );
  });
});
