/**
 * The service on a real SQLite file while a second process imports into it: every answer is
 * consistent and none waits long, and the import becomes visible.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleCli, ROOT, type CliBundle } from '../cli/cli-process.js';
import { generatePostings } from '../../src/demo/generate.js';
import { importRecords } from '../../src/ingest/run-import.js';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';
import type { CountResponse, FilterDataResponse, ListResponse } from '../../src/http/schemas.js';

/** The CLI bundled once for the file: its processes start without compiling the sources. */
let cli: CliBundle | null = null;

/** `node <the bundled CLI> ...args`. */
function cliArgs(args: string[]): string[] {
  if (cli === null) throw new Error('the CLI is bundled in beforeAll');
  return [cli.main, ...args];
}
const BASE = 1_500;
const IMPORTED = 2_500;

let dir: string;
let dbPath: string;
let importFile: string;
let server: { url: string; child: ChildProcess };

/**
 * `jobsearch serve` in a process of its own (the CLI bundled), as a user starts it; resolves once it
 * listens. Load shedding is off: on a shared, loaded test machine it could answer 503, and this
 * test is about consistent answers while the index changes.
 */
function startServe(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, cliArgs(['serve']), {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: dbPath,
      DEMO_POSTINGS: '0',
      REFRESH_INTERVAL_MS: '50',
      RATE_LIMIT_PER_MINUTE: '0',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      reject(new Error(`jobsearch serve exited (${code}) before listening`));
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
      if (url !== undefined) resolve({ url, child });
    });
  });
}

async function waitReady(): Promise<void> {
  for (let i = 0; i < 2_400; i++) {
    const res = await fetch(`${server.url}/readyz`).catch(() => null);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not become ready within 240 s');
}

beforeAll(async () => {
  cli = await bundleCli();
  dir = await mkdtemp(path.join(tmpdir(), 'jobsearch-live-'));
  dbPath = path.join(dir, 'jobs.db');
  importFile = path.join(dir, 'more.jsonl');
  const now = Date.now();
  // One generated run split in two, so that the imported postings have identifiers of their own.
  const records = [...generatePostings({ count: BASE + IMPORTED, seed: 11, now })];
  const store = new SqliteJobStore(dbPath);
  await store.migrate();
  await importRecords(records.slice(0, BASE), store, { source: 'base', now });
  await store.close();
  await writeFile(
    importFile,
    records
      .slice(BASE)
      .map((r) => JSON.stringify(r))
      .join('\n'),
  );
  server = await startServe();
  await waitReady();
  // Starting a server process and its index worker took over 90 s at load average 30.
}, 300_000);

afterAll(async () => {
  // undefined when beforeAll failed before it was set
  const started = server as typeof server | undefined;
  if (started && started.child.exitCode === null) {
    started.child.kill('SIGTERM');
    await new Promise((r) => started.child.once('exit', r));
  }
  await rm(dir, { recursive: true, force: true });
  cli?.remove();
});

interface Answer<T> {
  body: T;
  etag: string;
}

async function get<T>(pathname: string): Promise<Answer<T>> {
  const res = await fetch(`${server.url}${pathname}`);
  const body = (await res.json()) as T;
  expect(res.status, pathname).toBe(200);
  return { body, etag: versionOf(res.headers.get('etag') ?? '') };
}

/** The index version an ETag names (W/"<cursor>-<built at>-<digest of the request>"). */
function versionOf(etag: string): string {
  const version = /^W\/"([0-9a-z]+-[0-9a-z]+)-/.exec(etag)?.[1];
  expect(version, etag).toBeDefined();
  return version ?? '';
}

const digits = (formatted: string): number => Number(formatted.replace(/\D/g, ''));

function runImport(): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, cliArgs(['import', importFile]), {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: dbPath },
      stdio: 'ignore',
    });
    child.on('error', reject);
    child.on('exit', resolve);
  });
}

describe('an import from another process while serving', () => {
  it('keeps answering, every answer consistent, and shows the import whole once it is visible', async () => {
    const before = (await get<CountResponse>('/jobs/api/job-search-results-count')).body.total_results;
    // Untimed: the first requests of each route compile the handlers and open the connections.
    await get<ListResponse>('/jobs/api/job-search-results-list?page=9');
    await get<FilterDataResponse>('/jobs/api/job-search-filter-data?work_model=remote');
    const importing = runImport();
    let done = false as boolean; // set when the import process exits, read between awaits
    void importing.then(() => (done = true));
    const totals: number[] = [];
    let rounds = 0;
    let agreeing = 0;
    const deadline = Date.now() + 120_000;
    let after = -1;
    while (Date.now() < deadline) {
      const finished = done;
      const page = 1 + (rounds % 7);
      const [count, list, data] = await Promise.all([
        get<CountResponse>('/jobs/api/job-search-results-count'),
        get<ListResponse>(`/jobs/api/job-search-results-list?page=${page}`),
        get<FilterDataResponse>('/jobs/api/job-search-filter-data'),
      ]);
      rounds++;
      // Each answer agrees with itself.
      const f = data.body.filters;
      const all = digits(f.seo_jobs_only_counts.all_formatted);
      expect(digits(f.seo_jobs_only_counts.yes_formatted) + digits(f.seo_jobs_only_counts.no_formatted)).toBe(all);
      // A job with neither a stated salary nor a sound estimate is in no salary bucket.
      expect(f.salary_ranges.reduce((s, b) => s + b.count, 0)).toBeLessThanOrEqual(all);
      expect(list.body.jobs.length).toBe(Math.max(0, Math.min(20, list.body.total_results - (page - 1) * 20)));
      totals.push(count.body.total_results);
      // Answers from one index version agree with each other.
      if (count.etag === list.etag && list.etag === data.etag) {
        agreeing++;
        expect(list.body.total_results).toBe(count.body.total_results);
        expect(all).toBe(count.body.total_results);
      }
      if (finished) {
        after = count.body.total_results;
        const store = new SqliteJobStore(dbPath);
        const live = (await store.loadLive(Date.now())).length;
        await store.close();
        if (after === live) break;
      }
    }
    expect(await importing).toBe(0);
    const store = new SqliteJobStore(dbPath);
    const live = (await store.loadLive(Date.now())).length;
    await store.close();
    expect(live).toBeGreaterThan(before + IMPORTED * 0.9);
    expect(after).toBe(live);
    expect(agreeing).toBeGreaterThan(0);
    // The import only adds: an older index never comes back after a newer one was served.
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(totals.at(0)).toBe(before);
  }, 180_000);
});
