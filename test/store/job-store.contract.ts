import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { derivedBoardId } from '../../src/domain/board-id.js';
import type { Job } from '../../src/domain/job.js';
import type {
  ChangePage,
  JobChange,
  JobStore,
  PositionedChangePage,
  UnparsedChange,
} from '../../src/store/job-store.js';
import { job, place } from '../builders.js';
import { runDuplicateContract } from './duplicate-contract.js';
import { runImportContract } from './import-contract.js';

/** A fresh, not yet migrated store, a way to open it again, and the removal of its data. */
export interface StoreFixture {
  store: JobStore;
  /** Opens a second store on the same data (the first may be closed by then). */
  reopen: () => Promise<JobStore>;
  /** Closes whatever the fixture opened and removes the data. */
  cleanup: () => Promise<void>;
}

const NOW = Date.UTC(2026, 11, 1);
const DAY = 86_400_000;

/** Code-point order, which is UTF-8 byte order: what both stores promise. */
const byKey = (a: Job, b: Job): number => Buffer.compare(Buffer.from(a.key), Buffer.from(b.key));

/** A change without its cursor, to compare with what a test wrote. */
function what(change: JobChange): unknown {
  return change.kind === 'upsert' ? ['upsert', change.job] : ['delete', change.key, change.boardId];
}

/**
 * Changes read by position, their postings parsed: each unparsed posting's key, board id and
 * validThrough (from the store's columns) must be those of its document.
 */
function parsed(changes: readonly UnparsedChange[]): JobChange[] {
  return changes.map((change) => {
    if (change.kind === 'delete') return change;
    const job = change.job.job();
    expect({ key: change.job.key, boardId: change.job.boardId, validThrough: change.job.validThrough }).toEqual({
      key: job.key,
      boardId: job.boardId,
      validThrough: job.validThrough,
    });
    return { kind: 'upsert', cursor: change.cursor, job };
  });
}

/** Every page after `since`, `limit` at a time, checking each page's cursors as it goes. */
async function readAll(
  store: JobStore,
  since: number,
  limit: number,
): Promise<{ pages: ChangePage[]; changes: JobChange[]; cursor: number }> {
  const pages: ChangePage[] = [];
  let cursor = since;
  for (;;) {
    const page = await store.changesSince(cursor, limit);
    pages.push(page);
    for (const change of page.changes) {
      expect(change.cursor).toBeGreaterThan(cursor);
      expect(change.cursor).toBeLessThanOrEqual(page.cursor);
    }
    expect(page.cursor).toBe(page.changes.at(-1)?.cursor ?? cursor);
    cursor = page.cursor;
    if (!page.more) break;
    expect(page.changes.length).toBeGreaterThan(0);
  }
  return { pages, changes: pages.flatMap((p) => p.changes), cursor };
}

/** The behaviour every JobStore must show; run by each implementation's test file. */
export function runJobStoreContract(name: string, makeStore: () => Promise<StoreFixture>): void {
  describe(`JobStore contract: ${name}`, () => {
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

    it('starts empty', async () => {
      expect(await store.count()).toBe(0);
      expect(await store.loadLive(NOW)).toEqual([]);
    });

    it('keeps its data when migrate runs again', async () => {
      const a = job();
      await store.upsert([a]);
      await store.migrate();
      await store.migrate();
      expect(await store.loadLive(NOW)).toStrictEqual([a]);
    });

    it('inserts new keys and updates existing ones, counting each', async () => {
      const [a, b, c] = [job({ key: 'k:a' }), job({ key: 'k:b' }), job({ key: 'k:c' })];
      expect(await store.upsert([a, b])).toEqual({ inserted: 2, updated: 0 });
      // A key keeps the board id it was given first, whatever a later write proposes.
      const a2 = { ...a, title: 'Head of SEO', boardId: '987654321' };
      expect(await store.upsert([a2, c])).toEqual({ inserted: 1, updated: 1 });
      expect(await store.count()).toBe(3);
      expect(await store.loadLive(NOW)).toStrictEqual([{ ...a2, boardId: a.boardId }, b, c]);
    });

    it('writes a key repeated within one call once, the last occurrence winning', async () => {
      const first = job({ key: 'k:dup', title: 'first' });
      const last = { ...first, title: 'last', boardId: '555000111' };
      expect(await store.upsert([first, job({ key: 'k:other' }), last])).toEqual({ inserted: 2, updated: 0 });
      const loaded = await store.loadLive(NOW);
      expect(loaded.find((j) => j.key === 'k:dup')).toStrictEqual(last);
    });

    it('returns a job exactly as it was stored, nulls, arrays and unicode included', async () => {
      const rich = job({
        key: 'k:rich',
        title: 'SEO-Spezialist:in für Suchmaschinen­optimierung — „Köln“ 🚀 日本語 עברית "quoted" \\ back',
        company: {
          name: 'Müller & Söhne GmbH',
          domain: 'müller.de',
          website: 'https://müller.de/',
          logoUrl: null,
          size: null,
        },
        skills: [
          { slug: 'google-analytics', name: 'Google Analytics' },
          { slug: 'señal', name: 'Señal' },
        ],
        places: [
          place(),
          place({
            city: null,
            region: null,
            country: { slug: 'españa', name: 'España' },
            countryCode: 'ES',
            lat: -3.70379,
            lon: 40.416775,
          }),
        ],
        summary: 'Zeile 1\nZeile 2\tTab\r\nEnde',
        salary: { min: 45_000, max: 72_500 },
        postedAt: 1_790_000_000_123,
        validThrough: NOW + 30 * DAY,
      });
      const bare = job({
        key: 'k:bare',
        industry: null,
        seniority: null,
        employmentType: null,
        workModel: null,
        remotePercentage: null,
        skills: [],
        places: [],
        salary: null,
        estimatedSalary: { min: 40_000, max: 50_000 },
        seoContext: '',
        salaryContext: '',
        remoteContext: '',
        isSeo: false,
        language: 'es',
        postedAt: null,
        validThrough: null,
      });
      await store.upsert([rich, bare]);
      expect(await store.loadLive(NOW)).toStrictEqual([bare, rich]);
    });

    it('loads only postings not expired at now, ordered by key', async () => {
      const jobs = [
        job({ key: 'src:b', validThrough: null }),
        job({ key: 'src:a', validThrough: NOW }),
        job({ key: 'src:expired', validThrough: NOW - 1 }),
        job({ key: 'src:C', validThrough: NOW + DAY }),
        job({ key: 'src:é', validThrough: null }),
        job({ key: 'src:a-1', validThrough: NOW - 365 * DAY }),
        job({ key: 'other:z', validThrough: null }),
        // Above U+FFFF, and just below it: UTF-16 code units would order these the other way.
        job({ key: 'src:😀', validThrough: null }),
        job({ key: 'src:ｚ', validThrough: null }),
      ];
      await store.upsert(jobs);
      const live = await store.loadLive(NOW);
      expect(live.map((j) => j.key)).toEqual(['other:z', 'src:C', 'src:a', 'src:b', 'src:é', 'src:ｚ', 'src:😀']);
      expect(live).toStrictEqual(jobs.filter((j) => j.validThrough === null || j.validThrough >= NOW).sort(byKey));
      expect(await store.count()).toBe(9);
    });

    it('treats a fractional now like the next whole millisecond', async () => {
      const a = job({ validThrough: NOW });
      await store.upsert([a]);
      expect(await store.loadLive(NOW - 0.5)).toStrictEqual([a]);
      expect(await store.loadLive(NOW + 0.5)).toEqual([]);
    });

    it('stops loading a posting once an update makes it expired', async () => {
      const a = job({ validThrough: null });
      await store.upsert([a]);
      await store.upsert([{ ...a, validThrough: NOW - DAY }]);
      expect(await store.loadLive(NOW)).toEqual([]);
      expect(await store.count()).toBe(1);
    });

    it('finds a posting by its board id, expired ones too, and nothing for an unknown or deleted one', async () => {
      const detail = {
        description: 'Erste Zeile.\nZweite Zeile.',
        applyUrl: 'https://example.com/apply',
        statedSalary: null,
      };
      const [a, b] = [job({ boardId: '42', detail }), job({ boardId: '4200000000000000', validThrough: NOW - DAY })];
      await store.upsert([a, b]);
      expect(await store.getByBoardId('42')).toStrictEqual(a);
      expect(await store.getByBoardId('4200000000000000')).toStrictEqual(b);
      expect(await store.getByBoardId('4')).toBeNull();
      expect(await store.getByBoardId('')).toBeNull();
      await store.delete([a.key]);
      expect(await store.getByBoardId('42')).toBeNull();
    });

    it("keeps a posting's detail where a posting is read whole, and leaves it out of what an index reads", async () => {
      const detail = {
        description: 'Erste Zeile.\n\nZweite Zeile.',
        applyUrl: 'https://example.com/a',
        statedSalary: null,
      };
      const a = job({ boardId: '77', detail });
      const b = job({ boardId: '78' });
      await store.upsert([a, b]);
      const { detail: _left, ...indexed } = a;
      // Whole: the one-posting view, the scans, the change feed (served over HTTP).
      expect(await store.getByBoardId('77')).toStrictEqual(a);
      expect(await store.getByBoardId('78')).toStrictEqual(b);
      const scanned: Job[] = [];
      for await (const chunk of store.scanAll()) scanned.push(...chunk);
      expect(scanned.sort(byKey)).toStrictEqual([a, b].sort(byKey));
      expect((await store.changesSince(0, 10)).changes.map(what)).toStrictEqual(
        [a, b].sort(byKey).map((j) => ['upsert', j]),
      );
      // What an index reads: the document alone.
      expect(await store.loadLive(NOW)).toStrictEqual([indexed, b].sort(byKey));
      const streamed: Job[] = [];
      for await (const chunk of store.liveChunks(NOW)) streamed.push(...chunk);
      expect(streamed.sort(byKey)).toStrictEqual([indexed, b].sort(byKey));
      const positioned = parsed((await store.changesAfter(0, null, 10)).changes);
      expect(positioned.map(what)).toStrictEqual([indexed, b].sort(byKey).map((j) => ['upsert', j]));
      // Written again without it, it is gone; with another, the other.
      await store.upsert([{ ...indexed }]);
      expect(await store.getByBoardId('77')).toStrictEqual(indexed);
      const other = { ...detail, description: 'Neu.' };
      await store.upsert([{ ...a, detail: other }]);
      expect(await store.getByBoardId('77')).toStrictEqual({ ...a, detail: other });
    });

    it('deletes by key and returns how many existed', async () => {
      const [a, b] = [job(), job()];
      await store.upsert([a, b]);
      expect(await store.delete([a.key, 'missing:1', a.key])).toBe(1);
      expect(await store.delete([])).toBe(0);
      expect(await store.count()).toBe(1);
      expect(await store.loadLive(NOW)).toStrictEqual([b]);
    });

    it('advances the change cursor on every upsert and delete, never on reads', async () => {
      const a = job();
      const c0 = await store.changeCursor();
      await store.upsert([a]);
      const c1 = await store.changeCursor();
      expect(c1).toBeGreaterThan(c0);
      await store.upsert([a]);
      const c2 = await store.changeCursor();
      expect(c2).toBeGreaterThan(c1);
      await store.loadLive(NOW);
      await store.count();
      expect(await store.changeCursor()).toBe(c2);
      await store.delete([a.key]);
      const c3 = await store.changeCursor();
      expect(c3).toBeGreaterThan(c2);
      // Calls that change nothing leave it alone.
      await store.delete([a.key]);
      expect(await store.upsert([])).toEqual({ inserted: 0, updated: 0 });
      expect(await store.changeCursor()).toBe(c3);
    });

    it('gives a new key whose proposed board id another key holds a derived one: never a reject, never an overwrite', async () => {
      const a = job({ key: 'feedA:id::1', boardId: '1' });
      const b = job({ key: 'feedB:id::1', boardId: '1' });
      const c = job({ key: 'feedC:id::1', boardId: '1' });
      expect(await store.upsert([a])).toEqual({ inserted: 1, updated: 0 });
      expect(await store.upsert([b, c])).toEqual({ inserted: 2, updated: 0 });
      const live = await store.loadLive(NOW);
      expect(live.map((j) => j.key)).toEqual(['feedA:id::1', 'feedB:id::1', 'feedC:id::1']);
      expect(live[0]).toStrictEqual(a);
      const ids = live.map((j) => j.boardId);
      expect(ids[0]).toBe('1');
      expect(ids[1]).toMatch(/^9\d{16}$/);
      expect(ids[2]).toMatch(/^9\d{16}$/);
      expect(new Set(ids).size).toBe(3);
    });

    it('gives two new keys of one batch that propose the same free board id distinct ids, the first its proposal', async () => {
      const a = job({ key: 'feed:id:jobId:1', boardId: '1' });
      const b = job({ key: 'feed:id:ref:1', boardId: '1' });
      expect(await store.upsert([a, b])).toEqual({ inserted: 2, updated: 0 });
      const ids = new Map((await store.loadLive(NOW)).map((j) => [j.key, j.boardId]));
      expect(ids).toEqual(
        new Map([
          [a.key, '1'],
          [b.key, derivedBoardId(b.key)],
        ]),
      );
    });

    it('writes nothing of a batch that fails midway', async () => {
      const a = job({ boardId: '111' });
      await store.upsert([a]);
      const cursor = await store.changeCursor();
      // A posting that cannot be serialised fails the write after others were written.
      const broken = job({ title: 10n as unknown as string });
      await expect(store.upsert([job(), job(), broken, job()])).rejects.toThrow();
      expect(await store.count()).toBe(1);
      expect(await store.loadLive(NOW)).toStrictEqual([a]);
      expect(await store.changeCursor()).toBe(cursor);
    });

    it('handles a call larger than any internal chunk, atomically', async () => {
      const many = Array.from({ length: 2_500 }, (_, i) => job({ key: `bulk:${String(i).padStart(5, '0')}` }));
      expect(await store.upsert(many)).toEqual({ inserted: 2_500, updated: 0 });
      const failing = [...many.map((j) => ({ ...j, title: 'changed' })), job({ title: 10n as unknown as string })];
      await expect(store.upsert(failing)).rejects.toThrow();
      expect(await store.loadLive(NOW)).toStrictEqual(many);
    });

    it('loads one consistent state while a write runs at the same time', async () => {
      // More rows than one read chunk, so a write could land between chunks.
      const many = Array.from({ length: 6_000 }, () => job({ title: 'before' }));
      await store.upsert(many);
      const loading = store.loadLive(NOW);
      // Let the load get under way before the write starts.
      await new Promise((resolve) => setImmediate(resolve));
      const result = await store.upsert(many.map((j) => ({ ...j, title: 'after' })));
      const live = await loading;
      expect(result).toEqual({ inserted: 0, updated: 6_000 });
      expect(live).toHaveLength(6_000);
      expect(new Set(live.map((j) => j.title)).size).toBe(1);
    });

    describe('live chunks', () => {
      it('streams exactly the live postings, in chunks of at most the size asked for', async () => {
        const live = Array.from({ length: 25 }, (_, i) => job({ key: `live:${String(i).padStart(2, '0')}` }));
        const expired = job({ key: 'gone:1', validThrough: NOW - 1 });
        await store.upsert([...live, expired, job({ key: 'live:later', validThrough: NOW })]);
        const chunks: Job[][] = [];
        for await (const chunk of store.liveChunks(NOW, 7)) chunks.push(chunk);
        expect(chunks.every((c) => c.length >= 1 && c.length <= 7)).toBe(true);
        expect(chunks.length).toBeGreaterThanOrEqual(4);
        expect(chunks.flat().sort(byKey)).toStrictEqual(await store.loadLive(NOW));
        expect(chunks.flat().map((j) => j.key)).not.toContain('gone:1');
        expect(chunks.flat().map((j) => j.key)).toContain('live:later');
      });

      it('gives nothing for an empty store and rejects a bad size', async () => {
        const chunks: Job[][] = [];
        for await (const chunk of store.liveChunks(NOW)) chunks.push(chunk);
        expect(chunks).toEqual([]);
        await expect(store.liveChunks(NOW, 0).next()).rejects.toThrow(/size/);
        await expect(store.liveChunks(NOW, 1.5).next()).rejects.toThrow(/size/);
      });

      it('takes the smallest chunk size, one posting a chunk', async () => {
        await store.upsert([job({ key: 'k:1' }), job({ key: 'k:2' }), job({ key: 'k:3' })]);
        const chunks: string[][] = [];
        for await (const chunk of store.liveChunks(NOW, 1)) chunks.push(chunk.map((j) => j.key));
        // Chunks come in the table's own order, not by key.
        expect(chunks.map((c) => c.length)).toEqual([1, 1, 1]);
        expect(chunks.flat().sort()).toEqual(['k:1', 'k:2', 'k:3']);
      });

      it('reads one snapshot while a write commits between two chunks', async () => {
        const many = Array.from({ length: 30 }, () => job({ title: 'before' }));
        await store.upsert(many);
        const chunks = store.liveChunks(NOW, 10);
        const first = await chunks.next();
        const writing = store.upsert([...many.map((j) => ({ ...j, title: 'after' })), job({ key: 'new:1' })]);
        const seen = [...(first.value as Job[])];
        for await (const chunk of chunks) seen.push(...chunk);
        expect(seen).toHaveLength(30);
        expect(new Set(seen.map((j) => j.title))).toEqual(new Set(['before']));
        expect(await writing).toEqual({ inserted: 1, updated: 30 });
        expect((await store.loadLive(NOW)).every((j) => j.title === 'after' || j.key === 'new:1')).toBe(true);
      });

      it('lets other calls run again when the reader stops early', async () => {
        await store.upsert(Array.from({ length: 30 }, () => job()));
        for await (const chunk of store.liveChunks(NOW, 10)) {
          expect(chunk).toHaveLength(10);
          break;
        }
        expect(await store.upsert([job({ key: 'after:stop' })])).toEqual({ inserted: 1, updated: 0 });
        expect(await store.count()).toBe(31);
      });
    });

    describe('change feed', () => {
      it('starts empty', async () => {
        expect(await store.changesSince(0, 10)).toEqual({ changes: [], cursor: 0, more: false });
      });

      it('gives upserts in commit order, each key once in its latest state', async () => {
        const [a, b, c] = [job({ key: 'k:a' }), job({ key: 'k:b' }), job({ key: 'k:c' })];
        await store.upsert([b, a]);
        const afterFirst = await store.changeCursor();
        await store.upsert([c]);
        const a2 = { ...a, title: 'updated' };
        await store.upsert([a2]);
        const end = await store.changeCursor();
        const { changes, cursor } = await readAll(store, 0, 100);
        expect(changes.map(what)).toEqual([
          ['upsert', b],
          ['upsert', c],
          ['upsert', a2],
        ]);
        expect(cursor).toBe(end);
        const [first, second, third] = changes.map((ch) => ch.cursor);
        expect(first).toBe(afterFirst);
        expect(first).toBeLessThan(second ?? 0);
        expect(second).toBeLessThan(third ?? 0);
        // From a cursor on: only what came after it.
        const later = await store.changesSince(afterFirst, 100);
        expect(later.changes.map(what)).toEqual([
          ['upsert', c],
          ['upsert', a2],
        ]);
        expect(later).toMatchObject({ cursor: end, more: false });
        expect(await store.changesSince(end, 100)).toEqual({ changes: [], cursor: end, more: false });
      });

      it('leaves a tombstone for a deletion, replaced when the key is written again', async () => {
        const [a, b] = [job({ key: 'k:a', boardId: '100' }), job({ key: 'k:b', boardId: '200' })];
        await store.upsert([a, b]);
        const start = await store.changeCursor();
        await store.delete([a.key, 'k:missing']);
        const deleted = await store.changesSince(start, 100);
        expect(deleted.changes.map(what)).toEqual([['delete', 'k:a', '100']]);
        expect(deleted.cursor).toBe(await store.changeCursor());
        // From the very beginning, a follower sees b's upsert and a's deletion only.
        expect((await readAll(store, 0, 100)).changes.map(what)).toEqual([
          ['upsert', b],
          ['delete', 'k:a', '100'],
        ]);
        // Deleting what is gone changes nothing.
        await store.delete([a.key]);
        expect((await store.changesSince(deleted.cursor, 100)).changes).toEqual([]);
        // Back again, the key keeps its board id (the registry), whatever the write proposes.
        const a2 = { ...a, title: 'back', boardId: '101' };
        await store.upsert([a2]);
        expect((await readAll(store, 0, 100)).changes.map(what)).toEqual([
          ['upsert', b],
          ['upsert', { ...a2, boardId: '100' }],
        ]);
        await store.delete([a.key, b.key]);
        expect((await readAll(store, 0, 100)).changes.map(what)).toEqual([
          ['delete', 'k:a', '100'],
          ['delete', 'k:b', '200'],
        ]);
      });

      it('treats expiry as no change: an expired posting is an upsert carrying its validThrough', async () => {
        const soon = job({ key: 'k:soon', validThrough: NOW + 1 });
        const gone = job({ key: 'k:gone', validThrough: NOW - DAY });
        await store.upsert([soon, gone]);
        const { changes, cursor } = await readAll(store, 0, 100);
        expect(changes.map(what)).toEqual([
          ['upsert', gone],
          ['upsert', soon],
        ]);
        // Time passing writes nothing.
        expect(await store.loadLive(NOW + DAY)).toEqual([]);
        expect(await store.changesSince(cursor, 100)).toEqual({ changes: [], cursor, more: false });
      });

      it('pages by limit without ever splitting a transaction', async () => {
        // Some with an end of validity, some without: the feed reads it from its own column.
        const big = Array.from({ length: 5 }, (_, i) =>
          job({ key: `k:big${i}`, validThrough: i % 2 === 0 ? NOW + i * DAY : null }),
        );
        const singles = Array.from({ length: 4 }, (_, i) => job({ key: `k:one${i}` }));
        await store.upsert(singles.slice(0, 2).map((j) => j));
        await store.upsert([singles[0] as Job]);
        await store.upsert(big);
        await store.upsert([singles[2] as Job]);
        await store.upsert([singles[3] as Job]);
        const { pages, changes } = await readAll(store, 0, 2);
        // one1 | one0 then big (5 changes of one transaction, never split) | one2, one3
        expect(pages.map((p) => p.changes.length)).toEqual([2, 5, 2]);
        expect(pages.map((p) => p.more)).toEqual([true, true, false]);
        expect(changes.map((ch) => (ch.kind === 'upsert' ? ch.job.key : ch.key))).toEqual([
          'k:one1',
          'k:one0',
          'k:big0',
          'k:big1',
          'k:big2',
          'k:big3',
          'k:big4',
          'k:one2',
          'k:one3',
        ]);
        const big0 = pages[1]?.changes.map((ch) => ch.cursor) ?? [];
        expect(new Set(big0).size).toBe(1);
        // A page exactly at the end knows nothing follows.
        const lastTwo = await store.changesSince(pages[1]?.cursor ?? 0, 2);
        expect(lastTwo.more).toBe(false);
      });

      it('read by position, pages a transaction at the limit, in the order of the whole read', async () => {
        // Some with an end of validity, some without: the feed reads it from its own column.
        const big = Array.from({ length: 5 }, (_, i) =>
          job({ key: `k:big${i}`, validThrough: i % 2 === 0 ? NOW + i * DAY : null }),
        );
        await store.upsert([job({ key: 'k:one0' })]);
        await store.upsert(big);
        await store.delete(['k:one0']);
        await store.upsert([job({ key: 'k:one1' })]);
        const whole = await readAll(store, 0, 100);
        const pages: PositionedChangePage[] = [];
        let at: { cursor: number; key: string | null } = { cursor: 0, key: null };
        for (;;) {
          const page = await store.changesAfter(at.cursor, at.key, 2);
          pages.push(page);
          expect(page.changes.length).toBeLessThanOrEqual(2);
          const last = page.changes.at(-1);
          if (last !== undefined) {
            expect(page.cursor).toBe(last.cursor);
            expect(page.key).toBe(last.kind === 'upsert' ? last.job.key : last.key);
          } else expect({ cursor: page.cursor, key: page.key }).toEqual(at);
          at = { cursor: page.cursor, key: page.key };
          if (!page.more) break;
        }
        // Each key once, in its latest state: big0..big4 (one transaction, split 2 + 2 + 1), one0's
        // deletion, one1: 7 changes, 2 a page.
        expect(pages.map((p) => p.changes.length)).toEqual([2, 2, 2, 1]);
        expect(pages.map((p) => p.more)).toEqual([true, true, true, false]);
        expect(parsed(pages.flatMap((p) => p.changes))).toEqual(whole.changes);
        expect(at.cursor).toBe(await store.changeCursor());
        // A page that ends exactly at the end knows nothing follows.
        const exact = await store.changesAfter(0, null, whole.changes.length);
        expect(parsed(exact.changes)).toEqual(whole.changes);
        expect(exact.more).toBe(false);
        // From the end of a cursor: nothing more, the position as asked.
        expect(await store.changesAfter(at.cursor, null, 2)).toEqual({
          changes: [],
          cursor: at.cursor,
          key: null,
          more: false,
        });
        // From the middle of the large transaction: its later changes, then the rest.
        const bigCursor = whole.changes[1]!.cursor;
        const rest = await store.changesAfter(bigCursor, 'k:big2', 100);
        expect(rest.changes.map((ch) => (ch.kind === 'upsert' ? ch.job.key : ch.key))).toEqual([
          'k:big3',
          'k:big4',
          'k:one0',
          'k:one1',
        ]);
        await expect(store.changesAfter(-1, null, 10)).rejects.toThrow(/since/);
        await expect(store.changesAfter(0, null, 0)).rejects.toThrow(/limit/);
      });

      it('serves the feed by position, bounded in changes and in bytes, whole postings in the order of the whole read', async () => {
        // One transaction of postings with large details (1 KB of text each) between two small ones.
        const big = Array.from({ length: 12 }, (_, i) =>
          job({
            key: `k:big${String(i).padStart(2, '0')}`,
            detail: { description: `${'x'.repeat(1000)} ${i}`, applyUrl: null, statedSalary: null },
          }),
        );
        await store.upsert([job({ key: 'k:one0' })]);
        await store.upsert(big);
        await store.delete(['k:one0']);
        await store.upsert([job({ key: 'k:one1' })]);
        const whole = await readAll(store, 0, 100);
        for (const [limit, maxBytes] of [
          [1, 1_000_000],
          [5, 1_000_000],
          [100, 3000],
          [100, 1],
        ] as const) {
          const pages: JobChange[][] = [];
          let at: { cursor: number; key: string | null } = { cursor: 0, key: null };
          for (;;) {
            const page = await store.feedPage(at.cursor, at.key, limit, maxBytes);
            pages.push(page.changes);
            expect(page.changes.length).toBeLessThanOrEqual(limit);
            // Over the byte bound only with a single change.
            const bytes = page.changes.reduce(
              (n, ch) => n + (ch.kind === 'upsert' ? JSON.stringify(ch.job).length : 0),
              0,
            );
            if (page.changes.length > 1) expect(bytes).toBeLessThanOrEqual(maxBytes + 200 * page.changes.length);
            const last = page.changes.at(-1);
            if (last !== undefined) {
              expect(page.cursor).toBe(last.cursor);
              expect(page.key).toBe(last.kind === 'upsert' ? last.job.key : last.key);
            } else expect({ cursor: page.cursor, key: page.key }).toEqual(at);
            at = { cursor: page.cursor, key: page.key };
            if (!page.more) break;
            expect(page.changes.length).toBeGreaterThan(0);
          }
          expect(pages.flat(), `limit ${limit}, ${maxBytes} bytes`).toEqual(whole.changes);
          // 14 changes: one a page with limit 1 or 1 byte; at most two 1 KB postings a page with 3,000.
          if (limit === 1 || maxBytes === 1) expect(pages.filter((p) => p.length > 0)).toHaveLength(14);
          if (maxBytes === 3000) expect(pages.length).toBeGreaterThanOrEqual(6);
        }
        // The detail is in every upsert, as the one-posting view gives it.
        const first = await store.feedPage(0, null, 100, 1_000_000);
        const big3 = first.changes.find((ch) => ch.kind === 'upsert' && ch.job.key === 'k:big03');
        expect(big3?.kind === 'upsert' && big3.job.detail?.description).toBe(`${'x'.repeat(1000)} 3`);
        await expect(store.feedPage(-1, null, 10, 100)).rejects.toThrow(/since/);
      });

      it('read by position, misses nothing written between two pages of a transaction', async () => {
        const keys = ['k:a', 'k:b', 'k:c', 'k:d', 'k:e'];
        await store.upsert(keys.map((key) => job({ key, title: 'first' })));
        const first = await store.changesAfter(0, null, 2);
        expect(first.changes.map((ch) => (ch.kind === 'upsert' ? ch.job.key : ch.key))).toEqual(['k:a', 'k:b']);
        // Written again after the reader passed it (k:a) and before it got there (k:d); one deleted.
        await store.upsert([job({ key: 'k:a', title: 'second' }), job({ key: 'k:d', title: 'second' })]);
        await store.delete(['k:c']);
        const seen = new Map<string, Job>();
        for (const ch of parsed(first.changes)) if (ch.kind === 'upsert') seen.set(ch.job.key, ch.job);
        let at = { cursor: first.cursor, key: first.key };
        for (;;) {
          const page = await store.changesAfter(at.cursor, at.key, 2);
          for (const ch of parsed(page.changes)) {
            if (ch.kind === 'upsert') seen.set(ch.job.key, ch.job);
            else seen.delete(ch.key);
          }
          at = { cursor: page.cursor, key: page.key };
          if (!page.more) break;
        }
        expect([...seen.values()].sort(byKey)).toStrictEqual(await store.loadLive(NOW));
        expect(seen.get('k:a')?.title).toBe('second');
        expect(seen.get('k:d')?.title).toBe('second');
        expect(seen.has('k:c')).toBe(false);
      });

      it('rejects a bad cursor or limit', async () => {
        await expect(store.changesSince(-1, 10)).rejects.toThrow(/since/);
        await expect(store.changesSince(0, 0)).rejects.toThrow(/limit/);
        await expect(store.changesSince(0.5, 10)).rejects.toThrow(/since/);
      });

      it('takes the smallest limit, one change a page', async () => {
        await store.upsert([job({ key: 'k:1' })]);
        await store.upsert([job({ key: 'k:2' })]);
        const keyOf = (c: JobChange): string => (c.kind === 'upsert' ? c.job.key : c.key);
        const first = await store.changesSince(0, 1);
        expect(first.changes.map(keyOf)).toEqual(['k:1']);
        expect(first.more).toBe(true);
        const second = await store.changesSince(first.cursor, 1);
        expect(second.changes.map(keyOf)).toEqual(['k:2']);
        expect(second.more).toBe(false);
      });

      it('misses nothing while writers run concurrently: cursor order is commit order', async () => {
        const other = await fixture.reopen();
        const keys = Array.from({ length: 24 }, (_, i) => `k:c${String(i).padStart(2, '0')}`);
        const writer = async (w: JobStore, tag: string): Promise<void> => {
          for (let round = 0; round < 12; round++) {
            const pick = keys.filter((_, i) => (i + round + tag.length) % 3 !== 0);
            // Board ids are unique per key, so writers never clash on them.
            await w.upsert(
              pick.slice(0, 6).map((key) => job({ key, boardId: `b${key.slice(3)}`, title: `${tag}${round}` })),
            );
            if (round % 4 === 3) await w.delete(pick.slice(6, 8));
          }
        };
        // A follower polls while they write, and keeps the latest state of each key.
        const seen = new Map<string, Job>();
        let cursor = 0;
        let done = false;
        const follow = async (): Promise<void> => {
          for (;;) {
            const finished = done;
            const page = await store.changesSince(cursor, 7);
            for (const change of page.changes) {
              expect(change.cursor).toBeGreaterThan(cursor);
              if (change.kind === 'upsert') seen.set(change.job.key, change.job);
              else seen.delete(change.key);
            }
            cursor = page.cursor;
            if (finished && !page.more) return;
            if (!page.more) await new Promise((resolve) => setTimeout(resolve, 1));
          }
        };
        const following = follow();
        await Promise.all([writer(store, 'a'), writer(other, 'bb')]);
        done = true;
        await following;
        expect(cursor).toBe(await store.changeCursor());
        const live = await store.loadLive(NOW);
        expect([...seen.values()].sort(byKey)).toStrictEqual(live);
      });
    });

    it('keeps its data across close and reopen', async () => {
      const jobs = [job(), job({ validThrough: NOW - DAY })];
      await store.upsert(jobs);
      const cursor = await store.changeCursor();
      await store.close();
      const again = await fixture.reopen();
      await again.migrate();
      expect(await again.count()).toBe(2);
      expect(await again.changeCursor()).toBe(cursor);
      expect(await again.loadLive(NOW)).toStrictEqual([jobs[0]]);
    });

    it('is closed after close: a later call fails, a second close does not', async () => {
      await store.upsert([job()]);
      await store.close();
      await expect(store.count()).rejects.toThrow();
      await store.close();
    });

    it('has an identity of its own, kept across writes, migrations and reopening', async () => {
      const id = await store.storeId();
      expect(id).toMatch(/^[1-9]\d*$/);
      await store.upsert([job()]);
      await store.migrate();
      expect(await store.storeId()).toBe(id);
      await store.close();
      const again = await fixture.reopen();
      expect(await again.storeId()).toBe(id);
      const other = await makeStore();
      try {
        await other.store.migrate();
        expect(await other.store.storeId()).not.toBe(id);
      } finally {
        await other.cleanup();
      }
    });
  });
  runImportContract(name, makeStore);
  runDuplicateContract(name, makeStore);
}
