/**
 * A merge into the base, both ways, in one run on the same store: the full build from the store
 * that a merge used to be (the index builder process, as the service forks it: reads every live
 * posting, builds, saves the index file), and the merge of the segments in memory
 * (ChangeApplier.merge, as the index worker runs it: paced pauses between its steps). The store is
 * the benchmark corpus (bench/corpus.ts) copied, plus a merge's worth of changes applied as
 * catch-ups (max(20,000, a twentieth of the base): updates of stored postings, new postings and
 * deletions). Reports wall and CPU time and peak resident memory of each. A measurement, not a test.
 *
 *   npx tsx bench/merge.ts --size 100000 [--seed 1] [--merge-only] [--from-file [--keep-base <file>]] [--trace] [--profile]
 *
 * `--merge-only` leaves the rebuild out; `--from-file` makes the base as the service does (built
 * and saved by the builder process, read back from the file with its cards left there), so the
 * process holds what the serving process's index worker holds (`--keep-base <file>`: that file,
 * built there by the first run and read by the next ones over the same corpus, whatever code saved
 * it); `--trace` prints the resident memory, the V8 heap and the array buffers at the merge's
 * pauses, every 250 ms; `--profile` writes a CPU profile of the merge to the temporary folder.
 * For the service itself (its whole process over HTTP), bench/merge-served.ts.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { Session } from 'node:inspector/promises';
import { getHeapStatistics } from 'node:v8';
import { DEFAULT_SALARY_BUCKETS } from '../src/domain/salary-buckets.js';
import type { Job } from '../src/domain/job.js';
import { buildStreaming } from '../src/runtime/live-index.js';
import { ChangeApplier, DEFAULT_NEW_WITHIN_MS } from '../src/runtime/change-applier.js';
import { buildApart } from '../src/runtime/index-builder.js';
import { expectedOf, readIndexFile } from '../src/runtime/index-file-step.js';
import { readIndexMeta } from '../src/search/index-file.js';
import type { SearchIndex } from '../src/search/segments/search-index.js';
import { SqliteJobStore } from '../src/store/sqlite-store.js';
import { pacedPause, PAUSE_BUDGET_MS } from '../src/lib/steps.js';
import { BENCH_NOW, ensureCorpus } from './corpus.js';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: number): number => {
  const i = argv.indexOf(name);
  return i < 0 ? fallback : Number(argv[i + 1]);
};
const size = arg('--size', 100_000);
const seed = arg('--seed', 1);
const log = (line: string): void => {
  console.error(line);
};

const corpus = await ensureCorpus(size, seed, false, log);
const dir = mkdtempSync(join(tmpdir(), 'merge-bench-'));
const db = join(dir, 'store.db');
copyFileSync(corpus.path, db);
const buckets = DEFAULT_SALARY_BUCKETS;
const now = BENCH_NOW;

/** Peak resident memory (MB) of this process since the last reset (Linux: VmHWM, reset by clear_refs 5). */
function ownPeakMb(): number {
  const status = execFileSync('cat', [`/proc/${process.pid}/status`], { encoding: 'utf8' });
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}
function resetOwnPeak(): void {
  writeFileSync(`/proc/${process.pid}/clear_refs`, '5');
}
function ownRssMb(): number {
  return process.memoryUsage().rss / 2 ** 20;
}
/** Resident memory (MB) of this process's children (the builder process). */
function childrenRssMb(): number {
  try {
    const out = execFileSync('ps', ['--ppid', String(process.pid), '-o', 'rss='], { encoding: 'utf8' });
    return out
      .split('\n')
      .filter((l) => l.trim() !== '')
      .reduce((sum, l) => sum + Number(l) / 1024, 0);
  } catch {
    return 0;
  }
}

const fromFile = argv.includes('--from-file');
const keepAt = argv.indexOf('--keep-base');
const keptBase = keepAt < 0 ? null : argv[keepAt + 1]!;
const files: number[] = [];

/** A build of the store by the builder process, saved to `path`, as a first start makes it. */
function buildTo(path: string, meta: Awaited<ReturnType<typeof expectedOf>>): ReturnType<typeof buildApart> {
  return buildApart({ databaseUrl: db, readOnly: true, salaryBuckets: buckets, now, path, meta, priority: 'normal' });
}

/** The base as the service serves it: built and saved by the builder process, read from its file. */
async function baseFromFile(store: SqliteJobStore): Promise<SearchIndex> {
  const path = keptBase ?? join(dir, 'base.index');
  const meta = await expectedOf(store, buckets);
  const kept = keptBase !== null && existsSync(keptBase);
  const built = kept ? { type: 'built' as const } : await buildTo(path, meta);
  if (built.type !== 'built') throw new Error(`the base's build failed: ${built.message}`);
  // A kept base is read whatever code saved it (its layout must be this code's): merges of two
  // versions of the code compared on one base.
  const read = readIndexFile(path, kept ? { ...meta, format: readIndexMeta(path)?.format ?? '' } : meta);
  if (read?.state !== 'loaded') throw new Error(`the base's file was not read: ${JSON.stringify(read)}`);
  if (read.fd !== null) files.push(read.fd);
  return read.index;
}

/**
 * A merge's worth of changes, in four imports applied as catch-ups: a third updates, a third new
 * postings, a few deletions. The postings read for them are let go before the merge.
 */
async function applyChanges(store: SqliteJobStore, applier: ChangeApplier): Promise<number> {
  const changes = Math.max(20_000, Math.ceil(size / 20));
  const stored: Job[] = [];
  for await (const chunk of store.liveChunks(now, 1_000)) {
    for (const j of chunk) if (stored.length < changes) stored.push(j);
    if (stored.length >= changes) break;
  }
  const perImport = Math.ceil(changes / 4);
  for (let i = 0; i < 4; i++) {
    const slice = stored.slice(i * perImport, (i + 1) * perImport);
    const upserts = slice.map((j, k) =>
      k % 3 === 0
        ? { ...j, title: `${j.title} (update)` }
        : k % 3 === 1
          ? { ...j, key: `${j.key}:copy`, boardId: `9${j.boardId}` }
          : { ...j, searchText: `${j.searchText} neu` },
    );
    await store.upsert(upserts);
    await store.delete(slice.filter((_, k) => k % 50 === 7).map((j) => `${j.key}:copy`));
    await applier.catchUp(now);
  }
  return changes;
}

try {
  const store = new SqliteJobStore(db);
  const base = fromFile
    ? await baseFromFile(store)
    : (await buildStreaming(store, { salaryBuckets: buckets, now })).index;
  const cursor = await store.changeCursor();
  const applier = new ChangeApplier(store, base, cursor, {
    salaryBuckets: buckets,
    newWithinMs: DEFAULT_NEW_WITHIN_MS,
    spillDir: dir,
  });
  const changes = await applyChanges(store, applier);
  const before = applier.reader.size;
  log(
    `store: ${size} postings, ${changes} changed; index ${before} live in ${(await applier.catchUp(now)).segments} segments`,
  );

  const mergeOnly = argv.includes('--merge-only');
  // The old merge: the builder process, as the worker forks it.
  const path = join(dir, 'rebuild.index');
  let childPeak = 0;
  const sampler = setInterval(() => (childPeak = Math.max(childPeak, childrenRssMb())), 200);
  const meta = await expectedOf(store, buckets);
  const t0 = performance.now();
  const apart = mergeOnly ? { type: 'built' as const, loadMs: 0, buildMs: 0 } : await buildTo(path, meta);
  const rebuildMs = performance.now() - t0;
  clearInterval(sampler);
  if (apart.type !== 'built') throw new Error(`the rebuild failed: ${apart.message}`);

  // The new merge: in memory, with the worker's paced pauses.
  resetOwnPeak();
  const rssBefore = ownRssMb();
  const cpu0 = process.cpuUsage();
  const t1 = performance.now();
  const profile = argv.includes('--profile') ? new Session() : null;
  if (profile) {
    profile.connect();
    await profile.post('Profiler.enable');
    await profile.post('Profiler.start');
  }
  // The live heap (objects and array buffers) at each pause, its peak: what the merge holds, apart
  // from the garbage and free pages the resident figure also counts.
  const paced = pacedPause(PAUSE_BUDGET_MS);
  const heapOf = (): number => {
    const h = getHeapStatistics();
    return (h.used_heap_size + h.external_memory) / 2 ** 20;
  };
  const heapBefore = heapOf();
  let heapPeak = heapBefore;
  let pauses = 0;
  const trace = argv.includes('--trace');
  let traced = 0;
  const pause = (): Promise<void> => {
    if (pauses++ % 4 === 0) heapPeak = Math.max(heapPeak, heapOf());
    if (trace && performance.now() - traced >= 250) {
      traced = performance.now();
      const m = process.memoryUsage();
      const mb = (b: number): number => Math.round(b / 2 ** 20);
      log(
        `${((traced - t1) / 1000).toFixed(1)} s: rss ${mb(m.rss)} heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} buffers ${mb(m.arrayBuffers)} MB`,
      );
    }
    return paced();
  };
  const merged = await applier.merge(now, pause);
  const mergeMs = performance.now() - t1;
  if (profile) {
    const { profile: taken } = await profile.post('Profiler.stop');
    writeFileSync(join(tmpdir(), `merge-${process.pid}.cpuprofile`), JSON.stringify(taken));
    log(`profile: ${join(tmpdir(), `merge-${process.pid}.cpuprofile`)}`);
  }
  const cpu = process.cpuUsage(cpu0);
  const mergePeak = ownPeakMb();
  if (merged.size !== before) throw new Error(`merged ${merged.size} postings, ${before} were live`);
  console.log(
    JSON.stringify(
      {
        size,
        base: fromFile ? 'file' : 'built here',
        changes,
        live: before,
        rebuild: {
          wallS: +(rebuildMs / 1000).toFixed(2),
          loadMs: apart.loadMs,
          buildMs: apart.buildMs,
          builderPeakRssMb: Math.round(childPeak),
          serverRssMb: Math.round(ownRssMb()),
        },
        mergeInMemory: {
          wallS: +(mergeMs / 1000).toFixed(2),
          cpuS: +((cpu.user + cpu.system) / 1e6).toFixed(2),
          rssBeforeMb: Math.round(rssBefore),
          peakRssMb: Math.round(mergePeak),
          heapBeforeMb: Math.round(heapBefore),
          heapPeakMb: Math.round(heapPeak),
        },
        wallRatio: mergeOnly ? null : +(mergeMs / rebuildMs).toFixed(3),
      },
      null,
      2,
    ),
  );
  await store.close();
} finally {
  for (const fd of files) closeSync(fd);
  rmSync(dir, { recursive: true, force: true });
}
