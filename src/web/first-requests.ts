import { endpoints } from './api.js';
import { apiFilters, fromUrl, type SearchState } from './state.js';

/** The two API requests a search state loads: the sidebar's filter data and the page of results. */
export function searchRequests(state: SearchState): { filterData: string; list: string } {
  const filters = apiFilters(state);
  return { filterData: endpoints.filterData(filters, state.lang), list: endpoints.list(filters, state.page) };
}

/**
 * The API requests the page makes first for its URL query (`?q=…&lang=…`), in the order it makes
 * them. The server names them in a `Link: rel=preload` header of the HTML, so the browser starts
 * them with the page instead of after its script has run; the page's `fetch` of the same URL takes
 * the preloaded answer.
 */
export function firstRequests(search: string): string[] {
  const { filterData, list } = searchRequests(fromUrl(search));
  return [list, filterData];
}
