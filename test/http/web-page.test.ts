/** The search page's files at `/`, from a folder this test writes (not the web build's output). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiInstance } from '../../src/http/app-types.js';
import { corpus, testApp } from './fixture.js';

const HTML = '<!doctype html><title>Jobs</title><script src="/assets/app-1a2b.js"></script>';
const JS = 'console.log("search page");'.repeat(20);

let root: string;
let app: ApiInstance | null = null;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'jobsearch-web-'));
});

afterEach(async () => {
  await app?.close();
  app = null;
  rmSync(root, { recursive: true, force: true });
});

async function serve(webRoot: string): Promise<ApiInstance> {
  app = await testApp(corpus(), { webRoot });
  return app;
}

/** The compressed copies say which they are, so that an answer shows it came from the file, not from compressing on the fly. */
const BR_MARK = '/* br */';
const GZ_MARK = '/* gz */';

function writePage(): void {
  writeFileSync(join(root, 'index.html'), HTML);
  writeFileSync(join(root, 'index.html.br'), brotliCompressSync(HTML + BR_MARK));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', 'app-1a2b.js'), JS);
  writeFileSync(join(root, 'assets', 'app-1a2b.js.br'), brotliCompressSync(JS + BR_MARK));
  writeFileSync(join(root, 'assets', 'app-1a2b.js.gz'), gzipSync(JS + GZ_MARK));
}

describe('the search page', () => {
  it('serves the HTML at / revalidated on every load, precompressed when the client takes it', async () => {
    writePage();
    const web = await serve(root);
    for (const url of ['/', '/index.html']) {
      const br = await web.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['content-type']).toMatch(/^text\/html/);
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(HTML + BR_MARK);
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(br.headers['x-content-type-options']).toBe('nosniff');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['last-modified']).toBeUndefined();
      const plain = await web.inject({ url });
      expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, HTML]);
    }
  });

  it('serves hashed assets cached for a year, in the encoding asked for', async () => {
    writePage();
    const web = await serve(root);
    const url = '/assets/app-1a2b.js';
    const gz = await web.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-type']).toMatch(/javascript/);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS + GZ_MARK);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gz.headers['x-content-type-options']).toBe('nosniff');
    const br = await web.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(JS + BR_MARK);
    expect((await web.inject({ url })).body).toBe(JS);
  });

  it('leaves paths that are no file to the JSON 404, files written after the start included', async () => {
    writePage();
    const web = await serve(root);
    writeFileSync(join(root, 'assets', 'late.js'), JS);
    writeFileSync(join(root, 'late.html'), HTML);
    for (const url of [
      '/assets/app-NOPE.js',
      '/assets/',
      '/nope.html',
      '/assets/app-1a2b.js/x',
      '/assets/late.js',
      '/late.html',
    ]) {
      const res = await web.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, error: { code: 'not_found' } });
    }
  });

  it('serves no page, and the API all the same, when the page is not built', async () => {
    writeFileSync(join(root, 'app.js'), JS);
    const web = await serve(root);
    expect((await web.inject('/')).statusCode).toBe(404);
    expect((await web.inject('/app.js')).statusCode).toBe(404);
    expect((await web.inject('/jobs/api/job-search-results-count')).statusCode).toBe(200);
  });
});
