import { describe, expect, it } from 'vitest';
import { sha1 } from '../../src/lib/sha1.js';

describe('sha1', () => {
  it('is the SHA-1 digest of the text (FIPS 180 test vector), in hex and base64', () => {
    expect(sha1('abc', 'hex')).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(sha1('abc', 'base64')).toBe('qZk+NkcGgWq6PiVxeFDCbJzQ2J0=');
  });

  it('hashes the UTF-8 bytes of non-ASCII text', () => {
    // The digest of the bytes c3 a4, not of the Latin-1 byte e4 (7e5c0f7a…).
    expect(sha1('ä', 'hex')).toBe('961fa22f61a56e19f3f5f8867901ac8cf5e6d11f');
  });
});
