import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WordTable } from '../../../src/search/postings/word-table.js';

/** FNV-1a over the UTF-16 code units, as the keyword index hashes a word. */
function fnv(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
  return h | 0; // an int32, as Math.imul gives (the empty word: the offset basis itself)
}

/**
 * Looks each word up as a slice of a longer text (a prefix and a suffix around it) and adds it
 * when missing, against a Map doing the same: every lookup must give the Map's value.
 */
function checkAgainstMap(words: readonly string[], hash: (w: string) => number): void {
  const table = new WordTable();
  const plain = new Map<string, number>();
  words.forEach((word, i) => {
    const text = `#${i}#${word}~`;
    const start = text.indexOf('#', 1) + 1;
    const end = start + word.length;
    const h = hash(word);
    const e = table.find(text, start, end, h);
    const known = plain.get(word);
    expect([word, e < 0 ? undefined : table.value(e)]).toEqual([word, known]);
    if (e < 0) {
      const added = table.add(text, start, end, h, i * 3 - 7);
      plain.set(word, i * 3 - 7);
      expect(table.value(added)).toBe(i * 3 - 7);
      expect(table.value(table.find(text, start, end, h))).toBe(i * 3 - 7);
    }
  });
  // Every word once more, after all the growth.
  for (const [word, value] of plain) {
    const e = table.find(word, 0, word.length, hash(word));
    expect([word, e < 0 ? undefined : table.value(e)]).toEqual([word, value]);
  }
}

const wordArb = fc.string({ unit: fc.constantFrom('a', 'b', 'ä', 'ß', '1', 'z'), maxLength: 6 });

describe('the word table', () => {
  it('finds what was added and nothing else, with a real hash, a constant one and a two-valued one', () => {
    fc.assert(
      fc.property(fc.array(wordArb, { maxLength: 120 }), (words) => {
        checkAgainstMap(words, fnv);
        checkAgainstMap(words, () => 7);
        checkAgainstMap(words, (w) => (w.length % 2 === 0 ? -1 : 0x7fffffff));
      }),
      { numRuns: 200 },
    );
  });

  it('keeps every word through the growth of its slots, entries and character pool', () => {
    // 6,000 distinct words of 4 to 9 characters: past 2,048 entries, 4,096 slots and 16,384 characters.
    const words = Array.from({ length: 6000 }, (_, i) => `w${i.toString(36)}${'x'.repeat(i % 5)}`);
    checkAgainstMap([...words, ...words.slice(0, 500)], fnv);
  });

  it('keeps a word longer than twice its character pool', () => {
    // The pool starts at 16,384 characters and doubles until the word fits.
    checkAgainstMap(['a'.repeat(40_000), 'b', 'a'.repeat(39_999), 'a'.repeat(40_000)], fnv);
  });

  it('tells apart words of the same hash and length, and a word from its prefix', () => {
    checkAgainstMap(['ab', 'ba', 'abc', 'a', 'ab', '', 'ba', '', 'abd'], () => 42);
  });
});
