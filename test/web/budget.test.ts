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

  it('keeps JavaScript and CSS within 60 KB compressed (brotli and gzip)', () => {
    const files = [web.js, web.css];
    expect(files.map((f) => /^assets\/app-[A-Z0-9]{8}\.(js|css)$/.test(f))).toEqual([true, true]);
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

  it('leaves unknown paths to the JSON 404', async () => {
    const res = await app.inject('/assets/app-NOPE.js');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'not_found' } });
  });
});
