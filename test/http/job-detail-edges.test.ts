import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SALARY_BUCKETS } from '../../src/domain/salary-buckets.js';
import { buildApp } from '../../src/http/build-app.js';
import type { ApiInstance, AppDeps } from '../../src/http/app-types.js';
import { buildHere, LiveIndex } from '../../src/runtime/live-index.js';
import type { JobStore } from '../../src/store/job-store.js';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';
import { job, place } from '../builders.js';
import { testConfig } from './fixture.js';

const NOW = Date.UTC(2026, 10, 21, 12);
const DAY = 86_400_000;
/** A clock two days after the Unix epoch: a date read as 0 would count as new here. */
const EPOCH_CLOCK = Date.UTC(1970, 0, 3);

const deutschland = { slug: 'deutschland', name: 'Deutschland' };
const bayern = { slug: 'bayern', name: 'Bayern' };

const postings = [
  job({ boardId: '8001', validThrough: NOW, postedAt: NOW - 20 * DAY }),
  job({ boardId: '8002', validThrough: NOW - 1, postedAt: NOW - 20 * DAY }),
  job({ boardId: '8003', postedAt: NOW - 7 * DAY + 1 }),
  job({ boardId: '8004', postedAt: NOW - 7 * DAY }),
  job({ boardId: '8005', postedAt: null }),
  job({
    boardId: '8006',
    postedAt: NOW - 30 * DAY,
    places: [
      place({ city: null, region: null, country: deutschland, countryCode: 'DE', lat: null, lon: null }),
      place({ city: null, region: bayern, country: deutschland, countryCode: 'DE', lat: null, lon: null }),
      place({ city: null, region: null, country: null, countryCode: null, lat: null, lon: null }),
    ],
  }),
  job({ boardId: '8007', postedAt: Date.UTC(1970, 0, 2) }),
  job({ boardId: '8008', postedAt: null, validThrough: Date.UTC(2100, 0, 1) }),
  job({ boardId: '8010', title: 'Content Lead (m/w/d)', url: 'https://jobs.example.com/8010' }),
];
/** The same job as 8010 from another feed, stored after it: attached to 8010 as a duplicate. */
const partnerCopy = job({
  boardId: '8011',
  source: 'partner',
  title: 'Content Lead (m/w/d)',
  url: 'https://partner.example.com/apply/8011',
});

/** The store as one without duplicate groups gives it: every method but getGroupByBoardId. */
function withoutGroups(store: SqliteJobStore): JobStore {
  return new Proxy(store, {
    get(target, property) {
      if (property === 'getGroupByBoardId') return undefined;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    has: (target, property) => property !== 'getGroupByBoardId' && Reflect.has(target, property),
  });
}

describe('GET /jobs/api/jobs/{board_id}: expiry, is_new, places, and the clock and store it is given', () => {
  let dir: string;
  let store: SqliteJobStore;
  const live = new LiveIndex();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'job-detail-edges-'));
    store = new SqliteJobStore(join(dir, 'jobs.db'));
    await store.migrate();
    await store.upsert(postings);
    await store.upsert([partnerCopy]);
    const built = await buildHere(store, { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: () => NOW });
    live.swap(built.index, built.cursor, built.builtAt);
  });

  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Builds an app over the shared index, runs `fn` with a GET helper, and closes the app. */
  async function withApp(
    deps: Partial<Pick<AppDeps, 'now' | 'store'>>,
    fn: (get: (id: string) => Promise<{ status: number; body: Record<string, unknown> }>) => Promise<void>,
  ): Promise<void> {
    const app: ApiInstance = await buildApp({
      live,
      config: testConfig(),
      logger: false,
      ...deps,
    });
    try {
      await fn(async (id) => {
        const res = await app.inject(`/jobs/api/jobs/${id}`);
        return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
      });
    } finally {
      await app.close();
    }
  }

  const notFound = (id: string) => ({
    status: 404,
    body: {
      success: false,
      error: { code: 'not_found', message: `no live posting has board_id ${id}`, param: 'board_id' },
      duration_ms: expect.any(Number),
    },
  });

  it('serves a posting until its validThrough: live at exactly now, 404 naming board_id one ms after', async () => {
    await withApp({ store, now: () => NOW }, async (get) => {
      const atNow = await get('8001');
      expect(atNow.status).toBe(200);
      expect(atNow.body.job).toMatchObject({ board_id: '8001', valid_through: '2026-11-21T12:00:00.000Z' });
      expect(await get('8002')).toEqual(notFound('8002'));
    });
  });

  it('is a 404 naming board_id and the id for a board id no posting has', async () => {
    await withApp({ store, now: () => NOW }, async (get) => {
      expect(await get('8999')).toEqual(notFound('8999'));
    });
  });

  it('marks a posting new just inside newWithinDays, not at exactly newWithinDays nor without a date', async () => {
    await withApp({ store, now: () => NOW }, async (get) => {
      const fields = async (id: string) => {
        const { status, body } = await get(id);
        expect(status, id).toBe(200);
        const { created_at, is_new } = body.job as { created_at: unknown; is_new: unknown };
        return { created_at, is_new };
      };
      expect(await fields('8003')).toEqual({ created_at: '2026-11-14T12:00:00.001Z', is_new: true });
      expect(await fields('8004')).toEqual({ created_at: '2026-11-14T12:00:00.000Z', is_new: false });
      expect(await fields('8001')).toEqual({ created_at: '2026-11-01T12:00:00.000Z', is_new: false });
      expect(await fields('8005')).toEqual({ created_at: null, is_new: false });
    });
  });

  it('never reads a missing date as the epoch: on a clock in the first week of 1970 only a dated posting is new', async () => {
    await withApp({ store, now: () => EPOCH_CLOCK }, async (get) => {
      const dated = await get('8007');
      expect(dated.status).toBe(200);
      expect(dated.body.job).toMatchObject({ created_at: '1970-01-02T00:00:00.000Z', is_new: true });
      const undated = await get('8005');
      expect(undated.status).toBe(200);
      expect(undated.body.job).toMatchObject({ created_at: null, is_new: false });
    });
  });

  it('names a place by its city, else its region, else its country, else an empty name; absent parts are null', async () => {
    await withApp({ store, now: () => NOW }, async (get) => {
      const { status, body } = await get('8006');
      expect(status).toBe(200);
      expect((body.job as { locations: unknown }).locations).toEqual([
        { name: 'Deutschland', city: null, region: null, country: 'Deutschland', country_code: 'DE' },
        { name: 'Bayern', city: null, region: 'Bayern', country: 'Deutschland', country_code: 'DE' },
        { name: '', city: null, region: null, country: null, country_code: null },
      ]);
    });
  });

  it('works without a pinned clock: the wall clock decides what has expired', async () => {
    await withApp({ store }, async (get) => {
      const undated = await get('8008');
      expect(undated.status).toBe(200);
      expect(undated.body).toMatchObject({
        success: true,
        job: { board_id: '8008', created_at: null, valid_through: '2100-01-01T00:00:00.000Z', is_new: false },
      });
      // Expired one ms before NOW, which lies in the past of any clock these tests run on.
      expect(await get('8002')).toEqual(notFound('8002'));
    });
  });

  it("lists a posting's duplicates from the store's groups as further sources", async () => {
    await withApp({ store, now: () => NOW }, async (get) => {
      const { status, body } = await get('8010');
      expect(status).toBe(200);
      expect((body.job as { sources: unknown }).sources).toEqual([
        { source: 'test', board_id: '8010', apply_url: 'https://jobs.example.com/8010' },
        { source: 'partner', board_id: '8011', apply_url: 'https://partner.example.com/apply/8011' },
      ]);
    });
  });

  it('serves a posting on its own from a store without duplicate groups, and 404s an unknown id there', async () => {
    const groupless = withoutGroups(store);
    expect('getGroupByBoardId' in groupless).toBe(false);
    await withApp({ store: groupless, now: () => NOW }, async (get) => {
      const { status, body } = await get('8010');
      expect(status).toBe(200);
      expect(body).toMatchObject({
        success: true,
        job: {
          board_id: '8010',
          title: 'Content Lead (m/w/d)',
          sources: [{ source: 'test', board_id: '8010', apply_url: 'https://jobs.example.com/8010' }],
        },
      });
      expect(await get('8999')).toEqual(notFound('8999'));
    });
  });
});
