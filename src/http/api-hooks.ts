import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, type ApiInstance, type AppDeps } from './build-app.js';
import { ApiError, invalidParameter } from './errors.js';
import type { Metrics } from './metrics.js';
import type { IndexSnapshot } from '../runtime/live-index.js';
import { FilterDataQuery, ListQuery, SuggestQuery } from './schemas.js';
import { ResponseCache } from './response-cache.js';

/** Longest URL served; longer ones get 414 (Node itself answers 431 past its header limit). */
export const MAX_URL_LENGTH = 8192;

/** Distinct URLs whose serialised answers are kept per index snapshot. */
export const RESPONSE_CACHE_ENTRIES = 2000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The index snapshot this request is answered from (set for API routes). */
    snapshot?: IndexSnapshot;
  }
}

function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith(API_PREFIX) === true;
}

/**
 * Cross-cutting behaviour of the five endpoints: query normalisation (empty = unset, repeats are
 * errors), readiness, conditional requests and caching headers, a cache of serialised answers,
 * metrics. Registered before compression so that the cache sees the plain JSON.
 */
export function registerApiHooks(app: ApiInstance, deps: AppDeps, metrics: Metrics): void {
  app.addHook('onRequest', async (request) => {
    if (request.url.length > MAX_URL_LENGTH) {
      throw new ApiError('uri_too_long', `the URL is longer than ${MAX_URL_LENGTH} characters`);
    }
  });

  const responses = new ResponseCache(RESPONSE_CACHE_ENTRIES);

  // Every API request is answered from the snapshot current when it arrives. A URL answered
  // before from the same snapshot is answered again without validating, searching or
  // serialising: only 200 bodies are kept, so the URL was valid. This runs in preValidation, after
  // the rate limit's (route-level) onRequest hook, so cached and 304 answers count against it too.
  app.addHook('preValidation', async (request, reply) => {
    if (!isApiRoute(request)) return;
    const snapshot = deps.live.current;
    if (!snapshot) throw new ApiError('not_ready', 'the search index is loading; try again shortly');
    request.snapshot = snapshot;
    if (answeredNotModified(request, reply, snapshot, deps)) return reply;
    const body = responses.get(snapshot, request.url, Math.round(reply.elapsedTime));
    if (body !== undefined) return reply.type('application/json; charset=utf-8').send(body);
    normaliseQuery(request.query as Record<string, unknown>);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const snapshot = request.snapshot;
    if (snapshot && reply.statusCode === 200 && typeof payload === 'string') {
      responses.set(snapshot, request.url, payload);
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
}

/** Sets the caching headers; answers 304 when the client holds the current version. */
function answeredNotModified(request: FastifyRequest, reply: FastifyReply, snapshot: IndexSnapshot, deps: AppDeps): boolean {
  void reply.header('etag', snapshot.etag);
  void reply.header('cache-control', `public, max-age=${deps.config.cacheMaxAgeSeconds}`);
  if (request.headers['if-none-match'] !== snapshot.etag) return false;
  void reply.status(304).send();
  return true;
}

/**
 * Parameters that are whole numbers. Checked as plain digits before the schema coerces them, which
 * would otherwise take `0x10`, `1e3` or ` 7` as numbers.
 */
const INTEGER_PARAMS = new Set(
  [FilterDataQuery, ListQuery, SuggestQuery].flatMap((schema) =>
    Object.entries(schema.properties)
      .filter(([, property]) => (property as { type?: unknown }).type === 'integer')
      .map(([name]) => name),
  ),
);

/** An empty value means "unset"; a repeated parameter is ambiguous and rejected by name. */
function normaliseQuery(query: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) {
      throw new ApiError('repeated_parameter', `${key}: given more than once; pass it once`, key);
    }
    if (value === '') delete query[key];
    else if (INTEGER_PARAMS.has(key) && typeof value === 'string' && !/^\d+$/.test(value)) {
      throw invalidParameter(key, 'must be a whole number (digits only)');
    }
  }
}
