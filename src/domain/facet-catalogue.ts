import { companyKey } from './company-key.js';
import type { IndexedJob } from './job.js';
import { COMPANY_SIZES, EMPLOYMENT_TYPES, SENIORITY_LEVELS, WORK_MODELS } from './vocab.js';

/**
 * How the engine derives a facet's values from a job:
 * - `one`: at most one value per job (a dictionary-encoded column); the label of a value is
 *   `labelOf(value, first job with it)`, or with `spellingOf` the most used spelling among its
 *   jobs (ties: the smallest string), else the value itself;
 * - `many`: several distinct values per job (CSR lists), labelled like `one`;
 * - special derivations the engine implements itself: the salary bucket of the given or estimated
 *   salary (`salaryBucket`), the job's cities, regions and countries (`places`), and the remote-
 *   share steps a job reaches (`remoteSteps`).
 */
export type FacetSource =
  | {
      readonly kind: 'one';
      readonly valueOf: (job: IndexedJob) => string | null;
      readonly labelOf?: (value: string, first: IndexedJob) => string;
      readonly spellingOf?: (job: IndexedJob) => string;
    }
  | {
      readonly kind: 'many';
      readonly valuesOf: (job: IndexedJob, emit: (value: string) => void) => void;
      readonly labelOf?: (value: string, first: IndexedJob) => string;
    }
  | { readonly kind: 'salaryBucket' }
  | { readonly kind: 'places' }
  | { readonly kind: 'remoteSteps' };

/**
 * How a facet lists its values in the filter data:
 * - `vocabulary`: a closed set in its own order, values with jobs (and selected ones) only;
 * - `count`: values with jobs by count, then label (German collation), then value; `capped`
 *   lists keep the request's `facetLimit` best (a selected value always listed);
 * - `buckets`: every configured salary bucket ascending, zero counts included;
 * - `steps`: cumulative thresholds (jobs reaching each step), steps with jobs only;
 * - `switch`: yes/no counts and their total.
 */
export type FacetOrder =
  | { readonly by: 'vocabulary'; readonly values: readonly string[] }
  | { readonly by: 'count'; readonly capped: boolean }
  | { readonly by: 'buckets' }
  | { readonly by: 'steps' }
  | { readonly by: 'switch' };

/**
 * How a request filters by the facet:
 * - `values`: one value or several (`anyOf`, OR within the facet), strings matched `exact`,
 *   `employer` (companies: by their employer key, company-key.ts) or `folded` (places: case,
 *   accents and umlauts folded);
 * - `threshold`: a number, jobs reaching it;
 * - `switch`: a boolean, jobs with the value `yes` or `no`.
 */
export type FacetFilterKind = 'values' | 'threshold' | 'switch';
export type FacetMatch = 'exact' | 'employer' | 'folded';

/**
 * The facet on the wire (the contract's names; the HTTP layer reads them):
 * - `param`: the query parameter and its key in `selected`; `doc`: its description;
 * - `list`: the collection in the filter data, `item`: its element shape;
 * - `input`: `lower` — any case accepted, lower-cased in the filter and the echo; `asIs`;
 *   `resolved` — echoed as the index resolves it (location, company).
 */
export interface FacetWire {
  readonly param: string;
  readonly doc: string;
  readonly list: string;
  readonly item: 'bucket' | 'valueCount' | 'valueLabelCount' | 'valueWithCountLabel' | 'switchCounts';
  readonly input: 'lower' | 'asIs' | 'resolved';
}

/** One facet: everything the engine, the HTTP layer and the docs need to know of it. */
export interface FacetEntry {
  /** The engine's name (counters, clauses, dictionaries). */
  readonly id: string;
  /** The JobFilter field. */
  readonly field: string;
  /** The FacetCounts key. */
  readonly list: string;
  /**
   * Where the list stands among the filter data's collections (ascending; the switch's counts
   * close the answer, after `selected`). The catalogue's own order is that of the parameters.
   */
  readonly listAt: number;
  readonly filter: FacetFilterKind;
  readonly match: FacetMatch;
  readonly source: FacetSource;
  readonly order: FacetOrder;
  readonly wire: FacetWire;
}

const slugWords = (slug: string): string => slug.replace(/-/g, ' ');

/**
 * Every facet, in the contract's order of parameters (and of `selected`). Adding a plain facet —
 * one or several values per job, listed by count or by a closed vocabulary — is one entry here
 * (plus the field on `Job`); see src/search/DESIGN.md, "Facet catalogue".
 */
export const FACETS = [
  {
    id: 'salary',
    listAt: 10,
    field: 'salaryRange',
    list: 'salaryRanges',
    filter: 'values',
    match: 'exact',
    source: { kind: 'salaryBucket' },
    order: { by: 'buckets' },
    wire: {
      param: 'salary_range',
      doc: 'Salary bucket value from the filter data, e.g. `40000-60000` or `80000+`.',
      list: 'salary_ranges',
      item: 'bucket',
      input: 'asIs',
    },
  },
  {
    id: 'workModel',
    listAt: 20,
    field: 'workModel',
    list: 'workModels',
    filter: 'values',
    match: 'exact',
    source: { kind: 'one', valueOf: (job) => job.workModel },
    order: { by: 'vocabulary', values: WORK_MODELS },
    wire: {
      param: 'work_model',
      doc: '`remote`, `hybrid` or `onsite`.',
      list: 'work_models',
      item: 'valueCount',
      input: 'lower',
    },
  },
  {
    id: 'position',
    listAt: 30,
    field: 'position',
    list: 'positions',
    filter: 'values',
    match: 'exact',
    source: { kind: 'one', valueOf: (job) => job.position.slug, labelOf: slugWords },
    order: { by: 'count', capped: false },
    wire: {
      param: 'position',
      doc: 'Position slug, e.g. `seo-manager`.',
      list: 'positions',
      item: 'valueLabelCount',
      input: 'lower',
    },
  },
  {
    id: 'seniority',
    listAt: 40,
    field: 'seniority',
    list: 'seniorityLevels',
    filter: 'values',
    match: 'exact',
    source: { kind: 'one', valueOf: (job) => job.seniority },
    order: { by: 'vocabulary', values: SENIORITY_LEVELS },
    wire: {
      param: 'seniority_level',
      doc: '`intern`, `junior`, `mid`, `senior`, `lead` or `head`.',
      list: 'seniority_levels',
      item: 'valueLabelCount',
      input: 'lower',
    },
  },
  {
    id: 'employmentType',
    listAt: 50,
    field: 'employmentType',
    list: 'employmentTypes',
    filter: 'values',
    match: 'exact',
    source: { kind: 'one', valueOf: (job) => job.employmentType },
    order: { by: 'vocabulary', values: EMPLOYMENT_TYPES },
    wire: {
      param: 'employment_type_normalized',
      doc: 'e.g. `full-time`, `part-time`, `working-student`.',
      list: 'employment_types',
      item: 'valueLabelCount',
      input: 'lower',
    },
  },
  {
    id: 'remote',
    listAt: 60,
    field: 'remotePercentageMin',
    list: 'remotePercentages',
    filter: 'threshold',
    match: 'exact',
    source: { kind: 'remoteSteps' },
    order: { by: 'steps' },
    wire: {
      param: 'remote_percentage_min',
      doc: 'Jobs with at least this share (percent) of remote work.',
      list: 'remote_percentages',
      item: 'valueLabelCount',
      input: 'asIs',
    },
  },
  {
    id: 'skill',
    listAt: 70,
    field: 'skill',
    list: 'skillTags',
    filter: 'values',
    match: 'exact',
    source: {
      kind: 'many',
      valuesOf: (job, emit) => {
        for (const s of job.skills) emit(s.slug);
      },
      labelOf: (slug, first) => first.skills.find((s) => s.slug === slug)?.name ?? slug,
    },
    order: { by: 'count', capped: false },
    wire: {
      param: 'skill_tag',
      doc: 'Skill slug, e.g. `sistrix`.',
      list: 'skill_tags',
      item: 'valueLabelCount',
      input: 'lower',
    },
  },
  {
    id: 'location',
    listAt: 110,
    field: 'location',
    list: 'locations',
    filter: 'values',
    match: 'folded',
    source: { kind: 'places' },
    order: { by: 'count', capped: true },
    wire: {
      param: 'location',
      doc: 'City, region or country slug (case, accents and umlauts are folded: `münchen` = `muenchen`).',
      list: 'locations',
      item: 'valueWithCountLabel',
      input: 'resolved',
    },
  },
  {
    id: 'company',
    listAt: 100,
    field: 'company',
    list: 'companies',
    filter: 'values',
    match: 'employer',
    source: { kind: 'one', valueOf: (job) => companyKey(job.company.name), spellingOf: (job) => job.company.name },
    order: { by: 'count', capped: true },
    wire: {
      param: 'company',
      doc: 'Company: its value, or any spelling of its name (case, legal form such as `GmbH`/`S.L.` and a slogan after a dash are ignored).',
      list: 'companies',
      item: 'valueWithCountLabel',
      input: 'resolved',
    },
  },
  {
    id: 'industry',
    listAt: 80,
    field: 'industry',
    list: 'industries',
    filter: 'values',
    match: 'exact',
    source: { kind: 'one', valueOf: (job) => job.industry },
    order: { by: 'count', capped: false },
    wire: {
      param: 'industry',
      doc: 'Industry slug, e.g. `online-marketing`.',
      list: 'industries',
      item: 'valueCount',
      input: 'lower',
    },
  },
  {
    id: 'seo',
    listAt: 120,
    field: 'seo',
    list: 'seo',
    filter: 'switch',
    match: 'exact',
    source: { kind: 'one', valueOf: (job) => (job.isSeo ? 'yes' : 'no') },
    order: { by: 'switch' },
    wire: {
      param: 'seo-jobs-only',
      doc: '`yes`: SEO jobs only; `no`: the others.',
      list: 'seo_jobs_only_counts',
      item: 'switchCounts',
      input: 'asIs',
    },
  },
  {
    id: 'companySize',
    listAt: 90,
    field: 'companySize',
    list: 'companySizes',
    filter: 'values',
    match: 'exact',
    source: { kind: 'one', valueOf: (job) => job.company.size },
    order: { by: 'vocabulary', values: COMPANY_SIZES },
    wire: {
      param: 'company_size',
      doc: 'e.g. `51-200`, `5001+`.',
      list: 'company_sizes',
      item: 'valueCount',
      input: 'asIs',
    },
  },
] as const satisfies readonly FacetEntry[];

export type Facet = (typeof FACETS)[number];
/** A facet's engine name: `workModel`, `skill`, `location`, `remote`, `seo`, ... */
export type FacetId = Facet['id'];
/** The facets filtered by one or several string values (the fields of `anyOf`). */
export type ValuesFacet = Extract<Facet, { filter: 'values' }>;
export type MultiField = ValuesFacet['field'];
/** The facets with one value per job: a dictionary-encoded column each. */
export type ColumnEntry = Extract<Facet, { source: { kind: 'one' | 'salaryBucket' } }>;
export type ColumnFacet = ColumnEntry['id'];
/** The facets with several values per job: CSR lists each. */
export type ListEntry = Extract<Facet, { source: { kind: 'many' | 'places' } }>;
export type ListFacet = ListEntry['id'];

/** The facet of thresholds a job reaches (the remote-share steps): one column of levels, no dictionary. */
export type StepsEntry = Extract<Facet, { source: { kind: 'remoteSteps' } }>;
export type StepsFacet = StepsEntry['id'];
/** The facet counted by the remote-share steps, if the catalogue has one. */
export const STEPS_FACET: StepsFacet | undefined = FACETS.find(
  (f): f is StepsEntry => f.source.kind === 'remoteSteps',
)?.id;

/** Whether a facet is counted by steps (its kind `remoteSteps`) rather than from a dictionary. */
export function isStepsFacet(f: FacetId): f is StepsFacet {
  return f === STEPS_FACET;
}

export function isColumnEntry(f: Facet): f is ColumnEntry {
  return f.source.kind === 'one' || f.source.kind === 'salaryBucket';
}

export function isListEntry(f: Facet): f is ListEntry {
  return f.source.kind === 'many' || f.source.kind === 'places';
}

export function isValuesEntry(f: Facet): f is ValuesFacet {
  return f.filter === 'values';
}

export const FACET_IDS: readonly FacetId[] = FACETS.map((f) => f.id);
export const COLUMN_FACETS: readonly ColumnFacet[] = FACETS.filter(isColumnEntry).map((f) => f.id);
export const LIST_FACETS: readonly ListFacet[] = FACETS.filter(isListEntry).map((f) => f.id);
/** The filter fields that take several values, in catalogue order. */
/** The facets filtered by values, in catalogue order (computed once: queries loop over them). */
export const VALUES_FACETS: readonly ValuesFacet[] = FACETS.filter(isValuesEntry);
export const MULTI_FIELDS: readonly MultiField[] = VALUES_FACETS.map((f) => f.field);
/** The multi-valued facets' entries. */
export const LIST_ENTRIES: readonly ListEntry[] = FACETS.filter(isListEntry);
/** The switch facet's id (yes/no counts and their own total), if the catalogue has one. */
export const SWITCH_FACET: FacetId | null = FACETS.find((f) => f.order.by === 'switch')?.id ?? null;

/** The collections of the filter data (and of FacetCounts) in the contract's order: by `listAt`. */
export const LIST_ORDER: readonly Facet[] = [...FACETS].sort((a, b) => a.listAt - b.listAt);

export function isCapped(f: FacetEntry): boolean {
  return f.order.by === 'count' && f.order.capped;
}

/**
 * The form in which a value meets the index's values (companies by their employer key; places are
 * folded by the place registry itself).
 * @example matchKey(facet('company'), 'ACME GmbH') // 'acme'
 */
export function matchKey(f: FacetEntry, value: string): string {
  return f.match === 'employer' ? companyKey(value) : value;
}

/** The catalogue entry of a facet. @example facet('workModel').wire.param // 'work_model' */
export function facet<I extends FacetId>(id: I): Extract<Facet, { id: I }> {
  const found = FACETS.find((f): f is Extract<Facet, { id: I }> => f.id === id);
  if (found === undefined) throw new Error(`unknown facet ${id}`);
  return found;
}
