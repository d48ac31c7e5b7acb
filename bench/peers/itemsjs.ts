import itemsjs, { type Bucket, type Engine } from 'itemsjs';
import type { JobFilter, Suggestion } from '../../src/domain/query.js';
import { REMOTE_PERCENTAGE_STEPS } from '../../src/domain/vocab.js';
import {
  NO_MULTI_VALUES,
  NO_KEYWORDS,
  NO_RADIUS,
  type CountMap,
  type FacetSummary,
  type SearchSystem,
} from '../system.js';
import type { FlatCorpus, FlatJob } from './flat-job.js';

/** An item as itemsjs indexes it: facet fields only (absent = no value). */
interface Item {
  boardId: string;
  sortDate: number;
  id: number;
  salaryBucket?: string;
  workModel?: string;
  position: string;
  seniority?: string;
  employmentType?: string;
  industry?: string;
  companySize?: string;
  company: string;
  remoteSteps: string[];
  seo: string;
  skills: string[];
  places: string[];
}

const ALL = 10_000;
const FIELDS = [
  'salaryBucket',
  'workModel',
  'position',
  'seniority',
  'employmentType',
  'industry',
  'companySize',
  'company',
  'remoteSteps',
  'seo',
  'skills',
  'places',
] as const;
type Field = (typeof FIELDS)[number];

/** JobFilter key -> itemsjs aggregation. */
const FILTER_FIELDS: Partial<Record<keyof JobFilter, Field>> = {
  salaryRange: 'salaryBucket',
  workModel: 'workModel',
  position: 'position',
  seniority: 'seniority',
  employmentType: 'employmentType',
  industry: 'industry',
  companySize: 'companySize',
  skill: 'skills',
  location: 'places',
};

/**
 * itemsjs peer: every facet an aggregation (conjunctive), remote share as the steps a job reaches,
 * sorting by date then id. Native full-text search is off (it would index the descriptions with an
 * English-only stemmer), so keyword queries are skipped; it has no prefix search over facet values.
 */
export class ItemsjsPeer implements SearchSystem {
  readonly name = 'itemsjs';
  readonly suggestUnsupported = 'no autocomplete (no prefix search over facet values)';
  readonly #engine: Engine<Item>;

  constructor(corpus: FlatCorpus, facetLimit: number) {
    const size = (f: Field) => (f === 'company' || f === 'places' ? facetLimit : ALL);
    this.#engine = itemsjs(corpus.jobs.map(toItem), {
      native_search_enabled: false,
      aggregations: Object.fromEntries(
        FIELDS.map((f) => [
          f,
          { size: size(f), conjunction: true, hide_zero_doc_count: true, chosen_filters_on_top: false },
        ]),
      ),
      sortings: { date_desc: { field: ['sortDate', 'id'], order: ['desc', 'asc'] } },
    });
  }

  unsupported(filter: JobFilter): string | null {
    if (filter.anyOf !== undefined) return NO_MULTI_VALUES;
    if (filter.radiusKm !== undefined) return NO_RADIUS;
    if (filter.keywords !== undefined) return NO_KEYWORDS;
    const min = filter.remotePercentageMin;
    if (min !== undefined && !REMOTE_PERCENTAGE_STEPS.some((s) => s === min))
      return 'remote share only at the facet steps';
    return null;
  }

  count(filter: JobFilter): number {
    return this.#engine.search({ per_page: 0, filters: filtersOf(filter) }).pagination.total;
  }

  facets(filter: JobFilter): Record<string, { buckets: Bucket[] }> {
    return this.#engine.search({ per_page: 0, filters: filtersOf(filter) }).data.aggregations;
  }

  facetSummary(filter: JobFilter): FacetSummary {
    const aggs = this.facets(filter);
    const seo = toMap(aggs.seo?.buckets ?? []);
    return {
      workModel: toMap(aggs.workModel?.buckets ?? []),
      location: toMap(aggs.places?.buckets ?? []),
      seo: { yes: seo.yes ?? 0, no: seo.no ?? 0 },
    };
  }

  list(filter: JobFilter, page: number, perPage: number): string[] {
    const result = this.#engine.search({ per_page: perPage, page, sort: 'date_desc', filters: filtersOf(filter) });
    return result.data.items.map((i) => i.boardId);
  }

  suggest(): Suggestion[] {
    return [];
  }

  async close(): Promise<void> {}
}

function filtersOf(filter: JobFilter): Record<string, string[]> {
  const filters: Record<string, string[]> = {};
  for (const [key, field] of Object.entries(FILTER_FIELDS)) {
    const value = filter[key as keyof JobFilter];
    if (typeof value === 'string') filters[field] = [value];
  }
  if (filter.company !== undefined) filters.company = [filter.company.toLowerCase()];
  if (filter.seo !== undefined) filters.seo = [filter.seo ? 'yes' : 'no'];
  if (filter.remotePercentageMin !== undefined) filters.remoteSteps = [String(filter.remotePercentageMin)];
  return filters;
}

function toMap(buckets: readonly Bucket[]): CountMap {
  const map: CountMap = {};
  for (const b of buckets) if (b.doc_count > 0) map[b.key] = b.doc_count;
  return map;
}

function toItem(j: FlatJob): Item {
  const item: Item = {
    boardId: j.boardId,
    sortDate: j.postedAt ?? 0,
    id: j.id,
    position: j.position,
    company: j.company,
    remoteSteps: j.remoteSteps,
    seo: j.isSeo ? 'yes' : 'no',
    skills: j.skills,
    places: j.places,
  };
  if (j.salaryBucket !== null) item.salaryBucket = j.salaryBucket;
  if (j.workModel !== null) item.workModel = j.workModel;
  if (j.seniority !== null) item.seniority = j.seniority;
  if (j.employmentType !== null) item.employmentType = j.employmentType;
  if (j.industry !== null) item.industry = j.industry;
  if (j.companySize !== null) item.companySize = j.companySize;
  return item;
}
