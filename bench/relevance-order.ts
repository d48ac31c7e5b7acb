/**
 * A list page of keyword queries by date against by relevance (the API's default order when q is
 * given), in process over a corpus of the bench: the mix's first 300 keyword filters, read as the API
 * reads them, two rounds, medians and tails. Not a test: a measurement.
 *
 *   npx tsx bench/relevance-order.ts bench/.cache/corpus-v1-n1000000-s1.db
 *
 * PREPARE=1 first makes the orders by impact the index worker makes ahead (SearchIndex.impactSteps),
 * and reports their time, longest step and memory (with --expose-gc, the heap and buffers they add).
 */
import { DEFAULT_SALARY_BUCKETS } from '../src/domain/salary-buckets.js';
import { buildStreaming } from '../src/runtime/live-index.js';
import { SqliteJobStore } from '../src/store/sqlite-store.js';
import { interpretFilter } from '../src/search/query/interpret.js';
import { buildQueryMix } from './query-mix.js';
import { BENCH_NOW } from './corpus.js';
import { queryPosition } from '../src/search/text/word-forms.js';
import { wordsOf } from '../src/search/text/tokenize.js';
import { cachedBytesOf, keptBytesOf } from '../src/search/query/impact-walk.js';
const path = process.argv[2];
if (path === undefined)
  throw new Error(
    'usage: npx tsx bench/relevance-order.ts <a corpus store, e.g. bench/.cache/corpus-v1-n1000000-s1.db>',
  );
const store = new SqliteJobStore(path);
const jobs = await store.loadLive(BENCH_NOW);
const mix = buildQueryMix(jobs, { seed: 1, filters: 3000, suggests: 10, warmup: 10 });
const kw = mix.filters.filter((f) => f.filter.keywords !== undefined).slice(0, 300);
const { index } = await buildStreaming(store, { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: BENCH_NOW });
console.log('built', index.size, 'keyword queries', kw.length);
if (process.env.PREPARE === '1') {
  // The orders by impact of the commonest title words' terms, made ahead as the index worker does.
  const keywords = index.leaves[0]!.segment.engine.keywords;
  global.gc?.();
  const heap = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const t0 = performance.now();
  // Its steps one by one: the longest is what a request arriving meanwhile could wait for.
  const steps = index.impactSteps();
  let longest = 0;
  let longestCpu = 0;
  for (let done = false; !done;) {
    const s0 = performance.now();
    const c0 = process.cpuUsage();
    done = steps.next().done === true;
    const cpu = process.cpuUsage(c0);
    longest = Math.max(longest, performance.now() - s0);
    longestCpu = Math.max(longestCpu, (cpu.user + cpu.system) / 1000);
  }
  const ms = performance.now() - t0;
  global.gc?.();
  const grown = (process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers - heap) / 2 ** 20;
  console.log(
    `prepared: ${ms.toFixed(0)} ms (longest step ${longest.toFixed(1)} ms, ${longestCpu.toFixed(1)} ms of CPU), orders kept ${(keptBytesOf(keywords) / 2 ** 20).toFixed(1)} MB of ${(cachedBytesOf(keywords) / 2 ** 20).toFixed(1)} MB, heap and buffers +${grown.toFixed(1)} MB`,
  );
}
for (const round of [1, 2])
  for (const sort of ['date', 'relevance'] as const) {
    const times: number[] = [];
    // Queries naming a position (`entwickler`, `SEO Manager`), one word and more.
    const named: { one: number[]; more: number[] } = { one: [], more: [] };
    for (const [i, q] of kw.entries()) {
      const f = interpretFilter(index, q.filter).filter;
      const t0 = performance.now();
      index.list({ filter: f, sort, order: 'desc', page: 1 + ((i + round) % 3), perPage: 20 });
      const t = performance.now() - t0;
      times.push(t);
      const text = f.keywords ?? '';
      if (queryPosition(text) !== null) (wordsOf(text).length === 1 ? named.one : named.more).push(t);
    }
    const line = (xs: number[]): string => {
      const s = [...xs].sort((a, b) => a - b);
      const q = (p: number) => s[Math.floor(p * (s.length - 1))]!.toFixed(2);
      return `median ${q(0.5)} ms, p90 ${q(0.9)}, p99 ${q(0.99)}, max ${q(1)}, mean ${(s.reduce((a, b) => a + b, 0) / s.length).toFixed(2)}`;
    };
    console.log(`round ${round} ${sort}: ${line(times)}`);
    for (const [k, xs] of Object.entries(named))
      if (xs.length > 0)
        console.log(`  naming a position, ${k} word${k === 'one' ? '' : 's'} (${xs.length}): ${line(xs)}`);
  }
await store.close();
