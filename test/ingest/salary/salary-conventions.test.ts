import { describe, expect, it } from 'vitest';
import { statedWeeklyHours } from '../../../src/ingest/classify/classify-employment.js';
import { FULL_TIME_WEEK, PART_TIME_WEEK, paymentsPerYear, salaryFromText } from '../../../src/ingest/salary/salary.js';
import { validatePosting } from '../../../src/ingest/validate.js';

/** The stated salary read from a description, as "min..max CUR PERIOD ×payments" (open sides empty). */
function stated(description: string, country = 'DE', hours = FULL_TIME_WEEK): string | null {
  const s = salaryFromText('', description, country, hours)?.stated;
  return s ? `${s.min ?? ''}..${s.max ?? ''} ${s.currency} ${s.period} ×${s.paymentsPerYear}` : null;
}

describe('payments a year, as each market states them', () => {
  it.each([
    // Austria
    ['Das Gehalt wird 14-mal jährlich ausbezahlt.', 14],
    ['€ 3.500 brutto/Monat (14x)', 14],
    ['EUR 2.900,- brutto (14 x jährlich)', 14],
    ['Jahresgehalt: 14 Gehälter', 14],
    ['14 Monatsgehälter', 14],
    // Switzerland
    ['CHF 6.000 pro Monat, 13. Monatslohn', 13],
    ['inkl. 13. Monatsgehalt', 13],
    // Spain
    ['30.000 € brutto en 14 pagas', 14],
    ['12 pagas', 12],
    // English
    ['13th month salary', 13],
    ['paid in 14 payments', 14],
    // Not a statement of payments
    ['wir treffen uns 14 mal im Jahr zum Teamevent', 12],
    ['14 Tage Urlaub', 12],
    ['', 12],
  ] as const)('%j → %i', (text, payments) => {
    expect(paymentsPerYear(text)).toBe(payments);
  });
});

describe('salary bounds and floors', () => {
  it.each([
    // A collective agreement's minimum (Austria) is a floor with an open top.
    [
      'Das Mindestgehalt für diese Position beträgt € 3.500 brutto/Monat (14x), Bereitschaft zur Überzahlung.',
      'AT',
      '3500.. EUR MONTH ×14',
    ],
    [
      'Für diese Position gilt ein kollektivvertragliches Mindestgehalt von EUR 2.800,- brutto monatlich auf Vollzeitbasis.',
      'AT',
      '2800.. EUR MONTH ×12',
    ],
    ['Wir bieten ein Bruttojahresgehalt von mindestens 52.000 €.', 'DE', '52000.. EUR YEAR ×12'],
    ['Jahresgehalt ab 90.000 €', 'DE', '90000.. EUR YEAR ×12'],
    ['Salario a partir de 24.000 € brutto anuales', 'ES', '24000.. EUR YEAR ×12'],
    ['Base salary of at least $120,000 per year', 'US', '120000.. USD YEAR ×12'],
    // Ceilings stay ceilings, ranges stay ranges.
    ['Gehalt bis ca. 75k € Jahresgehalt', 'DE', '..75000 EUR YEAR ×12'],
    ['Compensation: $170k–$230k base salary', 'US', '170000..230000 USD YEAR ×12'],
    ["Lohn CHF 85'000 - 95'000 inkl. 13. Monatslohn", 'CH', '85000..95000 CHF YEAR ×12'],
    ['Salario: 1.400€ - 1.500€ brutos al mes', 'ES', '1400..1500 EUR MONTH ×12'],
  ] as const)('%j (%s) → %s', (text, country, expected) => {
    expect(stated(text, country)).toBe(expected);
  });

  it('keeps the Swiss franc as stated and gives the EUR annual equivalent beside it', () => {
    const salary = salaryFromText('', 'Lohn CHF 6.500 pro Monat, 13. Monatslohn', 'CH');
    expect(salary?.stated).toMatchObject({
      min: 6500,
      max: 6500,
      currency: 'CHF',
      period: 'MONTH',
      paymentsPerYear: 13,
    });
    // 6,500 × 13 CHF converted to EUR: within the plausible band of the dated rate, not CHF figures.
    expect(salary?.min).toBe(salary?.max);
    expect(salary?.min).not.toBe(6500 * 13);
    expect(salary?.min).toBeGreaterThan(6500 * 13 * 0.8);
    expect(salary?.min).toBeLessThan(6500 * 13 * 1.3);
  });

  it.each([
    ['500 € Gesundheitsbudget oder Zuschuss zum Wellpass'],
    ['givve® Card mit monatlichem Sachbezugswert i.H.v. 45,00 € netto'],
    ['Die Kunden zahlen dafür bis zu 36.000€.'],
    ['Jährliches Weiterbildungsbudget bis zu 5.000€'],
    ['50€ monatlich für deine Altersvorsorge'],
    ['Ticket para comida y ayuda de 100 € al mes'],
  ] as const)('a benefit or a price is not the pay: %j', (text) => {
    expect(stated(text)).toBeNull();
  });

  it('keeps a structured minValue or maxValue alone as an open bound', () => {
    const only = (value: Record<string, unknown>) => {
      const v = validatePosting({
        '@type': 'JobPosting',
        title: 'X',
        hiringOrganization: { name: 'Y' },
        baseSalary: { currency: 'EUR', value: { '@type': 'QuantitativeValue', unitText: 'YEAR', ...value } },
      });
      return v.ok ? v.posting.salary : null;
    };
    expect(only({ minValue: 50_000 })).toMatchObject({ min: 50_000, max: null });
    expect(only({ maxValue: 70_000 })).toMatchObject({ min: null, max: 70_000 });
    expect(only({ value: 60_000 })).toMatchObject({ min: 60_000, max: 60_000 });
    expect(only({ minValue: 50_000, maxValue: 70_000 })).toMatchObject({ min: 50_000, max: 70_000 });
  });
});

describe('hourly pay is annualised with the week the posting states', () => {
  it.each([
    ['20 Stunden pro Woche', [20, 20]],
    ['Arbeitszeit: 20-30 h/Woche', [20, 30]],
    ['25 Wochenstunden', [25, 25]],
    ['jornada de 30 horas semanales', [30, 30]],
    ['25 hours per week', [25, 25]],
    ['30 Tage Urlaub', null],
  ] as const)('%j → %j', (text, hours) => {
    expect(statedWeeklyHours(text.toLowerCase())).toEqual(hours);
  });

  it('uses the stated hours, a full-time week only for a full-time job, and keeps the rate as stated', () => {
    const rate = 'Stundenlohn 15 € pro Stunde';
    const at = (hours: readonly [number, number]) => salaryFromText('', rate, 'DE', hours);
    expect(at([20, 20])).toMatchObject({ min: 15 * 20 * 52, max: 15 * 20 * 52, stated: { min: 15, period: 'HOUR' } });
    expect(at(FULL_TIME_WEEK)).toMatchObject({ min: 15 * 40 * 52 });
    expect(at(PART_TIME_WEEK)).toMatchObject({ min: 15 * 20 * 52 });
    expect(at([20, 30])).toMatchObject({ min: 15 * 20 * 52, max: 15 * 30 * 52 });
  });
});
