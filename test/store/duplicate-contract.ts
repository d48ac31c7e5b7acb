import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { duplicateKeysOf } from '../../src/domain/duplicate-key.js';
import type { Job } from '../../src/domain/job.js';
import type { JobChange, JobStore, UnparsedChange } from '../../src/store/job-store.js';
import { job, place } from '../builders.js';
import type { StoreFixture } from './job-store.contract.js';

const NOW = Date.UTC(2026, 11, 1);
const DAY = 86_400_000;
/** Past at NOW and at the clock's now, which `upsert` and `delete` group by. */
const LONG_AGO = Date.UTC(2020, 0, 1);
const SOURCES = ['a', 'b', 'c'] as const;

/** What a generated posting may look like: few values, so that postings of sources overlap. */
interface Version {
  id: number;
  company: 'Acme GmbH' | 'ACME';
  title: 'SEO Manager (m/w/d)' | 'SEO Manager' | 'Content Lead';
  city: 'berlin' | 'hamburg';
  url: string | null;
  expired: boolean;
}

type Op =
  | { op: 'import'; source: number; versions: Version[]; sync: boolean }
  | { op: 'upsert'; source: number; versions: Version[] }
  | { op: 'delete'; source: number; ids: number[] };

const version: fc.Arbitrary<Version> = fc.record({
  id: fc.integer({ min: 0, max: 3 }),
  company: fc.constantFrom('Acme GmbH' as const, 'ACME' as const),
  title: fc.constantFrom('SEO Manager (m/w/d)' as const, 'SEO Manager' as const, 'Content Lead' as const),
  city: fc.constantFrom('berlin' as const, 'hamburg' as const),
  url: fc.constantFrom(null, null, 'https://jobs.example.com/1', 'https://www.jobs.example.com/1/?utm_source=x'),
  expired: fc.boolean().map((b) => b && Math.random() < 0.3),
});
const source = fc.integer({ min: 0, max: SOURCES.length - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('import' as const),
      source,
      versions: fc.array(version, { maxLength: 4 }),
      sync: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('upsert' as const),
      source,
      versions: fc.array(version, { minLength: 1, maxLength: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('delete' as const),
      source,
      ids: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 2 }),
    }),
  },
);

/** The plain model: every stored posting with the step that first stored it. */
interface Stored {
  job: Job;
  order: number;
}

/**
 * The rule written out from scratch: the live postings in stored order; each is attached to the
 * earliest already served posting of another source sharing its place or url key, else served.
 */
function modelGroups(stored: ReadonlyMap<string, Stored>): Map<string, string[]> {
  const live = [...stored.values()]
    .filter((s) => s.job.validThrough === null || s.job.validThrough >= NOW)
    .sort((x, y) => x.order - y.order || (x.job.key < y.job.key ? -1 : 1));
  const groups = new Map<string, string[]>();
  const served: Job[] = [];
  for (const { job: j } of live) {
    const mine = duplicateKeysOf(j);
    const head = served.find((h) => {
      const theirs = duplicateKeysOf(h);
      const shared =
        (mine.place !== null && mine.place === theirs.place) || (mine.url !== null && mine.url === theirs.url);
      return shared && h.source !== j.source;
    });
    if (head === undefined) {
      served.push(j);
      groups.set(j.key, []);
    } else groups.get(head.key)?.push(j.key);
  }
  return groups;
}

/** Duplicates across sources: run by each implementation's contract. */
export function runDuplicateContract(name: string, makeStore: () => Promise<StoreFixture>): void {
  describe(`JobStore duplicates across sources: ${name}`, () => {
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

    const posting = (src: string, id: number, overrides: Partial<Job> = {}): Job =>
      job({ key: `${src}:id::${id}`, source: src, ...overrides });

    async function live(): Promise<Job[]> {
      const all: Job[] = [];
      for await (const chunk of store.liveChunks(NOW, 2)) all.push(...chunk);
      return all.sort((x, y) => (x.key < y.key ? -1 : 1));
    }

    async function importAll(src: string, jobs: Job[], sync = false): Promise<number> {
      const id = await store.beginImport(src);
      await store.stage(
        id,
        jobs.map((j, i) => ({ job: j, position: `line ${i + 1}` })),
      );
      return (await store.publish(id, { now: NOW, sync })).duplicates;
    }

    /** The feed read by position (the index's) says what changesSince says: board ids and ends included. */
    async function expectSameByPosition(since: number, changes: readonly JobChange[]): Promise<void> {
      const page = await store.changesAfter(since, null, 100);
      const seen = (c: JobChange | UnparsedChange): unknown[] =>
        c.kind === 'delete'
          ? [c.cursor, 'delete', c.key, c.boardId]
          : [c.cursor, 'upsert', c.job.key, c.job.boardId, c.job.validThrough];
      expect(page.changes.map(seen)).toEqual(changes.map(seen));
    }

    it('serves the first of two sources, attaches the second, and promotes it when the first goes', async () => {
      const first = posting('a', 1, { url: 'https://acme.example/jobs/1' });
      const second = posting('b', 1, { title: 'SEO-Manager (w/m/d)', company: { ...first.company, name: 'ACME' } });
      const byUrl = posting('c', 1, { title: 'Something else', url: 'http://www.acme.example/jobs/1/' });
      expect(await importAll('a', [first])).toBe(0);
      const cursor = await store.changeCursor();
      expect(await importAll('b', [second])).toBe(1);
      expect(await importAll('c', [byUrl])).toBe(1);
      expect((await live()).map((j) => j.key)).toEqual(['a:id::1']);
      const feed = await store.changesSince(cursor, 100);
      expect(feed.changes.map((c) => [c.kind, c.kind === 'delete' ? c.key : c.job.key])).toEqual([
        ['delete', 'b:id::1'],
        ['delete', 'c:id::1'],
      ]);
      await expectSameByPosition(cursor, feed.changes);

      const group = await store.getGroupByBoardId?.(second.boardId);
      expect(group?.job.key).toBe('a:id::1');
      expect(group?.duplicates.map((j) => j.key)).toEqual(['b:id::1', 'c:id::1']);

      // The served one leaves (a --sync import without it): its duplicates are served again, since
      // b and c do not match each other.
      const before = await store.changeCursor();
      await importAll('a', [posting('a', 2, { title: 'Content Lead' })], true);
      expect((await live()).map((j) => j.key)).toEqual(['a:id::2', 'b:id::1', 'c:id::1']);
      const after = await store.changesSince(before, 100);
      expect(after.changes.map((c) => [c.kind, c.kind === 'delete' ? c.key : c.job.key])).toEqual([
        ['delete', 'a:id::1'],
        ['upsert', 'a:id::2'],
        ['upsert', 'b:id::1'],
        ['upsert', 'c:id::1'],
      ]);
      await expectSameByPosition(before, after.changes);
      // c matched only a's url: with a gone it is served on its own; its feed entry says so.
      expect((await store.getGroupByBoardId?.(byUrl.boardId))?.job.key).toBe('c:id::1');
    });

    it('has no group for a board id it does not hold', async () => {
      await importAll('a', [posting('a', 1)]);
      expect(await store.getGroupByBoardId?.('987654321')).toBeNull();
    });

    it("regroups by a posting's old keys when an upsert moves it: its duplicate is served again", async () => {
      const first = posting('a', 1, { places: [place({ city: { slug: 'berlin', name: 'Berlin' } })] });
      const second = posting('b', 1, { places: [place({ city: { slug: 'berlin', name: 'Berlin' } })] });
      await importAll('a', [first]);
      expect(await importAll('b', [second])).toBe(1);
      expect((await live()).map((j) => j.key)).toEqual(['a:id::1']);
      // a moves to Hamburg: b shared only a's old place key, so b's group must be recomputed.
      await store.upsert([{ ...first, places: [place({ city: { slug: 'hamburg', name: 'Hamburg' } })] }]);
      expect((await live()).map((j) => j.key)).toEqual(['a:id::1', 'b:id::1']);
      // And back: b was stored later, so it is attached to a again.
      await store.upsert([first]);
      expect((await live()).map((j) => j.key)).toEqual(['a:id::1']);
      expect((await store.getGroupByBoardId?.(second.boardId))?.duplicates.map((j) => j.key)).toEqual(['b:id::1']);
    });

    it('groups an import of more postings than one chunk of seeds (1,000), and frees them all again', async () => {
      const count = 2_345;
      const of = (src: string, i: number): Job =>
        posting(src, i, {
          boardId: String((src === 'a' ? 1_000_000 : 2_000_000) + i),
          company: { name: `Firma ${i}`, domain: null, website: null, logoUrl: null, size: null },
        });
      const a = Array.from({ length: count }, (_, i) => of('a', i));
      const b = Array.from({ length: count }, (_, i) => of('b', i));
      expect(await importAll('a', a)).toBe(0);
      expect(await importAll('b', b)).toBe(count);
      const served = await live();
      expect(served).toHaveLength(count);
      expect(served.every((j) => j.source === 'a')).toBe(true);
      // a keeps every third posting (a --sync import): the others' duplicates are served again.
      const kept = a.filter((_, i) => i % 3 === 0);
      await importAll('a', kept, true);
      const after = await live();
      expect(after).toHaveLength(count);
      expect(
        after
          .filter((j) => j.source === 'a')
          .map((j) => j.key)
          .sort(),
      ).toEqual(kept.map((j) => j.key).sort());
      expect(after.filter((j) => j.source === 'b')).toHaveLength(count - kept.length);
      expect((await store.getGroupByBoardId?.(String(1_000_000 + 3)))?.duplicates.map((j) => j.key)).toEqual([
        'b:id::3',
      ]);
    }, 120_000);

    it('groups postings that expire later, or exactly now, as live ones', async () => {
      await importAll('a', [posting('a', 1, { validThrough: NOW + DAY })]);
      // Valid through the very moment of the publish: still live, so attached.
      expect(await importAll('b', [posting('b', 1, { validThrough: NOW })])).toBe(1);
      expect((await live()).map((j) => j.key)).toEqual(['a:id::1']);
    });

    it('serves the smaller key of two copies stored in one write', async () => {
      // One upsert: the same stored order for both, so the key decides, whatever the input order.
      const [b, a] = [posting('b', 1), posting('a', 1)];
      await store.upsert([b, a]);
      expect((await live()).map((j) => j.key)).toEqual(['a:id::1']);
      expect((await store.getGroupByBoardId?.(b.boardId))?.job.key).toBe('a:id::1');
    });

    it("lists a group's duplicates in stored order, and copies stored in one write by key", async () => {
      const z = posting('z', 1);
      await store.upsert([posting('m', 1)]);
      // Stored after the served one, in one write, the larger key first: the key decides.
      await store.upsert([z, posting('b', 1)]);
      // Stored last, with the smallest key of all: after them.
      await store.upsert([posting('a', 1)]);
      const group = await store.getGroupByBoardId?.(z.boardId);
      expect(group?.job.key).toBe('m:id::1');
      expect(group?.duplicates.map((j) => j.key)).toEqual(['b:id::1', 'z:id::1', 'a:id::1']);
    });

    it('never merges postings of one source', async () => {
      expect(await importAll('a', [posting('a', 1), posting('a', 2)])).toBe(0);
      expect((await live()).map((j) => j.key)).toEqual(['a:id::1', 'a:id::2']);
    });

    it('promotes the duplicate of a served posting that is deleted, with a change of its own', async () => {
      const head = posting('a', 1);
      const copy = posting('b', 1);
      await store.upsert([head]);
      await store.upsert([copy]);
      const cursor = await store.changeCursor();
      expect(await store.delete([head.key])).toBe(1);
      expect((await store.getGroupByBoardId?.(copy.boardId))?.job.key).toBe('b:id::1');
      const feed = await store.changesSince(cursor, 100);
      expect(feed.changes.map((c) => [c.kind, c.kind === 'upsert' ? c.job.key : c.key, c.cursor])).toEqual([
        ['delete', 'a:id::1', cursor + 1],
        ['upsert', 'b:id::1', cursor + 1],
      ]);
    });

    it('promotes the duplicates of a served posting that expired, at the next publish of anything', async () => {
      await importAll('a', [posting('a', 1, { validThrough: NOW + DAY })]);
      const copy = posting('b', 1);
      await importAll('b', [copy]);
      expect((await store.getGroupByBoardId?.(copy.boardId))?.job.key).toBe('a:id::1');
      const cursor = await store.changeCursor();
      // An unrelated posting, published after a:id::1 expired.
      const id = await store.beginImport('c');
      await store.stage(id, [{ job: posting('c', 1, { title: 'Content Lead', url: null }), position: 'line 1' }]);
      await store.publish(id, { now: NOW + 2 * DAY, sync: false });
      expect((await store.getGroupByBoardId?.(copy.boardId))?.job.key).toBe('b:id::1');
      const feed = await store.changesSince(cursor, 100);
      expect(feed.changes.map((c) => (c.kind === 'upsert' ? c.job.key : `-${c.key}`)).sort()).toEqual([
        'b:id::1',
        'c:id::1',
      ]);
    });

    it('promotes the duplicates of a served posting that expired, at the next upsert of anything', async () => {
      // upsert groups at the clock's now: the served posting expires a moment after it is written.
      // 1.5 s: room for two writes on a busy machine before it expires.
      const expires = Date.now() + 1_500;
      const head = posting('a', 1, { validThrough: expires });
      const copy = posting('b', 1);
      await store.upsert([head]);
      await store.upsert([copy]);
      expect((await store.getGroupByBoardId?.(copy.boardId))?.job.key).toBe('a:id::1');
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, expires - Date.now()) + 100));
      await store.upsert([posting('c', 1, { title: 'Content Lead', url: null })]);
      expect((await store.getGroupByBoardId?.(copy.boardId))?.job.key).toBe('b:id::1');
    });

    it('promotes a duplicate when the served posting is re-imported already expired', async () => {
      await importAll('a', [posting('a', 1)]);
      await importAll('b', [posting('b', 1)]);
      expect((await live()).map((j) => j.key)).toEqual(['a:id::1']);
      await importAll('a', [posting('a', 1, { validThrough: NOW - DAY })]);
      expect((await live()).map((j) => j.key)).toEqual(['b:id::1']);
    });

    it('serves one posting per duplicate group, the earliest stored, and the feed replays to exactly that', async () => {
      let run = 0;
      // A follower of the whole store across runs: applies each page as it comes.
      const follower = new Map<string, Job>();
      let cursor = 0;
      const follow = async (): Promise<void> => {
        for (;;) {
          const page = await store.changesSince(cursor, 5);
          for (const c of page.changes) {
            if (c.kind === 'upsert') follower.set(c.job.key, c.job);
            else follower.delete(c.key);
          }
          cursor = page.cursor;
          if (!page.more) return;
        }
      };
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
          run += 1;
          // Each run its own companies and sources, so that runs never meet in one store.
          const src = (i: number): string => `${SOURCES[i] ?? 'a'}${run}`;
          const toJob = (s: number, v: Version): Job =>
            posting(src(s), v.id, {
              boardId: String(10_000 * run + 100 * s + v.id),
              company: { name: `${v.company} ${run}`, domain: null, website: null, logoUrl: null, size: null },
              title: v.title,
              places: [place({ city: { slug: v.city, name: v.city } })],
              url: v.url?.replace('/1', `/${run}/1`) ?? null,
              validThrough: v.expired ? LONG_AGO : null,
            });
          const model = new Map<string, Stored>();
          const mine = (j: Job): boolean => SOURCES.some((_, i) => j.source === src(i));
          for (const [step, o] of ops.entries()) {
            const put = (jobs: Job[]): void => {
              for (const j of jobs) model.set(j.key, { job: j, order: model.get(j.key)?.order ?? step });
            };
            if (o.op === 'delete') {
              const keys = o.ids.map((id) => `${src(o.source)}:id::${id}`);
              await store.delete(keys);
              for (const k of keys) model.delete(k);
            } else {
              // One posting per id and import (the last), as a feed would hold it.
              const jobs = [...new Map(o.versions.map((v) => [v.id, toJob(o.source, v)])).values()];
              if (o.op === 'upsert') await store.upsert(jobs);
              else if (jobs.length > 0) {
                const attached = await importAll(src(o.source), jobs, o.sync);
                const kept = new Set(jobs.map((j) => j.key));
                if (o.sync)
                  for (const [k, s] of model) if (s.job.source === src(o.source) && !kept.has(k)) model.delete(k);
                put(jobs);
                await follow();
                const groups = modelGroups(model);
                const expected = jobs.filter((j) => [...groups.values()].some((d) => d.includes(j.key))).length;
                expect(attached).toBe(expected);
                continue;
              }
              put(jobs);
            }
            await follow();
          }
          const groups = modelGroups(model);
          const served = (await live()).filter(mine);
          expect(served.map((j) => j.key).sort()).toEqual([...groups.keys()].sort());
          for (const j of served) expect(j).toStrictEqual(model.get(j.key)?.job);
          for (const [head, duplicates] of groups) {
            const group = await store.getGroupByBoardId?.(model.get(head)?.job.boardId ?? '');
            expect(group?.duplicates.map((d) => d.key)).toEqual(duplicates);
          }
          // The whole feed from 0, and a follower that read it page by page after every step,
          // give exactly the served postings.
          const replay = new Map<string, Job>();
          for (let page = await store.changesSince(0, 7); ; page = await store.changesSince(page.cursor, 7)) {
            for (const c of page.changes) {
              if (c.kind === 'upsert') replay.set(c.job.key, c.job);
              else replay.delete(c.key);
            }
            if (!page.more) break;
          }
          const liveOf = (m: Map<string, Job>): Job[] =>
            [...m.values()]
              .filter((j) => mine(j) && (j.validThrough === null || j.validThrough >= NOW))
              .sort((x, y) => (x.key < y.key ? -1 : 1));
          expect(liveOf(replay)).toStrictEqual(served);
          expect(liveOf(follower)).toStrictEqual(served);
        }),
        { numRuns: 25 },
      );
    }, 120_000);
  });
}
