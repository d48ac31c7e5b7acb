/**
 * Validation of one JSON-LD record as a JobPosting. Required: `@type` JobPosting, a non-empty
 * `title`, a `hiringOrganization` with a name. Optional fields are checked only when present.
 * Lenient where real feeds are (any `jobLocationType` text, a text `baseSalary.value`, free-text
 * `workHours`); a field outside the checked list with an odd shape is ignored, never a reject.
 */
import {
  asList,
  asNumber,
  asText,
  hasType,
  isObject,
  nameOf,
  parseDate,
  quote,
  urlOf,
  type JsonObject,
} from './json-ld.js';
import { isHttpUrl } from '../domain/http-url.js';
import type { PostingIdentifier } from './identity.js';
import type { Posting, PostingAddress, PostingOrganization, PostingSalary } from './posting.js';

export type Validation = { ok: true; posting: Posting } | { ok: false; reason: string };

class Invalid extends Error {}

function fail(reason: string): never {
  throw new Invalid(reason);
}

/** Checks a parsed record and narrows it to a `Posting`; the reason names the offending field. */
export function validatePosting(record: unknown): Validation {
  try {
    return { ok: true, posting: toPosting(record) };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, reason: error.message };
    throw error;
  }
}

function toPosting(record: unknown): Posting {
  if (!isObject(record)) fail(`record is not a JSON object: ${quote(record)}`);
  checkType(record);
  return {
    title: requiredTitle(record['title']),
    description: optionalString(record, 'description'),
    identifier: identifierOf(record['identifier']),
    url: linkOf(urlOf(record['url']), 'url'),
    datePosted: optionalDate(record, 'datePosted', false),
    validThrough: optionalDate(record, 'validThrough', true),
    employmentTypes: employmentTypesOf(record['employmentType']),
    jobLocationType:
      asList(record['jobLocationType'])
        .map(asText)
        .find((t) => t !== null)
        ?.toUpperCase() ?? null,
    organization: organizationOf(record['hiringOrganization']),
    industry: nameOf(record['industry']),
    locations: locationsOf(record['jobLocation']),
    applicantLocations: asList(record['applicantLocationRequirements'])
      .map(nameOf)
      .filter((n): n is string => n !== null),
    salary: salaryOf(record['baseSalary']),
    skills: asList(record['skills'])
      .map(nameOf)
      .filter((s): s is string => s !== null)
      .join(', '),
    workHours: asText(record['workHours']),
    occupationalCategories: asList(record['occupationalCategory'])
      .map((c) => nameOf(c) ?? (isObject(c) ? asText(c['codeValue']) : null))
      .filter((c): c is string => c !== null),
    qualifications: textOf(record['qualifications']),
    responsibilities: textOf(record['responsibilities']),
    experienceRequirements: experienceOf(record['experienceRequirements']),
  };
}

function checkType(record: JsonObject): void {
  if (record['@type'] === undefined) fail('@type is missing (expected JobPosting)');
  if (!hasType(record, 'JobPosting')) fail(`@type is not JobPosting: ${quote(record['@type'])}`);
}

function requiredTitle(value: unknown): string {
  if (value === undefined || value === null) fail('title is missing');
  if (typeof value !== 'string') fail(`title is not a string: ${quote(value)}`);
  const title = value.replace(/\s+/g, ' ').trim();
  if (title === '') fail('title is empty');
  return title;
}

function optionalString(record: JsonObject, field: string): string | null {
  const value = record[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') fail(`${field} is not a string: ${quote(value)}`);
  return value.trim() === '' ? null : value;
}

function optionalDate(record: JsonObject, field: string, endOfDay: boolean): number | null {
  const value = record[field];
  if (value === undefined || value === null || value === '') return null;
  const ms = parseDate(value, endOfDay);
  if (ms === null) fail(`${field} is not a date: ${quote(value)}`);
  return ms;
}

/** The first identifier with its name: a string or number (name ''), or a PropertyValue. */
function identifierOf(value: unknown): PostingIdentifier | null {
  if (value === undefined || value === null) return null;
  const first: unknown = Array.isArray(value) ? value[0] : value;
  if (first === undefined || first === null) return null;
  if (typeof first === 'string' || typeof first === 'number') {
    const v = asText(first);
    return v === null ? null : { name: '', value: v };
  }
  if (isObject(first)) {
    const v = asText(first['value']) ?? asText(first['@id']);
    if (v === null) fail('identifier.value is missing');
    return { name: asText(first['name']) ?? asText(first['propertyID']) ?? '', value: v };
  }
  return fail(`identifier is not a string, number or PropertyValue: ${quote(value)}`);
}

function employmentTypesOf(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const list = asList(value);
  if (!list.every((v) => typeof v === 'string')) {
    fail(`employmentType is not a string or list of strings: ${quote(value)}`);
  }
  return list.map((v) => asText(v)).filter((v): v is string => v !== null);
}

/** The company name of a posting that names none: the job is kept and shown under this name. */
export const UNKNOWN_COMPANY = 'unknown';

function organizationOf(value: unknown): PostingOrganization {
  const org: unknown = Array.isArray(value) ? value[0] : value;
  const name = value === undefined || value === null ? UNKNOWN_COMPANY : nameOf(org);
  if (name === null) fail('hiringOrganization.name is missing');
  if (!isObject(org)) return { name, urls: [], logo: null, industry: null, employees: null };
  const urls = [...asList(org['url']), ...asList(org['sameAs'])]
    .map(urlOf)
    // Scheme-less `www.` addresses stay (company.ts reads them); any scheme but http(s) goes.
    .filter((u): u is string => u !== null && (isHttpUrl(u) || !/^[a-z][a-z0-9+.-]*:/i.test(u)));
  return {
    name,
    urls,
    logo:
      linkOf(urlOf(org['logo']), 'hiringOrganization.logo') ?? linkOf(urlOf(org['image']), 'hiringOrganization.image'),
    industry: nameOf(org['industry']),
    employees: employeesOf(org['numberOfEmployees']),
  };
}

/**
 * A link that reaches a page (`url` becomes the apply link, the logo an image): only an absolute
 * http(s) URL. Any other (`javascript:`, `data:`, a relative path) is a reject naming the field,
 * as it would be a script or a broken link on every page that shows the posting.
 */
function linkOf(url: string | null, field: string): string | null {
  if (url === null || isHttpUrl(url)) return url;
  return fail(`${field} is not an http(s) URL: ${quote(url)}`);
}

function employeesOf(value: unknown): number | null {
  if (!isObject(value)) return asNumber(value);
  const v = asNumber(value['value']);
  if (v !== null) return v;
  const min = asNumber(value['minValue']);
  const max = asNumber(value['maxValue']);
  if (min !== null && max !== null) return (min + max) / 2;
  return min ?? max;
}

function locationsOf(value: unknown): PostingAddress[] {
  if (value === undefined || value === null) return [];
  if (!isObject(value) && !Array.isArray(value) && typeof value !== 'string') {
    fail(`jobLocation is not a Place or a list of Places: ${quote(value)}`);
  }
  return asList(value).map((place, i) => {
    if (typeof place === 'string') return address(place, null, null, null, null);
    if (!isObject(place)) fail(`jobLocation[${i}] is not a Place: ${quote(place)}`);
    return placeAddress(place);
  });
}

function placeAddress(place: JsonObject): PostingAddress {
  const geo = isObject(place['geo']) ? place['geo'] : null;
  const lat = geo ? asNumber(geo['latitude']) : null;
  const lon = geo ? asNumber(geo['longitude']) : null;
  const addr = place['address'];
  if (typeof addr === 'string') return address(addr, null, null, lat, lon);
  const a = isObject(addr) ? addr : place;
  const locality = asText(a['addressLocality']) ?? (isObject(addr) ? null : asText(place['name']));
  return address(locality, asText(a['addressRegion']), nameOf(a['addressCountry']), lat, lon);
}

function address(
  locality: string | null,
  region: string | null,
  country: string | null,
  lat: number | null,
  lon: number | null,
): PostingAddress {
  return { locality, region, country, lat, lon };
}

function salaryOf(value: unknown): PostingSalary | null {
  if (value === undefined || value === null) return null;
  const amount: unknown = Array.isArray(value) ? value[0] : value;
  if (!isObject(amount)) fail(`baseSalary is not a MonetaryAmount: ${quote(value)}`);
  const currency = amount['currency'];
  if (currency !== undefined && currency !== null && typeof currency !== 'string') {
    fail(`baseSalary.currency is not a string: ${quote(currency)}`);
  }
  const inner = amount['value'];
  const base = { currency: asText(currency)?.toUpperCase() ?? null, unit: unitOf(amount['unitText']) };
  if (typeof inner === 'number' || typeof inner === 'string') {
    const n = asNumber(inner);
    return { ...base, min: n, max: n, text: n === null ? asText(inner) : null };
  }
  const q = isObject(inner) ? inner : amount;
  if (inner !== undefined && inner !== null && !isObject(inner)) {
    fail(`baseSalary.value is not a number, text or QuantitativeValue: ${quote(inner)}`);
  }
  const path = q === amount ? 'baseSalary' : 'baseSalary.value';
  const v = numberField(q, 'value', path);
  const low = numberField(q, 'minValue', path);
  const high = numberField(q, 'maxValue', path);
  // A single value is the figure itself; a minValue or maxValue alone is an open bound and stays one.
  const min = low ?? (high === null ? v : null);
  const max = high ?? (low === null ? v : null);
  return { ...base, unit: unitOf(q['unitText']) ?? base.unit, min, max, text: null };
}

function numberField(q: JsonObject, field: string, path: string): number | null {
  const raw = q[field];
  if (raw === undefined || raw === null || raw === '') return null;
  const n = asNumber(raw);
  if (n === null) fail(`${path}.${field} is not a number: ${quote(raw)}`);
  return n;
}

function unitOf(value: unknown): string | null {
  return asText(value)?.toUpperCase() ?? null;
}

function textOf(value: unknown): string | null {
  const parts = asList(value)
    .map(nameOf)
    .filter((t): t is string => t !== null);
  return parts.length > 0 ? parts.join('\n') : null;
}

function experienceOf(value: unknown): string | null {
  if (isObject(value)) {
    const months = asNumber(value['monthsOfExperience']);
    if (months !== null) return `${Math.round(months / 12)} years`;
    return asText(value['description']) ?? nameOf(value);
  }
  return textOf(value);
}
