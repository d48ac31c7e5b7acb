/**
 * Mixed load against `jobsearch serve` as a user starts it (Node's default options, real HTTP):
 * 80 % valid queries from the seeded query mix, 10 % valid queries with junk parameters (half
 * tracking parameters, which are ignored, half unknown ones, which are a 400), 10 % bad ones
 * (invalid values, repeated parameters). Rate limiter and connection cap off. Reports the status
 * classes and resident memory after the first minute and at the end.
 *
 *   npx tsx bench/mixed-load.ts [--size 100000] [--minutes 10] [--connections 10] [--seed 1]
 *
 * A benchmark, not a test: nothing is asserted; the figures go to stdout as JSON.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { ensureCorpus } from './corpus.js';
import { buildQueryMix } from './query-mix.js';
import { urlsFor } from './http-urls.js';
import { bundleCli } from '../test/cli/bundle-cli.js';
import { SqliteJobStore } from '../src/store/sqlite-store.js';
import { Random } from '../src/demo/generate-random.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function arg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}

const size = arg('size', 100_000);
const minutes = arg('minutes', 10);
const connections = arg('connections', 10);
const seed = arg('seed', 1);
const log = (line: string): void => void process.stderr.write(`${line}\n`);

const BAD = [
  'page=abc',
  'sort=bogus',
  'per_page=1000',
  'radius=-1',
  'page=0',
  'work_model=remote&work_model=hybrid',
  'remote_percentage_min=50%25',
  'facet_limit=0x10',
  'order=sideways',
  'limit=-1',
];

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function main(): Promise<void> {
  // The server runs on the wall clock: postings generated for the start of today, so that they
  // are live (a corpus made for the engine's fixed BENCH_NOW would be mostly expired by now).
  const today = new Date(new Date().toISOString().slice(0, 10)).getTime();
  const corpus = await ensureCorpus(size, seed, false, log, today);
  const dir = mkdtempSync(join(tmpdir(), 'mixed-load-'));
  const db = join(dir, 'jobs.db');
  copyFileSync(corpus.path, db);
  const store = new SqliteJobStore(db);
  await store.migrate();
  const jobs = await store.loadLive(Date.now());
  await store.close();
  const mix = buildQueryMix(jobs, { seed, filters: 4_000, suggests: 1_000, warmup: 10 });
  jobs.length = 0;
  const valid = [
    ...urlsFor('filterData', mix),
    ...urlsFor('count', mix),
    ...urlsFor('list1', mix),
    ...urlsFor('list50', mix),
    ...urlsFor('suggest', mix),
  ];
  log(
    `mixed load: ${valid.length} distinct valid URLs over ${size} postings, ${minutes} min, ${connections} connections`,
  );

  // The CLI and the modules it starts beside it, bundled once (each start then compiles nothing).
  const cli = await bundleCli();
  const main = cli.main;
  const server = spawn(process.execPath, [main, 'serve'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: db,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      MAX_CONNECTIONS_PER_CLIENT: '0',
    },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let err = '';
  server.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const started = Date.now();
  let base = '';
  while (!base) {
    const m = /API docs +(http:\/\/[^/\s]+)\/docs/.exec(err);
    if (m?.[1]) base = m[1];
    else if (server.exitCode !== null) throw new Error(`server exited: ${err}`);
    else await new Promise((r) => setTimeout(r, 100));
  }
  const readyS = (Date.now() - started) / 1000;
  const rssReady = rssMb(server.pid!);
  log(`ready in ${readyS.toFixed(1)} s, RSS ${rssReady} MB`);

  const rng = new Random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng.next() * list.length)]!;
  let junkCount = 0;
  const nextPath = (): string => {
    const r = rng.next();
    const url = pick(valid);
    const join = url.includes('?') ? '&' : '?';
    if (r < 0.8) return url;
    if (r < 0.9) {
      junkCount++;
      return rng.next() < 0.5
        ? `${url}${join}utm_source=n${junkCount}&_=${junkCount}`
        : `${url}${join}junk_${junkCount}=x`;
    }
    return `${url}${join}${pick(BAD)}`;
  };

  const samples: Array<{ s: number; rssMb: number }> = [];
  const t0 = Date.now();
  const sampler = setInterval(
    () => samples.push({ s: Math.round((Date.now() - t0) / 1000), rssMb: rssMb(server.pid!) }),
    5_000,
  );
  const result = await autocannon({
    url: base,
    connections,
    duration: minutes * 60,
    requests: [{ setupRequest: (req) => ({ ...req, path: nextPath() }) }],
  });
  clearInterval(sampler);
  const rssEnd = rssMb(server.pid!);
  const afterFirstMinute = samples.find((x) => x.s >= 60)?.rssMb ?? samples[0]?.rssMb ?? rssReady;
  const metrics = await (await fetch(`${base}/metrics`)).text();
  const metric = (name: string): number => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1] ?? NaN);
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
  cli.remove();

  const report = {
    size,
    minutes,
    connections,
    readyS,
    liveDocuments: metric('search_index_documents'),
    requests: result.requests.total,
    reqPerSec: result.requests.average,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    status: { '2xx': result['2xx'], '3xx': result['3xx'], '4xx': result['4xx'], '5xx': result['5xx'] },
    errors: result.errors,
    timeouts: result.timeouts,
    rssMb: {
      ready: rssReady,
      afterFirstMinute,
      end: rssEnd,
      max: Math.max(...samples.map((x) => x.rssMb)),
      endVsFirstMinute: +(rssEnd / afterFirstMinute).toFixed(3),
    },
    responseCache: {
      bytes: metric('http_response_cache_bytes'),
      entries: metric('http_response_cache_entries'),
      hitRatio: metric('http_response_cache_hit_ratio'),
    },
    loadAverage: (await import('node:os')).loadavg(),
    rssSamples: samples,
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

await main();
