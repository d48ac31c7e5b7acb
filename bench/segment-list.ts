/**
 * The cost of an uncached list page over a segmented index (a base plus delta segments with
 * deletion marks, src/search/DESIGN.md "Segments") against a plain SearchIndex over the same live
 * postings, in process. The base holds `--count` postings; then a life of changes is applied as
 * the service applies them: 4 batches of 2,500 (a 10,000-posting delta in 4 segments), measured,
 * then 4 batches of 10,000 (the fifth delta segment triggers the tiered merge of the small ones: a
 * 50,000-posting delta in 4 segments), measured. Each batch: 75 % new postings, 20 % updates of
 * base postings, 5 % updates of postings of earlier batches (so the base and the deltas carry
 * deletion marks). Delta postings are drawn from the same generator as the base (dates spread
 * over the same 90 days).
 *
 * Each row times `--queries` list calls on each index, interleaved (plain, segmented, plain, ...):
 * pages 1 and 50 (20 a page); date desc, salary desc and relevance with keywords (title words of
 * the corpus); without a filter (the same request again: nothing is cached, cacheSize 0) and with
 * one (distinct filters of the query mix: one, two or three dimensions; for relevance, the
 * keywords plus one dimension). Median and p99 in ms; "matches" is the median total; "differ"
 * counts answers whose total, or for date whose page, is not the plain index's: by the segments'
 * rules they may (a salary-range filter matches estimates made as each segment was built; keyword
 * statistics count replaced postings until a merge).
 *
 *   node --import tsx bench/segment-list.ts [--count 100000] [--queries 200]
 */
import { execSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { Job } from '../src/domain/job.js';
import type { JobFilter, ListRequest } from '../src/domain/query.js';
import { DEFAULT_SALARY_BUCKETS } from '../src/domain/salary-buckets.js';
import { generatePostings } from '../src/demo/generate.js';
import { recordToJob } from '../src/ingest/record-to-job.js';
import { SearchIndex, type SearchReader } from '../src/search/segments/search-index.js';
import { SegmentSet, type IndexChange } from '../src/search/segments/segment-set.js';
import { buildQueryMix } from './query-mix.js';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '200' },
  },
});
const NOW = Date.UTC(2026, 0, 15, 12);
const count = Number(values.count);
const queries = Number(values.queries);
const DELTAS = [
  { size: 10_000, batches: 4 },
  { size: 40_000, batches: 4 },
];
const options = { salaryBuckets: DEFAULT_SALARY_BUCKETS, tuning: { cacheSize: 0 } };

const commit = ((): string => {
  try {
    const head = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
    const dirty = execSync('git status --porcelain src', { encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head} (src modified)` : head;
  } catch {
    return 'unknown';
  }
})();
const load = (): string =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
console.log(`commit ${commit}, Node ${process.version}, load average ${load()} at the start`);

const extra = DELTAS.reduce((sum, d) => sum + d.size, 0);
const generated: Job[] = [];
for (const record of generatePostings({ count: count + extra, seed: 1, now: NOW })) {
  const r = recordToJob(record, { source: 'bench', now: NOW });
  if (r.ok) generated.push(r.job);
}
const baseJobs = generated.slice(0, count);
const pool = generated.slice(count);
const t0 = performance.now();
let set = SegmentSet.of(SearchIndex.build(baseJobs, { ...options, now: NOW }), options);
console.log(`${baseJobs.length} postings in the base, built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

/** The store: every live posting by key (the plain index's corpus). */
const store = new Map(baseJobs.map((j) => [j.key, j]));
const deltaKeys: Job[] = [];
let used = 0;
let baseTarget = 0;

/** One batch of changes: new postings, updates of base postings and of earlier delta postings. */
function batch(size: number): IndexChange[] {
  const changes: IndexChange[] = [];
  const earlier = deltaKeys.length;
  for (let i = 0; i < size && used < pool.length; i++) {
    const content = pool[used++]!;
    let job = content;
    if (i % 20 < 4) {
      const old = baseJobs[(baseTarget++ * 7_919) % baseJobs.length]!;
      job = { ...content, key: old.key, boardId: old.boardId };
    } else if (i % 20 === 4 && earlier > 0) {
      const old = deltaKeys[(i * 31) % earlier]!;
      job = { ...content, key: old.key, boardId: old.boardId };
    } else deltaKeys.push(content);
    store.set(job.key, job);
    changes.push({ kind: 'upsert', job });
  }
  return changes;
}

const mix = buildQueryMix(baseJobs, { seed: 1, filters: queries * 12, suggests: 0, warmup: 40 });
const ofKinds = (...kinds: string[]): JobFilter[] =>
  mix.filters.filter((q) => kinds.includes(q.kind)).map((q) => q.filter);
const filtered = ofKinds('one', 'two', 'three').slice(0, queries);
const keywords = ofKinds('keywords').slice(0, queries);
const keywordsFiltered = keywords.map((k, i) => ({ ...filtered[i % filtered.length], ...k }));
const repeat = (filter: JobFilter): JobFilter[] => Array.from({ length: queries }, () => filter);

const ROWS: { name: string; sort: ListRequest['sort']; filters: JobFilter[] }[] = [
  { name: 'date desc, no filter', sort: 'date', filters: repeat({}) },
  { name: 'date desc, a filter', sort: 'date', filters: filtered },
  { name: 'salary desc, no filter', sort: 'salary', filters: repeat({}) },
  { name: 'salary desc, a filter', sort: 'salary', filters: filtered },
  { name: 'relevance, keywords', sort: 'relevance', filters: keywords },
  { name: 'relevance, keywords + a filter', sort: 'relevance', filters: keywordsFiltered },
];

const quantile = (xs: readonly number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};
const ms = (x: number): string => (x < 1 ? x.toFixed(3) : x.toFixed(2));

function timed(index: SearchReader, r: ListRequest): { ms: number; total: number; ids: string } {
  const start = performance.now();
  const page = index.list(r);
  const took = performance.now() - start;
  return { ms: took, total: page.total, ids: page.jobs.map((j) => j.boardId).join(',') };
}

for (const delta of DELTAS) {
  const t = performance.now();
  for (let b = 0; b < delta.batches; b++) set = set.apply(batch(delta.size / delta.batches), NOW);
  const applied = (performance.now() - t) / 1000;
  const plain = SearchIndex.build([...store.values()], { ...options, now: NOW });
  const segmented = set.reader();
  console.log(
    `\n### ${store.size} live postings: ${set.deltaSize} in ${set.segmentCount - 1} delta segments ` +
      `(applied in ${applied.toFixed(1)} s), load average ${load()}\n`,
  );
  for (const q of mix.warmup.filters) {
    for (const index of [plain, segmented])
      index.list({ filter: q.filter, sort: 'date', order: 'desc', page: 1, perPage: 20 });
  }
  console.log('| list | page | matches (median) | plain p50 | plain p99 | segmented p50 | segmented p99 | differ |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of ROWS) {
    for (const page of [1, 50]) {
      const plainMs: number[] = [];
      const segMs: number[] = [];
      const totals: number[] = [];
      let differ = 0;
      for (const filter of row.filters) {
        const r: ListRequest = { filter, sort: row.sort, order: 'desc', page, perPage: 20 };
        const a = timed(plain, r);
        const b = timed(segmented, r);
        plainMs.push(a.ms);
        segMs.push(b.ms);
        totals.push(b.total);
        // Salary pages may differ by estimates and relevance pages by statistics in any case, so
        // only date pages are compared whole.
        if (a.total !== b.total || (row.sort === 'date' && a.ids !== b.ids)) differ++;
      }
      console.log(
        `| ${row.name} | ${page} | ${quantile(totals, 0.5)} | ${ms(quantile(plainMs, 0.5))} | ${ms(quantile(plainMs, 0.99))} | ` +
          `${ms(quantile(segMs, 0.5))} | ${ms(quantile(segMs, 0.99))} | ${differ} |`,
      );
    }
  }
}
console.log(`\n${queries} list calls per index per row, uncached; load average ${load()} at the end`);
