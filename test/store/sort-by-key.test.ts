import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCodePoints, sortByKey } from '../../src/store/sort-by-key.js';
import { job } from '../builders.js';

const utf8Order = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

describe('sortByKey', () => {
  it('orders keys as their UTF-8 bytes order, whatever characters they hold', () => {
    const keys = fc.array(fc.string({ unit: 'grapheme', maxLength: 6 }), { maxLength: 30 });
    fc.assert(
      fc.property(keys, (ks) => {
        const sorted = sortByKey(ks.map((key) => job({ key }))).map((j) => j.key);
        expect(sorted).toEqual([...ks].sort(utf8Order));
      }),
    );
  });

  it('puts a character above U+FFFF after one just below it', () => {
    expect(sortByKey([job({ key: '😀' }), job({ key: 'ｚ' }), job({ key: 'a' })]).map((j) => j.key)).toEqual([
      'a',
      'ｚ',
      '😀',
    ]);
  });
});

describe('sortByKey at the edges of the code-unit ranges', () => {
  // Drawn strings seldom hold these exact units: the last low surrogate and the first unit past
  // the surrogates are where the rank of a code unit changes.
  it.each([
    ['\u{1F400}', '\u{1F7FF}'], // the same high surrogate, low surrogates DC00 and DFFF
    ['\uE000', '\uE001'],
    ['\uD7FF', '\uE000'],
    ['\uFFFF', '\u{10000}'],
  ])('puts %s before %s', (first, second) => {
    expect(sortByKey([job({ key: second }), job({ key: first })]).map((j) => j.key)).toEqual([first, second]);
    expect(Math.sign(compareCodePoints(first, second))).toBe(-1);
    expect(Math.sign(compareCodePoints(second, first))).toBe(1);
  });

  it('orders hundreds of plain keys from any arrival order', () => {
    const keys = Array.from({ length: 600 }, (_, i) => `k:${String((i * 7919) % 600).padStart(3, '0')}`);
    const sorted = sortByKey(keys.map((key) => job({ key }))).map((j) => j.key);
    expect(sorted).toEqual(Array.from({ length: 600 }, (_, i) => `k:${String(i).padStart(3, '0')}`));
    expect(sortByKey(keys.reverse().map((key) => job({ key }))).map((j) => j.key)).toEqual(sorted);
  });
});

describe('compareCodePoints', () => {
  it('agrees in sign with UTF-8 byte order', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) => {
        expect(Math.sign(compareCodePoints(a, b))).toBe(Math.sign(utf8Order(a, b)));
      }),
    );
  });
});
