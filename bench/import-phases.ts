/**
 * `node --import tsx bench/import-phases.ts [--count 20000] [--url postgres://…] [--seed 7]`: where
 * an import's time goes, per phase, in this process and one thread: parse the NDJSON lines,
 * enrich (recordToJob), stage in batches of 1,000, publish; then a re-import of the same postings
 * (all unchanged). Each statement the store sends (pg `query`, better-sqlite3 `run`/`get`/`all`)
 * is timed and summed by its first words, so the publish shows its merge, change log, duplicate
 * groups, staging clean-up and commit apart. SQLite into a temporary file; `--url` names a
 * PostgreSQL server, on which the bench creates a database of its own and drops it afterwards;
 * for a server on this machine it also reports the CPU its backends spent (from /proc).
 * Not a test: a measurement (wall-clock milliseconds on whatever machine runs it).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Database from 'better-sqlite3';
import pg from 'pg';
import { generatePostings } from '../src/demo/generate.js';
import { recordToJob } from '../src/ingest/record-to-job.js';
import { openStore } from '../src/store/open-store.js';
import type { JobStore, StagedJob } from '../src/store/job-store.js';
import { createBenchDatabase, dropBenchDatabase } from './pg-database.js';

const NOW = Date.UTC(2026, 10, 20);
const BATCH = 1_000;

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

/** Milliseconds per statement label, summed since the last reset. */
const statements = new Map<string, { ms: number; calls: number }>();

function label(sql: string): string {
  return sql.replace(/\s+/g, ' ').trim().slice(0, 60);
}

function record(sql: string, ms: number): void {
  const key = label(sql);
  const entry = statements.get(key) ?? { ms: 0, calls: 0 };
  entry.ms += ms;
  entry.calls += 1;
  statements.set(key, entry);
}

/** Times every pg query (text or config object; promise form only, as the store uses). */
function timePg(): void {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function timed(this: unknown, ...args: unknown[]): unknown {
    const first = args[0];
    const sql =
      typeof first === 'string'
        ? first
        : typeof first === 'object' && first !== null && 'text' in first
          ? String(first.text)
          : 'COPY (a stream)';
    const started = performance.now();
    const result = original.apply(this, args);
    const done = (): void => {
      record(sql, performance.now() - started);
    };
    if (result instanceof Promise) return result.finally(done);
    // COPY: the stream the query was given, done when it finishes.
    if (result instanceof Writable) result.once('finish', done);
    return result;
  };
}

/** Times every better-sqlite3 statement run. */
function timeSqlite(): void {
  const db = new Database(':memory:');
  const proto = Object.getPrototypeOf(db.prepare('SELECT 1')) as Record<string, unknown>;
  db.close();
  for (const method of ['run', 'get', 'all']) {
    const original = proto[method] as (...args: unknown[]) => unknown;
    proto[method] = function timed(this: { source: string }, ...args: unknown[]): unknown {
      const started = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        record(this.source, performance.now() - started);
      }
    };
  }
}

/** CPU milliseconds (user + system) of a process (Linux /proc), or null once it is gone. */
function cpuOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * CPU of this process and of the PostgreSQL server's backends of the bench database (a local
 * server: their pids from pg_stat_activity, their CPU from /proc), in milliseconds.
 */
class CpuMeter {
  #admin: pg.Client | null = null;
  constructor(private readonly database: { name: string; adminUrl: string } | null) {}
  async start(): Promise<{ client: number; server: Map<number, number> }> {
    const usage = process.cpuUsage();
    return { client: (usage.user + usage.system) / 1000, server: await this.#backends() };
  }
  async since(mark: { client: number; server: Map<number, number> }): Promise<{ client: number; server: number }> {
    const now = await this.start();
    let server = 0;
    for (const [pid, ms] of now.server) server += ms - (mark.server.get(pid) ?? 0);
    return { client: now.client - mark.client, server };
  }
  async close(): Promise<void> {
    await this.#admin?.end();
  }
  async #backends(): Promise<Map<number, number>> {
    const found = new Map<number, number>();
    if (this.database === null) return found;
    if (this.#admin === null) {
      this.#admin = new pg.Client({ connectionString: this.database.adminUrl });
      await this.#admin.connect();
    }
    const pids = await this.#admin.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [this.database.name],
    );
    for (const { pid } of pids.rows) {
      const ms = cpuOf(pid);
      if (ms !== null) found.set(pid, ms);
    }
    return found;
  }
}

let meter = new CpuMeter(null);

function report(title: string, ms: number, cpu?: { client: number; server: number }): void {
  const spent =
    cpu === undefined ? '' : `; CPU: this process ${cpu.client.toFixed(0)} ms, server ${cpu.server.toFixed(0)} ms`;
  console.log(`  ${title.padEnd(40)} ${ms.toFixed(0).padStart(7)} ms wall${spent}`);
}

function statementReport(): void {
  const rows = [...statements.entries()].sort((a, b) => b[1].ms - a[1].ms);
  for (const [sql, { ms, calls }] of rows.slice(0, 14)) {
    if (ms < 5) continue;
    console.log(`    ${ms.toFixed(0).padStart(7)} ms ${String(calls).padStart(5)}× ${sql}`);
  }
  statements.clear();
}

async function importOnce(store: JobStore, staged: readonly StagedJob[], title: string): Promise<void> {
  console.log(title);
  statements.clear();
  let t = performance.now();
  let cpu = await meter.start();
  const id = await store.beginImport('bench');
  for (let i = 0; i < staged.length; i += BATCH) await store.stage(id, staged.slice(i, i + BATCH));
  report(`stage (${Math.ceil(staged.length / BATCH)} batches)`, performance.now() - t, await meter.since(cpu));
  statementReport();
  t = performance.now();
  cpu = await meter.start();
  const result = await store.publish(id, { now: NOW, sync: false });
  report('publish', performance.now() - t, await meter.since(cpu));
  console.log(`    ${JSON.stringify(result)}`);
  statementReport();
}

async function main(): Promise<void> {
  const count = Number(arg('count', '20000'));
  const seed = Number(arg('seed', '7'));
  const pgUrl = arg('url', '');
  const lines: string[] = [];
  for (const p of generatePostings({ count, seed, now: NOW })) lines.push(JSON.stringify(p));
  console.log(
    `import phases: ${count} postings into ${pgUrl === '' ? 'SQLite' : 'PostgreSQL'}, load average ${loadavg()[0]?.toFixed(1)}`,
  );
  let t = performance.now();
  const records = lines.map((line) => JSON.parse(line) as unknown);
  report('parse', performance.now() - t);
  t = performance.now();
  const staged: StagedJob[] = [];
  records.forEach((r, i) => {
    const outcome = recordToJob(r, { source: 'bench', now: NOW });
    if (outcome.ok) staged.push({ job: outcome.job, position: `line ${i + 1}` });
  });
  report('enrich', performance.now() - t);

  const dir = mkdtempSync(join(tmpdir(), 'bench-import-phases-'));
  const database = pgUrl === '' ? null : await createBenchDatabase(pgUrl);
  if (database === null) timeSqlite();
  else timePg();
  try {
    const store = await openStore(database === null ? join(dir, 'jobs.db') : database.url, { forImport: true });
    if (database !== null) meter = new CpuMeter({ name: database.name, adminUrl: pgUrl });
    try {
      await importOnce(store, staged, 'first import (all new)');
      await importOnce(store, staged, 're-import (all unchanged)');
      const changed = staged.map((s) => ({ ...s, job: { ...s.job, title: `${s.job.title} (m/w/d)` } }));
      await importOnce(store, changed, 'import with every posting changed');
    } finally {
      await store.close();
      await meter.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    if (database !== null) await dropBenchDatabase(database.name, pgUrl);
    console.log(`load average at the end ${loadavg()[0]?.toFixed(1)}`);
  }
}

await main();
