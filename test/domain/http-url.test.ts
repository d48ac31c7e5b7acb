import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isHttpUrl } from '../../src/domain/http-url.js';

/**
 * The plain reading: what the URL parser serialises (`new URL` throws on what it refuses) starts
 * with an http(s) scheme and a host. (Not `URL.canParse`: on Node 20, once optimised, it refuses
 * text with non-ASCII characters that `new URL` takes.)
 */
function parsed(text: string): boolean {
  try {
    return /^https?:\/\/[^/?#]/.test(new URL(text).href);
  } catch {
    return false;
  }
}

const urlLike = fc
  .array(
    fc.constantFrom(
      'http',
      'https',
      'HTTPS',
      'ftp',
      'javascript',
      'data',
      ':',
      '//',
      '/',
      'www.',
      'a',
      'example.com',
      '1.2.3.999',
      '[::1]',
      '?q=1',
      '#x',
      ' ',
      '%',
      '@',
      'ä',
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''));

describe('isHttpUrl', () => {
  it('answers what the URL parser answers', () => {
    fc.assert(
      fc.property(fc.oneof(urlLike, fc.string()), (text) => {
        expect(isHttpUrl(text)).toBe(parsed(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('takes absolute http(s) URLs with a host only', () => {
    expect(isHttpUrl('https://example.com/jobs/1')).toBe(true);
    expect(isHttpUrl('http://1.2.3.4')).toBe(true);
    expect(isHttpUrl('https://1.2.3.999')).toBe(false);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('/jobs/1')).toBe(false);
    expect(isHttpUrl('www.example.com')).toBe(false);
  });

  it('takes hosts with accented letters however often it is asked', () => {
    // Flat strings, as JSON.parse makes them: the ones URL.canParse refused once optimised.
    const urls = ['https://www.müller.de/jobs', 'https://café.es/empleo', 'https://example.com/jobs'];
    let taken = 0;
    for (let i = 0; i < 60_000; i++) if (isHttpUrl(urls[i % urls.length]!)) taken += 1;
    expect(taken).toBe(60_000);
  });
});
