import type { ApiInstance, AppDeps } from '../app-types.js';
import { CountResponse, ErrorResponse, FilterQuery } from '../schemas.js';
import { toFilter } from '../to-search-query.js';
import { formatNumber } from '../../domain/format-number.js';
import { snapshotOf } from './shared.js';

export function registerResultsCount(app: ApiInstance, deps: AppDeps): void {
  app.get(
    '/job-search-results-count',
    {
      // sort and order are validated but do not change a count.
      config: { canonical: { unused: ['sort', 'order'] } },
      schema: {
        summary: 'Number of jobs matching the filter combination',
        querystring: FilterQuery,
        response: { 200: CountResponse, '4xx': ErrorResponse, '5xx': ErrorResponse },
      },
    },
    async (request, reply) => {
      const index = snapshotOf(request).index;
      // One call to the index: it reads q and counts.
      const { total, didYouMean } = index.countAsRead(
        toFilter(request.query, {
          now: deps.now?.() ?? Date.now(),
          isCompany: (v) => index.resolveCompany(v) !== null,
        }),
      );
      return {
        success: true,
        total_results: total,
        total_results_formatted: formatNumber(total),
        ...(didYouMean === null ? {} : { did_you_mean: didYouMean }),
        duration_ms: Math.round(reply.elapsedTime),
      };
    },
  );
}
