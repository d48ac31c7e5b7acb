/**
 * A validated posting -> the enriched `Job` the store keeps and the index reads. Pure apart from
 * the gazetteer lookups (cached); every table and regular expression is built once at load time.
 * `estimatedSalary` stays null: the index estimates it from comparable jobs.
 */
import type { Job, JobPlace, SalaryRange } from '../domain/job.js';
import type { EmploymentType } from '../domain/vocab.js';
import { classifyEmploymentType, classifySeniority, statedWeeklyHours } from './classify/classify-employment.js';
import { classifyPosition } from './classify/classify-position.js';
import { classifySeo, SEO_QUOTE_STRONG, SEO_QUOTE_WEAK } from './classify/classify-seo.js';
import { classifyWork } from './classify/classify-work.js';
import { brancheLine, companyOf, industryOf } from './classify/company.js';
import { MARKETS_OF, remoteEligibility } from './classify/remote-eligibility.js';
import { decodeEntities } from './text/entities.js';
import { contextOf, REMOTE_TERMS, SALARY_TERMS, summaryOf } from './text/excerpt.js';
import { getGazetteer } from './places/gazetteer.js';
import { blocksText, descriptionBlocks, type TextBlock } from './text/html-to-text.js';
import { identityOf } from './identity.js';
import { detectLanguage } from './text/language.js';
import { dedupe, PlaceResolver } from './places/locations.js';
import type { Posting } from './posting.js';
import {
  FULL_TIME_WEEK,
  PART_TIME_WEEK,
  salaryFromPosting,
  salaryFromText,
  type WeeklyHours,
} from './salary/salary.js';
import { findSkills } from './classify/skills.js';
import { countryHint, placeNamesInText } from './places/text-places.js';

export interface EnrichContext {
  /** Feed name; the first part of every key. */
  source: string;
  /** Epoch ms of the import (kept for rules that depend on the date). */
  now: number;
  /** Place resolution; defaults to one over the bundled gazetteer. */
  places?: PlaceResolver;
}

/** Description characters that classification and skills look at; the rest is rarely telling. */
const ANALYSED_CHARS = 12_000;
/** Description characters kept in `searchText`. */
export const SEARCH_TEXT_CHARS = 2_000;
/** Description characters kept for the detail view (a long posting is cut at a line). */
export const DETAIL_TEXT_CHARS = 20_000;

let defaultResolver: PlaceResolver | null = null;

function resolverOf(ctx: EnrichContext): PlaceResolver {
  if (ctx.places) return ctx.places;
  defaultResolver ??= new PlaceResolver(getGazetteer());
  return defaultResolver;
}

/** A validated posting as the `Job` the store keeps (validation is the pipeline's step before). */
export function enrichPosting(raw: Posting, ctx: EnrichContext): Job {
  const posting = decoded(raw);
  const text = textOf(posting);
  const resolver = resolverOf(ctx);
  const workplaces = placesOf(posting, text, resolver);
  const countryCode = workplaces.find((p) => p.countryCode !== null)?.countryCode ?? null;
  const { position, isSeo: seoTitle } = classifyPosition(posting.title, localitiesOf(posting, workplaces));
  const isSeo = seoTitle || classifySeo({ title: posting.title, text: text.analysed }).isSeo;
  const roles = classifyRoles(posting, text, workplaces);
  // A remote job is also placed in the countries its applicants may live in, so that a location
  // filter on those countries finds it (and one on other countries does not, unless it is located there).
  const applicantPlaces = roles.workModel === 'remote' ? resolver.applicantPlaces(posting.applicantLocations) : [];
  const eligibility =
    roles.workModel === 'remote'
      ? [
          ...new Set([
            ...applicantPlaces.map((p) => p.countryCode).filter((c): c is string => c !== null),
            ...remoteEligibility(text.lower),
          ]),
        ]
      : [];
  const places =
    eligibility.length > 0 || applicantPlaces.length > 0
      ? dedupe([...workplaces, ...applicantPlaces, ...eligibilityPlaces(eligibility, workplaces, resolver)])
      : workplaces;
  const skillText = `${posting.title}\n${posting.skills}\n${text.analysed}`;
  const skills = findSkills(skillText, skillText.toLowerCase());
  const company = companyOf(posting.organization, text.lower);
  const extra = posting.qualifications ?? posting.responsibilities ?? '';
  const { key, boardId } = identityOf({
    source: ctx.source,
    identifier: posting.identifier,
    url: posting.url,
    company: company.name,
    title: posting.title,
    place: posting.locations[0]?.locality ?? places[0]?.city?.name ?? '',
  });
  // Every Job is built by this one literal, all fields in one order: one object shape for all.
  return {
    key,
    boardId,
    source: ctx.source,
    url: posting.url,
    title: posting.title,
    company,
    industry: industryOf({
      explicit: posting.industry ?? posting.organization.industry,
      categories: categoriesOf(posting, text),
      title: posting.title,
      company: company.name,
      isSeo,
    }),
    position,
    seniority: roles.seniority,
    employmentType: roles.employmentType,
    workModel: roles.workModel,
    remotePercentage: roles.remotePercentage,
    skills,
    isSeo,
    language: detectLanguage(text.plain === '' ? `${posting.title} ${extra}` : text.analysed, countryCode),
    places,
    // Undefined (left out of the stored JSON) when not stated: a posting stored before keeps its hash.
    remoteEligibility: eligibility.length > 0 ? eligibility : undefined,
    salary: salaryOf(posting, text.analysed, countryCode, weeklyHoursOf(posting, text.lower, roles.employmentType)),
    estimatedSalary: null,
    summary: summaryOf(text.blocks, extra),
    seoContext: isSeo ? seoReason(text.blocks, posting.title) : '',
    salaryContext: contextOf(text.blocks, SALARY_TERMS, posting.title),
    remoteContext: contextOf(text.blocks, REMOTE_TERMS, posting.title),
    searchText: searchTextOf(
      [posting.title, position.name, company.name, skills.map((k) => k.name).join(' ')],
      text.plain,
    ),
    postedAt: posting.datePosted,
    validThrough: posting.validThrough,
    detail: { description: detailTextOf(text.plain), applyUrl: posting.url, statedSalary: posting.salary },
  };
}

/** Title and names with HTML entities decoded ("f&uuml;r", "A &amp; B", "&#8211;"). */
function decoded(posting: Posting): Posting {
  const title = decodeEntities(posting.title).replace(/\s+/g, ' ').trim();
  const name = decodeEntities(posting.organization.name).replace(/\s+/g, ' ').trim();
  if (title === posting.title && name === posting.organization.name) return posting;
  return { ...posting, title, organization: { ...posting.organization, name } };
}

/** The sentences that justify the SEO flag: strong SEO terms first, then SEO craft words, else the title. */
function seoReason(blocks: readonly TextBlock[], title: string): string {
  return contextOf(blocks, SEO_QUOTE_STRONG) || contextOf(blocks, SEO_QUOTE_WEAK) || title;
}

/**
 * Structured places; when they name no city, the cities the title and text name; when no place
 * has a country yet, the country the text or a domain names (see text-places.ts), else a city in
 * the employer's name ("Interkultureller Sozialdienst Hannover").
 */
function placesOf(posting: Posting, text: PostingText, resolver: PlaceResolver): JobPlace[] {
  let places = resolver.placesOf(posting);
  const known = places.find((p) => p.countryCode !== null)?.countryCode ?? null;
  if (!places.some((p) => p.city !== null)) {
    const named = resolver.placesNamed(placeNamesInText(posting.title, text.analysed), known);
    if (named.length > 0)
      places = dedupe([
        ...named,
        ...places.filter((p) => p.countryCode !== null && !named.some((n) => n.countryCode === p.countryCode)),
      ]);
  }
  if (places.some((p) => p.countryCode !== null)) return places;
  const hint = countryHint(`${posting.title}\n${text.analysed}`, [
    posting.url ?? '',
    ...posting.organization.urls,
    posting.description ?? '',
  ]);
  const country = hint === null ? null : resolver.countryPlace(hint);
  if (country !== null) return [...places.filter((p) => p.city !== null), country];
  const fromCompany = resolver.placesNamed(
    posting.organization.name.split(/\s+/).filter((w) => /^\p{Lu}\p{Ll}{3,}$/u.test(w)),
    null,
  );
  return fromCompany.length > 0 ? [fromCompany[0]!] : places;
}

/**
 * The board's countries inside the areas applicants may live in (a group stands for its markets),
 * but for those a workplace already lies in.
 */
function eligibilityPlaces(
  codes: readonly string[],
  workplaces: readonly JobPlace[],
  resolver: PlaceResolver,
): JobPlace[] {
  const out: JobPlace[] = [];
  for (const code of codes)
    for (const c of MARKETS_OF[code] ?? [code]) {
      if (workplaces.some((p) => p.countryCode === c)) continue;
      const place = resolver.countryPlace(c);
      if (place !== null) out.push(place);
    }
  return out;
}

function detailTextOf(plain: string): string {
  if (plain.length <= DETAIL_TEXT_CHARS) return plain;
  const cut = plain.lastIndexOf('\n', DETAIL_TEXT_CHARS);
  return `${plain.slice(0, cut > 0 ? cut : DETAIL_TEXT_CHARS)}\n…`;
}

/** A "Branche: ..." line of the description, then `occupationalCategory`. */
function categoriesOf(posting: Posting, text: PostingText): string[] {
  const mentions = text.lower.includes('branche') || text.lower.includes('industr') || text.lower.includes('sector');
  const branche = mentions ? brancheLine(text.analysed) : null;
  return branche === null ? posting.occupationalCategories : [branche, ...posting.occupationalCategories];
}

interface PostingText {
  blocks: TextBlock[];
  /** The whole description as plain text. */
  plain: string;
  /** Its first ANALYSED_CHARS, and those lower-cased: what classification reads. */
  analysed: string;
  lower: string;
}

function textOf(posting: Posting): PostingText {
  const blocks = posting.description === null ? [] : descriptionBlocks(posting.description);
  const plain = blocksText(blocks);
  const analysed = plain.length > ANALYSED_CHARS ? plain.slice(0, ANALYSED_CHARS) : plain;
  return { blocks, plain, analysed, lower: analysed.toLowerCase() };
}

/** Places' and addresses' locality names, cut from titles ("... in Berlin"). */
function localitiesOf(posting: Posting, places: readonly JobPlace[]): string[] {
  return [...posting.locations.map((l) => l.locality ?? ''), ...places.map((p) => p.city?.name ?? '')].filter(
    (l) => l.length >= 3,
  );
}

type Roles = Pick<Job, 'seniority' | 'employmentType' | 'workModel' | 'remotePercentage'>;

function classifyRoles(posting: Posting, text: PostingText, places: readonly JobPlace[]): Roles {
  const title = posting.title.toLowerCase();
  const employmentType = classifyEmploymentType({
    title,
    types: posting.employmentTypes,
    workHours: posting.workHours?.toLowerCase() ?? null,
    text: text.lower,
  });
  // A qualified role whose posting gives no level signal is mid-level (the board's policy).
  const seniority =
    classifySeniority({
      title,
      employmentType,
      experience: posting.experienceRequirements?.toLowerCase() ?? null,
      text: text.lower,
    }) ?? 'mid';
  const work = classifyWork({
    title,
    jobLocationType: posting.jobLocationType,
    text: text.lower,
    hasPhysicalPlace: places.some((p) => p.city !== null),
  });
  return { seniority, employmentType, workModel: work.workModel, remotePercentage: work.remotePercentage };
}

/** The structured `baseSalary`, else a salary stated in the title or description. */
function salaryOf(
  posting: Posting,
  analysed: string,
  countryCode: string | null,
  hours: WeeklyHours,
): SalaryRange | null {
  const given = posting.salary
    ? salaryFromPosting(posting.salary, countryCode, `${posting.title}\n${analysed}`, hours)
    : null;
  return given ?? salaryFromText(posting.title, analysed, countryCode, hours);
}

/** The hours a week to annualise an hourly rate with (see salary.ts). */
function weeklyHoursOf(posting: Posting, lower: string, type: EmploymentType | null): WeeklyHours {
  const stated = statedWeeklyHours(posting.workHours?.toLowerCase() ?? '') ?? statedWeeklyHours(lower.slice(0, 6000));
  if (stated) return stated;
  return type === null || type === 'full-time' || type === 'contract' || type === 'freelance' || type === 'temporary'
    ? FULL_TIME_WEEK
    : PART_TIME_WEEK;
}

function searchTextOf(head: readonly string[], description: string): string {
  const body = description.length > SEARCH_TEXT_CHARS ? description.slice(0, SEARCH_TEXT_CHARS) : description;
  return [...head.filter((p) => p !== ''), body].join('\n').trim();
}
