/**
 * The relevance window of the mix's keyword queries of two words or more, in process over a corpus
 * of the bench: the mix's first 300 keyword filters read as the API reads them, those left with two
 * words or more, each at its page 1, 2 or 3 (20 a page, descending) through relevanceWindow
 * (query/relevance-page.ts) alone (the filter evaluated before), least of REPEAT calls (default 5).
 * With BEFORE=<module>, an earlier relevance-page.ts copied beside the current one (e.g.
 * `git show main:src/search/query/relevance-page.ts > src/search/query/relevance-page-before.ts`,
 * BEFORE=relevance-page-before), each call of it alternated with one of the current, and their
 * pages and scores compared. INDEX=<path> reads the index saved there (cards left on disk), or
 * builds it and saves it there for the next run; MIX=<path> likewise the mix's keyword filters (the
 * corpus then not read). Not a test: a measurement.
 *
 *   NODE_OPTIONS=--max-old-space-size=8192 npx tsx bench/relevance-words.ts bench/.cache/corpus-v1-n1000000-s1.db
 */
import { DEFAULT_SALARY_BUCKETS } from '../src/domain/salary-buckets.js';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { buildStreaming } from '../src/runtime/live-index.js';
import { loadIndex, saveIndex } from '../src/search/index-file.js';
import { SqliteJobStore } from '../src/store/sqlite-store.js';
import { interpretFilter } from '../src/search/query/interpret.js';
import { evaluate, planFilter } from '../src/search/query/filter.js';
import { relevanceExtras } from '../src/search/query/list.js';
import { relevanceWindow } from '../src/search/query/relevance-page.js';
import { toIds } from '../src/search/postings/doc-set.js';
import { keywordContext } from '../src/search/text/keyword-query.js';
import { buildQueryMix, type FilterQuery } from './query-mix.js';
import { BENCH_NOW } from './corpus.js';

const path = process.argv[2];
if (path === undefined) throw new Error('usage: npx tsx bench/relevance-words.ts <a corpus store>');
const REPEAT = Number(process.env.REPEAT ?? 5);
const before = process.env.BEFORE;
const windows: { name: string; run: typeof relevanceWindow }[] = [{ name: 'current', run: relevanceWindow }];
if (before !== undefined) {
  const mod = (await import(`../src/search/query/${before}.js`)) as { relevanceWindow: typeof relevanceWindow };
  windows.unshift({ name: before, run: mod.relevanceWindow });
}
const store = new SqliteJobStore(path);
const mixPath = process.env.MIX;
const kw: FilterQuery[] =
  mixPath !== undefined && existsSync(mixPath)
    ? (JSON.parse(readFileSync(mixPath, 'utf8')) as FilterQuery[])
    : buildQueryMix(await store.loadLive(BENCH_NOW), { seed: 1, filters: 3000, suggests: 10, warmup: 10 })
        .filters.filter((f) => f.filter.keywords !== undefined)
        .slice(0, 300);
if (mixPath !== undefined && !existsSync(mixPath)) writeFileSync(mixPath, JSON.stringify(kw));
const saved = process.env.INDEX;
const index =
  saved !== undefined && existsSync(saved)
    ? loadIndex(saved, () => true, { cardsOnDisk: true })!.index
    : (await buildStreaming(store, { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: BENCH_NOW })).index;
if (saved !== undefined && !existsSync(saved))
  saveIndex(saved, index, { format: 'bench', storeId: 'bench', cursor: 0, builtAt: BENCH_NOW, documents: index.size });
await store.close();
const e = index.leaves[0]!.segment.engine;
const ctx = keywordContext([e.keywords]);
const rows: { q: string; ms: number[] }[] = [];
for (const [i, q] of kw.entries()) {
  const filter = interpretFilter(index, q.filter).filter;
  const plan = planFilter(e, filter);
  if (plan.keywords === null || plan.keywords.words.length < 2) continue;
  const match = evaluate(e, plan);
  const ids = toIds(match, e.n).slice();
  const bits = (match.kind === 'bits' ? match.words : e.scratch.bitsOf(ids)).slice();
  const extras = relevanceExtras(e, plan, plan.keywords);
  const end = Math.min((1 + (i % 3)) * 20, ids.length);
  const start = Math.max(0, end - 20);
  const words = plan.keywords.words;
  const ms = windows.map(() => Infinity);
  const pages: string[] = [];
  let scored = 0;
  for (let r = 0; r < REPEAT; r++)
    for (const [w, { run }] of windows.entries()) {
      const t0 = performance.now();
      const got = run(e.keywords, words, ids, bits, start, end, true, extras, ctx, true, e.tuning.impactPrefix);
      ms[w] = Math.min(ms[w]!, performance.now() - t0);
      scored = got.scored;
      if (r === 0) pages.push(JSON.stringify([[...got.docs], [...got.scores]]));
    }
  if (new Set(pages).size > 1) throw new Error(`pages differ for ${filter.keywords}`);
  const what = `${filter.keywords}${filter.partialWords ? ' (partial)' : ''}${extras.code !== undefined ? ' (named)' : ''}`;
  rows.push({ q: `${what}, page ${1 + (i % 3)}, ${ids.length} matches, ${scored} scored`, ms });
}
console.log(`${rows.length} queries of two words or more, least of ${REPEAT} calls (ms):`);
for (const [w, { name }] of windows.entries()) {
  const s = rows.map((r) => r.ms[w]!).sort((a, b) => a - b);
  const at = (p: number): string => s[Math.floor(p * (s.length - 1))]!.toFixed(2);
  const sum = s.reduce((a, b) => a + b, 0).toFixed(1);
  console.log(`${name}: sum ${sum}, median ${at(0.5)}, p90 ${at(0.9)}, p99 ${at(0.99)}, max ${at(1)}`);
}
const last = windows.length - 1;
for (const r of [...rows].sort((a, b) => b.ms[last]! - a.ms[last]!).slice(0, Number(process.env.SHOW ?? 12)))
  console.log(`  ${r.ms.map((x) => x.toFixed(2)).join(' · ')}  ${r.q}`);
