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

describe('compareCodePoints', () => {
  it('agrees in sign with UTF-8 byte order', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) => {
        expect(Math.sign(compareCodePoints(a, b))).toBe(Math.sign(utf8Order(a, b)));
      }),
    );
  });
});
