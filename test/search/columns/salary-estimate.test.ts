import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Job, SalaryRange } from '../../../src/domain/job.js';
import { estimateSalaries, MIN_SAMPLE, SalaryEstimator, Samples } from '../../../src/search/columns/salary-estimate.js';
import { job, place } from '../../builders.js';
import { indexOf } from '../helpers.js';

const paid = (min: number, max: number, over: Partial<Job> = {}): Job => job({ salary: { min, max }, ...over });
const unpaid = (over: Partial<Job> = {}): Job => job({ salary: null, ...over });
const spain = place({ country: { slug: 'españa', name: 'España' }, countryCode: 'ES' });
const us = place({ country: { slug: 'united-states', name: 'United States' }, countryCode: 'US' });
const other = { slug: 'sea-manager', name: 'SEA Manager' };
const five = (min: number, max: number, over: Partial<Job> = {}): Job[] =>
  Array.from({ length: MIN_SAMPLE }, () => paid(min, max, over));

describe('estimateSalaries', () => {
  it('takes the median min and median max of five comparable postings and says which step it used', () => {
    const jobs = [
      paid(40_000, 50_000),
      paid(50_000, 70_000),
      paid(60_000, 65_000),
      paid(45_000, 52_000),
      paid(70_000, 90_000),
      unpaid(),
    ];
    expect(estimateSalaries(jobs)[5]).toEqual({
      min: 50_000,
      max: 65_000,
      basis: { step: 'position-seniority-country', sample: 5 },
    });
  });

  it('rounds the mean of the middle two for an even count', () => {
    const jobs = [
      paid(40_001, 50_000),
      paid(50_000, 60_001),
      paid(40_001, 50_000),
      paid(50_000, 60_001),
      paid(40_001, 50_000),
      paid(50_000, 60_001),
      unpaid(),
    ];
    expect(estimateSalaries(jobs)[6]).toMatchObject({ min: 45_001, max: 55_001 });
  });

  it('estimates nothing from fewer than a handful of comparable postings', () => {
    const four = Array.from({ length: MIN_SAMPLE - 1 }, () => paid(21_000, 21_000));
    expect(estimateSalaries([...four, unpaid()])[MIN_SAMPLE - 1]).toBeNull();
  });

  it('never takes postings of another country or currency region', () => {
    const jobs = [...five(90_000, 100_000, { places: [us] }), ...five(30_000, 30_000, { places: [spain] }), unpaid()];
    expect(estimateSalaries(jobs)[10]).toBeNull();
    expect(estimateSalaries([...five(90_000, 100_000, { places: [us] }), unpaid({ places: [us] })])[5]).toMatchObject({
      min: 90_000,
    });
  });

  it('never takes postings of another seniority, and gives a working student no estimate from professionals', () => {
    const jobs = [
      ...five(60_000, 70_000, { seniority: 'senior' }),
      unpaid({ seniority: 'working-student' }),
      unpaid({ seniority: null }),
    ];
    expect(estimateSalaries(jobs).slice(5)).toEqual([null, null]);
  });

  it('widens an SEO job to the SEO field of the same seniority and country, not a non-SEO job', () => {
    const seo = five(50_000, 60_000, { position: { slug: 'seo-specialist', name: 'SEO Specialist' } });
    const [seoJob, seaJob] = estimateSalaries([...seo, unpaid(), unpaid({ position: other, isSeo: false })]).slice(5);
    expect(seoJob).toEqual({ min: 50_000, max: 60_000, basis: { step: 'field-seniority-country', sample: 5 } });
    expect(seaJob).toBeNull();
  });

  it('does not use open bounds or salaries stated in a foreign currency as samples', () => {
    const open = five(75_000, 75_000).map((j) => ({
      ...j,
      salary: {
        min: 75_000,
        max: 75_000,
        stated: { min: null, max: 75_000, currency: 'EUR', period: 'YEAR' as const, paymentsPerYear: 12 },
      },
    }));
    expect(estimateSalaries([...open, unpaid()])[5]).toBeNull();
    const usd = five(50_000, 60_000).map((j) => ({
      ...j,
      salary: {
        min: 50_000,
        max: 60_000,
        stated: { min: 54_000, max: 65_000, currency: 'USD', period: 'YEAR' as const, paymentsPerYear: 12 },
      },
    }));
    expect(estimateSalaries([...usd, unpaid()])[5]).toBeNull();
  });

  it('takes closed salaries stated in the currency of the posting’s country as samples', () => {
    const country = (countryCode: string, slug: string) => place({ country: { slug, name: slug }, countryCode });
    const stated = (currency: string, where: ReturnType<typeof place>, over: Partial<Job> = {}): Job[] =>
      five(50_000, 60_000, { places: [where], ...over }).map((j) => ({
        ...j,
        salary: {
          min: 50_000,
          max: 60_000,
          stated: { min: 50_000, max: 60_000, currency, period: 'YEAR' as const, paymentsPerYear: 12 },
        },
      }));
    for (const [currency, where, counts] of [
      ['EUR', place(), true],
      ['EUR', spain, true],
      ['CHF', country('CH', 'schweiz'), true],
      ['CHF', country('LI', 'liechtenstein'), true],
      ['GBP', country('GB', 'united-kingdom'), true],
      ['USD', us, true],
      ['CHF', place(), false],
      ['EUR', country('CH', 'schweiz'), false],
      ['EUR', us, false],
    ] as const) {
      const estimate = estimateSalaries([...stated(currency, where), unpaid({ places: [where] })])[MIN_SAMPLE];
      expect(estimate, `${currency} in ${where.countryCode}`).toEqual(
        counts ? { min: 50_000, max: 60_000, basis: { step: 'position-seniority-country', sample: 5 } } : null,
      );
    }
  });

  it('estimates nothing for a job without a country or a seniority, however many such postings have a salary', () => {
    expect(estimateSalaries([...five(50_000, 60_000, { places: [] }), unpaid({ places: [] })])[MIN_SAMPLE]).toBeNull();
    expect(
      estimateSalaries([...five(50_000, 60_000, { seniority: null }), unpaid({ seniority: null })])[MIN_SAMPLE],
    ).toBeNull();
  });

  it('estimates nothing for jobs that have a salary, even among enough comparable postings', () => {
    expect(estimateSalaries([paid(1, 2)])).toEqual([null]);
    expect(estimateSalaries(five(50_000, 60_000))).toEqual(Array.from({ length: MIN_SAMPLE }, () => null));
  });

  it('estimates from the samples added since, once more postings come (a new segment)', () => {
    const estimator = new SalaryEstimator(five(50_000, 60_000));
    expect(estimator.estimate(unpaid())).toMatchObject({ min: 50_000, max: 60_000, basis: { sample: 5 } });
    estimator.add([paid(90_000, 100_000), paid(90_000, 100_000), unpaid()]);
    expect(estimator.estimate(unpaid())).toMatchObject({ min: 50_000, max: 60_000, basis: { sample: 7 } });
    estimator.add([paid(90_000, 100_000), paid(90_000, 100_000), paid(90_000, 100_000)]);
    // Ten samples, five of each: the mean of the middle two.
    expect(estimator.estimate(unpaid())).toMatchObject({ min: 70_000, max: 80_000, basis: { sample: 10 } });
  });

  it('agrees with a plain scan: an estimate is the median of the same position, seniority and country, else of the SEO field', () => {
    const levels = ['junior', 'mid', 'senior'] as const;
    const countries = [place(), spain, us];
    const positions = [{ slug: 'seo-manager', name: 'SEO Manager' }, other];
    const arb = fc.array(
      fc.record({
        s: fc.nat(2),
        c: fc.nat(2),
        p: fc.nat(1),
        paid: fc.boolean(),
        min: fc.integer({ min: 20, max: 90 }),
      }),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(arb, (specs) => {
        const jobs = specs.map((x) => {
          const over: Partial<Job> = {
            seniority: levels[x.s]!,
            places: [countries[x.c]!],
            position: positions[x.p]!,
            isSeo: x.p === 0,
          };
          return x.paid ? paid(x.min * 1000, x.min * 1000 + 5000, over) : unpaid(over);
        });
        const got = estimateSalaries(jobs);
        jobs.forEach((j, d) => {
          if (j.salary) {
            expect(got[d]).toBeNull();
            return;
          }
          const same = (k: Job) =>
            k.salary && k.seniority === j.seniority && k.places[0]!.countryCode === j.places[0]!.countryCode;
          const byPosition = jobs.filter((k) => same(k) && k.position.slug === j.position.slug);
          const byField = j.isSeo ? jobs.filter((k) => same(k) && k.isSeo) : [];
          const pick = byPosition.length >= MIN_SAMPLE ? byPosition : byField.length >= MIN_SAMPLE ? byField : null;
          expect(got[d] === null ? null : { min: got[d]!.min, max: got[d]!.max }).toEqual(
            pick === null ? null : plainMedian(pick.map((k) => k.salary!)),
          );
        });
      }),
    );
  });
});

function plainMedian(salaries: SalaryRange[]): { min: number; max: number } {
  const m = (v: number[]) => {
    const s = [...v].sort((a, b) => a - b);
    const h = Math.floor(s.length / 2);
    return s.length % 2 ? s[h]! : Math.round((s[h - 1]! + s[h]!) / 2);
  };
  return { min: m(salaries.map((s) => s.min)), max: m(salaries.map((s) => s.max)) };
}

describe('Samples', () => {
  /** The median written plainly: sort a copy, take the middle (the rounded mean of two). */
  const plainMedian = (values: number[]): number => {
    const s = [...values].sort((a, b) => a - b);
    const m = Math.floor(s.length / 2);
    return s.length % 2 === 1 ? s[m]! : Math.round((s[m - 1]! + s[m]!) / 2);
  };

  it('gives the medians of every sample added so far, however adds and reads interleave', () => {
    const op = fc.oneof(
      fc.record({ add: fc.constantFrom('a', 'b'), min: fc.integer({ min: 0, max: 50 }), spread: fc.nat(30) }),
      fc.record({ read: fc.constantFrom('a', 'b') }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
        const samples = new Samples();
        const model = new Map<string, { mins: number[]; maxs: number[] }>();
        for (const o of ops) {
          if ('add' in o) {
            samples.add(o.add, { min: o.min, max: o.min + o.spread });
            samples.forgetMedians();
            const m = model.get(o.add) ?? { mins: [], maxs: [] };
            m.mins.push(o.min);
            m.maxs.push(o.min + o.spread);
            model.set(o.add, m);
          } else if (model.has(o.read)) {
            const m = model.get(o.read)!;
            expect(samples.median(o.read)).toEqual({ min: plainMedian(m.mins), max: plainMedian(m.maxs) });
            expect(samples.size(o.read)).toBe(m.mins.length);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('the minimum salary filter', () => {
  it('counts the estimate of a posting without a salary only when asked to', () => {
    // Five comparable postings at 60,000-70,000 give the sixth, which states none, that estimate.
    const jobs = [...five(60_000, 70_000), unpaid()];
    expect(estimateSalaries(jobs)[5]).toMatchObject({ min: 60_000, max: 70_000 });
    const index = indexOf(jobs);
    expect(index.count({ salaryMin: 65_000 })).toBe(5);
    expect(index.count({ salaryMin: 65_000, salaryEstimated: false })).toBe(5);
    expect(index.count({ salaryMin: 65_000, salaryEstimated: true })).toBe(6);
    expect(index.count({ salaryMin: 75_000, salaryEstimated: true })).toBe(0);
  });
});
