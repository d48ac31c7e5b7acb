/** Field builders of demo postings: title, employment type, salary, dates, places. */
import { formatNumber } from '../domain/format-number.js';
import type { Language, SeniorityLevel } from '../domain/vocab.js';
import type { DemoCountry } from './generate-companies.js';
import type { GazetteerCity } from '../ingest/places/gazetteer.js';
import type { PositionDef } from './generate-positions.js';
import { type Random, weighted } from './generate-random.js';

export type WorkModelChoice = 'remote' | 'hybrid' | 'onsite';
type Table<T> = readonly (readonly [number, T])[];

const DAY = 86_400_000;

export const SENIORITIES: Table<SeniorityLevel> = [
  [5, 'intern'],
  [20, 'junior'],
  [45, 'mid'],
  [20, 'senior'],
  [6, 'lead'],
  [4, 'head'],
];

const TAGS_DE: Table<string> = [
  [55, ' (m/w/d)'],
  [15, ' (w/m/d)'],
  [10, ' (m/f/d)'],
  [5, ' (f/m/d)'],
  [3, ' (w/m/x)'],
  [4, ' (all genders)'],
  [8, ''],
];
const TAGS_EN_DACH: Table<string> = [
  [55, ' (m/f/d)'],
  [15, ' (f/m/d)'],
  [10, ' (all genders)'],
  [20, ''],
];
const TAGS_ES: Table<string> = [
  [15, ' (h/m)'],
  [5, ' (m/f)'],
  [80, ''],
];
const TAGS_EN_ES: Table<string> = [
  [10, ' (m/f/d)'],
  [90, ''],
];

interface TitleWords {
  intern: readonly ((area: string) => string)[];
  lead: readonly ((base: string, area: string) => string)[];
  head: readonly ((area: string) => string)[];
  /** Spanish often puts Junior/Senior after the title. */
  levelAfter: number;
  remote: readonly string[];
  hybrid: string;
  partTime: readonly string[];
  at: string;
}

const TITLE_WORDS: Readonly<Record<Language, TitleWords>> = {
  de: {
    intern: [
      (a) => `Werkstudent ${a}`,
      (a) => `Werkstudent:in ${a}`,
      (a) => `Praktikant ${a}`,
      (a) => `Praktikum ${a}`,
      (a) => `${a} Werkstudent`,
    ],
    lead: [(b) => `Lead ${b}`, (_b, a) => `Teamleiter ${a}`, (_b, a) => `Teamlead ${a}`],
    head: [(a) => `Head of ${a}`, (a) => `Leitung ${a}`],
    levelAfter: 0,
    remote: [' – 100% Remote', ' (Remote)', ' – remote'],
    hybrid: ' – hybrid',
    partTime: [' in Teilzeit', ' (Teilzeit)'],
    at: 'in',
  },
  es: {
    intern: [(a) => `Becario/a ${a}`, (a) => `Prácticas en ${a}`, (a) => `Becario ${a}`],
    lead: [(b) => `Lead ${b}`, (_b, a) => `Responsable de ${a}`],
    head: [(a) => `Head of ${a}`, (a) => `Director/a de ${a}`, (a) => `Jefe/a de ${a}`],
    levelAfter: 0.5,
    remote: [' – Teletrabajo', ' (100% remoto)', ' - Remoto'],
    hybrid: ' (híbrido)',
    partTime: [' – media jornada', ' (jornada parcial)'],
    at: 'en',
  },
  en: {
    intern: [(a) => `${a} Intern`, (a) => `Working Student ${a}`, (a) => `Internship ${a}`],
    lead: [(b) => `Lead ${b}`, (_b, a) => `Team Lead ${a}`],
    head: [(a) => `Head of ${a}`, (a) => `Director of ${a}`],
    levelAfter: 0,
    remote: [' – Remote', ' (100% remote)'],
    hybrid: ' – Hybrid',
    partTime: [' (part-time)'],
    at: 'in',
  },
};

export interface TitleInput {
  lang: Language;
  position: PositionDef;
  seniority: SeniorityLevel;
  country: DemoCountry;
  workModel: WorkModelChoice;
  partTime: boolean;
  city: string;
}

export function buildTitle(rng: Random, t: TitleInput): string {
  const words = TITLE_WORDS[t.lang];
  const base = rng.pick(t.position.titles[t.lang]);
  const area = t.position.area[t.lang];
  let core = base;
  if (t.seniority === 'intern') core = rng.pick(words.intern)(area);
  else if (t.seniority === 'lead') core = rng.pick(words.lead)(base, area);
  else if (t.seniority === 'head') core = rng.pick(words.head)(area);
  else if (t.seniority === 'junior' || t.seniority === 'senior') {
    const level = t.seniority === 'junior' ? 'Junior' : 'Senior';
    core = rng.chance(words.levelAfter) ? `${base} ${level}` : `${level} ${base}`;
  }
  const tags = t.lang === 'de' ? TAGS_DE : t.lang === 'es' ? TAGS_ES : t.country === 'ES' ? TAGS_EN_ES : TAGS_EN_DACH;
  const genderedAlready = /:in\b|\/-|\/a\b/.test(core);
  const tag = genderedAlready && rng.chance(0.7) ? '' : weighted(rng, tags);
  let suffix = '';
  if (t.workModel === 'remote' && rng.chance(0.3)) suffix = rng.pick(words.remote);
  else if (t.workModel === 'hybrid' && rng.chance(0.08)) suffix = words.hybrid;
  else if (t.partTime && t.seniority !== 'intern' && rng.chance(0.4)) suffix = rng.pick(words.partTime);
  else if (rng.chance(0.08)) suffix = ` ${words.at} ${t.city}`;
  return `${core}${tag}${suffix}`;
}

const EMPLOYMENT_INTERN: Table<string | string[]> = [
  [50, 'INTERN'],
  [35, 'PART_TIME'],
  [15, ['INTERN', 'PART_TIME']],
];
const EMPLOYMENT: Table<string | string[]> = [
  [74, 'FULL_TIME'],
  [8, 'PART_TIME'],
  [8, ['FULL_TIME', 'PART_TIME']],
  [5, 'CONTRACTOR'],
  [5, 'TEMPORARY'],
];

export function employmentType(rng: Random, seniority: SeniorityLevel): string | string[] {
  const t = weighted(rng, seniority === 'intern' ? EMPLOYMENT_INTERN : EMPLOYMENT);
  return Array.isArray(t) ? [...t] : t;
}

export function isPartTime(type: string | string[]): boolean {
  const list = Array.isArray(type) ? type : [type];
  return list.includes('PART_TIME') && !list.includes('FULL_TIME');
}

const SENIORITY_PAY: Readonly<Record<SeniorityLevel, number>> = {
  intern: 0.4,
  'working-student': 0.45,
  junior: 0.75,
  mid: 1,
  senior: 1.3,
  lead: 1.45,
  head: 1.8,
};
const COUNTRY_PAY: Readonly<Record<DemoCountry, number>> = { DE: 1, AT: 0.93, CH: 1.65, ES: 0.58 };
/** Share of postings that state a salary (Austrian ads must). */
export const SALARY_SHARE: Readonly<Record<DemoCountry, number>> = { DE: 0.45, AT: 0.9, CH: 0.3, ES: 0.45 };
const INTERN_HOURLY: Readonly<Record<DemoCountry, readonly [number, number]>> = {
  DE: [13, 18],
  AT: [12, 16],
  CH: [25, 32],
  ES: [7, 10],
};
const INTERN_MONTHLY: Readonly<Record<DemoCountry, readonly [number, number]>> = {
  DE: [1200, 2000],
  AT: [1000, 1600],
  CH: [2500, 3500],
  ES: [600, 1000],
};

export interface SalaryValue {
  min: number;
  max: number;
  unit: 'YEAR' | 'MONTH' | 'HOUR';
}

/** A realistic salary for the position, level and country, with the unit ads use. */
export function salaryFor(
  rng: Random,
  position: PositionDef,
  seniority: SeniorityLevel,
  country: DemoCountry,
  partTime: boolean,
): SalaryValue {
  if (seniority === 'intern') {
    if (rng.chance(0.6)) {
      const [lo, hi] = INTERN_HOURLY[country];
      const min = rng.int(lo, hi);
      return { min, max: min + rng.int(0, 3), unit: 'HOUR' };
    }
    const [lo, hi] = INTERN_MONTHLY[country];
    const min = Math.round(rng.int(lo, hi) / 50) * 50;
    return { min, max: min + 50 * rng.int(0, 6), unit: 'MONTH' };
  }
  const mid = position.salary * SENIORITY_PAY[seniority] * COUNTRY_PAY[country] * (0.9 + 0.2 * rng.next());
  const half = mid * (0.06 + 0.09 * rng.next());
  const min = Math.round((mid - half) / 1000) * 1000;
  const max = Math.max(min + 2000, Math.round((mid + half) / 1000) * 1000);
  if ((partTime && rng.chance(0.5)) || rng.chance(0.02)) {
    return { min: roundTo(min / 1720, 0.5), max: roundTo(max / 1720, 0.5), unit: 'HOUR' };
  }
  if (rng.chance(country === 'AT' ? 0.5 : 0.15)) {
    const months = country === 'AT' ? 14 : 12;
    return { min: roundTo(min / months, 50), max: roundTo(max / months, 50), unit: 'MONTH' };
  }
  return { min, max, unit: 'YEAR' };
}

function roundTo(x: number, step: number): number {
  return Math.round(x / step) * step;
}

const UNIT_TEXT: Readonly<Record<Language, Readonly<Record<SalaryValue['unit'], string>>>> = {
  de: { YEAR: 'brutto/Jahr', MONTH: 'brutto/Monat', HOUR: 'pro Stunde' },
  es: { YEAR: 'brutos/año', MONTH: 'brutos/mes', HOUR: 'por hora' },
  en: { YEAR: 'per year', MONTH: 'per month', HOUR: 'per hour' },
};

/** `55.000 – 65.000 € brutto/Jahr`, `€55,000–65,000 per year`. */
export function salaryText(s: SalaryValue, lang: Language): string {
  const unit = UNIT_TEXT[lang][s.unit];
  if (lang === 'en') {
    const f = (n: number): string => (Number.isInteger(n) ? formatNumber(n).replace(/\./g, ',') : n.toFixed(2));
    return s.min === s.max ? `€${f(s.min)} ${unit}` : `€${f(s.min)}–${f(s.max)} ${unit}`;
  }
  const f = (n: number): string => (Number.isInteger(n) ? formatNumber(n) : n.toFixed(2).replace('.', ','));
  return s.min === s.max ? `${f(s.min)} € ${unit}` : `${f(s.min)} – ${f(s.max)} € ${unit}`;
}

export interface PostingDates {
  datePosted: string;
  validThrough: string | null;
}

/** Posted within the last 90 days; about 3% already expired, about 5% open-ended. */
export function postingDates(rng: Random, now: number): PostingDates {
  let posted = now - Math.floor(rng.next() * 90 * DAY);
  let valid: number | null;
  if (rng.chance(0.03)) {
    valid = now - rng.int(1, 20) * DAY;
    if (posted > valid - DAY) posted = valid - rng.int(20, 60) * DAY;
  } else if (rng.chance(0.05)) {
    valid = null;
  } else {
    valid = posted + rng.int(30, 120) * DAY;
    if (valid <= now + DAY) valid = now + rng.int(2, 60) * DAY;
  }
  const postedIso = new Date(posted).toISOString();
  return {
    datePosted: rng.chance(0.8) ? postedIso.slice(0, 10) : postedIso,
    validThrough: valid === null ? null : new Date(valid).toISOString(),
  };
}

/** Exonyms English ads often use. */
const ENGLISH_NAMES: Readonly<Record<string, string>> = {
  München: 'Munich',
  Köln: 'Cologne',
  Wien: 'Vienna',
  Zürich: 'Zurich',
  Genève: 'Geneva',
  Nürnberg: 'Nuremberg',
  Sevilla: 'Seville',
};

export function localityName(rng: Random, city: GazetteerCity, lang: Language): string {
  const english = lang === 'en' ? ENGLISH_NAMES[city.name] : undefined;
  return english !== undefined && rng.chance(0.6) ? english : city.name;
}

export function place(rng: Random, city: GazetteerCity, locality: string): Record<string, unknown> {
  const address: Record<string, unknown> = { '@type': 'PostalAddress', addressLocality: locality };
  if (rng.chance(0.9)) address['addressRegion'] = city.region.name;
  address['addressCountry'] = city.countryCode;
  const out: Record<string, unknown> = { '@type': 'Place', address };
  if (rng.chance(0.9)) out['geo'] = { '@type': 'GeoCoordinates', latitude: city.lat, longitude: city.lon };
  return out;
}
