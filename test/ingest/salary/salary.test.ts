import { describe, expect, it } from 'vitest';
import { annualise, paymentsPerYear, salaryFromPosting, salaryFromText } from '../../../src/ingest/salary/salary.js';
import { findSalaryInText } from '../../../src/ingest/salary/salary-text.js';

const structured = (min: number | null, max: number | null, unit: string | null, currency: string | null = 'EUR') => ({
  currency,
  min,
  max,
  unit,
  text: null,
});

/** A range with its statement: annual EUR [min, max], stated [min, max] in currency and period. */
const given = (min: number, max: number, stated: [number | null, number | null, string, string, number?]) => ({
  min,
  max,
  stated: { min: stated[0], max: stated[1], currency: stated[2], period: stated[3], paymentsPerYear: stated[4] ?? 12 },
});

describe('salaryFromPosting', () => {
  it('annualises a monthly range ×12 wherever it is, when no 13th/14th payment is stated', () => {
    expect(salaryFromPosting(structured(3200, 4200, 'MONTH'), 'DE')).toEqual(
      given(38_400, 50_400, [3200, 4200, 'EUR', 'MONTH']),
    );
    expect(salaryFromPosting(structured(1050, 1100, 'MONTH'), 'ES')).toEqual(
      given(12_600, 13_200, [1050, 1100, 'EUR', 'MONTH']),
    );
    expect(salaryFromPosting(structured(3000, 3000, 'MONTH'), 'AT')).toEqual(
      given(36_000, 36_000, [3000, 3000, 'EUR', 'MONTH']),
    );
  });

  it('annualises ×14 or ×13 only when the posting states the payments', () => {
    expect(salaryFromPosting(structured(1050, 1100, 'MONTH'), 'ES', 'Salario bruto mensual en 14 pagas.')).toEqual(
      given(14_700, 15_400, [1050, 1100, 'EUR', 'MONTH', 14]),
    );
    expect(salaryFromPosting(structured(3000, 3000, 'MONTH'), 'AT', 'KV-Gehalt, 14 Monatsgehälter')).toMatchObject({
      min: 42_000,
    });
    expect(salaryFromPosting(structured(3000, 3000, 'MONTH'), 'DE', 'inkl. 13. Monatsgehalt')).toMatchObject({
      min: 39_000,
    });
    expect(salaryFromPosting(structured(50_000, 50_000, 'YEAR'), 'ES', '14 pagas')).toMatchObject({ min: 50_000 });
  });

  it('keeps the stated currency and converts with the dated rate table', () => {
    expect(salaryFromPosting(structured(28_000, 39_000, 'YEAR'), 'ES')).toEqual(
      given(28_000, 39_000, [28_000, 39_000, 'EUR', 'YEAR']),
    );
    expect(salaryFromPosting(structured(36_000, 60_000, 'YEAR', 'USD'), null)).toEqual(
      given(33_120, 55_200, [36_000, 60_000, 'USD', 'YEAR']),
    );
    expect(salaryFromPosting(structured(90_000, 110_000, 'YEAR', null), 'CH')).toEqual(
      given(94_500, 115_500, [90_000, 110_000, 'CHF', 'YEAR']),
    );
    expect(salaryFromPosting(structured(40_000, 40_000, 'YEAR', null), 'GB')).toMatchObject({
      stated: { currency: 'GBP' },
    });
  });

  it('annualises hourly, daily and weekly amounts', () => {
    expect(salaryFromPosting(structured(20, 20, 'HOUR'), 'DE')).toMatchObject({
      min: 41_600,
      max: 41_600,
      stated: { period: 'HOUR' },
    });
    expect(salaryFromPosting(structured(300, 300, 'DAY'), 'DE')).toMatchObject({
      min: 66_000,
      max: 66_000,
      stated: { period: 'DAY' },
    });
    expect(salaryFromPosting(structured(1000, 1000, 'WEEK'), 'DE')).toMatchObject({
      min: 52_000,
      max: 52_000,
      stated: { period: 'WEEK' },
    });
  });

  it('guesses the unit from the amount when none is given', () => {
    expect(salaryFromPosting(structured(50_000, 60_000, null), 'DE')).toMatchObject({
      min: 50_000,
      max: 60_000,
      stated: { period: 'YEAR' },
    });
    expect(salaryFromPosting(structured(4_000, 4_000, null), 'DE')).toMatchObject({
      min: 48_000,
      max: 48_000,
      stated: { period: 'MONTH' },
    });
  });

  it('reads a text value "Más de 30.000€" as an open minimum', () => {
    expect(
      salaryFromPosting({ currency: 'EUR', min: null, max: null, unit: null, text: 'Más de 30.000€' }, 'ES'),
    ).toEqual(given(30_000, 30_000, [30_000, null, 'EUR', 'YEAR']));
    expect(
      salaryFromPosting({ currency: 'EUR', min: null, max: null, unit: null, text: 'Salario no disponible' }, 'ES'),
    ).toBeNull();
  });

  it('gives no salary for an unknown currency or an implausible amount', () => {
    expect(salaryFromPosting(structured(50_000, 60_000, 'YEAR', 'JPY'), 'DE')).toBeNull();
    expect(annualise({ min: 5, max: 5, currency: 'EUR', unit: 'YEAR', open: null })).toBeNull();
  });
});

describe('salaryFromText', () => {
  it.each([
    ['Buchhalter:in in Berlin Süd 40.000 - 50.000, hybrid', '', given(40_000, 50_000, [40_000, 50_000, 'EUR', 'YEAR'])],
    ['Property Manager - bis ca. 75k € Jahresgehalt', '', given(75_000, 75_000, [null, 75_000, 'EUR', 'YEAR'])],
    [
      'Digital Media Manager',
      'Die Agency bietet ein Mindestgehalt von 21.000 € brutto p.a. mit Überzahlung.',
      given(21_000, 21_000, [21_000, null, 'EUR', 'YEAR']),
    ],
    [
      'Freelance marketer',
      "Currently we'd expect around **$70 USD per hour**, invoiced monthly.",
      given(133_952, 133_952, [70, 70, 'USD', 'HOUR']),
    ],
    [
      'Growth Engineer',
      'The base salary range for this full-time position is USD $51,850 to USD $137,150.',
      given(47_702, 126_178, [51_850, 137_150, 'USD', 'YEAR']),
    ],
    [
      'SEO Specialist',
      'Competitive salary range of $3,000 to $5,000 per month.',
      given(33_120, 55_200, [3_000, 5_000, 'USD', 'MONTH']),
    ],
    ['SEO Manager', 'Gehalt: 4.000 - 5.000 € brutto im Monat', given(48_000, 60_000, [4_000, 5_000, 'EUR', 'MONTH'])],
    ['SEO Manager', 'Gehalt: 50.000 - 60.000 € brutto', given(50_000, 60_000, [50_000, 60_000, 'EUR', 'YEAR'])],
    // German pay words inside compounds, with no currency sign in the sentence.
    ['SEO Manager', 'Festgehalt 45.000 - 55.000', given(45_000, 55_000, [45_000, 55_000, 'EUR', 'YEAR'])],
    ['SEO Manager', 'Bruttojahresgehalt 45.000 - 55.000.', given(45_000, 55_000, [45_000, 55_000, 'EUR', 'YEAR'])],
    ['SEO Manager', 'Bruttomonatsgehalt 3.500', given(42_000, 42_000, [3_500, 3_500, 'EUR', 'MONTH'])],
    [
      'SEO Manager',
      'Die Gesamtvergütung beträgt 60.000 bis 70.000 im Jahr.',
      given(60_000, 70_000, [60_000, 70_000, 'EUR', 'YEAR']),
    ],
    ['SEO Manager ab 45k', '', given(45_000, 45_000, [45_000, null, 'EUR', 'YEAR'])],
    ['SEO Lead bis 75k', '', given(75_000, 75_000, [null, 75_000, 'EUR', 'YEAR'])],
    [
      'Técnico SEO',
      'Salario: 2.000 € brutos al mes en 14 pagas.',
      given(28_000, 28_000, [2_000, 2_000, 'EUR', 'MONTH', 14]),
    ],
    ['SEO Manager', "Salär: CHF 90'000 - 110'000 pro Jahr", given(94_500, 115_500, [90_000, 110_000, 'CHF', 'YEAR'])],
    ['SEO Specialist', 'Salary: USD 3,000–5,000 a month', given(33_120, 55_200, [3_000, 5_000, 'USD', 'MONTH'])],
    ['Content Writer', 'Salary: £35,000 - £40,000 per year', given(40_950, 46_800, [35_000, 40_000, 'GBP', 'YEAR'])],
    [
      'Consultor SEO',
      'Ofrecemos un salario de más de 30.000 € brutos anuales.',
      given(30_000, 30_000, [30_000, null, 'EUR', 'YEAR']),
    ],
  ])('reads %j / %j', (title, text, salary) => {
    expect(salaryFromText(title, text, 'DE')).toEqual(salary);
  });

  // A range whose "k" (or "Tsd.", "mil") is written only after the second amount: the multiplier
  // belongs to both ("40-50k €" is 40,000 to 50,000 €). Every expectation worked out by hand: the
  // stated amounts, the period (a stated one, else by the upper amount: 10,000 or more a year, 500
  // or more a month, less an hour) and the annual EUR range (a month ×12, an hour ×2,080).
  it.each([
    ['SEO Manager 40-50k €', '', given(40_000, 50_000, [40_000, 50_000, 'EUR', 'YEAR'])],
    ['SEO Manager 40–50k EUR', '', given(40_000, 50_000, [40_000, 50_000, 'EUR', 'YEAR'])],
    ['SEO Manager 40 - 50 K€', '', given(40_000, 50_000, [40_000, 50_000, 'EUR', 'YEAR'])],
    // No currency in a title: the "k" makes it a salary; euros, the place being in Germany.
    ['SEO Manager 40-50k', '', given(40_000, 50_000, [40_000, 50_000, 'EUR', 'YEAR'])],
    ['SEO Manager 40k-50k', '', given(40_000, 50_000, [40_000, 50_000, 'EUR', 'YEAR'])],
    ['SEO Manager', 'Gehalt: 60 - 70 Tsd. € brutto', given(60_000, 70_000, [60_000, 70_000, 'EUR', 'YEAR'])],
    ['Consultor SEO', 'Salario: 30-40 mil € brutos', given(30_000, 40_000, [30_000, 40_000, 'EUR', 'YEAR'])],
    // 3,000 to 5,000 with no period stated: under 10,000, so a month.
    ['Werkstudent SEO 3-5k', '', given(36_000, 60_000, [3_000, 5_000, 'EUR', 'MONTH'])],
    ['Texter 3-5k € im Monat', '', given(36_000, 60_000, [3_000, 5_000, 'EUR', 'MONTH'])],
    ['SEO Manager 2,5-3k € im Monat', '', given(30_000, 36_000, [2_500, 3_000, 'EUR', 'MONTH'])],
    // Already read before: a "k" after the first amount only, or a first amount written in full.
    ['SEO Manager 40k - 50 €', '', given(40_000, 50_000, [40_000, 50_000, 'EUR', 'YEAR'])],
    ['SEO Manager 40.000 - 50k €', '', given(40_000, 50_000, [40_000, 50_000, 'EUR', 'YEAR'])],
    // Without any "k" the amounts are what they say: 40 to 50 € an hour.
    ['Freelancer SEO', 'Honorar: 40-50 € pro Stunde', given(83_200, 104_000, [40, 50, 'EUR', 'HOUR'])],
    // Hours are not money; the salary is the amount after them.
    [
      'SEO Manager',
      'Teilzeit mit 40 - 50 Stunden im Monat, Gehalt 2.000 € im Monat.',
      given(24_000, 24_000, [2_000, 2_000, 'EUR', 'MONTH']),
    ],
  ])('carries a trailing "k" back to the first amount: %j / %j', (title, text, salary) => {
    expect(salaryFromText(title, text, 'DE')).toEqual(salary);
  });

  it.each([
    ['SEA Manager', 'Wir verwalten jährlich 60 Mio. € Werbebudget.'],
    ['Accountant', 'Wir prüfen jeden Tag mehr als 500.000 Texte.'],
    ['System Spezialist 80-100% (m,w,d)', ''],
    ['Teilzeitkraft Buchhaltung - Remote, 20-30 Stunden/Woche', ''],
    ['Teilzeitkraft SEO 40 - 50 Stunden', ''],
    ['SEO Manager 40 - 50k Stunden', ''],
    ['SEO Manager', 'Seit 2015 wachsen wir mit über 370 Kunden.'],
    ['Pflegefachkraft', 'Attraktive Vergütung und 30 Tage Urlaub.'],
    ['SEO Manager', 'Schick uns deine Gehaltsvorstellung, 3 Jahre Erfahrung und 40 Stunden.'],
    ['Lohnbuchhalter', 'Lohnbuchhaltung für 1.500 Mitarbeitende.'],
  ])('finds no salary in %j / %j', (title, text) => {
    expect(salaryFromText(title, text, 'DE')).toBeNull();
  });

  it('reports currency, unit and the open side of the amount found', () => {
    expect(findSalaryInText('ab 45.000 CHF pro Jahr', { bare: false, salaryContext: false })).toEqual({
      min: 45_000,
      max: 45_000,
      currency: 'CHF',
      unit: 'YEAR',
      open: 'max',
    });
    expect(findSalaryInText('from 50,000 to 60,000 EUR', { bare: false, salaryContext: false })).toMatchObject({
      open: null,
    });
  });

  it('reads the payments a year only from a statement of 13 or 14', () => {
    expect(paymentsPerYear('14 pagas')).toBe(14);
    expect(paymentsPerYear('Gehalt in 14 Monatsgehältern')).toBe(14);
    expect(paymentsPerYear('14 Monatsgehälter')).toBe(14);
    expect(paymentsPerYear('13. Monatsgehalt')).toBe(13);
    expect(paymentsPerYear('30 Tage Urlaub, 14 Tage Einarbeitung')).toBe(12);
  });
});
