/**
 * A SQLite store's change notifications (sqlite-watch.ts): writes to the file by another
 * connection are noticed and the new cursor reported; an import's staging moves no cursor and
 * reports nothing until it publishes; a closed watch reports nothing more; a folder that cannot be
 * watched is reported lost and watched once it can be. Real files, real connections.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';
import { watchSqliteFile } from '../../src/store/sqlite-watch.js';
import { job } from '../builders.js';

const dir = mkdtempSync(join(tmpdir(), 'sqlite-watch-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('not seen in time');
    await sleep(10);
  }
}

/** A store file with a writer and a reader that watches it (its reported cursors in `seen`). */
async function watched(name: string) {
  const path = join(dir, name);
  const writer = new SqliteJobStore(path);
  await writer.migrate();
  const reader = new SqliteJobStore(path);
  const seen: number[] = [];
  const watch = await reader.watch({ change: (cursor) => seen.push(cursor) });
  onTestFinished(async () => {
    await watch.close();
    await reader.close();
    await writer.close();
  });
  return { writer, reader, seen, watch };
}

describe('SQLite change notifications', { timeout: 60_000 }, () => {
  it('reports the cursor of every write another connection commits', async () => {
    const { writer, seen, watch } = await watched('writes.db');
    expect(watch.listening).toBe(true);
    await writer.upsert([job({ key: 'a:1', boardId: '1' })]);
    const first = await writer.changeCursor();
    await until(() => seen.includes(first));
    await writer.delete(['a:1']);
    const second = await writer.changeCursor();
    expect(second).toBeGreaterThan(first);
    await until(() => seen.includes(second));
    // Each reported once, in order, and nothing but cursors the store had.
    expect(seen).toEqual([first, second]);
  });

  it('reports nothing while an import stages, and its publish once', async () => {
    const { writer, seen } = await watched('import.db');
    const before = await writer.changeCursor();
    const id = await writer.beginImport('feed');
    const staged = Array.from({ length: 300 }, (_, i) => ({
      job: job({ key: `feed:${i}`, boardId: String(100 + i) }),
      position: `line ${i + 1}`,
    }));
    await writer.stage(id, staged);
    await sleep(600);
    expect(await writer.changeCursor()).toBe(before);
    expect(seen).toEqual([]);
    await writer.publish(id, { sync: false, now: Date.now() });
    const published = await writer.changeCursor();
    expect(published).toBeGreaterThan(before);
    await until(() => seen.length > 0);
    await sleep(300);
    expect(seen).toEqual([published]);
  });

  it('reports nothing once closed', async () => {
    const { writer, seen, watch } = await watched('closed.db');
    await watch.close();
    expect(watch.listening).toBe(false);
    await writer.upsert([job({ key: 'b:1', boardId: '2' })]);
    await sleep(600);
    expect(seen).toEqual([]);
  });

  it('is lost while its folder cannot be watched, and listens once it can', async () => {
    const folder = join(dir, 'later');
    const lost: string[] = [];
    let listened = 0;
    const watch = watchSqliteFile(join(folder, 'jobs.db'), () => Promise.resolve(1), {
      change: () => undefined,
      lost: (error) => lost.push(error.message),
      listening: () => listened++,
    });
    onTestFinished(() => watch.close());
    expect(watch.listening).toBe(false);
    expect(lost[0]).toMatch(/ENOENT/);
    mkdirSync(folder);
    await until(() => watch.listening);
    expect(listened).toBe(1);
  });

  it('never listens for an in-memory store', async () => {
    const memory = new SqliteJobStore(':memory:');
    const watch = await memory.watch({ change: () => undefined });
    expect(watch.listening).toBe(false);
    await watch.close();
    await memory.close();
  });
});
