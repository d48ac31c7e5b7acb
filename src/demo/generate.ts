/**
 * Realistic demo postings: schema.org JobPosting JSON-LD objects for a niche board of SEO jobs in
 * DE, AT, CH and ES. Deterministic for a seed and `now`; cheap per posting (a million in seconds).
 *
 * Shape: about 60% SEO positions; German (DACH), Spanish (ES) and ~15% English texts; real cities
 * weighted by population, ~15% in 2–3 cities; Zipf-distributed companies with fixed size and
 * industry; ~half with `baseSalary`; `datePosted` within 90 days of `now`, ~3% already expired.
 */
import type { Language, SeniorityLevel } from '../domain/vocab.js';
import {
  buildCompanies,
  type CityPool,
  type DemoCompany,
  type DemoCountry,
  DEMO_COUNTRIES,
  COUNTRY_WEIGHTS,
} from './generate-companies.js';
import {
  buildTitle,
  employmentType,
  isPartTime,
  localityName,
  place,
  postingDates,
  salaryFor,
  salaryText,
  SALARY_SHARE,
  SENIORITIES,
  type SalaryValue,
  type WorkModelChoice,
} from './generate-fields.js';
import { POSITIONS, type PositionDef } from './generate-positions.js';
import { Random, WeightedSampler, weighted, zipfWeights } from './generate-random.js';
import { describe, PHRASEBOOKS } from './generate-texts.js';
import { getGazetteer, type GazetteerCity } from '../ingest/places/gazetteer.js';

export interface GenerateOptions {
  count: number;
  seed: number;
  /** Epoch milliseconds the posting dates are relative to. */
  now: number;
}

export const DEMO_COMPANY_COUNT = 3000;
/** Zipf exponent of postings per company: the top company has ~5% of all postings. */
const COMPANY_ZIPF = 0.8;
const WORK_MODELS: readonly (readonly [number, WorkModelChoice])[] = [
  [20, 'remote'],
  [45, 'hybrid'],
  [35, 'onsite'],
];
const ONSITE_TASKS = new Set(['care', 'logistics']);
const CAREERS_PATH: Readonly<Record<Language, string>> = { de: 'karriere', es: 'empleo', en: 'careers' };
const HOURS_WORD: Readonly<Record<Language, string>> = { de: 'Stunden/Woche', es: 'horas/semana', en: 'hours/week' };

interface World {
  rng: Random;
  now: number;
  pools: ReadonlyMap<DemoCountry, CityPool>;
  companies: readonly DemoCompany[];
  companySampler: WeightedSampler;
  seoPositions: readonly PositionDef[];
  seoSampler: WeightedSampler;
  otherPositions: readonly PositionDef[];
  otherSampler: WeightedSampler;
  /** Non-SEO positions typical of an industry, by industry id. */
  typical: ReadonlyMap<string, readonly PositionDef[]>;
}

export function* generatePostings(options: GenerateOptions): Generator<Record<string, unknown>> {
  const { count, seed, now } = options;
  if (!Number.isSafeInteger(count) || count < 0)
    throw new RangeError(`count must be a non-negative integer, got ${count}`);
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  if (!Number.isFinite(now)) throw new RangeError(`now must be epoch milliseconds, got ${now}`);
  const world = buildWorld(seed, now);
  for (let i = 0; i < count; i++) yield posting(world, i);
}

function buildWorld(seed: number, now: number): World {
  const rng = new Random(seed);
  const gazetteer = getGazetteer();
  const pools = new Map<DemoCountry, CityPool>();
  for (const cc of DEMO_COUNTRIES) {
    const cities = gazetteer.cities.filter((c) => c.countryCode === cc);
    pools.set(cc, { cities, sampler: new WeightedSampler(cities.map((c) => c.population)) });
  }
  const companies = buildCompanies(rng, DEMO_COMPANY_COUNT, pools);
  const seoPositions = POSITIONS.filter((p) => p.seo);
  const otherPositions = POSITIONS.filter((p) => !p.seo);
  const typical = new Map<string, PositionDef[]>();
  for (const p of otherPositions)
    for (const ind of p.industries ?? []) typical.set(ind, [...(typical.get(ind) ?? []), p]);
  const general = otherPositions.filter((p) => p.exclusive !== true);
  return {
    rng,
    now,
    pools,
    companies,
    companySampler: new WeightedSampler(zipfWeights(companies.length, COMPANY_ZIPF)),
    seoPositions,
    seoSampler: new WeightedSampler(seoPositions.map((p) => p.weight)),
    otherPositions: general,
    otherSampler: new WeightedSampler(general.map((p) => p.weight)),
    typical,
  };
}

function pickPosition(w: World, company: DemoCompany): PositionDef {
  const { rng } = w;
  if (rng.chance(company.industry.seoShare)) return w.seoPositions[w.seoSampler.index(rng)] ?? fail();
  const local = w.typical.get(company.industry.id);
  if (local !== undefined && rng.chance(0.5)) return rng.pick(local);
  return w.otherPositions[w.otherSampler.index(rng)] ?? fail();
}

function fail(): never {
  throw new Error('generator tables are empty');
}

function cityIn(w: World, country: DemoCountry): GazetteerCity {
  const pool = w.pools.get(country) ?? fail();
  return pool.cities[pool.sampler.index(w.rng)] ?? fail();
}

/** Primary city (mostly the company's seat), plus 1–2 more for ~15% of postings. */
function pickCities(w: World, company: DemoCompany): GazetteerCity[] {
  const { rng } = w;
  const r = rng.next();
  const country = r < 0.9 ? company.country : weighted(rng, COUNTRY_WEIGHTS);
  const primary = r < 0.7 ? company.hq : cityIn(w, country);
  const cities = [primary];
  if (rng.chance(0.15)) {
    const want = 1 + rng.int(1, 2);
    for (let tries = 0; cities.length < want && tries < 10; tries++) {
      const c = cityIn(w, demoCountry(primary));
      if (!cities.includes(c)) cities.push(c);
    }
  }
  return cities;
}

function demoCountry(city: GazetteerCity): DemoCountry {
  return DEMO_COUNTRIES.find((cc) => cc === city.countryCode) ?? fail();
}

function pickLanguage(w: World, company: DemoCompany, country: string): Language {
  if (w.rng.chance(company.englishShare)) return 'en';
  return country === 'ES' ? 'es' : 'de';
}

function pickSeniority(w: World, position: PositionDef): SeniorityLevel {
  return position.fixedSeniority ?? weighted(w.rng, SENIORITIES);
}

function posting(w: World, i: number): Record<string, unknown> {
  const { rng } = w;
  const company = w.companies[w.companySampler.index(rng)] ?? fail();
  const position = pickPosition(w, company);
  const cities = pickCities(w, company);
  const primary = cities[0] ?? company.hq;
  const country = demoCountry(primary);
  const lang = pickLanguage(w, company, country);
  const seniority = pickSeniority(w, position);
  const workModel: WorkModelChoice =
    ONSITE_TASKS.has(position.tasks) && rng.chance(0.9) ? 'onsite' : weighted(rng, WORK_MODELS);
  const employment = employmentType(rng, seniority);
  const partTime = isPartTime(employment);
  const locality = localityName(rng, primary, lang);
  const title = buildTitle(rng, { lang, position, seniority, country, workModel, partTime, city: locality });
  const salary = rng.chance(SALARY_SHARE[country]) ? salaryFor(rng, position, seniority, country, partTime) : null;
  const hours = partTime ? rng.pick(seniority === 'intern' ? [16, 20] : [20, 25, 30]) : null;
  const skills = rng.sample(position.skills, rng.int(3, 5));
  const description = describe(
    rng,
    PHRASEBOOKS[lang],
    {
      company: company.name,
      city: locality,
      industry: company.industry.id,
      area: position.area[lang],
      tasks: position.tasks,
      skills,
      workModel,
      remoteDays: rng.int(1, 4),
      salary: salary !== null && rng.chance(0.6) ? salaryText(salary, lang) : null,
      partTimeHours: hours,
    },
    rng.chance(0.4),
  );
  const dates = postingDates(rng, w.now);

  const out: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title,
    description,
    datePosted: dates.datePosted,
  };
  if (dates.validThrough !== null) out['validThrough'] = dates.validThrough;
  out['employmentType'] = employment;
  out['hiringOrganization'] = organization(company);
  out['industry'] = company.industry.label;
  addLocations(w, out, cities, lang, workModel);
  if (salary !== null) out['baseSalary'] = baseSalary(rng, salary);
  if (hours !== null) out['workHours'] = `${hours} ${HOURS_WORD[lang]}`;
  if (rng.chance(0.4)) out['skills'] = skills.join(', ');
  const id = identifier(w, company, i);
  if (rng.chance(0.98)) out['identifier'] = { '@type': 'PropertyValue', name: company.name, value: id };
  out['url'] = `https://www.${company.domain}/${CAREERS_PATH[lang]}/${id}`;
  if (rng.chance(0.3)) out['directApply'] = true;
  return out;
}

function addLocations(
  w: World,
  out: Record<string, unknown>,
  cities: GazetteerCity[],
  lang: Language,
  workModel: WorkModelChoice,
): void {
  const { rng } = w;
  const primary = cities[0];
  if (workModel === 'remote') {
    out['jobLocationType'] = 'TELECOMMUTE';
    if (primary !== undefined && rng.chance(0.3)) {
      out['applicantLocationRequirements'] = { '@type': 'Country', name: primary.country.name };
      return;
    }
  }
  const places = cities.map((c, idx) => place(rng, c, idx === 0 ? localityName(rng, c, lang) : c.name));
  out['jobLocation'] = places.length === 1 ? places[0] : places;
}

function organization(c: DemoCompany): Record<string, unknown> {
  const org: Record<string, unknown> = { '@type': 'Organization', name: c.name };
  if (c.website !== null) org['sameAs'] = c.website;
  if (c.logo !== null) org['logo'] = c.logo;
  if (c.employees !== null) org['numberOfEmployees'] = { '@type': 'QuantitativeValue', value: c.employees };
  org['industry'] = c.industry.label;
  return org;
}

function baseSalary(rng: Random, s: SalaryValue): Record<string, unknown> {
  const value: Record<string, unknown> = { '@type': 'QuantitativeValue' };
  if (s.min === s.max || rng.chance(0.1)) value['value'] = s.min;
  else {
    value['minValue'] = s.min;
    value['maxValue'] = s.max;
  }
  value['unitText'] = s.unit;
  return { '@type': 'MonetaryAmount', currency: 'EUR', value };
}

/** All digits for most companies (unique per run: grows with `i`), a reference string for others. */
function identifier(w: World, c: DemoCompany, i: number): string {
  if (c.digitIds) return String(100_000_000 + i * 10 + w.rng.int(0, 9));
  const year = new Date(w.now).getUTCFullYear();
  return `${c.initials}-${year}-${String(i).padStart(6, '0')}`;
}
