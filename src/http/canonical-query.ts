import type { FastifyRequest } from 'fastify';

/**
 * How a route's answer depends on its query, declared in the route's `config.canonical`:
 * - `defaults`: parameters whose default value gives the same answer as leaving them out
 *   (`page=1`, `per_page=20`); they are dropped from the canonical form when they hold it;
 * - `unused`: parameters that are validated but do not change the answer (`sort` on the count).
 * Everything else the route's schema knows is part of the canonical form, in the schema's order.
 */
export interface CanonicalSpec {
  defaults?: Readonly<Record<string, string>>;
  /** The defaults instead of `defaults` when the request has keywords (`q`): relevance order then. */
  keywordDefaults?: Readonly<Record<string, string>>;
  unused?: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    canonical?: CanonicalSpec;
  }
}

/**
 * Query parameters that real frontends and links add and that never change an answer: a jQuery-
 * style cache-buster `_`, and the tracking parameters of analytics and ad platforms. They are
 * accepted, left out of the cache key and reported in the `X-Ignored-Params` header.
 */
export function isIgnorableParam(name: string): boolean {
  return name === '_' || name.startsWith('utm_') || IGNORED_TRACKING.has(name);
}
const IGNORED_TRACKING = new Set(['gclid', 'fbclid', 'msclkid', 'dclid', 'mc_cid', 'mc_eid', '_ga', '_gl']);

/** Cheap test for a URL that may hold an ignorable parameter (the alias lookup's hot path). */
const MAY_HOLD_IGNORABLE = /[?&](?:_|utm|gclid|fbclid|msclkid|dclid|mc_|%5F|%75)/i;

/**
 * The URL without its ignorable parameters (tracking and the `_` cache-buster), and the names
 * dropped: what the response cache's alias table is keyed by, so that 20,000 `utm_source` values
 * share the clean URL's one entry instead of pushing answers out.
 */
export function withoutIgnorable(url: string): { url: string; dropped: string[] } {
  const q = url.indexOf('?');
  if (q === -1 || !MAY_HOLD_IGNORABLE.test(url)) return { url, dropped: [] };
  const kept: string[] = [];
  const dropped: string[] = [];
  for (const part of url.slice(q + 1).split('&')) {
    const eq = part.indexOf('=');
    const name = decodedName(eq === -1 ? part : part.slice(0, eq));
    if (name !== null && isIgnorableParam(name)) dropped.push(name);
    else kept.push(part);
  }
  const path = url.slice(0, q);
  return { url: kept.length === 0 ? path : `${path}?${kept.join('&')}`, dropped };
}

function decodedName(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** The parameter names a route's query schema declares, in the schema's order. */
export function knownParams(request: FastifyRequest): readonly string[] {
  const schema = request.routeOptions.schema?.querystring as { properties?: Record<string, unknown> } | undefined;
  return Object.keys(schema?.properties ?? {});
}

/**
 * The validated query in canonical form: known parameters in the schema's order, defaults and
 * unused parameters dropped, values as the schema coerced them. Two requests with the same
 * canonical form get the same answer from the same index, so it keys the cache and the ETag and
 * is what `next_url` is built from.
 */
export function canonicalQuery(request: FastifyRequest): URLSearchParams {
  const spec = request.routeOptions.config.canonical ?? {};
  const query = request.query as Record<string, unknown>;
  const params = new URLSearchParams();
  const hasKeywords = typeof query.q === 'string' && query.q.trim() !== '';
  const defaults = hasKeywords && spec.keywordDefaults ? spec.keywordDefaults : spec.defaults;
  for (const name of knownParams(request)) {
    const value = query[name];
    if (value === undefined || spec.unused?.includes(name) === true) continue;
    const text = scalarText(value);
    if (defaults?.[name] === text) continue;
    params.append(name, text);
  }
  return params;
}

/** A validated parameter's text (path and query parameters are strings or numbers after validation). */
export function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value === undefined || value === null ? '' : JSON.stringify(value);
}
