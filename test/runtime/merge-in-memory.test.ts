/** A merge into a new base from the segments in memory: in the worker, and as the follower's merge. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SALARY_BUCKETS } from '../../src/domain/salary-buckets.js';
import type { Job } from '../../src/domain/job.js';
import { buildInWorker } from '../../src/runtime/remote-index.js';
import { buildHere, LiveIndex, type SearchReader } from '../../src/runtime/live-index.js';
import { followStore } from '../../src/runtime/follow-store.js';
import type { SearchIndex } from '../../src/search/segments/search-index.js';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';
import { job, place } from '../builders.js';

const NOW = Date.UTC(2026, 10, 15);
const buckets = DEFAULT_SALARY_BUCKETS;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'jobsearch-merge-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const potsdam = place({
  city: { slug: 'potsdam', name: 'Potsdam' },
  region: { slug: 'brandenburg', name: 'Brandenburg' },
  lat: 52.39,
  lon: 13.06,
});

/** Postings of varied facets, titles and salaries (so estimates, labels and keywords all count). */
function postings(count: number, from: number): Job[] {
  const titles = ['SEO Manager', 'Content Managerin', 'Entwickler Backend', 'Data Analyst', 'Gerente SEO'];
  return Array.from({ length: count }, (_, i) =>
    job({
      title: titles[(from + i) % titles.length]!,
      searchText: `${titles[(from + i + 2) % titles.length]!} Suchmaschinenoptimierung ${from + i}`,
      workModel: (['remote', 'hybrid', 'onsite'] as const)[(from + i) % 3]!,
      places: (from + i) % 4 === 0 ? [potsdam] : [place()],
      seniority: (['junior', 'senior', null] as const)[(from + i) % 3]!,
      salary: (from + i) % 5 === 0 ? null : { min: 40_000 + ((from + i) % 7) * 1_000, max: 60_000 },
      company: {
        name: (from + i) % 2 ? 'Acme GmbH' : 'ACME GmbH',
        domain: null,
        website: null,
        logoUrl: null,
        size: null,
      },
      validThrough: (from + i) % 9 === 0 ? NOW + 1_500 : null,
    }),
  );
}

/** The same answers as a build from scratch over the store (the merge's oracle). */
function expectSameAnswers(merged: SearchReader, fresh: SearchReader): void {
  expect(merged.size).toBe(fresh.size);
  for (const sort of ['date', 'salary', 'relevance'] as const)
    for (const order of ['asc', 'desc'] as const) {
      const r = { filter: {}, sort, order, page: 1, perPage: fresh.size + 1 };
      expect(merged.list(r)).toEqual(fresh.list(r));
    }
  for (const keywords of ['seo manager', 'entwickler', 'optimierung', 'managerin']) {
    const r = { filter: { keywords }, sort: 'relevance' as const, order: 'desc' as const, page: 1, perPage: 50 };
    expect(merged.list(r)).toEqual(fresh.list(r));
  }
  for (const mode of ['conjunctive', 'disjunctive'] as const) {
    const r = { filter: { location: 'potsdam', workModel: 'remote' }, mode, facetLimit: 10 };
    expect(merged.facets(r)).toEqual(fresh.facets(r));
  }
  expect(merged.suggestTitles('man', 5)).toEqual(fresh.suggestTitles('man', 5));
  expect(merged.suggestCompanies('ac', 5)).toEqual(fresh.suggestCompanies('ac', 5));
}

describe('a merge in the index worker', () => {
  it('replaces the base and its deltas by one segment that answers as a build over the store, and follows on', async () => {
    const file = path.join(dir, 'worker.db');
    const store = new SqliteJobStore(file);
    await store.migrate();
    const first = postings(300, 0);
    await store.upsert(first);
    const built = await buildInWorker({ databaseUrl: file, salaryBuckets: buckets, now: NOW });
    try {
      for (let b = 0; b < 3; b++) {
        await store.upsert([...postings(40, 300 + b * 40), { ...first[b * 10]!, title: 'Head of SEO' }]);
        await store.delete([first[b * 10 + 1]!.key]);
        await built.catchUp!(NOW + 1_000);
      }
      const before = await built.catchUp!(NOW + 2_000);
      expect(before.segments).toBeGreaterThan(1);
      const report = await built.merge!(NOW + 2_000);
      expect(report).toMatchObject({ segments: 1, deltaSize: 0, changes: 0, cursor: before.cursor });
      const fresh = await buildHere(store, { salaryBuckets: buckets, now: () => NOW + 2_000 });
      expect(report.size).toBe(fresh.index.size);
      expectSameAnswers(built.index, fresh.index);
      // The merged base takes the next changes as any base does.
      await store.delete([first[50]!.key]);
      const after = await built.catchUp!(NOW + 2_000);
      expect(after.changes).toBe(1);
      expect(built.index.size).toBe(fresh.index.size - 1);
    } finally {
      built.retire();
      await store.close();
    }
  }, 60_000);
});

describe('the follower', () => {
  it('merges an index that can merge itself in memory, without a build, and publishes it as a new version', async () => {
    const store = new SqliteJobStore(path.join(dir, 'follow.db'));
    await store.migrate();
    await store.upsert(postings(200, 1_000));
    let clock = NOW;
    const first = await buildHere(store, { salaryBuckets: buckets, now: () => clock });
    const live = new LiveIndex();
    live.swap(first.index, first.cursor, first.builtAt);
    let builds = 0;
    const follower = followStore(store, live, first, {
      intervalMs: 60_000,
      maxAgeMs: Number.POSITIVE_INFINITY,
      log: pino({ level: process.env.TEST_LOG ?? 'silent' }),
      now: () => clock,
      build: () => {
        builds++;
        return buildHere(store, { salaryBuckets: buckets, now: () => clock });
      },
      policy: { maxDeltaSegments: 4, mergeIntoBase: (delta) => delta >= 50 },
    });
    try {
      await store.upsert(postings(30, 1_200));
      clock += 10;
      expect(await follower.refresh()).toBe(true);
      expect((live.current!.index as SearchIndex).leaves).toHaveLength(2);
      await store.upsert(postings(30, 1_230));
      clock += 10;
      expect(await follower.refresh()).toBe(true);
      // The catch-up that passed the policy's size started the merge, which is published on its own
      // as a version of its own (a later builtAt, so a new ETag).
      await vi.waitFor(
        () => {
          expect((live.current!.index as SearchIndex).leaves).toHaveLength(1);
        },
        { timeout: 20_000 },
      );
      expect(live.current!.builtAt).toBe(clock + 1);
      expect(builds).toBe(0);
      const fresh = await buildHere(store, { salaryBuckets: buckets, now: () => clock });
      expectSameAnswers(live.current!.index, fresh.index);
    } finally {
      follower.stop();
      await store.close();
    }
  }, 60_000);
});
