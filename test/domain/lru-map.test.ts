import { describe, expect, it } from 'vitest';
import { LruMap } from '../../src/domain/lru-map.js';

describe('LruMap', () => {
  it('forgets the least recently used entry, a hit counting as a use', () => {
    const m = new LruMap<string, number>(2);
    m.set('a', 1);
    m.set('b', 2);
    expect(m.get('a')).toBe(1);
    m.set('c', 3);
    expect([m.get('a'), m.get('b'), m.get('c'), m.size]).toEqual([1, undefined, 3, 2]);
  });

  it('tells of each value it lets go: forgotten, replaced, or not kept at all', () => {
    const dropped: number[] = [];
    const m = new LruMap<string, number>(2, (v) => dropped.push(v));
    m.set('a', 1);
    m.set('b', 2);
    expect(dropped).toEqual([]);
    m.set('c', 3);
    expect(dropped).toEqual([1]);
    m.set('b', 20);
    expect(dropped).toEqual([1, 2]);
    m.set('b', 20);
    expect(dropped).toEqual([1, 2]);
    const none = new LruMap<string, number>(0, (v) => dropped.push(v));
    none.set('x', 9);
    expect([none.get('x'), dropped]).toEqual([undefined, [1, 2, 9]]);
  });
});
