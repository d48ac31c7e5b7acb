/**
 * A server on a SQLite file learns of another process's writes from the file's change
 * notifications (src/store/sqlite-watch.ts), not only at its next poll: with a poll every ten
 * minutes, a write is served within seconds; with CHANGE_NOTIFICATIONS=off it waits for the poll.
 */
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';
import { job } from '../builders.js';
import { cliFixture } from './cli-process.js';
import { getJson } from '../get-json.js';

const { dir, run } = cliFixture('sqlite-notify-');

interface Ready {
  cursor: number;
  documents: number;
  last_refresh_at: string;
}

async function readyOf(url: string): Promise<Ready> {
  return getJson<Ready>(`${url}/readyz`);
}

/** A store of one posting and a server on it that polls every ten minutes. */
async function servedStore(name: string, env: Record<string, string> = {}) {
  const db = join(dir, name);
  const store = new SqliteJobStore(db);
  await store.migrate();
  await store.upsert([job({ key: 'prod:1', boardId: '1', title: 'Koch' })]);
  const server = run(['serve'], { DATABASE_URL: db, REFRESH_INTERVAL_MS: '600000', ...env });
  const [, url] = await server.waitFor(/API docs +(http:\/\/127\.0\.0\.1:\d+)\/docs/);
  const stop = async (): Promise<void> => {
    server.child.kill('SIGTERM');
    await server.exited;
    await store.close();
  };
  return { store, url: url!, stop };
}

describe('a server on a SQLite file', { timeout: 120_000 }, () => {
  it('serves another process’s write without waiting for its poll', async () => {
    const { store, url, stop } = await servedStore('notified.db');
    try {
      expect((await readyOf(url)).documents).toBe(1);
      await store.upsert([job({ key: 'prod:2', boardId: '2', title: 'Gärtner' })]);
      const cursor = await store.changeCursor();
      for (let i = 0; i < 600 && (await readyOf(url)).cursor < cursor; i++) await sleep(50);
      expect(await readyOf(url)).toMatchObject({ cursor, documents: 2 });
      const count = await getJson<object>(`${url}/jobs/api/job-search-results-count?q=gartner`);
      expect(count).toMatchObject({ total_results: 1 });
    } finally {
      await stop();
    }
  });

  it('waits for its poll with CHANGE_NOTIFICATIONS=off', async () => {
    const { store, url, stop } = await servedStore('polled.db', { CHANGE_NOTIFICATIONS: 'off' });
    try {
      const before = await readyOf(url);
      await store.upsert([job({ key: 'prod:2', boardId: '2', title: 'Gärtner' })]);
      // Ten minutes to the next poll: three seconds on, nothing has looked at the store.
      await sleep(3_000);
      const after = await readyOf(url);
      expect([after.cursor, after.documents, after.last_refresh_at]).toEqual([
        before.cursor,
        before.documents,
        before.last_refresh_at,
      ]);
    } finally {
      await stop();
    }
  });
});
