/**
 * Answers that change by the clock alone, through the path `serve` runs: the index built in a
 * worker from a SQLite file, caught up by the follower, answered over real HTTP, with the clock
 * pinned by the start options and moved by the test. Nothing is written to the store after the
 * start: every change seen here is the clock's.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';
import { job } from '../builders.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** 10:30 UTC: half past an hour, and far from the start of the day. */
const T0 = Date.UTC(2026, 10, 21, 10, 30);
/** The hour T0 is in, seven days back: where posted_within_days=7 starts at T0. */
const WEEK_BEFORE_HOUR = Date.UTC(2026, 10, 14, 10, 0);

const OLD = T0 - 20 * DAY;
const expiring = job({ workModel: 'onsite', postedAt: OLD, validThrough: T0 + 10 * MIN });
/** Seven days old at T0 + 20 min: "new" until then. */
const turningOld = job({ workModel: 'remote', postedAt: T0 - 7 * DAY + 20 * MIN });
/** Posted a minute before the hour a week back: outside posted_within_days=7 (inside if counted from midnight). */
const beforeHour = job({ workModel: 'hybrid', postedAt: WEEK_BEFORE_HOUR - MIN });
/** Posted at the hour a week back: inside at T0, outside from the next hour on. */
const atHour = job({ workModel: 'hybrid', postedAt: WEEK_BEFORE_HOUR });
/** Posted a minute before T0, a week back: inside at T0 (outside if counted from T0 itself). */
const beforeNow = job({ workModel: 'hybrid', postedAt: T0 - 7 * DAY + MIN });
/** Posted five minutes past the next hour, a week back: inside at T0 and after the next hour. */
const pastNextHour = job({ workModel: 'hybrid', postedAt: WEEK_BEFORE_HOUR + HOUR + 5 * MIN });
const steady = [job({ workModel: 'hybrid', postedAt: OLD }), job({ workModel: 'hybrid', postedAt: OLD })];
const ALL = [expiring, turningOld, beforeHour, atHour, beforeNow, pastNextHour, ...steady];

let dir: string;
let server: RunningServer;
let clock = T0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'jobsearch-clock-'));
  const dbPath = path.join(dir, 'jobs.db');
  const store = new SqliteJobStore(dbPath);
  await store.migrate();
  await store.upsert(ALL);
  await store.close();
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: dbPath,
    DEMO_POSTINGS: '0',
    REFRESH_INTERVAL_MS: '20',
    RATE_LIMIT_PER_MINUTE: '0',
    MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  server = await startServer(config, pino({ level: 'silent' }), { now: () => clock });
}, 120_000);

afterAll(async () => {
  await (server as RunningServer | undefined)?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A GET whose status is checked before its body is read. */
async function getJson<T>(pathname: string, status = 200): Promise<T> {
  const res = await fetch(`${server.url}${pathname}`);
  const text = await res.text();
  expect(res.status, `${pathname}: ${text}`).toBe(status);
  return JSON.parse(text) as T;
}

interface Card {
  board_id: string;
  is_new: boolean;
}
const list = (qs = ''): Promise<{ total_results: number; jobs: Card[] }> =>
  getJson(`/jobs/api/job-search-results-list?per_page=50${qs}`);
const count = async (qs = ''): Promise<number> =>
  (await getJson<{ total_results: number }>(`/jobs/api/job-search-results-count?${qs}`)).total_results;
/** The work_model facet's counts by value, from the filter data. */
async function workModels(): Promise<Record<string, number>> {
  const body = await getJson<{ filters: { work_models: { value: string; count: number }[] } }>(
    '/jobs/api/job-search-filter-data',
  );
  return Object.fromEntries(body.filters.work_models.map((o) => [o.value, o.count]));
}

/**
 * Moves the clock and waits (up to 30 s, for a loaded machine) until the follower has published an index as of it: the
 * snapshot's build time is the clock's value at its last catch-up.
 */
async function moveClockAndWait(to: number): Promise<void> {
  clock = to;
  for (let i = 0; i < 1_500 && server.live.current?.builtAt !== to; i++) await new Promise((r) => setTimeout(r, 20));
  expect(server.live.current?.builtAt, 'the follower published no index as of the new clock').toBe(to);
}

describe('answers that change by the clock, with no write to the store', () => {
  it('answers as of the pinned clock at start', async () => {
    const all = await list();
    expect(all.total_results).toBe(ALL.length);
    expect(all.jobs.find((j) => j.board_id === turningOld.boardId)?.is_new).toBe(true);
    expect(await workModels()).toMatchObject({ onsite: 1, remote: 1, hybrid: 6 });
    await getJson(`/jobs/api/jobs/${expiring.boardId}`);
    // From the hour a week back: atHour, beforeNow, turningOld and pastNextHour, not beforeHour.
    expect(await count('posted_within_days=7')).toBe(4);
  });

  it('drops an expired posting from the list, the counts and the facets on time', async () => {
    await moveClockAndWait(expiring.validThrough! + 1);
    const after = await list();
    expect(after.total_results).toBe(ALL.length - 1);
    expect(after.jobs.map((j) => j.board_id)).not.toContain(expiring.boardId);
    expect(await count()).toBe(ALL.length - 1);
    expect(await count('work_model=onsite')).toBe(0);
    expect((await workModels()).onsite ?? 0).toBe(0);
    await getJson(`/jobs/api/jobs/${expiring.boardId}`, 404);
  });

  it('ends the "new" badge seven days after posting, to the millisecond', async () => {
    clock = turningOld.postedAt! + 7 * DAY - 1;
    expect((await list()).jobs.find((j) => j.board_id === turningOld.boardId)?.is_new).toBe(true);
    await moveClockAndWait(turningOld.postedAt! + 7 * DAY);
    expect((await list()).jobs.find((j) => j.board_id === turningOld.boardId)?.is_new).toBe(false);
    expect((await getJson<{ job: Card }>(`/jobs/api/jobs/${turningOld.boardId}`)).job.is_new).toBe(false);
  });

  it('counts posted_within_days from the current hour, and moves on at the next hour', async () => {
    // Still 10:50: the same hour as at the start.
    expect(await count('posted_within_days=7')).toBe(4);
    await moveClockAndWait(Date.UTC(2026, 10, 21, 11, 0));
    // From 11:00 a week back: only pastNextHour (11:05) is left.
    expect(await count('posted_within_days=7')).toBe(1);
    const listed = await list('&posted_within_days=7');
    expect(listed.jobs.map((j) => j.board_id)).toEqual([pastNextHour.boardId]);
  });
});
