import type { ApiInstance, AppDeps } from '../app-types.js';
import { ErrorResponse, ListQuery, ListResponse, type JobCard } from '../schemas.js';
import type { SearchReader } from '../../search/segments/search-index.js';
import type { JobFilter } from '../../domain/query.js';
import type { ListedJob } from '../../domain/job.js';
import { DEFAULT_ORDER, DEFAULT_SORT, KEYWORD_SORT, toListRequest } from '../to-search-query.js';
import { DEFAULT_PER_PAGE } from '../schemas.js';
import { canonicalQuery } from '../canonical-query.js';
import { formatNumber } from '../../domain/format-number.js';
import { paginate } from '../../search/query/paginate.js';
import { presentCard, presentPagination } from '../present.js';
import { labelAdditions } from '../present-labels.js';
import type { Language } from '../../domain/vocab.js';
import { snapshotOf } from './shared.js';

export function registerResultsList(app: ApiInstance, deps: AppDeps): void {
  app.get(
    '/job-search-results-list',
    {
      config: {
        canonical: {
          defaults: {
            page: '1',
            per_page: String(DEFAULT_PER_PAGE),
            sort: DEFAULT_SORT,
            order: DEFAULT_ORDER,
            highlight: 'false',
          },
          keywordDefaults: {
            page: '1',
            per_page: String(DEFAULT_PER_PAGE),
            sort: KEYWORD_SORT,
            order: DEFAULT_ORDER,
            highlight: 'false',
          },
        },
      },
      schema: {
        summary: 'One page of job cards',
        querystring: ListQuery,
        response: { 200: ListResponse, '4xx': ErrorResponse, '5xx': ErrorResponse },
      },
    },
    async (request, reply) => {
      const index = snapshotOf(request).index;
      const asked = toListRequest(request.query, {
        now: deps.now?.() ?? Date.now(),
        isCompany: (v) => index.resolveCompany(v) !== null,
      });
      // One call to the index: it reads q, lists the page and finds the correction to offer.
      const { total, jobs, filter, interpretation, didYouMean } = index.listAsRead(asked);
      const listRequest = { ...asked, filter };
      const window = paginate(total, listRequest.page, listRequest.perPage);
      const lang = request.query.lang ?? null;
      const ctx = {
        now: deps.now?.() ?? Date.now(),
        newWithinDays: deps.config.newWithinDays,
        salaryBuckets: deps.config.salaryBuckets,
      };
      return {
        success: true,
        total_results: total,
        total_results_formatted: formatNumber(total),
        has_more: window.hasMore,
        next_url: window.hasMore
          ? nextUrl(request.routeOptions.url ?? '', canonicalQuery(request), listRequest.page + 1)
          : '',
        jobs: withHighlights(
          index,
          request.query.highlight === 'true' ? listRequest.filter : null,
          jobs,
          jobs.map((job) => withLabels(job, withFields(job, presentCard(job, ctx), request.query.card_fields), lang)),
        ),
        pagination: presentPagination(listRequest.page, window),
        ...(didYouMean === null ? {} : { did_you_mean: didYouMean }),
        ...(interpretation === null ? {} : { query_interpretation: interpretation }),
        duration_ms: Math.round(reply.elapsedTime),
      };
    },
  );
}

/**
 * The route's path and the request's canonical parameters (known ones, in the schema's order,
 * defaults left out), with `page` set to the next page (relative URL, `page` last).
 */
export function nextUrl(path: string, params: URLSearchParams, page: number): string {
  params.delete('page');
  params.append('page', String(page));
  return `${path}?${params.toString()}`;
}

/** With `card_fields=extended`, the card gains the job's work model and remote share. */
function withFields(job: ListedJob, card: JobCard, fields: string | undefined): JobCard {
  return fields === 'extended' ? { ...card, work_model: job.workModel, remote_percentage: job.remotePercentage } : card;
}

/** With a named language, the card gains its labels in it and where a remote job is open to. */
function withLabels(job: ListedJob, card: JobCard, lang: Language | null): JobCard {
  return lang === null ? card : { ...card, ...labelAdditions(job, lang) };
}

/**
 * With `highlight=true` (a filter given), each card gains the ranges of its title and
 * description that match the keywords, computed on the very strings the card carries.
 */
function withHighlights(
  index: SearchReader,
  filter: JobFilter | null,
  jobs: readonly ListedJob[],
  cards: JobCard[],
): JobCard[] {
  if (filter === null) return cards;
  const ranges =
    filter.keywords === undefined
      ? cards.map(() => [[], []])
      : index.highlight(
          filter.keywords,
          filter.typos !== false,
          cards.map((card, i) => ({ language: jobs[i]!.language, texts: [card.title, card.description_card_display] })),
        );
  return cards.map((card, i) => ({
    ...card,
    highlight: { title: ranges[i]![0]!, description_card_display: ranges[i]![1]! },
  }));
}
