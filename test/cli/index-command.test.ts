/**
 * `jobsearch index` as a real process: it saves the index a first start of `serve` would build,
 * and `serve` then starts from that file (plus the store's changes since) instead of building.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';
import { job } from '../builders.js';
import { cliFixture } from './cli-process.js';
import { getJson } from '../get-json.js';

const { dir, run } = cliFixture('index-command-');

async function storeOf(name: string, boardIds: string[]): Promise<string> {
  const path = join(dir, name);
  const store = new SqliteJobStore(path);
  await store.migrate();
  await store.upsert(boardIds.map((id) => job({ key: `prod:${id}`, boardId: id, title: `Koch ${id}` })));
  await store.close();
  return path;
}

describe('jobsearch index', { timeout: 120_000 }, () => {
  it('saves the index beside the store, and serve starts from it with the changes made since', async () => {
    const db = await storeOf('jobs.db', ['11', '12', '13']);
    const indexed = run(['index'], { DATABASE_URL: db });
    expect((await indexed.exited).code, indexed.stderr()).toBe(0);
    expect(indexed.stderr()).toMatch(/saved the index of 3 postings \(change cursor \d+\) to .*jobs\.db\.index/);
    expect(statSync(`${db}.index`).size).toBeGreaterThan(0);

    // One posting more after the index was saved: the start applies it, it does not build.
    const store = new SqliteJobStore(db);
    await store.upsert([job({ key: 'prod:14', boardId: '14', title: 'Gärtner' })]);
    await store.close();
    const served = run(['serve'], { DATABASE_URL: db });
    const [, url] = await served.waitFor(/API docs +(http:\/\/127\.0\.0\.1:\d+)\/docs/);
    expect(served.stderr()).toMatch(/started from the saved index .*jobs\.db\.index \(1 changes since it was saved\)/);
    const ready = await getJson<{ documents: number }>(`${url}/readyz`);
    expect(ready.documents).toBe(4);
    const count = await getJson<object>(`${url}/jobs/api/job-search-results-count?q=gartner`);
    expect(count).toMatchObject({ total_results: 1 });
    served.child.kill('SIGTERM');
    expect((await served.exited).code).toBe(0);
  });

  it('writes to INDEX_FILE when it is set, and replaces a file of another store', async () => {
    const db = await storeOf('other.db', ['21']);
    const path = join(dir, 'shared.index');
    for (const source of [await storeOf('first.db', ['31', '32']), db]) {
      const r = run(['index'], { DATABASE_URL: source, INDEX_FILE: path });
      expect((await r.exited).code, r.stderr()).toBe(0);
    }
    const served = run(['serve'], { DATABASE_URL: db, INDEX_FILE: path });
    const [, url] = await served.waitFor(/API docs +(http:\/\/127\.0\.0\.1:\d+)\/docs/);
    expect(served.stderr()).toMatch(/started from the saved index .*shared\.index \(0 changes since it was saved\)/);
    const ready = await getJson<{ documents: number }>(`${url}/readyz`);
    expect(ready.documents).toBe(1);
    served.child.kill('SIGTERM');
    expect((await served.exited).code).toBe(0);
    expect(existsSync(join(dir, 'other.db.index'))).toBe(false);
  });

  it('refuses with the variable named when there is no file to save to, and writes nothing', async () => {
    const db = await storeOf('off.db', ['41']);
    const off = run(['index'], { DATABASE_URL: db, INDEX_FILE: 'off' });
    expect((await off.exited).code).toBe(1);
    expect(off.stderr()).toMatch(/jobsearch: INDEX_FILE is off .*set it to the file serve will start from/);
    expect(existsSync(`${db}.index`)).toBe(false);

    const memory = run(['index'], { DATABASE_URL: ':memory:', INDEX_FILE: join(dir, 'memory.index') });
    expect((await memory.exited).code).toBe(1);
    expect(memory.stderr()).toMatch(/DATABASE_URL is an in-memory SQLite store/);
    expect(existsSync(join(dir, 'memory.index'))).toBe(false);
  });
});
