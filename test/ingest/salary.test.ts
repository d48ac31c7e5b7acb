import { describe, expect, it } from 'vitest';
import { annualise, salaryFromPosting, salaryFromText } from '../../src/ingest/salary.js';
import { findSalaryInText } from '../../src/ingest/salary-text.js';

const structured = (min: number | null, max: number | null, unit: string | null, currency: string | null = 'EUR') => ({
  currency,
  min,
  max,
  unit,
  text: null,
});

describe('salaryFromPosting', () => {
  it('annualises a monthly range ×12 in Germany', () => {
    expect(salaryFromPosting(structured(3200, 4200, 'MONTH'), 'DE')).toEqual({ min: 38_400, max: 50_400 });
  });

  it('annualises a monthly range ×14 in Spain and Austria', () => {
    expect(salaryFromPosting(structured(1050, 1100, 'MONTH'), 'ES')).toEqual({ min: 14_700, max: 15_400 });
    expect(salaryFromPosting(structured(3000, 3000, 'MONTH'), 'AT')).toEqual({ min: 42_000, max: 42_000 });
  });

  it('keeps a yearly range and converts USD at the fixed rate', () => {
    expect(salaryFromPosting(structured(28_000, 39_000, 'YEAR'), 'ES')).toEqual({ min: 28_000, max: 39_000 });
    expect(salaryFromPosting(structured(36_000, 60_000, 'YEAR', 'USD'), null)).toEqual({ min: 33_120, max: 55_200 });
  });

  it('annualises hourly, daily and weekly amounts', () => {
    expect(salaryFromPosting(structured(20, 20, 'HOUR'), 'DE')).toEqual({ min: 41_600, max: 41_600 });
    expect(salaryFromPosting(structured(300, 300, 'DAY'), 'DE')).toEqual({ min: 66_000, max: 66_000 });
    expect(salaryFromPosting(structured(1000, 1000, 'WEEK'), 'DE')).toEqual({ min: 52_000, max: 52_000 });
  });

  it('guesses the unit from the amount when none is given', () => {
    expect(salaryFromPosting(structured(50_000, 60_000, null), 'DE')).toEqual({ min: 50_000, max: 60_000 });
    expect(salaryFromPosting(structured(4_000, 4_000, null), 'DE')).toEqual({ min: 48_000, max: 48_000 });
  });

  it('reads a text value as a lower bound', () => {
    expect(salaryFromPosting({ currency: 'EUR', min: null, max: null, unit: null, text: 'Más de 30.000€' }, 'ES')).toEqual({
      min: 30_000,
      max: 30_000,
    });
    expect(salaryFromPosting({ currency: 'EUR', min: null, max: null, unit: null, text: 'Salario no disponible' }, 'ES')).toBeNull();
  });

  it('gives no salary for an unknown currency or an implausible amount', () => {
    expect(salaryFromPosting(structured(50_000, 60_000, 'YEAR', 'JPY'), 'DE')).toBeNull();
    expect(annualise({ min: 5, max: 5, currency: 'EUR', unit: 'YEAR', open: null })).toBeNull();
  });
});

describe('salaryFromText', () => {
  it.each([
    ['Buchhalter:in in Berlin Süd 40.000 - 50.000, hybrid', '', { min: 40_000, max: 50_000 }],
    ['Property Manager - bis ca. 75k € Jahresgehalt', '', { min: 75_000, max: 75_000 }],
    ['Digital Media Manager', 'Die Agency bietet ein Mindestgehalt von 21.000 € brutto p.a. mit Überzahlung.', { min: 21_000, max: 21_000 }],
    ['Freelance marketer', "Currently we'd expect around **$70 USD per hour**, invoiced monthly.", { min: 133_952, max: 133_952 }],
    ['Growth Engineer', 'The base salary range for this full-time position is USD $51,850 to USD $137,150.', { min: 47_702, max: 126_178 }],
    ['SEO Specialist', 'Competitive salary range of $3,000 to $5,000 per month.', { min: 33_120, max: 55_200 }],
    ['SEO Manager', 'Gehalt: 4.000 - 5.000 € brutto im Monat', { min: 48_000, max: 60_000 }],
  ])('reads %j / %j', (title, text, salary) => {
    expect(salaryFromText(title, text, 'DE')).toEqual(salary);
  });

  it.each([
    ['SEA Manager', 'Wir verwalten jährlich 60 Mio. € Werbebudget.'],
    ['Accountant', 'Wir prüfen jeden Tag mehr als 500.000 Texte.'],
    ['System Spezialist 80-100% (m,w,d)', ''],
    ['Teilzeitkraft Buchhaltung - Remote, 20-30 Stunden/Woche', ''],
    ['SEO Manager', 'Seit 2015 wachsen wir mit über 370 Kunden.'],
    ['Pflegefachkraft', 'Attraktive Vergütung und 30 Tage Urlaub.'],
  ])('finds no salary in %j / %j', (title, text) => {
    expect(salaryFromText(title, text, 'DE')).toBeNull();
  });

  it('reports currency and unit of the amount found', () => {
    expect(findSalaryInText('ab 45.000 CHF pro Jahr', { bare: false, salaryContext: false })).toEqual({
      min: 45_000,
      max: 45_000,
      currency: 'CHF',
      unit: 'YEAR',
    });
  });
});
