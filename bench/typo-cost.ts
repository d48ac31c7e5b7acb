/**
 * The cost of keyword typo tolerance and of several values per filter, in process: the same
 * keyword queries (title words of the corpus) with typo tolerance on (the default) and off, the
 * same with one edit in a word (a typo), and a multi-select filter against its single-value parts.
 * Median and p99 of count + list page 1 + filter data per query, on an index without result cache;
 * each query runs `--repeat` times and keeps its fastest (noise of a shared machine).
 *
 *   node --import tsx bench/typo-cost.ts [--count 100000] [--queries 300] [--repeat 3]
 */
import { parseArgs } from 'node:util';
import type { Job } from '../src/domain/job.js';
import type { JobFilter } from '../src/domain/query.js';
import { DEFAULT_SALARY_BUCKETS } from '../src/domain/salary-buckets.js';
import { generatePostings } from '../src/demo/generate.js';
import { recordToJob } from '../src/ingest/record-to-job.js';
import { SearchIndex } from '../src/search/segments/search-index.js';
import { buildQueryMix } from './query-mix.js';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '300' },
    repeat: { type: 'string', default: '3' },
  },
});
const NOW = Date.UTC(2026, 0, 15, 12);
const count = Number(values.count);
const repeat = Number(values.repeat);

const jobs: Job[] = [];
for (const record of generatePostings({ count, seed: 1, now: NOW })) {
  const r = recordToJob(record, { source: 'bench', now: NOW });
  if (r.ok) jobs.push(r.job);
}
const t = performance.now();
const index = SearchIndex.build(jobs, { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW, tuning: { cacheSize: 0 } });
console.log(`${jobs.length} postings, index built in ${((performance.now() - t) / 1000).toFixed(1)} s`);

const mix = buildQueryMix(jobs, { seed: 1, filters: Number(values.queries) * 12, suggests: 10, warmup: 20 });
const ofKind = (kind: string): JobFilter[] => mix.filters.filter((q) => q.kind === kind).map((q) => q.filter);
const keywords = ofKind('keywords');
const groups: [string, JobFilter[]][] = [
  ['keywords, typo tolerance on', keywords],
  ['keywords, typo tolerance off (same queries)', keywords.map((f) => ({ ...f, typos: false }))],
  ['a word with one typo', ofKind('typo')],
  ['the same, typo tolerance off', ofKind('typo').map((f) => ({ ...f, typos: false }))],
  ['several values (multi-select)', ofKind('multi')],
  ['the first value of each dimension only', ofKind('multi').map(firstValues)],
];

function firstValues(f: JobFilter): JobFilter {
  const { anyOf, ...rest } = f;
  const out: JobFilter = { ...rest };
  for (const [field, vs] of Object.entries(anyOf ?? {})) (out as Record<string, unknown>)[field] = vs[0];
  return out;
}

function time(filter: JobFilter): number {
  let best = Infinity;
  for (let r = 0; r < repeat; r++) {
    const start = performance.now();
    index.count(filter);
    index.list({ filter, sort: 'relevance', order: 'desc', page: 1, perPage: 20 });
    index.facets({ filter, mode: 'disjunctive', facetLimit: 100 });
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};
for (const q of mix.warmup.filters) time(q.filter);
console.log(`| queries | n | median ms | p99 ms | matches (median) |`);
console.log(`|---|---:|---:|---:|---:|`);
for (const [name, filters] of groups) {
  const ms = filters.map(time);
  const found = filters.map((f) => index.count(f));
  console.log(
    `| ${name} | ${filters.length} | ${quantile(ms, 0.5).toFixed(3)} | ${quantile(ms, 0.99).toFixed(3)} | ${quantile(found, 0.5)} |`,
  );
}
console.log(`(count + list page 1 by relevance + disjunctive filter data per query; fastest of ${repeat})`);
