import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Job, SalaryRange } from '../../../src/domain/job.js';
import type { FacetRequest, ListRequest } from '../../../src/domain/query.js';
import { DEFAULT_SALARY_BUCKETS } from '../../../src/domain/salary-buckets.js';
import { SearchIndex, type SearchReader } from '../../../src/search/segments/search-index.js';
import type { EngineTuning } from '../../../src/search/engine.js';
import { DEFAULT_MERGE_POLICY } from '../../../src/search/segments/merge-policy.js';
import { SegmentSet, type IndexChange } from '../../../src/search/segments/segment-set.js';
import { UnparsedJob } from '../../../src/domain/unparsed-job.js';
import { runSteps } from '../../../src/lib/steps.js';
import { job, MUNICH } from '../../builders.js';
import { corpusArb, facetArb, listArb, NOW, pick } from '../arbitraries.js';
import { expectMarkedWhenFound } from '../helpers.js';
import { naiveFacets } from '../naive-facets.js';
import { cmp, NaiveSearch, naiveEstimates, words } from '../naive-search.js';
import {
  rankByPrefix,
  naiveResolveCompany,
  naiveResolveLocation,
  naiveSuggestCompanies,
  naiveSuggestLocations,
} from '../naive-suggest.js';
import { foldKey } from '../naive-text.js';
import { cleanQueryText } from '../naive-word-forms.js';

const buckets = DEFAULT_SALARY_BUCKETS;

/** One step of a corpus's life: changes (upserts of new or existing postings, deletions), a later clock, a merge. */
type Step =
  | { kind: 'changes'; upserts: { row: number; target: number | null }[]; deletes: number[] }
  | { kind: 'clock'; at: number }
  | { kind: 'merge' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('changes' as const),
      upserts: fc.array(fc.record({ row: fc.nat(), target: fc.option(fc.nat(), { nil: null }) }), { maxLength: 6 }),
      deletes: fc.array(fc.nat(), { maxLength: 3 }),
    }),
  },
  {
    weight: 1,
    // NOW + 1000 is a validThrough of the corpus: a posting is live through that very millisecond.
    arbitrary: fc.record({
      kind: fc.constant('clock' as const),
      at: pick([NOW + 500, NOW + 1000, NOW + 1001, NOW + 5000]),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'merge' as const }) },
);

/**
 * The plain model of a segmented index: the store's postings, and per segment the postings it was
 * built with and the keys deleted from it since (what the rules of NaiveSearch's `segments` need).
 */
class Model {
  readonly store = new Map<string, Job>();
  segments: { jobs: Job[]; deleted: Set<string> }[] = [];
  /** Salary samples since the last full build: each segment's postings as they arrived. */
  samples: Job[] = [];
  /** Each indexed posting's estimate, fixed when its segment was built (by key). */
  readonly estimates = new Map<string, SalaryRange | null>();
  now = NOW;

  constructor(jobs: readonly Job[]) {
    for (const j of jobs) this.store.set(j.key, j);
    this.merge();
  }

  private alive(jobs: Iterable<Job>): Job[] {
    return [...jobs].filter((j) => j.validThrough === null || j.validThrough >= this.now);
  }

  merge(): void {
    const jobs = this.alive(this.store.values());
    this.segments = [{ jobs, deleted: new Set() }];
    this.samples = [...jobs];
    this.estimate(jobs);
  }

  private estimate(jobs: readonly Job[]): void {
    for (const [key, range] of naiveEstimates(this.samples, jobs)) this.estimates.set(key, range);
  }

  apply(changes: readonly ModelChange[]): void {
    const batch = new Map<string, Job>();
    for (const c of changes) {
      const key = c.kind === 'upsert' ? c.job.key : c.key;
      batch.delete(key);
      for (let i = this.segments.length - 1; i >= 0; i--) {
        const s = this.segments[i]!;
        if (s.jobs.some((j) => j.key === key) && !s.deleted.has(key)) {
          s.deleted.add(key);
          break;
        }
      }
      if (c.kind === 'upsert') {
        batch.set(key, c.job);
        this.store.set(key, c.job);
      } else this.store.delete(key);
    }
    const fresh = this.alive(batch.values());
    if (fresh.length > 0) {
      this.samples.push(...fresh);
      this.estimate(fresh);
      this.segments.push({ jobs: fresh, deleted: new Set() });
    }
    if (this.segments.length - 1 > DEFAULT_MERGE_POLICY.maxDeltaSegments) {
      const live = this.alive(this.segments.slice(1).flatMap((s) => s.jobs.filter((j) => !s.deleted.has(j.key))));
      this.estimate(live); // estimated again as the merged segment is built, with no new samples
      this.segments = [this.segments[0]!, { jobs: live, deleted: new Set() }];
    }
  }

  expire(): void {
    for (const s of this.segments)
      for (const j of s.jobs) if (j.validThrough !== null && j.validThrough < this.now) s.deleted.add(j.key);
  }

  naive(): NaiveSearch {
    const live = this.segments.flatMap((s) => s.jobs.filter((j) => !s.deleted.has(j.key)));
    return new NaiveSearch(
      live,
      buckets,
      this.now,
      this.segments.map((s) => s.jobs),
      this.estimates,
    );
  }
}

/** A change as the model takes it: every posting parsed. */
type ModelChange = { kind: 'upsert'; job: Job } | { kind: 'delete'; key: string; boardId: string };

/** What the segment set must do after a step the model has taken: a full build, expiry, or changes. */
type SetStep = { kind: 'base' } | { kind: 'expire' } | { kind: 'apply'; changes: IndexChange[] };

/** Replays the steps on the model, yielding after each what the set must do to follow it. */
function* stepsOf(model: Model, pool: readonly Job[], steps: readonly Step[]): Generator<SetStep> {
  let fresh = 0;
  for (const step of steps) {
    if (step.kind === 'merge') {
      model.merge();
      yield { kind: 'base' };
    } else if (step.kind === 'clock') {
      model.now = Math.max(model.now, step.at);
      model.expire();
      yield { kind: 'expire' };
    } else {
      const keys = [...model.store.values()];
      const changes: ModelChange[] = [];
      // What the set is given: some postings unparsed, as the store's change feed gives them (as
      // text or as bytes), parsed only as they are indexed; the model gets them all parsed.
      const given: IndexChange[] = [];
      for (const { row, target } of step.upserts) {
        if (pool.length === 0) break;
        const version = pool[row % pool.length]!;
        // An update keeps the posting's key and board id; a new posting gets a key of its own.
        const old = target === null || keys.length === 0 ? null : keys[target % keys.length]!;
        const job = old
          ? { ...version, key: old.key, boardId: old.boardId }
          : { ...version, key: `n${fresh++}`, boardId: version.boardId };
        changes.push({ kind: 'upsert', job });
        given.push({ kind: 'upsert', job: row % 3 === 0 ? job : unparsed(job, row % 3 === 1) });
      }
      for (const d of step.deletes) {
        if (keys.length === 0) break;
        const gone = keys[d % keys.length]!;
        changes.push({ kind: 'delete', key: gone.key, boardId: gone.boardId });
        given.push(changes.at(-1)!);
      }
      model.apply(changes);
      yield { kind: 'apply', changes: given };
    }
  }
}

/** A posting as the change feed gives it: its JSON as text or as UTF-8 bytes. */
function unparsed(job: Job, asText: boolean): UnparsedJob {
  const doc = JSON.stringify(job);
  return new UnparsedJob(job.key, job.boardId, job.validThrough, asText ? doc : new TextEncoder().encode(doc));
}

/** A set of one segment, a full build of the model's store. */
const baseOf = (model: Model, tuning: Partial<EngineTuning> = {}): SegmentSet =>
  SegmentSet.of(SearchIndex.build([...model.store.values()], { salaryBuckets: buckets, now: model.now, tuning }), {
    salaryBuckets: buckets,
  });

/**
 * Replays the steps on a SegmentSet and on the model; `check` compares them after each step.
 * Changes are applied with `apply`, or with `pause` as the index worker applies them (`applyAsync`,
 * a pause between their steps). Every other reader is prepared as the index worker prepares it
 * before publishing (its facet dictionaries and suggestion counts made ahead), the others make
 * them on their first request.
 */
async function live(
  initial: readonly Job[],
  pool: readonly Job[],
  steps: readonly Step[],
  check: (set: SegmentSet, model: Model) => void,
  pause: (() => Promise<void>) | null = null,
  tuning: Partial<EngineTuning> = {},
): Promise<void> {
  const model = new Model(initial);
  let set = baseOf(model, tuning);
  check(set, model);
  let stepNo = 0;
  for (const step of stepsOf(model, pool, steps)) {
    if (step.kind === 'base') set = baseOf(model, tuning);
    else if (step.kind === 'expire') set = set.expire(model.now);
    else set = pause ? await set.applyAsync(step.changes, model.now, pause) : set.apply(step.changes, model.now);
    const reader = set.reader();
    if (++stepNo % 2 === 0) {
      if (pause) await set.prepare(pause);
      else runSteps((reader as SearchIndex).prepareSteps());
    }
    check(set, model);
  }
}

const lifeArb = fc.record({
  initial: corpusArb,
  pool: corpusArb,
  steps: fc.array(stepArb, { minLength: 1, maxLength: 8 }),
  // Relevance pages by impact from lists of a few postings (read to their end), or whole.
  impactPrefix: pick([1, 8, 4096]),
});

// endOnFailure: a failure reports its seed and path (replayable) without shrinking; each shrink
// step replays a whole life, which took many minutes.
const RUNS = { numRuns: Number(process.env.SEARCH_PROPERTY_RUNS ?? 60), endOnFailure: true };
const PROPERTY_TIMEOUT_MS = 240_000;

/** Title suggestions by the rules (title-suggest.ts) over segments: see SearchIndex. */
function naiveTitles(
  n: NaiveSearch,
  q: string,
  limit: number,
): { value: string; label: string; count: number; kind: string }[] {
  const STOP = new Set(
    'und oder für fur mit bei als von vom der die das den dem des zur zum ein eine einen im in an auf aus the and for with our you are at of to in on as by del las los por para con una uno sin en el la de y o'.split(
      ' ',
    ),
  );
  const titleWords = (title: string): string[] =>
    words(cleanQueryText(title)).filter((w) => w.length >= 3 && !/^\d+$/.test(w) && !STOP.has(foldKey(w)));
  const titleKeys = (title: string): Set<string> => new Set(titleWords(title).map(foldKey));
  const positionKeys = new Set(n.corpus.map((j) => foldKey(j.position.name)));
  const entities = new Map<string, { label: string; kind: 'position' | 'word' }>();
  for (const seg of n.segments) {
    for (const j of seg) {
      const pk = foldKey(j.position.name);
      if (!entities.has(pk)) entities.set(pk, { label: j.position.name, kind: 'position' });
    }
  }
  for (const seg of n.segments) {
    const spellings = new Map<string, Map<string, number>>();
    for (const j of seg)
      for (const w of titleWords(j.title)) {
        const k = foldKey(w);
        const m = spellings.get(k) ?? new Map<string, number>();
        m.set(w, (m.get(w) ?? 0) + 1);
        spellings.set(k, m);
      }
    for (const [k, m] of spellings) {
      if (positionKeys.has(k) || entities.has(k)) continue;
      const label = [...m].sort((a, b) => b[1] - a[1] || cmp(a[0], b[0]))[0]![0];
      entities.set(k, { label, kind: 'word' });
    }
  }
  const counted = [...entities].map(([key, e]) => ({
    value: e.label,
    label: e.label,
    kind: e.kind,
    jobs: n.live.filter((j) => (e.kind === 'position' ? foldKey(j.position.name) === key : titleKeys(j.title).has(key)))
      .length,
  }));
  return rankByPrefix(counted, q, limit).map((h) => ({ value: h.label, label: h.label, count: h.jobs, kind: h.kind }));
}

/**
 * Every page of a request's order (the request's own page ignored), the page just past the last
 * and one far beyond, against the naive scan's whole order cut into pages.
 */
function expectEveryPage(index: SearchReader, naive: NaiveSearch, r: Omit<ListRequest, 'page'>): void {
  const whole = naive.list({ ...r, page: 1, perPage: Number.MAX_SAFE_INTEGER });
  const last = Math.ceil(whole.total / r.perPage);
  for (const page of [...Array.from({ length: last + 1 }, (_, i) => i + 1), last + 1000]) {
    const start = (page - 1) * r.perPage;
    const expected = { total: whole.total, jobs: whole.jobs.slice(start, start + r.perPage) };
    expect(index.list({ ...r, page }), `page ${page} of ${JSON.stringify(r)}`).toEqual(expected);
  }
}

describe('SearchIndex over segments (base + deltas + deletions) against a naive scan, over a life of changes', () => {
  it(
    'counts and lists the same jobs in the same order after every import, update, deletion, expiry and merge',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          lifeArb,
          fc.array(listArb, { minLength: 1, maxLength: 3 }),
          async ({ initial, pool, steps, impactPrefix }, requests) => {
            await live(
              initial,
              pool,
              steps,
              (set, model) => {
                const index = set.reader();
                const naive = model.naive();
                expect(index.size).toBe(naive.live.length);
                for (const r of requests) {
                  expect(index.count(r.filter)).toBe(naive.count(r.filter));
                  expect(index.list(r)).toEqual(naive.list(r));
                  expectEveryPage(index, naive, r);
                }
                // Every order over all live jobs, 1 to 3 a page: deep pages reach past the matches of
                // a small segment, and the base gives only a window of its order.
                const perPage = 1 + (naive.live.length % 3);
                for (const sort of ['date', 'salary', 'relevance'] as const)
                  for (const order of ['desc', 'asc'] as const)
                    expectEveryPage(index, naive, { filter: {}, sort, order, perPage });
                // Relevance by words of live titles: BM25's corpus-wide statistics decide the order.
                for (const [i, order] of [
                  [0, 'desc'],
                  [1, 'asc'],
                ] as const) {
                  const title = naive.live[(i * 7) % Math.max(1, naive.live.length)]?.title ?? 'seo manager';
                  const keywords = title.split(' ').slice(0, 2).join(' ');
                  const r: ListRequest = { filter: { keywords }, sort: 'relevance', order, page: 1, perPage: 50 };
                  expect(index.list(r)).toEqual(naive.list(r));
                  expectEveryPage(index, naive, { filter: { keywords }, sort: 'relevance', order, perPage: 2 });
                  expectEveryPage(index, naive, {
                    filter: { keywords, seo: i === 0 },
                    sort: 'relevance',
                    order,
                    perPage: 1,
                  });
                  // One word: its postings read by impact, BM25 at the segments' average length.
                  const word = title.split(' ')[i] ?? 'manager';
                  expectEveryPage(index, naive, {
                    filter: { keywords: word },
                    sort: 'relevance',
                    order: 'desc',
                    perPage: 2,
                  });
                }
              },
              null,
              { impactPrefix },
            );
          },
        ),
        RUNS,
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('lists every page of every order over a base and three deltas, each with deletions, as the naive scan', async () => {
    const TITLES = ['SEO Manager', 'Content Manager Berlin', 'SEO Specialist München', 'Entwickler SEO Content'];
    const DAYS = [null, Date.UTC(2026, 9, 1), Date.UTC(2026, 9, 2), Date.UTC(2026, 10, 1), Date.UTC(2026, 10, 3)];
    const PAY = [null, { min: 30_000, max: 40_000 }, { min: 50_000, max: 60_000 }, { min: 60_000, max: 100_000 }];
    const posting = (i: number): Job =>
      job({
        key: `k${i}`,
        // Shared board ids and dates: ties broken by board id, then key, across segments.
        boardId: String(100 + ((i * 7) % 45)),
        title: TITLES[i % TITLES.length]!,
        searchText: `${TITLES[(i + 1) % TITLES.length]!} ${TITLES[i % TITLES.length]!}`,
        isSeo: i % 3 !== 0,
        postedAt: DAYS[i % DAYS.length]!,
        salary: PAY[i % PAY.length]!,
        validThrough: null,
      });
    const initial = Array.from({ length: 40 }, (_, i) => posting(i));
    const pool = Array.from({ length: 24 }, (_, i) => posting(40 + i));
    const fresh = (rows: number[]): { row: number; target: null }[] => rows.map((row) => ({ row, target: null }));
    const steps: Step[] = [
      // Delta 1: 9 new postings, 3 updates of base postings, 2 base postings deleted.
      {
        kind: 'changes',
        upserts: [...fresh([0, 1, 2, 3, 4, 5, 6, 7, 8]), ...[0, 5, 11].map((target) => ({ row: 9, target }))],
        deletes: [2, 13],
      },
      // Delta 2: 8 new; two of delta 1's new postings updated and one deleted (the store lists the
      // 38 base keys first, then delta 1's n0..n8).
      {
        kind: 'changes',
        upserts: [...fresh([10, 11, 12, 13, 14, 15, 16, 17]), { row: 18, target: 38 }, { row: 19, target: 40 }],
        deletes: [39],
      },
      // Delta 3: 6 new, one base posting updated and one of delta 2 deleted.
      { kind: 'changes', upserts: [...fresh([20, 21, 22, 23, 0, 1]), { row: 2, target: 3 }], deletes: [48] },
    ];
    let checked = 0;
    await live(initial, pool, steps, (set, model) => {
      const index = set.reader();
      const naive = model.naive();
      for (const sort of ['date', 'salary', 'relevance'] as const)
        for (const order of ['desc', 'asc'] as const)
          for (const perPage of [1, 3, 7])
            for (const filter of [{}, { seo: true }, { keywords: 'seo manager' }, { keywords: 'content', seo: true }])
              expectEveryPage(index, naive, { filter, sort, order, perPage });
      checked++;
      if (checked === steps.length + 1) {
        expect(model.segments).toHaveLength(4);
        for (const s of model.segments.slice(0, 3)) expect(s.deleted.size).toBeGreaterThan(0);
      }
    });
    expect(checked).toBe(steps.length + 1);
  });

  it(
    'counts the same facets in both modes after every step',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          lifeArb,
          fc.array(facetArb, { minLength: 1, maxLength: 3 }),
          async ({ initial, pool, steps }, requests) => {
            await live(initial, pool, steps, (set, model) => {
              const index = set.reader();
              const naive = model.naive();
              for (const r of requests) expect(index.facets(r)).toEqual(naiveFacets(naive, r));
            });
          },
        ),
        RUNS,
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'suggests places, companies and titles and resolves values alike after every step',
    async () => {
      const q = pick(['b', 'mün', 'am', 'a', 'acme', 'söhne', 'z', 'se', 'man', 'entw', 'ma', 'de', '', ' ']);
      const value = pick(['München', 'muenchen', 'koeln', 'BERLIN', 'wien', 'nowhere', 'Acme GmbH', 'ZETA ag']);
      await fc.assert(
        fc.asyncProperty(
          lifeArb,
          fc.array(fc.tuple(q, fc.integer({ min: 0, max: 5 }), value), { minLength: 1, maxLength: 3 }),
          async ({ initial, pool, steps }, queries) => {
            await live(initial, pool, steps, (set, model) => {
              const index = set.reader();
              const naive = model.naive();
              for (const [text, limit, v] of queries) {
                expect(index.suggestLocations(text, limit)).toEqual(naiveSuggestLocations(naive, text, limit));
                expect(index.suggestCompanies(text, limit)).toEqual(naiveSuggestCompanies(naive, text, limit));
                expect(index.suggestTitles(text, limit)).toEqual(naiveTitles(naive, text, limit));
                expect(index.resolveLocation(v)).toEqual(naiveResolveLocation(naive, v));
                expect(index.resolveCompany(v)).toEqual(naiveResolveCompany(naive, v));
              }
            });
          },
        ),
        RUNS,
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('answers exactly as a fresh build once merged, and a merge drops what was deleted', async () => {
    await fc.assert(
      fc.asyncProperty(
        lifeArb,
        listArb,
        facetArb,
        async ({ initial, pool, steps }, list: ListRequest, facets: FacetRequest) => {
          let last: SegmentSet | null = null;
          let model: Model | null = null;
          await live(initial, pool, steps, (set, m) => {
            last = set;
            model = m;
          });
          const fresh = SearchIndex.build([...model!.store.values()], { salaryBuckets: buckets, now: model!.now });
          const merged = new SearchIndex([{ segment: fresh.leaves[0]!.segment, live: null }]);
          expect(merged.size).toBe(fresh.size);
          expect(merged.list(list)).toEqual(fresh.list(list));
          expect(merged.facets(facets)).toEqual(fresh.facets(facets));
          expect(last!.reader().size).toBe(fresh.size);
        },
      ),
      { numRuns: 40 },
    );
  });
});

const company = (name: string) => ({ name, domain: null, website: null, logoUrl: null, size: null });
/** A base of the given postings and a delta of the others (one posting of the base deleted, so both segments serve). */
const twoSegments = (base: Job[], delta: Job[]): SearchReader => {
  const gone = job({ company: company('Gone AG') });
  let set = SegmentSet.of(SearchIndex.build([...base, gone], { salaryBuckets: buckets, now: NOW }), {
    salaryBuckets: buckets,
  });
  set = set.apply(
    [
      ...delta.map((j) => ({ kind: 'upsert' as const, job: j })),
      { kind: 'delete' as const, key: gone.key, boardId: gone.boardId },
    ],
    NOW,
  );
  const reader = set.reader();
  expect((reader as SearchIndex).leaves).toHaveLength(2);
  return reader;
};

/** A posting whose searched texts are its title (and its company, position and the like of every posting). */
const titled = (title: string): Job => job({ title, searchText: title, skills: [] });

describe('a segment set as the index worker keeps it (applyAsync, prepare) and what its owner reads of it', () => {
  const DAY = 86_400_000;

  /** The earliest validThrough of a live posting, or Infinity. */
  const naiveNextExpiry = (model: Model): number =>
    Math.min(...model.naive().live.map((j) => j.validThrough ?? Infinity), Infinity);

  /**
   * When the next "new" flag ends: the earliest posted + window of an indexed posting (deleted
   * or not: waking early costs nothing) posted after now - window; Infinity when none is.
   */
  const naiveNextNewChange = (model: Model, window: number): number =>
    Math.min(
      ...model.segments
        .flatMap((s) => s.jobs)
        .filter((j) => j.postedAt !== null && j.postedAt > model.now - window)
        .map((j) => j.postedAt! + window),
      Infinity,
    );

  it(
    'answers, counts its deltas and foresees its next change after every step, pausing between its steps',
    async () => {
      await fc.assert(
        fc.asyncProperty(lifeArb, listArb, facetArb, async ({ initial, pool, steps }, list: ListRequest, facets) => {
          let pauses = 0;
          const pause = (): Promise<void> => {
            pauses++;
            return Promise.resolve();
          };
          let applied = 0;
          await live(
            initial,
            pool,
            steps,
            (set, model) => {
              const index = set.reader();
              const naive = model.naive();
              expect(index.list(list)).toEqual(naive.list(list));
              expect(index.facets(facets)).toEqual(naiveFacets(naive, facets));
              expect(set.segmentCount).toBe(model.segments.length);
              expect(set.deltaSize).toBe(model.segments.slice(1).reduce((n, s) => n + s.jobs.length, 0));
              expect(set.nextExpiry).toBe(naiveNextExpiry(model));
              // Windows whose start falls between the corpus's dates, and exactly on one (Oct 1, 45 days before NOW).
              for (const days of [1, 15, 45, 46, 60])
                expect(set.nextNewChange(model.now, days * DAY), `${days} days`).toBe(
                  naiveNextNewChange(model, days * DAY),
                );
              if (model.segments.length > 1) applied++;
            },
            pause,
          );
          // A new delta segment is built a slice at a time, each slice offered a pause.
          if (applied > 0) expect(pauses).toBeGreaterThan(0);
        }),
        RUNS,
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  /** Every text a keyword query searches, the title first. */
  const searched = (j: Job): string[] => [
    j.title,
    j.company.name,
    j.position.name,
    ...j.skills.map((k) => k.name),
    j.searchText,
  ];

  it('marks the words of a listed job exactly when the job is found, in whichever segment it lives', async () => {
    await fc.assert(
      fc.asyncProperty(lifeArb, fc.nat(), fc.boolean(), async ({ initial, pool, steps }, pickWord, typos) => {
        // One position no query names: a query naming a position finds its jobs without a word to mark.
        const plain = (jobs: readonly Job[]): Job[] =>
          jobs.map((j) => ({ ...j, position: { slug: 'qqq', name: 'Qqq' } }));
        await live(plain(initial), plain(pool), steps, (set, model) => {
          const index = set.reader();
          const naive = model.naive();
          const titleWords = naive.live.flatMap((j) => words(j.title));
          const q = titleWords.length === 0 ? 'seo' : titleWords[pickWord % titleWords.length]!;
          expectMarkedWhenFound(index, naive.live, q, typos, searched);
        });
      }),
      { numRuns: 40, endOnFailure: true },
    );
  });

  it('offers a correction only when the keywords find nothing and the correction finds something', async () => {
    await fc.assert(
      fc.asyncProperty(lifeArb, fc.nat(), async ({ initial, pool, steps }, pickWord) => {
        await live(initial, pool, steps, (set, model) => {
          const index = set.reader();
          const titleWords = model
            .naive()
            .live.flatMap((j) => words(j.title))
            .filter((w) => w.length >= 5);
          const word = titleWords.length === 0 ? 'manager' : titleWords[pickWord % titleWords.length]!;
          // The word with one letter doubled: a typo, unless the index has that spelling too.
          const typo = `${word.slice(0, 3)}${word[3]}${word.slice(3)}`;
          expect(index.didYouMean({})).toBeNull();
          for (const filter of [{ keywords: word }, { keywords: typo, typos: false }, { keywords: typo }]) {
            const corrected = index.didYouMean(filter);
            if (index.count(filter) > 0) expect(corrected).toBeNull();
            else if (corrected !== null) expect(index.count({ ...filter, keywords: corrected })).toBeGreaterThan(0);
          }
        });
      }),
      { numRuns: 40, endOnFailure: true },
    );
  });

  it('corrects a typo by the words of the base, once deltas and deletions exist', () => {
    const index = twoSegments([titled('Marketing Manager')], [titled('Pflege Station')]);
    expect(index.didYouMean({ keywords: 'markting', typos: false })).toBe('marketing');
    expect(index.didYouMean({ keywords: 'markting' })).toBeNull(); // typo tolerance finds it already
    expect(index.didYouMean({ keywords: 'markting', typos: false, seo: false })).toBeNull(); // the correction finds nothing either
  });

  it('corrects a typo by the words of every segment: a delta word with the stem of a base correction matches as in one index', () => {
    // `planned` (base) is a typo away from `planner`; `planning` (delta) shares its stem, not the agent noun's.
    const plain = (title: string): Job =>
      job({ title, searchText: title, skills: [], language: 'en', position: { slug: 'analyst', name: 'Analyst' } });
    const base = [plain('Planned budgets'), plain('Pflege Station')];
    const delta = [plain('Planning team')];
    const one = SearchIndex.build([...base, ...delta], { salaryBuckets: buckets, now: NOW });
    expect(one.count({ keywords: 'planner', typos: false })).toBe(0);
    expect(one.count({ keywords: 'planner' })).toBe(2);
    expect(twoSegments(base, delta).count({ keywords: 'planner' })).toBe(2);
  });

  it('gives the words any segment marks in text order, whichever segment marks them', () => {
    const reader = twoSegments([titled('Marketing Berater')], [titled('Markting Kunden')]);
    // The base knows `marketing` (a typo away from the query), the delta `markting` itself.
    const text = 'Markting und Marketing';
    const [[ranges]] = reader.highlight('markting', true, [{ language: 'de', texts: [text] }]) as [
      [[number, number][]],
    ];
    expect(ranges.map(([a, b]) => text.slice(a, b))).toEqual(['Markting', 'Marketing']);
  });

  it('refuses a reader of no segment or of one segment twice', () => {
    const base = SearchIndex.build([job()], { salaryBuckets: buckets, now: NOW }).leaves[0]!.segment;
    expect(() => new SearchIndex([])).toThrow('at least one segment');
    expect(
      () =>
        new SearchIndex([
          { segment: base, live: null },
          { segment: base, live: null },
        ]),
    ).toThrow('a segment of its own');
  });
});

describe('suggestions over a base and a delta', () => {
  it('fills the places left after the first-word matches with the inner matches that have the most jobs', () => {
    const at = (name: string, n: number): Job[] => Array.from({ length: n }, () => job({ company: company(name) }));
    const reader = twoSegments(
      [...at('Beta Tools', 1), ...at('Acme Tools', 3), ...at('Toolbox GmbH', 1)],
      [...at('Gamma Tools', 2), ...at('Delta Tools', 1)],
    );
    // `Toolbox GmbH` starts with `tool`; of the four inner matches the two with the most jobs.
    expect(reader.suggestCompanies('tool', 3).map((s) => s.label)).toEqual([
      'Acme Tools',
      'Gamma Tools',
      'Toolbox GmbH',
    ]);
  });

  it('takes enough of the base matches that those the delta also holds cannot crowd out the best', () => {
    const at = (name: string, n: number): Job[] => Array.from({ length: n }, () => job({ company: company(name) }));
    const reader = twoSegments(
      [...at('Taa AG', 5), ...at('Tbb AG', 4), ...at('Txx AG', 1), ...at('Tyy AG', 1)],
      [...at('Txx AG', 1), ...at('Tyy AG', 1)],
    );
    expect(reader.suggestCompanies('t', 2).map((s) => s.label)).toEqual(['Taa AG', 'Tbb AG']);
  });

  it('makes a title word that is a position in another segment the position, counting its jobs only', () => {
    const reader = twoSegments(
      [job({ title: 'Berater Vertrieb', position: { slug: 'vertrieb', name: 'Vertrieb' } })],
      [
        job({ title: 'Senior Berater', position: { slug: 'berater', name: 'Berater' } }),
        job({ title: 'Berater', position: { slug: 'berater', name: 'Berater' } }),
      ],
    );
    expect(reader.suggestTitles('berat', 5)).toEqual([
      { value: 'Berater', label: 'Berater', count: 2, kind: 'position' },
    ]);
  });
});

describe('salary estimates in a segmented index', () => {
  const munich = { ...MUNICH, countryCode: 'DE' };
  const seo = (salary: { min: number; max: number } | null): Job =>
    job({
      position: { slug: 'seo-manager', name: 'SEO Manager' },
      seniority: 'senior',
      isSeo: true,
      places: [munich],
      salary,
    });
  const paid = [40_000, 50_000, 60_000, 70_000, 80_000].map((min) => seo({ min, max: min + 10_000 }));

  const applyNow = (set: SegmentSet, changes: IndexChange[]): Promise<SegmentSet> =>
    Promise.resolve(set.apply(changes, NOW));
  const applyPausing = (set: SegmentSet, changes: IndexChange[]): Promise<SegmentSet> =>
    set.applyAsync(changes, NOW, () => Promise.resolve());

  it.each([
    ['apply', applyNow],
    ['applyAsync', applyPausing],
  ])(
    'estimates a new posting from the samples that arrived with it or before, in any segment (%s)',
    async (_, apply) => {
      const base = SearchIndex.build([], { salaryBuckets: buckets, now: NOW });
      const unpaid = seo(null);
      let set = SegmentSet.of(base, { salaryBuckets: buckets });
      set = await apply(
        set,
        paid.slice(0, 4).map((j) => ({ kind: 'upsert' as const, job: j })),
      );
      // Four comparable salaries: no sound basis yet.
      const early = seo(null);
      set = await apply(set, [{ kind: 'upsert', job: early }]);
      set = await apply(
        set,
        [paid[4]!, unpaid].map((j) => ({ kind: 'upsert' as const, job: j })),
      );
      const cards = set.reader().list({ filter: {}, sort: 'date', order: 'desc', page: 1, perPage: 20 }).jobs;
      // The median of 40k..80k is 60k (and of the maxima 70k); the early one keeps its missing estimate.
      expect(cards.find((c) => c.key === unpaid.key)?.estimatedSalary).toEqual({ min: 60_000, max: 70_000 });
      expect(cards.find((c) => c.key === early.key)?.estimatedSalary).toBeNull();
    },
  );

  it.each([
    ['apply', applyNow],
    ['applyAsync', applyPausing],
  ])('adds no samples again when it merges small segments (%s)', async (_, apply) => {
    let set = SegmentSet.of(SearchIndex.build([], { salaryBuckets: buckets, now: NOW }), { salaryBuckets: buckets });
    const unpaid = seo(null);
    // Three comparable salaries, one delta each, then the unpaid posting and one more delta: five
    // deltas, more than DEFAULT_MERGE_POLICY.maxDeltaSegments, so the small ones are merged into one.
    const batches = [...paid.slice(0, 3), unpaid, seo(null)];
    expect(batches.length).toBe(DEFAULT_MERGE_POLICY.maxDeltaSegments + 1);
    for (const j of batches) set = await apply(set, [{ kind: 'upsert', job: j }]);
    expect(set.segmentCount).toBe(2);
    const cards = set.reader().list({ filter: {}, sort: 'date', order: 'desc', page: 1, perPage: 20 }).jobs;
    // Three samples are no sound basis (five are): counted twice, they would be six.
    expect(cards.find((c) => c.key === unpaid.key)?.estimatedSalary).toBeNull();
  });
});
