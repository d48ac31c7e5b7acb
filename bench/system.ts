import type { JobFilter, Suggestion } from '../src/domain/query.js';
import type { SuggestQuery } from './query-mix.js';

export type Awaitable<T> = T | Promise<T>;

/** Facet counts a system can be checked on: value -> count. */
export type CountMap = Record<string, number>;

/** The facets compared between systems (each system computes all facets when timed). */
export interface FacetSummary {
  workModel: CountMap;
  /** The listed values only (top values by count). */
  location: CountMap;
  seo: { yes: number; no: number };
}

/**
 * What the bench asks of each system, the engine and every peer alike, so that one runner times
 * them all on the same queries.
 */
export interface SearchSystem {
  readonly name: string;
  /** Why this system cannot answer the filter as the engine does (the query is then skipped). */
  unsupported(filter: JobFilter): string | null;
  /** Why it cannot autocomplete, or null. */
  readonly suggestUnsupported: string | null;
  count(filter: JobFilter): Awaitable<number>;
  /** Every facet (filter data) under the filter; `companies` and `locations` capped at `limit`. */
  facets(filter: JobFilter, limit: number): Awaitable<unknown>;
  /** The same as `facets`, reduced to what the agreement check compares. */
  facetSummary(filter: JobFilter, limit: number): Awaitable<FacetSummary>;
  /** Board ids of one page, newest first (ties by board id). */
  list(filter: JobFilter, page: number, perPage: number): Awaitable<string[]>;
  suggest(query: SuggestQuery, limit: number): Awaitable<Suggestion[]>;
  close(): Promise<void>;
}

/** Words a peer uses to say why it skips a query. */
export const NO_RADIUS = 'no radius search';
export const NO_KEYWORDS = 'no keyword search';

/** Peers are not built for several values per filter (`JobFilter.anyOf`). */
export const NO_MULTI_VALUES = 'several values per filter';
