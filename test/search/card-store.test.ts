import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Job, ListedJob, SalaryRange } from '../../src/domain/job.js';
import { CardStoreBuilder } from '../../src/search/card-store.js';
import { job, place } from '../builders.js';
import { COMPANIES, PLACES, POSITIONS, SKILLS, pick } from './arbitraries.js';

/** What a result page must give back for a job: the job without its indexed text, url and detail. */
function listed(j: Job): ListedJob {
  const { searchText: _text, url: _url, detail: _detail, ...card } = j;
  return card;
}

const anyText = fc.string({ unit: 'grapheme', maxLength: 80 });
const amount = fc.integer({ min: 0, max: 400_000 });
const salaryArb: fc.Arbitrary<SalaryRange | null> = fc.option(
  fc.oneof(
    fc.record({ min: amount, max: amount }),
    fc.record({
      min: amount,
      max: amount,
      stated: fc.record({
        min: fc.option(amount, { nil: null }),
        max: fc.option(amount, { nil: null }),
        currency: pick(['EUR', 'CHF', 'USD']),
        period: pick(['YEAR', 'MONTH', 'HOUR'] as const),
        paymentsPerYear: pick([12, 13, 14]),
      }),
    }),
    fc.record({
      min: amount,
      max: amount,
      basis: fc.record({ step: pick(['position-seniority-country']), sample: fc.integer({ min: 5, max: 99 }) }),
    }),
  ),
  { nil: null },
);
const dateArb = fc.option(fc.integer({ min: 0, max: 4_102_444_800_000 }), { nil: null });

const jobArb: fc.Arbitrary<Job> = fc
  .record({
    source: pick(['feedA', 'feedB', 'bench']),
    boardId: fc.stringMatching(/^[1-9][0-9]{0,16}$/),
    title: anyText,
    company: pick(COMPANIES),
    position: pick(POSITIONS),
    skills: fc.uniqueArray(pick(SKILLS), { maxLength: 3, selector: (s) => s.slug }),
    places: fc.array(pick(PLACES), { maxLength: 3 }),
    isSeo: fc.boolean(),
    remote: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
    salary: salaryArb,
    estimated: salaryArb,
    summary: anyText,
    seoContext: anyText,
    salaryContext: anyText,
    remoteContext: anyText,
    postedAt: dateArb,
    validThrough: dateArb,
  })
  .map((r) =>
    job({
      source: r.source,
      boardId: r.boardId,
      title: r.title,
      company: { name: r.company, domain: null, website: null, logoUrl: null, size: null },
      position: r.position,
      skills: r.skills,
      places: r.places,
      isSeo: r.isSeo,
      remotePercentage: r.remote,
      salary: r.salary,
      estimatedSalary: r.estimated,
      summary: r.summary,
      seoContext: r.seoContext,
      salaryContext: r.salaryContext,
      remoteContext: r.remoteContext,
      postedAt: r.postedAt,
      validThrough: r.validThrough,
    }),
  );

describe('the card store', () => {
  it('gives back every card as it was added, in the order asked for, across chunks of any size', () => {
    fc.assert(
      fc.property(
        fc
          .array(jobArb, { maxLength: 40 })
          .chain((jobs) =>
            fc.tuple(
              fc.constant(jobs),
              fc.shuffledSubarray([...jobs.keys()], { minLength: jobs.length }),
              fc.integer({ min: 1, max: 2_000 }),
            ),
          ),
        ([jobs, order, chunkBytes]) => {
          const builder = new CardStoreBuilder(chunkBytes);
          const light = jobs.map((j) => builder.add(j));
          const cards = builder.finish(Uint32Array.from(order));
          expect(cards.length).toBe(jobs.length);
          order.forEach((a, d) => {
            const j = jobs[a]!;
            expect(cards.get(d)).toEqual(listed(j));
            expect(cards.keys[d]).toBe(j.key);
            expect(cards.boardIds[d]).toBe(j.boardId);
            expect(cards.postedOf(d)).toBe(j.postedAt);
            expect(Number.isNaN(cards.validThrough[d]!) ? null : cards.validThrough[d]).toBe(j.validThrough);
            // What the rest of the build reads: the card without the texts only a card shows.
            const { summary: _s, seoContext: _a, salaryContext: _b, remoteContext: _c, ...rest } = listed(j);
            expect(light[a]).toEqual(rest);
            expect('summary' in light[a]!).toBe(false);
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('shares equal companies, places and names between the cards it decodes', () => {
    const builder = new CardStoreBuilder();
    builder.add(job({ places: [place()] }));
    builder.add(job({ places: [place()] }));
    const cards = builder.finish(Uint32Array.of(1, 0));
    const [a, b] = [cards.get(0), cards.get(1)];
    expect(a.places[0]).toBe(b.places[0]);
    expect(a.company).toBe(b.company);
    expect(a.position).toBe(b.position);
    expect(a).not.toBe(cards.get(0));
  });

  it('keeps a card longer than a chunk whole, and the cards after it', () => {
    const long = 'Ä€😀 '.repeat(5_000);
    const builder = new CardStoreBuilder(1_024);
    const jobs = [job({ summary: 'short' }), job({ summary: long }), job({ summary: 'after' })];
    for (const j of jobs) builder.add(j);
    const cards = builder.finish(Uint32Array.of(0, 1, 2));
    expect(cards.get(1).summary).toBe(long);
    expect(cards.get(2).summary).toBe('after');
    expect(cards.get(0).summary).toBe('short');
    // The last chunk is trimmed to what it holds.
    expect(cards.bytes).toBeLessThan(1_024 + Buffer.byteLength(long) + 1_024);
  });
});
