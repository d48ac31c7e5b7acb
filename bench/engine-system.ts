import type { FacetCounts, FacetOption, JobFilter, Suggestion } from '../src/domain/query.js';
import { interpretFilter } from '../src/search/query/interpret.js';
import type { SearchIndex } from '../src/search/segments/search-index.js';
import type { SuggestQuery } from './query-mix.js';
import type { CountMap, FacetSummary, SearchSystem } from './system.js';

/**
 * The project's engine behind the bench's common interface (it supports every query). Keywords are
 * read as the API reads them (src/search/query/interpret.ts), each time, so they cost what they cost there.
 */
export class EngineSystem implements SearchSystem {
  readonly name = 'engine';
  readonly suggestUnsupported = null;

  constructor(readonly index: SearchIndex) {}

  unsupported(): string | null {
    return null;
  }

  count(filter: JobFilter): number {
    return this.index.count(this.read(filter));
  }

  facets(filter: JobFilter, limit: number): FacetCounts {
    return this.index.facets({ filter: this.read(filter), mode: 'conjunctive', facetLimit: limit });
  }

  facetSummary(filter: JobFilter, limit: number): FacetSummary {
    const f = this.facets(filter, limit);
    return { workModel: toMap(f.workModels), location: toMap(f.locations), seo: { yes: f.seo.yes, no: f.seo.no } };
  }

  list(filter: JobFilter, page: number, perPage: number): string[] {
    return this.index
      .list({ filter: this.read(filter), sort: 'date', order: 'desc', page, perPage })
      .jobs.map((j) => j.boardId);
  }

  suggest(query: SuggestQuery, limit: number): Suggestion[] {
    return query.kind === 'location'
      ? this.index.suggestLocations(query.q, limit)
      : this.index.suggestCompanies(query.q, limit);
  }

  async close(): Promise<void> {}

  private read(filter: JobFilter): JobFilter {
    return filter.keywords === undefined ? filter : interpretFilter(this.index, filter).filter;
  }
}

function toMap(options: readonly FacetOption[]): CountMap {
  const map: CountMap = {};
  for (const o of options) if (o.count > 0) map[o.value] = o.count;
  return map;
}
