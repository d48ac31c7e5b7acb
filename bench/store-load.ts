/**
 * Store throughput: upsert N builder jobs in batches, update them all once more, then loadLive.
 *
 *   npx tsx bench/store-load.ts [--count 100000] [--batch 1000] [--keys random|sequential] [--url <DATABASE_URL>]
 *
 * Board ids always arrive in random order (they are hashes of the identity); --keys sequential
 * writes keys in key order, as a feed sorted by identifier would, random (the default) does not.
 *
 * Without --url a SQLite file in a fresh temp folder is used and removed afterwards. With a
 * postgres:// URL, point it at a database made for the run: the jobs table is emptied first.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Job } from '../src/domain/job.js';
import type { JobStore } from '../src/store/job-store.js';
import { openStore, parseDatabaseUrl } from '../src/store/open-store.js';
import { job } from '../test/builders.js';

const NOW = Date.UTC(2026, 11, 1);
const DAY = 86_400_000;

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    batch: { type: 'string', default: '1000' },
    url: { type: 'string' },
    keys: { type: 'string', default: 'random' },
  },
});
const count = Number(values.count);
const batchSize = Number(values.batch);

const sequentialKeys = values.keys === 'sequential';

/** Deterministic variety: every tenth job expired; a fixed permutation stands in for hashing. */
function benchJob(i: number, title: string): Job {
  const n = (i * 7_919) % count;
  return job({
    key: `bench:${String(sequentialKeys ? i : n).padStart(8, '0')}`,
    boardId: String(1_000_000_000 + n),
    title,
    validThrough: n % 10 === 0 ? NOW - DAY : null,
    postedAt: NOW - (n % 60) * DAY,
  });
}

interface Timing {
  ms: number;
  /** CPU time of this process (all its threads); a database server's own CPU is not in it. */
  cpuMs: number;
}

async function timed<T>(work: () => Promise<T>): Promise<Timing & { value: T }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await work();
  const used = process.cpuUsage(cpu);
  return { value, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

async function upsertAll(store: JobStore, title: string): Promise<{ inserted: number; updated: number }> {
  let inserted = 0;
  let updated = 0;
  for (let from = 0; from < count; from += batchSize) {
    const batch: Job[] = [];
    for (let i = from; i < Math.min(from + batchSize, count); i++) batch.push(benchJob(i, title));
    const result = await store.upsert(batch);
    inserted += result.inserted;
    updated += result.updated;
  }
  return { inserted, updated };
}

function report(label: string, rows: number, t: Timing, extra = ''): void {
  const perSecond = Math.round(rows / (t.ms / 1000));
  const cells = [
    label.padEnd(16),
    `${String(rows).padStart(9)} rows`,
    `${(t.ms / 1000).toFixed(2).padStart(7)} s`,
    `${String(perSecond).padStart(7)} rows/s`,
    `cpu ${(t.cpuMs / 1000).toFixed(1).padStart(5)} s`,
    extra,
  ];
  console.log(cells.join('  '));
}

async function main(): Promise<void> {
  if (count % 7_919 === 0) throw new Error('--count must not be a multiple of 7919');
  const dir = values.url === undefined ? await mkdtemp(join(tmpdir(), 'jobsearch-bench-')) : undefined;
  const url = values.url ?? join(dir ?? '', 'jobs.db');
  const store = await openStore(url);
  try {
    if ((await store.count()) > 0) throw new Error('the bench needs an empty store');
    const docBytes = Buffer.byteLength(JSON.stringify(benchJob(1, 'SEO Manager (m/w/d)')));
    console.log(
      `store ${parseDatabaseUrl(url).kind}, ${count} jobs of ~${docBytes} bytes JSON, batches of ${batchSize}, keys ${values.keys}`,
    );
    // Other processes on the machine skew every number: the load average says how much.
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );

    const insert = await timed(() => upsertAll(store, 'SEO Manager (m/w/d)'));
    report('upsert (insert)', count, insert, `inserted ${insert.value.inserted}`);
    const update = await timed(() => upsertAll(store, 'Senior SEO Manager (m/w/d)'));
    report('upsert (update)', count, update, `updated ${update.value.updated}`);

    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const load = await timed(() => store.loadLive(NOW));
    const heapMb = Math.round((process.memoryUsage().heapUsed - heapBefore) / 2 ** 20);
    report('loadLive', load.value.length, load, `heap +${heapMb} MiB`);
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    if (dir !== undefined)
      console.log(`file ${Math.round((await stat(url)).size / 2 ** 20)} MiB (before checkpoint of the WAL)`);
  } finally {
    await store.close();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  }
}

await main();
