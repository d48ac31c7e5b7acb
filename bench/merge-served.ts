/**
 * A merge into the base as the service runs it: `node dist/cli/main.js serve` (Node's default
 * options) started from a saved index (its cards left in the file) on a copy of a served corpus,
 * then a merge's worth of changes written to the store from this process in four transactions
 * (a tenth more than max(20,000, a twentieth of the live postings), the merge policy's threshold
 * for the deltas: a third updates, a third new postings, a few
 * deletions; as bench/merge.ts), which the server follows as catch-ups until its merge policy merges
 * the deltas into a new base in memory. Reports the server's resident memory, worker threads
 * included (VmRSS before the changes, VmHWM from then until the merge is swapped in: the peak), and
 * the resident memory of every process it started meanwhile (none is expected: the merge runs in
 * the serving process). A measurement, not a test.
 *
 *   npm run build && npx tsx bench/merge-served.ts --db bench/.cache/live-1000000-10000-<day>.db [--port 3977]
 *
 * The store is a corpus of bench/live-serve.ts (its cached base, with the index its import saved
 * beside it, `<db>.index`), copied to the temporary folder with that index.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Job } from '../src/domain/job.js';
import { SqliteJobStore } from '../src/store/sqlite-store.js';
import { spawnServe, waitReady } from './serve.js';

const argv = process.argv.slice(2);
const argOf = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  return i < 0 ? undefined : argv[i + 1];
};
const source = argOf('--db');
if (source === undefined) throw new Error('usage: merge-served.ts --db <a live-serve corpus> [--port 3977]');
const port = Number(argOf('--port') ?? 3977);
const CLI = join(import.meta.dirname, '..', 'dist', 'cli', 'main.js');
const log = (line: string): void => {
  console.error(line);
};

/** VmRSS and VmHWM of a process, in MB (0 once it has ended). */
function memoryOf(pid: number): { rss: number; peak: number } {
  let status = '';
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return { rss: 0, peak: 0 };
  }
  const kb = (name: string): number => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** The processes `pid` started, and theirs. */
function descendantsOf(pid: number): number[] {
  const out: number[] = [];
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const task of tasks) {
    let listed = '';
    try {
      listed = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const child of listed.split(' ')) {
      if (child.trim() === '') continue;
      out.push(Number(child), ...descendantsOf(Number(child)));
    }
  }
  return out;
}

async function rebuildsOf(): Promise<number> {
  const body = await fetch(`http://127.0.0.1:${port}/metrics`).then(
    (r) => r.text(),
    () => '',
  );
  return Number(/^search_index_rebuilds_total (\d+)/m.exec(body)?.[1] ?? Number.NaN);
}

async function documentsOf(): Promise<number> {
  const body = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.text());
  return (JSON.parse(body) as { documents: number }).documents;
}

const dir = mkdtempSync(join(tmpdir(), 'merge-served-'));
const db = join(dir, 'store.db');
copyFileSync(source, db);
copyFileSync(`${source}.index`, `${db}.index`);
const server = spawnServe(CLI, db, port);
try {
  const t0 = performance.now();
  await waitReady(server, port);
  const pid = server.pid!;
  const live = await documentsOf();
  log(`ready in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${live} live postings`);
  const rebuilds = await rebuildsOf();
  // The changes, read before the peak is reset (this process's reads are not the server's).
  const store = new SqliteJobStore(db);
  // A tenth past the merge policy's threshold (deletions and updates leave the deltas short of the changes).
  const changes = Math.ceil(Math.max(20_000, live / 20) * 1.1);
  const stored: Job[] = [];
  for await (const chunk of store.liveChunks(Date.now(), 1_000)) {
    for (const j of chunk) if (stored.length < changes) stored.push(j);
    if (stored.length >= changes) break;
  }
  log(`${stored.length} postings read for the changes`);
  await sleep(2_000);
  const before = memoryOf(pid);
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  let others = 0;
  const sampler = setInterval(() => {
    others = Math.max(
      others,
      descendantsOf(pid).reduce((sum, child) => sum + memoryOf(child).rss, 0),
    );
  }, 200);
  const t1 = performance.now();
  const perImport = Math.ceil(changes / 4);
  for (let i = 0; i < 4; i++) {
    const slice = stored.slice(i * perImport, (i + 1) * perImport);
    await store.upsert(
      slice.map((j, k) =>
        k % 3 === 0
          ? { ...j, title: `${j.title} (update)` }
          : k % 3 === 1
            ? { ...j, key: `${j.key}:copy`, boardId: `9${j.boardId}` }
            : { ...j, searchText: `${j.searchText} neu` },
      ),
    );
    await store.delete(slice.filter((_, k) => k % 50 === 7).map((j) => `${j.key}:copy`));
    log(`change ${i + 1} of 4 written; server RSS ${Math.round(memoryOf(pid).rss)} MB`);
    await sleep(3_000);
  }
  stored.length = 0;
  await store.close();
  const written = performance.now();
  let merged = Number.NaN;
  while (Number.isNaN(merged) && performance.now() - written < 1_200_000) {
    if ((await rebuildsOf()) > rebuilds) merged = performance.now();
    else await sleep(200);
  }
  clearInterval(sampler);
  const after = memoryOf(pid);
  const cpu = execFileSync('ps', ['-o', 'times=', '-p', String(pid)], { encoding: 'utf8' }).trim();
  console.log(
    JSON.stringify(
      {
        live,
        changes,
        merged: !Number.isNaN(merged),
        changesToMergedS: +((merged - t1) / 1000).toFixed(1),
        serverRssBeforeMb: Math.round(before.rss),
        serverPeakMb: Math.round(after.peak),
        serverRssAfterMb: Math.round(after.rss),
        otherProcessesPeakMb: Math.round(others),
        serverCpuS: Number(cpu),
        documentsAfter: await documentsOf(),
      },
      null,
      2,
    ),
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
}
