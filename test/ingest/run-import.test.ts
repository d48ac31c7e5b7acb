import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generatePostings } from '../../src/demo/generate.js';
import { readPostings, type ReadResult } from '../../src/ingest/read/read-postings.js';
import {
  importFile,
  ImportInterrupted,
  importRecords,
  MAX_KEPT_REJECTS,
  runImport,
  THREADS_AFTER,
  type ImportOptions,
  type ImportProgress,
  type ImportSummary,
  type Reject,
} from '../../src/ingest/run-import.js';
import { StoreUnavailableError } from '../../src/store/job-store.js';
import { MemoryStore } from './memory-store.js';

const NOW = Date.UTC(2026, 10, 21);
const fixture = (name: string): string => fileURLToPath(new URL(`../fixtures/ingest/${name}`, import.meta.url));
const posting = (n: number) => ({
  '@type': 'JobPosting',
  title: `SEO Manager ${n}`,
  identifier: String(n),
  hiringOrganization: 'Acme',
});

describe('importFile', () => {
  it('imports the good records of a mixed NDJSON file and reports every bad one with line and reason', async () => {
    const store = new MemoryStore();
    const summary = await importFile(fixture('mixed.ndjson'), store, { source: 'test', now: NOW });
    expect(summary.rejects.map((r) => ({ ...r, reason: r.reason.replace(/^(malformed JSON): .*/, '$1: …') }))).toEqual([
      { position: 'line 3', reason: 'malformed JSON: …' },
      { position: 'line 4', reason: 'title is missing' },
      { position: 'line 5', reason: 'hiringOrganization.name is missing' },
      { position: 'line 6', reason: "datePosted is not a date: 'foo'" },
      { position: 'line 7', reason: "@type is not JobPosting: 'Organization'" },
      { position: 'line 9', reason: "baseSalary is not a MonetaryAmount: '50000'" },
      { position: 'line 10', reason: "record is not a JSON object: '[1,2,3]'" },
      { position: 'line 11', reason: 'title is empty' },
    ]);
    expect({ ...summary, rejects: summary.rejects.length }).toEqual({
      read: 10,
      staged: 2,
      inserted: 2,
      updated: 0,
      rejected: 8,
      rejects: 8,
      empty: false,
      unchanged: 0,
      expired: 0,
      removed: 0,
      duplicates: 0,
    });
    expect([...store.jobs.keys()]).toEqual(['test:id::1001', 'test:id:board:ws-77']);
  });

  it('counts a second import of the same file as unchanged', async () => {
    const store = new MemoryStore();
    await importFile(fixture('mixed.ndjson'), store, { source: 'test', now: NOW });
    const again = await importFile(fixture('mixed.ndjson'), store, { source: 'test', now: NOW });
    expect(again).toMatchObject({ read: 10, inserted: 0, updated: 0, unchanged: 2, rejected: 8 });
    expect(store.jobs.size).toBe(2);
  });

  it('imports a JSON array and a @graph document', async () => {
    const store = new MemoryStore();
    const array = await importFile(fixture('array.json'), store, { source: 'a', now: NOW });
    expect(array).toEqual({
      read: 3,
      staged: 2,
      inserted: 2,
      updated: 0,
      unchanged: 0,
      expired: 0,
      removed: 0,
      duplicates: 0,
      empty: false,
      rejected: 1,
      rejects: [{ position: 'item 2', reason: "employmentType is not a string or list of strings: '7'" }],
    });
    // A posting that names no employer is kept, under the unknown company.
    expect([...store.jobs.values()].find((j) => j.title === 'Ohne Firma')?.company.name).toBe('unknown');
    expect(store.jobs.get('a:id::42')).toMatchObject({
      boardId: '42',
      salary: { min: 36_000, max: 36_000 },
      places: [{ countryCode: 'AT' }],
    });

    const graph = await importFile(fixture('graph.jsonld'), store, { source: 'g', now: NOW });
    expect(graph).toMatchObject({
      read: 1,
      inserted: 1,
      rejected: 0,
      rejects: [],
    });
    expect(store.jobs.get('g:url:https://graph.example/jobs/technical-seo')).toMatchObject({
      company: { name: 'Graph GmbH', website: 'https://graph.example', domain: 'graph.example' },
      position: { slug: 'technical-seo' },
      workModel: 'remote',
      places: [{ city: null, countryCode: 'DE' }],
    });
  });

  it('reports a JSON array that breaks off as a reject, never as a silent success', async () => {
    const store = new MemoryStore();
    const summary = await importFile(fixture('broken.json'), store, { source: 'b', now: NOW });
    expect(summary.rejected).toBe(1);
    expect(summary.rejects[0]?.reason).toMatch(/the JSON array breaks off here/);
  });
});

describe('runImport', () => {
  it('stages in batches, reports progress after each, and publishes once', async () => {
    const store = new MemoryStore();
    const progress: ImportProgress[] = [];
    const summary = await importRecords(
      Array.from({ length: 25 }, (_, i) => posting(i + 1)),
      store,
      { source: 's', now: NOW, batchSize: 10, onProgress: (p) => progress.push(p) },
    );
    expect(summary).toEqual({
      read: 25,
      staged: 25,
      inserted: 25,
      updated: 0,
      rejected: 0,
      rejects: [],
      empty: false,
      unchanged: 0,
      expired: 0,
      removed: 0,
      duplicates: 0,
    });
    expect(store.upserts).toBe(3);
    expect(progress.map((p) => p.staged)).toEqual([10, 20, 25]);
  });

  it('keeps the good neighbours of a posting the store refuses', async () => {
    const store = new MemoryStore();
    store.failOn = 's:id::3';
    const summary = await importRecords([1, 2, 3, 4].map(posting), store, { source: 's', now: NOW, batchSize: 10 });
    expect(summary).toEqual({
      read: 4,
      staged: 3,
      inserted: 3,
      updated: 0,
      rejected: 1,
      rejects: [{ position: 'item 2', reason: 'store rejected the posting: constraint failed for s:id::3' }],
      empty: false,
      unchanged: 0,
      expired: 0,
      removed: 0,
      duplicates: 0,
    });
    expect([...store.jobs.keys()].sort()).toEqual(['s:id::1', 's:id::2', 's:id::4']);
  });

  it('propagates the error when the store refuses a whole batch, publishing nothing', async () => {
    const store = new MemoryStore();
    let batches = 0;
    const stage = store.stage.bind(store);
    store.stage = async (id, jobs) => {
      if (++batches > 1) throw new Error('database is locked');
      return stage(id, jobs);
    };
    await expect(
      importRecords([1, 2, 3, 4].map(posting), store, { source: 's', now: NOW, batchSize: 2 }),
    ).rejects.toThrow(new ImportInterrupted({ read: 4, staged: 2, rejected: 0 }, new Error('database is locked')));
    expect(store.jobs.size).toBe(0);
    // The completed batch stays staged until the source's next import begins.
    expect([...store.staging.values()].map((area) => area.size)).toEqual([2]);
  });

  it('stops at a lost connection with how far it got, turning no posting into a reject', async () => {
    const store = new MemoryStore();
    let calls = 0;
    const stage = store.stage.bind(store);
    // The batch of the third and fourth posting loses its connection, and so would each retried posting.
    store.stage = async (id, jobs) => {
      if (++calls > 1) throw new StoreUnavailableError('terminating connection due to administrator command');
      return stage(id, jobs);
    };
    const run = importRecords([1, 2, 3, 4, 5].map(posting), store, { source: 's', now: NOW, batchSize: 2 });
    await expect(run).rejects.toThrow(ImportInterrupted);
    const error: unknown = await run.catch((e: unknown) => e);
    expect(error).toMatchObject({
      progress: { read: 4, staged: 2, rejected: 0 },
      message: 'terminating connection due to administrator command',
    });
    expect(calls).toBe(2);
    expect(store.jobs.size).toBe(0);
  });

  it('reports a publish that fails as interrupted, with everything staged', async () => {
    const store = new MemoryStore();
    store.publish = async () => {
      throw new StoreUnavailableError('Connection terminated unexpectedly');
    };
    const error: unknown = await importRecords([1, 2, 3].map(posting), store, {
      source: 's',
      now: NOW,
      batchSize: 2,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportInterrupted);
    expect(error).toMatchObject({ progress: { read: 3, staged: 3, rejected: 0 } });
    expect(store.jobs.size).toBe(0);
  });

  it('rejects a second posting with the identity of an earlier one, naming the first, which is kept', async () => {
    const store = new MemoryStore();
    const summary = await importRecords([posting(1), posting(2), { ...posting(1), title: 'SEO Lead' }], store, {
      source: 's',
      now: NOW,
      batchSize: 2,
    });
    expect(summary).toMatchObject({ staged: 2, inserted: 2, rejected: 1 });
    expect(summary.rejects).toEqual([
      { position: 'item 2', reason: 'the same posting (identity s:id::1) as item 0, which is kept' },
    ]);
    expect(store.jobs.get('s:id::1')?.title).toBe('SEO Manager 1');
  });

  it('keeps postings with equal identifier values under different identifier names apart', async () => {
    const store = new MemoryStore();
    const named = (name: string) => ({ ...posting(1), identifier: { '@type': 'PropertyValue', name, value: '1' } });
    const summary = await importRecords([named('feedA'), named('feedB')], store, { source: 's', now: NOW });
    expect(summary).toMatchObject({ inserted: 2, rejected: 0 });
    const ids = [...store.jobs.values()].map((j) => [j.key, j.boardId]);
    expect(ids[0]).toEqual(['s:id:feedA:1', '1']);
    expect(ids[1]?.[0]).toBe('s:id:feedB:1');
    expect(ids[1]?.[1]).toMatch(/^9\d{16}$/);
  });

  it('publishes nothing, not even a sync, when nothing could be staged', async () => {
    const store = new MemoryStore();
    await importRecords([posting(1)], store, { source: 's', now: NOW });
    const summary = await importRecords([{ title: 'not a posting' }], store, { source: 's', now: NOW, sync: true });
    expect(summary).toMatchObject({ empty: true, rejected: 1, removed: 0 });
    expect(store.jobs.size).toBe(1);
  });

  it('with sync, removes the postings of the source that the import no longer holds', async () => {
    const store = new MemoryStore();
    await importRecords([1, 2, 3].map(posting), store, { source: 's', now: NOW });
    await importRecords([posting(9)], store, { source: 'other', now: NOW });
    const summary = await importRecords([posting(2)], store, { source: 's', now: NOW, sync: true });
    expect(summary).toMatchObject({ unchanged: 1, removed: 2 });
    expect([...store.jobs.keys()].sort()).toEqual(['other:id::9', 's:id::2']);
  });

  it('counts every reject but keeps only the first ones in memory', async () => {
    const total = MAX_KEPT_REJECTS + 5;
    const results: ReadResult[] = Array.from({ length: total }, (_, i) => ({
      ok: false,
      position: `line ${i + 1}`,
      reason: 'malformed JSON',
    }));
    const seen: Reject[] = [];
    const summary = await runImport(results, new MemoryStore(), {
      source: 's',
      now: NOW,
      onReject: (r) => seen.push(r),
    });
    expect(summary.rejected).toBe(total);
    expect(summary.rejects).toHaveLength(MAX_KEPT_REJECTS);
    expect(seen).toHaveLength(total);
  });

  it('turns an unexpected enrichment error into a reject', async () => {
    const store = new MemoryStore();
    const throwing = { '@type': 'JobPosting', title: 'X', hiringOrganization: 'A' };
    Object.defineProperty(throwing, 'description', {
      enumerable: true,
      get: () => {
        throw new Error('boom');
      },
    });
    const summary = await importRecords([throwing, posting(1)], store, { source: 's', now: NOW });
    expect(summary).toMatchObject({ read: 2, inserted: 1, rejected: 1 });
    expect(summary.rejects[0]?.reason).toMatch(/boom/);
  });
});

describe('runImport with enrichment threads', () => {
  const REAL = fileURLToPath(new URL('../fixtures/real-postings/postings.ndjson', import.meta.url));

  /** An import with `workers` enrichment threads (0: this thread alone) into a new store: its summary, progress and jobs. */
  async function importWith(
    start: (store: MemoryStore, options: ImportOptions) => Promise<ImportSummary>,
    workers: number,
  ): Promise<{ summary: ImportSummary; progress: ImportProgress[]; jobs: string }> {
    const store = new MemoryStore();
    const progress: ImportProgress[] = [];
    const summary = await start(store, {
      source: 'w',
      now: NOW,
      workers,
      batchSize: 100,
      onProgress: (p) => progress.push(p),
    });
    return { summary, progress, jobs: JSON.stringify([...store.jobs.entries()]) };
  }

  /** Read failures, malformed records, repeated identities, real and generated postings, in one order. */
  async function mixedInput(): Promise<ReadResult[]> {
    const input: ReadResult[] = [];
    for await (const r of readPostings(fixture('mixed.ndjson'))) input.push(r);
    for await (const r of readPostings(REAL)) input.push(r);
    let i = 0;
    for (const record of generatePostings({ count: THREADS_AFTER + 700, seed: 11, now: NOW })) {
      input.push({ ok: true, position: `generated ${i}`, record });
      if (i % 97 === 0) input.push({ ok: false, position: `broken ${i}`, reason: 'malformed JSON: here' });
      if (i % 131 === 0) input.push({ ok: true, position: `again ${i}`, record });
      i += 1;
    }
    return input;
  }

  it('stages exactly the jobs, rejects and progress that enriching in this thread gives, in the same order', async () => {
    const input = await mixedInput();
    const run = (store: MemoryStore, options: ImportOptions) => runImport(input, store, options);
    const here = await importWith(run, 0);
    const threads = await importWith(run, 2);
    expect(here.summary.staged).toBeGreaterThan(THREADS_AFTER + 700);
    expect(here.summary.rejected).toBeGreaterThan(10);
    expect(threads.summary).toEqual(here.summary);
    expect(threads.progress).toEqual(here.progress);
    expect(threads.jobs).toBe(here.jobs);
  });

  it('imports an NDJSON file with its lines parsed in the threads exactly as one thread does', async () => {
    // Blank and malformed lines, a bare array, a whole @graph document on one line, repeated
    // identities, real and generated postings: with threads the lines are parsed where they are enriched.
    const graph = JSON.stringify(JSON.parse(readFileSync(fixture('graph.jsonld'), 'utf8')));
    const pair = (n: number): string =>
      JSON.stringify({ '@graph': [posting(n + 0.5), { '@type': 'WebPage' }, posting(n)] });
    const lines = [readFileSync(fixture('mixed.ndjson'), 'utf8'), readFileSync(REAL, 'utf8')];
    let i = 0;
    for (const record of generatePostings({ count: THREADS_AFTER + 700, seed: 12, now: NOW })) {
      lines.push(JSON.stringify(record));
      if (i % 97 === 0) lines.push('{"@type":"JobPosting","title":"Cut');
      if (i % 131 === 0) lines.push(JSON.stringify(record), '  ', graph, '[1,2]', pair(i));
      i += 1;
    }
    const dir = mkdtempSync(join(tmpdir(), 'run-import-lines-'));
    try {
      const file = join(dir, 'feed.ndjson');
      writeFileSync(file, `${lines.join('\n')}\n{"@type":"JobPosting","title":"Last","hiringOrganization":"A"}`);
      const run = (store: MemoryStore, options: ImportOptions) => importFile(file, store, options);
      const here = await importWith(run, 0);
      const threads = await importWith(run, 2);
      expect(here.summary.staged).toBeGreaterThan(THREADS_AFTER + 700);
      expect(here.summary.rejects.some((r) => r.position.includes(' item '))).toBe(true);
      expect(here.summary.rejects.some((r) => r.reason.startsWith('malformed JSON'))).toBe(true);
      expect(threads.summary).toEqual(here.summary);
      expect(threads.progress).toEqual(here.progress);
      expect(threads.jobs).toBe(here.jobs);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('turns a record that cannot be sent to a thread into a reject, keeping its neighbours', async () => {
    const store = new MemoryStore();
    const throwing = { '@type': 'JobPosting', title: 'X', hiringOrganization: 'A' };
    Object.defineProperty(throwing, 'description', {
      enumerable: true,
      get: () => {
        throw new Error('boom');
      },
    });
    const records: object[] = Array.from({ length: THREADS_AFTER + 3 }, (_, i) => posting(i));
    records.splice(THREADS_AFTER + 1, 0, throwing);
    const summary = await importRecords(records, store, { source: 's', now: NOW, workers: 1 });
    expect(summary).toMatchObject({ read: THREADS_AFTER + 4, inserted: THREADS_AFTER + 3, rejected: 1 });
    expect(summary.rejects).toEqual([
      { position: `item ${THREADS_AFTER + 1}`, reason: expect.stringMatching(/boom/) as unknown },
    ]);
  });
});
