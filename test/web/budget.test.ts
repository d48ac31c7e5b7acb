import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, type WebBuild } from '../../scripts/build-web.js';
import { DEFAULT_SALARY_BUCKETS } from '../../src/domain/salary-buckets.js';
import { buildApp } from '../../src/http/build-app.js';
import type { ApiInstance } from '../../src/http/app-types.js';
import { LiveIndex } from '../../src/runtime/live-index.js';

/** The page's budget: JavaScript and CSS together, compressed as sent. */
const BUDGET_BYTES = 60 * 1024;

describe('the built search page', () => {
  let dir: string;
  let web: WebBuild;
  let app: ApiInstance;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'jobsearch-web-'));
    web = await buildWeb(join(dir, 'web'));
    app = await buildApp({
      live: new LiveIndex(),
      config: { newWithinDays: 7, salaryBuckets: DEFAULT_SALARY_BUCKETS, corsOrigin: '*', cacheMaxAgeSeconds: 10 },
      logger: false,
      webRoot: web.outDir,
    });
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps JavaScript and CSS within 60 KB compressed (brotli and gzip), the sanitiser a script of its own', () => {
    expect([web.js, web.css].map((f) => /^assets\/app-[A-Z0-9]{8}\.(js|css)$/.test(f))).toEqual([true, true]);
    expect(web.chunks).toHaveLength(1);
    expect(web.chunks[0]).toMatch(/^assets\/purify\.es-[A-Z0-9]{8}\.js$/);
    expect(readFileSync(join(web.outDir, web.js), 'utf8')).not.toContain('DOMPurify');
    const files = [web.js, ...web.chunks, web.css];
    for (const kind of ['br', 'gzip'] as const) {
      const total = files.reduce((sum, f) => sum + (web.sizes[f]?.[kind] ?? Infinity), 0);
      expect(total, kind).toBeLessThanOrEqual(BUDGET_BYTES);
    }
    // the written .br copy is the file itself, compressed
    const js = readFileSync(join(web.outDir, web.js));
    expect(brotliDecompressSync(readFileSync(join(web.outDir, `${web.js}.br`))).equals(js)).toBe(true);
  });

  it('serves the HTML at / uncached and the hashed assets immutable, brotli-compressed', async () => {
    const html = await app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.headers['cache-control']).toBe('no-cache');
    expect(html.headers['content-encoding']).toBe('br');
    const page = brotliDecompressSync(html.rawPayload).toString();
    expect(page).toContain(`src="/${web.js}"`);
    expect(page).toContain(`href="/${web.css}"`);

    for (const [file, type] of [
      [web.js, /javascript/],
      [web.css, /text\/css/],
    ] as const) {
      const res = await app.inject({ url: `/${file}`, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(type);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it("names its stylesheet, its script and then the page's first API requests for its URL in a Link header, as preloads", async () => {
    const API = '/jobs/api';
    const preload = (url: string) => `<${url}>; rel=preload; as=fetch; crossorigin=anonymous`;
    for (const [page, list, filterData] of [
      [
        '/',
        `${API}/job-search-results-list?seo-jobs-only=yes&card_fields=extended`,
        `${API}/job-search-filter-data?seo-jobs-only=yes&facet_mode=disjunctive&lang=de`,
      ],
      [
        '/?q=seo&lang=es&work_model=remote,hybrid&page=3&seo-jobs-only=all',
        `${API}/job-search-results-list?q=seo&work_model=remote%2Chybrid&page=3&card_fields=extended`,
        `${API}/job-search-filter-data?q=seo&work_model=remote%2Chybrid&facet_mode=disjunctive&lang=es`,
      ],
      [
        '/?location=M%C3%BCnchen&radius=25&sort=salary&lang=xx',
        `${API}/job-search-results-list?location=M%C3%BCnchen&radius=25&seo-jobs-only=yes&sort=salary&card_fields=extended`,
        `${API}/job-search-filter-data?location=M%C3%BCnchen&radius=25&seo-jobs-only=yes&sort=salary&facet_mode=disjunctive&lang=de`,
      ],
    ] as const) {
      const res = await app.inject({ url: page });
      expect(res.statusCode, page).toBe(200);
      expect(res.headers.link, page).toBe(
        `</${web.css}>; rel=preload; as=style, </${web.js}>; rel=modulepreload, ${preload(list)}, ${preload(filterData)}`,
      );
      for (const url of [list, filterData]) expect((await app.inject(url)).statusCode, url).not.toBe(400);
    }
    const first = await app.inject('/');
    const again = await app.inject({ url: '/', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.headers.link).toBe(first.headers.link);
  });

  it('does not serve the Node module that names those requests', async () => {
    const res = await app.inject('/server/first-requests.js');
    expect(res.statusCode).toBe(404);
  });

  it('leaves unknown paths to the JSON 404', async () => {
    const res = await app.inject('/assets/app-NOPE.js');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'not_found' } });
  });
});
