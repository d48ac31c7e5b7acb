import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forEachWordStart, isWordChar, scanWords, wordsOf } from '../../../src/search/text/tokenize.js';

/** Words by the rule: maximal runs of letters, digits and combining marks, over code points. */
const plainWords = (text: string): string[] => text.match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];

/** FNV-1a over a word's UTF-16 code units, written plainly. */
function fnv1a(word: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193);
  return hash;
}

/**
 * Pieces of text: ASCII, Latin letters with and without combining marks, digits of other scripts,
 * letters outside the Basic Multilingual Plane (two code units each: mathematical bold, CJK
 * extension B, the ends of the surrogate ranges), an emoji (two code units, not a letter) and separators of several kinds.
 */
const PIECES = [
  'a',
  'Z',
  '7',
  ' ',
  '-',
  '_',
  '/',
  'ü',
  'ß',
  'é',
  'e\u0301',
  '١',
  '𝐀',
  '𠀀',
  // The first and the last code unit of each surrogate range: U+10000 (D800 DC00), U+203FF (D840 DFFF).
  '\u{10000}',
  '\u{203FF}',
  '😀',
  '\u00a0',
  '\u3000',
  '’',
  'Ж',
  '\u200b',
];
const textArb = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((parts) => parts.join('')),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);

// First in the file: the character classes are learnt as texts are read, and these characters
// must be met here for the first time.
describe('isWordChar (the keyword index reads words with it)', () => {
  it('tells a character never met before: a separator is not part of a word, a letter is', () => {
    for (const [text, i, word] of [
      ['a\u2e3ab', 1, false], // TWO-EM DASH
      ['a\u2016b', 1, false], // DOUBLE VERTICAL LINE
      ['a\u2042', 1, false], // ASTERISM
      ['a\u01c5', 1, true], // Dž, a titlecase letter
      ['a\u0d15', 1, true], // a Malayalam letter
    ] as const) {
      expect(isWordChar(text, i, text.charCodeAt(i)), text).toBe(word);
      // and the same once it is known
      expect(isWordChar(text, i, text.charCodeAt(i)), text).toBe(word);
    }
  });
});

describe('words of a text', () => {
  it('are the maximal runs of letters, digits and marks, code points beyond 16 bits included', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        expect(wordsOf(text)).toEqual(plainWords(text));
      }),
      { numRuns: 400 },
    );
  });

  it('start where the words start, and carry the FNV-1a hash of their code units', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        const spans: [number, number, number][] = [];
        scanWords(text, (start, end, hash) => spans.push([start, end, hash]));
        const starts: number[] = [];
        forEachWordStart(text, (start) => starts.push(start));
        const want: [number, number, number][] = [];
        for (const m of text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) want.push([m.index, m.index + m[0].length, fnv1a(m[0])]);
        expect(spans).toEqual(want);
        expect(starts).toEqual(want.map(([start]) => start));
      }),
      { numRuns: 400 },
    );
  });

  it('examples: an emoji separates, a letter beyond 16 bits joins', () => {
    expect(wordsOf('Java😀Script 𝐀𝐈-Team x𠀀y')).toEqual(['Java', 'Script', '𝐀𝐈', 'Team', 'x𠀀y']);
  });
});
