import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandUmlauts, stripAccents } from '../../src/domain/text-fold.js';

/** The fold as specified, without the ASCII shortcut. */
const reference = (text: string): string =>
  text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

describe('stripAccents', () => {
  it('folds case, accents and ß', () => {
    expect(stripAccents('München')).toBe('munchen');
    expect(stripAccents('Málaga')).toBe('malaga');
    expect(stripAccents('STRAßE')).toBe('strasse');
    expect(stripAccents('SEO Manager')).toBe('seo manager');
    // Non-ASCII that lower-cases to ASCII (Kelvin sign), and ASCII with a combining mark after it.
    expect(stripAccents('\u212a')).toBe('k');
    expect(stripAccents('e\u0301')).toBe('e');
    expect(expandUmlauts('Düsseldorf')).toBe('duesseldorf');
  });

  it('is the full fold for any text, ASCII or not', () => {
    const chars = fc.constantFrom('a', 'Z', ' ', '-', '1', 'ä', 'É', 'ß', 'ñ', '\u0301', '\u212a', 'İ', 'Σ', '\u00a0');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(chars).map((c) => c.join('')),
        ),
        (text) => {
          expect(stripAccents(text)).toBe(reference(text));
        },
      ),
    );
  });
});
