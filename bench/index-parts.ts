/**
 * A saved index read back as the service serves it (its cards left in the file), measured: resident
 * memory and heap once ready (after a full collection), what each structure of the segment holds
 * (typed arrays exactly, other objects estimated), and uncached in-process latency of filter data
 * and list page 1 on a query mix drawn from the store's first live postings. A measurement, not a test.
 *
 *   node --expose-gc --import tsx bench/index-parts.ts --index /tmp/1m.index --db bench/.cache/corpus-v1-n1000000-s1.db [--now bench] [--queries 1000]
 *
 * The mix (bench/query-mix.ts) is drawn from the first `--sample` (50,000) live postings in stored
 * order, so the process holds the index and those postings only, whatever the store's size; the
 * index answers without its result caches (SearchIndex.keeping(index, 0)), as the service's does.
 */
import process from 'node:process';
import type { Job } from '../src/domain/job.js';
import { loadIndex } from '../src/search/index-file.js';
import { SearchIndex } from '../src/search/segments/search-index.js';
import { FileBytes } from '../src/lib/graph-file.js';
import { SqliteJobStore } from '../src/store/sqlite-store.js';
import { BENCH_NOW } from './corpus.js';
import { EngineSystem } from './engine-system.js';
import { measureOp, type OpStats } from './measure.js';
import { buildQueryMix } from './query-mix.js';
import { FACET_LIMIT, PER_PAGE } from './run-system.js';

const argv = process.argv.slice(2);
const option = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const file = option('--index');
const db = option('--db');
if (file === undefined)
  throw new Error('usage: index-parts.ts --index <file> [--db <store>] [--now <ms>|bench] [--queries N]');
const nowOption = option('--now') ?? 'bench';
const now = nowOption === 'bench' ? BENCH_NOW : Number(nowOption);
const queries = Number(option('--queries') ?? 1_000);
const sample = Number(option('--sample') ?? 50_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc');
const mb = (bytes: number): number => Math.round(bytes / 1e5) / 10;

const t0 = performance.now();
const loaded = loadIndex(file, () => true, { cardsOnDisk: true });
if (loaded === null) throw new Error(`${file}: no index`);
const readMs = performance.now() - t0;
const index = SearchIndex.keeping(loaded.index, 0);
gc();
const ready = process.memoryUsage();

/** Bytes a structure holds: its typed arrays exactly; strings, arrays, objects and Maps estimated. */
interface Tally {
  arrays: number;
  objects: number;
  /** Typed arrays, strings, array slots and Map/Set entries: how many things it is made of. */
  items: number;
}

const seen = new Set<object>();
function tally(value: unknown, into: Tally): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      into.objects += 16 + v.length;
      into.items += 1;
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (seen.has(v)) continue;
    seen.add(v);
    if (v instanceof FileBytes) continue; // left in the file
    if (ArrayBuffer.isView(v)) {
      into.arrays += v.byteLength;
      into.items += 1;
      continue;
    }
    if (v instanceof Map) {
      into.objects += 32 + v.size * 24;
      into.items += v.size;
      for (const [k, x] of v) stack.push(k, x);
      continue;
    }
    if (v instanceof Set) {
      into.objects += 32 + v.size * 16;
      into.items += v.size;
      for (const x of v) stack.push(x);
      continue;
    }
    if (Array.isArray(v)) {
      into.objects += 16 + v.length * 8;
      into.items += v.length;
      for (const x of v) stack.push(x);
      continue;
    }
    const keys = Object.keys(v);
    into.objects += 24 + keys.length * 8;
    for (const k of keys) stack.push((v as Record<string, unknown>)[k]);
  }
}

const segment = index.leaves[0]!.segment;
const parts: Record<string, { arraysMb: number; objectsMb: number; items: number }> = {};
const named: [string, unknown][] = [
  ...Object.entries(segment.engine).map(([k, v]): [string, unknown] => [`engine.${k}`, v]),
  ...Object.entries(segment)
    .filter(([k]) => k !== 'engine')
    .map(([k, v]): [string, unknown] => [k, v]),
];
// Largest first, so that a structure shared by two is counted with the larger (seen once).
for (const [name, value] of named) {
  const t: Tally = { arrays: 0, objects: 0, items: 0 };
  tally(value, t);
  parts[name] = { arraysMb: mb(t.arrays), objectsMb: mb(t.objects), items: t.items };
}
const sorted = Object.fromEntries(
  Object.entries(parts)
    .filter(([, p]) => p.arraysMb + p.objectsMb >= 0.1)
    .sort(([, a], [, b]) => b.arraysMb + b.objectsMb - (a.arraysMb + a.objectsMb)),
);
seen.clear();

// The query mix, from the first live postings in stored order.
let latency: Record<string, OpStats> | null = null;
if (db !== undefined) {
  const store = new SqliteJobStore(db);
  const jobs: Job[] = [];
  for await (const chunk of store.liveChunks(now, 1_000)) {
    jobs.push(...chunk);
    if (jobs.length >= sample) break;
  }
  await store.close();
  const mix = buildQueryMix(jobs, { seed: 1, filters: queries, suggests: 0, warmup: 50 });
  jobs.length = 0;
  gc();
  const engine = new EngineSystem(index);
  const limits = { maxQueries: queries, budgetMs: 120_000 };
  const plan = (run: (f: (typeof mix.filters)[number]) => () => unknown) => ({
    items: mix.filters,
    warmup: mix.warmup.filters,
    run,
    groupOf: (q: (typeof mix.filters)[number]) => q.kind,
  });
  latency = {
    filterData: await measureOp(
      plan((q) => () => engine.facets(q.filter, FACET_LIMIT)),
      limits,
    ),
    list1: await measureOp(
      plan((q) => () => engine.list(q.filter, 1, PER_PAGE)),
      limits,
    ),
  };
  for (const s of Object.values(latency)) {
    delete s.slowest;
    delete s.p99ByGroup;
  }
}

console.log(
  JSON.stringify(
    {
      index: file,
      documents: index.size,
      fileMb: mb(loaded.bytes),
      readMs: Math.round(readMs),
      ready: { rssMb: mb(ready.rss), heapUsedMb: mb(ready.heapUsed), arrayBuffersMb: mb(ready.arrayBuffers) },
      parts: sorted,
      latency,
    },
    null,
    2,
  ),
);
process.exit(0);
