import type { JobFilter, Preference } from '../../domain/query.js';
import { minimumShouldMatch } from '../text/keyword-query.js';
import type { SearchReader } from '../segments/search-index.js';
import { interpretQuery, type QualifierField, type QueryIntent } from '../text/query-intent.js';

/** The wire names of the facets a qualifier sets. */
const PARAM_OF: Record<QualifierField, string> = {
  seniority: 'seniority_level',
  employmentType: 'employment_type_normalized',
  workModel: 'work_model',
};

/** How a place or qualifier named in `q` acts: as a filter, or ranking its postings first. */
export type IntentMode = 'filter' | 'boost';

/** What the service read in `q` and applied (the additive `query_interpretation` of the list). */
export interface QueryInterpretation {
  /** The keywords searched after places, qualifiers and stop words were taken out. */
  keywords: string;
  /**
   * How many of the keywords' words a posting must match: all of them, or (several words that fewer
   * than PARTIAL_BELOW postings match all of) 75 % rounded down; postings matching more words first.
   */
  words_required: number;
  /**
   * A place named in `q`; `applied` false when no posting there matched, so all places were searched.
   * `mode`: a filter when the place is all `q` names besides stop words, else its postings rank first.
   */
  location: { text: string; value: string; applied: boolean; mode: IntentMode } | null;
  /** Facet values named in `q` (`Teilzeit` -> employment_type_normalized=part-time), as filters or ranked first. */
  filters: { text: string; param: string; value: string; mode: IntentMode }[];
  /** Stop words that were not required. */
  ignored_words: string[];
  /** Words that no posting matched together with the others, left out so that the rest find postings. */
  dropped_words: string[];
  /** True when the keywords found nothing and their spelling correction was searched instead. */
  spelling_corrected?: boolean;
}

/**
 * Several words match partially only when fewer than this many postings match them all: the depth
 * the relevance benchmark judges (recall@20). Postings matching every word rank first, so from this
 * many on the first page is the same, and the common query costs no wider match.
 */
export const PARTIAL_BELOW = 20;

/** Below this many results a spelling correction is offered even though the keywords found some. */
export const FEW_RESULTS = 3;

/**
 * The correction of the keywords to offer (`did_you_mean`): when they find nothing, or fewer than
 * FEW_RESULTS while their exact words (typo tolerance off) find nothing and the correction finds more.
 */
export function didYouMean(index: SearchReader, filter: JobFilter, total: number): string | null {
  if (filter.keywords === undefined) return null;
  if (total === 0) return index.didYouMean(filter);
  if (total >= FEW_RESULTS || filter.typos === false) return null;
  const corrected = index.didYouMean({ ...filter, typos: false });
  if (corrected === null || corrected.toLowerCase() === filter.keywords.trim().toLowerCase()) return null;
  return index.count({ ...filter, keywords: corrected }) > total ? corrected : null;
}

/**
 * The keywords less the fewest words that no posting matches together with the rest (words that
 * match nothing at all first, then the last words, as a seeker's most specific words come last);
 * null when the keywords find postings as they are or no smaller set of words does.
 */
function partialKeywords(index: SearchReader, filter: JobFilter): { keywords: string; dropped: string[] } | null {
  const words = (filter.keywords ?? '').split(/\s+/).filter((w) => w !== '');
  if (words.length < 2) return null;
  const finds = (ws: string[]): boolean => ws.length > 0 && index.count({ ...filter, keywords: ws.join(' ') }) > 0;
  const matching = words.filter((w) => finds([w]));
  if (matching.length === 0) return null;
  if (matching.length < words.length && finds(matching)) {
    return { keywords: matching.join(' '), dropped: words.filter((w) => !matching.includes(w)) };
  }
  for (let k = matching.length - 1; k >= 1; k--) {
    for (let skip = matching.length - 1; skip >= 0; skip--) {
      const kept = matching.filter((_, i) => i < skip || i >= skip + matching.length - k);
      if (finds(kept)) return { keywords: kept.join(' '), dropped: words.filter((w) => !kept.includes(w)) };
    }
  }
  return null;
}

function taken(filter: JobFilter): Set<QualifierField | 'location'> {
  const out = new Set<QualifierField | 'location'>();
  for (const f of ['seniority', 'employmentType', 'workModel', 'location'] as const) {
    if (filter[f] !== undefined || filter.anyOf?.[f] !== undefined) out.add(f);
  }
  return out;
}

/** The number of words of a keyword text as the engine reads them. */
function wordCount(keywords: string | undefined): number {
  return keywords === undefined ? 0 : keywords.split(/\s+/).filter((w) => w !== '').length;
}

/**
 * The filter with the words rule (PARTIAL_BELOW): several words match partially (`partialWords`)
 * when fewer than PARTIAL_BELOW postings match all of them, else every word is required.
 */
function withWordsRule(index: SearchReader, filter: JobFilter): JobFilter {
  const { partialWords: _, ...all } = filter;
  return wordCount(all.keywords) > 1 && index.count(all) < PARTIAL_BELOW ? { ...all, partialWords: true } : all;
}

/**
 * The filter of an intent: its keywords (with the qualifiers' words when they are not applied) under
 * the words rule; its place and qualifiers as filters (`filter`), ranked first (`boost`), or not at
 * all (null).
 */
function withIntent(
  index: SearchReader,
  filter: JobFilter,
  intent: QueryIntent,
  place: IntentMode | null,
  qualifiers: IntentMode | null,
): JobFilter {
  const out: JobFilter = { ...filter };
  const words = [intent.keywords, ...(qualifiers !== null ? [] : intent.qualifiers.map((q) => q.text))].filter(
    (w) => w !== '',
  );
  if (words.length > 0) out.keywords = words.join(' ');
  else delete out.keywords;
  const prefer: Preference[] = [];
  if (place !== null && intent.place !== null) {
    if (place === 'filter') out.location = intent.place.value;
    else prefer.push({ field: 'location', value: intent.place.value });
  }
  for (const q of qualifiers === null ? [] : intent.qualifiers) {
    if (qualifiers === 'filter') out[q.field] = q.value;
    else prefer.push({ field: q.field, value: q.value });
  }
  if (prefer.length > 0) out.prefer = prefer;
  return withWordsRule(index, out);
}

/** The number of words a posting must match under a filter (see QueryInterpretation.words_required). */
function wordsRequired(filter: JobFilter): number {
  const n = wordCount(filter.keywords);
  return filter.partialWords === true ? minimumShouldMatch(n) : n;
}

/**
 * The filter a request's keywords mean (see src/search/query-intent.ts): stop words not required,
 * several words under the words rule (withWordsRule; postings matching more of them first). Places
 * and qualifiers of `q` rank their postings first when other keywords remain, and filter when they
 * are all `q` names; when such a filter finds nothing but the words alone find postings, the place
 * is dropped (all places searched) and the qualifiers stay keywords, so that a recognised word never
 * empties an answer the plain words would fill.
 */
function interpretWords(
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
    const plain = rewritten || wordCount(filter.keywords) > 1 ? withIntent(index, filter, intent, null, null) : filter;
    const partial = index.count(plain) === 0 ? partialKeywords(index, plain) : null;
    if (partial === null) {
      if (wordCount(plain.keywords) < 2) return { filter: plain, interpretation: null };
      return {
        filter: plain,
        interpretation: {
          keywords: plain.keywords ?? '',
          words_required: wordsRequired(plain),
          location: null,
          filters: [],
          ignored_words: [],
          dropped_words: [],
        },
      };
    }
    const kept = withWordsRule(index, { ...plain, keywords: partial.keywords });
    return {
      filter: kept,
      interpretation: {
        keywords: partial.keywords,
        words_required: wordsRequired(kept),
        location: null,
        filters: [],
        ignored_words: [],
        dropped_words: partial.dropped,
      },
    };
  }
  const mode: IntentMode = intent.keywords === '' ? 'filter' : 'boost';
  let applied = withIntent(index, filter, intent, mode, mode);
  // A place ranked first is applied when some posting there matches the words.
  let placeApplied =
    intent.place !== null && (mode === 'filter' || index.count({ ...applied, location: intent.place.value }) > 0);
  let qualifiersApplied = true;
  if (mode === 'filter' && index.count(applied) === 0) {
    const looser = withIntent(index, filter, intent, null, mode);
    if (intent.place !== null && index.count(looser) > 0) {
      applied = looser;
      placeApplied = false;
    } else {
      // The plain words (partial matches of them below, if even they find nothing).
      applied = withIntent(index, filter, intent, null, null);
      placeApplied = false;
      qualifiersApplied = false;
    }
  }
  let dropped: string[] = [];
  if (applied.keywords !== undefined && index.count(applied) === 0) {
    const partial = partialKeywords(index, applied);
    if (partial !== null) {
      applied = withWordsRule(index, { ...applied, keywords: partial.keywords });
      dropped = partial.dropped;
    }
  }
  return {
    filter: applied,
    interpretation: {
      keywords: applied.keywords ?? '',
      words_required: wordsRequired(applied),
      location: intent.place === null ? null : { ...intent.place, applied: placeApplied, mode },
      filters: qualifiersApplied
        ? intent.qualifiers.map((q) => ({ text: q.text, param: PARAM_OF[q.field], value: q.value, mode }))
        : [],
      ignored_words: [...intent.ignored],
      dropped_words: dropped,
    },
  };
}

/**
 * The filter a request's keywords mean (see interpretWords); when even that finds nothing and a
 * spelling correction does, the correction is searched instead (`corrected`, which the answer gives
 * as `did_you_mean`) and the interpretation says so (`spelling_corrected`).
 */
export function interpretFilter(
  index: SearchReader,
  filter: JobFilter,
): { filter: JobFilter; interpretation: QueryInterpretation | null; corrected: string | null } {
  const read = { ...interpretWords(index, filter), corrected: null };
  if (read.filter.keywords === undefined || index.count(read.filter) > 0) return read;
  const corrected = index.didYouMean(read.filter);
  if (corrected === null) return read;
  const again = interpretWords(index, { ...read.filter, keywords: corrected });
  const base = again.interpretation ?? {
    keywords: corrected,
    words_required: wordsRequired(again.filter),
    location: null,
    filters: [],
    ignored_words: [],
    dropped_words: [],
  };
  const before = read.interpretation;
  return {
    filter: again.filter,
    corrected,
    interpretation: {
      ...base,
      location: before?.location ?? base.location,
      filters: [...(before?.filters ?? []), ...base.filters],
      ignored_words: [...(before?.ignored_words ?? []), ...base.ignored_words],
      spelling_corrected: true,
    },
  };
}
