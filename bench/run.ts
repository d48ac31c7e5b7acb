/**
 * `npm run bench`: the engine and its peers on seeded corpora of 100,000 and 1,000,000 postings.
 * See bench/README.md for what is measured and how to read the results.
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseBenchArgs } from './args.js';
import type { BenchOptions, BenchReport, MachineInfo, SizeReport } from './report-types.js';
import { benchSize, ITEMSJS_MAX_SIZE, ORAMA_KEYWORDS_MAX_SIZE, type SizePlan } from './run-size.js';
import { writeReport } from './report.js';
import { writeDocsSection } from './docs-section.js';
import { runPageBench } from './page.js';
import { runRelevanceBench } from './relevance.js';

const RESULTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'results');
const PERFORMANCE_DOC = join(RESULTS_DIR, '..', '..', 'docs', 'performance.md');

/** Filter queries the engine times per operation in a full run. */
const ENGINE_FILTERS = 3_000;

/** Full and quick settings: how many queries, time budgets, HTTP seconds. */
function planFor(size: number, options: BenchOptions): SizePlan {
  const q = options.quick;
  return {
    size,
    seed: options.seed,
    peers: options.peers,
    // 3,000 filters: 250-550 of each kind, so that a kind's p99 is its 3rd-6th slowest query and
    // not its slowest (one pause of the machine); peers time the first 1,000 (the same queries).
    mixSizes: { seed: options.seed, filters: q ? 1_000 : ENGINE_FILTERS, suggests: 600, warmup: q ? 20 : 50 },
    engine: {
      limits: { maxQueries: q ? 200 : ENGINE_FILTERS, budgetMs: q ? 5_000 : 45_000 },
      repeatedLimits: { maxQueries: q ? 500 : 2_000, budgetMs: q ? 1_000 : 3_000 },
      agreementSample: q ? 20 : 50,
      agreementBudgetMs: 60_000,
    },
    peer: {
      limits: { maxQueries: q ? 100 : 1_000, budgetMs: q ? 4_000 : 12_000 },
      repeatedLimits: null,
      agreementSample: q ? 20 : 50,
      agreementBudgetMs: q ? 10_000 : 30_000,
    },
    httpSeconds: options.http ? (q ? 3 : 6) : null,
    freshCorpus: options.freshCorpus,
  };
}

function machine(loadStart: number): MachineInfo {
  const cores = cpus();
  return {
    cpus: cores.length,
    cpuModel: cores[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.versions.node,
    platform: `${process.platform} ${process.arch}`,
    loadStart,
    loadEnd: loadavg()[0] ?? 0,
  };
}

function notes(options: BenchOptions): string[] {
  return [
    'Every system answers the same seeded queries; times are single-threaded, in process (PostgreSQL: one connection, the server in its own processes).',
    "The timed queries are distinct and none was run before (warm-up uses other queries), so the engine's result cache does not answer them; the repeated-query table shows the cache.",
    'Peers get a time budget per operation; "(time budget)" marks a row that stopped before the whole list.',
    `itemsjs is not attempted above ${ITEMSJS_MAX_SIZE.toLocaleString('en-US')} postings (out of memory); Orama indexes the texts for keyword queries up to ${ORAMA_KEYWORDS_MAX_SIZE.toLocaleString('en-US')} postings.`,
    "Peers answer keywords without the engine's German/Spanish/English stemming, so keyword counts may differ; no peer does the radius filter (those queries are skipped for them).",
    "Memory is measured after a forced GC. A peer's resident memory still holds what its process used while loading the jobs (V8 keeps freed pages), and SQLite's includes its memory-mapped database file; heap used is the live JavaScript memory. PostgreSQL's server memory is not counted.",
    'HTTP: autocannon in the parent process, the app in a child; no Accept-Encoding (uncompressed); the ceiling is a bare Fastify route with a fixed body.',
    ...(options.quick ? ['Quick mode: fewer queries and shorter HTTP runs; for development, not for comparison.'] : []),
  ];
}

async function main(): Promise<void> {
  // `npm run bench -- page`: the search page in a browser (bench/page.ts), its own sub-command.
  if (process.argv[2] === 'page') return runPageBench(process.argv.slice(3));
  // `npm run bench -- relevance`: ranking quality on judged queries (bench/relevance.ts).
  if (process.argv[2] === 'relevance') return runRelevanceBench(process.argv.slice(3));
  const options = parseBenchArgs(process.argv.slice(2));
  const started = performance.now();
  const loadStart = loadavg()[0] ?? 0;
  const sizes: SizeReport[] = [];
  const report = (): BenchReport => ({
    date: new Date().toISOString(),
    machine: machine(loadStart),
    options,
    sizes,
    totalMs: performance.now() - started,
    notes: notes(options),
  });
  for (const size of options.sizes) {
    sizes.push(
      await benchSize(planFor(size, options), (line) => {
        console.log(line);
      }),
    );
    writeReport(RESULTS_DIR, report());
  }
  const final = report();
  const { markdown, files } = writeReport(RESULTS_DIR, final);
  console.log(`\n${markdown}`);
  console.log(`written: ${files.join(', ')}`);
  if (options.writeDocs) {
    writeDocsSection(PERFORMANCE_DOC, final, `npm run bench -- ${process.argv.slice(2).join(' ')}`);
    console.log(`written: the table of ${PERFORMANCE_DOC}`);
  }
  if (options.live) runLive(options.sizes);
}

/**
 * The service as a user starts it (bench/live-serve.ts, one run per size, from the compiled
 * `dist/`): start to ready, RSS, probe latency during an import and import end to visible.
 * Results in bench/results/live-<size>.json.
 */
function runLive(sizes: readonly number[]): void {
  const root = join(RESULTS_DIR, '..', '..');
  const tsc = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.build.json')],
    { stdio: 'inherit' },
  );
  if (tsc.status !== 0) throw new Error('building dist/ for the live-serve bench failed');
  for (const size of sizes) {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(root, 'bench', 'live-serve.ts'), '--size', String(size)],
      { stdio: 'inherit' },
    );
    if (run.status !== 0) console.log(`live-serve at ${size} failed (exit ${run.status})`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
