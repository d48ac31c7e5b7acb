/**
 * Filter data of the served mix in process: the route's index call (`facetsAsRead`, conjunctive,
 * `facet_limit` 100) over the filter-data URLs' filters of `bench/latency-split.ts` (the mix drawn
 * from the store's first live postings), on the index saved by an earlier run (`--index`; built from
 * the store and saved there when missing). Each query's least CPU time over `--rounds` rounds (a
 * round runs the whole list, so the engine's keyword cache holds none of a query's matches), then
 * p50 / p90 / p99 / max overall and per kind, and the slowest queries with their match sizes.
 * A measurement, not a test.
 *
 *   NODE_OPTIONS=--max-old-space-size=8192 node --import tsx bench/facets-mix.ts --db <store> --index /tmp/x.index [--queries 4000] [--rounds 3] [--slowest 20]
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Job } from '../src/domain/job.js';
import { DEFAULT_SALARY_BUCKETS } from '../src/domain/salary-buckets.js';
import { indexFormat, loadIndex, saveIndex } from '../src/search/index-file.js';
import { interpretFilter } from '../src/search/query/interpret.js';
import { SearchIndex } from '../src/search/segments/search-index.js';
import { SqliteJobStore } from '../src/store/sqlite-store.js';
import { BENCH_NOW } from './corpus.js';
import { quantile } from './measure.js';
import { buildQueryMix, type FilterQuery } from './query-mix.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    index: { type: 'string' },
    now: { type: 'string', default: 'bench' },
    queries: { type: 'string', default: '4000' },
    rounds: { type: 'string', default: '3' },
    slowest: { type: 'string', default: '20' },
  },
});
if (values.db === undefined || values.index === undefined) throw new Error('--db <store> --index <file> are required');
const now = values.now === 'bench' ? BENCH_NOW : values.now === 'today' ? Date.now() : Number(values.now);
const MIX_SOURCE = 50_000;

async function indexOf(db: string, file: string): Promise<SearchIndex> {
  if (!existsSync(file)) {
    const store = new SqliteJobStore(db);
    const built = await SearchIndex.buildStreaming(store.liveChunks(now), {
      salaryBuckets: DEFAULT_SALARY_BUCKETS,
      now,
    });
    await store.close();
    const format = indexFormat({ salaryBuckets: DEFAULT_SALARY_BUCKETS });
    saveIndex(file, built, { format, storeId: 'bench', cursor: 0, builtAt: now, documents: built.size });
  }
  const loaded = loadIndex(file, () => true, { cardsOnDisk: true });
  if (loaded === null) throw new Error(`${file}: no index`);
  return SearchIndex.keeping(loaded.index, 0);
}

async function mixOf(db: string): Promise<FilterQuery[]> {
  const store = new SqliteJobStore(db);
  const jobs: Job[] = [];
  for await (const chunk of store.liveChunks(now)) {
    jobs.push(...chunk);
    if (jobs.length >= MIX_SOURCE) break;
  }
  await store.close();
  return buildQueryMix(jobs, { seed: 1, filters: Number(values.queries), suggests: 0, warmup: 10 }).filters;
}

function cpuMs(run: () => void): number {
  const t = process.cpuUsage();
  run();
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1000;
}

function stats(xs: readonly number[]): string {
  const s = Float64Array.from(xs).sort();
  const at = (q: number): string => quantile(s, q).toFixed(2);
  const sum = xs.reduce((a, b) => a + b, 0);
  return `p50 ${at(0.5)} p90 ${at(0.9)} p99 ${at(0.99)} max ${at(1)} sum ${Math.round(sum)} (${xs.length})`;
}

const index = await indexOf(values.db, values.index);
const mix = await mixOf(values.db);
const request = (q: FilterQuery) => ({ filter: q.filter, mode: 'conjunctive' as const, facetLimit: 100 });
for (const q of mix.slice(0, 50)) index.facetsAsRead(request(q));
const best = new Float64Array(mix.length).fill(Infinity);
for (let r = 0; r < Number(values.rounds); r++) {
  mix.forEach((q, i) => {
    best[i] = Math.min(
      best[i]!,
      cpuMs(() => index.facetsAsRead(request(q))),
    );
  });
}
const times = Array.from(best);
console.log(`all: ${stats(times)}`);
for (const kind of new Set(mix.map((q) => q.kind))) {
  console.log(`${kind}: ${stats(times.filter((_, i) => mix[i]!.kind === kind))}`);
}
const order = times.map((t, i) => i).sort((a, b) => times[b]! - times[a]!);
for (const i of order.slice(0, Number(values.slowest))) {
  const q = mix[i]!;
  const read = interpretFilter(index, q.filter).filter;
  console.log(`${times[i]!.toFixed(2)} ms ${q.kind} matches ${index.count(read)} ${JSON.stringify(q.filter)}`);
}
