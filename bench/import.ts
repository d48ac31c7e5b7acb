/**
 * `npm run bench:import -- [--count 100000] [--url postgres://…] [--seed 7]`: import throughput as
 * an operator gets it. Generates a seeded NDJSON feed (not timed), then runs `jobsearch import`
 * as its own process with Node's default options into a fresh store, twice (first import: all
 * inserted; re-import: all unchanged), and reports postings per second and the process's peak RSS
 * (VmHWM, Linux). A third pass measures the store alone: the same postings, already enriched,
 * staged in batches of 1,000 and published, in this process. Not a test: a measurement.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatePostings } from '../src/demo/generate.js';
import { enrichRecord } from '../src/ingest/enrich.js';
import { openStore } from '../src/store/open-store.js';
import type { StagedJob } from '../src/store/job-store.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const NOW = Date.UTC(2026, 10, 20);

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

interface Pass {
  seconds: number;
  perSecond: number;
  peakRssMb: number | null;
  summary: string;
}

function peakRss(pid: number): number | null {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

async function importProcess(file: string, url: string, count: number): Promise<Pass> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'import', file, '--source', 'bench'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let peak: number | null = null;
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-2_000)));
  const poll = setInterval(() => {
    const rss = child.pid === undefined ? null : peakRss(child.pid);
    if (rss !== null) peak = Math.max(peak ?? 0, rss);
  }, 50);
  const [code] = (await once(child, 'close')) as [number | null];
  clearInterval(poll);
  if (code !== 0) throw new Error(`jobsearch import exited ${code}: ${out}${err}`);
  const seconds = (performance.now() - started) / 1000;
  return {
    seconds,
    perSecond: count / seconds,
    peakRssMb: peak,
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
    const r = enrichRecord(JSON.parse(line), { source: 'direct', now: NOW });
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

async function main(): Promise<void> {
  const count = Number(arg('count', '100000'));
  const seed = Number(arg('seed', '7'));
  const pgUrl = arg('url', '');
  const dir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  try {
    const file = join(dir, 'feed.ndjson');
    const out = createWriteStream(file);
    for (const p of generatePostings({ count, seed, now: NOW })) {
      if (!out.write(`${JSON.stringify(p)}\n`)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    const url = pgUrl === '' ? join(dir, 'jobs.db') : pgUrl;
    const kind = pgUrl === '' ? 'SQLite' : 'PostgreSQL';
    console.log(`import bench: ${count} postings into ${kind}, load average ${loadavg()[0]?.toFixed(1)}`);
    const first = await importProcess(file, url, count);
    console.log(
      `first import:  ${first.seconds.toFixed(1)} s, ${Math.round(first.perSecond)} postings/s, peak RSS ${first.peakRssMb?.toFixed(0)} MB (${first.summary})`,
    );
    const again = await importProcess(file, url, count);
    console.log(
      `re-import:     ${again.seconds.toFixed(1)} s, ${Math.round(again.perSecond)} postings/s, peak RSS ${again.peakRssMb?.toFixed(0)} MB (${again.summary})`,
    );
    const sample = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .slice(0, Math.min(count, 20_000));
    const direct = await storeOnly(sample, url);
    console.log(
      `of which (${sample.length} postings in this process): enrich ${Math.round(direct.enrichPerSecond)}/s, stage + publish ${Math.round(direct.storePerSecond)}/s`,
    );
    console.log(`load average at the end ${loadavg()[0]?.toFixed(1)}`);
    writeFileSync(join(dir, 'done'), '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
