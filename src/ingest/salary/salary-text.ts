/**
 * Salary amounts in prose: "40.000 - 50.000", "bis ca. 75k € Jahresgehalt", "Mindestgehalt von
 * 21.000 € brutto p.a.", "$70 USD per hour", "USD $51,850 to USD $137,150", "Más de 30.000€".
 * An amount counts when it carries a currency, or stands in a sentence about pay, or (`bare`,
 * for titles and salary fields) is written with a thousands separator or `k`. Numbers followed by
 * "Mio.", "Kunden", "%", "Stunden", ... are not money.
 */
import { parseLocaleNumber } from '../json-ld.js';

export interface RawAmount {
  min: number;
  max: number;
  currency: string | null;
  unit: string | null;
  /** 'min' when only a maximum is stated ("bis 75k"), 'max' when only a minimum ("ab 45k", "más de 30.000"). */
  open: 'min' | 'max' | null;
}

export interface FindOptions {
  /** Accept an amount without a currency when it is written like a salary (40.000, 75k). */
  bare: boolean;
  /** The text is about pay: accept amounts of 1,000 or more without a currency. */
  salaryContext: boolean;
}

const CUR = String.raw`(?:(?:usd|us|eur|chf|gbp)\s*)?[$€£]|\busd\b|\beur(?:os?)?\b|\bchf\b|\bgbp\b|\bfr\.`;
const AMOUNT = String.raw`\d{1,3}(?:[.,'’\u00a0\u202f ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const MULT = String.raw`(?:\s?(k|tsd|mil)\b\.?)?`;
const PRE = String.raw`bis\s+(?:zu\s+)?(?:ca\.?\s*)?|up to\s+|ab\s+|from\s+|mindestens\s+|mindestgehalt\s+(?:von\s+)?|m[aá]s de\s+|desde\s+|at least\s+|starting at\s+|hasta\s+|min\.\s*|max\.\s*|[uü]ber\s+|mehr als\s+|more than\s+|over\s+`;
const SEP = String.raw`\s*(?:-|–|—|bis|to|a|hasta|und|and|y)\s*`;
const MONEY = new RegExp(
  `(${PRE})?(${CUR})?\\s*(?<![\\p{L}\\d.,])(${AMOUNT})${MULT}\\s*(${CUR})?` +
    `(?:${SEP}(${CUR})?\\s*(${AMOUNT})${MULT}\\s*(${CUR})?)?`,
  'giu',
);

const NOT_MONEY =
  /^\s*(?:%|(?:mio|mrd|million|millionen|milliarden|billion|kunden|mitarbeiter\w*|employees|users|nutzer|texte|clients|customers|downloads|besucher|stunden|std|tage|tagen|days|d[ií]as|jahre|jahren|years|a[nñ]os|monate|monaten|months|meses|m2|qm)(?![\p{L}]))/iu;
const UPPER = /^(?:bis|up to|hasta|max\.)/i;
const LOWER =
  /^(?:ab|from|mindestens|mindestgehalt|m[aá]s de|desde|at least|starting at|min\.|[uü]ber|mehr als|more than|over)/i;

const UNITS: readonly (readonly [string, RegExp])[] = [
  ['HOUR', /(?:pro|per|je|\/|por|la|an)\s*(?:stunde|std|hour|hr|h|hora)\b|hourly|stundenlohn|stundensatz|\/h\b/i],
  ['DAY', /(?:pro|per|je|\/|por|al)\s*(?:tag|day|d[ií]a)\b|tagessatz|daily rate/i],
  ['WEEK', /(?:pro|per|je|\/|por|a la)\s*(?:woche|week|semana)\b|weekly|w[oö]chentlich/i],
  ['MONTH', /(?:pro|per|im|je|\/|al|por|a)\s*(?:monat|month|mes)\b|monthly|monatlich|mensual/i],
  [
    'YEAR',
    /(?:pro|per|im|je|\/|al|por)\s*(?:jahr|year|a[nñ]o|annum)\b|p\.\s?a\.|\bp\.?a\b|j[aä]hrlich|annual|yearly|jahresgehalt|jahresbrutto|anual/i,
  ],
];

export function findSalaryInText(text: string, options: FindOptions): RawAmount | null {
  MONEY.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = MONEY.exec(text)) !== null) {
    const raw = toAmount(m, text, options);
    if (raw) return raw;
  }
  return null;
}

function toAmount(m: RegExpExecArray, text: string, options: FindOptions): RawAmount | null {
  const [, pre, cur1, a, multA, cur2, cur3, b, multB, cur4] = m;
  // Stryker disable next-line ConditionalExpression: equivalent, group 3 (the amount) is not optional in MONEY; the check only narrows the type
  if (a === undefined) return null;
  const end = m.index + m[0].length;
  if (NOT_MONEY.test(text.slice(end, end + 16))) return null;
  const multFirst = multA ?? (b !== undefined && carriesBack(a, b) ? multB : undefined);
  const first = amountOf(a, multFirst);
  const second = b === undefined ? null : amountOf(b, multB ?? multA);
  if (first === null) return null;
  const currency = currencyOf(cur1 ?? cur2 ?? cur3 ?? cur4);
  const styled = /[.,'’\u00a0\u202f ]\d{3}/.test(a) || multFirst !== undefined;
  const plausible = first >= 1_000 || multFirst !== undefined;
  const accepted =
    currency !== null
      ? first > 0
      : (options.salaryContext && plausible && !isYear(a)) || (options.bare && styled && plausible);
  if (!accepted) return null;
  const max = second ?? first;
  const lo = second !== null ? Math.min(first, second) : first;
  const hi = Math.max(first, max);
  const window = `${text.slice(end, end + 40)} ${text.slice(Math.max(0, m.index - 25), m.index)}`;
  const open = second !== null || pre === undefined ? null : UPPER.test(pre) ? 'min' : LOWER.test(pre) ? 'max' : null;
  return { min: lo, max: hi, currency, unit: unitIn(window), open };
}

function amountOf(digits: string, mult: string | undefined): number | null {
  const n = parseLocaleNumber(digits.replace(/[\u00a0\u202f ’']/g, (c) => (c === "'" || c === '’' ? '' : '.')));
  if (n === null) return null;
  return mult ? n * 1_000 : n;
}

/**
 * Whether the second amount's "k" also belongs to the first one written without it: "40-50k" is
 * 40,000 to 50,000, and "45 - 45k" is 45,000. Not when the first number is the larger ("500 - 5k"
 * is 500 to 5,000: the first amount is written in full), which also leaves "40.000 - 50k" as it is.
 */
function carriesBack(a: string, b: string): boolean {
  // An amount that does not parse compares as NaN: never carried.
  return (amountOf(a, undefined) ?? Number.NaN) <= (amountOf(b, undefined) ?? Number.NaN);
}

function isYear(digits: string): boolean {
  return /^(?:19|20)\d{2}$/.test(digits);
}

function currencyOf(token: string | undefined): string | null {
  if (token === undefined) return null;
  const t = token.toLowerCase();
  if (t.includes('$')) return 'USD';
  if (t.includes('€') || t.startsWith('eur')) return 'EUR';
  // Stryker disable next-line MethodExpression: equivalent, the only token starting with "gbp" that gets here is "gbp" itself ("gbp £" returned on its "£")
  if (t.includes('£') || t.startsWith('gbp')) return 'GBP';
  if (t.startsWith('chf') || t.startsWith('fr')) return 'CHF';
  // Stryker disable next-line ConditionalExpression,MethodExpression: equivalent, every other CUR token has returned above, so t is "usd" here
  if (t.startsWith('usd')) return 'USD';
  return null;
}

function unitIn(window: string): string | null {
  for (const [unit, re] of UNITS) if (re.test(window)) return unit;
  return null;
}
