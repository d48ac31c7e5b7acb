/**
 * One-word keyword queries with preferred facet values (`junior responsable`: the word and the
 * preferred seniority) ranked by relevance, two builds of the relevance page alternated in one
 * process: A, relevance-page.ts of another checkout (BASE: its `src` folder, e.g. one extracted
 * by `git archive main src | tar -x -C <dir>`), and B, this one's. Per query the relevance window
 * of its page (pages 1–3 in turn, 20 a page) as the list route asks for it, each build's least of
 * ROUNDS calls (A B A B …), their pages compared; then per query both times and how many documents
 * each scored, and the distribution. Not a test: a measurement.
 *
 *   BASE=<dir>/src npx tsx bench/relevance-prefer.ts bench/.cache/corpus-v1-n100000-s1.db
 *
 * ALL=1 also times the one-word queries without preferred values (a check that they do not move);
 * QUERIES=<n> reads the mix's first n keyword filters (default 3,000); ROUNDS=<n> (default 5).
 */
import { DEFAULT_SALARY_BUCKETS } from '../src/domain/salary-buckets.js';
import { buildStreaming } from '../src/runtime/live-index.js';
import { SqliteJobStore } from '../src/store/sqlite-store.js';
import { interpretFilter } from '../src/search/query/interpret.js';
import { evaluate, planFilter } from '../src/search/query/filter.js';
import { relevanceExtras } from '../src/search/query/list.js';
import { relevanceWindow as windowB } from '../src/search/query/relevance-page.js';
import { toIds } from '../src/search/postings/doc-set.js';
import { buildQueryMix } from './query-mix.js';
import { BENCH_NOW } from './corpus.js';

type Window = typeof windowB;
const path = process.argv[2];
const base = process.env.BASE;
if (path === undefined || base === undefined)
  throw new Error('usage: BASE=<another checkout>/src npx tsx bench/relevance-prefer.ts <a corpus store>');
const windowA = ((await import(`${base}/search/query/relevance-page.ts`)) as { relevanceWindow: Window })
  .relevanceWindow;
const rounds = Number(process.env.ROUNDS ?? 5);
const store = new SqliteJobStore(path);
const jobs = await store.loadLive(BENCH_NOW);
const mix = buildQueryMix(jobs, { seed: 1, filters: Number(process.env.QUERIES ?? 3000), suggests: 10, warmup: 10 });
const { index } = await buildStreaming(store, { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: BENCH_NOW });
const e = index.leaves[0]!.segment.engine;
const kw = mix.filters.filter((f) => f.filter.keywords !== undefined);

interface Row {
  text: string;
  page: number;
  a: number;
  b: number;
  scoredA: number;
  scoredB: number;
}
interface Query {
  text: string;
  page: number;
  preferred: boolean;
  call: (w: Window) => { t: number; r: ReturnType<Window> };
}
const queries: Query[] = [];
const seen = new Set<string>();
for (const [i, q] of kw.entries()) {
  const f = interpretFilter(index, q.filter).filter;
  const plan = planFilter(e, f);
  const keywords = plan.keywords;
  if (keywords === null || keywords.words.length !== 1) continue;
  const preferred = plan.prefer.length > 0;
  if (!preferred && process.env.ALL !== '1') continue;
  const page = 1 + (i % 3);
  const text = `${f.keywords} ${(f.prefer ?? []).map((p) => `+${p.field}=${p.value}`).join(' ')}`.trim();
  if (seen.has(`${text}#${page}`)) continue;
  seen.add(`${text}#${page}`);
  const match = evaluate(e, plan);
  // Copies: the engine's scratch buffers are reused by the next query's evaluation.
  const ids = toIds(match, e.n).slice();
  const bits = match.kind === 'bits' ? match.words.slice() : e.scratch.bitsOf(ids).slice();
  const extras = relevanceExtras(e, plan, keywords);
  const [start, end] = [(page - 1) * 20, page * 20];
  const call = (w: Window) => {
    const t0 = performance.now();
    const r = w(e.keywords, keywords.words, ids, bits, start, end, true, extras, null, true, e.tuning.impactPrefix);
    return { t: performance.now() - t0, r };
  };
  queries.push({ text, page, preferred, call });
}
// Once each, untimed: each build makes its terms' orders on its first query.
for (const q of queries) [windowA, windowB].forEach((w) => q.call(w));
const rows: { prefer: Row[]; plain: Row[] } = { prefer: [], plain: [] };
for (const { text, page, preferred, call } of queries) {
  let a = Infinity;
  let b = Infinity;
  let scoredA = 0;
  let scoredB = 0;
  for (let r = 0; r < rounds; r++) {
    const x = call(windowA);
    const y = call(windowB);
    a = Math.min(a, x.t);
    b = Math.min(b, y.t);
    [scoredA, scoredB] = [x.r.scored, y.r.scored];
    if (JSON.stringify([...x.r.docs, ...x.r.scores]) !== JSON.stringify([...y.r.docs, ...y.r.scores]))
      throw new Error(`pages differ: ${text} page ${page}`);
  }
  (preferred ? rows.prefer : rows.plain).push({ text, page, a, b, scoredA, scoredB });
}

const line = (xs: number[]): string => {
  const s = [...xs].sort((x, y) => x - y);
  const q = (p: number) => s[Math.floor(p * (s.length - 1))]!.toFixed(2);
  return `median ${q(0.5)}, p90 ${q(0.9)}, p99 ${q(0.99)}, max ${q(1)}, sum ${s.reduce((x, y) => x + y, 0).toFixed(1)} ms`;
};
console.log(`${index.size} postings, least of ${rounds}; A: ${base}`);
for (const [kind, rs] of Object.entries(rows)) {
  if (rs.length === 0) continue;
  console.log(`\none word, ${kind === 'prefer' ? 'with' : 'without'} preferred values (${rs.length}):`);
  console.log(`  A: ${line(rs.map((r) => r.a))}`);
  console.log(`  B: ${line(rs.map((r) => r.b))}`);
  if (kind !== 'prefer') continue;
  console.log('  query, page: A ms (scored) → B ms (scored)');
  for (const r of [...rs].sort((x, y) => y.a - x.a))
    console.log(`  ${r.text}, ${r.page}: ${r.a.toFixed(2)} (${r.scoredA}) → ${r.b.toFixed(2)} (${r.scoredB})`);
}
await store.close();
