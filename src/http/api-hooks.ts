import { createHash } from 'node:crypto';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiInstance, AppDeps } from './app-types.js';
import { ApiError, BAD_PERCENT_ENCODING, invalidParameter } from './errors.js';
import type { Metrics } from './metrics.js';
import type { IndexSnapshot } from '../runtime/live-index.js';
import { ResponseCache } from './response-cache.js';
import { acceptedEncoding, type AnswerKeeper } from './compression.js';
import { canonicalQuery, isIgnorableParam, knownParams, scalarText, withoutIgnorable } from './canonical-query.js';

/** Longest URL served; longer ones get 414 (Node itself answers 431 past its header limit). */
export const MAX_URL_LENGTH = 8192;

/** Default byte budget of the response cache (RESPONSE_CACHE_MB). */
export const DEFAULT_RESPONSE_CACHE_BYTES = 64 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    /** The index snapshot this request is answered from (set for API routes). */
    snapshot?: IndexSnapshot;
    /** Path and canonical query of a valid API request: the cache key, the ETag's input. */
    canonicalUrl?: string;
    /** Answered by the URL's alias in the response cache (preParsing), without validation. */
    byAlias?: boolean;
    /** The label language came from `Accept-Language`, not from a `lang` parameter. */
    langFromHeader?: boolean;
  }
}

/**
 * Cross-cutting behaviour of the API endpoints, in the order a request meets it:
 * 1. onRequest: URL length (414). Then (preParsing, after every onRequest hook: rate limit and
 *    overload still apply) a GET whose very URL was answered 200 on this index version, and
 *    whose answer is still kept, is answered from the cache at once (its ETag, 304 and cache
 *    lookup as in 4): the same URL on the same version passes the same checks to the same
 *    canonical query, so they are not repeated.
 * 2. preValidation: readiness (503); repeated (400), empty (= unset), non-digit integer (400)
 *    and unknown parameters (400, tracking parameters ignored and reported).
 * 3. Fastify validates the query against the route's schema (400).
 * 4. preHandler: only now, for a valid request, the canonical query gives the ETag (index
 *    version + canonical query), the conditional check (304) and the cache lookup.
 * 5. onSend: a 200 body is kept in the byte-bounded cache under the canonical key, by the root's
 *    compression hook before it compresses (an answer that came from the cache is a Buffer, and is
 *    not kept again); then a GET's URL, without its tracking parameters and `_` cache-buster (they
 *    never change an answer, and one alias per value would push answers out), is remembered as an
 *    alias of that key (with its ETag) for step 1.
 * Errors never carry an ETag or a cacheable header (the root onSend hook in build-app).
 */
export function registerApiHooks(app: ApiInstance, deps: AppDeps, metrics: Metrics): void {
  const responses = new ResponseCache(deps.config.responseCacheBytes ?? DEFAULT_RESPONSE_CACHE_BYTES);
  metrics.watchResponseCache(responses);
  /** Keeps an answer of the current index under its canonical key (compression.ts hands it over). */
  const keeper: AnswerKeeper = {
    keep(request, body) {
      const { snapshot, canonicalUrl } = request;
      if (snapshot !== undefined && snapshot === deps.live.current && canonicalUrl !== undefined)
        responses.set(snapshot, canonicalUrl, body);
    },
  };

  // The hooks every cached answer passes take callbacks: an async hook costs a promise and, when
  // it answers (`return reply`), a listener for the end of the response.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.url.length > MAX_URL_LENGTH) {
      done(new ApiError('uri_too_long', `the URL is longer than ${MAX_URL_LENGTH} characters`));
    } else done();
  });

  // After every onRequest hook, the route's own included (the rate limit adds its hook to each route).
  // Answering, it does not call `done`: the request goes no further.
  app.addHook('preParsing', (request, reply, payload, done) => {
    // A URL's alias is remembered for the default label language only (see labelLanguage).
    const snapshot = request.method === 'GET' && headerLanguage(request) === null ? deps.live.current : null;
    const key = snapshot ? withoutIgnorable(request.url) : null;
    const alias = snapshot && key ? responses.aliasOf(snapshot, key.url) : undefined;
    if (!snapshot || !key || alias === undefined || !responses.holds(snapshot, alias.to)) {
      done(null, payload);
      return;
    }
    request.byAlias = true;
    if (key.dropped.length > 0) void reply.header('x-ignored-params', ignoredHeader(key.dropped));
    if (fromCache(request, reply, snapshot, alias.to, alias.etag) === undefined) done(null, payload);
  });

  app.addHook('preValidation', async (request, reply) => {
    const snapshot = deps.live.current;
    if (!snapshot) throw new ApiError('not_ready', 'the search index is loading; try again shortly');
    request.snapshot = snapshot;
    normaliseQuery(request, reply);
    labelLanguage(request, reply);
  });

  app.addHook('preHandler', async (request, reply) => {
    const snapshot = request.snapshot;
    if (!snapshot) return;
    const query = canonicalQuery(request).toString();
    const path = canonicalPath(request.routeOptions.url ?? '', request.params);
    const canonicalUrl = query === '' ? path : `${path}?${query}`;
    return fromCache(request, reply, snapshot, canonicalUrl, etagOf(snapshot, canonicalUrl));
  });

  /**
   * The ETag and Cache-Control of a valid request, then 304 if the client holds that ETag, or the
   * kept answer if there is one (undefined: none; the handler answers).
   */
  function fromCache(
    request: FastifyRequest,
    reply: FastifyReply,
    snapshot: IndexSnapshot,
    canonicalUrl: string,
    etag: string,
  ): FastifyReply | undefined {
    request.snapshot = snapshot;
    request.canonicalUrl = canonicalUrl;
    request.answerKeeper = keeper;
    if (knownParams(request).includes('lang')) varyWith(reply, 'accept-language');
    void reply.header('etag', etag);
    void reply.header('cache-control', `public, max-age=${deps.config.cacheMaxAgeSeconds}`);
    if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
    const encoding = (request.answerEncoding = acceptedEncoding(request.headers['accept-encoding']));
    const hit = responses.get(snapshot, canonicalUrl, Math.round(reply.elapsedTime), encoding);
    if (hit === undefined) return undefined;
    if (hit.encoding !== null) void reply.header('content-encoding', hit.encoding);
    return reply.type('application/json; charset=utf-8').send(hit.body);
  }

  app.addHook('onSend', (request, reply, payload, done) => {
    const { snapshot, canonicalUrl } = request;
    if (snapshot && canonicalUrl !== undefined && reply.statusCode === 200) {
      if (request.method === 'GET' && request.byAlias !== true) rememberAlias(request, reply, snapshot, canonicalUrl);
    }
    done(null, payload);
  });

  /**
   * The request's URL, without its tracking parameters and `_` cache-buster, as an alias of the
   * answer it got: URLs that differ only in those share one alias.
   */
  function rememberAlias(request: FastifyRequest, reply: FastifyReply, snapshot: IndexSnapshot, to: string): void {
    if (request.langFromHeader === true) return;
    const key = withoutIgnorable(request.url).url;
    responses.remember(snapshot, key, { to, etag: String(reply.getHeader('etag')) });
  }
}

/** Adds a request header to `Vary`, keeping those named already (CORS names `Origin`). */
function varyWith(reply: FastifyReply, header: string): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) void reply.header('vary', header);
  else if (!new RegExp(`\\b${header}\\b`, 'i').test(String(vary)))
    void reply.header('vary', `${String(vary)}, ${header}`);
}

/**
 * A weak validator of one answer: the index version it came from and its canonical request.
 * Hashed so that it stays short whatever the query.
 */
function etagOf(snapshot: IndexSnapshot, canonicalUrl: string): string {
  const version = snapshot.etag.replace(/^W\//, '').replace(/"/g, '');
  const digest = createHash('sha1').update(canonicalUrl).digest('hex').slice(0, 20);
  return `W/"${version}-${digest}"`;
}

/** `If-None-Match` by weak comparison: a list of tags, or `*`. */
function matches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === opaque;
  });
}

/**
 * The route's parameters that are whole numbers, read from its own querystring schema (so every
 * route, the change feed's included, shares one grammar). Checked as plain digits before the
 * schema coerces them, which would otherwise take `0x10`, `1e3`, `1e309` (Infinity) or ` 7`.
 */
function isIntegerParam(request: FastifyRequest, name: string): boolean {
  const schema = request.routeOptions.schema?.querystring as
    { properties?: Record<string, { type?: unknown }> } | undefined;
  return schema?.properties?.[name]?.type === 'integer';
}

/**
 * An empty value means "unset"; a repeated parameter is ambiguous and rejected by name; an
 * unknown parameter is a 400 naming it and the known ones (a typo such as `wokr_model` would
 * otherwise return every job), except tracking parameters and the `_` cache-buster, which are
 * dropped and named in `X-Ignored-Params`.
 */
function normaliseQuery(request: FastifyRequest, reply: FastifyReply): void {
  refuseBadEncoding(request.url);
  const query = request.query as Record<string, unknown>;
  const known = knownParams(request);
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value) && known.includes(key)) {
      throw new ApiError('repeated_parameter', `${key}: given more than once; pass it once`, key);
    }
    if (!known.includes(key)) {
      if (!isIgnorableParam(key)) {
        throw new ApiError(
          'unknown_parameter',
          `${truncate(key, 60)}: unknown parameter; known: ${known.join(', ')}`,
          truncate(key, 60),
        );
      }
      ignored.push(key);
      Reflect.deleteProperty(query, key);
      continue;
    }
    if (value === '') Reflect.deleteProperty(query, key);
    else if (typeof value === 'string' && !/^\d+$/.test(value) && isIntegerParam(request, key)) {
      throw invalidParameter(key, 'must be a whole number (digits only)');
    }
  }
  if (ignored.length > 0) void reply.header('x-ignored-params', ignoredHeader(ignored));
}

/**
 * A parameter whose percent-encoding does not decode as UTF-8 (`q=%FF`, `q=%C3`, `q=%ZZ`) is a
 * 400 naming it: the parser would otherwise pass on U+FFFD or the raw text, and search for that.
 */
function refuseBadEncoding(url: string): void {
  const at = url.indexOf('?');
  if (at < 0 || !url.includes('%', at)) return;
  for (const pair of url.slice(at + 1).split('&')) {
    if (!pair.includes('%')) continue;
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    try {
      decodeURIComponent(name);
      decodeURIComponent(eq < 0 ? '' : pair.slice(eq + 1));
    } catch {
      const param = truncate(safeDecode(name), 60);
      throw new ApiError('invalid_url', `${param}: ${BAD_PERCENT_ENCODING}`, param);
    }
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function ignoredHeader(names: readonly string[]): string {
  return names.map((k) => encodeURIComponent(truncate(k, 60))).join(', ');
}

const LABEL_LANGUAGES = ['de', 'es', 'en'];

/**
 * The label language `Accept-Language` names among de, es and en (regional tags count for their
 * language); null when it names none of them (absent, `*`, only other languages).
 */
function headerLanguage(request: FastifyRequest): string | null {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string' || header === '') return null;
  const primary = header.replace(/\b([a-z]{2,3})-[a-z0-9-]+/gi, '$1').toLowerCase();
  const named = LABEL_LANGUAGES.filter((l) => new RegExp(`(?:^|[\\s,])${l}(?:\\s*[;,]|\\s*$)`).test(primary));
  if (named.length === 0) return null;
  return negotiate(primary, named) ?? null;
}

/**
 * On a route with a `lang` parameter, a request without one takes its label language from
 * `Accept-Language` when the header names de, es or en; it becomes part of the validated query, so
 * the canonical key, the ETag and the cache tell the languages apart, and the answer says it varies
 * with the header. A request naming no language gets the contract's answer exactly.
 */
function labelLanguage(request: FastifyRequest, reply: FastifyReply): void {
  if (!knownParams(request).includes('lang')) return;
  varyWith(reply, 'accept-language');
  const query = request.query as Record<string, unknown>;
  if (query['lang'] !== undefined) return;
  const language = headerLanguage(request);
  if (language === null) return;
  query['lang'] = language;
  request.langFromHeader = true;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The route's path with its validated path parameters filled in (`/jobs/:board_id` -> `/jobs/42`). */
function canonicalPath(route: string, params: unknown): string {
  if (!route.includes(':') || typeof params !== 'object' || params === null) return route;
  const values = params as Record<string, unknown>;
  return route.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(scalarText(values[name])));
}
