import { describe, expect, it } from 'vitest';
import { classifySeo } from '../../src/ingest/classify/classify-seo.js';
import { classifyEmploymentType, type EmploymentInput } from '../../src/ingest/classify/classify-employment.js';
import { classifyWork, type WorkInput } from '../../src/ingest/classify/classify-work.js';
import { annualise, salaryFromText } from '../../src/ingest/salary/salary.js';
import { findSalaryInText } from '../../src/ingest/salary/salary-text.js';

// Every rule of the import that switches on a number, with values on each side of each threshold.
// Expected figures are worked out by hand: a month is 12 payments, an hour 2,080 a year.

/** Annual EUR [min, max] and the stated period, or null. */
const annualOf = (r: ReturnType<typeof annualise>) => (r === null ? null : [r.min, r.max, r.stated?.period]);

describe('the period of a salary range with no unit: its upper end decides (10,000 a year, 500 a month)', () => {
  it.each([
    // [lower, upper, expected]
    [9_000, 12_000, [9_000, 12_000, 'YEAR']],
    [12_000, 9_000, [9_000, 12_000, 'YEAR']],
    [9_999, 10_000, [9_999, 10_000, 'YEAR']],
    [9_000, 9_999, [108_000, 119_988, 'MONTH']],
    [450, 600, [5_400, 7_200, 'MONTH']],
    [499, 500, [5_988, 6_000, 'MONTH']],
    [400, 480, [832_000, 998_400, 'HOUR']],
    [15, 20, [31_200, 41_600, 'HOUR']],
    // An hourly 450-499 would end at 1,037,920 a year: implausible, dropped.
    [450, 499, null],
  ] as const)('%d - %d', (min, max, expected) => {
    expect(annualOf(annualise({ min, max, currency: 'EUR', unit: null, open: null }))).toEqual(expected);
  });

  it.each([
    ['SEO Manager 9.000 - 12.000 €', [9_000, 12_000, 'YEAR']],
    ['Aushilfe Marketing 450 - 600 €', [5_400, 7_200, 'MONTH']],
    ['SEO Manager 9.000 - 9.999 €', [108_000, 119_988, 'MONTH']],
    ['Werkstudent SEO 15 - 20 €', [31_200, 41_600, 'HOUR']],
  ] as const)('reads "%s" from a title', (title, expected) => {
    expect(annualOf(salaryFromText(title, '', 'DE'))).toEqual(expected);
  });
});

describe('the plausible range of 1,000 to 1,000,000 EUR a year, on either end of a range', () => {
  it.each([
    [1_000, 12_000, 'YEAR', [1_000, 12_000, 'YEAR']],
    [999, 12_000, 'YEAR', null],
    [40_000, 1_000_000, 'YEAR', [40_000, 1_000_000, 'YEAR']],
    [40_000, 1_000_001, 'YEAR', null],
    // No unit, upper end 10,000: yearly, so the lower end of 400 is under 1,000 a year.
    [400, 10_000, null, null],
    [0.5, 1, 'HOUR', [1_040, 2_080, 'HOUR']],
    [0.48, 1, 'HOUR', null],
  ] as const)('%d - %d (%s)', (min, max, unit, expected) => {
    expect(annualOf(annualise({ min, max, currency: 'EUR', unit, open: null }))).toEqual(expected);
  });
});

describe('amounts in prose', () => {
  const amount = (text: string, options = { bare: false, salaryContext: true }) => {
    const r = findSalaryInText(text, options);
    return r === null ? null : [r.min, r.max];
  };

  it.each([
    // In a sentence about pay, an amount without a currency counts from 1,000 on.
    ['Gehalt 999 brutto', null],
    ['Gehalt 1000 brutto', [1_000, 1_000]],
    // ... unless it reads as a year (1900-2099).
    ['Gehalt 1899 brutto', [1_899, 1_899]],
    ['Gehalt 1900 brutto', null],
    ['Gehalt 2099 brutto', null],
    ['Gehalt 2100 brutto', [2_100, 2_100]],
  ] as const)('%s', (text, expected) => {
    expect(amount(text)).toEqual(expected);
  });

  it.each([
    // With a currency, any amount above 0.
    ['0 €', null],
    ['1 €', [1, 1]],
  ] as const)('with a currency: %s', (text, expected) => {
    expect(amount(text, { bare: false, salaryContext: false })).toEqual(expected);
  });

  it.each([
    // A bare amount (a title) needs a thousands separator or k, and 1,000 or more.
    ['Filiale 999', null],
    ['Filiale 1000', null],
    ['SEO Manager 1.000', [1_000, 1_000]],
    ['SEO Manager 1k', [1_000, 1_000]],
  ] as const)('bare: %s', (text, expected) => {
    expect(amount(text, { bare: true, salaryContext: false })).toEqual(expected);
  });

  it.each([
    // A "k" on the second amount also belongs to the first when the first is not larger.
    ['40 - 50k €', [40_000, 50_000]],
    ['45 - 45k €', [45_000, 45_000]],
    ['46 - 45k €', [46, 45_000]],
  ] as const)('%s', (text, expected) => {
    expect(amount(text, { bare: false, salaryContext: false })).toEqual(expected);
  });
});

describe('working hours and a Swiss Pensum', () => {
  const type = (workHours: string) =>
    classifyEmploymentType({ title: 'sachbearbeiter', types: [], workHours, text: '' } satisfies EmploymentInput);

  it.each([
    ['0 stunden pro woche', null],
    ['1 stunden pro woche', 'part-time'],
    ['34 stunden pro woche', 'part-time'],
    ['35 stunden pro woche', 'full-time'],
    ['60 stunden pro woche', 'full-time'],
    ['61 stunden pro woche', null],
    // A range by its upper end.
    ['30-34 stunden', 'part-time'],
    ['30-35 stunden', 'full-time'],
    ['20-61 stunden', null],
  ] as const)('hours: %s', (text, expected) => {
    expect(type(text)).toBe(expected);
  });

  it.each([
    ['10%', 'part-time'],
    ['89%', 'part-time'],
    ['90%', 'full-time'],
    ['100%', 'full-time'],
    ['101%', null],
    ['80 - 89 %', 'part-time'],
    ['80 - 90 %', 'full-time'],
    ['85 - 101 %', null],
  ] as const)('Pensum: %s', (text, expected) => {
    expect(type(text)).toBe(expected);
  });
});

describe('the remote share', () => {
  const work = (text: string, hasPhysicalPlace = true) =>
    classifyWork({ title: 'sachbearbeiter', jobLocationType: null, text, hasPhysicalPlace } satisfies WorkInput);

  it.each([
    ['0 % remote.', 'onsite', 0],
    ['1 % remote.', 'hybrid', 1],
    ['99 % remote.', 'hybrid', 99],
    ['100 % remote.', 'remote', 100],
    ['101 % remote.', 'onsite', null],
  ] as const)('stated in percent: %s', (text, model, share) => {
    expect(work(text)).toEqual({ workModel: model, remotePercentage: share });
  });

  it.each([
    ['0 tage remote pro woche.', 'onsite', null],
    ['1 tag remote pro woche.', 'hybrid', 20],
    ['4 tage remote pro woche.', 'hybrid', 80],
    ['5 tage remote pro woche.', 'remote', 100],
    ['6 tage remote pro woche.', 'onsite', null],
  ] as const)('in days a week: %s', (text, model, share) => {
    expect(work(text)).toEqual({ workModel: model, remotePercentage: share });
  });
});

describe('the SEO weight of a marketing title: strong terms 2, craft words 1, at least 6 and twice the other disciplines', () => {
  const seo = (text: string) => classifySeo({ title: 'Content Manager (m/w/d)', text }).isSeo;
  const times = (term: string, n: number) => Array.from({ length: n }, () => term).join(', ');

  it.each([
    // [strong SEO terms, SEO craft words, other disciplines' terms, SEO job?]
    [3, 0, 0, true],
    [2, 1, 0, false],
    [2, 2, 0, true],
    [1, 3, 0, false],
    [1, 4, 0, true],
    [0, 5, 0, false],
    [0, 6, 0, true],
    [3, 0, 3, true],
    [3, 0, 4, false],
    [2, 3, 3, true],
    [2, 3, 4, false],
  ] as const)('%d strong, %d craft, %d other', (strong, craft, other, expected) => {
    const text = `Wir bieten ${times('SEO', strong)}. Tools: ${times('Sistrix', craft)}. Dazu ${times('Newsletter', other)}.`;
    expect(seo(text)).toBe(expected);
  });
});
