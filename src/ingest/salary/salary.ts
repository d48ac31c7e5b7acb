/**
 * Salary exactly as stated, with provenance, plus its annual EUR range for buckets and sorting.
 *
 * - Stated: amount(s), currency and period as the posting writes them (`StatedSalary`). An open
 *   bound stays open: "bis ca. 75k €" is a maximum, "Mindestgehalt 21.000 €" / "más de 30.000 €"
 *   are minimums. The annual range then carries the stated bound on both sides (bucket and sort by
 *   what is said) and `stated` tells the card which side to leave empty.
 * - Annualisation: YEAR ×1; MONTH × payments a year — 12, or 13 / 14 only when the posting says
 *   so (PAYMENTS below); WEEK ×52; DAY ×220 (working days); HOUR × the week's hours × 52 (the
 *   hours stated, else 40 for a full-time job, 20 for one that is not). No unit: an amount of
 *   10,000 or more is yearly, 500 or more monthly, less hourly. A single amount stated as a floor
 *   (collective-agreement minimum, "mindestens", "a partir de") keeps its top open.
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

/**
 * Payments a year when the text states 13 or 14, as each market writes it: Spanish "14 pagas",
 * German "14 Monatsgehälter", "13. Monatsgehalt", Austrian "14-mal jährlich ausbezahlt", "(14x)",
 * "14 x brutto", "14 Gehälter", Swiss "13. Monatslohn", English "13th month", "14 payments".
 */
const PAYMENTS = new RegExp(
  [
    String.raw`\b(1[34])\s*(?:pagas|mensualidades|monatsgeh[aä]ltern?|geh[aä]ltern?|monatsl[oö]hnen?|(?:monthly )?(?:payments|salaries))\b`,
    String.raw`\b(1[34])\.\s*(?:monatsgehalt|monatslohn|gehalt|lohn)`,
    String.raw`\b(1[34])th (?:month|salary)`,
    String.raw`\b(1[34])\s*-?\s*mal\s+(?:(?:j[aä]hrlich|im jahr|pro jahr|p\.\s?a\.)\s+)?(?:aus)?(?:be)?zahlt`,
    String.raw`\(\s*(1[34])\s*x\s*\)|\b(1[34])\s*x\s*(?:j[aä]hrlich|im jahr|pro jahr|brutto|p\.\s?a\.)`,
  ].join('|'),
  'i',
);

/** Payments a year stated in the text; 12 when none is. */
export function paymentsPerYear(text: string): number {
  const m = PAYMENTS.exec(text);
  // The one group that matched holds the count; unmatched groups are undefined at run time.
  const groups: readonly (string | undefined)[] = m ? m.slice(1) : [];
  const count = groups.find((g) => g !== undefined);
  return count === undefined ? 12 : Number(count);
}

/**
 * Hours a week an hourly rate is annualised with: the hours the posting states, else a full-time
 * week (40) for a full-time or unstated job, else a half week (20) for part-time, working-student,
 * mini and internship jobs — never a full-time week for a job that is not full-time.
 */
export type WeeklyHours = readonly [number, number];
export const FULL_TIME_WEEK: WeeklyHours = [40, 40];
export const PART_TIME_WEEK: WeeklyHours = [20, 20];

/** `baseSalary` of the posting, annualised in EUR; null when absent or unusable. `text` is read for 13/14 payments. */
export function salaryFromPosting(
  salary: PostingSalary,
  countryCode: string | null,
  text = '',
  hours: WeeklyHours = FULL_TIME_WEEK,
): SalaryRange | null {
  const currency = salary.currency ?? defaultCurrency(countryCode);
  if (salary.min !== null || salary.max !== null) {
    const low = salary.min ?? salary.max ?? 0;
    const high = salary.max ?? salary.min ?? 0;
    const open = salary.max === null ? 'max' : salary.min === null ? 'min' : null;
    return annualise({ min: low, max: high, currency, unit: salary.unit, open }, paymentsPerYear(text), hours);
  }
  if (salary.text !== null) {
    const raw = findSalaryInText(salary.text, { bare: true, salaryContext: true });
    if (raw)
      return annualise(
        { ...raw, currency: raw.currency ?? currency, unit: raw.unit ?? salary.unit },
        paymentsPerYear(`${salary.text}\n${text}`),
        hours,
      );
  }
  return null;
}

/** A salary stated in the title (bare ranges allowed) or in the description (currency or salary word needed). */
export function salaryFromText(
  title: string,
  description: string,
  countryCode: string | null,
  hours: WeeklyHours = FULL_TIME_WEEK,
): SalaryRange | null {
  const raw = findSalaryInText(title, { bare: true, salaryContext: false }) ?? findInSentences(description);
  if (!raw) return null;
  return annualise(
    { ...raw, currency: raw.currency ?? defaultCurrency(countryCode) },
    paymentsPerYear(`${title}\n${description}`),
    hours,
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
/** A sentence ends at . ! ? or a line break, not after an abbreviation ("ca.", "i.H.v.", "z.B.", "inkl."). */
const SENTENCE_END =
  /(?<=[.!?])(?<!\b(?:ca|bzw|inkl|zzgl|ggf|mind|min|max|approx|aprox|etc|vs|nr|ab|z\.b|i\.h\.v|u\.a|d\.h|p\.a)\.)\s+(?=\S)|\n+/i;
/**
 * Amounts that are not the pay: benefits (budgets, allowances, vouchers, pension top-ups, job
 * tickets), prices and what customers pay, company figures. A sentence with one of these words
 * and no pay word states no salary.
 */
const NOT_PAY =
  /budget|zuschuss|sachbezug|sachzulage|gutschein|rabatt|altersvorsorge|jobrad|wellpass|deutschlandticket|fahrtkosten|erstattung|kunden zahlen|preis|kosten|umsatz|kapital|invest|allowance|stipend for|voucher|discount|pension|revenue|funding|price|ayuda|cheque|descuento|facturaci/i;
/**
 * A single amount stated as a floor: a collective agreement's minimum (Austrian "Mindestgehalt laut
 * KV", "kollektivvertragliches Mindestentgelt", "Bereitschaft zur Überzahlung"), "mindestens",
 * "at least", "minimum", "salario mínimo", "a partir de". Its top stays open.
 */
const MINIMUM =
  /mindest(?:gehalt|entgelt|lohn|bezug|einstufung)|kollektivvertrag|\bkv\b|[uü]berzahlung|\bmindestens\b|\bat least\b|\bminimum\b|\bstarting (?:at|from)\b|salario m[ií]nimo|a partir de|como m[ií]nimo/i;

function findInSentences(text: string): RawAmount | null {
  if (!SALARY_HINT.test(text)) return null;
  for (const sentence of text.split(SENTENCE_END)) {
    if (!SALARY_HINT.test(sentence)) continue;
    const payWord = SALARY_WORD.test(sentence);
    if (!payWord && NOT_PAY.test(sentence)) continue;
    const raw = findSalaryInText(sentence, { bare: false, salaryContext: payWord });
    if (!raw) continue;
    return raw.min === raw.max && raw.open === null && MINIMUM.test(sentence) ? { ...raw, open: 'max' } : raw;
  }
  return null;
}

const COUNTRY_CURRENCY: Readonly<Record<string, string>> = { CH: 'CHF', LI: 'CHF', GB: 'GBP', US: 'USD' };

function defaultCurrency(countryCode: string | null): string {
  return (countryCode !== null ? COUNTRY_CURRENCY[countryCode] : undefined) ?? 'EUR';
}

/** Annual EUR range of a stated amount; null when the currency is unknown or the result implausible. */
export function annualise(amount: RawAmount, payments = 12, hours: WeeklyHours = FULL_TIME_WEEK): SalaryRange | null {
  const currency = (amount.currency ?? 'EUR').toUpperCase();
  const rate = EUR_RATES[currency];
  if (rate === undefined) return null;
  const lo = Math.min(amount.min, amount.max);
  const hi = Math.max(amount.min, amount.max);
  if (!(lo > 0)) return null;
  const period = periodOf(amount.unit, hi);
  const factor = period === 'MONTH' ? payments : ANNUAL_FACTORS[period];
  // An hourly rate is annualised with the week's hours: the fewest for the low end, the most for the top.
  const [factorLo, factorHi] = period === 'HOUR' ? [hours[0] * 52, hours[1] * 52] : [factor, factor];
  const min = Math.round((amount.open === 'min' ? hi : lo) * factorLo * rate);
  const max = Math.round((amount.open === 'max' ? lo : hi) * factorHi * rate);
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
