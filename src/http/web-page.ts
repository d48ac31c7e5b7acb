import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding } from './compression.js';

/** Where `npm run build` puts the bundled page (the same from src/http and dist/http). */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../dist/web/', import.meta.url));

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The build's Node module naming the page's first API requests for a URL query; not served. */
const FIRST_REQUESTS = 'server/first-requests.js';

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
    index: false,
    allowedPath: (path) => !path.startsWith('/server/'),
    preCompressed: true,
    cacheControl: false,
    lastModified: false,
    setHeaders: (res, path) => {
      res.setHeader('cache-control', path.includes('/assets/') ? IMMUTABLE : 'no-cache');
      for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) res.setHeader(name, value);
      res.setHeader('vary', 'accept-encoding');
    },
  });
  await registerIndex(app, root);
  return true;
}

/**
 * `/` itself: the HTML from memory with a `Link` header that preloads its stylesheet and script and
 * then the API requests the script will make first for this URL (the page's own rules, from the
 * build), so the answers are on their way while the script loads. A page built without that
 * module preloads only its files.
 */
async function registerIndex(app: FastifyInstance, root: string): Promise<void> {
  // The build writes both compressed copies; a folder without one sends the HTML as it is.
  const copy = (name: string): Buffer | null => (existsSync(join(root, name)) ? readFileSync(join(root, name)) : null);
  const bodies = {
    identity: readFileSync(join(root, 'index.html')),
    br: copy('index.html.br'),
    gzip: copy('index.html.gz'),
  };
  const etag = `"${createHash('sha256').update(bodies.identity).digest('base64url').slice(0, 27)}"`;
  const module = join(root, FIRST_REQUESTS);
  const first = existsSync(module)
    ? ((await import(pathToFileURL(module).href)) as { firstRequests: (search: string) => string[] }).firstRequests
    : null;

  // The stylesheet and the script first: the page can use the answers only once its script runs.
  const html = bodies.identity.toString('utf8');
  const css = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  const js = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  const assets = [css ? `<${css}>; rel=preload; as=style` : null, js ? `<${js}>; rel=modulepreload` : null].filter(
    (x) => x !== null,
  );
  const send = (request: FastifyRequest, reply: FastifyReply) => {
    void reply
      .header('cache-control', 'no-cache')
      .headers(PAGE_SECURITY_HEADERS)
      .header('vary', 'accept-encoding')
      .header('etag', etag);
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const urls = first === null ? [] : preloads(request, () => first(search));
    const api = urls.map((u) => `<${u}>; rel=preload; as=fetch; crossorigin=anonymous`);
    if (assets.length + api.length > 0) void reply.header('link', [...assets, ...api].join(', '));
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    const compressed = encoding === null ? null : bodies[encoding];
    if (encoding === null || compressed === null) return reply.type('text/html; charset=utf-8').send(bodies.identity);
    return reply.type('text/html; charset=utf-8').header('content-encoding', encoding).send(compressed);
  };
  app.get('/', send);
}

/** The page's rules take any query; should they throw, the page is sent without the header. */
function preloads(request: FastifyRequest, f: () => string[]): string[] {
  try {
    return f();
  } catch (error) {
    request.log.warn({ err: error }, 'no preload header for the page');
    return [];
  }
}
