/**
 * The saved index (INDEX_FILE) through the whole service on real SQLite files: a start saves the
 * index it built; the next start begins from it, applies the store's changes since, and answers
 * exactly as a start that builds from the store; a file that does not fit its store is refused
 * with its reason, and the index is built instead.
 */
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { copyFile, mkdtemp, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { getPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { DEFAULT_SALARY_BUCKETS } from '../../src/domain/salary-buckets.js';
import { writeIndexFile } from '../../src/runtime/index-file-step.js';
import { BUILDER_NODE_OPTIONS } from '../../src/runtime/index-builder.js';
import { buildInWorker, INDEX_THREAD_NAME } from '../../src/runtime/remote-index.js';
import { SearchIndex, type SearchReader } from '../../src/search/segments/search-index.js';
import { generatePostings } from '../../src/demo/generate.js';
import { importRecords } from '../../src/ingest/run-import.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { startLines } from '../../src/cli/welcome.js';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';
import type { FilterDataResponse, ListResponse, SuggestResponse } from '../../src/http/schemas.js';

/** The nice value of this test process, which a build at normal priority keeps (a test run under `nice` raises it). */
const OWN_NICE = String(getPriority());

const NOW = Date.now();
let dir: string;
let dbPath: string;
let backup: string;

/** What this process's descriptor `fd` names (a path), or null when it is not open. */
function fdTarget(fd: number): string | null {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return null; // not open (or closed meanwhile)
  }
}

/** This process's descriptors that name `file`. */
function descriptorsOf(file: string): number[] {
  return readdirSync('/proc/self/fd')
    .map(Number)
    .filter((fd) => fdTarget(fd) === file);
}

/** Starts the service on `db`, runs `use` on it, closes it; gives back what it said. */
async function withServer<T>(
  db: string,
  env: Record<string, string>,
  use: (url: string) => Promise<T>,
): Promise<{ said: string[]; result: T }> {
  const said: string[] = [];
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: db,
    DEMO_POSTINGS: '0',
    REFRESH_INTERVAL_MS: '0',
    RATE_LIMIT_PER_MINUTE: '0',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  });
  const server: RunningServer = await startServer(config, pino({ level: 'silent' }), {
    tell: (fact) => said.push(...startLines(fact)),
  });
  try {
    return { said, result: await use(server.url) };
  } finally {
    await server.close();
  }
}

async function json<T>(url: string): Promise<T> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/**
 * What must not depend on how the index came to be. Salary estimates are left out: a posting that
 * arrives as a change is estimated by the samples of the index it joins (src/search/DESIGN.md),
 * a full build by all postings.
 */
async function answers(url: string): Promise<unknown> {
  const api = `${url}/jobs/api`;
  const out: Record<string, unknown> = {};
  for (const q of ['', '?work_model=remote', '?q=manager', '?seniority_level=senior&location=berlin']) {
    const { filters } = await json<FilterDataResponse>(`${api}/job-search-filter-data${q}`);
    out[`filters${q}`] = Object.fromEntries(Object.entries(filters).filter(([k]) => !/salar/.test(k)));
    for (const page of [1, 3]) {
      const sep = q === '' ? '?' : '&';
      const list = await json<ListResponse>(`${api}/job-search-results-list${q}${sep}sort=date&page=${page}`);
      out[`list${q}${page}`] = [list.pagination, list.total_results, list.jobs.map((j) => j.board_id)];
    }
  }
  out.places = (await json<SuggestResponse>(`${api}/job-search-location-autosuggest?q=b`)).suggestions;
  out.companies = (await json<SuggestResponse>(`${api}/job-search-company-autosuggest?q=a`)).suggestions;
  return out;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'index-file-'));
  dbPath = path.join(dir, 'jobs.db');
  backup = path.join(dir, 'backup.db');
  const store = new SqliteJobStore(dbPath);
  await store.migrate();
  await importRecords(generatePostings({ count: 400, seed: 3, now: NOW }), store, { source: 'a', now: NOW });
  await store.close();
  await copyFile(dbPath, backup);
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a saved index', () => {
  it('is written by a start, and the next start begins from it with the changes since', async () => {
    const first = await withServer(dbPath, {}, async (url) => answers(url));
    expect(first.said.join('\n')).not.toMatch(/saved index/);
    const saved = await stat(`${dbPath}.index`);

    // Changes while no server runs: new postings, deletions, a posting expired since.
    const store = new SqliteJobStore(dbPath);
    await store.migrate();
    const live = await store.loadLive(NOW);
    await importRecords(generatePostings({ count: 60, seed: 4, now: NOW }), store, { source: 'b', now: NOW });
    await store.delete(live.slice(0, 25).map((j) => j.key));
    await store.upsert([{ ...live[30]!, validThrough: Date.now() - 1000 }]);
    const cursor = await store.changeCursor();
    await store.close();

    const again = await withServer(dbPath, {}, async (url) => ({
      answers: await answers(url),
      ready: await json<{ cursor: number; documents: number }>(`${url}/readyz`),
    }));
    expect(again.said.join('\n')).toMatch(/started from the saved index .* \(86 changes since it was saved\)/);
    expect((await stat(`${dbPath}.index`)).mtimeMs).toBe(saved.mtimeMs);
    expect(again.result.ready.cursor).toBe(cursor);

    const built = await withServer(dbPath, { INDEX_FILE: 'off' }, async (url) => ({
      answers: await answers(url),
      ready: await json<{ documents: number }>(`${url}/readyz`),
    }));
    expect(again.result.ready.documents).toBe(built.result.ready.documents);
    expect(again.result.answers).toEqual(built.result.answers);
    expect(again.result.answers).not.toEqual(first.result);
  }, 120_000);

  it('is held open by the worker serving from it, and closed once that worker is retired', async () => {
    const file = path.join(dir, 'held.index');
    const holding = (): number => descriptorsOf(file).length;
    const options = { databaseUrl: dbPath, salaryBuckets: DEFAULT_SALARY_BUCKETS, now: Date.now(), indexFile: file };
    const built = await buildInWorker(options);
    try {
      expect(built.stats.indexFile?.state).toBe('saved');
      expect(holding()).toBe(1);
      const again = await buildInWorker({ ...options, loadIndexFile: true });
      expect(again.stats.indexFile?.state).toBe('loaded');
      expect(again.index.size).toBe(built.index.size);
      expect(holding()).toBe(2);
      again.retire();
      for (let i = 0; i < 100 && holding() > 1; i++) await new Promise((r) => setTimeout(r, 50));
      expect(holding()).toBe(1);
    } finally {
      built.retire();
    }
    for (let i = 0; i < 100 && holding() > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(holding()).toBe(0);
  }, 120_000);

  it('leaves alone what opens under its number once the worker serving from it has ended', async () => {
    // The worker's own descriptors are closed as it ends; the host closing them again once it heard
    // the worker's 'exit' closed whatever had been opened under their numbers meanwhile (in the
    // suite, another worker's event loop: the process aborted).
    const file = path.join(dir, 'reused.index');
    const built = await buildInWorker({
      databaseUrl: dbPath,
      salaryBuckets: DEFAULT_SALARY_BUCKETS,
      now: Date.now(),
      indexFile: file,
    });
    const held = descriptorsOf(file);
    expect(held).toHaveLength(1);
    const number = held[0]!;
    const other = path.join(dir, 'opened-meanwhile');
    await writeFile(other, 'x');
    built.retire();
    // Without letting this thread's event loop run (it is where 'exit' is heard): wait until the
    // ending worker has closed the file, then take its number, the lowest free ones first.
    const nap = new Int32Array(new SharedArrayBuffer(4));
    const deadline = Date.now() + 20_000;
    while (fdTarget(number) === file && Date.now() < deadline) Atomics.wait(nap, 0, 0, 5);
    expect(fdTarget(number)).toBeNull();
    const opened: number[] = [];
    try {
      while (opened.at(-1) !== number && opened.length < 1_000) opened.push(openSync(other, 'r'));
      expect(opened.at(-1)).toBe(number);
      // Now 'exit' is heard (the reader stops being healthy): the number is the other file's still.
      for (let i = 0; i < 400 && built.healthy(); i++) await new Promise((r) => setTimeout(r, 25));
      expect(built.healthy()).toBe(false);
      await new Promise((r) => setTimeout(r, 50));
      expect(fdTarget(number)).toBe(other);
    } finally {
      for (const fd of opened) closeSync(fd);
    }
  }, 120_000);

  it('is built by a process of its own, which ends; the index worker serves it from the file', async () => {
    /** The nice value of each thread of a process (field 19 of /proc's stat), ascending. */
    const nicesOf = (pid: string): number[] =>
      readdirSync(`/proc/${pid}/task`)
        .map((tid) => {
          const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
        })
        .sort((a, b) => a - b);
    /** This process's index threads, and its children that build an index (their threads' nice values, their Node options). */
    const census = (): { threads: number; builders: number; nices: string[]; options: string[] } => {
      const read = (file: string): string => {
        try {
          return readFileSync(file, 'utf8');
        } catch {
          return ''; // ended meanwhile
        }
      };
      const threads = readdirSync('/proc/self/task').filter(
        (task) => read(`/proc/self/task/${task}/comm`).trim() === INDEX_THREAD_NAME,
      ).length;
      const builders = readdirSync('/proc')
        .filter((pid) => /^\d+$/.test(pid))
        .filter((pid) => {
          const stat = read(`/proc/${pid}/stat`);
          const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
          return (
            parent === process.pid && read(`/proc/${pid}/cmdline`).split('\0').includes('--jobsearch-index-builder')
          );
        });
      const nices = builders.flatMap((pid) => {
        try {
          return [nicesOf(pid).join(',')];
        } catch {
          return []; // ended meanwhile
        }
      });
      // Each builder's Node options (its command line before the module it runs).
      const options = builders.flatMap((pid) => {
        const args = read(`/proc/${pid}/cmdline`).split('\0');
        const module = args.findIndex((arg) => /index-builder\.[jt]s$/.test(arg));
        return module < 0 ? [] : [args.slice(1, module).join(' ')];
      });
      return { threads, builders: builders.length, nices, options };
    };
    /** The most threads and builders seen at once, and each distinct set of a builder's nice values seen. */
    const sampleWhile = async <T>(
      work: Promise<T>,
    ): Promise<{ result: T; builders: number; threads: number; nices: Set<string>; options: Set<string> }> => {
      const most = { builders: 0, threads: 0 };
      const nices = new Set<string>();
      const options = new Set<string>();
      const sampling = setInterval(() => {
        const now = census();
        most.builders = Math.max(most.builders, now.builders);
        most.threads = Math.max(most.threads, now.threads);
        for (const seen of now.nices) nices.add(seen);
        for (const seen of now.options) options.add(seen);
      }, 5);
      try {
        return { result: await work, ...most, nices, options };
      } finally {
        clearInterval(sampling);
      }
    };
    // The workers of the tests before end asynchronously (a retired worker is terminated, not awaited).
    for (let i = 0; i < 200 && census().threads > 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(census()).toEqual({ threads: 0, builders: 0, nices: [], options: [] });
    const options = { databaseUrl: dbPath, salaryBuckets: DEFAULT_SALARY_BUCKETS, now: Date.now() };
    const saved = await sampleWhile(buildInWorker({ ...options, indexFile: path.join(dir, 'apart.index') }));
    try {
      expect(saved.builders).toBe(1);
      expect(saved.threads).toBe(1);
      expect(census()).toEqual({ threads: 1, builders: 0, nices: [], options: [] });
      // A first start's build (the default) runs at normal priority, every thread of it.
      expect(saved.nices.size).toBeGreaterThan(0);
      for (const seen of saved.nices) expect(seen.split(',').every((nice) => nice === OWN_NICE)).toBe(true);
      // Started with the builder's V8 options (its old generation's first limit), after the loader's.
      expect([...saved.options]).toEqual([['--import', 'tsx', ...BUILDER_NODE_OPTIONS].join(' ')]);
      const { stats, index } = saved.result;
      expect(stats.indexFile).toMatchObject({ state: 'saved', reloadMs: expect.any(Number) });
      expect(stats.buildMs).toBeGreaterThan(0);
      expect(stats.documents).toBe(index.size);
      expect(index.count({})).toBe(index.size);
      // Without a file, the build runs apart all the same, through a temporary file in TMPDIR that
      // is gone once the worker has read it (the worker reads its cards through the open descriptor).
      const temporary = path.join(dir, 'tmp');
      mkdirSync(temporary);
      // What a worker ended during its build left: removed when it belongs to no running process
      // (no process has an id above the kernel's limit of 2^22), kept when its process runs.
      const stale = path.join(temporary, 'jobsearch-index-99999999-abc123');
      mkdirSync(stale);
      await writeFile(path.join(stale, 'index.1.tmp'), 'part of a file');
      const alive = path.join(temporary, `jobsearch-index-${process.ppid}-def456`);
      mkdirSync(alive);
      const tmpdirBefore = process.env.TMPDIR;
      process.env.TMPDIR = temporary;
      // Built beside a serving index (a merge): at low priority, once it has lowered itself.
      const plain = await sampleWhile(buildInWorker({ ...options, buildPriority: 'low' })).finally(() => {
        if (tmpdirBefore === undefined) delete process.env.TMPDIR;
        else process.env.TMPDIR = tmpdirBefore;
      });
      try {
        expect(plain.builders).toBe(1);
        expect([...plain.nices].some((seen) => seen.split(',').every((nice) => nice === '10'))).toBe(true);
        for (const seen of plain.nices)
          expect(seen.split(',').every((nice) => nice === OWN_NICE || nice === '10')).toBe(true);
        // (TMPDIR also holds what the TypeScript loader of these tests caches there.)
        expect(readdirSync(temporary).filter((name) => name.startsWith('jobsearch-index-'))).toEqual([
          path.basename(alive),
        ]);
        const unlinked = readdirSync('/proc/self/fd').filter((fd) => {
          try {
            const target = readlinkSync(`/proc/self/fd/${fd}`);
            return (
              target.startsWith(`${temporary}/jobsearch-index-${process.pid}-`) && target.endsWith('/index (deleted)')
            );
          } catch {
            return false; // closed meanwhile
          }
        });
        expect(unlinked).toHaveLength(1);
        expect(plain.result.stats.indexFile?.state).toBe('off');
        expect(plain.result.stats.buildMs).toBeGreaterThan(0);
        expect(plain.result.index.size).toBe(index.size);
        expect(plain.result.index.list({ filter: {}, sort: 'date', order: 'desc', page: 2, perPage: 20 })).toEqual(
          index.list({ filter: {}, sort: 'date', order: 'desc', page: 2, perPage: 20 }),
        );
      } finally {
        plain.result.retire();
      }
    } finally {
      saved.result.retire();
    }
    // A file that cannot be written: the builder stops at once (the spill file beside it cannot be
    // opened either), and the worker builds by itself.
    const unwritable = await sampleWhile(
      buildInWorker({ ...options, indexFile: path.join(dir, 'no-such-folder', 'x.index') }),
    );
    try {
      expect(unwritable.builders).toBe(1);
      expect(unwritable.result.stats.indexFile).toMatchObject({
        state: 'failed',
        reason: expect.stringMatching(/ENOENT/),
      });
      expect(unwritable.result.index.size).toBe(saved.result.index.size);
      expect(census()).toEqual({ threads: 1, builders: 0, nices: [], options: [] });
      // At normal priority too, for as long as it ran.
      for (const seen of unwritable.nices) expect(seen.split(',').every((nice) => nice === OWN_NICE)).toBe(true);
    } finally {
      unwritable.result.retire();
    }
    // A start stopped during the build ends the builder too.
    const stopping = new AbortController();
    const aborted = buildInWorker({ ...options, indexFile: path.join(dir, 'aborted.index'), signal: stopping.signal });
    for (let i = 0; i < 2000 && census().builders === 0; i++) await new Promise((r) => setTimeout(r, 5));
    expect(census().builders).toBe(1);
    stopping.abort();
    await expect(aborted).rejects.toThrow(/aborted/);
    for (let i = 0; i < 200 && census().builders > 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(census()).toEqual({ threads: 0, builders: 0, nices: [], options: [] });
  }, 120_000);

  it('removes the temporary files of saves that never finished, unless their process still runs', async () => {
    const file = path.join(dir, 'leftovers.index');
    const names = {
      dead: `leftovers.index.999999999.k1.tmp`,
      mine: `leftovers.index.${process.pid}.k2.tmp`,
      running: `leftovers.index.1.k3.tmp`,
      other: `leftovers.index.notes.txt`,
    };
    for (const name of Object.values(names)) await writeFile(path.join(dir, name), 'x');
    const index = SearchIndex.build([], { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW });
    const meta = { format: 'f', storeId: 's', cursor: 0, builtAt: NOW, documents: 0 };
    expect(writeIndexFile(file, index, meta).state).toBe('saved');
    const left = readdirSync(dir).filter((n) => n.startsWith('leftovers.index'));
    expect(left.sort()).toEqual(['leftovers.index', names.other, names.running].sort());
  });

  it('of a small store, when asked, is built in the worker and served as built, then saved for the next start', async () => {
    /** What an index answers: counts, pages both ways and deep, facets both ways, suggestions. */
    const readings = (index: SearchReader): unknown => {
      const filter = {};
      return {
        count: index.count(filter),
        pages: (['desc', 'asc'] as const).flatMap((order) =>
          [1, 7].map((page) => index.list({ filter, sort: 'date', order, page, perPage: 20 })),
        ),
        facets: (['conjunctive', 'disjunctive'] as const).map((mode) =>
          index.facets({ filter, mode, facetLimit: 100 }),
        ),
        places: index.suggestLocations('b', 10),
        companies: index.suggestCompanies('a', 10),
      };
    };
    const options = { databaseUrl: dbPath, salaryBuckets: DEFAULT_SALARY_BUCKETS, now: Date.now() };
    const herePath = path.join(dir, 'here.index');
    const here = await buildInWorker({ ...options, indexFile: herePath, buildHereUpTo: 1_000_000 });
    const apart = await buildInWorker({ ...options, indexFile: path.join(dir, 'apart-small.index'), buildHereUpTo: 1 });
    try {
      // Served as built: nothing was read back from the file it saved.
      expect(here.stats.indexFile).toEqual({ state: 'saved', ms: expect.any(Number), bytes: expect.any(Number) });
      // Above the limit, the builder process builds and the worker serves what it saved.
      expect(apart.stats.indexFile).toMatchObject({ state: 'saved', reloadMs: expect.any(Number) });
      expect(here.stats.documents).toBe(apart.stats.documents);
      expect(readings(here.index)).toEqual(readings(apart.index));
      const again = await buildInWorker({
        ...options,
        indexFile: herePath,
        loadIndexFile: true,
        buildHereUpTo: 1_000_000,
      });
      try {
        expect(again.stats.indexFile).toMatchObject({ state: 'loaded', changes: 0 });
        expect(readings(again.index)).toEqual(readings(apart.index));
      } finally {
        again.retire();
      }
    } finally {
      here.retire();
      apart.retire();
    }
  });

  it('is refused when it comes from another store, is damaged, or the store went back behind it', async () => {
    const other = path.join(dir, 'other.db');
    const store = new SqliteJobStore(other);
    await store.migrate();
    await importRecords(generatePostings({ count: 50, seed: 5, now: NOW }), store, { source: 'c', now: NOW });
    await store.close();
    await copyFile(`${dbPath}.index`, `${other}.index`);
    const foreign = await withServer(other, {}, async (url) => json<{ documents: number }>(`${url}/readyz`));
    expect(foreign.said.join('\n')).toMatch(/saved index .* was not used: built from another store/);
    expect(foreign.result.documents).toBeLessThanOrEqual(50);

    // The refused file was replaced by this store's own: the next start uses it.
    const own = await withServer(other, {}, async (url) => json<{ documents: number }>(`${url}/readyz`));
    expect(own.said.join('\n')).toMatch(/started from the saved index/);
    expect(own.result.documents).toBe(foreign.result.documents);

    await truncate(`${other}.index`, 1000);
    const cut = await withServer(other, {}, async (url) => json<{ documents: number }>(`${url}/readyz`));
    expect(cut.said.join('\n')).toMatch(/was not used: unreadable: .* ends early/);
    expect(cut.result.documents).toBe(foreign.result.documents);

    // The first store restored from its backup, older than an index saved at a later cursor.
    const later = path.join(dir, 'later.index');
    await withServer(dbPath, { INDEX_FILE: later }, async () => undefined);
    await copyFile(backup, other);
    await copyFile(later, `${other}.index`);
    for (const f of [`${other}-wal`, `${other}-shm`]) await rm(f, { force: true });
    const restored = await withServer(other, {}, async (url) => json<{ documents: number }>(`${url}/readyz`));
    expect(restored.said.join('\n')).toMatch(/was not used: the store is behind it/);
  }, 120_000);
});
