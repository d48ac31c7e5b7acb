/**
 * The two keys by which postings of different sources are recognised as one job (see
 * src/store/README.md, "Duplicates across sources"). Pure, so that both stores compute exactly the
 * same keys.
 *
 *   place key  `<company>|<title>|<place>`: the company without its legal form, the title without
 *              gender tags, the primary place's city (else region, else country), each folded to
 *              lower-case words without accents. None when any of the three is empty.
 *   url key    the posting's url (its apply URL) with scheme, `www.`, fragment, tracking
 *              parameters and a trailing slash dropped. None for a site's root page (it names no job).
 *
 * Example: "SEO Manager (m/w/d)" at "Acme GmbH" in München and "SEO Manager (w/m/d)" at "ACME" in
 * Muenchen share the place key `acme|seo manager|muenchen`.
 */
import type { Job } from './job.js';
import { expandUmlauts } from './text-fold.js';

export interface DuplicateKeys {
  place: string | null;
  url: string | null;
}

/** Legal forms that name no company: dropped wherever they stand as a word. */
const LEGAL_FORM =
  /\b(?:gmbh|mbh|ag|se|kg|kgaa|ohg|gbr|ug|haftungsbeschraenkt|e ?v|co|ltd|limited|inc|llc|plc|corp|corporation|sa|sl|slu|sau|bv|nv|srl|sarl|spa|sas|ab|as|oy|aps)\b/g;
/** `(m/w/d)`, `(w/m/x)`, `(all genders)`, `(gn)`, `(d)`, `[m/f/d]`. */
const GENDER_TAG =
  /[([]\s*(?:(?:[mwfdhxiv]|div|divers)(?:\s*[/,|]\s*(?:[mwfdhxiv]|div|divers))+|all genders?|gn|d|mwd)\s*\*?\s*[)\]]/gi;
/** `Manager:in`, `Entwickler*innen`, `Berater(in)`. */
const GENDER_SUFFIX = /(?<=\p{L})(?:[:*_/](?:innen|in)|\((?:innen|in)\))(?![\p{L}\p{N}])/giu;
/** Query parameters that track a click rather than name a job. */
const TRACKING_PARAM = /^(?:utm_.*|gclid|fbclid|msclkid|mc_[a-z]+|ref|referrer|source|src|campaign|trk|tracking.*)$/i;

/** Lower-case words without accents (umlauts as `ae`, `oe`, `ue`), joined by single spaces. */
function words(text: string): string {
  return expandUmlauts(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The company as a duplicate key compares it: `ACME GmbH & Co. KG` -> `acme`. */
export function normaliseCompany(name: string): string {
  return words(name).replace(LEGAL_FORM, ' ').replace(/\s+/g, ' ').trim();
}

/** The title as a duplicate key compares it: `SEO-Manager:in (m/w/d)` -> `seo manager`. */
export function normaliseTitle(title: string): string {
  return words(title.replace(GENDER_TAG, ' ').replace(GENDER_SUFFIX, ''));
}

/** The primary place: its city, else region, else country; '' when the posting names none. */
export function primaryPlace(job: Pick<Job, 'places'>): string {
  const first = job.places[0];
  if (first === undefined) return '';
  return words(first.city?.slug ?? first.region?.slug ?? first.country?.slug ?? first.countryCode ?? '');
}

/** The url as a duplicate key compares it; null when it is no http(s) URL or a site's root page. */
export function normaliseUrl(url: string | null): string | null {
  if (url === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const host = parsed.hostname.toLowerCase().replace(/^www\./, '');
  const path = parsed.pathname.replace(/\/+$/, '');
  const params = [...parsed.searchParams].filter(([name]) => !TRACKING_PARAM.test(name));
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = params.length === 0 ? '' : `?${new URLSearchParams(params).toString()}`;
  if (path === '' && query === '') return null;
  return `${host}${parsed.port === '' ? '' : `:${parsed.port}`}${path}${query}`;
}

/** Both keys of a posting (see the file's comment). */
export function duplicateKeysOf(job: Pick<Job, 'company' | 'title' | 'places' | 'url' | 'detail'>): DuplicateKeys {
  const company = normaliseCompany(job.company.name);
  const title = normaliseTitle(job.title);
  const where = primaryPlace(job);
  return {
    place: company === '' || title === '' || where === '' ? null : `${company}|${title}|${where}`,
    url: normaliseUrl(job.url ?? job.detail?.applyUrl ?? null),
  };
}
