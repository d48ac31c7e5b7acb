import type { Language } from './vocab.js';
import type { SalaryRange, StatedSalary } from './job.js';
import { bucketLabel, bucketOf, type SalaryBucket } from './salary-buckets.js';

/**
 * The generated sentence that closes `salary_relevance_context`, in the posting's language:
 * which salary band the job falls into, and whether the amount is given or estimated.
 */
export function salaryBandSentence(
  language: Language,
  buckets: readonly SalaryBucket[],
  salary: SalaryRange | null,
  estimated: SalaryRange | null,
): string {
  const range = salary ?? estimated;
  if (!range) return '';
  const bucket = buckets[bucketOf(buckets, range)];
  if (!bucket) return '';
  const band = bucketLabel(bucket);
  const given = salary !== null;
  switch (language) {
    case 'de':
      return given
        ? `Das angegebene Jahresgehalt liegt im Gehaltsband ${band}.`
        : `Das geschätzte Jahresgehalt vergleichbarer Stellen liegt im Gehaltsband ${band}.`;
    case 'es':
      return given
        ? `El salario anual indicado se sitúa en la franja ${band}.`
        : `El salario anual estimado de puestos comparables se sitúa en la franja ${band}.`;
    case 'en':
      return given
        ? `The stated annual salary falls in the ${band} band.`
        : `The estimated annual salary of comparable jobs falls in the ${band} band.`;
  }
}

const PERIOD_WORDS: Readonly<Record<Language, Readonly<Record<StatedSalary['period'], string>>>> = {
  de: { YEAR: 'pro Jahr', MONTH: 'pro Monat', WEEK: 'pro Woche', DAY: 'pro Tag', HOUR: 'pro Stunde' },
  es: { YEAR: 'al año', MONTH: 'al mes', WEEK: 'a la semana', DAY: 'al día', HOUR: 'por hora' },
  en: { YEAR: 'a year', MONTH: 'a month', WEEK: 'a week', DAY: 'a day', HOUR: 'an hour' },
};
const STATED_WORDS: Readonly<Record<Language, { stated: string; from: string; upTo: string; payments: string }>> = {
  de: { stated: 'Angegeben', from: 'ab', upTo: 'bis', payments: 'Gehälter' },
  es: { stated: 'Indicado', from: 'desde', upTo: 'hasta', payments: 'pagas' },
  en: { stated: 'Stated', from: 'from', upTo: 'up to', payments: 'payments' },
};

/**
 * The salary as the posting states it, when the card's EUR figures alone would hide something: a
 * currency other than EUR ("Angegeben: 3.000 - 5.000 USD pro Monat.") or 13/14 payments a year.
 * '' when the statement is a plain EUR amount.
 */
export function statedSalarySentence(language: Language, stated: StatedSalary | undefined): string {
  if (stated === undefined || (stated.currency === 'EUR' && stated.paymentsPerYear === 12)) return '';
  const w = STATED_WORDS[language];
  const fmt = (n: number): string => formatAmount(n);
  const amount =
    stated.min !== null && stated.max !== null
      ? stated.min === stated.max
        ? fmt(stated.min)
        : `${fmt(stated.min)} - ${fmt(stated.max)}`
      : stated.min !== null
        ? `${w.from} ${fmt(stated.min)}`
        : `${w.upTo} ${fmt(stated.max ?? 0)}`;
  const payments =
    stated.period === 'MONTH' && stated.paymentsPerYear !== 12 ? ` (${stated.paymentsPerYear} ${w.payments})` : '';
  return `${w.stated}: ${amount} ${stated.currency} ${PERIOD_WORDS[language][stated.period]}${payments}.`;
}

/** German grouping with up to two decimals kept (70, 3.000, 12,50). */
function formatAmount(n: number): string {
  const whole = Math.trunc(n);
  const cents = Math.round((n - whole) * 100);
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return cents === 0 ? grouped : `${grouped},${String(cents).padStart(2, '0')}`;
}
