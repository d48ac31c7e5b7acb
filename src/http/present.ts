import type { ListedJob } from '../domain/job.js';
import { LIST_ORDER, type Facet } from '../domain/facet-catalogue.js';
import type { FacetCounts, FacetOption } from '../domain/query.js';
import { formatNumber } from '../domain/format-number.js';
import type { SalaryBucket } from '../domain/salary-buckets.js';
import { salaryBandSentence, statedSalarySentence } from '../domain/salary-sentence.js';
import type { FilterDataResponse, FilterQuery, JobCard, Pagination } from './schemas.js';
import type { Page } from '../search/query/paginate.js';
import { httpUrlOrNull } from '../domain/http-url.js';
import { vocabularyLabel } from '../domain/facet-labels.js';
import type { Language } from '../domain/vocab.js';
import { positionBySlug } from '../domain/positions.js';

const DAY_MS = 86_400_000;

export interface CardContext {
  now: number;
  newWithinDays: number;
  salaryBuckets: readonly SalaryBucket[];
}

/** Builds one job card exactly as the contract lists its fields. */
export function presentCard(job: ListedJob, ctx: CardContext): JobCard {
  const names = placeNames(job);
  const estimated = job.salary ? null : job.estimatedSalary;
  return {
    id: null,
    board_id: job.boardId,
    title: job.title,
    company: job.company.name,
    company_domain_without_www: job.company.domain ? job.company.domain.replace(/^www\./i, '') : null,
    company_website: httpUrlOrNull(job.company.website),
    location: names[0] ?? '',
    locations: names,
    created_at: job.postedAt === null ? null : new Date(job.postedAt).toISOString(),
    position_name: job.position.name,
    description_card_display: job.summary,
    // An open bound stays open: "bis 75k" shows only a maximum, "ab 45k" only a minimum.
    salary_min_formatted: job.salary?.stated?.min === null ? null : euros(job.salary?.min),
    salary_max_formatted: job.salary?.stated?.max === null ? null : euros(job.salary?.max),
    estimated_salary_min_formatted: euros(estimated?.min),
    estimated_salary_max_formatted: euros(estimated?.max),
    is_new: job.postedAt !== null && ctx.now - job.postedAt < ctx.newWithinDays * DAY_MS,
    seo_relevance_context: job.seoContext,
    salary_relevance_context: joinSentences(
      joinSentences(job.salaryContext, statedSalarySentence(job.language, job.salary?.stated)),
      salaryBandSentence(job.language, ctx.salaryBuckets, job.salary, estimated),
    ),
    remote_work_relevance_context: job.remoteContext,
    company_logo_path: null,
    company_logo_base64: httpUrlOrNull(job.company.logoUrl),
  };
}

/** Display names of the job's places, most specific first, without repeats. */
function placeNames(job: ListedJob): string[] {
  const names = job.places.map((p) => p.city?.name ?? p.region?.name ?? p.country?.name ?? '').filter((n) => n !== '');
  return [...new Set(names)];
}

function euros(amount: number | undefined): string | null {
  return amount === undefined ? null : `${formatNumber(amount)} EUR`;
}

function joinSentences(a: string, b: string): string {
  if (!a) return b;
  if (!b) return a;
  return `${a} ${b}`;
}

/** The page's numbers as shown: its items counted from 1, both 0 when the page is empty. */
export function presentPagination(page: number, window: Page): Pagination {
  const shown = window.end > window.start;
  return {
    current_page: page,
    total_pages: window.totalPages,
    start_item_formatted: formatNumber(shown ? window.start + 1 : 0),
    end_item_formatted: formatNumber(shown ? window.end : 0),
    current_page_formatted: formatNumber(page),
    total_pages_formatted: formatNumber(window.totalPages),
  };
}

type Filters = FilterDataResponse['filters'];

/**
 * The filter data's `filters`: every facet's collection in the contract's shapes and formatting,
 * in the catalogue's list order, and `selected` before the switch's counts.
 */
export function presentFilters(
  facets: FacetCounts,
  query: FilterQuery,
  selected: Filters['selected'],
  language: Language | null = null,
): Filters {
  const entries: [string, unknown][] = LIST_ORDER.map((f) => [f.wire.list, presentList(f, facets, query, language)]);
  const at = LIST_ORDER.findIndex((f) => f.order.by === 'switch');
  entries.splice(at < 0 ? entries.length : at, 0, ['selected', selected]);
  // Built from the catalogue, like the response schema that serialises it (schemas.ts).
  return Object.fromEntries(entries) as Filters;
}

/**
 * The asker's label of an option (`display_label`, an addition beside the contract's fields) for
 * the facets with a closed vocabulary and for positions; undefined for names (companies, places,
 * skills, industries), which are labels already.
 */
function displayLabelOf(f: Facet, value: string, language: Language): string | undefined {
  if (f.list === 'positions') return positionBySlug(value)?.labels[language];
  return vocabularyLabel(f.list, value, language) ?? undefined;
}

/** One facet's collection in its catalogue `item` shape. */
function presentList(f: Facet, facets: FacetCounts, query: FilterQuery, language: Language | null): unknown {
  const list = facets[f.list];
  if (!Array.isArray(list)) {
    return {
      all_formatted: formatNumber(list.all),
      yes_formatted: formatNumber(list.yes),
      no_formatted: formatNumber(list.no),
    };
  }
  switch (f.wire.item) {
    case 'bucket': {
      // A bucket is `selected` when the parameter names exactly it.
      const chosen = query[f.wire.param] ?? null;
      return list.map((o) => ({
        value: o.value,
        label: o.label,
        ...counted(o),
        selected: o.value === chosen,
        ...display(f, o, language),
      }));
    }
    case 'valueCount':
      return list.map((o) => ({ ...valueCount(o), ...display(f, o, language) }));
    case 'valueLabelCount':
      return list.map((o) => ({ ...valueLabelCount(o), ...display(f, o, language) }));
    default:
      // The contract: value lower-case, label `<value> (<count>)` (count in German grouping, as everywhere).
      return list.map(valueWithCountLabel);
  }
}

/** `display_label` only when the asker named a language: without one the options are the contract's exactly. */
function display(f: Facet, o: FacetOption, language: Language | null): { display_label?: string } {
  const label = language === null ? undefined : displayLabelOf(f, o.value, language);
  return label === undefined ? {} : { display_label: label };
}

function counted(o: FacetOption): { count: number; count_formatted: string } {
  return { count: o.count, count_formatted: formatNumber(o.count) };
}

function valueCount(o: FacetOption) {
  return { value: o.value, ...counted(o) };
}

function valueLabelCount(o: FacetOption) {
  return { value: o.value, label: o.label, ...counted(o) };
}

function valueWithCountLabel(o: FacetOption) {
  const value = o.value.toLowerCase();
  return { value, label: `${value} (${formatNumber(o.count)})` };
}
