import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePostings } from '../../src/demo/generate.js';
import { DEFAULT_SALARY_BUCKETS } from '../../src/domain/salary-buckets.js';
import { buildApp } from '../../src/http/build-app.js';
import type { ApiInstance } from '../../src/http/app-types.js';
import { FeedThread } from '../../src/http/feed-thread.js';
import { importRecords } from '../../src/ingest/run-import.js';
import { buildHere, LiveIndex } from '../../src/runtime/live-index.js';
import type { JobStore } from '../../src/store/job-store.js';
import { openStore } from '../../src/store/open-store.js';
import { createTestDatabase, dropTestDatabase } from '../pg-database.js';
import { job } from '../builders.js';
import { testConfig } from './fixture.js';

const NOW = Date.UTC(2026, 10, 24, 12);
const DAY = 86_400_000;

/** A store the feed thread can open by URL, and how to remove it. */
interface OpenedStore {
  store: JobStore;
  url: string;
  remove(): Promise<void>;
}

async function sqliteFile(): Promise<OpenedStore> {
  const dir = mkdtempSync(join(tmpdir(), 'feed-thread-'));
  const url = join(dir, 'jobs.db');
  return {
    store: await openStore(url),
    url,
    remove: async () => {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresDatabase(): Promise<OpenedStore> {
  const { name, url } = await createTestDatabase();
  return { store: await openStore(url), url, remove: () => dropTestDatabase(name) };
}

/**
 * One store and one index, served twice over real HTTP: by an app that reads and serialises the
 * feed on its request thread (`plain`, as without a feed thread) and by one whose feed thread does
 * (`threaded`), over the thread's own connection.
 */
class Servers {
  readonly live = new LiveIndex();
  opened!: OpenedStore;
  thread!: FeedThread;
  plain!: ApiInstance;
  threaded!: ApiInstance;
  plainBase = '';
  threadedBase = '';

  get store(): JobStore {
    return this.opened.store;
  }

  async start(open: () => Promise<OpenedStore>): Promise<void> {
    this.opened = await open();
    this.thread = new FeedThread(this.opened.url);
    await this.refresh();
    this.plain = await this.app(null);
    this.threaded = await this.app(this.thread);
    this.plainBase = await this.plain.listen({ port: 0, host: '127.0.0.1' });
    this.threadedBase = await this.threaded.listen({ port: 0, host: '127.0.0.1' });
  }

  /** An app over this store and index, its feed pages made by `thread` or on the request thread (null). */
  app(thread: FeedThread | null): Promise<ApiInstance> {
    const deps = { live: this.live, store: this.store, config: testConfig(), logger: false as const, now: () => NOW };
    return buildApp(thread === null ? deps : { ...deps, feedThread: thread });
  }

  async refresh(): Promise<void> {
    const built = await buildHere(this.store, { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: () => NOW });
    this.live.swap(built.index, built.cursor, built.builtAt);
  }

  async stop(): Promise<void> {
    await this.plain.close();
    await this.threaded.close();
    await this.thread.close();
    await this.store.close();
    await this.opened.remove();
  }
}

/**
 * Demo postings (details, stated salaries, umlauts and accents), an import that another source's
 * postings duplicate, deletions and plain upserts: every kind of change the feed has; then one
 * change after the served index, where pages stop.
 */
async function fill(servers: Servers): Promise<void> {
  await importDemo(servers.store, 600, 11);
  await importDemo(servers.store, 40, 11);
  const keys = (await servers.store.loadLive(NOW)).slice(0, 30).map((j) => j.key);
  await servers.store.delete(keys.slice(0, 15));
  await servers.store.upsert(
    Array.from({ length: 20 }, (_, n) =>
      job({ key: `feed:${n}`, boardId: String(700 + n), validThrough: n % 4 === 0 ? NOW - DAY : null }),
    ),
  );
  await servers.refresh();
  await servers.store.upsert([job({ key: 'feed:late', boardId: '799' })]);
}

/** Every page of the feed from 0 with several limits: the same status, type and bytes from both apps. */
async function expectSamePages(servers: Servers): Promise<void> {
  for (const limit of [1, 7, 100, 1000]) {
    let since = 0;
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const path = `/jobs/api/job-changes?since=${since}&limit=${limit}${after === null ? '' : `&after=${after}`}`;
      const plain = await fetchPage(servers.plainBase, path);
      const threaded = await fetchPage(servers.threadedBase, path);
      expect(plain.status).toBe(200);
      expect(threaded).toEqual(plain);
      const page = JSON.parse(plain.text) as { next_cursor: number; next_after: string | null; has_more: boolean };
      since = page.next_cursor;
      after = page.next_after;
      pages++;
      if (!page.has_more || (limit === 1 && pages >= 40)) break;
    }
    expect(pages).toBeGreaterThan(limit === 1000 ? 1 : 2);
  }
}

async function importDemo(store: JobStore, count: number, seed: number): Promise<void> {
  await importRecords(generatePostings({ count, seed, now: NOW }), store, { source: 'demo', now: NOW });
}

/** A page's text and the headers a client relies on, its duration set to 0 (the one field that differs). */
async function fetchPage(base: string, path: string): Promise<{ status: number; type: string | null; text: string }> {
  const res = await fetch(`${base}${path}`);
  const text = (await res.text()).replace(/,"duration_ms":\d+\}$/, ',"duration_ms":0}');
  return { status: res.status, type: res.headers.get('content-type'), text };
}

describe('the change feed read and serialised in the feed thread (PostgreSQL)', () => {
  it('answers every page byte for byte as the request thread does, walked with several limits', async () => {
    const servers = new Servers();
    try {
      await servers.start(postgresDatabase);
      await fill(servers);
      await expectSamePages(servers);
    } finally {
      await servers.stop();
    }
  }, 180_000);
});

describe('the change feed read and serialised in the feed thread (SQLite)', () => {
  const servers = new Servers();

  beforeAll(async () => {
    await servers.start(sqliteFile);
    await fill(servers);
  }, 120_000);

  afterAll(async () => {
    await servers.stop();
  });

  it('answers every page byte for byte as the request thread does, walked with several limits', async () => {
    await expectSamePages(servers);
  }, 120_000);

  it('leaves the request thread free: a search asked while a large page is made is answered first', async () => {
    // The order in which answers leave the server (onSend: their bytes are ready).
    const sent: string[] = [];
    let arrived = (): void => undefined;
    const feedArrived = new Promise<void>((resolve) => (arrived = resolve));
    const app = await servers.app(servers.thread);
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.url.includes('job-changes')) arrived();
      done();
    });
    app.addHook('onSend', (request, _reply, payload, done) => {
      sent.push(request.url.includes('job-changes') ? 'feed' : 'search');
      done(null, payload);
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const search = `${base}/jobs/api/job-search-results-count?q=seo`;
      expect((await fetch(search)).status).toBe(200);
      sent.length = 0;
      // A page of the whole import (up to 1 MB of postings), from the start of the feed; sent
      // uncompressed, so that its onSend is the moment its bytes were made.
      const feed = fetch(`${base}/jobs/api/job-changes?since=0&limit=1000`, {
        headers: { 'accept-encoding': 'identity' },
      }).then(async (res) => {
        const body = (await res.json()) as { changes: unknown[] };
        return { status: res.status, changes: body.changes.length };
      });
      await feedArrived;
      // On the request thread, the page would be read, presented and serialised before this is parsed.
      expect((await fetch(search)).status).toBe(200);
      const page = await feed;
      expect(page.status).toBe(200);
      expect(page.changes).toBeGreaterThan(100);
      expect(sent).toEqual(['search', 'feed']);
    } finally {
      await app.close();
    }
  }, 60_000);

  it('answers 500 for a page the thread cannot read, as for any failed read', async () => {
    const missing = mkdtempSync(join(tmpdir(), 'feed-thread-missing-'));
    const thread = new FeedThread(join(missing, 'jobs.db'));
    const app = await servers.app(thread);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      // No store at that path: the thread's connection finds no schema there.
      const res = await fetch(`${base}/jobs/api/job-changes?since=0&limit=5`);
      expect(res.status).toBe(500);
      expect(((await res.json()) as { success: boolean }).success).toBe(false);
    } finally {
      await app.close();
      await thread.close();
      rmSync(missing, { recursive: true, force: true });
    }
  }, 60_000);
});
