/**
 * The first start of a store nobody indexed, without the HTTP server: an index worker started as
 * `jobsearch serve` starts it (src/server.ts: the builder process, the file read back, the warm-up)
 * on a copy of a SQLite store with no index file beside it, at `--now` (epoch ms, or `bench`: the
 * moment bench/corpus.ts's corpora are made for). Reports the time to the worker's `ready`, its
 * parts as the worker reports them, the CPU seconds of this process and of its builder processes
 * (all threads; what the load of a shared machine inflates least), and the peak resident memory of
 * this process, of its children, and of both together (sampled every 100 ms from /proc). A
 * measurement, not a test.
 *
 *   npm run build && npx tsx bench/first-start.ts --db bench/.cache/corpus-v1-n100000-s1.db --now bench
 *     [--dist <folder>] [--rounds 1]
 *
 * The store is copied to a temporary folder first (the worker opens it for writing), and the
 * copy and its index file removed at the end.
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import process from 'node:process';
import { DEFAULT_SALARY_BUCKETS } from '../src/domain/salary-buckets.js';
import type { buildInWorker as BuildInWorker } from '../src/runtime/remote-index.js';
import { BENCH_NOW } from './corpus.js';

const argv = process.argv.slice(2);
const option = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const db = option('--db');
if (db === undefined) throw new Error('usage: first-start.ts --db <sqlite file> [--now <ms>|bench] [--dist <folder>]');
const nowOption = option('--now');
const now = nowOption === undefined ? Date.now() : nowOption === 'bench' ? BENCH_NOW : Number(nowOption);
const dist = option('--dist');
const remote =
  dist === undefined
    ? new URL('../dist/runtime/remote-index.js', import.meta.url)
    : pathToFileURL(join(dist, 'runtime', 'remote-index.js'));
const { buildInWorker } = (await import(remote.href)) as { buildInWorker: typeof BuildInWorker };

const dir = mkdtempSync(join(tmpdir(), 'first-start-bench-'));
const copy = join(dir, 'store.db');
copyFileSync(db, copy);

interface Usage {
  rssMb: number;
  cpuS: number;
}
function usageOf(pid: number): Usage | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      rssMb: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024,
      cpuS: (Number(fields[11]) + Number(fields[12])) / 100,
    };
  } catch {
    return null;
  }
}
function isBuilder(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--jobsearch-index-builder');
  } catch {
    return false;
  }
}

/** The builder processes this one started, from any of its threads (the builder is forked by the index worker). */
function children(): number[] {
  const pids: number[] = [];
  for (const task of readdirSync(`/proc/${process.pid}/task`)) {
    try {
      const listed = readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').trim();
      for (const pid of listed === '' ? [] : listed.split(/\s+/).map(Number)) if (isBuilder(pid)) pids.push(pid);
    } catch {
      // The thread has just ended.
    }
  }
  return pids;
}

const load = loadavg()[0];
const started = performance.now();
let peakSelf = 0;
let peakChildren = 0;
let peakAll = 0;
const childCpu = new Map<number, number>();
/** When a builder process was first and last seen (ms since the start). */
let builderFirst = Number.NaN;
let builderLast = Number.NaN;
const sampler = setInterval(() => {
  const self = usageOf(process.pid)?.rssMb ?? 0;
  let kids = 0;
  for (const pid of children()) {
    const u = usageOf(pid);
    if (u === null) continue;
    kids += u.rssMb;
    childCpu.set(pid, u.cpuS);
    const at = performance.now() - started;
    if (Number.isNaN(builderFirst)) builderFirst = at;
    builderLast = at;
  }
  peakSelf = Math.max(peakSelf, self);
  peakChildren = Math.max(peakChildren, kids);
  peakAll = Math.max(peakAll, self + kids);
}, 100);

const cpu0 = process.cpuUsage();
const built = await buildInWorker({
  databaseUrl: copy,
  salaryBuckets: DEFAULT_SALARY_BUCKETS,
  now,
  indexFile: `${copy}.index`,
  loadIndexFile: true,
  buildHereUpTo: 20_000,
});
const readyS = (performance.now() - started) / 1000;
clearInterval(sampler);
const cpu = process.cpuUsage(cpu0);
const ownCpuS = (cpu.user + cpu.system) / 1e6;
const builderCpuS = [...childCpu.values()].reduce((a, b) => a + b, 0);
const result = {
  db,
  dist: dist ?? 'this checkout',
  documents: built.stats.documents,
  readyS: Math.round(readyS * 10) / 10,
  loadS: built.stats.loadMs / 1000,
  buildS: built.stats.buildMs / 1000,
  indexFile: built.stats.indexFile,
  builderFromS: Math.round(builderFirst / 100) / 10,
  builderToS: Math.round(builderLast / 100) / 10,
  ownCpuS: Math.round(ownCpuS * 10) / 10,
  builderCpuS: Math.round(builderCpuS * 10) / 10,
  peakSelfMb: Math.round(peakSelf),
  peakBuildersMb: Math.round(peakChildren),
  peakAllMb: Math.round(peakAll),
  loadBefore: load,
  loadAfter: loadavg()[0],
  builders: childCpu.size,
};
console.log(JSON.stringify(result));
built.retire();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
