import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Where `npm run build` puts the bundled page (the same from src/http and dist/http). */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../dist/web/', import.meta.url));

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The page's security headers. Its script and styles are files of its own origin (no inline
 * script or style attribute, no eval), it calls only its own API, shows company logos from any
 * https origin, and may not be framed; links out (apply) carry the origin only.
 */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' https: data:",
    "connect-src 'self'",
    "font-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * The search page at `/`: the files the web build wrote (index.html and hashed assets), sent
 * precompressed (brotli or gzip, by Accept-Encoding). Hashed names never change content, so they
 * are cached for a year; the HTML is revalidated on every load so a new build reaches browsers at
 * once. Only the files present at start are routes (no wildcard), so unknown paths stay the API's
 * JSON 404. Returns false when the page has not been built (the API still runs).
 */
export async function registerWebPage(app: FastifyInstance, root: string = DEFAULT_WEB_ROOT): Promise<boolean> {
  if (!existsSync(`${root}/index.html`)) {
    app.log.warn({ root }, 'search page not built (npm run build): / is not served');
    return false;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    lastModified: false,
    setHeaders: (res, path) => {
      res.setHeader('cache-control', path.includes('/assets/') ? IMMUTABLE : 'no-cache');
      for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) res.setHeader(name, value);
      res.setHeader('vary', 'accept-encoding');
    },
  });
  return true;
}
