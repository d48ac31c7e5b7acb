import { MULTI_FIELDS, type JobFilter } from '../domain/query.js';
import { foldKey } from '../domain/text-fold.js';
import { wordsOf } from './tokenize.js';
import { cleanQueryText } from './word-forms.js';

/**
 * A cache key for a filter in which equivalent requests meet: location by fold key, company in
 * lower case, keywords as their lower-case words without gender notation (which is all that matching looks at).
 * @example filterKey({ location: 'München' }) === filterKey({ location: 'munchen' }) // true
 */
export function filterKey(f: JobFilter): string {
  return JSON.stringify([
    f.salaryRange,
    f.workModel,
    f.position,
    f.seniority,
    f.employmentType,
    f.remotePercentageMin,
    f.skill,
    f.location === undefined ? undefined : foldKey(f.location),
    f.company?.toLowerCase(),
    f.industry,
    f.companySize,
    f.seo,
    f.radiusKm,
    f.keywords === undefined ? undefined : wordsOf(cleanQueryText(f.keywords)).join(' ').toLowerCase(),
    f.keywords === undefined ? undefined : f.typos !== false,
    f.anyOf === undefined ? undefined : anyOfKey(f),
    f.postedSince,
    f.salaryMin,
    f.salaryMin === undefined ? undefined : f.salaryEstimated === true,
    f.language,
  ]);
}

/** The several values per field, location folded and company lower-cased like single values. */
function anyOfKey(f: JobFilter): unknown[] {
  return MULTI_FIELDS.map((field) => {
    const values = f.anyOf?.[field];
    if (values === undefined) return undefined;
    if (field === 'location') return values.map(foldKey);
    return field === 'company' ? values.map((v) => v.toLowerCase()) : values;
  });
}
