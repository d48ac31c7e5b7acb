import { describe, expect, it } from 'vitest';
import type { PostingSalary } from '../../../src/ingest/posting.js';
import { annualise, salaryFromPosting, salaryFromText } from '../../../src/ingest/salary/salary.js';

// The period of a stated amount (unit names, and the amount when no unit is given), the plausible
// range, and what salaryFromPosting takes from a salary text. Amounts are chosen so that the unit
// and the no-unit rule would give different periods.

const salary = (s: Partial<PostingSalary>): PostingSalary => ({
  currency: 'EUR',
  min: null,
  max: null,
  unit: null,
  text: null,
  ...s,
});
/** Annual EUR [min, max] and the stated period, or null. */
const annual = (amount: number, unit: string | null) => {
  const r = salaryFromPosting(salary({ min: amount, max: amount, unit }), 'DE');
  return r === null ? null : [r.min, r.max, r.stated?.period];
};

describe('the period of a stated amount', () => {
  it('reads the schema unit names and their -LY and PER_ forms', () => {
    expect(annual(9_000, 'YEAR')).toEqual([9_000, 9_000, 'YEAR']);
    for (const unit of ['ANNUAL', 'ANNUALLY', 'YEARLY', 'PER_YEAR', 'per year'])
      expect(annual(9_000, unit), unit).toEqual([9_000, 9_000, 'YEAR']);
    for (const unit of ['MONTH', 'MONTHLY', 'PER_MONTH', 'PER MONTH'])
      expect(annual(12_000, unit), unit).toEqual([144_000, 144_000, 'MONTH']);
    for (const unit of ['WEEK', 'WEEKLY', 'PER_WEEK'])
      expect(annual(600, unit), unit).toEqual([31_200, 31_200, 'WEEK']);
    for (const unit of ['DAY', 'DAILY', 'PER_DAY']) expect(annual(600, unit), unit).toEqual([132_000, 132_000, 'DAY']);
    for (const unit of ['HOUR', 'HOURLY', 'PER_HOUR']) expect(annual(25, unit), unit).toEqual([52_000, 52_000, 'HOUR']);
    // 500 an hour would be 1,040,000 a year: a misreading, not 500 a month.
    for (const unit of ['HOUR', 'HOURLY']) expect(annual(500, unit), unit).toBeNull();
  });

  it('without a unit: 10,000 or more a year, 500 or more a month, less an hour', () => {
    expect(annual(10_000, null)).toEqual([10_000, 10_000, 'YEAR']);
    expect(annual(9_999, null)).toEqual([119_988, 119_988, 'MONTH']);
    expect(annual(500, null)).toEqual([6_000, 6_000, 'MONTH']);
    expect(annual(100, null)).toEqual([208_000, 208_000, 'HOUR']);
    expect(annual(9_000, 'SOMETIMES')).toEqual([108_000, 108_000, 'MONTH']);
  });

  it('counts 13 or 14 payments for a monthly amount only', () => {
    const r = salaryFromPosting(salary({ min: 50_000, max: 50_000, unit: 'YEAR' }), 'DE', '14 Monatsgehälter');
    expect(r?.stated).toMatchObject({ period: 'YEAR', paymentsPerYear: 12 });
    expect(r?.max).toBe(50_000);
  });
});

describe('the plausible range of 1,000 to 1,000,000 EUR a year', () => {
  it('keeps both ends and drops what lies outside', () => {
    expect(annual(1_000, 'YEAR')).toEqual([1_000, 1_000, 'YEAR']);
    expect(annual(999, 'YEAR')).toBeNull();
    expect(annual(1_000_000, 'YEAR')).toEqual([1_000_000, 1_000_000, 'YEAR']);
    expect(annual(1_000_001, 'YEAR')).toBeNull();
    expect(salaryFromPosting(salary({ min: 50_000, max: 2_000_000, unit: 'YEAR' }), 'DE')).toBeNull();
  });

  it('gives no salary for a bound of zero, also an open one', () => {
    expect(annualise({ min: 0, max: 50_000, currency: 'EUR', unit: 'YEAR', open: 'min' })).toBeNull();
    expect(annualise({ min: 0, max: 50_000, currency: 'EUR', unit: 'YEAR', open: null })).toBeNull();
  });

  it('reads an amount without a currency as EUR', () => {
    expect(annualise({ min: 40_000, max: 40_000, currency: null, unit: 'YEAR', open: null })?.stated?.currency).toBe(
      'EUR',
    );
  });
});

describe('salaryFromPosting: the salary text', () => {
  it('keeps a structured minValue or maxValue alone as an open bound', () => {
    expect(salaryFromPosting(salary({ min: 40_000, unit: 'YEAR' }), 'DE')).toMatchObject({
      min: 40_000,
      max: 40_000,
      stated: { min: 40_000, max: null, currency: 'EUR', period: 'YEAR' },
    });
    expect(salaryFromPosting(salary({ max: 60_000, unit: 'YEAR' }), 'DE')).toMatchObject({
      min: 60_000,
      max: 60_000,
      stated: { min: null, max: 60_000 },
    });
    expect(salaryFromPosting(salary({}), 'DE')).toBeNull();
  });

  it('accepts a bare amount in the salary field, with or without a thousands separator', () => {
    expect(salaryFromPosting(salary({ text: '45.000 - 55.000' }), 'DE')).toMatchObject({ min: 45_000, max: 55_000 });
    expect(salaryFromPosting(salary({ text: '4500 pro Monat' }), 'DE')).toMatchObject({ min: 54_000, max: 54_000 });
  });

  it('keeps the currency and the unit the text states over the posting defaults', () => {
    const chf = salaryFromPosting(salary({ currency: null, text: 'CHF 100.000' }), 'DE');
    expect(chf?.stated?.currency).toBe('CHF');
    expect(chf?.min).toBe(105_000);
    expect(salaryFromPosting(salary({ text: '9.000 € im Jahr' }), 'DE')).toMatchObject({
      min: 9_000,
      stated: { period: 'YEAR' },
    });
  });

  it('counts the payments the salary text states', () => {
    expect(salaryFromPosting(salary({ text: '2.000 € brutto im Monat, 14 Gehälter' }), 'AT')).toMatchObject({
      min: 28_000,
      stated: { paymentsPerYear: 14 },
    });
  });
});

describe('salaryFromText: sentences of the description', () => {
  it('does not read a plain number in the title as pay (a branch number)', () => {
    expect(salaryFromText('Verkäufer (m/w/d) Filiale 4711', '', 'DE')).toBeNull();
    expect(salaryFromText('Verkäufer (m/w/d) 2.400 - 2.800', '', 'DE')).toMatchObject({ min: 28_800, max: 33_600 });
  });

  it('reads the first sentence that states an amount, not only the first that mentions pay', () => {
    expect(salaryFromText('Buchhalter', 'Attraktives Gehalt. Wir zahlen 50.000 € im Jahr.', 'DE')).toMatchObject({
      min: 50_000,
      max: 50_000,
    });
  });

  it('does not take a bare number of a sentence that names a currency elsewhere', () => {
    expect(
      salaryFromText('Marketing Manager', 'Unsere Kampagnen haben Budgets von 50.000 bis 80.000 in EUR.', 'DE'),
    ).toBeNull();
  });
});
