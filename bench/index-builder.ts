/**
 * The index builder process alone, as the service starts it for a first start or a merge
 * (src/runtime/index-builder.ts): forked from the compiled output with Node's default options, it
 * reads every live posting of a SQLite store, builds, saves the index file and exits. Reports its
 * wall time, its CPU time (all its threads, and its build thread alone, from /proc: what the load
 * of a shared machine inflates least), read and build time, peak resident memory (sampled every
 * 200 ms from /proc), and the saved file's parts. A measurement, not a test.
 *
 *   npm run build && npx tsx bench/index-builder.ts --db bench/.cache/live-1000000-10000-<day>.db [-- <node options>]
 *   npx tsx bench/index-builder.ts --db bench/.cache/corpus-v1-n1000000-s1.db --now bench --keep /tmp/1m.index
 *     [--dist <folder>] [-- <node options>]
 *
 * The store is opened read-only and the file is written to a temporary folder and removed, or
 * kept at `--keep` (for bench/index-parts.ts). The build runs at the wall clock, or at `--now`
 * (epoch ms, or `bench`: the moment bench/corpus.ts's corpora are made for, which the wall clock
 * has left behind, so most of their postings would be expired).
 * The builder gets the V8 options the service gives it (`BUILDER_NODE_OPTIONS` of the checkout
 * benched, none for a build that has none), then the Node options after `--` (e.g. `--cpu-prof
 * --cpu-prof-dir=/tmp/prof`).
 */
import { fork } from 'node:child_process';
import { closeSync, copyFileSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import process from 'node:process';
import { DEFAULT_SALARY_BUCKETS } from '../src/domain/salary-buckets.js';
import type { BuildApartReport, BuildApartRequest } from '../src/runtime/index-builder.js';
import { BENCH_NOW } from './corpus.js';

const argv = process.argv.slice(2);
const split = argv.indexOf('--');
const own = split < 0 ? argv : argv.slice(0, split);
const nodeOptions = split < 0 ? [] : argv.slice(split + 1);
const option = (name: string): string | undefined => (own.includes(name) ? own[own.indexOf(name) + 1] : undefined);
const db = option('--db');
if (db === undefined)
  throw new Error(
    'usage: index-builder.ts --db <sqlite file> [--now <ms>|bench] [--keep <file>] [--dist <folder>] [-- <node options>]',
  );
const nowOption = option('--now');
const now = nowOption === undefined ? Date.now() : nowOption === 'bench' ? BENCH_NOW : Number(nowOption);
const keep = option('--keep');

// `--dist <folder>`: another compiled output (a baseline build) instead of this checkout's.
const dist = option('--dist');
const builder =
  dist === undefined
    ? new URL('../dist/runtime/index-builder.js', import.meta.url)
    : pathToFileURL(join(dist, 'runtime', 'index-builder.js'));
// The service's options for its builder, as the benched checkout sets them (older ones set none).
const { BUILDER_NODE_OPTIONS: builderOptions = [] } = (await import(builder.href)) as {
  BUILDER_NODE_OPTIONS?: readonly string[];
};
const dir = mkdtempSync(join(tmpdir(), 'index-builder-bench-'));
const path = join(dir, 'bench.index');
const started = performance.now();
const child = fork(builder, ['--jobsearch-index-builder'], {
  serialization: 'advanced',
  execArgv: [...builderOptions, ...nodeOptions],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
let peakMb = 0;
const timeline: string[] = [];
let samples = 0;
/** The builder's CPU seconds (user + system, all its threads) at the last sample: robust to the machine's load. */
let cpuS = 0;
/** The same of the build's own thread (the process's first; the keyword and reader threads are apart). */
let buildThreadCpuS = 0;
function threadCpuS(pid: number, tid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
const sampler = setInterval(() => {
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const rssMb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    peakMb = Math.max(peakMb, rssMb);
    const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    cpuS = (Number(fields[11]) + Number(fields[12])) / 100;
    buildThreadCpuS = threadCpuS(child.pid!, child.pid!) ?? buildThreadCpuS;
    if (samples++ % 25 === 0)
      timeline.push(`${Math.round((performance.now() - started) / 1000)} s ${Math.round(rssMb)}`);
  } catch {
    // The process has just ended.
  }
}, 200);
let report: BuildApartReport | null = null;
child.on('message', (message: BuildApartReport) => (report = message));
child.on('exit', () => {
  clearInterval(sampler);
  const wallS = (performance.now() - started) / 1000;
  const parts = report?.type === 'built' ? fileParts(path) : null;
  console.log(
    JSON.stringify(
      {
        wallS: Number(wallS.toFixed(1)),
        cpuS,
        buildThreadCpuS,
        nodeOptions: [...builderOptions, ...nodeOptions],
        peakRssMb: Math.round(peakMb),
        report,
        parts,
        rssMbEvery5s: timeline,
      },
      null,
      2,
    ),
  );
  if (keep !== undefined && parts !== null) copyFileSync(path, keep);
  rmSync(dir, { recursive: true, force: true });
});
const request: BuildApartRequest = {
  databaseUrl: db,
  readOnly: true,
  salaryBuckets: DEFAULT_SALARY_BUCKETS,
  now,
  path,
  meta: { format: 'bench', storeId: 'bench', cursor: 0 },
  // As a first start builds (a merge beside a serving index builds at low priority).
  priority: 'normal',
};
child.send(request);

/** The saved file's header: MB of skeleton, of Buffers (the cards) and of typed arrays. */
function fileParts(file: string): { fileMb: number; skeletonMb: number; cardsMb: number; arraysMb: number } {
  const fd = openSync(file, 'r');
  try {
    const start = Buffer.alloc(12);
    readSync(fd, start, 0, 12, 0);
    const header = Buffer.alloc(start.readUInt32LE(8));
    readSync(fd, header, 0, header.length, 12);
    const { skeleton, arrays } = JSON.parse(header.toString('utf8')) as {
      skeleton: number;
      arrays: { type: string; bytes: number }[];
    };
    const mb = (bytes: number): number => Math.round(bytes / 1e6);
    const sum = (buffers: boolean): number =>
      arrays.filter((a) => (a.type === 'Buffer') === buffers).reduce((total, a) => total + a.bytes, 0);
    return {
      fileMb: mb(statSync(file).size),
      skeletonMb: mb(skeleton),
      cardsMb: mb(sum(true)),
      arraysMb: mb(sum(false)),
    };
  } finally {
    closeSync(fd);
  }
}
