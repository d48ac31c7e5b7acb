import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '../../src/domain/job.js';
import type { JobStore } from '../../src/store/job-store.js';
import { job, place } from '../builders.js';
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
        company: { name: 'Müller & Söhne GmbH', domain: 'müller.de', website: 'https://müller.de/', logoUrl: null, size: null },
        skills: [{ slug: 'google-analytics', name: 'Google Analytics' }, { slug: 'señal', name: 'Señal' }],
        places: [place(), place({ city: null, region: null, country: { slug: 'españa', name: 'España' }, countryCode: 'ES', lat: -3.703790, lon: 40.416775 })],
        summary: 'Zeile 1\nZeile 2\tTab\r\nEnde',
        salary: { min: 45_000, max: 72_500 },
        postedAt: 1_790_000_000_123,
        validThrough: NOW + 30 * DAY,
      });
      const bare = job({
        key: 'k:bare',
        industry: null, seniority: null, employmentType: null, workModel: null, remotePercentage: null,
        skills: [], places: [], salary: null, estimatedSalary: { min: 40_000, max: 50_000 },
        seoContext: '', salaryContext: '', remoteContext: '', isSeo: false, language: 'es',
        postedAt: null, validThrough: null,
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
      await store.upsert([]);
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
  });
  runImportContract(name, makeStore);
}
