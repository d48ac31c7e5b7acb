import type { JobFilter } from '../domain/query.js';
import type { SearchReader } from '../search/search-index.js';
import { interpretQuery, type QualifierField, type QueryIntent } from '../search/query-intent.js';

/** The wire names of the facets a qualifier sets. */
const PARAM_OF: Record<QualifierField, string> = {
  seniority: 'seniority_level',
  employmentType: 'employment_type_normalized',
  workModel: 'work_model',
};

/** What the service read in `q` and applied (the additive `query_interpretation` of the list). */
export interface QueryInterpretation {
  /** The keywords searched after places, qualifiers and stop words were taken out. */
  keywords: string;
  /** A place named in `q`; `applied` false when no posting there matched, so all places were searched. */
  location: { text: string; value: string; applied: boolean } | null;
  /** Facet filters named in `q` (`Teilzeit` -> employment_type_normalized=part-time). */
  filters: { text: string; param: string; value: string }[];
  /** Stop words that were not required. */
  ignored_words: string[];
}

function taken(filter: JobFilter): Set<QualifierField | 'location'> {
  const out = new Set<QualifierField | 'location'>();
  for (const f of ['seniority', 'employmentType', 'workModel', 'location'] as const) {
    if (filter[f] !== undefined || filter.anyOf?.[f] !== undefined) out.add(f);
  }
  return out;
}

function withIntent(filter: JobFilter, intent: QueryIntent, place: boolean, qualifiers: boolean): JobFilter {
  const out: JobFilter = { ...filter };
  const words = [intent.keywords, ...(qualifiers ? [] : intent.qualifiers.map((q) => q.text))].filter((w) => w !== '');
  if (words.length > 0) out.keywords = words.join(' ');
  else delete out.keywords;
  if (place && intent.place !== null) out.location = intent.place.value;
  if (qualifiers) for (const q of intent.qualifiers) out[q.field] = q.value;
  return out;
}

/**
 * The filter a request's keywords mean (see src/search/query-intent.ts): places and qualifiers of
 * `q` applied as the location and facet filters, stop words not required. When that finds nothing
 * but the words alone find postings, the place is dropped (all places searched) and the qualifiers
 * stay keywords, so that a recognised word never empties an answer the plain words would fill.
 */
export function interpretFilter(
  index: SearchReader,
  filter: JobFilter,
): { filter: JobFilter; interpretation: QueryInterpretation | null } {
  if (filter.keywords === undefined) return { filter, interpretation: null };
  const intent = interpretQuery(
    filter.keywords,
    (folded) => (folded.length >= 3 ? (index.resolveLocation(folded)?.slug ?? null) : null),
    taken(filter),
  );
  const rewritten = intent.keywords !== filter.keywords.trim().replace(/\s+/g, ' ');
  if (intent.place === null && intent.qualifiers.length === 0 && intent.ignored.length === 0) {
    return { filter: rewritten ? withIntent(filter, intent, false, false) : filter, interpretation: null };
  }
  let applied = withIntent(filter, intent, true, true);
  let placeApplied = intent.place !== null;
  let qualifiersApplied = true;
  if (index.count(applied) === 0) {
    const looser = withIntent(filter, intent, false, true);
    if (intent.place !== null && index.count(looser) > 0) {
      applied = looser;
      placeApplied = false;
    } else {
      const words = withIntent(filter, intent, false, false);
      if (index.count(words) > 0) {
        applied = words;
        placeApplied = false;
        qualifiersApplied = false;
      }
    }
  }
  return {
    filter: applied,
    interpretation: {
      keywords: applied.keywords ?? '',
      location: intent.place === null ? null : { ...intent.place, applied: placeApplied },
      filters: qualifiersApplied
        ? intent.qualifiers.map((q) => ({ text: q.text, param: PARAM_OF[q.field], value: q.value }))
        : [],
      ignored_words: [...intent.ignored],
    },
  };
}
