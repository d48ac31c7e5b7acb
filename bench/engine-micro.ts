/**
 * Micro-benchmark of the search engine in process: build time, heap, and median/p99 latency per
 * operation over distinct (uncached) queries, plus a repeated (cached) query.
 *
 *   node --expose-gc --import tsx bench/engine-micro.ts [--count 100000] [--words 60] [--realistic]
 *
 * The corpus is synthetic builder jobs (seeded), or with --realistic the demo generator's postings
 * enriched in memory (as an import would store them).
 */
import { parseArgs } from 'node:util';
import type { Job } from '../src/domain/job.js';
import type { JobFilter } from '../src/domain/query.js';
import { DEFAULT_SALARY_BUCKETS } from '../src/domain/salary-buckets.js';
import { SearchIndex } from '../src/search/search-index.js';
import { below, pick, rnd, syntheticJobs, word } from './engine-micro-corpus.js';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    words: { type: 'string', default: '60' },
    queries: { type: 'string', default: '400' },
    realistic: { type: 'boolean', default: false },
  },
});
const NOW = Date.UTC(2026, 10, 15);
async function loadJobs(): Promise<Job[]> {
  const count = Number(values.count);
  if (!values.realistic) return syntheticJobs(count, Number(values.words));
  const { generatePostings } = await import('../src/ingest/generate.js');
  const { enrichRecord } = await import('../src/ingest/enrich.js');
  const jobs: Job[] = [];
  for (const record of generatePostings({ count, seed: 1, now: NOW })) {
    const r = enrichRecord(record, { source: 'bench', now: NOW });
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
    () => ({ keywords: pick(j.searchText.split(' ').filter((w) => w.length > 3)) ?? 'seo' }),
  ];
  return Object.assign({}, ...Array.from({ length: facets }, () => pick(options)())) as JobFilter;
}

function quantiles(times: number[]): string {
  times.sort((a, b) => a - b);
  const q = (p: number): string => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(3).padStart(8);
  return `median ${q(0.5)} p99 ${q(0.99)} max ${q(1)}`;
}

/** Wall and CPU time per call (CPU time is what a busy shared machine distorts least). */
function time(label: string, runs: number, fn: (i: number) => void): void {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    fn(i);
    wall.push(performance.now() - t);
    const u = process.cpuUsage(c);
    cpu.push((u.user + u.system) / 1000);
  }
  console.log(`${label.padEnd(26)} wall ${quantiles(wall)} | cpu ${quantiles(cpu)} ms`);
}

function heapMb(): string {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return `heap ${(m.heapUsed / 1e6).toFixed(0)} MB, external+buffers ${((m.external + m.arrayBuffers) / 1e6).toFixed(0)} MB, rss ${(m.rss / 1e6).toFixed(0)} MB`;
}

async function main(): Promise<void> {
  const jobs = await loadJobs();
  console.log(`jobs loaded: ${jobs.length}; ${heapMb()}`);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const index = SearchIndex.build(jobs, { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW, tuning: { cacheSize: 0 } });
  const c1 = process.cpuUsage(c0);
  const buildCpu = ((c1.user + c1.system) / 1000).toFixed(0);
  console.log(`build: wall ${(performance.now() - t0).toFixed(0)} ms, cpu ${buildCpu} ms for ${index.size} live jobs; ${heapMb()}`);
  const runs = Number(values.queries);
  const filters = Array.from({ length: runs }, (_, i) => randomFilter(jobs, i % 4));
  for (const f of filters.slice(0, 50)) index.facets({ filter: f, mode: 'conjunctive', facetLimit: 100 }); // warm up
  time('count', runs, (i) => index.count(filters[i]!));
  time('list page 1 (date desc)', runs, (i) => index.list({ filter: filters[i]!, sort: 'date', order: 'desc', page: 1, perPage: 20 }));
  time('list page 50 (salary asc)', runs, (i) => index.list({ filter: filters[i]!, sort: 'salary', order: 'asc', page: 50, perPage: 20 }));
  time('list page 1 (relevance)', runs, (i) => index.list({ filter: filters[i]!, sort: 'relevance', order: 'desc', page: 1, perPage: 20 }));
  time('facets conjunctive', runs, (i) => index.facets({ filter: filters[i]!, mode: 'conjunctive', facetLimit: 100 }));
  time('facets disjunctive', runs, (i) => index.facets({ filter: filters[i]!, mode: 'disjunctive', facetLimit: 100 }));
  time('facets no filter', 50, () => index.facets({ filter: {}, mode: 'conjunctive', facetLimit: 100 }));
  const prefixes = Array.from({ length: runs }, () => { const w = word(1); return w.slice(0, 1 + below(3)); });
  time('suggest locations', runs, (i) => index.suggestLocations(prefixes[i]!, 10));
  time('suggest companies', runs, (i) => index.suggestCompanies(prefixes[i]!, 10));
  const cachedIndex = SearchIndex.build(jobs, { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW });
  const request = { filter: filters[7]!, mode: 'conjunctive', facetLimit: 100 } as const;
  time('facets repeated (cache)', runs, () => cachedIndex.facets(request));
  const page = { filter: filters[7]!, sort: 'date', order: 'desc', page: 1, perPage: 20 } as const;
  time('list repeated (cache)', runs, () => cachedIndex.list(page));
  time('suggest repeated (cache)', runs, () => cachedIndex.suggestLocations('b', 10));
  console.log(heapMb());
}

await main();
