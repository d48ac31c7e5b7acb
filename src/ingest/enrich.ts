/**
 * A validated posting -> the enriched `Job` the store keeps and the index reads. Pure apart from
 * the gazetteer lookups (cached); every table and regular expression is built once at load time.
 * `estimatedSalary` stays null: the index estimates it from comparable jobs.
 */
import type { Job } from '../domain/job.js';
import { classifyEmploymentType, classifySeniority } from './classify-employment.js';
import { classifyPosition } from './classify-position.js';
import { classifyWork } from './classify-work.js';
import { brancheLine, companyOf, industryOf } from './company.js';
import { contextOf, REMOTE_TERMS, SALARY_TERMS, SEO_TERMS, summaryOf } from './excerpt.js';
import { getGazetteer } from './gazetteer.js';
import { blocksText, descriptionBlocks } from './html-to-text.js';
import { identityOf } from './identity.js';
import { detectLanguage } from './language.js';
import { PlaceResolver } from './locations.js';
import type { Posting } from './posting.js';
import { salaryFromPosting, salaryFromText } from './salary.js';
import { findSkills } from './skills.js';
import { validatePosting } from './validate.js';

export interface EnrichContext {
  /** Feed name; the first part of every key. */
  source: string;
  /** Epoch ms of the import (kept for rules that depend on the date). */
  now: number;
  /** Place resolution; defaults to one over the bundled gazetteer. */
  places?: PlaceResolver;
}

export type EnrichResult = { ok: true; job: Job } | { ok: false; reason: string };

/** Description characters that classification and skills look at; the rest is rarely telling. */
const ANALYSED_CHARS = 12_000;
/** Description characters kept in `searchText`. */
export const SEARCH_TEXT_CHARS = 2_000;

let defaultResolver: PlaceResolver | null = null;

function resolverOf(ctx: EnrichContext): PlaceResolver {
  if (ctx.places) return ctx.places;
  defaultResolver ??= new PlaceResolver(getGazetteer());
  return defaultResolver;
}

/** Validates and enriches one parsed record; an unexpected error is a reject, not a crash. */
export function enrichRecord(record: unknown, ctx: EnrichContext): EnrichResult {
  try {
    const valid = validatePosting(record);
    if (!valid.ok) return valid;
    return { ok: true, job: enrichPosting(valid.posting, ctx) };
  } catch (error) {
    return { ok: false, reason: `enrichment failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

export function enrichPosting(posting: Posting, ctx: EnrichContext): Job {
  const blocks = posting.description === null ? [] : descriptionBlocks(posting.description);
  const plain = blocksText(blocks);
  const analysed = plain.length > ANALYSED_CHARS ? plain.slice(0, ANALYSED_CHARS) : plain;
  const lower = analysed.toLowerCase();
  const title = posting.title;
  const lowerTitle = title.toLowerCase();

  const places = resolverOf(ctx).placesOf(posting);
  const countryCode = places[0]?.countryCode ?? null;
  const localities = [
    ...posting.locations.map((l) => l.locality ?? ''),
    ...places.map((p) => p.city?.name ?? ''),
  ].filter((l) => l.length >= 3);
  const { position, isSeo } = classifyPosition(title, localities);

  const employmentType = classifyEmploymentType({
    title: lowerTitle,
    types: posting.employmentTypes,
    workHours: posting.workHours?.toLowerCase() ?? null,
    text: lower,
  });
  const seniority = classifySeniority({
    title: lowerTitle,
    employmentType,
    experience: posting.experienceRequirements?.toLowerCase() ?? null,
    text: lower,
  });
  const work = classifyWork({
    title: lowerTitle,
    jobLocationType: posting.jobLocationType,
    text: lower,
    hasPhysicalPlace: places.some((p) => p.city !== null),
  });

  const skillText = `${title}\n${posting.skills}\n${analysed}`;
  const skills = findSkills(skillText, skillText.toLowerCase());
  const salary =
    (posting.salary ? salaryFromPosting(posting.salary, countryCode) : null) ??
    salaryFromText(title, analysed, countryCode);
  const company = companyOf(posting.organization);
  const industry = industryOf({
    explicit: posting.industry ?? posting.organization.industry,
    categories: [brancheLine(analysed) ?? '', ...posting.occupationalCategories].filter((c) => c !== ''),
    title,
    company: company.name,
    isSeo,
  });
  const extra = posting.qualifications ?? posting.responsibilities ?? '';
  const { key, boardId } = identityOf({
    source: ctx.source,
    identifier: posting.identifier,
    url: posting.url,
    company: company.name,
    title,
    place: posting.locations[0]?.locality ?? places[0]?.city?.name ?? '',
  });

  return {
    key,
    boardId,
    source: ctx.source,
    title,
    company,
    industry,
    position,
    seniority,
    employmentType,
    workModel: work.workModel,
    remotePercentage: work.remotePercentage,
    skills,
    isSeo,
    language: detectLanguage(plain === '' ? `${title} ${extra}` : analysed, countryCode),
    places,
    salary,
    estimatedSalary: null,
    summary: summaryOf(blocks, extra),
    seoContext: contextOf(blocks, SEO_TERMS),
    salaryContext: contextOf(blocks, SALARY_TERMS, title),
    remoteContext: contextOf(blocks, REMOTE_TERMS, title),
    searchText: searchTextOf([title, position.name, company.name, skills.map((s) => s.name).join(' '), plain]),
    postedAt: posting.datePosted,
    validThrough: posting.validThrough,
  };
}

function searchTextOf(parts: readonly string[]): string {
  const description = parts[parts.length - 1] ?? '';
  const head = parts.slice(0, -1).filter((p) => p !== '');
  const body = description.length > SEARCH_TEXT_CHARS ? description.slice(0, SEARCH_TEXT_CHARS) : description;
  return [...head, body].join('\n').trim();
}
