import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { derivedBoardId } from '../../src/domain/board-id.js';
import type { Job } from '../../src/domain/job.js';
import type { JobStore, StagedJob } from '../../src/store/job-store.js';
import { job } from '../builders.js';
import type { StoreFixture } from './job-store.contract.js';

const NOW = Date.UTC(2026, 11, 1);
const DAY = 86_400_000;

const staged = (jobs: readonly Job[], from = 1): StagedJob[] =>
  jobs.map((j, i) => ({ job: j, position: `line ${from + i}` }));
const sorted = (jobs: readonly Job[]): Job[] =>
  [...jobs].sort((a, b) => Buffer.compare(Buffer.from(a.key), Buffer.from(b.key)));

async function scanned(store: JobStore): Promise<Job[]> {
  const all: Job[] = [];
  for await (const chunk of store.scanAll()) all.push(...chunk);
  return all;
}

/** Staged imports, publishing, board-id registry: run by each implementation's contract. */
export function runImportContract(name: string, makeStore: () => Promise<StoreFixture>): void {
  describe(`JobStore imports: ${name}`, () => {
    let fixture: StoreFixture;
    let store: JobStore;

    beforeEach(async () => {
      fixture = await makeStore();
      store = fixture.store;
      await store.migrate();
    });
    afterEach(async () => {
      await fixture.cleanup();
    });

    const feed = (n: number, overrides: Partial<Job> = {}): Job[] =>
      Array.from({ length: n }, (_, i) =>
        job({ key: `feed:id::${i}`, boardId: String(500 + i), source: 'feed', ...overrides }),
      );

    it('serves nothing of an import before its publish, and all of it after, with one cursor step', async () => {
      const jobs = feed(1_500);
      const id = await store.beginImport('feed');
      const cursor = await store.changeCursor();
      expect(await store.stage(id, staged(jobs.slice(0, 1_000)))).toEqual({ staged: 1_000, repeated: [] });
      expect(await store.stage(id, staged(jobs.slice(1_000), 1_001))).toEqual({ staged: 500, repeated: [] });
      expect(await store.loadLive(NOW)).toEqual([]);
      expect(await store.count()).toBe(0);
      expect(await store.changeCursor()).toBe(cursor);
      expect(await store.publish(id, { now: NOW, sync: false })).toEqual({
        inserted: 1_500,
        updated: 0,
        unchanged: 0,
        expired: 0,
        removed: 0,
        duplicates: 0,
      });
      expect(await store.changeCursor()).toBe(cursor + 1);
      expect(await store.loadLive(NOW)).toStrictEqual(sorted(jobs));
    });

    it("keeps an imported posting's detail beside it: whole in the one-posting view, unchanged when imported again", async () => {
      const detail = { description: 'Aufgaben.\n\nProfil.', applyUrl: 'https://example.com/apply', statedSalary: null };
      const jobs = [...feed(2, { detail }), ...feed(3).slice(2)];
      const first = await store.beginImport('feed');
      await store.stage(first, staged(jobs));
      await store.publish(first, { now: NOW, sync: false });
      expect(await store.getByBoardId('500')).toStrictEqual(jobs[0]);
      expect(await store.getByBoardId('502')).toStrictEqual(jobs[2]);
      expect((await store.loadLive(NOW)).map((j) => j.detail)).toEqual([undefined, undefined, undefined]);
      const again = await store.beginImport('feed');
      await store.stage(again, staged(jobs));
      expect(await store.publish(again, { now: NOW, sync: false })).toMatchObject({ updated: 0, unchanged: 3 });
      // A changed detail is a changed posting.
      const third = await store.beginImport('feed');
      await store.stage(third, staged([{ ...jobs[0]!, detail: { ...detail, description: 'Neu.' } }, ...jobs.slice(1)]));
      expect(await store.publish(third, { now: NOW, sync: false })).toMatchObject({ updated: 1, unchanged: 2 });
      expect((await store.getByBoardId('500'))?.detail?.description).toBe('Neu.');
    });

    it('counts a re-import of the same postings as unchanged and leaves the cursor alone', async () => {
      const jobs = feed(3);
      const first = await store.beginImport('feed');
      await store.stage(first, staged(jobs));
      await store.publish(first, { now: NOW, sync: false });
      const cursor = await store.changeCursor();
      const again = await store.beginImport('feed');
      await store.stage(again, staged(jobs));
      expect(await store.publish(again, { now: NOW, sync: false })).toEqual({
        inserted: 0,
        updated: 0,
        unchanged: 3,
        expired: 0,
        removed: 0,
        duplicates: 0,
      });
      expect(await store.changeCursor()).toBe(cursor);
      const third = await store.beginImport('feed');
      await store.stage(
        third,
        staged([{ ...jobs[0]!, title: 'changed' }, ...jobs.slice(1), job({ key: 'feed:id::new', source: 'feed' })]),
      );
      expect(await store.publish(third, { now: NOW, sync: false })).toEqual({
        inserted: 1,
        updated: 1,
        unchanged: 2,
        expired: 0,
        removed: 0,
        duplicates: 0,
      });
      expect(await store.changeCursor()).toBe(cursor + 1);
    });

    it('stores postings expired on arrival without serving them, and says how many', async () => {
      const id = await store.beginImport('feed');
      await store.stage(
        id,
        staged([
          job({ key: 'feed:old', source: 'feed', validThrough: NOW - DAY }),
          job({ key: 'feed:live', source: 'feed' }),
        ]),
      );
      expect(await store.publish(id, { now: NOW, sync: false })).toMatchObject({ inserted: 2, expired: 1 });
      expect(await store.count()).toBe(2);
      expect((await store.loadLive(NOW)).map((j) => j.key)).toEqual(['feed:live']);
    });

    it('with sync, removes the postings of the source absent from the import, and only those', async () => {
      // Not the same job as the feed's (they would be duplicates across sources).
      const other = job({ key: 'other:id::1', source: 'other', title: 'Content Manager' });
      await store.upsert([other]);
      const jobs = feed(4);
      const first = await store.beginImport('feed');
      await store.stage(first, staged(jobs));
      await store.publish(first, { now: NOW, sync: false });
      const snapshot = await store.beginImport('feed');
      await store.stage(snapshot, staged([jobs[1]!, jobs[3]!]));
      expect(await store.publish(snapshot, { now: NOW, sync: true })).toEqual({
        inserted: 0,
        updated: 0,
        unchanged: 2,
        expired: 0,
        removed: 2,
        duplicates: 0,
      });
      expect((await store.loadLive(NOW)).map((j) => j.key)).toEqual(['feed:id::1', 'feed:id::3', 'other:id::1']);
    });

    it('reports a key staged twice in one import with the position of the first, which is kept', async () => {
      const a = job({ key: 'feed:id::a', source: 'feed', title: 'first' });
      const id = await store.beginImport('feed');
      await store.stage(id, staged([a]));
      const result = await store.stage(id, [
        { job: { ...a, title: 'second' }, position: 'line 2' },
        { job: job({ key: 'feed:id::b', source: 'feed' }), position: 'line 3' },
        { job: { ...a, title: 'third' }, position: 'line 4' },
      ]);
      expect(result).toEqual({
        staged: 1,
        repeated: [
          { position: 'line 2', firstPosition: 'line 1' },
          { position: 'line 4', firstPosition: 'line 1' },
        ],
      });
      await store.publish(id, { now: NOW, sync: false });
      expect((await store.loadLive(NOW)).find((j) => j.key === a.key)?.title).toBe('first');
    });

    it('discards what an unpublished import of the same source left staged when a new one begins', async () => {
      const killed = await store.beginImport('feed');
      await store.stage(killed, staged(feed(5)));
      const rerun = await store.beginImport('feed');
      await store.stage(rerun, staged(feed(2)));
      expect(await store.publish(rerun, { now: NOW, sync: false })).toMatchObject({ inserted: 2 });
      expect(await store.count()).toBe(2);
      // Publishing the abandoned import now finds nothing staged.
      expect(await store.publish(killed, { now: NOW, sync: false })).toMatchObject({ inserted: 0, updated: 0 });
      expect(await store.count()).toBe(2);
    });

    it("keeps a posting's board id across imports and restarts, and never gives one id to two postings", async () => {
      const a = job({ key: 'feedA:id::7', source: 'feedA', boardId: '7' });
      const b = job({ key: 'feedB:id::7', source: 'feedB', boardId: '7', title: 'Content Manager' });
      const first = await store.beginImport('feedA');
      await store.stage(first, staged([a]));
      await store.publish(first, { now: NOW, sync: false });
      const second = await store.beginImport('feedB');
      await store.stage(second, staged([b]));
      await store.publish(second, { now: NOW, sync: false });
      const ids = new Map((await store.loadLive(NOW)).map((j) => [j.key, j.boardId]));
      expect(ids.get(a.key)).toBe('7');
      expect(ids.get(b.key)).toMatch(/^9\d{16}$/);
      // A's posting leaves and comes back: its id stays its own, and b keeps its derived one.
      await store.delete([a.key]);
      await store.close();
      store = await fixture.reopen();
      const third = await store.beginImport('feedB');
      await store.stage(third, staged([b]));
      expect(await store.publish(third, { now: NOW, sync: false })).toMatchObject({ unchanged: 1 });
      const fourth = await store.beginImport('feedA');
      await store.stage(fourth, staged([{ ...a, title: 'back' }]));
      await store.publish(fourth, { now: NOW, sync: false });
      const after = new Map((await store.loadLive(NOW)).map((j) => [j.key, j.boardId]));
      expect(after).toEqual(ids);
    });

    it('stages two postings of one batch that propose the same free board id at once, under distinct ids', async () => {
      // One feed, two identifier names with the same value: two postings, one proposal.
      const a = job({ key: 'feed:id:jobId:4711', source: 'feed', boardId: '4711' });
      const b = job({ key: 'feed:id:ref:4711', source: 'feed', boardId: '4711', title: 'Content Manager' });
      const c = job({ key: 'feed:id:ref:4712', source: 'feed', boardId: '4712', title: 'SEA Manager' });
      const id = await store.beginImport('feed');
      expect(await store.stage(id, staged([a, b, c]))).toEqual({ staged: 3, repeated: [] });
      expect(await store.publish(id, { now: NOW, sync: false })).toMatchObject({ inserted: 3 });
      const ids = new Map((await store.loadLive(NOW)).map((j) => [j.key, j.boardId]));
      expect(ids).toEqual(
        new Map([
          [a.key, '4711'],
          [b.key, derivedBoardId(b.key)],
          [c.key, '4712'],
        ]),
      );
    });

    it('announces a publish in the change feed as one transaction, and a sync removal as deletions', async () => {
      const jobs = feed(3);
      const before = await store.changeCursor();
      const first = await store.beginImport('feed');
      await store.stage(first, staged(jobs));
      await store.publish(first, { now: NOW, sync: false });
      const page = await store.changesSince(before, 100);
      expect(page.changes.map((c) => [c.kind, c.cursor, c.kind === 'upsert' ? c.job.key : c.key])).toEqual(
        jobs.map((j) => ['upsert', before + 1, j.key]),
      );
      const unchanged = await store.beginImport('feed');
      await store.stage(unchanged, staged(jobs));
      await store.publish(unchanged, { now: NOW, sync: false });
      expect((await store.changesSince(page.cursor, 100)).changes).toEqual([]);
      const snapshot = await store.beginImport('feed');
      await store.stage(snapshot, staged([jobs[0]!]));
      await store.publish(snapshot, { now: NOW, sync: true });
      const removal = await store.changesSince(page.cursor, 100);
      expect(removal.changes.map((c) => [c.kind, c.cursor, c.kind === 'delete' ? c.key : c.job.key])).toEqual([
        ['delete', page.cursor + 1, jobs[1]!.key],
        ['delete', page.cursor + 1, jobs[2]!.key],
      ]);
      // Back again: the tombstone gives way to the posting.
      const back = await store.beginImport('feed');
      await store.stage(back, staged(jobs));
      await store.publish(back, { now: NOW, sync: false });
      const again = await store.changesSince(removal.cursor, 100);
      expect(again.changes.map((c) => c.kind)).toEqual(['upsert', 'upsert']);
    });

    it('scans every stored posting, expired included, in key order', async () => {
      const jobs = [...feed(2_100), job({ key: 'z:old', validThrough: NOW - DAY })];
      await store.upsert(jobs);
      expect(await scanned(store)).toStrictEqual(sorted(jobs));
    });

    it('drops a discarded import: nothing of it is ever served, and the store is as it was', async () => {
      await store.upsert(feed(3));
      const cursor = await store.changeCursor();
      const id = await store.beginImport('other');
      await store.stage(id, staged([job({ key: 'other:id::1', boardId: '9001', source: 'other' })]));
      await store.discardImport(id);
      expect(await store.publish(id, { now: NOW, sync: true })).toMatchObject({ inserted: 0, removed: 0 });
      expect(await store.count()).toBe(3);
      expect(await store.changeCursor()).toBe(cursor);
      expect((await store.loadLive(NOW)).map((j) => j.key)).toEqual(sorted(feed(3)).map((j) => j.key));
    });

    it('scans nothing of an empty store, and every posting whatever its key', async () => {
      const chunks: unknown[] = [];
      for await (const chunk of store.scanAll()) chunks.push(chunk);
      for await (const chunk of store.scanStored!()) chunks.push(chunk);
      expect(chunks).toEqual([]);
      // Keys below any lower-case letter: a source named in capitals or digits.
      const jobs = ['0:id::1', 'ACME:id::1', 'a:id::1'].map((key, i) =>
        job({ key, source: key.split(':')[0]!, title: `Job ${i}` }),
      );
      await store.upsert(jobs);
      expect((await scanned(store)).map((j) => j.key)).toEqual(['0:id::1', 'ACME:id::1', 'a:id::1']);
      const stored: string[] = [];
      for await (const chunk of store.scanStored!()) stored.push(...chunk.map((s) => s.job.key));
      expect(stored).toEqual(['0:id::1', 'ACME:id::1', 'a:id::1']);
    });

    it('removes nothing, and counts nothing removed, without sync', async () => {
      const jobs = feed(3);
      const first = await store.beginImport('feed');
      await store.stage(first, staged(jobs));
      await store.publish(first, { now: NOW, sync: false });
      const again = await store.beginImport('feed');
      await store.stage(again, staged(jobs.slice(0, 1)));
      expect(await store.publish(again, { now: NOW, sync: false })).toMatchObject({ unchanged: 1, removed: 0 });
      expect(await store.count()).toBe(3);
    });

    it('stages nothing from an empty list', async () => {
      const id = await store.beginImport('feed');
      expect(await store.stage(id, [])).toEqual({ staged: 0, repeated: [] });
    });

    it('scans every stored posting with its duplicate group, across chunks, in key order', async () => {
      // Both stores implement it (an export reads it).
      expect(typeof store.scanStored).toBe('function');
      // 1,200 of one source, then a copy of the first one from another: a group of two.
      const jobs = feed(1_200);
      await store.upsert(jobs);
      const copy = job({ ...jobs[0]!, key: 'other:id::0', boardId: '9000', source: 'other' });
      const id = await store.beginImport('other');
      await store.stage(id, staged([copy]));
      expect(await store.publish(id, { now: NOW, sync: false })).toMatchObject({ duplicates: 1 });
      const all: { key: string; duplicateOf: string | null; duplicates: string[] }[] = [];
      for await (const chunk of store.scanStored!())
        for (const s of chunk) all.push({ key: s.job.key, duplicateOf: s.duplicateOf, duplicates: s.duplicates });
      expect(all.map((s) => s.key)).toEqual(sorted([...jobs, copy]).map((j) => j.key));
      expect(all.find((s) => s.key === jobs[0]!.key)).toEqual({
        key: jobs[0]!.key,
        duplicateOf: null,
        duplicates: ['other:id::0'],
      });
      expect(all.find((s) => s.key === 'other:id::0')).toEqual({
        key: 'other:id::0',
        duplicateOf: jobs[0]!.key,
        duplicates: [],
      });
      expect(all.filter((s) => s.duplicateOf !== null || s.duplicates.length > 0)).toHaveLength(2);
    });
  });
}
