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
import { exonymsFor } from '../../search/text/query-intent.js';

/**
 * The places whose names begin with q, and the places whose names in other languages do
 * (`Munich`, `Vienna`, `Genf`): each place once, alphabetically by label, at most `limit`.
 */
function withExonyms(index: SearchReader, q: string, limit: number): Suggestion[] {
  const own = index.suggestLocations(q, limit);
  const values = exonymsFor(q);
  if (values.length === 0) return own;
  const out = [...own];
  for (const value of values) {
    const place = index.resolveLocation(value);
    if (place === null) continue;
    const found = index.suggestLocations(place.name, limit).find((s) => s.value === place.slug);
    if (found !== undefined && !out.some((s) => s.value === found.value)) out.push(found);
  }
  return out.sort((a, b) => a.label.localeCompare(b.label, 'de')).slice(0, limit);
}

interface SuggestRoute {
  url: string;
  summary: string;
  suggest: (index: SearchReader, q: string, limit: number) => Suggestion[];
}

const ROUTES: readonly SuggestRoute[] = [
  {
    url: '/job-search-location-autosuggest',
    summary: 'Autocomplete for cities, regions and countries that have jobs',
    suggest: (index, q, limit) => withExonyms(index, q, limit),
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
  // Addition: job titles, with the same rules as the two above and counts.
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
