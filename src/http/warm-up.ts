import { API_PREFIX, type ApiInstance } from './app-types.js';

/**
 * Requests a started server answers through `inject` (no socket) as soon as its first index is in,
 * before it logs that it is ready: each API route, with and without compression. `/readyz` says
 * ready from the swap on; a request that comes during these few is answered as it would have been.
 *
 * The first request of a route in a new process cost 35–80 ms more than the next one (a 100k
 * store: a list page 41 ms then 6 ms, filter data 93 ms then 6 ms; the handler's own `duration_ms`
 * 5 and 15 ms): V8 compiles each function the first time it runs, and a route's validation,
 * serialisation and compression run only there. Warmed here, that cost is not the first users'.
 * The index worker warms its own side (runtime/index-worker.ts, `warmUp`). The answers stay in the
 * response cache: they are the unfiltered search page's. The requests count in `/metrics` like any
 * other (docs/live-data-log.md, "First requests, catch-up pages, merges").
 */
export const WARM_UP_REQUESTS: readonly { url: string; encoding: string }[] = [
  { url: `${API_PREFIX}/job-search-filter-data`, encoding: 'identity' },
  { url: `${API_PREFIX}/job-search-filter-data`, encoding: 'br' },
  { url: `${API_PREFIX}/job-search-results-count`, encoding: 'identity' },
  { url: `${API_PREFIX}/job-search-results-list`, encoding: 'identity' },
  { url: `${API_PREFIX}/job-search-results-list`, encoding: 'gzip' },
  { url: `${API_PREFIX}/job-search-location-autosuggest?q=b`, encoding: 'identity' },
  { url: `${API_PREFIX}/job-search-company-autosuggest?q=a`, encoding: 'identity' },
];

/** Answers WARM_UP_REQUESTS in turn; how many were answered 200 (a failure here fails no start). */
export async function warmUpRoutes(app: ApiInstance): Promise<number> {
  let answered = 0;
  for (const { url, encoding } of WARM_UP_REQUESTS) {
    try {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      if (res.statusCode === 200) answered++;
    } catch {
      // Only a warm-up: the route answers its first real request as it would have.
    }
  }
  return answered;
}
