import type { FacetCounts } from '../../src/domain/query.js';
/**
 * Random sequences of imports, updates, deletions and the clock passing validThrough dates,
 * against a SQLite store: the change feed replays to exactly the stored rows, and the followed
 * index answers like the naive scan over what the store holds at that moment.
 */
import fc from 'fast-check';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { Job } from '../../src/domain/job.js';
import { DEFAULT_SALARY_BUCKETS } from '../../src/domain/salary-buckets.js';
import { followStore } from '../../src/runtime/follow-store.js';
import { buildHere, LiveIndex } from '../../src/runtime/live-index.js';
import type { JobStore } from '../../src/store/job-store.js';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';
import { job, place } from '../builders.js';
import { naiveFacets } from '../search/naive-facets.js';
import { NaiveSearch } from '../search/naive-search.js';

const T0 = Date.UTC(2026, 10, 15);
const MIN = 60_000;
const KEYS = Array.from({ length: 12 }, (_, i) => `k:${i}`);
const COMPANIES = ['Acme GmbH', 'Zeta AG', 'Örtel KG'];
const CITIES = [
  place(),
  place({
    city: { slug: 'potsdam', name: 'Potsdam' },
    region: { slug: 'brandenburg', name: 'Brandenburg' },
    lat: 52.39,
    lon: 13.06,
  }),
];

const versionArb = fc.record({
  key: fc.constantFrom(...KEYS),
  company: fc.constantFrom(...COMPANIES),
  workModel: fc.constantFrom('remote', 'hybrid', 'onsite', null),
  city: fc.constantFrom(0, 1),
  postedAt: fc.constantFrom(T0 - 3 * 86_400_000, T0 - 86_400_000, null),
  /** Minutes after T0; null: no end. */
  validFor: fc.option(fc.integer({ min: -5, max: 40 }), { nil: null }),
  salary: fc.constantFrom(null, { min: 40_000, max: 50_000 }, { min: 60_000, max: 80_000 }),
});

type Version = typeof versionArb extends fc.Arbitrary<infer T> ? T : never;

type Op =
  | { op: 'upsert'; versions: Version[] }
  | { op: 'delete'; keys: string[] }
  | { op: 'clock'; minutes: number }
  | { op: 'refresh' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      op: fc.constant('upsert' as const),
      versions: fc.array(versionArb, { minLength: 1, maxLength: 6 }),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('delete' as const),
      keys: fc.uniqueArray(fc.constantFrom(...KEYS), { minLength: 1, maxLength: 3 }),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ op: fc.constant('clock' as const), minutes: fc.integer({ min: 1, max: 15 }) }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant('refresh' as const) }), weight: 3 },
);

/** A version with nothing of note: override what a test is about. */
const STEADY: Version = {
  key: 'k:0',
  company: 'Acme GmbH',
  workModel: 'hybrid',
  city: 0,
  postedAt: T0 - 3 * 86_400_000,
  validFor: null,
  salary: null,
};

/** Board ids fixed per key, so that writes never clash on them. */
function toJob(v: Version): Job {
  const i = KEYS.indexOf(v.key);
  return job({
    key: v.key,
    boardId: String(500 + i),
    company: { name: v.company, domain: null, website: null, logoUrl: null, size: null },
    workModel: v.workModel,
    places: [CITIES[v.city]!],
    postedAt: v.postedAt,
    validThrough: v.validFor === null ? null : T0 + v.validFor * MIN,
    salary: v.salary,
  });
}

async function apply(store: JobStore, op: Op): Promise<void> {
  if (op.op === 'upsert') await store.upsert(op.versions.map(toJob));
  else if (op.op === 'delete') await store.delete(op.keys);
}

/**
 * Every facet's values with a count, without labels and without the salary bands: those, and a
 * selected value listed at 0 because a segment still knows it, follow the segment rules
 * (statistics as of the segments' builds; src/search/segments/segments.ts and its own property test).
 */
function countsOf(f: FacetCounts): Record<string, unknown> {
  const { salaryRanges: _estimated, seo, ...lists } = f;
  const counted = Object.entries(lists).map(([k, options]) => [
    k,
    options.filter((o) => o.count > 0).map((o) => [o.value, o.count]),
  ]);
  return { seo, ...Object.fromEntries(counted) };
}

const byKey = (a: Job, b: Job): number => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** The index of a store built here and the production follower on it, both on the given clock. */
async function follow(store: JobStore, now: () => number) {
  const options = { salaryBuckets: DEFAULT_SALARY_BUCKETS, now };
  const live = new LiveIndex();
  const first = await buildHere(store, options);
  live.swap(first.index, first.cursor, first.builtAt);
  const follower = followStore(store, live, first, {
    intervalMs: 3_600_000,
    maxAgeMs: 3_600_000 * 24,
    log: pino({ level: 'silent' }),
    now,
    build: () => buildHere(store, options),
  });
  return { live, follower };
}

describe('following the store', () => {
  it('replays the change feed, page by page, to exactly the stored rows', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { maxLength: 25 }), fc.integer({ min: 1, max: 4 }), async (ops, limit) => {
        const store = new SqliteJobStore(':memory:');
        await store.migrate();
        const replica = new Map<string, Job>();
        let cursor = 0;
        const poll = async (): Promise<void> => {
          for (;;) {
            const page = await store.changesSince(cursor, limit);
            for (const c of page.changes) {
              if (c.kind === 'upsert') replica.set(c.job.key, c.job);
              else replica.delete(c.key);
            }
            cursor = page.cursor;
            if (!page.more) return;
          }
        };
        try {
          for (const op of ops) {
            await apply(store, op);
            if (op.op === 'refresh') await poll();
          }
          await poll();
          expect(cursor).toBe(await store.changeCursor());
          // Every row, expired or not (validThrough is never below T0 - 5 min).
          expect([...replica.values()].sort(byKey)).toStrictEqual(await store.loadLive(T0 - 10 * MIN));
        } finally {
          await store.close();
        }
      }),
      { numRuns: 60 },
    );
  });

  it('drops a posting whose validThrough passes at the next refresh, with no write to the store', async () => {
    const store = new SqliteJobStore(':memory:');
    await store.migrate();
    const expiring = toJob({ ...STEADY, key: 'k:0', workModel: 'remote', validFor: 10 });
    await store.upsert([expiring, toJob({ ...STEADY, key: 'k:1' })]);
    let clock = T0;
    const { live, follower } = await follow(store, () => clock);
    try {
      const cursor = await store.changeCursor();
      clock = T0 + 10 * MIN; // its last live millisecond
      await follower.refresh();
      expect(live.current!.index.count({ workModel: 'remote' })).toBe(1);
      clock = T0 + 10 * MIN + 1;
      expect(await follower.refresh()).toBe(true);
      expect(await store.changeCursor()).toBe(cursor);
      expect(live.current!.index.count({ workModel: 'remote' })).toBe(0);
      expect(live.current!.index.size).toBe(1);
      expect(live.current!.builtAt).toBe(clock);
    } finally {
      follower.stop();
      await store.close();
    }
  });

  it('answers like the naive scan of the store after every refresh, expiry included', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { maxLength: 25 }), async (ops) => {
        const store = new SqliteJobStore(':memory:');
        await store.migrate();
        let clock = T0;
        const { live, follower } = await follow(store, () => clock);
        try {
          for (const op of ops) {
            await apply(store, op);
            if (op.op === 'clock') clock += op.minutes * MIN;
            if (op.op !== 'refresh') continue;
            await follower.refresh();
            const index = live.current!.index;
            const naive = new NaiveSearch(await store.loadLive(T0 - 10 * MIN), DEFAULT_SALARY_BUCKETS, clock);
            expect(index.size).toBe(naive.live.length);
            expect(index.count({ workModel: 'remote' })).toBe(naive.count({ workModel: 'remote' }));
            const list = { filter: {}, sort: 'date' as const, order: 'desc' as const, page: 1, perPage: 50 };
            expect(index.list(list).jobs.map((j) => j.key)).toEqual(naive.list(list).jobs.map((j) => j.key));
            const facets = { filter: { location: 'berlin' }, mode: 'disjunctive' as const, facetLimit: 10 };
            expect(countsOf(index.facets(facets))).toEqual(countsOf(naiveFacets(naive, facets)));
          }
        } finally {
          follower.stop();
          await store.close();
        }
      }),
      { numRuns: 60 },
    );
  });
});
