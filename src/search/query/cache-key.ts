import { FACETS, matchKey, VALUES_FACETS, type FacetEntry } from '../../domain/facet-catalogue.js';
import type { JobFilter } from '../../domain/query.js';
import { foldKey } from '../../domain/text-fold.js';
import { wordsOf } from '../text/tokenize.js';
import { cleanQueryText } from '../text/word-forms.js';

/**
 * A cache key for a filter in which equivalent requests meet: every facet of the catalogue with
 * its values in the form they match in (a location by fold key, a company in lower case), and
 * keywords as their lower-case words without gender notation (which is all that matching looks at).
 * @example filterKey({ location: 'München' }) === filterKey({ location: 'munchen' }) // true
 */
export function filterKey(f: JobFilter): string {
  const parts: unknown[] = [];
  for (const facet of FACETS) {
    const value = f[facet.field];
    parts.push(typeof value === 'string' ? keyOf(facet, value) : value);
  }
  parts.push(
    f.radiusKm,
    f.keywords === undefined ? undefined : wordsOf(cleanQueryText(f.keywords)).join(' ').toLowerCase(),
    f.keywords === undefined ? undefined : f.typos !== false,
    f.keywords === undefined ? undefined : f.partialWords === true,
    f.prefer?.map((p) => [p.field, p.field === 'location' ? foldKey(p.value) : p.value]),
    f.anyOf === undefined ? undefined : anyOfKey(f),
    f.postedSince,
    f.salaryMin,
    f.salaryMin === undefined ? undefined : f.salaryEstimated === true,
    f.language,
  );
  return JSON.stringify(parts);
}

/** The several values per field, in the form single values take. */
function anyOfKey(f: JobFilter): unknown[] {
  return VALUES_FACETS.map((facet) => f.anyOf?.[facet.field]?.map((v) => keyOf(facet, v)));
}

/** A value as it matches: places folded, companies by their employer key. */
function keyOf(facet: FacetEntry, value: string): string {
  return facet.match === 'folded' ? foldKey(value) : matchKey(facet, value);
}
