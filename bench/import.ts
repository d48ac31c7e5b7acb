/**
 * `npm run build && npm run bench:import -- [--count 100000] [--url postgres://…] [--seed 7]
 * [--workers n] [--format ndjson|array] [--first-only] [--cli <a build's dist/cli/main.js>]`:
 * import throughput as an operator gets it. Generates a seeded feed (NDJSON, or one JSON array;
 * not timed), then runs `jobsearch import` as its own process with Node's default options, from
 * the built CLI (`dist/cli/main.js`, as `bin/jobsearch` runs it; `--cli` another build's, to
 * compare two builds on one feed) into a fresh store, twice (first import: all inserted;
 * re-import: all unchanged), then the same postings a day later (all updated), and reports postings per second (read to published: the whole
 * process, start-up included), the process's CPU time (all threads; sampled every 50 ms, so the
 * last 50 ms may be missing) and its peak memory (Linux): VmHWM, the peak resident set,
 * and apart from it the peaks of anonymous memory (heaps, buffers: what the import holds) and of
 * file-backed pages (SQLite maps its file into memory; those pages are the OS's page cache).
 * After each pass into SQLite: the store's file size, pages, free pages and bytes a posting.
 * A third pass measures the store alone: the same postings, already enriched, staged in batches
 * of 1,000 and published, in this process. `--first-only` runs the first import alone (for a
 * million). `--url` names the PostgreSQL server: the bench creates a database of its own there
 * and drops it afterwards. Not a test: a measurement.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { generatePostings } from '../src/demo/generate.js';
import { recordToJob } from '../src/ingest/record-to-job.js';
import { openStore } from '../src/store/open-store.js';
import type { StagedJob } from '../src/store/job-store.js';
import { createBenchDatabase, dropBenchDatabase } from './pg-database.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const NOW = Date.UTC(2026, 10, 20);

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

interface Memory {
  /** VmHWM: the peak resident set. */
  hwm: number;
  /** Peaks of RssAnon and RssFile, sampled every 50 ms. */
  anon: number;
  file: number;
}

interface Pass {
  seconds: number;
  perSecond: number;
  /** CPU time of the import process (all its threads), the steadier figure on a shared machine. */
  cpuSeconds: number;
  memory: Memory | null;
  summary: string;
}

/** The process's memory figures in MB (Linux /proc), or null once it is gone. */
function memoryOf(pid: number): Memory | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const mb = (field: string): number => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024;
    const m = { hwm: mb('VmHWM'), anon: mb('RssAnon'), file: mb('RssFile') };
    // A process on its way out (a zombie) has no memory lines left.
    return Number.isNaN(m.hwm + m.anon + m.file) ? null : m;
  } catch {
    return null;
  }
}

/** User + system CPU seconds of a process so far (Linux /proc), or null once it is gone. */
function cpuOf(pid: number): number | null {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** A SQLite store's size after a pass: the file (and its WAL), pages, free pages, bytes a posting. */
function storeText(path: string, inputBytes: number): string {
  const db = new Database(path, { readonly: true });
  try {
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    const pages = db.pragma('page_count', { simple: true }) as number;
    const free = db.pragma('freelist_count', { simple: true }) as number;
    const rows = db.prepare<[], number>('SELECT count(*) FROM jobs').pluck().get() ?? 0;
    const wal = existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0;
    const file = statSync(path).size;
    const mb = (b: number): string => `${(b / 1024 / 1024).toFixed(1)} MB`;
    return (
      `store ${mb(file)} (+ WAL ${mb(wal)}), ${pages} pages of ${pageSize / 1024} KiB, ${free} free, ` +
      `${Math.round(((pages - free) * pageSize) / Math.max(1, rows))} B a posting (input ${Math.round(inputBytes / Math.max(1, rows))} B), ` +
      `${(((pages - free) * pageSize) / inputBytes).toFixed(2)}× the input`
    );
  } finally {
    db.close();
  }
}

function memoryText(m: Memory | null): string {
  if (m === null) return 'peak RSS unknown';
  return `peak RSS ${m.hwm.toFixed(0)} MB (anonymous ${m.anon.toFixed(0)} MB, file-backed ${m.file.toFixed(0)} MB)`;
}

function passText(pass: Pass, count: number): string {
  const perCpu = pass.cpuSeconds > 0 ? `, ${Math.round(count / pass.cpuSeconds)} postings per CPU second` : '';
  return `${pass.seconds.toFixed(1)} s, ${Math.round(pass.perSecond)} postings/s; CPU ${pass.cpuSeconds.toFixed(1)} s${perCpu}`;
}

async function importProcess(file: string, url: string, count: number, workers: string, cli: string): Promise<Pass> {
  const started = performance.now();
  // The import alone: not the index it would save for a store without one (measured by the live bench).
  const args = [cli, 'import', file, '--create', '--source', 'bench', '--no-index'];
  if (workers !== '') args.push('--workers', workers);
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let peak: Memory | null = null;
  let cpu = 0;
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-2_000)));
  const poll = setInterval(() => {
    const m = child.pid === undefined ? null : memoryOf(child.pid);
    cpu = (child.pid === undefined ? null : cpuOf(child.pid)) ?? cpu;
    if (m !== null)
      peak = {
        hwm: Math.max(peak?.hwm ?? 0, m.hwm),
        anon: Math.max(peak?.anon ?? 0, m.anon),
        file: Math.max(peak?.file ?? 0, m.file),
      };
  }, 50);
  const [code] = (await once(child, 'close')) as [number | null];
  clearInterval(poll);
  if (code !== 0) throw new Error(`jobsearch import exited ${code}: ${out}${err}`);
  const seconds = (performance.now() - started) / 1000;
  return {
    seconds,
    perSecond: count / seconds,
    cpuSeconds: cpu,
    memory: peak,
    summary: out
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.trim())
      .join('; '),
  };
}

async function storeOnly(
  lines: readonly string[],
  url: string,
): Promise<{ enrichPerSecond: number; storePerSecond: number }> {
  let t = performance.now();
  const staged: StagedJob[] = [];
  lines.forEach((line, i) => {
    const r = recordToJob(JSON.parse(line), { source: 'direct', now: NOW });
    if (r.ok) staged.push({ job: r.job, position: `line ${i + 1}` });
  });
  const enrichSeconds = (performance.now() - t) / 1000;
  const store = await openStore(url);
  t = performance.now();
  const id = await store.beginImport('direct');
  for (let i = 0; i < staged.length; i += 1_000) await store.stage(id, staged.slice(i, i + 1_000));
  await store.publish(id, { now: NOW, sync: false });
  const storeSeconds = (performance.now() - t) / 1000;
  await store.close();
  return { enrichPerSecond: lines.length / enrichSeconds, storePerSecond: staged.length / storeSeconds };
}

/** The first (at most) 20,000 postings of the feed, as NDJSON lines. */
function generatedLines(count: number, seed: number): string[] {
  const lines: string[] = [];
  for (const p of generatePostings({ count: Math.min(count, 20_000), seed, now: NOW })) lines.push(JSON.stringify(p));
  return lines;
}

async function writeFeed(file: string, format: string, count: number, seed: number, now: number): Promise<void> {
  const out = createWriteStream(file);
  let first = true;
  if (format === 'array') out.write('[\n');
  for (const p of generatePostings({ count, seed, now })) {
    const text = format === 'array' ? `${first ? '' : ',\n'}${JSON.stringify(p)}` : `${JSON.stringify(p)}\n`;
    first = false;
    if (!out.write(text)) await once(out, 'drain');
  }
  if (format === 'array') out.write('\n]\n');
  out.end();
  await once(out, 'finish');
}

async function main(): Promise<void> {
  const count = Number(arg('count', '100000'));
  const seed = Number(arg('seed', '7'));
  const pgUrl = arg('url', '');
  const workers = arg('workers', '');
  const format = arg('format', 'ndjson');
  // The built CLI, as an operator runs it: the sources through tsx would count its compiling of
  // every module, in each thread, as the import's CPU time.
  const cli = arg('cli', join(ROOT, 'dist', 'cli', 'main.js'));
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run build first`);
  if (format !== 'ndjson' && format !== 'array') throw new Error(`--format must be ndjson or array (got ${format})`);
  const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  const database = pgUrl === '' ? null : await createBenchDatabase(pgUrl);
  try {
    const file = join(dir, `feed.${format === 'array' ? 'json' : 'ndjson'}`);
    await writeFeed(file, format, count, seed, NOW);
    // The same postings a day later (every date moved): each one updated.
    const updatedFile = join(dir, `updated.${format === 'array' ? 'json' : 'ndjson'}`);
    await writeFeed(updatedFile, format, count, seed, NOW + 86_400_000);
    const inputBytes = statSync(file).size;
    const url = database === null ? join(dir, 'jobs.db') : database.url;
    const kind = pgUrl === '' ? 'SQLite' : 'PostgreSQL';
    console.log(
      `import bench: ${count} postings (${format}) into ${kind}, --workers ${workers === '' ? 'default' : workers}, load average ${loadavg()[0]?.toFixed(1)}`,
    );
    const firstPass = await importProcess(file, url, count, workers, cli);
    const size = (): string => (pgUrl === '' ? `; ${storeText(url, inputBytes)}` : '');
    console.log(
      `first import:  ${passText(firstPass, count)}, ${memoryText(firstPass.memory)} (${firstPass.summary})${size()}`,
    );
    if (process.argv.includes('--first-only')) return;
    const again = await importProcess(file, url, count, workers, cli);
    console.log(`re-import:     ${passText(again, count)}, ${memoryText(again.memory)} (${again.summary})${size()}`);
    const updated = await importProcess(updatedFile, url, count, workers, cli);
    console.log(
      `updated feed:  ${passText(updated, count)}, ${memoryText(updated.memory)} (${updated.summary})${size()}`,
    );
    const sample = generatedLines(count, seed);
    const direct = await storeOnly(sample, url);
    console.log(
      `of which (${sample.length} postings in this process): enrich ${Math.round(direct.enrichPerSecond)}/s, stage + publish ${Math.round(direct.storePerSecond)}/s`,
    );
  } finally {
    console.log(`load average at the end ${loadavg()[0]?.toFixed(1)}`);
    rmSync(dir, { recursive: true, force: true });
    if (database !== null) await dropBenchDatabase(database.name, pgUrl);
  }
}

await main();
