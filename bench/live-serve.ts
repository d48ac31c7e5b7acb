/**
 * The service as a user runs it: `node dist/cli/main.js serve` (Node's default options) on a
 * SQLite file of `--size` postings, measured over HTTP from this process.
 *
 * 0. The first start after the import that filled the store (the corpus's, cached): from the index
 *    that import saved at its end (INDEX_FILE's default), as phase 1 measures it.
 * 1. Start to ready of the same store without that index (a build): /healthz probed every 20 ms
 *    from the spawn (its longest gap), the time until /readyz says ready, peak RSS (VmHWM) and
 *    RSS once ready (VmRSS), worker threads included; the peak of the process the server builds
 *    in (its index builder) and of both together.
 * 2. Import while serving: `jobsearch import` of `--import` new postings from a second process
 *    while a probe asks for an uncached list page every 20 ms (one request at a time) until the
 *    import is visible and 5 s more (the background rebuild that follows included): probe p50,
 *    p99, longest, and for the slowest (and the count of those over 10 ms) how long this process
 *    itself stood still meanwhile (a timer every 5 ms notes when it fires late) and the server's
 *    own time (the answer's `duration_ms`, to the handler's return); /healthz and a bare route in
 *    another process sending a list page's bytes (the machine's floor meanwhile), each probed every
 *    20 ms alongside; import duration;
 *    import end to visible (/readyz's cursor reaches the store's cursor at the import's end) and
 *    commit to visible (from the publish's commit, seen in the store, /readyz asked from then),
 *    with the index thread's CPU time meanwhile (the catch-up's own work) and the machine's busy and
 *    steal shares (what the rest of the machine, and its host, took); RSS peak over the whole run.
 * 3. HTTP on the served index (the import's postings included): a query mix drawn from the store
 *    (bench/query-mix.ts, from its first 50,000 live postings), filter data and list page 1 with
 *    distinct URLs (uncached), first one request at a time (latency as one user sees it: p50,
 *    p99; Node's fetch asks for gzip over plain HTTP, so compression is in these times), each
 *    followed by a request to a bare route sending an untimed answer's bytes of the same kind (the
 *    floor of one request at a time on this machine, in the same seconds), then
 *    with 50 connections (autocannon, as bench/http.ts, asking for no compression: requests per
 *    second, p99);
 *    then one URL repeated, without compression and asking for brotli as a browser does, against
 *    bare Fastify routes in another process (bench/ceiling.ts): one answering 5 KB (the ceiling; as
 *    JSON text, and as binary bytes for the answers asked for with brotli, which the client decodes
 *    at about half the rate of text), and one sending the very bytes of each repeated answer. RSS
 *    at the end.
 * 4. A restart on the same store: start to ready again, now from the index the first start saved
 *    (INDEX_FILE's default, beside the store) plus the changes since (phase 2's import); RSS.
 *
 *   npm run build && npx tsx bench/live-serve.ts --size 100000 [--import 10000] [--fresh] [--http-seconds 8]
 *   (--until-merged: with an import past the merge threshold, probe on until its merge is swapped in)
 *   (--cli <other dist/cli/main.js> --tag <name>: measure another build the same way)
 *
 * The corpus is `jobsearch generate --count size+import --now <today>` split in two: the first
 * `size` lines are imported once into bench/.cache/live-<size>-<day>.db (copied for every run, with
 * the index that import saved),
 * the last `import` lines are the import. Results: bench/results/live-<size>.json and stdout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { Ceiling, rawAnswer } from './ceiling.js';
import { mixOf, spawnServe } from './serve.js';
import { load, type HttpStats } from './http.js';
import { urlsFor } from './http-urls.js';
import { INDEX_THREAD_NAME } from '../src/runtime/remote-index.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = join(ROOT, 'bench', '.cache');
const RESULTS = join(ROOT, 'bench', 'results');
let CLI = join(ROOT, 'dist', 'cli', 'main.js');
const PROBE_EVERY_MS = 20;
/** The period of the timer that notes this process's own stalls during the import. */
const STALL_TICK_MS = 5;

interface Args {
  /** Another build of the CLI to measure (e.g. an older release), and a tag for its files. */
  cli: string | null;
  tag: string;
  size: number;
  importCount: number;
  fresh: boolean;
  /** Seconds of each autocannon run in phase 3 (0 leaves phase 3 out). */
  httpSeconds: number;
  /** Probe on until the merge the import started is swapped in (an import past the merge threshold). */
  untilMerged: boolean;
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = {
    cli: null,
    tag: 'live',
    size: 100_000,
    importCount: 10_000,
    fresh: false,
    httpSeconds: 8,
    untilMerged: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--size') args.size = Number(argv[++i]);
    else if (a === '--import') args.importCount = Number(argv[++i]);
    else if (a === '--fresh') args.fresh = true;
    else if (a === '--http-seconds') args.httpSeconds = Number(argv[++i]);
    else if (a === '--cli') args.cli = argv[++i] ?? null;
    else if (a === '--tag') args.tag = argv[++i] ?? 'live';
    else if (a === '--until-merged') args.untilMerged = true;
    else throw new Error(`unknown argument ${a}; usage: live-serve.ts --size N [--import N] [--fresh]`);
  }
  if (!Number.isSafeInteger(args.size) || args.size < 1) throw new Error('--size must be a positive integer');
  if (!Number.isSafeInteger(args.importCount) || args.importCount < 1)
    throw new Error('--import must be a positive integer');
  return args;
}

/** Runs a command to its end, its stderr passed on; resolves with that stderr. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      process.stderr.write(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(err);
      else reject(new Error(`${command} ${args.join(' ')} exited ${code ?? 'on a signal'}`));
    });
  });
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Splits `all` after `first` lines. */
async function split(all: string, first: number, head: string, tail: string): Promise<void> {
  const a = createWriteStream(head);
  const b = createWriteStream(tail);
  let i = 0;
  for await (const line of createInterface({ input: createReadStream(all) })) {
    (i++ < first ? a : b).write(`${line}\n`);
  }
  await Promise.all([new Promise((r) => a.end(r)), new Promise((r) => b.end(r))]);
}

/** The corpus's import of its base: how long it took, and the index it saved at its end (s; NaN: none). */
interface BaseImport {
  importS: number;
  indexS: number;
}

async function corpus(
  args: Args,
  log: (s: string) => void,
): Promise<{ db: string; importFile: string; day: string; base: BaseImport }> {
  const day = new Date().toISOString().slice(0, 10);
  const stem = join(CACHE, `${args.tag}-${args.size}-${args.importCount}-${day}`);
  const db = `${stem}.db`;
  const importFile = `${stem}-import.jsonl`;
  const baseFile = `${stem}-base.json`;
  if (!args.fresh && (await exists(db)) && (await exists(importFile)) && (await exists(baseFile))) {
    return { db, importFile, day, base: JSON.parse(await readFile(baseFile, 'utf8')) as BaseImport };
  }
  await mkdir(CACHE, { recursive: true });
  await rm(db, { force: true });
  await rm(`${db}.index`, { force: true });
  log(`generating ${args.size + args.importCount} postings (now ${day}) ...`);
  const all = `${stem}-all.jsonl`;
  const base = `${stem}-base.jsonl`;
  await run(process.execPath, [
    CLI,
    'generate',
    '--count',
    String(args.size + args.importCount),
    '--now',
    day,
    '--out',
    all,
  ]);
  await split(all, args.size, base, importFile);
  log(`importing the base of ${args.size} ...`);
  const started = performance.now();
  const said = await run(process.execPath, [CLI, 'import', base, '--create'], { ...process.env, DATABASE_URL: db });
  // The import saves the store's index at its end (a build older than that does not: NaN).
  const indexed = /saved the index of [\d,]+ postings to .* in ([\d.]+) s/.exec(said);
  const baseImport = { importS: (performance.now() - started) / 1000, indexS: Number(indexed?.[1] ?? Number.NaN) };
  await writeFile(baseFile, `${JSON.stringify(baseImport)}\n`);
  await rm(all, { force: true });
  await rm(base, { force: true });
  return { db, importFile, day, base: baseImport };
}

/**
 * The store's change cursor, read in a thread of its own: opening the file after a large import
 * can take hundreds of milliseconds, and the probes of this process must not wait for it. Read
 * directly: an older build's schema may lack the tables this build's store prepares.
 */
async function storeCursor(db: string): Promise<number> {
  const worker = new Worker(
    `const { workerData, parentPort } = require('node:worker_threads');
     const Database = require('better-sqlite3');
     const sqlite = new Database(workerData, { readonly: true });
     parentPort.postMessage(Number(sqlite.prepare("SELECT value FROM store_meta WHERE name = 'change_cursor'").pluck().get()));
     sqlite.close();`,
    { eval: true, workerData: db },
  );
  try {
    return await new Promise<number>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
}

/**
 * When the store's change cursor first moves from where it is now (the import's publish commits),
 * as an absolute time in ms (performance.timeOrigin + performance.now()), and the cursor it moved
 * to: read every 10 ms in a thread of its own, so that neither this process's probes nor the
 * server wait for it. `stop()` ends the thread (`at` NaN when it saw no commit).
 */
function commitWatch(db: string): { committed: Promise<{ at: number; cursor: number }>; stop: () => Promise<void> } {
  const worker = new Worker(
    `const { workerData, parentPort } = require('node:worker_threads');
     const Database = require('better-sqlite3');
     const sqlite = new Database(workerData, { readonly: true });
     const read = sqlite.prepare("SELECT value FROM store_meta WHERE name = 'change_cursor'").pluck();
     const first = read.get();
     const timer = setInterval(() => {
       const now = read.get();
       if (now === first) return;
       parentPort.postMessage({ at: performance.timeOrigin + performance.now(), cursor: Number(now) });
       clearInterval(timer);
     }, 10);`,
    { eval: true, workerData: db },
  );
  const committed = new Promise<{ at: number; cursor: number }>((resolve) => {
    worker.once('message', resolve);
    worker.once('exit', () => {
      resolve({ at: Number.NaN, cursor: Number.NaN });
    });
    worker.once('error', () => {
      resolve({ at: Number.NaN, cursor: Number.NaN });
    });
  });
  return {
    committed,
    stop: async () => {
      await worker.terminate();
    },
  };
}

/**
 * CPU time (user + system, ms) of a process's threads named `name` (Linux: /proc, in clock ticks of
 * 10 ms): the index worker's own work, whatever else the machine runs meanwhile.
 */
async function threadCpuMs(pid: number, name: string): Promise<number> {
  let ticks = Number.NaN; // no such thread (a build that does not name it)
  for (const task of await readdir(`/proc/${pid}/task`).catch(() => [] as string[])) {
    const comm = await readFile(`/proc/${pid}/task/${task}/comm`, 'utf8').catch(() => '');
    if (comm.trim() !== name) continue;
    const stat = await readFile(`/proc/${pid}/task/${task}/stat`, 'utf8').catch(() => '');
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks = (Number.isNaN(ticks) ? 0 : ticks) + Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  }
  return ticks * 10;
}

/** The machine's CPU time so far by kind (/proc/stat's first line, in clock ticks), all cores. */
async function machineCpu(): Promise<{ total: number; idle: number; steal: number }> {
  const line = (await readFile('/proc/stat', 'utf8').catch(() => '')).split('\n')[0] ?? '';
  // user nice system idle iowait irq softirq steal (guest time is counted in user already)
  const t = line.trim().split(/\s+/).slice(1, 9).map(Number);
  return { total: t.reduce((a, b) => a + b, 0), idle: (t[3] ?? 0) + (t[4] ?? 0), steal: t[7] ?? 0 };
}

/** Of the machine's CPU time between two readings: the share its processes used, and the share its host took (steal). */
function machineShare(
  a: { total: number; idle: number; steal: number },
  b: { total: number; idle: number; steal: number },
): { busyPct: number; stealPct: number } {
  const total = b.total - a.total;
  const pct = (x: number): number => (total > 0 ? Math.round((1000 * x) / total) / 10 : Number.NaN);
  return { busyPct: pct(total - (b.idle - a.idle) - (b.steal - a.steal)), stealPct: pct(b.steal - a.steal) };
}

/** VmRSS and VmHWM (peak) of a process, in MB, worker threads included. */
async function memoryOf(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = (name: string): number => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

/** The processes `pid` started (the index builder of a first start), and theirs. */
async function descendantsOf(pid: number): Promise<number[]> {
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  const children: number[] = [];
  for (const task of tasks) {
    const listed = await readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '');
    for (const child of listed.split(' ')) if (child.trim() !== '') children.push(Number(child));
  }
  const all = [...children];
  for (const child of children) all.push(...(await descendantsOf(child)));
  return all;
}

/** Resident memory of the server and every process it started, summed; and the largest peak among those. */
async function treeMemoryOf(pid: number): Promise<{ rss: number; childPeak: number }> {
  let rss = (await memoryOf(pid)).rss;
  let childPeak = 0;
  for (const child of await descendantsOf(pid)) {
    const m = await memoryOf(child);
    rss += m.rss;
    childPeak = Math.max(childPeak, m.peak);
  }
  return { rss, childPeak };
}

async function timed(url: string): Promise<{ ms: number; status: number; body: string }> {
  const t0 = performance.now();
  try {
    const res = await fetch(url);
    const body = await res.text();
    return { ms: performance.now() - t0, status: res.status, body };
  } catch {
    return { ms: performance.now() - t0, status: 0, body: '' };
  }
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Runs `ask(k)` for k = 1, 2, … one at a time, PROBE_EVERY_MS apart, until `stopped()`. */
async function probeEvery(stopped: () => boolean, ask: (k: number) => Promise<void>): Promise<void> {
  for (let k = 1; !stopped(); k++) {
    await ask(k);
    await sleep(PROBE_EVERY_MS);
  }
}

/**
 * An API answer's `duration_ms`, its last field, read from the end of the text: parsing a 25 KB
 * page every 20 ms would add to this process's own garbage, whose stalls count in the probes.
 */
function durationOf(body: string): number {
  const field = '"duration_ms":';
  const at = body.lastIndexOf(field);
  return at < 0 ? Number.NaN : Number.parseInt(body.slice(at + field.length), 10);
}

/** The server's count of index builds swapped in (the first and every merge), from /metrics. */
async function rebuildsOf(base: string): Promise<number> {
  const { body } = await timed(`${base}/metrics`);
  return Number(/^search_index_rebuilds_total (\d+)/m.exec(body)?.[1] ?? Number.NaN);
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summary(latencies: readonly number[]): { count: number; p50: number; p99: number; max: number } {
  const s = [...latencies].sort((a, b) => a - b);
  const r = (x: number): number => Math.round(x * 10) / 10;
  return { count: s.length, p50: r(percentile(s, 50)), p99: r(percentile(s, 99)), max: r(s.at(-1) ?? Number.NaN) };
}

/**
 * One request at a time over `paths` (at most `count`): latency as one user sees it. With `floor`
 * (a URL of a bare route sending one such answer's bytes, bench/ceiling.ts), each request is
 * followed by one to the floor, timed the same way: what one request costs on this machine and
 * this client when the server does nothing but send the bytes, in the same seconds as the real one.
 */
async function oneByOne(
  base: string,
  paths: readonly string[],
  count: number,
  floor: string | null = null,
): Promise<ReturnType<typeof summary> & { floor?: ReturnType<typeof summary> }> {
  const ms: number[] = [];
  const floorMs: number[] = [];
  for (const path of paths.slice(0, count)) {
    const r = await timed(`${base}${path}`);
    if (r.status !== 200) throw new Error(`${path}: HTTP ${r.status}`);
    ms.push(r.ms);
    if (floor === null) continue;
    const f = await timed(floor);
    if (f.status !== 200) throw new Error(`${floor}: HTTP ${f.status}`);
    floorMs.push(f.ms);
  }
  return floor === null ? summary(ms) : { ...summary(ms), floor: summary(floorMs) };
}

const BROTLI = { 'accept-encoding': 'br' };

/** The probe during an import: an uncached list page (date order), page 1 + (k % PROBE_PAGES). */
const PROBE_PATH = '/jobs/api/job-search-results-list?sort=date';
const PROBE_PAGES = 4000;

/** Phase 3: the served index over HTTP, uncached and repeated, beside the bare-Fastify ceiling. */
async function httpPhase(base: string, port: number, db: string, seconds: number, log: (s: string) => void) {
  const mix = await mixOf(db);
  const one = { filters: [mix.repeated.filter], suggests: [mix.repeated.suggest] };
  const filterData = urlsFor('filterData', mix);
  const list1 = urlsFor('list1', mix);
  // Warm-up URLs are others than the timed ones (the response cache must not answer those).
  await oneByOne(base, filterData.slice(-50), 50);
  // The bare routes (bench/ceiling.ts), one child for all: the floors, then the ceilings.
  const ceilings = new Ceiling();
  const rows: Record<string, HttpStats> = {};
  const answerBytes: Record<string, number> = {};
  let single;
  try {
    // The floor of one request at a time: a bare route sending the bytes (as sent to this client)
    // of an answer of the same kind that is not timed, asked after each timed request.
    single = {
      filterData: await oneByOne(base, filterData, 1_000, await ceilings.floor('filterData', port, filterData.at(-1)!)),
      list1: await oneByOne(base, list1, 1_000, await ceilings.floor('list1', port, list1.at(-1)!)),
    };
    log(
      `one client: filter data p50 ${single.filterData.p50} ms, p99 ${single.filterData.p99} ms; list p50 ${single.list1.p50} ms, p99 ${single.list1.p99} ms`,
    );
    log(
      `one client, a bare route sending the same kind's bytes after each: filter data p50 ${single.filterData.floor?.p50} ms, p99 ${single.filterData.floor?.p99} ms; list p50 ${single.list1.floor?.p50} ms, p99 ${single.list1.floor?.p99} ms`,
    );
    const rate = (name: string, paths: readonly string[], headers: Record<string, string> = {}) =>
      load(port, paths, seconds, headers).then((r) => {
        rows[name] = r;
        log(
          `50 connections, ${name}: ${Math.round(r.rps)} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms (after each connection's first answer ${r.settled.p50Ms} / ${r.settled.p99Ms} ms), non-2xx ${r.non2xx}`,
        );
      });
    await rate('filterData', filterData.slice(1_000));
    await rate('list1', list1.slice(1_000));
    await rate('filterData repeated', urlsFor('filterData', one));
    await rate('list1 repeated', urlsFor('list1', one));
    // As a browser asks: the answer kept compressed beside the cached one.
    await rate('filterData repeated, br', urlsFor('filterData', one), BROTLI);
    await rate('list1 repeated, br', urlsFor('list1', one), BROTLI);
    // The ceilings: the 5 KB route, and a bare route sending each repeated answer's own bytes.
    const repeated = [
      ['filterData repeated', urlsFor('filterData', one)[0]!, {}],
      ['list1 repeated', urlsFor('list1', one)[0]!, {}],
      ['filterData repeated, br', urlsFor('filterData', one)[0]!, BROTLI],
      ['list1 repeated, br', urlsFor('list1', one)[0]!, BROTLI],
    ] as const;
    const { port: ceilingPort, bytes: ceilingBytes } = await ceilings.listening();
    rows['ceiling'] = await load(ceilingPort, ['/ceiling'], seconds);
    // The same size in bytes that are not text, as a compressed answer's are: the client (autocannon
    // adds each body to a string) decodes them at about half the rate of JSON text, so a brotli
    // answer is set against this ceiling, not the text one.
    const binary = await ceilings.same('binary', randomBytes(ceilingBytes), 'br');
    rows['ceiling, binary'] = await load(ceilingPort, [binary], seconds, BROTLI);
    log(
      `50 connections, the ${ceilingBytes} B ceiling: ${Math.round(rows['ceiling'].rps)} req/s as JSON text, ${Math.round(rows['ceiling, binary'].rps)} req/s as binary bytes`,
    );
    for (const [name, path, headers] of repeated) {
      const answer = await rawAnswer(port, path, headers);
      answerBytes[name] = answer.bytes.length;
      const same = await ceilings.same(name, answer.bytes, answer.encoding);
      const stats = await load(ceilingPort, [same], seconds, headers);
      rows[`same bytes as ${name}`] = stats;
      log(
        `50 connections, a bare route sending the ${answer.bytes.length} B of ${name}: ${Math.round(stats.rps)} req/s`,
      );
    }
  } finally {
    await ceilings.stop();
  }
  const ceiling = rows['ceiling'].rps;
  const share = (name: string): number => Math.round((100 * (rows[name]?.rps ?? 0)) / ceiling);
  const shareOfBinary = (name: string): number =>
    Math.round((100 * (rows[name]?.rps ?? 0)) / (rows['ceiling, binary']?.rps ?? Number.NaN));
  const shareOfSame = (name: string): number =>
    Math.round((100 * (rows[name]?.rps ?? 0)) / (rows[`same bytes as ${name}`]?.rps ?? Number.NaN));
  log(
    `repeated: filter data ${share('filterData repeated')} %, list ${share('list1 repeated')} % of the ceiling (${Math.round(ceiling)} req/s); asking for brotli ${share('filterData repeated, br')} % and ${share('list1 repeated, br')} %`,
  );
  log(
    `repeated, asking for brotli, of the ceiling's size in binary bytes: filter data ${shareOfBinary('filterData repeated, br')} %, list ${shareOfBinary('list1 repeated, br')} %`,
  );
  log(
    `repeated, of a bare route sending the same bytes: filter data ${shareOfSame('filterData repeated')} %, list ${shareOfSame('list1 repeated')} %; asking for brotli ${shareOfSame('filterData repeated, br')} % and ${shareOfSame('list1 repeated, br')} %`,
  );
  return {
    seconds,
    single,
    connections50: rows,
    answerBytes,
    repeatedShareOfSameBytesPct: {
      filterData: shareOfSame('filterData repeated'),
      list1: shareOfSame('list1 repeated'),
      filterDataBrotli: shareOfSame('filterData repeated, br'),
      list1Brotli: shareOfSame('list1 repeated, br'),
    },
    repeatedShareOfCeilingPct: { filterData: share('filterData repeated'), list1: share('list1 repeated') },
    repeatedBrotliShareOfCeilingPct: {
      filterData: share('filterData repeated, br'),
      list1: share('list1 repeated, br'),
    },
    repeatedBrotliShareOfBinaryCeilingPct: {
      filterData: shareOfBinary('filterData repeated, br'),
      list1: shareOfBinary('list1 repeated, br'),
    },
  };
}

interface Server {
  child: ChildProcess;
  base: string;
}

async function stopServer(server: Server): Promise<void> {
  // A server that already exited (a failed start) emits no second 'exit': waiting for one would
  // leave nothing pending and let this process end silently with status 0.
  if (server.child.exitCode === null && server.child.signalCode === null) {
    const exited = new Promise((r) => server.child.once('exit', r));
    server.child.kill('SIGTERM');
    await exited;
  }
}

/** Start to ready, /healthz probed every 20 ms throughout; memory at ready and 2 s later. */
async function startPhase(server: Server, log: (s: string) => void) {
  const pid = server.child.pid ?? 0;
  const t0 = performance.now();
  const health: number[] = [];
  let firstHealth = Number.NaN;
  let ready = Number.NaN;
  let lastOk = Number.NaN;
  let longestGap = 0;
  // The server and the processes it starts (a first start builds in one of its own): their summed
  // resident memory at its highest, and the highest peak of one of them.
  const tree = { peak: 0, childPeak: 0 };
  let sampled = 0;
  while (Number.isNaN(ready)) {
    if (server.child.exitCode !== null) throw new Error('the server exited during start-up');
    if (performance.now() - sampled >= 200) {
      sampled = performance.now();
      const now = await treeMemoryOf(pid);
      tree.peak = Math.max(tree.peak, now.rss);
      tree.childPeak = Math.max(tree.childPeak, now.childPeak);
    }
    const h = await timed(`${server.base}/healthz`);
    const now = performance.now() - t0;
    if (h.status === 200) {
      health.push(h.ms);
      if (Number.isNaN(firstHealth)) firstHealth = now;
      if (!Number.isNaN(lastOk)) longestGap = Math.max(longestGap, now - lastOk);
      lastOk = now;
      const r = await timed(`${server.base}/readyz`);
      if (r.status === 200) ready = performance.now() - t0;
    }
    await sleep(PROBE_EVERY_MS);
  }
  const atReady = await memoryOf(pid);
  const readyz = JSON.parse((await timed(`${server.base}/readyz`)).body) as { documents: number; cursor: number };
  log(
    `ready in ${(ready / 1000).toFixed(1)} s (healthz first ${(firstHealth / 1000).toFixed(2)} s, healthz p99 ${summary(health).p99} ms, longest gap ${longestGap.toFixed(0)} ms); ${readyz.documents} documents; RSS ${atReady.rss} MB, peak ${atReady.peak} MB${tree.childPeak > 0 ? `; processes it started: peak ${tree.childPeak} MB, all together at most ${tree.peak} MB` : ''}`,
  );
  await sleep(2_000);
  const steady = await memoryOf(pid);
  return { ready, firstHealth, longestGap, health, atReady, readyz, steady, tree };
}

/** A start phase's figures, as the results give them. */
function startFigures(phase: Awaited<ReturnType<typeof startPhase>>) {
  return {
    healthzFirstS: phase.firstHealth / 1000,
    readyS: phase.ready / 1000,
    healthzLongestGapMs: Math.round(phase.longestGap),
    documents: phase.readyz.documents,
    rssAtReadyMb: phase.atReady.rss,
    peakRssStartMb: phase.atReady.peak,
    steadyRssMb: phase.steady.rss,
  };
}

function serve(db: string, port: number): Server {
  const child = spawnServe(CLI, db, port);
  return { child, base: `http://127.0.0.1:${port}` };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const log = (s: string): void => {
    console.log(s);
  };
  if (args.cli !== null) CLI = args.cli;
  if (!(await exists(CLI))) throw new Error('run `npm run build` first: the bench starts dist/cli/main.js');
  const { db: cached, importFile, day, base } = await corpus(args, log);
  const db = join(CACHE, `live-run-${process.pid}.db`);
  await copyFile(cached, db);
  const port = 20_000 + (process.pid % 20_000);
  // 0. The first start as a user makes it: on the store as the import left it, with the index the
  // import saved (when it saved one).
  let afterImport: Awaited<ReturnType<typeof startPhase>> | null = null;
  // Every server started, stopped on the way out.
  const servers: Server[] = [];
  const start = (): Server => {
    const started = serve(db, port);
    servers.push(started);
    return started;
  };
  // Set on the way out, whatever happened: the probe loop and the RSS timer must end with the run.
  let stop = false as boolean; // set in `finally`, read by the loops between awaits
  let rssTimer: NodeJS.Timeout | undefined;
  let floors: Ceiling | undefined;
  /** Ends the thread that watches for the import's commit (set while it runs). */
  let stopCommitWatch = (): Promise<void> => Promise.resolve();
  try {
    if (await exists(`${cached}.index`)) {
      await copyFile(`${cached}.index`, `${db}.index`);
      log(
        `first start after the import (from the index it saved in ${base.indexS} s of its ${base.importS.toFixed(0)} s):`,
      );
      const first = start();
      afterImport = await startPhase(first, log);
      await stopServer(first);
    }
    // 1. Start to ready of a store nobody indexed, /healthz probed throughout (a build).
    await rm(`${db}.index`, { force: true });
    log('first start of the store without its index (a build):');
    let server = start();
    const pid = server.child.pid ?? 0;
    const built = await startPhase(server, log);

    // 2. Import from a second process while probing every 20 ms.
    const probes: number[] = [];
    const failures: number[] = [];
    /** When each probe started (ms since the import started; negative before). */
    const probeAt: number[] = [];
    /** The same, as performance.now(): set against this process's own stalls (below). */
    const probeStart: number[] = [];
    /** The server's own time for each probe (`duration_ms`: from the request's arrival to the handler's return). */
    const probeHandler: number[] = [];
    let i0 = performance.now();
    let maxRss = built.steady.rss;
    const rebuildsBefore = await rebuildsOf(server.base);
    const stopped = (): boolean => stop;
    const probing = probeEvery(stopped, async (k) => {
      const page = 1 + (k % PROBE_PAGES);
      const started = performance.now();
      const at = started - i0;
      const p = await timed(`${server.base}${PROBE_PATH}&page=${page}`);
      if (p.status === 200) {
        probes.push(p.ms);
        probeAt.push(at);
        probeStart.push(started);
        probeHandler.push(durationOf(p.body));
      } else failures.push(p.status);
    });
    // /healthz alongside (answered by the request thread alone, never by the index worker): when a
    // list probe is slow and /healthz is not, the wait was the index worker's.
    const healthDuring: { atS: number; ms: number }[] = [];
    const healthProbing = probeEvery(stopped, async () => {
      const at = performance.now() - i0;
      const h = await timed(`${server.base}/healthz`);
      healthDuring.push({ atS: Math.round(at / 100) / 10, ms: Math.round(h.ms) });
    });
    // And a bare route in another process sending a list page's bytes (one page not probed), every
    // 20 ms alongside: the floor of a request one at a time on this machine while it imports.
    floors = new Ceiling();
    const floorUrl = await floors.floor('list', port, `${PROBE_PATH}&page=${PROBE_PAGES + 1}`);
    const floorDuring: number[] = [];
    const floorProbing = probeEvery(stopped, async () => {
      const f = await timed(floorUrl);
      if (f.status === 200) floorDuring.push(f.ms);
    });
    // This process's own event-loop delay: a probe is timed here, so a stall of this process would
    // look like a slow answer (hence the store's cursor read in a thread of its own, below).
    const ownDelay = monitorEventLoopDelay({ resolution: 10 });
    ownDelay.enable();
    // And when: a timer every 5 ms notes each time it fired over 2 ms late, the stretch [fired -
    // late, fired] in which this process ran nothing else, so that each slow probe can be set
    // against the stalls of the process that timed it.
    const stalls: { from: number; to: number }[] = [];
    let due = performance.now() + STALL_TICK_MS;
    const stallTimer = setInterval(() => {
      const now = performance.now();
      if (now - due > 2) stalls.push({ from: due, to: now });
      due = now + STALL_TICK_MS;
    }, STALL_TICK_MS);
    rssTimer = setInterval(() => {
      void memoryOf(pid).then((m) => (maxRss = Math.max(maxRss, m.rss)));
    }, 250);
    // From the publish's commit (in the store) to visible, /readyz asked every 20 ms from the
    // commit on: the import's steps after its commit (its write-ahead log checkpoint, its exit)
    // and how long they took are not in it, as they are in "import end to visible".
    const commit = commitWatch(db);
    stopCommitWatch = commit.stop;
    // The index thread's CPU time from the commit until the change is visible: the catch-up's own
    // work, apart from the time the machine's other work took from it.
    let catchUpCpuMs = Number.NaN;
    let machineMeanwhile = { busyPct: Number.NaN, stealPct: Number.NaN };
    const commitToVisible = (async (): Promise<number> => {
      const { at, cursor: published } = await commit.committed;
      if (Number.isNaN(at)) return Number.NaN;
      const cpuAtCommit = await threadCpuMs(pid, INDEX_THREAD_NAME);
      const machineAtCommit = await machineCpu();
      for (;;) {
        const r = await timed(`${server.base}/readyz`);
        const now = performance.timeOrigin + performance.now();
        if (r.status === 200 && (JSON.parse(r.body) as { cursor: number }).cursor >= published) {
          catchUpCpuMs = (await threadCpuMs(pid, INDEX_THREAD_NAME)) - cpuAtCommit;
          machineMeanwhile = machineShare(machineAtCommit, await machineCpu());
          return now - at;
        }
        if (now - at > 600_000 || stop) return Number.NaN;
        await sleep(PROBE_EVERY_MS);
      }
    })();
    i0 = performance.now();
    await run(process.execPath, [CLI, 'import', importFile], { ...process.env, DATABASE_URL: db });
    const importEnd = performance.now();
    const target = await storeCursor(db);
    let visible = Number.NaN;
    while (Number.isNaN(visible) && performance.now() - importEnd < 600_000) {
      const r = await timed(`${server.base}/readyz`);
      if (r.status === 200 && (JSON.parse(r.body) as { cursor: number }).cursor >= target) visible = performance.now();
      else await sleep(PROBE_EVERY_MS);
    }
    const commitToVisibleMs = await commitToVisible;
    await commit.stop();
    // A merge the import started (past the threshold: max(20,000, a twentieth of the base)), when
    // asked: probed on until it is swapped in.
    let merged = Number.NaN;
    while (args.untilMerged && Number.isNaN(merged) && performance.now() - importEnd < 1_200_000) {
      if ((await rebuildsOf(server.base)) > rebuildsBefore) merged = performance.now();
      else await sleep(100);
    }
    await sleep(5_000);
    stop = true;
    await probing;
    await healthProbing;
    await floorProbing;
    await floors.stop();
    floors = undefined;
    clearInterval(rssTimer);
    clearInterval(stallTimer);
    ownDelay.disable();
    const end = await memoryOf(pid);
    const after = JSON.parse((await timed(`${server.base}/readyz`)).body) as { documents: number };
    const probe = summary(probes);
    // How long this process itself stood still within each probe (its own stalls during the probe).
    const ownStall = probes.map((ms, i) => {
      const from = probeStart[i]!;
      const to = from + ms;
      let stood = 0;
      for (const s of stalls) stood += Math.max(0, Math.min(to, s.to) - Math.max(from, s.from));
      return stood;
    });
    // The five longest probes and when they started (s after the import started; it ended at
    // importS, its postings were visible at importS + importEndToVisibleS), with that stall.
    const slowest = probes
      .map((ms, i) => ({
        ms: Math.round(ms),
        atS: Math.round(probeAt[i]! / 100) / 10,
        clientStalledMs: Math.round(ownStall[i]!),
        handlerMs: probeHandler[i]!,
      }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5);
    const over10 = probes
      .map((ms, i) => ({ ms, stalled: ownStall[i]!, handler: probeHandler[i]! }))
      .filter((p) => p.ms > 10);
    const http = args.httpSeconds > 0 ? await httpPhase(server.base, port, db, args.httpSeconds, log) : null;
    const final = await memoryOf(pid);
    // 4. A restart: from the index the first start saved (INDEX_FILE's default, beside the store)
    // and the changes since (the import of phase 2).
    const indexFile = `${db}.index`;
    const saved = await stat(indexFile).catch(() => null);
    await stopServer(server);
    server = start();
    const again = await startPhase(server, log);
    const reused = saved !== null && (await stat(indexFile)).mtimeMs === saved.mtimeMs;
    const result = {
      date: new Date().toISOString(),
      corpusDay: day,
      size: args.size,
      documentsAtReady: built.readyz.documents,
      documentsAfterImport: after.documents,
      loadAverage: loadavg()[0],
      /** The corpus's import of the base (once a day, cached) and the index it saved at its end. */
      baseImport: base,
      /** The first start on the store as that import left it: from the index it saved. */
      startAfterImport: afterImport === null ? null : startFigures(afterImport),
      start: {
        ...startFigures(built),
        healthz: summary(built.health),
        /** The index builder's process (a first start builds in a process of its own). */
        builderPeakRssMb: built.tree.childPeak,
        /** The server and the builder together, at their highest sum (sampled every 200 ms). */
        peakRssWithBuilderMb: built.tree.peak,
      },
      importWhileServing: {
        postings: args.importCount,
        importS: (importEnd - i0) / 1000,
        importEndToVisibleS: (visible - importEnd) / 1000,
        commitToVisibleS: commitToVisibleMs / 1000,
        /** The index worker's CPU time meanwhile (its catch-up; 10 ms ticks). */
        commitToVisibleIndexCpuS: catchUpCpuMs / 1000,
        /** The machine meanwhile: the share of all cores its processes used, and the share its host took (steal). */
        commitToVisibleMachine: machineMeanwhile,
        probe,
        ...(args.untilMerged
          ? {
              importEndToMergedS: (merged - importEnd) / 1000,
              probeWhileMerging: summary(
                probes.filter((_, i) => probeAt[i]! >= visible - i0 && probeAt[i]! < merged - i0),
              ),
            }
          : {}),
        slowest,
        healthzDuring: {
          ...summary(healthDuring.map((h) => h.ms)),
          slowest: [...healthDuring].sort((a, b) => b.ms - a.ms).slice(0, 5),
        },
        /** The bare route alongside (another process sending a list page's bytes): this machine's floor meanwhile. */
        floorDuring: summary(floorDuring),
        failedProbes: failures.length,
        clientLongestEventLoopDelayMs: Math.round(ownDelay.max / 1e6),
        /** Probes over 10 ms, and those of them during which this process stood still 5 ms or more. */
        probesOver10Ms: over10.length,
        probesOver10MsClientStalled: over10.filter((p) => p.stalled >= 5).length,
        /** Those over 10 ms whose handler itself took 5 ms or more (the index worker's wait and query, the presenting). */
        probesOver10MsHandler5Ms: over10.filter((p) => p.handler >= 5).length,
        maxRssMb: maxRss,
        peakRssMb: end.peak,
      },
      http,
      rssAtEndMb: final.rss,
      peakRssMb: final.peak,
      restart: {
        indexFileMb: saved === null ? null : Math.round(saved.size / 2 ** 20),
        startedFromIndexFile: reused,
        ...startFigures(again),
      },
    };
    log(JSON.stringify(result, null, 2));
    await mkdir(RESULTS, { recursive: true });
    await writeFile(join(RESULTS, `${args.tag}-${args.size}.json`), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    stop = true;
    clearInterval(rssTimer);
    // A server that already exited (a failed start) emits no second 'exit': waiting for one would
    // leave nothing pending and let this process end silently with status 0.
    await stopCommitWatch();
    for (const started of servers) await stopServer(started);
    await rm(db, { force: true });
    await rm(`${db}.index`, { force: true });
    await rm(`${db}-wal`, { force: true });
    await rm(`${db}-shm`, { force: true });
    await floors?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
