import { isKeywordKind, type FilterQuery } from './query-mix.js';
import type { SampleAnswer } from './run-system.js';
import type { CountMap, FacetSummary } from './system.js';

/** How many compared answers agree, overall and for keyword queries (where stemming differs). */
export interface Tally {
  compared: number;
  agree: number;
}

export interface Agreement {
  peer: string;
  /** Sample queries both answered. */
  compared: number;
  skipped: Record<string, number>;
  count: Tally;
  countKeywords: Tally;
  /** work model, SEO yes/no, and the locations both list. */
  facets: Tally;
  /** Page 1 (board ids in order). */
  page: Tally;
  /** The first few disagreements, described (keyword queries apart: stemming differs). */
  examples: string[];
  keywordExamples: string[];
}

const MAX_EXAMPLES = 6;

export function compareSamples(
  peer: string,
  filters: readonly FilterQuery[],
  engine: readonly SampleAnswer[],
  other: readonly SampleAnswer[],
): Agreement {
  const a: Agreement = {
    peer,
    compared: 0,
    skipped: {},
    examples: [],
    keywordExamples: [],
    count: tally(),
    countKeywords: tally(),
    facets: tally(),
    page: tally(),
  };
  for (const theirs of other) {
    const ours = engine[theirs.index];
    const query = filters[theirs.index];
    if (!ours || !query || 'skipped' in ours) continue;
    if ('skipped' in theirs) {
      a.skipped[theirs.skipped] = (a.skipped[theirs.skipped] ?? 0) + 1;
      continue;
    }
    a.compared++;
    const what = JSON.stringify(query.filter);
    const countTally = isKeywordKind(query.kind) ? a.countKeywords : a.count;
    if (!record(countTally, ours.count === theirs.count)) {
      const list = isKeywordKind(query.kind) ? a.keywordExamples : a.examples;
      example(list, `count ${what}: engine ${ours.count}, ${peer} ${theirs.count}`);
    }
    const facetDiff = facetDifference(ours.facets, theirs.facets);
    if (!isKeywordKind(query.kind) && !record(a.facets, facetDiff === null))
      example(a.examples, `facets ${what}: ${facetDiff}`);
    if (!isKeywordKind(query.kind)) record(a.page, sameList(ours.page, theirs.page));
  }
  return a;
}

function tally(): Tally {
  return { compared: 0, agree: 0 };
}

function record(t: Tally, agrees: boolean): boolean {
  t.compared++;
  if (agrees) t.agree++;
  return agrees;
}

function example(list: string[], text: string): void {
  if (list.length < MAX_EXAMPLES) list.push(text);
}

/** null when the compared facet counts agree, else what differs first. */
export function facetDifference(ours: FacetSummary, theirs: FacetSummary): string | null {
  if (ours.seo.yes !== theirs.seo.yes || ours.seo.no !== theirs.seo.no) {
    return `seo engine ${ours.seo.yes}/${ours.seo.no}, peer ${theirs.seo.yes}/${theirs.seo.no}`;
  }
  const wm = mapDifference('work model', ours.workModel, theirs.workModel, true);
  if (wm) return wm;
  return mapDifference('location', ours.location, theirs.location, false);
}

/**
 * `complete`: both maps must hold the same values. Otherwise (capped lists, and a set location
 * that the engine lists alone) only the values both list are compared.
 */
function mapDifference(name: string, ours: CountMap, theirs: CountMap, complete: boolean): string | null {
  const keys = new Set([...Object.keys(ours), ...Object.keys(theirs)]);
  for (const k of keys) {
    const a = ours[k];
    const b = theirs[k];
    if (a === undefined || b === undefined) {
      if (complete) return `${name} ${k}: engine ${a ?? 0}, peer ${b ?? 0}`;
      continue;
    }
    if (a !== b) return `${name} ${k}: engine ${a}, peer ${b}`;
  }
  return null;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

export function formatTally(t: Tally): string {
  return t.compared === 0 ? '–' : `${t.agree}/${t.compared}`;
}
