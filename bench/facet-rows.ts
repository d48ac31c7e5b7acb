/**
 * Facet counting over the packed facet rows (src/search/columns/facet-rows.ts): the compiled counter
 * (`countRows`) against the same loop written plainly (`countRowsPlainly`), in the same process,
 * alternating, on rows shaped like a million generated postings (two packs, position, company,
 * skills, places), for sets of 35,000 and 100,000 documents spread over the corpus and 100,000
 * consecutive ones. Medians of `--runs` runs each. The skills and places are drawn at random, so
 * almost every document has a combination of its own: the worst case for the rows' combinations
 * (the generated corpus has 31,000 skill and 120,000 place combinations per million postings).
 *
 *   node --import tsx bench/facet-rows.ts [--n 1000000] [--runs 30]
 */
import { buildFacetRows, countRows, countRowsPlainly } from '../src/search/columns/facet-rows.js';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const n = arg('n', 1_000_000);
const runs = arg('runs', 30);
let seed = 7;
const random = (): number => (seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff) / 0x7fffffff;
const column = (size: number): Uint32Array => Uint32Array.from({ length: n }, () => Math.floor(random() ** 2 * size));
function list(size: number, mean: number): { offsets: Uint32Array; values: Uint32Array } {
  const offsets = new Uint32Array(n + 1);
  const values: number[] = [];
  for (let d = 0; d < n; d++) {
    const count = Math.floor(random() * 2 * mean + 0.5);
    for (let j = 0; j < count; j++) values.push(Math.floor(random() ** 2 * size));
    offsets[d + 1] = values.length;
  }
  return { offsets, values: Uint32Array.from(values) };
}
const columns = [
  { name: 'pack0', col: column(2_000), size: 2_000 },
  { name: 'pack1', col: column(600), size: 600 },
  { name: 'position', col: column(120), size: 120 },
  { name: 'company', col: column(3_000), size: 3_000 },
];
const lists = [
  { name: 'skill', ...list(300, 5), size: 300 },
  { name: 'location', ...list(5_000, 1.2), size: 5_000 },
];
const rows = buildFacetRows(n, columns, lists);
const spread = (k: number): Uint32Array => Uint32Array.from({ length: k }, (_, i) => Math.floor((i * n) / k));
const sets = {
  '35,000 spread': spread(35_000),
  '100,000 spread': spread(100_000),
  '100,000 consecutive': Uint32Array.from({ length: 100_000 }, (_, i) => i),
};
const median = (xs: number[]): number => xs.sort((a, b) => a - b)[xs.length >> 1]!;
for (const [name, ids] of Object.entries(sets)) {
  const compiled: number[] = [];
  const plain: number[] = [];
  for (let r = 0; r < runs; r++) {
    for (const [count, times] of [
      [countRows, compiled],
      [countRowsPlainly, plain],
    ] as const) {
      const wanted = [...columns, ...lists].map((c) => ({ name: c.name, counts: new Uint32Array(c.size) }));
      const t = performance.now();
      count(rows, wanted, ids, ids.length);
      times.push(performance.now() - t);
    }
  }
  const c = median(compiled);
  const p = median(plain);
  console.log(`${name}: compiled ${c.toFixed(2)} ms, plain ${p.toFixed(2)} ms, compiled/plain ${(c / p).toFixed(2)}`);
}
