/**
 * Salary exactly as stated, with provenance, plus its annual EUR range for buckets and sorting.
 *
 * - Stated: amount(s), currency and period as the posting writes them (`StatedSalary`). An open
 *   bound stays open: "bis ca. 75k €" is a maximum, "Mindestgehalt 21.000 €" / "más de 30.000 €"
 *   are minimums. The annual range then carries the stated bound on both sides (bucket and sort by
 *   what is said) and `stated` tells the card which side to leave empty.
 * - Annualisation: YEAR ×1; MONTH × payments a year — 12, or 13 / 14 only when the posting says
 *   so ("14 pagas", "14 Monatsgehälter", "13. Monatsgehalt", "14 payments"); WEEK ×52; DAY ×220
 *   (working days); HOUR ×2,080 (40 h × 52 weeks). No unit: an amount of 10,000 or more is
 *   yearly, 500 or more monthly, less hourly.
 * - Currency: converted with the dated table in ./eur-rates.ts; the stated currency is kept. An
 *   unknown currency gives no salary. No currency written: EUR (CHF for a Swiss place, GBP for a UK
 *   place, USD for a US place).
 * - A result outside 1,000..1,000,000 EUR a year is treated as a misreading and dropped.
 */
import type { SalaryPeriod, SalaryRange } from '../../domain/job.js';
import { EUR_RATES } from './eur-rates.js';
import type { PostingSalary } from '../posting.js';
import { findSalaryInText, type RawAmount } from './salary-text.js';

export { EUR_RATES } from './eur-rates.js';

export const ANNUAL_FACTORS: Readonly<Record<SalaryPeriod, number>> = {
  YEAR: 1,
  MONTH: 12,
  WEEK: 52,
  DAY: 220,
  HOUR: 2_080,
};

const MIN_ANNUAL = 1_000;
const MAX_ANNUAL = 1_000_000;

/** Payments a year when the text states 13 or 14 ("14 pagas", "14 Monatsgehälter", "13. Monatsgehalt"). */
const PAYMENTS =
  /\b(1[34])\s*(?:pagas|mensualidades|monatsgeh[aä]ltern?|geh[aä]ltern?|monatsl[oö]hnen?|(?:monthly )?(?:payments|salaries))\b|\b(1[34])\.\s*(?:monatsgehalt|monatslohn|gehalt)|\b(1[34])th (?:month|salary)/i;

/** Payments a year stated in the text; 12 when none is. */
export function paymentsPerYear(text: string): number {
  const m = PAYMENTS.exec(text);
  return m ? Number(m[1] ?? m[2] ?? m[3]) : 12;
}

/** `baseSalary` of the posting, annualised in EUR; null when absent or unusable. `text` is read for 13/14 payments. */
export function salaryFromPosting(salary: PostingSalary, countryCode: string | null, text = ''): SalaryRange | null {
  const currency = salary.currency ?? defaultCurrency(countryCode);
  if (salary.min !== null && salary.max !== null) {
    return annualise(
      { min: salary.min, max: salary.max, currency, unit: salary.unit, open: null },
      paymentsPerYear(text),
    );
  }
  if (salary.text !== null) {
    const raw = findSalaryInText(salary.text, { bare: true, salaryContext: true });
    if (raw)
      return annualise(
        { ...raw, currency: raw.currency ?? currency, unit: raw.unit ?? salary.unit },
        paymentsPerYear(`${salary.text}\n${text}`),
      );
  }
  return null;
}

/** A salary stated in the title (bare ranges allowed) or in the description (currency or salary word needed). */
export function salaryFromText(title: string, description: string, countryCode: string | null): SalaryRange | null {
  const raw = findSalaryInText(title, { bare: true, salaryContext: false }) ?? findInSentences(description);
  if (!raw) return null;
  return annualise(
    { ...raw, currency: raw.currency ?? defaultCurrency(countryCode) },
    paymentsPerYear(`${title}\n${description}`),
  );
}

/**
 * A sentence that may state pay. The German words also end compounds ("Festgehalt",
 * "Bruttojahresgehalt", "Gesamtvergütung"), so they need no word start; "brutto" also begins them.
 */
const SALARY_HINT =
  /[€$£]|\b(?:eur|euro|usd|chf|gbp|salary|salario|sueldo|compensation|bruto|retribuci[oó]n|remuneraci[oó]n|per hour|pro stunde)\b|(?:gehalt|verg[uü]tung|verdienst|stundensatz|stundenlohn)\b|\bbrutto/i;
const SALARY_WORD =
  /gehalt|salar|sueldo|verg[uü]tung|verdienst|compensation|brutto|bruto|retribuci|remuneraci|stundensatz|stundenlohn|\bpay\b|\brate\b/i;
const SENTENCE_END = /(?<=[.!?])\s+(?=\S)|\n+/;

function findInSentences(text: string): RawAmount | null {
  if (!SALARY_HINT.test(text)) return null;
  for (const sentence of text.split(SENTENCE_END)) {
    if (!SALARY_HINT.test(sentence)) continue;
    const raw = findSalaryInText(sentence, { bare: false, salaryContext: SALARY_WORD.test(sentence) });
    if (raw) return raw;
  }
  return null;
}

const COUNTRY_CURRENCY: Readonly<Record<string, string>> = { CH: 'CHF', LI: 'CHF', GB: 'GBP', US: 'USD' };

function defaultCurrency(countryCode: string | null): string {
  return (countryCode !== null ? COUNTRY_CURRENCY[countryCode] : undefined) ?? 'EUR';
}

/** Annual EUR range of a stated amount; null when the currency is unknown or the result implausible. */
export function annualise(amount: RawAmount, payments = 12): SalaryRange | null {
  const currency = (amount.currency ?? 'EUR').toUpperCase();
  const rate = EUR_RATES[currency];
  if (rate === undefined) return null;
  const lo = Math.min(amount.min, amount.max);
  const hi = Math.max(amount.min, amount.max);
  if (!(lo > 0)) return null;
  const period = periodOf(amount.unit, hi);
  const factor = period === 'MONTH' ? payments : ANNUAL_FACTORS[period];
  const min = Math.round((amount.open === 'min' ? hi : lo) * factor * rate);
  const max = Math.round((amount.open === 'max' ? lo : hi) * factor * rate);
  if (min < MIN_ANNUAL || max > MAX_ANNUAL) return null;
  return {
    min,
    max,
    stated: {
      min: amount.open === 'min' ? null : lo,
      max: amount.open === 'max' ? null : hi,
      currency,
      period,
      paymentsPerYear: period === 'MONTH' ? payments : 12,
    },
  };
}

function periodOf(unit: string | null, amount: number): SalaryPeriod {
  const u = unit?.toUpperCase().replace(/^PER[_ ]/, '') ?? '';
  if (u === 'YEAR' || u === 'MONTH' || u === 'WEEK' || u === 'DAY' || u === 'HOUR') return u;
  if (u === 'ANNUAL' || u === 'ANNUALLY' || u === 'YEARLY') return 'YEAR';
  if (u === 'MONTHLY') return 'MONTH';
  if (u === 'HOURLY') return 'HOUR';
  if (u === 'WEEKLY') return 'WEEK';
  if (u === 'DAILY') return 'DAY';
  return amount >= 10_000 ? 'YEAR' : amount >= 500 ? 'MONTH' : 'HOUR';
}
