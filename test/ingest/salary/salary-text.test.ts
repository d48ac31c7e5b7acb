import { describe, expect, it } from 'vitest';
import { findSalaryInText, type RawAmount } from '../../../src/ingest/salary/salary-text.js';

// Amounts in prose, read one rule at a time. Every expectation is what a reader of the sentence
// would write down (written by hand, not copied from a run); each case pins one rule that a slip
// in salary-text.ts would break (found by mutation testing: `npm run mutate -- ingest`).

const plain = { bare: false, salaryContext: false };
const aboutPay = { bare: false, salaryContext: true };
const title = { bare: true, salaryContext: false };

const amount = (min: number, max: number, currency: string | null, unit: string | null = null): RawAmount => ({
  min,
  max,
  currency,
  unit,
  open: null,
});

describe('findSalaryInText', () => {
  it('reads Swiss apostrophes and spaces as thousands separators, keeping the decimals', () => {
    expect(findSalaryInText("Gehalt: CHF 7'250.50 pro Monat", plain)).toEqual(amount(7250.5, 7250.5, 'CHF', 'MONTH'));
    expect(findSalaryInText('Gehalt: CHF 7’250.50 pro Monat', plain)).toEqual(amount(7250.5, 7250.5, 'CHF', 'MONTH'));
    expect(findSalaryInText('7\u00a0250 € im Monat', plain)).toEqual(amount(7250, 7250, 'EUR', 'MONTH'));
  });

  it('names the currency of every way of writing it', () => {
    expect(findSalaryInText('Gehalt 50.000 Euro im Jahr', plain)).toEqual(amount(50_000, 50_000, 'EUR', 'YEAR'));
    expect(findSalaryInText("Fr. 90'000 pro Jahr", plain)).toEqual(amount(90_000, 90_000, 'CHF', 'YEAR'));
    expect(findSalaryInText('50,000 USD per year', plain)).toEqual(amount(50_000, 50_000, 'USD', 'YEAR'));
  });

  it('passes over a number that is not money and reads the amount after it', () => {
    expect(findSalaryInText('Seit 2015 zahlen wir 50.000 € im Jahr', plain)).toEqual(
      amount(50_000, 50_000, 'EUR', 'YEAR'),
    );
    // Zero euros is a fee waived, not a salary.
    expect(findSalaryInText('0 € Vermittlungsgebühr, Gehalt 3.000 € im Monat', plain)).toEqual(
      amount(3_000, 3_000, 'EUR', 'MONTH'),
    );
  });

  it('is not money when followed by "Mio." or a count, even with a currency', () => {
    expect(findSalaryInText('Budget: € 60 Mio. pro Jahr', plain)).toBeNull();
    expect(findSalaryInText('Umsatz von € 60 Mio.', plain)).toBeNull();
  });

  it('needs a currency for a bare number outside a sentence about pay', () => {
    expect(findSalaryInText('Wir haben 25 Standorte', plain)).toBeNull();
    expect(findSalaryInText('Wir haben 2500 Standorte', plain)).toBeNull();
    expect(findSalaryInText('Wir haben 2.500 Standorte', plain)).toBeNull();
  });

  it('in a sentence about pay, accepts 1,000 or more without a currency, but not a year', () => {
    expect(findSalaryInText('Gehalt 1000 im Monat', aboutPay)).toEqual(amount(1_000, 1_000, null, 'MONTH'));
    expect(findSalaryInText('Gehalt 999 im Monat', aboutPay)).toBeNull();
    expect(findSalaryInText('Gehalt ab 2024 neu: 3500 im Monat', aboutPay)).toEqual(
      amount(3_500, 3_500, null, 'MONTH'),
    );
    // Five digits starting like a year are not a year.
    expect(findSalaryInText('Gehalt: 20150 im Jahr', aboutPay)).toEqual(amount(20_150, 20_150, null, 'YEAR'));
    expect(findSalaryInText('Gehalt: 42019 im Jahr', aboutPay)).toEqual(amount(42_019, 42_019, null, 'YEAR'));
  });

  it('in a title, accepts a bare amount only when written like a salary (separator or k)', () => {
    expect(findSalaryInText('SEO 45k', title)).toEqual(amount(45_000, 45_000, null));
    expect(findSalaryInText('Mitarbeiter Lager 5000', title)).toBeNull();
    expect(findSalaryInText('Artikel 1500,50', title)).toBeNull();
    // Not a number at all (two decimal points).
    expect(findSalaryInText('Gehalt 1.234.50k', title)).toBeNull();
  });

  it('carries the first amount\'s "k" to a second amount written without one', () => {
    expect(findSalaryInText('40k - 50 €', plain)).toEqual(amount(40_000, 50_000, 'EUR'));
  });

  it('carries the second amount\'s "k" back to a smaller first amount written without one', () => {
    expect(findSalaryInText('40-50k €', plain)).toEqual(amount(40_000, 50_000, 'EUR'));
    expect(findSalaryInText('3 - 5 tsd. € im Monat', plain)).toEqual(amount(3_000, 5_000, 'EUR', 'MONTH'));
    // In a title the carried "k" is what makes the bare range a salary.
    expect(findSalaryInText('SEO 40-50k', title)).toEqual(amount(40_000, 50_000, null));
    // A first amount larger than the second's digits is written in full: 500 to 5,000.
    expect(findSalaryInText('500 - 5k €', plain)).toEqual(amount(500, 5_000, 'EUR'));
    expect(findSalaryInText('40.000 - 50k €', plain)).toEqual(amount(40_000, 50_000, 'EUR'));
    // Not larger: an equal first number takes the "k" too.
    expect(findSalaryInText('45 - 45k €', plain)).toEqual(amount(45_000, 45_000, 'EUR'));
    // No "k" anywhere: two small numbers stay small, and are no salary without a currency.
    expect(findSalaryInText('40 - 50 € pro Stunde', plain)).toEqual(amount(40, 50, 'EUR', 'HOUR'));
    expect(findSalaryInText('Gehalt 40 - 50 im Jahr', aboutPay)).toBeNull();
  });

  it('reads the period next to the amount only: 40 characters after it, 25 before it', () => {
    expect(findSalaryInText('Monatlich 3.000 € brutto, dazu ein Jobticket und Urlaub', plain)).toEqual(
      amount(3_000, 3_000, 'EUR', 'MONTH'),
    );
    // "pro Monat" belongs to the 30 € far behind, not to the bonus.
    expect(
      findSalaryInText('Einmalig 5.000 € Startprämie, dazu Fahrtkosten und Weiterbildung: 30 € pro Monat', plain),
    ).toEqual(amount(5_000, 5_000, 'EUR'));
  });

  it('orders a range written from high to low', () => {
    expect(findSalaryInText('60.000 - 50.000 € im Jahr', plain)).toEqual(amount(50_000, 60_000, 'EUR', 'YEAR'));
  });

  it('leaves a range closed on both sides even after "from"', () => {
    expect(findSalaryInText('from 50,000 to 60,000 EUR', plain)).toEqual(amount(50_000, 60_000, 'EUR'));
  });
});
