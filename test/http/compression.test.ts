import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptedEncoding,
  compressBody,
  compressBodyOffThread,
  COMPRESS_OFF_THREAD_FROM,
  COMPRESS_THRESHOLD,
} from '../../src/http/compression.js';
import type { ApiInstance } from '../../src/http/app-types.js';
import { testApp } from './fixture.js';

/**
 * The window size (WBITS) a Brotli stream declares in its first bits (RFC 7932, section 9.1), read
 * least significant bit first: 0 → 16; else three bits n, n > 0 → 17 + n; else three bits m,
 * m > 1 → 8 + m, m = 0 → 17.
 */
function brotliWindowBits(stream: Buffer): number {
  const byte = stream[0]!;
  if ((byte & 1) === 0) return 16;
  const n = (byte >> 1) & 7;
  if (n !== 0) return 17 + n;
  const m = (byte >> 4) & 7;
  return m === 0 ? 17 : 8 + m;
}

describe('compressed bodies', () => {
  it('size the Brotli window to the body in bytes, from 2^10 to 2^24', () => {
    const cases: [string, Buffer | string, number][] = [
      ['empty', '', 10],
      ['1,000 bytes', 'a'.repeat(1000), 10],
      ['1,023 bytes', Buffer.alloc(1023, 'x'), 10],
      ['1,024 bytes', Buffer.alloc(1024, 'x'), 11],
      ['600 umlauts, 1,200 bytes', 'ü'.repeat(600), 11],
      ['5,000 bytes', 'b'.repeat(5000), 13],
      ['65,535 bytes', Buffer.alloc(65_535, 'y'), 16],
      ['65,536 bytes', Buffer.alloc(65_536, 'y'), 17],
      ['2^24 - 1 bytes', Buffer.alloc(2 ** 24 - 1, 'z'), 24],
      ['20 MB', Buffer.alloc(20_000_000, 'z'), 24],
    ];
    for (const [what, body, bits] of cases) {
      const compressed = compressBody(body, 'br');
      expect([what, brotliWindowBits(compressed)]).toEqual([what, bits]);
      expect(zlib.brotliDecompressSync(compressed).equals(Buffer.from(body))).toBe(true);
    }
  });

  it('reads its own window bits as zlib writes them (the reading above checked against the defaults)', () => {
    // zlib's default window is 22 bits; 16 and 18 are written in the two shorter forms.
    for (const lgwin of [10, 12, 15, 16, 17, 18, 22, 24]) {
      const stream = zlib.brotliCompressSync('some text', { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: lgwin } });
      expect([lgwin, brotliWindowBits(stream)]).toEqual([lgwin, lgwin]);
    }
  });

  it('makes the same bytes off the request thread as on it (large bodies), in both encodings', async () => {
    const line = (n: number): string => `{"n":${n},"title":"SEO-Managerin (m/w/d) in München","skills":["Sistrix"]}`;
    const body = Array.from({ length: 4000 }, (_, n) => line(n)).join(',');
    expect(Buffer.byteLength(body)).toBeGreaterThan(COMPRESS_OFF_THREAD_FROM);
    for (const encoding of ['br', 'gzip'] as const) {
      for (const input of [body, Buffer.from(body)]) {
        expect((await compressBodyOffThread(input, encoding)).equals(compressBody(input, encoding))).toBe(true);
      }
    }
  });

  it('gzips when asked, and negotiates *, x-gzip and quality values', () => {
    expect(zlib.gunzipSync(compressBody('hello', 'gzip')).toString()).toBe('hello');
    expect(acceptedEncoding('gzip, br')).toBe('br');
    expect(acceptedEncoding('x-gzip')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding(['deflate', 'br;q=0.5'])).toBe('br');
    expect(acceptedEncoding('deflate')).toBeNull();
    expect(acceptedEncoding('')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });

  it('negotiates the same after many distinct headers have filled and emptied its memo', () => {
    for (let i = 0; i < 300; i++) {
      expect(acceptedEncoding(`gzip;q=0.${(i % 9) + 1}, identity;q=0.0${i}`)).toBe('gzip');
      expect(acceptedEncoding(`deflate;q=${i}`)).toBeNull();
    }
    expect(acceptedEncoding('gzip, br')).toBe('br');
  });
});

describe('one compression path for every route', () => {
  let app: ApiInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('compresses the API, the docs and their files alike, in the encoding asked for', async () => {
    const urls = [
      '/jobs/api/job-search-results-list?per_page=50',
      '/jobs/api/openapi.json',
      '/docs/static/swagger-ui-bundle.js',
      '/docs/static/index.css',
    ];
    for (const url of urls) {
      for (const encoding of ['br', 'gzip'] as const) {
        const res = await app.inject({ url, headers: { 'accept-encoding': encoding } });
        const plain = await app.inject({ url });
        expect([url, res.statusCode, res.headers['content-encoding'], res.headers.vary]).toEqual([
          url,
          200,
          encoding,
          expect.stringMatching(/accept-encoding/i),
        ]);
        const body = encoding === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : zlib.gunzipSync(res.rawPayload);
        const timeless = (b: Buffer): string => b.toString('utf8').replace(/"duration_ms":\d+/u, '"duration_ms":0');
        expect([url, timeless(body) === timeless(plain.rawPayload)]).toEqual([url, true]);
        expect([url, plain.headers['content-encoding']]).toEqual([url, undefined]);
      }
    }
  });

  it('sizes the Brotli window of a body to it, on every route (compressBody)', async () => {
    const res = await app.inject({ url: '/jobs/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    const size = zlib.brotliDecompressSync(res.rawPayload).length;
    expect(brotliWindowBits(res.rawPayload)).toBe(Math.min(24, Math.max(10, Math.ceil(Math.log2(size + 1)))));
  });

  it('leaves small bodies, images and unaccepted encodings as they are', async () => {
    const small = await app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
    expect([small.headers['content-encoding'], small.headers.vary]).toEqual([undefined, 'accept-encoding']);
    const image = await app.inject({ url: '/docs/static/favicon-32x32.png', headers: { 'accept-encoding': 'br' } });
    expect([image.statusCode, image.headers['content-type'], image.headers['content-encoding']]).toEqual([
      200,
      'image/png',
      undefined,
    ]);
    const deflate = await app.inject({ url: '/jobs/api/openapi.json', headers: { 'accept-encoding': 'deflate' } });
    expect(deflate.headers['content-encoding']).toBeUndefined();
    expect(() => JSON.parse(deflate.body) as unknown).not.toThrow();
  });
});
