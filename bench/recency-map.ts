/**
 * A hit's cost in an order of use, one key used again and again among `--size` entries: a Map
 * whose hit re-inserts the key (delete, then set: the usual way) against RecencyMap
 * (src/lib/lru-map.ts), `--hits` hits in rounds of 2,000, nanoseconds per hit in each round.
 *
 *   npx tsx bench/recency-map.ts [--size 10000] [--hits 16000]
 */
import { parseArgs } from 'node:util';
import { RecencyMap } from '../src/lib/lru-map.js';

const { values } = parseArgs({
  options: { size: { type: 'string', default: '10000' }, hits: { type: 'string', default: '16000' } },
});
const size = Number(values.size);
const hits = Number(values.hits);
const ROUND = 2_000;

function rounds(name: string, hit: (key: string) => void): void {
  const key = `k${size >> 1}`;
  const perRound: number[] = [];
  for (let done = 0; done < hits; done += ROUND) {
    const t0 = performance.now();
    for (let i = 0; i < ROUND; i++) hit(key);
    perRound.push(Math.round(((performance.now() - t0) * 1e6) / ROUND));
  }
  console.log(`${name.padEnd(24)} ns per hit, rounds of ${ROUND}: ${perRound.join(' ')}`);
}

const map = new Map<string, number>();
for (let i = 0; i < size; i++) map.set(`k${i}`, i);
rounds('Map, re-inserted', (key) => {
  const value = map.get(key)!;
  map.delete(key);
  map.set(key, value);
});

const recency = new RecencyMap<string, number>();
for (let i = 0; i < size; i++) recency.set(`k${i}`, i);
rounds('RecencyMap', (key) => {
  recency.get(key);
});
