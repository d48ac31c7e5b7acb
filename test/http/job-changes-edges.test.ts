import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SALARY_BUCKETS } from '../../src/domain/salary-buckets.js';
import { buildApp } from '../../src/http/build-app.js';
import type { ApiInstance, AppDeps } from '../../src/http/app-types.js';
import { buildHere, LiveIndex } from '../../src/runtime/live-index.js';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';
import { job } from '../builders.js';
import { testConfig } from './fixture.js';

const NOW = Date.UTC(2026, 10, 24, 12);
const DAY = 86_400_000;

interface FeedPage {
  success: boolean;
  since: number;
  next_cursor: number;
  has_more: boolean;
  changes: { type: 'upsert' | 'delete'; cursor: number; board_id: string; job?: Record<string, unknown> }[];
  duration_ms: number;
}

const posting = (n: number) => job({ key: `feed:${n}`, boardId: String(600 + n), postedAt: NOW - 2 * DAY });

describe('GET /jobs/api/job-changes: the served cursor, a caught-up reader, no store, no clock', () => {
  let dir: string;
  let store: SqliteJobStore;
  let live: LiveIndex;
  const apps: ApiInstance[] = [];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'job-changes-edges-'));
    store = new SqliteJobStore(join(dir, 'jobs.db'));
    await store.migrate();
    live = new LiveIndex();
  });

  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** What the follower does: a new index from the store, swapped in; its cursor. */
  async function refresh(): Promise<number> {
    const built = await buildHere(store, { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: () => NOW });
    live.swap(built.index, built.cursor, built.builtAt);
    return built.cursor;
  }

  async function start(deps: Partial<Pick<AppDeps, 'now' | 'store'>> = { store, now: () => NOW }) {
    const app = await buildApp({
      live,
      config: testConfig(),
      logger: false,
      ...deps,
    });
    apps.push(app);
    return async (query: string) => {
      const res = await app.inject(`/jobs/api/job-changes${query}`);
      return { status: res.statusCode, body: res.json<FeedPage>() };
    };
  }

  /** One upsert of one posting: one transaction, one cursor step. */
  async function write(n: number): Promise<number> {
    await store.upsert([posting(n)]);
    return store.changeCursor();
  }

  const summary = (page: FeedPage) => ({
    success: page.success,
    since: page.since,
    next_cursor: page.next_cursor,
    has_more: page.has_more,
    changes: page.changes.map((c) => [c.type, c.cursor, c.board_id]),
  });

  it('cuts a page at the cursor of the index it answers from, and says nothing more follows yet', async () => {
    const a = await write(1);
    expect(await refresh()).toBe(a);
    const b = await write(2);
    await write(3);
    const get = await start();

    // The store's page holds 601 and 602 and more after them; 602 is past the served index.
    const cut = await get('?since=0&limit=2');
    expect(cut.status).toBe(200);
    expect(summary(cut.body)).toEqual({
      success: true,
      since: 0,
      next_cursor: a,
      has_more: false,
      changes: [['upsert', a, '601']],
    });
    const whole = await get('?since=0');
    expect(summary(whole.body)).toEqual({
      success: true,
      since: 0,
      next_cursor: a,
      has_more: false,
      changes: [['upsert', a, '601']],
    });

    // Once the index reaches them, the same page is whole and more follow.
    await refresh();
    const next = await get('?since=0&limit=2');
    expect(summary(next.body)).toEqual({
      success: true,
      since: 0,
      next_cursor: b,
      has_more: true,
      changes: [
        ['upsert', a, '601'],
        ['upsert', b, '602'],
      ],
    });
  });

  it('answers a reader at or past the served cursor with an empty page, without reading the store', async () => {
    await write(1);
    const served = await refresh();
    await write(2);
    const get = await start();
    const reads = vi.spyOn(store, 'feedPage');

    for (const since of [served, served + 5]) {
      const { status, body } = await get(`?since=${since}`);
      expect(status, `since=${since}`).toBe(200);
      expect(summary(body), `since=${since}`).toEqual({
        success: true,
        since,
        next_cursor: since,
        has_more: false,
        changes: [],
      });
    }
    expect(reads).not.toHaveBeenCalled();

    // A reader behind it is answered from the store.
    const behind = await get('?since=0');
    expect(summary(behind.body).changes).toEqual([['upsert', served, '601']]);
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('is a 404 not_found saying why on a server without a store', async () => {
    await refresh();
    const get = await start({ now: () => NOW });
    expect(await get('?since=0')).toEqual({
      status: 404,
      body: {
        success: false,
        error: { code: 'not_found', message: 'this server has no store to read changes from' },
        duration_ms: expect.any(Number),
      },
    });
  });

  it('serves the feed without a pinned clock', async () => {
    await store.upsert([job({ key: 'feed:9', boardId: '609', postedAt: null, validThrough: null })]);
    const served = await refresh();
    const get = await start({ store });
    const { status, body } = await get('?since=0');
    expect(status).toBe(200);
    expect(summary(body)).toEqual({
      success: true,
      since: 0,
      next_cursor: served,
      has_more: false,
      changes: [['upsert', served, '609']],
    });
    expect(body.changes[0]!.job).toMatchObject({ board_id: '609', created_at: null, is_new: false });
  });
});
