import type { ApiInstance, AppDeps } from '../app-types.js';
import {
  DEFAULT_SUGGEST_LIMIT,
  ErrorResponse,
  SuggestQuery,
  SuggestResponse,
  TitleSuggestResponse,
} from '../schemas.js';
import { formatNumber } from '../../domain/format-number.js';
import type { SearchReader } from '../../search/segments/search-index.js';
import type { Suggestion } from '../../domain/query.js';
import { suggestLimit, snapshotOf } from './shared.js';

interface SuggestRoute {
  url: string;
  summary: string;
  suggest: (index: SearchReader, q: string, limit: number) => Suggestion[];
}

const ROUTES: readonly SuggestRoute[] = [
  {
    url: '/job-search-location-autosuggest',
    summary: 'Autocomplete for cities, regions and countries that have jobs',
    suggest: (index, q, limit) => index.suggestLocations(q, limit),
  },
  {
    url: '/job-search-company-autosuggest',
    summary: 'Autocomplete for employers that have jobs',
    suggest: (index, q, limit) => index.suggestCompanies(q, limit),
  },
];

export function registerAutosuggest(app: ApiInstance, _deps: AppDeps): void {
  for (const route of ROUTES) {
    app.get(
      route.url,
      {
        config: { canonical: { defaults: { limit: String(DEFAULT_SUGGEST_LIMIT) } } },
        schema: {
          summary: route.summary,
          querystring: SuggestQuery,
          response: { 200: SuggestResponse, '4xx': ErrorResponse, '5xx': ErrorResponse },
        },
      },
      async (request, reply) => {
        const q = request.query.q ?? '';
        const limit = suggestLimit(request.query.limit);
        const suggestions = q.trim() === '' ? [] : route.suggest(snapshotOf(request).index, q, limit);
        return { success: true, suggestions, duration_ms: Math.round(reply.elapsedTime) };
      },
    );
  }
  // Addition (issue 11): job titles, with the same rules as the two above and counts.
  app.get(
    '/job-search-title-autosuggest',
    {
      config: { canonical: { defaults: { limit: String(DEFAULT_SUGGEST_LIMIT) } } },
      schema: {
        summary: 'Autocomplete for job titles: positions and frequent title words, with their job counts (addition)',
        querystring: SuggestQuery,
        response: { 200: TitleSuggestResponse, '4xx': ErrorResponse, '5xx': ErrorResponse },
      },
    },
    async (request, reply) => {
      const q = request.query.q ?? '';
      const limit = suggestLimit(request.query.limit);
      const found = q.trim() === '' ? [] : snapshotOf(request).index.suggestTitles(q, limit);
      const suggestions = found.map((s) => ({
        value: s.value,
        label: s.label,
        kind: s.kind,
        count: s.count,
        count_formatted: formatNumber(s.count),
      }));
      return { success: true, suggestions, duration_ms: Math.round(reply.elapsedTime) };
    },
  );
}
