/**
 * Salary as an annual range in whole euros.
 *
 * - Annualisation: YEAR ×1, MONTH ×12 — ×14 where a posting's place is in Spain or Austria, whose
 *   monthly salaries are quoted as one of 14 payments (pagas extra, 13th/14th salary) — WEEK ×52,
 *   DAY ×220 (working days), HOUR ×2,080 (40 h × 52 weeks). No unit: an amount of 10,000 or more
 *   is yearly, 500 or more monthly, less hourly.
 * - Currency: fixed rates to EUR in `EUR_RATES` (no live rates: the salary filter needs stable
 *   buckets, not exact conversion). An unknown currency gives no salary. No currency: EUR (CHF for
 *   a Swiss place).
 * - One number gives min = max. A lower bound only ("Más de 30.000€", "Mindestgehalt von 21.000 €")
 *   or an upper bound only ("bis ca. 75k €") is kept as min = max = that bound.
 * - A result outside 1,000..1,000,000 EUR a year is treated as a misreading and dropped.
 */
import type { SalaryRange } from '../domain/job.js';
import type { PostingSalary } from './posting.js';
import { findSalaryInText, type RawAmount } from './salary-text.js';

/** Euros per unit of currency, fixed (reviewed 2026). */
export const EUR_RATES: Readonly<Record<string, number>> = { EUR: 1, USD: 0.92, CHF: 1.05, GBP: 1.17 };

export const ANNUAL_FACTORS: Readonly<Record<string, number>> = {
  YEAR: 1,
  MONTH: 12,
  WEEK: 52,
  DAY: 220,
  HOUR: 2_080,
};
/** Countries where a monthly salary is one of 14 payments a year. */
export const FOURTEEN_SALARIES = new Set(['ES', 'AT']);

const MIN_ANNUAL = 1_000;
const MAX_ANNUAL = 1_000_000;

/** `baseSalary` of the posting, annualised in EUR; null when absent or unusable. */
export function salaryFromPosting(salary: PostingSalary, countryCode: string | null): SalaryRange | null {
  const currency = salary.currency ?? defaultCurrency(countryCode);
  if (salary.min !== null && salary.max !== null) {
    return annualise({ min: salary.min, max: salary.max, currency, unit: salary.unit }, countryCode);
  }
  if (salary.text !== null) {
    const raw = findSalaryInText(salary.text, { bare: true, salaryContext: true });
    if (raw) return annualise({ ...raw, currency: raw.currency ?? currency, unit: raw.unit ?? salary.unit }, countryCode);
  }
  return null;
}

/** A salary stated in the title (bare ranges allowed) or in the description (currency or salary word needed). */
export function salaryFromText(title: string, description: string, countryCode: string | null): SalaryRange | null {
  const raw = findSalaryInText(title, { bare: true, salaryContext: false }) ?? findInSentences(description);
  if (!raw) return null;
  return annualise({ ...raw, currency: raw.currency ?? defaultCurrency(countryCode) }, countryCode);
}

const SALARY_HINT = /[€$£]|\b(?:eur|euro|usd|chf|gbp|gehalt|jahresgehalt|mindestgehalt|salary|salario|sueldo|verg[uü]tung|verdienst|compensation|brutto|bruto|retribuci[oó]n|remuneraci[oó]n|stundensatz|stundenlohn|per hour|pro stunde)\b/i;
const SALARY_WORD = /gehalt|salar|sueldo|verg[uü]tung|verdienst|compensation|brutto|bruto|retribuci|remuneraci|stundensatz|stundenlohn|\bpay\b|\brate\b/i;
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

function defaultCurrency(countryCode: string | null): string {
  return countryCode === 'CH' ? 'CHF' : 'EUR';
}

interface Amount {
  min: number;
  max: number;
  currency: string | null;
  unit: string | null;
}

/** Annual EUR range of an amount; null when the currency is unknown or the result implausible. */
export function annualise(amount: Amount, countryCode: string | null): SalaryRange | null {
  const rate = EUR_RATES[(amount.currency ?? 'EUR').toUpperCase()];
  if (rate === undefined) return null;
  const lo = Math.min(amount.min, amount.max);
  const hi = Math.max(amount.min, amount.max);
  if (!(lo > 0)) return null;
  const factor = annualFactor(unitOf(amount.unit, hi), countryCode);
  const min = Math.round(lo * factor * rate);
  const max = Math.round(hi * factor * rate);
  if (min < MIN_ANNUAL || max > MAX_ANNUAL) return null;
  return { min, max };
}

function unitOf(unit: string | null, amount: number): string {
  const u = unit?.toUpperCase().replace(/^PER[_ ]/, '') ?? '';
  if (u in ANNUAL_FACTORS) return u;
  if (u === 'ANNUAL' || u === 'ANNUALLY' || u === 'YEARLY') return 'YEAR';
  if (u === 'MONTHLY') return 'MONTH';
  if (u === 'HOURLY') return 'HOUR';
  return amount >= 10_000 ? 'YEAR' : amount >= 500 ? 'MONTH' : 'HOUR';
}

function annualFactor(unit: string, countryCode: string | null): number {
  if (unit === 'MONTH' && countryCode !== null && FOURTEEN_SALARIES.has(countryCode)) return 14;
  return ANNUAL_FACTORS[unit] ?? 1;
}
