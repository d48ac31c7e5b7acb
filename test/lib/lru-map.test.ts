import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LruMap, RecencyMap } from '../../src/lib/lru-map.js';

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

describe('RecencyMap', () => {
  type Op =
    | { kind: 'get'; key: number }
    | { kind: 'peek'; key: number }
    | { kind: 'delete'; key: number }
    | { kind: 'set'; key: number; value: number }
    | { kind: 'clear' };
  const key = fc.integer({ min: 0, max: 7 });
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('get' as const), key }),
    fc.record({ kind: fc.constant('peek' as const), key }),
    fc.record({ kind: fc.constant('delete' as const), key }),
    fc.record({ kind: fc.constant('set' as const), key, value: fc.integer() }),
    fc.record({ kind: fc.constant('clear' as const) }),
  );

  it('keeps the order of last use like a list of keys moved to its end (property)', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const map = new RecencyMap<number, number>();
        // The model: [key, value] pairs, least recently used first.
        let model: [number, number][] = [];
        const find = (k: number): number => model.findIndex(([mk]) => mk === k);
        for (const o of ops) {
          if (o.kind === 'clear') {
            map.clear();
            model = [];
            continue;
          }
          const at = find(o.key);
          if (o.kind === 'get') {
            const expected = at < 0 ? undefined : model[at]![1];
            if (at >= 0) model.push(model.splice(at, 1)[0]!);
            expect(map.get(o.key)).toBe(expected);
          } else if (o.kind === 'peek') {
            expect(map.peek(o.key)).toBe(at < 0 ? undefined : model[at]![1]);
          } else if (o.kind === 'delete') {
            if (at >= 0) model.splice(at, 1);
            expect(map.delete(o.key)).toBe(at >= 0);
          } else {
            if (at >= 0) model.splice(at, 1);
            model.push([o.key, o.value]);
            map.set(o.key, o.value);
          }
          expect(map.size).toBe(model.length);
          expect(map.oldestKey()).toBe(model[0]?.[0]);
        }
        // The whole order, oldest first: take the oldest away one at a time.
        const order: number[] = [];
        for (let k = map.oldestKey(); k !== undefined; k = map.oldestKey()) {
          order.push(k);
          map.delete(k);
        }
        expect(order).toEqual(model.map(([k]) => k));
      }),
      { numRuns: 300 },
    );
  });
});
