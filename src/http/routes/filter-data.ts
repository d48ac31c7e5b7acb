import type { ApiInstance, AppDeps } from '../app-types.js';
import { DEFAULT_FACET_LIMIT, FilterDataQuery, FilterDataResponse, ErrorResponse } from '../schemas.js';
import { toFacetRequest } from '../to-search-query.js';
import { presentFilters } from '../present.js';
import { presentSelected } from '../present-selected.js';
import { snapshotOf, selectedResolvers } from './shared.js';

export function registerFilterData(app: ApiInstance, deps: AppDeps): void {
  app.get(
    '/job-search-filter-data',
    {
      // sort and order are echoed in `selected`, so only the facet defaults can be left out.
      config: {
        canonical: { defaults: { facet_mode: 'conjunctive', facet_limit: String(DEFAULT_FACET_LIMIT) } },
      },
      schema: {
        summary: 'Filter data: every facet with its counts for the current filter combination',
        querystring: FilterDataQuery,
        response: { 200: FilterDataResponse, '4xx': ErrorResponse, '5xx': ErrorResponse },
      },
    },
    async (request, reply) => {
      const { index } = snapshotOf(request);
      const asked = toFacetRequest(request.query, {
        now: deps.now?.() ?? Date.now(),
        isCompany: (v) => index.resolveCompany(v) !== null,
      });
      const facets = index.facetsAsRead(asked);
      return {
        success: true,
        filters: presentFilters(
          facets,
          request.query,
          presentSelected(request.query, selectedResolvers(index)),
          request.query.lang ?? null,
        ),
        duration_ms: Math.round(reply.elapsedTime),
      };
    },
  );
}
