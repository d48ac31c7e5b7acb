import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Job } from '../../../src/domain/job.js';
import type { JobFilter, ListRequest } from '../../../src/domain/query.js';
import { DEFAULT_SALARY_BUCKETS } from '../../../src/domain/salary-buckets.js';
import { buildEngine, DEFAULT_TUNING, type Engine, type EngineTuning } from '../../../src/search/engine.js';
import { evaluate, planFilter, positionCode } from '../../../src/search/query/filter.js';
import { relevanceWindow } from '../../../src/search/query/relevance-page.js';
import { toIds } from '../../../src/search/postings/doc-set.js';
import { SearchIndex } from '../../../src/search/segments/search-index.js';
import { SegmentSet } from '../../../src/search/segments/segment-set.js';
import { job } from '../../builders.js';
import { NaiveSearch } from '../naive-search.js';
import { corpusArb, NOW, pick, PLACES, PREFIXES, WORDS } from '../arbitraries.js';

const RUNS = { numRuns: Number(process.env.SEARCH_PROPERTY_RUNS ?? 150) };
const TIMEOUT_MS = 240_000;

const build = (jobs: Job[], tuning: Partial<EngineTuning>): SearchIndex =>
  SearchIndex.build(jobs, { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW, tuning });

/** Every page of the order (and one past the last), as the naive scan's whole order cut into pages. */
function expectEveryPage(index: SearchIndex, naive: NaiveSearch, r: Omit<ListRequest, 'page'>): void {
  const whole = naive.list({ ...r, page: 1, perPage: Number.MAX_SAFE_INTEGER });
  const last = Math.ceil(whole.total / r.perPage);
  for (let page = 1; page <= last + 1; page++) {
    const start = (page - 1) * r.perPage;
    const expected = { total: whole.total, jobs: whole.jobs.slice(start, start + r.perPage) };
    expect(index.list({ ...r, page }), `page ${page} of ${JSON.stringify(r)}`).toEqual(expected);
  }
}

/** The corpus with some jobs of the position one word names (`Entwickler`, `Developer`). */
const DEVELOPER = { slug: 'softwareentwickler', name: 'Softwareentwickler' };
const namedCorpusArb = corpusArb.chain((jobs) =>
  fc
    .array(fc.boolean(), { minLength: jobs.length, maxLength: jobs.length })
    .map((flags) => jobs.map((j, i) => (flags[i] ? { ...j, position: DEVELOPER } : j))),
);

const keywordFilterArb: fc.Arbitrary<JobFilter> = fc.record(
  {
    // Words of the corpus, prefixes, typos, and queries naming a position (`SEO Manager`, `Entwickler`).
    keywords: fc.oneof(
      fc.array(pick([...WORDS, ...PREFIXES]), { minLength: 1, maxLength: 3 }).map((ws) => ws.join(' ')),
      pick(['SEO Manager', 'seo manager berlin', 'Entwickler', 'Marketing Manager']),
      pick(['Entwickler', 'entwicklerin', 'Developer', 'Softwareentwickler', 'Entwicklr']),
    ),
    typos: fc.boolean(),
    partialWords: fc.boolean(),
    prefer: fc.array(
      fc.oneof(
        pick(['junior', 'senior', 'nope']).map((value) => ({ field: 'seniority' as const, value })),
        pick(['remote', 'hybrid', 'onsite']).map((value) => ({ field: 'workModel' as const, value })),
        pick(['Berlin', 'muenchen', 'nowhere']).map((value) => ({ field: 'location' as const, value })),
      ),
      { maxLength: 3 },
    ),
    seo: fc.boolean(),
  },
  { requiredKeys: ['keywords'] },
);

/** relevanceWindow's page [start, end) of the filter's order (docs, scores, how many scored); `end` at most the matches. */
function windowIn(
  e: Engine,
  filter: JobFilter,
  [start, end]: readonly [number, number],
  descending: boolean,
  prune: boolean,
  impact: number,
  apart = true,
): ReturnType<typeof relevanceWindow> {
  const plan = planFilter(e, filter);
  const match = evaluate(e, plan);
  const ids = toIds(match, e.n);
  const bits = match.kind === 'bits' ? match.words : e.scratch.bitsOf(ids);
  const code = positionCode(e, plan.keywords!);
  const named = code === undefined ? undefined : e.columns.position.postings[code];
  const prefer = plan.prefer.map((c) => c.has);
  // `apart`: the preferred values' documents given, as the list route gives them.
  const preferred = apart ? plan.prefer.map((c) => c.docs()) : undefined;
  const extras = { positions: e.columns.position.col, code, prefer, preferred, named };
  const words = plan.keywords!.words;
  return relevanceWindow(e.keywords, words, ids, bits, start, end, descending, extras, null, prune, impact);
}

/** How many matches relevanceWindow scores for page [0, end) of the filter's order. */
function scoredIn(
  e: Engine,
  filter: JobFilter,
  end: number,
  descending: boolean,
  prune: boolean,
  impact: number,
): number {
  return windowIn(e, filter, [0, end], descending, prune, impact).scored;
}

describe('the relevance order, scoring only the matches whose tiers can reach the page', () => {
  it(
    'gives every page, in either direction, as the naive scan scores and sorts every match',
    () => {
      fc.assert(
        fc.property(
          namedCorpusArb,
          keywordFilterArb,
          pick(['desc', 'asc'] as const),
          pick([1, 2, 3, 7]),
          pick([32, 2, Infinity]),
          pick([1, 8, 4096]),
          (jobs, filter, order, perPage, denseRatio, impactPrefix) => {
            const walked = build(jobs, { denseRatio, relevance: process.env.REL ?? 'impact', impactPrefix } as never);
            const pruned = build(jobs, { denseRatio, relevance: 'prune' });
            const full = build(jobs, { denseRatio, relevance: 'full' });
            const naive = new NaiveSearch(jobs, DEFAULT_SALARY_BUCKETS, NOW);
            const r = { filter, sort: 'relevance' as const, order, perPage };
            expectEveryPage(walked, naive, r);
            expectEveryPage(pruned, naive, r);
            for (let page = 1; page <= 3; page++)
              expect(pruned.list({ ...r, page })).toEqual(full.list({ ...r, page }));
          },
        ),
        RUNS,
      );
    },
    TIMEOUT_MS,
  );

  // Few distinct postings, many copies: every tier holds long runs of equal scores.
  const POSITION_SEO = { slug: 'seo-manager', name: 'SEO Manager' };
  const POSITION_KOCH = { slug: 'koch', name: 'Koch' };
  const TITLES = ['SEO Manager', 'Manager', 'SEO', 'Content Marketing Manager', 'Marketing', 'Entwickler SEO'];
  const TEXTS = ['', 'seo', 'manager seo manager', 'marketing content', 'Managerin Marketing SEO'];
  const many = (count: number): Job[] =>
    Array.from({ length: count }, (_, i) =>
      job({
        key: `k${i}`,
        boardId: String(1000 + i),
        title: TITLES[i % TITLES.length]!,
        searchText: TEXTS[(i * 7) % TEXTS.length]!,
        language: (['de', 'en', 'es'] as const)[i % 3]!,
        seniority: i % 4 === 0 ? 'senior' : null,
        workModel: i % 5 === 0 ? 'remote' : null,
        // Some jobs of the position `SEO Manager` names, some holding neither of its words.
        position: [POSITION_SEO, POSITION_SEO, POSITION_KOCH][i % 3]!,
        validThrough: null,
      }),
    );

  it.each([
    ['the tiers', { relevance: 'prune' }],
    ['postings by impact, a short prefix', { relevance: 'impact', impactPrefix: 8 }],
    ['postings by impact, whole', { relevance: 'impact', impactPrefix: 4096 }],
  ] as const)('gives the same pages deep in the order, ties included, as scoring every match (%s)', (_, tuning) => {
    const jobs = many(400);
    const pruned = build(jobs, tuning);
    const full = build(jobs, { relevance: 'full' });
    const naive = new NaiveSearch(jobs, DEFAULT_SALARY_BUCKETS, NOW);
    const filters: JobFilter[] = [
      { keywords: 'seo manager' },
      { keywords: 'seo manager', partialWords: true },
      { keywords: 'manager marketing content', partialWords: true, prefer: [{ field: 'seniority', value: 'senior' }] },
      { keywords: 'managr', prefer: [{ field: 'workModel', value: 'remote' }] },
      { keywords: 'mana' },
      { keywords: 'manager' },
      { keywords: 'seo', prefer: [{ field: 'seniority', value: 'senior' }] },
      { keywords: 'managr', typos: true },
      // Several words: every word required or some, a named position, preferred values, typos.
      { keywords: 'marketing content' },
      { keywords: 'content marketing manager', prefer: [{ field: 'workModel', value: 'remote' }] },
      { keywords: 'seo manager', prefer: [{ field: 'seniority', value: 'senior' }] },
      { keywords: 'seo marketing', partialWords: true },
      { keywords: 'seo content entwickler', partialWords: true, prefer: [{ field: 'workModel', value: 'remote' }] },
      { keywords: 'seo managr', typos: true },
      { keywords: 'markting manager content', typos: true, partialWords: true },
    ];
    for (const filter of filters)
      for (const order of ['desc', 'asc'] as const) {
        const whole = naive.list({ filter, sort: 'relevance', order, page: 1, perPage: 1000 });
        expect(whole.total).toBeGreaterThan(100);
        for (const perPage of [1, 7, 50]) {
          const last = Math.ceil(whole.total / perPage);
          for (const page of [1, 2, 3, Math.ceil(last / 2), last - 1, last, last + 1]) {
            const r: ListRequest = { filter, sort: 'relevance', order, page, perPage };
            const got = pruned.list(r);
            expect(got, JSON.stringify(r)).toEqual(full.list(r));
            const start = (page - 1) * perPage;
            expect(got.jobs).toEqual(whole.jobs.slice(start, start + perPage));
          }
        }
      }
  });

  it('gives every page over a base and deltas with deletions, as scoring every match of the same segments', () => {
    // Copies tie; the deltas' long postings lengthen the average BM25 reads at (above the base's own).
    const base = many(300);
    const long = (i: number): Job =>
      job({
        key: `l${i}`,
        boardId: String(5000 + i),
        title: TITLES[i % TITLES.length]!,
        searchText: `${TEXTS[i % TEXTS.length]!} ${'Marketing Content SEO Manager Entwickler '.repeat(12 + (i % 5))}`,
        validThrough: null,
      });
    const setOf = (tuning: Partial<EngineTuning>): SegmentSet =>
      SegmentSet.of(build(base, tuning), { salaryBuckets: DEFAULT_SALARY_BUCKETS, tuning });
    const sets = [1, 8, 4096].map((impactPrefix) => setOf({ relevance: 'impact', impactPrefix }));
    let full = setOf({ relevance: 'full' });
    let live = [...base];
    for (const batch of [0, 1]) {
      const added = Array.from({ length: 40 }, (_, i) => long(batch * 40 + i));
      const gone = live.filter((_, i) => i % 7 === batch);
      const changes = [
        ...added.map((j) => ({ kind: 'upsert' as const, job: j })),
        ...gone.map((j) => ({ kind: 'delete' as const, key: j.key, boardId: j.boardId })),
      ];
      live = [...live.filter((j) => !gone.includes(j)), ...added];
      full = full.apply(changes, NOW);
      const whole = full.reader();
      for (const [s, set] of sets.entries()) {
        sets[s] = set.apply(changes, NOW);
        const reader = sets[s].reader();
        for (const keywords of ['seo', 'manager', 'marketing', 'mana', 'managr', 'seo manager', 'content marketing'])
          for (const [perPage, order] of [
            [1, 'desc'],
            [7, 'desc'],
            [7, 'asc'],
          ] as const) {
            const r = { filter: { keywords }, sort: 'relevance' as const, order, perPage };
            const total = whole.count(r.filter);
            expect(total).toBeGreaterThan(20);
            for (let page = 1; page <= Math.ceil(total / perPage) + 1; page++)
              expect(reader.list({ ...r, page }), `page ${page} of ${JSON.stringify(r)}`).toEqual(
                whole.list({ ...r, page }),
              );
          }
      }
    }
  });

  it('bounds a word of several terms by any of their postings: a title of one, BM25 of another', () => {
    // `mana` is management and manag~: a posting titled `Management` whose text repeats `Manager`
    // gets its BM25 from its posting outside the title, above the titles' own.
    const filler = 'Wir bieten Obst Kaffee und ein Team. ';
    const jobs = Array.from({ length: 120 }, (_, i) =>
      job({
        key: `k${i}`,
        boardId: String(1000 + ((i * 37) % 120)),
        title: i % 3 === 0 && i % 4 !== 1 ? 'Manager' : 'Management',
        searchText: i % 4 === 1 ? 'Manager '.repeat(12 + (i % 9)) : filler.repeat(1 + (i % 3)),
        position: { slug: 'koch', name: 'Koch' },
        language: 'de',
        validThrough: null,
      }),
    );
    const full = build(jobs, { relevance: 'full' });
    for (const impactPrefix of [1, 8, 4096]) {
      const walked = build(jobs, { relevance: 'impact', impactPrefix });
      for (const keywords of ['mana', 'management', 'manager'])
        for (const perPage of [1, 3, 7])
          for (let page = 1; page <= 5; page++) {
            const r: ListRequest = { filter: { keywords }, sort: 'relevance', order: 'desc', page, perPage };
            expect(walked.list(r), JSON.stringify(r)).toEqual(full.list(r));
          }
    }
  });

  // A word naming a position: its jobs with and without the word (in the title, in the text, not
  // at all), others with the word in the title above those without it, typos, preferred values.
  const DEV_TITLES = [
    'Entwickler',
    'Java Entwickler',
    'Koch',
    'Softwareentwickler',
    'Developer Koch',
    'Manager',
    'Team',
  ];
  const DEV_TEXTS = ['', 'entwickler', 'Entwickler Entwickler Code', 'kochen', 'developer im Team', 'entwickeln'];
  // The position's name is indexed: under another name its jobs may hold none of the query's terms.
  const OTHER_NAME = { slug: DEVELOPER.slug, name: 'Programmierung' };
  const KOCH = { slug: 'koch', name: 'Koch' };
  const developers = (count: number, share: number): Job[] =>
    Array.from({ length: count }, (_, i) =>
      job({
        key: `k${i}`,
        boardId: String(1000 + ((i * 37) % count)),
        title: DEV_TITLES[(i * 5) % DEV_TITLES.length]!,
        searchText: `${DEV_TEXTS[Math.floor(i / 6) % DEV_TEXTS.length]!.repeat(1 + (i % 3))} ${'Obst '.repeat(i % 17)}`,
        position: i % share === 0 ? (i % 4 === 0 ? DEVELOPER : OTHER_NAME) : { slug: 'koch', name: 'Koch' },
        language: 'de',
        seniority: i % 4 === 0 ? 'senior' : null,
        validThrough: null,
      }),
    );

  it('walks a word naming a position by impact, giving the pages of scoring every match', () => {
    for (const share of [1, 2, 5, 40]) {
      const jobs = developers(240, share);
      const full = build(jobs, { relevance: 'full' });
      const naive = new NaiveSearch(jobs, DEFAULT_SALARY_BUCKETS, NOW);
      for (const impactPrefix of [1, 8, 4096]) {
        const walked = build(jobs, { relevance: 'impact', impactPrefix });
        const filters: JobFilter[] = [
          { keywords: 'entwickler' },
          { keywords: 'Developer' },
          { keywords: 'developer', typos: false },
          { keywords: 'entwicklr', typos: true },
          { keywords: 'entwickler', prefer: [{ field: 'seniority', value: 'senior' }] },
          { keywords: 'entwickler', partialWords: true },
        ];
        for (const filter of filters)
          for (const perPage of [1, 7, 50]) {
            const whole = naive.list({ filter, sort: 'relevance', order: 'desc', page: 1, perPage: 1000 });
            for (let page = 1; page <= Math.ceil(whole.total / perPage) + 1; page++) {
              const r: ListRequest = { filter, sort: 'relevance', order: 'desc', page, perPage };
              const got = walked.list(r);
              expect(got, `${share} ${impactPrefix} ${JSON.stringify(r)}`).toEqual(full.list(r));
              expect(got.jobs).toEqual(whole.jobs.slice((page - 1) * perPage, page * perPage));
            }
          }
      }
    }
    // The walk takes such a query: fewer scored than the tiers' candidates.
    const e = buildEngine(developers(400, 1), DEFAULT_SALARY_BUCKETS, NOW, DEFAULT_TUNING);
    const filter = { keywords: 'entwickler' };
    expect(scoredIn(e, filter, 5, true, true, 4096)).toBeLessThan(scoredIn(e, filter, 5, true, true, 0));
    // Its scores are the tiers', bit for bit, on every window.
    for (const share of [2, 5]) {
      const d = buildEngine(developers(240, share), DEFAULT_SALARY_BUCKETS, NOW, DEFAULT_TUNING);
      for (const f of [
        filter,
        { keywords: 'entwicklr', typos: true },
        { keywords: 'developer', prefer: [{ field: 'seniority' as const, value: 'senior' }] },
      ])
        for (let end = 1; end <= 240; end += 13) {
          const tiers = windowIn(d, f, [0, end], true, true, 0);
          for (const prefix of [8, 4096]) {
            const walked = windowIn(d, f, [0, end], true, true, prefix);
            expect([...walked.docs], `${share} ${end} ${JSON.stringify(f)}`).toEqual([...tiers.docs]);
            expect([...walked.scores]).toEqual([...tiers.scores]);
          }
        }
    }
  });

  // One word and preferred values: titles of few kinds (runs of equal keys), jobs of the position
  // the word names (some under another name), one or several values a job holds, none, or values
  // no job has.
  const preferJobArb = fc.record({
    title: pick(['Entwickler', 'Manager', 'SEO Manager', 'Koch', 'Entwickler Manager', 'Team', 'Developer']),
    text: pick(['', 'manager', 'entwickler entwickler', 'Obst', 'seo manager seo', 'developer']),
    filler: fc.nat({ max: 12 }),
    position: pick(['developer', 'other', 'koch', 'koch', 'koch'] as const),
    seniority: fc.option(pick(['junior', 'senior'] as const), { nil: null }),
    workModel: fc.option(pick(['remote', 'hybrid'] as const), { nil: null }),
    berlin: fc.boolean(),
  });
  const preferCorpusArb = (max: number): fc.Arbitrary<Job[]> =>
    fc.array(preferJobArb, { minLength: 1, maxLength: max }).map((rows) =>
      rows.map((r, i) =>
        job({
          key: `k${i}`,
          boardId: String(1000 + i),
          title: r.title,
          searchText: `${r.text} ${'Obst '.repeat(r.filler)}`,
          position: r.position === 'developer' ? DEVELOPER : r.position === 'other' ? OTHER_NAME : KOCH,
          language: 'de',
          seniority: r.seniority,
          workModel: r.workModel,
          places: r.berlin ? [PLACES[0]!] : [],
          validThrough: null,
        }),
      ),
    );
  const preferArb = fc.uniqueArray(
    fc.oneof(
      pick(['junior', 'senior', 'lead']).map((value) => ({ field: 'seniority' as const, value })),
      pick(['remote', 'hybrid']).map((value) => ({ field: 'workModel' as const, value })),
      pick(['Berlin', 'nowhere']).map((value) => ({ field: 'location' as const, value })),
    ),
    { minLength: 1, maxLength: 3, selector: (p) => `${p.field}=${p.value}` },
  );

  it(
    'walks one word with preferred values by impact, giving the pages and scores of the tiers bit for bit',
    () => {
      fc.assert(
        fc.property(
          preferCorpusArb(300),
          pick(['entwickler', 'Developer', 'manager', 'seo', 'mana', 'entwicklr', 'koch']),
          fc.boolean(),
          preferArb,
          fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 4 }),
          (jobs, keywords, typos, prefer, ends) => {
            const filter: JobFilter = { keywords, typos, prefer };
            const tiers = buildEngine(jobs, DEFAULT_SALARY_BUCKETS, NOW, DEFAULT_TUNING);
            const matches = evaluate(tiers, planFilter(tiers, filter)).size;
            for (const prefix of [1, 8, 4096]) {
              const walked = buildEngine(jobs, DEFAULT_SALARY_BUCKETS, NOW, {
                ...DEFAULT_TUNING,
                impactPrefix: prefix,
              });
              for (const end of new Set([1, 7, ...ends].map((x) => Math.min(x, matches)))) {
                if (end === 0) continue;
                const want = windowIn(tiers, filter, [0, end], true, true, 0);
                // Read apart (as the list route asks), and with their bonus in the bound.
                for (const apart of [true, false]) {
                  const got = windowIn(walked, filter, [0, end], true, true, prefix, apart);
                  const why = `${prefix} ${end} ${apart} ${JSON.stringify(filter)}`;
                  expect([...got.docs], why).toEqual([...want.docs]);
                  expect([...got.scores], why).toEqual([...want.scores]);
                }
              }
            }
          },
        ),
        RUNS,
      );
    },
    TIMEOUT_MS,
  );

  it('reads the documents of preferred values apart: a page of them ends the walk among equal keys', () => {
    // 400 jobs titled `Entwickler` with the same text: one key for all; three junior, five remote.
    const jobs = Array.from({ length: 400 }, (_, i) =>
      job({
        key: `k${i}`,
        boardId: String(1000 + i),
        title: 'Entwickler',
        searchText: 'Code und Obst',
        position: KOCH,
        language: 'de',
        seniority: i % 131 === 7 ? 'junior' : null,
        workModel: i % 79 === 3 ? 'remote' : null,
        validThrough: null,
      }),
    );
    const e = buildEngine(jobs, DEFAULT_SALARY_BUCKETS, NOW, { ...DEFAULT_TUNING, impactPrefix: 8 });
    const junior = { keywords: 'entwickler', prefer: [{ field: 'seniority' as const, value: 'junior' }] };
    const both = { ...junior, prefer: [...junior.prefer, { field: 'workModel' as const, value: 'remote' }] };
    // A page of preferred jobs only: read apart, the walk stops after a few.
    expect(scoredIn(e, junior, 3, true, true, 8)).toBeLessThan(20);
    expect(scoredIn(e, both, 6, true, true, 8)).toBeLessThan(30);
    // One more: a job of equal key among 397, which the walk cannot tell apart: the tiers rank.
    expect(scoredIn(e, junior, 4, true, true, 8)).toBe(scoredIn(e, junior, 4, true, true, 0));
    for (const filter of [junior, both])
      for (const end of [1, 3, 4, 6, 7, 20, 400]) {
        const want = windowIn(e, filter, [0, end], true, true, 0);
        const got = windowIn(e, filter, [0, end], true, true, 8);
        expect([...got.docs]).toEqual([...want.docs]);
        expect([...got.scores]).toEqual([...want.scores]);
      }
  });

  it('scores only the matches of the tiers that reach the page, and every match when told to', () => {
    const jobs = many(400);
    const e = buildEngine(jobs, DEFAULT_SALARY_BUCKETS, NOW, DEFAULT_TUNING);
    const scored = (filter: JobFilter, end: number, descending: boolean, prune: boolean, impact = 0): number =>
      scoredIn(e, filter, end, descending, prune, impact);
    const total = e.n;
    // `manager`: every posting holds it; a third in the title (`SEO Manager`, `Manager`, …).
    const filter = { keywords: 'manager', partialWords: true };
    const matches = evaluate(e, planFilter(e, filter)).size;
    expect(scored(filter, 10, true, false)).toBe(matches);
    expect(scored(filter, 10, true, true)).toBeLessThan(matches);
    expect(scored(filter, 10, false, true)).toBeLessThan(matches);
    // By impact: a few postings past the page's ten, fewer than the best tier's.
    expect(scored(filter, 10, true, true, 4096)).toBeLessThan(scored(filter, 10, true, true));
    // A page past the best tier reaches into the next: more are scored.
    expect(scored(filter, matches, true, true)).toBe(matches);
    expect(total).toBe(400);
  });
});
