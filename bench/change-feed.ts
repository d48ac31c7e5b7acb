/**
 * `npx tsx bench/change-feed.ts [--count 20000] [--readers 4] [--limit 1000]`: what the change feed
 * costs on a store that one import of `--count` postings filled (one transaction, the case that
 * once made a single page of the whole import). Generates the feed (seeded), imports it with
 * `jobsearch import --create` into a fresh SQLite store, starts `jobsearch serve` on it (rate
 * limit, load shedding and the response cache off, so that every page is read from the store),
 * then measures over HTTP: the single request `since=0&limit=1` (one change of the import); one
 * reader walking the whole feed with `--limit`; a search request timed every 50 ms alone, then
 * beside `--readers` readers walking the feed at once; and the server's resident memory (VmRSS,
 * sampled every 20 ms) once ready and at its peak. Not a test: a measurement (Linux, for /proc).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatePostings } from '../src/demo/generate.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'src/cli/main.ts');
const NOW = Date.UTC(2026, 10, 20);

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1] ?? fallback) : fallback;
}

const count = arg('count', 20_000);
const readers = arg('readers', 4);
const limit = arg('limit', 1_000);

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function cli(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

interface Page {
  bytes: number;
  ms: number;
  changes: number;
}

async function page(
  base: string,
  since: number,
  after: string | null,
  size: number,
): Promise<Page & { next: [number, string | null, boolean] }> {
  const started = performance.now();
  const url = `${base}/jobs/api/job-changes?since=${since}&limit=${size}${after === null ? '' : `&after=${after}`}`;
  const response = await fetch(url);
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${text.slice(0, 200)}`);
  const body = JSON.parse(text) as {
    changes: unknown[];
    next_cursor: number;
    next_after: string | null;
    has_more: boolean;
  };
  return {
    bytes: Buffer.byteLength(text),
    ms,
    changes: body.changes.length,
    next: [body.next_cursor, body.next_after, body.has_more],
  };
}

async function walk(base: string): Promise<Page[]> {
  const pages: Page[] = [];
  let since = 0;
  let after: string | null = null;
  for (;;) {
    const p = await page(base, since, after, limit);
    pages.push(p);
    [since, after] = p.next;
    if (!p.next[2]) return pages;
  }
}

const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const fmt = (n: number, digits = 1): string => n.toFixed(digits);

const dir = mkdtempSync(join(tmpdir(), 'bench-change-feed-'));
let server: ChildProcess | null = null;
try {
  const db = join(dir, 'jobs.db');
  const feed = join(dir, 'feed.ndjson');
  writeFileSync(
    feed,
    [...generatePostings({ count, seed: 7, now: NOW })].map((p) => JSON.stringify(p)).join('\n') + '\n',
  );
  const importer = cli(['import', feed, '--create', '--source', 'bench', '--no-index'], { DATABASE_URL: db });
  const code = await new Promise((resolve) => importer.on('exit', resolve));
  if (code !== 0) throw new Error(`import exited ${String(code)}`);

  server = cli(['serve'], {
    DATABASE_URL: db,
    HOST: '127.0.0.1',
    PORT: '0',
    RATE_LIMIT_PER_MINUTE: '0',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    RESPONSE_CACHE_MB: '0',
    MAX_CONNECTIONS_PER_CLIENT: '0',
    LOG_LEVEL: 'info',
  });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    server?.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /"msg":"ready"/.test(out)
        ? /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1]
        : undefined;
      if (url !== undefined) resolve(url);
    });
    server?.on('exit', (c) => {
      reject(new Error(`serve exited ${String(c)}`));
    });
  });
  const pid = server.pid ?? 0;
  const idleRss = rssMb(pid);

  const single = await page(base, 0, null, 1);
  const one = await walk(base);

  const timeSearch = async (): Promise<number> => {
    const started = performance.now();
    await (await fetch(`${base}/jobs/api/job-search-results-count?q=seo`)).text();
    return performance.now() - started;
  };
  const aloneMs: number[] = [];
  for (let i = 0; i < 40; i++) {
    aloneMs.push(await timeSearch());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const beside = { searching: true };
  const searchMs: number[] = [];
  const search = (async () => {
    while (beside.searching) {
      searchMs.push(await timeSearch());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const started = performance.now();
  const walks = await Promise.all(Array.from({ length: readers }, () => walk(base)));
  const concurrentMs = performance.now() - started;
  beside.searching = false;
  await search;
  clearInterval(sampler);

  const bytes = one.map((p) => p.bytes);
  const ms = one.map((p) => p.ms);
  const all = walks.flat();
  console.log(
    `change feed, ${count.toLocaleString('en')} postings from one import, limit=${limit}, response cache off; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log('');
  console.log('| measure | value |');
  console.log('|---|---:|');
  console.log(
    `| \`since=0&limit=1\` (inside the one import): bytes, time | ${single.bytes.toLocaleString('en')} B, ${fmt(single.ms)} ms |`,
  );
  console.log(
    `| one reader, whole feed: pages, changes | ${one.length}, ${one.reduce((n, p) => n + p.changes, 0).toLocaleString('en')} |`,
  );
  console.log(
    `| one reader: bytes per page, median / max | ${(quantile(bytes, 0.5) / 1e6).toFixed(2)} / ${(Math.max(...bytes) / 1e6).toFixed(2)} MB |`,
  );
  console.log(`| one reader: time per page, median / max | ${fmt(quantile(ms, 0.5))} / ${fmt(Math.max(...ms))} ms |`);
  console.log(`| one reader: whole feed | ${fmt(ms.reduce((a, b) => a + b, 0) / 1000, 2)} s |`);
  console.log(`| ${readers} readers at once: whole feed each | ${fmt(concurrentMs / 1000, 2)} s |`);
  console.log(
    `| ${readers} readers: time per page, median / p99 / max | ${fmt(
      quantile(
        all.map((p) => p.ms),
        0.5,
      ),
    )} / ${fmt(
      quantile(
        all.map((p) => p.ms),
        0.99,
      ),
    )} / ${fmt(Math.max(...all.map((p) => p.ms)))} ms |`,
  );
  console.log(
    `| a search beside them (every 50 ms): median / max | ${fmt(quantile(searchMs, 0.5))} / ${fmt(Math.max(...searchMs))} ms (${searchMs.length} requests) |`,
  );
  console.log(
    `| the same search alone (every 50 ms, before): median / max | ${fmt(quantile(aloneMs, 0.5))} / ${fmt(Math.max(...aloneMs))} ms (${aloneMs.length} requests) |`,
  );
  console.log(`| server RSS: ready, idle / peak with ${readers} readers | ${fmt(idleRss, 0)} / ${fmt(peak, 0)} MB |`);
} finally {
  server?.kill('SIGTERM');
  if (server) await new Promise((resolve) => server?.on('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
}
