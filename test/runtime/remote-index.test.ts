/** An index built and held by a worker thread answers exactly like one built here. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SALARY_BUCKETS } from '../../src/domain/salary-buckets.js';
import { MessageChannel } from 'node:worker_threads';
import { buildInWorker, takeReply } from '../../src/runtime/remote-index.js';
import { isReaderMethod, READER_CALLS } from '../../src/runtime/reader-calls.js';
import { buildHere, type BuiltIndex } from '../../src/runtime/live-index.js';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';
import { job, place } from '../builders.js';

const NOW = Date.UTC(2026, 10, 15);
let dir: string;
let dbPath: string;
let remote: BuiltIndex;
let here: BuiltIndex;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'jobsearch-remote-'));
  dbPath = path.join(dir, 'jobs.db');
  const store = new SqliteJobStore(dbPath);
  await store.migrate();
  const potsdam = place({
    city: { slug: 'potsdam', name: 'Potsdam' },
    region: { slug: 'brandenburg', name: 'Brandenburg' },
    lat: 52.39,
    lon: 13.06,
  });
  await store.upsert([
    job({ workModel: 'remote', validThrough: NOW + 60_000 }),
    job({ workModel: 'hybrid', places: [potsdam], validThrough: NOW + 120_000 }),
    job({ workModel: 'remote', company: { name: 'Zeta AG', domain: null, website: null, logoUrl: null, size: null } }),
    job({ validThrough: NOW - 1 }),
  ]);
  here = await buildHere(store, { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: () => NOW });
  await store.close();
  remote = await buildInWorker({ databaseUrl: dbPath, salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW });
}, 60_000);

afterAll(async () => {
  (remote as BuiltIndex | undefined)?.retire(); // undefined when beforeAll failed
  await rm(dir, { recursive: true, force: true });
});

describe('buildInWorker', () => {
  it('reports what it built: size, cursor, the next expiry', () => {
    expect(remote.index.size).toBe(3);
    expect(remote.cursor).toBe(here.cursor);
    expect(remote.nextExpiry).toBe(NOW + 60_000);
    expect(remote.healthy()).toBe(true);
  });

  it('answers every operation like an index built on this thread', () => {
    const filter = { workModel: 'remote' };
    expect(remote.index.count(filter)).toBe(here.index.count(filter));
    const list = { filter: {}, sort: 'date' as const, order: 'desc' as const, page: 1, perPage: 10 };
    expect(remote.index.list(list)).toEqual(here.index.list(list));
    const facets = { filter: { location: 'berlin' }, mode: 'disjunctive' as const, facetLimit: 5 };
    expect(remote.index.facets(facets)).toEqual(here.index.facets(facets));
    expect(remote.index.suggestLocations('po', 5)).toEqual(here.index.suggestLocations('po', 5));
    expect(remote.index.suggestCompanies('ze', 5)).toEqual(here.index.suggestCompanies('ze', 5));
    expect(remote.index.resolveLocation('Potsdam')).toEqual({ slug: 'potsdam', name: 'Potsdam', kind: 'city' });
    expect(remote.index.resolveCompany('ZETA AG')).toBe('zeta');
    expect(remote.index.resolveCompany('nobody')).toBeNull();
    const misspelt = { keywords: 'managr' };
    expect(remote.index.didYouMean(misspelt)).toEqual(here.index.didYouMean(misspelt));
    expect(remote.index.suggestTitles('se', 5)).toEqual(here.index.suggestTitles('se', 5));
    const texts = [{ language: 'de', texts: ['SEO Manager (m/w/d)', 'Wir suchen einen SEO Manager'] }];
    expect(remote.index.highlight('manager', true, texts)).toEqual(here.index.highlight('manager', true, texts));
    expect(remote.index.highlight('manager', true, texts)[0]![0]).not.toEqual([]);
  });

  it('fails clearly on a store it cannot open, and once retired', async () => {
    await expect(
      buildInWorker({ databaseUrl: 'mysql://nowhere/x', salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW }),
    ).rejects.toThrow(/could not build the index.*mysql/);
    const other = await buildInWorker({ databaseUrl: dbPath, salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW });
    expect(other.index.count({})).toBe(3);
    other.retire();
    expect(() => other.index.count({})).toThrow(/retired/);
  });

  it('stops a build when asked to', async () => {
    const controller = new AbortController();
    const building = buildInWorker({
      databaseUrl: dbPath,
      salaryBuckets: DEFAULT_SALARY_BUCKETS,
      now: NOW,
      signal: controller.signal,
    });
    controller.abort();
    await expect(building).rejects.toThrow(/aborted/);
  });
});

describe('the table of calls between the threads', () => {
  it("names SearchReader's queries and nothing else an object has", () => {
    expect(Object.keys(READER_CALLS).sort()).toEqual(
      [
        'count',
        'countAsRead',
        'didYouMean',
        'facets',
        'facetsAsRead',
        'highlight',
        'list',
        'listAsRead',
        'resolveCompany',
        'resolveLocation',
        'suggestCompanies',
        'suggestLocations',
        'suggestTitles',
      ].sort(),
    );
    for (const name of Object.keys(READER_CALLS)) expect([name, isReaderMethod(name)]).toEqual([name, true]);
    for (const name of ['size', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'then', 'retire', ''])
      expect([name, isReaderMethod(name)]).toEqual([name, false]);
  });
});

describe('takeReply', () => {
  it('finds the reply to its own call and drops replies to earlier calls that arrived late', () => {
    const { port1, port2 } = new MessageChannel();
    try {
      port2.postMessage({ id: 1, ok: true, value: 'late answer to call 1' });
      port2.postMessage({ id: 2, ok: true, value: 'late answer to call 2' });
      expect(takeReply(port1, 4)).toBeUndefined(); // not there yet; the stale ones are gone
      port2.postMessage({ id: 3, ok: true, value: 'late answer to call 3' });
      port2.postMessage({ id: 4, ok: true, value: 'answer to call 4' });
      expect(takeReply(port1, 4)).toEqual({ id: 4, ok: true, value: 'answer to call 4' });
      expect(takeReply(port1, 5)).toBeUndefined();
    } finally {
      port1.close();
    }
  });
});

describe('catching up with the change feed in the worker', () => {
  it('applies upserts, updates, deletions and expiry to the worker-held index without a build', async () => {
    const file = path.join(dir, 'follow.db');
    const store = new SqliteJobStore(file);
    await store.migrate();
    const kept = job({ workModel: 'remote' });
    const changed = job({ workModel: 'remote' });
    const dropped = job({ workModel: 'hybrid' });
    const expiring = job({ workModel: 'onsite', validThrough: NOW + 1_000 });
    await store.upsert([kept, changed, dropped, expiring]);
    const built = await buildInWorker({ databaseUrl: file, salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW });
    try {
      expect(built.index.size).toBe(4);
      const many = Array.from({ length: 1_200 }, () => job({ workModel: 'hybrid' }));
      await store.upsert([{ ...changed, workModel: 'hybrid' }, ...many]);
      await store.delete([dropped.key]);
      const report = await built.catchUp!(NOW + 2_000);
      expect(report.cursor).toBe(await store.changeCursor());
      expect(report.changes).toBe(1 + 1_200 + 1);
      // kept + changed + 1,200 new; dropped deleted; expiring past its validThrough
      expect(built.index.size).toBe(2 + 1_200);
      expect(built.index.count({ workModel: 'remote' })).toBe(1);
      expect(built.index.count({ workModel: 'hybrid' })).toBe(1_201);
      expect(built.index.count({ workModel: 'onsite' })).toBe(0);
      expect(report.deltaSize).toBe(1_201);
      // Nothing new: a second catch-up reads nothing and changes nothing.
      const again = await built.catchUp!(NOW + 2_000);
      expect(again.changes).toBe(0);
      expect(built.index.size).toBe(1_202);
    } finally {
      built.retire();
      await store.close();
    }
  });
});
