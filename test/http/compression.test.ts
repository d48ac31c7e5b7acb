import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, compressBody } from '../../src/http/compression.js';

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

  it('gzips when asked, and negotiates as the compression plugin does', () => {
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
