import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SALARY_BUCKETS } from '../../src/domain/salary-buckets.js';
import type { Job } from '../../src/domain/job.js';
import { buildApp } from '../../src/http/build-app.js';
import type { ApiInstance } from '../../src/http/app-types.js';
import { MAX_CHANGES_PAGE_BYTES } from '../../src/http/routes/job-changes.js';
import { buildHere, LiveIndex } from '../../src/runtime/live-index.js';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';
import { job } from '../builders.js';
import { testConfig } from './fixture.js';

const NOW = Date.UTC(2026, 10, 24, 12);
const DAY = 86_400_000;

interface FeedChange {
  type: 'upsert' | 'delete';
  cursor: number;
  board_id: string;
  job?: { board_id: string; title: string; valid_through: string | null };
}
interface FeedPage {
  success: boolean;
  since: number;
  next_cursor: number;
  next_after: string | null;
  has_more: boolean;
  changes: FeedChange[];
}

/** A real SQLite file, a live index built from it, and the app over real HTTP. */
class Server {
  readonly dir = mkdtempSync(join(tmpdir(), 'job-changes-'));
  readonly store = new SqliteJobStore(join(this.dir, 'jobs.db'));
  readonly live = new LiveIndex();
  app!: ApiInstance;
  base = '';

  async start(withStore = true): Promise<void> {
    await this.store.migrate();
    await this.refresh();
    this.app = await buildApp({
      live: this.live,
      ...(withStore ? { store: this.store } : {}),
      config: testConfig(),
      logger: false,
      now: () => NOW,
    });
    this.base = await this.app.listen({ port: 0, host: '127.0.0.1' });
  }

  /** What the follower does after a change: a new index from the store, swapped in. */
  async refresh(): Promise<void> {
    const built = await buildHere(this.store, { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: () => NOW });
    this.live.swap(built.index, built.cursor, built.builtAt);
  }

  async get(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const res = await fetch(`${this.base}${path}`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  async stop(): Promise<void> {
    await this.app.close();
    await this.store.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * A consumer of the feed as an aggregator writes one: pages from its position (cursor and, inside
 * a cursor's changes, `after`) until has_more is false, applying upserts and deletions to its copy
 * by board id.
 */
async function follow(
  server: Server,
  copy: Map<string, NonNullable<FeedChange['job']>>,
  from: Position,
  limit: number,
): Promise<Position> {
  let { cursor, after } = from;
  for (let pages = 0; pages < 1000; pages++) {
    const at = after === null ? '' : `&after=${after}`;
    const { status, body } = await server.get(`/jobs/api/job-changes?since=${cursor}${at}&limit=${limit}`);
    expect(status).toBe(200);
    const page = body as unknown as FeedPage;
    expect(page.since).toBe(cursor);
    expect(page.changes.length).toBeLessThanOrEqual(limit);
    let last = cursor;
    for (const change of page.changes) {
      expect(change.cursor).toBeGreaterThanOrEqual(after === null ? cursor + 1 : cursor);
      expect(change.cursor).toBeGreaterThanOrEqual(last);
      last = change.cursor;
      if (change.type === 'upsert') copy.set(change.board_id, change.job!);
      else copy.delete(change.board_id);
    }
    expect(page.next_cursor).toBe(last);
    cursor = page.next_cursor;
    after = page.next_after;
    if (!page.has_more) return { cursor, after };
  }
  throw new Error('the feed never ended');
}

interface Position {
  cursor: number;
  after: string | null;
}

/** The consumer's view of what is live now: the copy without postings whose valid_through passed. */
function liveOf(copy: ReadonlyMap<string, NonNullable<FeedChange['job']>>): string[] {
  return [...copy.values()]
    .filter((j) => j.valid_through === null || Date.parse(j.valid_through) >= NOW)
    .map((j) => `${j.board_id} ${j.title}`)
    .sort();
}

const expected = (jobs: readonly Job[]): string[] => jobs.map((j) => `${j.boardId} ${j.title}`).sort();

type Op =
  | { kind: 'upsert'; keys: number[]; title: string; expiredShare: number }
  | { kind: 'delete'; keys: number[] }
  | { kind: 'import'; keys: number[]; title: string; sync: boolean };

const keysArb = fc.array(fc.integer({ min: 0, max: 11 }), { minLength: 1, maxLength: 6 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('upsert' as const),
    keys: keysArb,
    title: fc.constantFrom('SEO Manager', 'Content Lead', 'SEA Manager'),
    expiredShare: fc.integer({ min: 0, max: 2 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), keys: keysArb }),
  fc.record({
    kind: fc.constant('import' as const),
    keys: keysArb,
    title: fc.constantFrom('SEO Lead', 'Techniker'),
    sync: fc.boolean(),
  }),
);

function posting(key: number, title: string, expired: boolean, source = 'feed'): Job {
  return job({
    key: `${source}:${key}`,
    boardId: String(500 + key + (source === 'feed' ? 0 : 100)),
    source,
    title,
    validThrough: expired ? NOW - DAY : key % 3 === 0 ? null : NOW + 10 * DAY,
  });
}

async function apply(store: SqliteJobStore, op: Op): Promise<void> {
  if (op.kind === 'upsert') {
    await store.upsert(op.keys.map((k, i) => posting(k, op.title, i < op.expiredShare)));
  } else if (op.kind === 'delete') {
    await store.delete(op.keys.map((k) => `feed:${k}`));
  } else {
    const id = await store.beginImport('partner');
    await store.stage(
      id,
      op.keys.map((k, i) => ({ job: posting(k, op.title, false, 'partner'), position: `line ${i + 1}` })),
    );
    await store.publish(id, { now: NOW, sync: op.sync });
  }
}

describe('GET /jobs/api/job-changes over real HTTP and a real SQLite file', () => {
  it('replayed from 0, and followed round by round from the last cursor, gives exactly the live postings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(opArb, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 7 }),
        async (rounds, limit) => {
          const server = new Server();
          try {
            await server.start();
            const follower = new Map<string, NonNullable<FeedChange['job']>>();
            let position: Position = { cursor: 0, after: null };
            for (const ops of rounds) {
              for (const op of ops) await apply(server.store, op);
              await server.refresh();
              position = await follow(server, follower, position, limit);
              const live = expected(await server.store.loadLive(NOW));
              expect(liveOf(follower)).toEqual(live);
              const fresh = new Map<string, NonNullable<FeedChange['job']>>();
              await follow(server, fresh, { cursor: 0, after: null }, limit);
              expect(liveOf(fresh)).toEqual(live);
            }
          } finally {
            await server.stop();
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);

  describe('one server', () => {
    let server: Server;
    beforeEach(async () => {
      server = new Server();
      await server.store.migrate();
      await server.store.upsert([posting(1, 'SEO Manager', false), posting(2, 'SEO Lead', false)]);
      await server.start();
    });
    afterEach(async () => {
      await server.stop();
    });

    it('reaches only as far as the index this server answers from', async () => {
      const { cursor: first } = await follow(server, new Map(), { cursor: 0, after: null }, 100);
      await server.store.upsert([posting(3, 'Neu', false)]);
      await server.store.delete(['feed:1']);
      // not served yet: the search does not show these, nor does the feed
      const before = (await server.get(`/jobs/api/job-changes?since=${first}`)).body as unknown as FeedPage;
      expect(before).toMatchObject({ changes: [], next_cursor: first, has_more: false });
      await server.refresh();
      const after = (await server.get(`/jobs/api/job-changes?since=${first}`)).body as unknown as FeedPage;
      expect(after.changes.map((c) => [c.type, c.board_id])).toEqual([
        ['upsert', '503'],
        ['delete', '501'],
      ]);
      expect(after.next_cursor).toBeGreaterThan(first);
      expect((await server.get('/jobs/api/job-search-results-count')).body).toMatchObject({ total_results: 2 });
    });

    it('splits one large import into pages bounded in changes and in bytes, and misses nothing', async () => {
      // 1,500 postings of about 2 KB each, written by one transaction: 3 MB that used to be one page.
      const id = await server.store.beginImport('partner');
      const many = Array.from({ length: 1500 }, (_, i) => ({
        job: { ...posting(i + 100, `SEO Manager ${i}`, false, 'partner'), boardId: String(10_000 + i) },
        position: `line ${i + 1}`,
      }));
      for (const m of many)
        m.job.detail = {
          description: `${'Suchmaschinenoptimierung '.repeat(80)}${m.job.boardId}`,
          applyUrl: null,
          statedSalary: null,
        };
      await server.store.stage(id, many);
      await server.store.publish(id, { now: NOW, sync: false });
      await server.refresh();
      const one = await fetch(`${server.base}/jobs/api/job-changes?since=0&limit=1`);
      expect(((await one.json()) as FeedPage).changes).toHaveLength(1);
      const copy = new Map<string, NonNullable<FeedChange['job']>>();
      let at: Position = { cursor: 0, after: null };
      let pages = 0;
      for (;;) {
        const after = at.after === null ? '' : `&after=${at.after}`;
        const res = await fetch(`${server.base}/jobs/api/job-changes?since=${at.cursor}${after}&limit=1000`);
        const text = await res.text();
        expect(Buffer.byteLength(text)).toBeLessThan(1.5 * MAX_CHANGES_PAGE_BYTES);
        const page = JSON.parse(text) as FeedPage;
        for (const c of page.changes) if (c.type === 'upsert') copy.set(c.board_id, c.job!);
        pages += 1;
        at = { cursor: page.next_cursor, after: page.next_after };
        if (!page.has_more) break;
      }
      expect(pages).toBeGreaterThanOrEqual(3);
      expect(liveOf(copy)).toEqual(expected(await server.store.loadLive(NOW)));
      expect(copy.size).toBe(1502);
    }, 60_000);

    it('names the parameter of a bad cursor or limit, and refuses unknown parameters', async () => {
      for (const [query, param] of [
        ['since=-1', 'since'],
        ['since=abc', 'since'],
        ['since=1.5', 'since'],
        ['limit=0', 'limit'],
        ['limit=1001', 'limit'],
        ['since=1e309', 'since'],
        ['since=Infinity', 'since'],
        ['since=-1e309', 'since'],
        ['since=1E3', 'since'],
        ['since=0x10', 'since'],
        ['since=99999999999999999999', 'since'],
        ['limit=1e1', 'limit'],
        ['after=not+a+token', 'after'],
        ['after=A', 'after'],
        ['sinse=3', 'sinse'],
      ] as const) {
        const { status, body } = await server.get(`/jobs/api/job-changes?${query}`);
        expect(status, query).toBe(400);
        expect(body, query).toMatchObject({ success: false, error: { param } });
      }
    });

    it('gives the whole posting with every upsert, as the detail endpoint does (which adds its sources)', async () => {
      const page = (await server.get('/jobs/api/job-changes')).body as unknown as FeedPage;
      const upsert = page.changes.find((c) => c.board_id === '502')!;
      const detail = (await server.get('/jobs/api/jobs/502')).body as { job: { sources: unknown[] } };
      const { sources, ...posting } = detail.job;
      expect(upsert.job).toEqual(posting);
      expect(sources).toHaveLength(1);
    });
  });

  it('is a 404 on a server without a store', async () => {
    const server = new Server();
    try {
      await server.start(false);
      const { status, body } = await server.get('/jobs/api/job-changes');
      expect(status).toBe(404);
      expect(body).toMatchObject({ success: false, error: { code: 'not_found' } });
    } finally {
      await server.stop();
    }
  });
});
