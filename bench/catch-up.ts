/**
 * A catch-up in process, as the index worker runs it: how long the worker's thread is held between
 * two pauses (a request that arrives then waits for the stretch to end), and what the first
 * requests on the new reader cost (they are answered right after the swap).
 *
 * The base is the harness's corpus (bench/corpus.ts) built once and saved beside it
 * (bench/.cache/catch-up-n<size>-s<seed>.index), then read back with its cards left in the file,
 * as the service serves it. The changes: `--changes` new postings (another seed's corpus, imported
 * once into its own cached store; keys the base already has are updates), plus `--updates`
 * postings of the base with a new title and `--deletes` deletions. They are applied with
 * `SegmentSet.applyAsync` and the index worker's paced pause (steps.ts), recording each stretch, then
 * `expire` and `reader()` (synchronous in ChangeApplier.catchUp) and the reader's preparation (paced), then one of each
 * request. Twice over (`--rounds`), so the second applies onto a set that already has a delta.
 * The upserts are given as the store's change feed gives them, their JSON bytes unparsed
 * (UnparsedJob), or with `--parsed` as parsed Jobs (as the feed gave them before); the garbage
 * collections of each round (count, total, longest, those over 3 ms) are reported beside the stretches.
 *
 *   node --import tsx bench/catch-up.ts [--size 1000000] [--changes 10000] [--updates 2000] [--deletes 1000] [--rounds 2] [--parsed]
 *   (stretches longer than --show ms are printed with their CPU time and monotonic µs, as in a --cpu-prof profile)
 */
import { join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { Job } from '../src/domain/job.js';
import { DEFAULT_SALARY_BUCKETS } from '../src/domain/salary-buckets.js';
import { buildStreaming } from '../src/runtime/live-index.js';
import { indexFormat, loadIndex, saveIndex, type IndexFileMeta } from '../src/search/index-file.js';
import { SegmentSet, type IndexChange } from '../src/search/segments/segment-set.js';
import { UnparsedJob, type Posting } from '../src/domain/unparsed-job.js';
import { PAUSE_BUDGET_MS, pacedPause } from '../src/lib/steps.js';
import type { SearchReader } from '../src/search/segments/search-index.js';
import { SqliteJobStore } from '../src/store/sqlite-store.js';
import { BENCH_NOW, CACHE_DIR, ensureCorpus } from './corpus.js';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '1000000' },
    seed: { type: 'string', default: '1' },
    changes: { type: 'string', default: '10000' },
    updates: { type: 'string', default: '2000' },
    deletes: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '2' },
    show: { type: 'string', default: '20' },
    parsed: { type: 'boolean', default: false },
  },
});
const size = Number(values.size);
const seed = Number(values.seed);
const showMs = Number(values.show);
const options = { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: BENCH_NOW };
const log = (line: string): void => {
  console.log(line);
};

/** The base index as the worker serves it: read back from its file with the cards left there. */
async function baseIndex(): Promise<ReturnType<typeof loadIndex> & object> {
  const corpus = await ensureCorpus(size, seed, false, log);
  const path = join(CACHE_DIR, `catch-up-n${size}-s${seed}.index`);
  const format = indexFormat(options);
  const accept = (meta: IndexFileMeta): boolean => meta.format === format;
  // Read once, as served: a file of another format is refused from its header alone.
  const saved = readBack(path, accept);
  if (saved !== null) return saved;
  log(`building the base of ${size} postings (saved to ${path})`);
  const store = new SqliteJobStore(corpus.path);
  try {
    const { index } = await buildStreaming(store, options);
    saveIndex(path, index, { format, storeId: 'bench', cursor: 0, builtAt: BENCH_NOW, documents: index.size });
  } finally {
    await store.close();
  }
  const built = readBack(path, accept);
  if (built === null) throw new Error(`${path}: not readable`);
  return built;
}

function readBack(path: string, accept: (meta: IndexFileMeta) => boolean): ReturnType<typeof loadIndex> {
  const t0 = performance.now();
  const loaded = loadIndex(path, accept, { cardsOnDisk: true });
  if (loaded !== null) log(`base: ${loaded.index.size} postings read back in ${Math.round(performance.now() - t0)} ms`);
  return loaded;
}

async function jobsOf(path: string, limit: number, skip = 0): Promise<Job[]> {
  const store = new SqliteJobStore(path);
  const out: Job[] = [];
  let seen = 0;
  try {
    for await (const chunk of store.liveChunks(BENCH_NOW)) {
      for (const job of chunk) {
        if (seen++ < skip) continue;
        out.push(job);
        if (out.length >= limit) return out;
      }
    }
    return out;
  } finally {
    await store.close();
  }
}

/** The changes of round `r`: new postings, updated base postings, deleted base postings. */
async function changesOf(r: number): Promise<IndexChange[]> {
  const count = Number(values.changes);
  const fresh = count > 0 ? await ensureCorpus(count, seed + 1000 + r, false, log) : null;
  const added = fresh ? await jobsOf(fresh.path, count) : [];
  const base = (await ensureCorpus(size, seed, false, log)).path;
  const updates = Number(values.updates);
  const deletes = Number(values.deletes);
  const touched = await jobsOf(base, updates + deletes, r * (updates + deletes) * 7);
  // As the feed gives them: the stored JSON's bytes beside the key, board id and end (UnparsedJob).
  const given = (job: Job): Posting =>
    values.parsed ? job : new UnparsedJob(job.key, job.boardId, job.validThrough, Buffer.from(JSON.stringify(job)));
  return [
    ...added.map((job): IndexChange => ({ kind: 'upsert', job: given(job) })),
    ...touched
      .slice(0, updates)
      .map((job): IndexChange => ({ kind: 'upsert', job: given({ ...job, title: `${job.title} (update ${r})` }) })),
    ...touched.slice(updates).map((job): IndexChange => ({ kind: 'delete', key: job.key, boardId: job.boardId })),
  ];
}

interface Stretch {
  ms: number;
  /** Monotonic clock at its start and end, in µs (the base of a --cpu-prof profile's timestamps). */
  fromUs: number;
  toUs: number;
  /** This process's CPU time within it (all threads): far below `ms`, the thread waited for a core. */
  cpuMs: number;
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const nowUs = (): number => Number(process.hrtime.bigint() / 1000n);
const fmt = (ms: number): string => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));

function timeOne(name: string, run: () => unknown): string {
  const t0 = performance.now();
  run();
  return `${name} ${fmt(performance.now() - t0)}`;
}

/** The first request of each kind on a new reader, then the same again (cached answers excluded). */
function firstRequests(reader: SearchReader): string {
  const runs = [
    timeOne('facets', () => reader.facets({ filter: { workModel: 'remote' }, mode: 'conjunctive', facetLimit: 100 })),
    timeOne('list', () => reader.list({ filter: { seo: true }, sort: 'date', order: 'desc', page: 1, perPage: 20 })),
    timeOne('count', () => reader.count({ keywords: 'manager' })),
    timeOne('companies', () => reader.suggestCompanies('ad', 10)),
    timeOne('places', () => reader.suggestLocations('ber', 10)),
    timeOne('titles', () => reader.suggestTitles('seo', 10)),
    timeOne('facets again', () => reader.facets({ filter: { seo: true }, mode: 'disjunctive', facetLimit: 100 })),
  ];
  return runs.join(', ');
}

async function main(): Promise<void> {
  const { index } = await baseIndex();
  let set = SegmentSet.of(index, { salaryBuckets: DEFAULT_SALARY_BUCKETS });
  const rounds = Number(values.rounds);
  for (let r = 0; r < rounds; r++) {
    const changes = await changesOf(r);
    const now = BENCH_NOW + r * 60_000;
    const stretches: Stretch[] = [];
    let fromUs = nowUs();
    // The worker's pause (index-worker.ts): a turn of the event loop once the budget is spent.
    let cpuFrom = process.cpuUsage();
    const pause = pacedPause(PAUSE_BUDGET_MS, async () => {
      const toUs = nowUs();
      const c = process.cpuUsage(cpuFrom);
      stretches.push({ ms: (toUs - fromUs) / 1000, fromUs, toUs, cpuMs: (c.user + c.system) / 1000 });
      await new Promise((resolve) => setImmediate(resolve));
      fromUs = nowUs();
      cpuFrom = process.cpuUsage();
    });
    const collections: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) collections.push(entry.duration);
    });
    observer.observe({ entryTypes: ['gc'] });
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    fromUs = nowUs();
    const applied = await set.applyAsync(changes, now, pause);
    const tail0 = nowUs();
    set = applied.expire(now);
    const reader = set.reader();
    const tailMs = (nowUs() - tail0) / 1000;
    await set.prepare(pause);
    const applyMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    // Entries are delivered asynchronously: let the last ones arrive.
    await new Promise((resolve) => setTimeout(resolve, 50));
    observer.disconnect();
    const sorted = stretches.map((s) => s.ms).sort((a, b) => a - b);
    log(
      `round ${r + 1}: ${changes.length} changes (${set.segmentCount} segments, ${set.deltaSize} in deltas) in ${Math.round(applyMs)} ms (CPU ${Math.round(cpuMs)} ms, all threads); ` +
        `${stretches.length} stretches: p50 ${fmt(percentile(sorted, 50))}, p99 ${fmt(percentile(sorted, 99))}, longest ${fmt(sorted.at(-1) ?? 0)} ms; ` +
        `then expire + reader ${fmt(tailMs)} ms`,
    );
    log(
      `  ${values.parsed ? 'parsed' : 'unparsed'} postings: ${collections.length} collections, ${fmt(collections.reduce((a, b) => a + b, 0))} ms in all, ` +
        `longest ${fmt(Math.max(0, ...collections))} ms, ${collections.filter((ms) => ms > 3).length} over 3 ms`,
    );
    for (const s of stretches.filter((x) => x.ms >= showMs))
      log(`  stretch ${fmt(s.ms)} ms CPU ${fmt(s.cpuMs)} (monotonic µs ${s.fromUs}–${s.toUs})`);
    log(`  first requests (ms): ${firstRequests(reader)}`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
