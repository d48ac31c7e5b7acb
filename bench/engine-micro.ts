/**
 * Micro-benchmark of the search engine in process: build time, heap, and median/p99 latency per
 * operation over distinct (uncached) queries, plus a repeated (cached) query.
 *
 *   node --expose-gc --import tsx bench/engine-micro.ts [--count 100000] [--words 60] [--realistic] [--repeat 3]
 *
 * --repeat k runs every (distinct) query k times on an index without result cache and keeps the
 * fastest: on a shared machine that filters out the noise of other processes, not the cost.
 *
 * The corpus is synthetic builder jobs (seeded), or with --realistic the demo generator's postings
 * enriched in memory (as an import would store them).
 */
import { parseArgs } from 'node:util';
import type { Job } from '../src/domain/job.js';
import type { JobFilter } from '../src/domain/query.js';
import { DEFAULT_SALARY_BUCKETS } from '../src/domain/salary-buckets.js';
import { SearchIndex } from '../src/search/segments/search-index.js';
import { below, pick, rnd, syntheticJobs, word } from './engine-micro-corpus.js';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    words: { type: 'string', default: '60' },
    queries: { type: 'string', default: '400' },
    realistic: { type: 'boolean', default: false },
    repeat: { type: 'string', default: '1' },
  },
});
const NOW = Date.UTC(2026, 10, 15);
async function loadJobs(): Promise<Job[]> {
  const count = Number(values.count);
  if (!values.realistic) return syntheticJobs(count, Number(values.words));
  const { generatePostings } = await import('../src/demo/generate.js');
  const { recordToJob } = await import('../src/ingest/record-to-job.js');
  const jobs: Job[] = [];
  for (const record of generatePostings({ count, seed: 1, now: NOW })) {
    const r = recordToJob(record, { source: 'bench', now: NOW });
    if (r.ok) jobs.push(r.job);
  }
  return jobs;
}

function randomFilter(jobs: readonly Job[], facets: number): JobFilter {
  const j = pick(jobs);
  const options: (() => JobFilter)[] = [
    () => ({ workModel: j.workModel ?? 'remote' }),
    () => ({ position: j.position.slug }),
    () => ({ seniority: j.seniority ?? 'mid' }),
    () => ({ employmentType: j.employmentType ?? 'full-time' }),
    () => ({ skill: j.skills[0]?.slug ?? 'x' }),
    () => ({ location: pick([j.places[0]?.city?.slug, j.places[0]?.region?.slug, j.places[0]?.country?.slug]) ?? 'x' }),
    () => ({ company: j.company.name }),
    () => ({ industry: j.industry ?? 'x' }),
    () => ({ seo: rnd() < 0.8 }),
    () => ({ remotePercentageMin: pick([20, 40, 60, 80, 100]) }),
    () => ({ salaryRange: pick(['0-40000', '40000-60000', '60000-80000', '80000+']) }),
    () => ({ location: j.places[0]?.city?.slug ?? 'x', radiusKm: pick([10, 25, 50, 100]) }),
    () => {
      const words = j.searchText.split(' ').filter((w) => w.length > 3);
      return { keywords: words.length > 0 ? pick(words) : 'seo' };
    },
  ];
  return Object.assign({}, ...Array.from({ length: facets }, () => pick(options)())) as JobFilter;
}

function quantiles(times: number[]): string {
  times.sort((a, b) => a - b);
  const q = (p: number): string =>
    times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(3).padStart(8);
  return `median ${q(0.5)} p99 ${q(0.99)} max ${q(1)}`;
}

/** Wall and CPU time per call (CPU time is what a busy shared machine distorts least). */
function time(label: string, runs: number, fn: (i: number) => void): void {
  const wall: number[] = [];
  const cpu: number[] = [];
  const repeat = Number(values.repeat);
  for (let i = 0; i < runs; i++) {
    let [bestWall, bestCpu] = [Infinity, Infinity];
    for (let r = 0; r < repeat; r++) {
      const c = process.cpuUsage();
      const t = performance.now();
      fn(i);
      bestWall = Math.min(bestWall, performance.now() - t);
      const u = process.cpuUsage(c);
      bestCpu = Math.min(bestCpu, (u.user + u.system) / 1000);
    }
    wall.push(bestWall);
    cpu.push(bestCpu);
  }
  console.log(`${label.padEnd(26)} wall ${quantiles(wall)} | cpu ${quantiles(cpu)} ms`);
}

function heapMb(): string {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  return `heap used ${(m.heapUsed / 1e6).toFixed(0)} MB, array buffers ${(m.arrayBuffers / 1e6).toFixed(0)} MB, rss ${(m.rss / 1e6).toFixed(0)} MB`;
}

/** Distinct random filters (so that no timed call is answered from the index's cache). */
function distinctFilters(jobs: readonly Job[], runs: number): JobFilter[] {
  const seen = new Map<string, JobFilter>();
  for (let i = 0; seen.size < runs && i < runs * 20; i++) {
    const f = randomFilter(jobs, i % 4);
    seen.set(JSON.stringify(f), f);
  }
  return [...seen.values()];
}

async function main(): Promise<void> {
  const jobs = await loadJobs();
  console.log(`jobs loaded: ${jobs.length}; ${heapMb()}`);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const repeated = Number(values.repeat) > 1;
  const index = SearchIndex.build(jobs, {
    salaryBuckets: DEFAULT_SALARY_BUCKETS,
    now: NOW,
    tuning: repeated ? { cacheSize: 0 } : {},
  });
  const c1 = process.cpuUsage(c0);
  const buildCpu = ((c1.user + c1.system) / 1000).toFixed(0);
  console.log(
    `build: wall ${(performance.now() - t0).toFixed(0)} ms, cpu ${buildCpu} ms for ${index.size} live jobs; ${heapMb()}`,
  );
  const runs = Number(values.queries);
  // Warm-up (JIT) with requests that the timed runs do not repeat.
  const warm = distinctFilters(jobs, 50);
  for (const f of warm) {
    index.facets({ filter: f, mode: 'disjunctive', facetLimit: 99 });
    index.facets({ filter: f, mode: 'conjunctive', facetLimit: 99 });
    index.list({ filter: f, sort: 'relevance', order: 'asc', page: 2, perPage: 19 });
    index.list({ filter: f, sort: 'date', order: 'asc', page: 40, perPage: 19 });
  }
  const warmPrefixes = new Set(Array.from({ length: 60 }, () => word(1).slice(0, 1 + below(3))));
  for (const q of warmPrefixes) {
    index.suggestLocations(q, 9);
    index.suggestCompanies(q, 9);
  }
  const over = (label: string, fn: (f: JobFilter) => unknown): void => {
    const filters = distinctFilters(jobs, runs);
    time(label, filters.length, (i) => fn(filters[i]!));
  };
  over('count', (f) => index.count(f));
  over('list page 1 (date desc)', (f) => index.list({ filter: f, sort: 'date', order: 'desc', page: 1, perPage: 20 }));
  over('list page 50 (salary asc)', (f) =>
    index.list({ filter: f, sort: 'salary', order: 'asc', page: 50, perPage: 20 }),
  );
  over('list page 1 (relevance)', (f) =>
    index.list({ filter: f, sort: 'relevance', order: 'desc', page: 1, perPage: 20 }),
  );
  over('facets conjunctive', (f) => index.facets({ filter: f, mode: 'conjunctive', facetLimit: 100 }));
  over('facets disjunctive', (f) => index.facets({ filter: f, mode: 'disjunctive', facetLimit: 100 }));
  const drawn = new Set(Array.from({ length: runs * 4 }, () => word(1).slice(0, 1 + below(3))));
  const prefixes = [...drawn].filter((q) => !warmPrefixes.has(q));
  time('suggest locations', prefixes.length, (i) => index.suggestLocations(prefixes[i]!, 10));
  time('suggest companies', prefixes.length, (i) => index.suggestCompanies(prefixes[i]!, 10));
  if (repeated) return;
  const request = { filter: warm[7]!, mode: 'conjunctive', facetLimit: 100 } as const;
  time('facets repeated (cache)', runs, () => index.facets(request));
  const page = { filter: warm[7]!, sort: 'date', order: 'desc', page: 1, perPage: 20 } as const;
  time('list repeated (cache)', runs, () => index.list(page));
  time('suggest repeated (cache)', runs, () => index.suggestLocations('b', 10));
  console.log(heapMb());
}

await main();
