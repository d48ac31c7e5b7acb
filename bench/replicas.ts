/**
 * Commit to visible on every replica: two `jobsearch serve` processes (Node's default options,
 * `dist/cli/main.js`) over one PostgreSQL database of `--size` postings; `--imports` times, a
 * `jobsearch import` of `--batch` new postings from a third process; for each, the time from the
 * import's commit (the store's change cursor moving, polled every 2 ms on a connection of this
 * process) until each replica's `/readyz` reports that cursor (polled every 2 ms). Run with
 * change notifications (polling every second as well, the default) and with polling alone.
 *
 *   npm run build && npx tsx bench/replicas.ts [--size 10000] [--imports 20] [--batch 50]
 *
 * The database is created on the PostgreSQL server of bench/pg-database.ts and dropped afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatePostings } from '../src/demo/generate.js';
import { PostgresJobStore } from '../src/store/postgres-store.js';
import { createBenchDatabase, dropBenchDatabase } from './pg-database.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist', 'cli', 'main.js');
const POLL_MS = 2;

interface Args {
  size: number;
  imports: number;
  batch: number;
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { size: 10_000, imports: 20, batch: 50 };
  for (let i = 0; i < argv.length; i++) {
    const [name, value] = [argv[i], Number(argv[i + 1])];
    if (name === '--size') args.size = value;
    else if (name === '--imports') args.imports = value;
    else if (name === '--batch') args.batch = value;
    else throw new Error(`unknown argument ${name}; usage: replicas.ts [--size N] [--imports N] [--batch N]`);
    i++;
  }
  for (const [k, v] of Object.entries(args))
    if (!Number.isSafeInteger(v) || v < 1) throw new Error(`--${k} must be a positive integer`);
  return args;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

interface Child {
  child: ChildProcess;
  /** Its exit code; taken at spawn, so that an exit before anyone waits is not missed. */
  exited: Promise<number | null>;
}

function cli(args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, stdio: 'ignore' });
  return {
    child,
    exited: new Promise((resolve) =>
      child.once('exit', (code) => {
        resolve(code);
      }),
    ),
  };
}

interface Replica extends Child {
  base: string;
}

async function startReplica(url: string, port: number, env: NodeJS.ProcessEnv): Promise<Replica> {
  const proc = cli(['serve'], {
    DATABASE_URL: url,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEMO_POSTINGS: '0',
    RATE_LIMIT_PER_MINUTE: '0',
    ...env,
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error('a replica exited during start-up');
    const cursor = await readyCursor(base);
    if (cursor !== null) return { ...proc, base };
    await sleep(50);
  }
}

async function readyCursor(base: string): Promise<number | null> {
  try {
    const res = await fetch(`${base}/readyz`);
    if (res.status !== 200) return null;
    return ((await res.json()) as { cursor: number }).cursor;
  } catch {
    return null;
  }
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function measure(
  args: Args,
  url: string,
  store: PostgresJobStore,
  dir: string,
  mode: string,
  env: NodeJS.ProcessEnv,
): Promise<{ mode: string; perReplica: { median: number; worst: number }[] }> {
  const ports = [31_000 + (process.pid % 10_000), 41_000 + (process.pid % 10_000)];
  const replicas = [await startReplica(url, ports[0]!, env), await startReplica(url, ports[1]!, env)];
  const delays: number[][] = replicas.map(() => []);
  try {
    for (let i = 0; i < args.imports; i++) {
      const file = join(dir, `${mode}-${i}.ndjson`);
      const postings = [...generatePostings({ count: args.batch, seed: 1000 + i, now: Date.now() })];
      const lines = postings.map((p, j) =>
        JSON.stringify({ ...p, identifier: { '@type': 'PropertyValue', name: 'bench', value: `${mode}-${i}-${j}` } }),
      );
      await writeFile(file, `${lines.join('\n')}\n`);
      const before = await store.changeCursor();
      const importer = cli(['import', file, '--source', `bench-${mode}`], { DATABASE_URL: url });
      // The commit: the cursor moves when the import publishes (one transaction).
      let committedAt = 0;
      let cursor = before;
      while (cursor === before) {
        cursor = await store.changeCursor();
        committedAt = performance.now();
        if (cursor === before) await sleep(POLL_MS);
      }
      await Promise.all(
        replicas.map(async (r, k) => {
          for (;;) {
            const seen = await readyCursor(r.base);
            if (seen !== null && seen >= cursor) break;
            await sleep(POLL_MS);
          }
          delays[k]!.push(performance.now() - committedAt);
        }),
      );
      if ((await importer.exited) !== 0) throw new Error(`import ${i} failed`);
    }
  } finally {
    for (const r of replicas) r.child.kill('SIGTERM');
    await Promise.all(replicas.map((r) => r.exited));
  }
  const round = (x: number): number => Math.round(x);
  return { mode, perReplica: delays.map((d) => ({ median: round(median(d)), worst: round(Math.max(...d)) })) };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const { name, url } = await createBenchDatabase();
  const dir = await mkdtemp(join(tmpdir(), 'bench-replicas-'));
  const store = new PostgresJobStore(url);
  try {
    await store.migrate();
    const base = join(dir, 'base.ndjson');
    const postings = [...generatePostings({ count: args.size, seed: 1, now: Date.now() })];
    await writeFile(base, `${postings.map((p) => JSON.stringify(p)).join('\n')}\n`);
    if ((await cli(['import', base, '--source', 'base'], { DATABASE_URL: url }).exited) !== 0)
      throw new Error('the base import failed');
    console.log(`${args.size} postings; ${args.imports} imports of ${args.batch}; load ${loadavg()[0]!.toFixed(2)}`);
    for (const [mode, env] of [
      ['notifications', { REFRESH_INTERVAL_MS: '1000' }],
      ['polling', { REFRESH_INTERVAL_MS: '1000', CHANGE_NOTIFICATIONS: 'off' }],
    ] as const) {
      const result = await measure(args, url, store, dir, mode, env);
      const text = result.perReplica.map((r, i) => `replica ${i + 1}: median ${r.median} ms, worst ${r.worst} ms`);
      console.log(`commit to visible, ${mode}: ${text.join('; ')}`);
    }
    console.log(`load at the end ${loadavg()[0]!.toFixed(2)}`);
  } finally {
    await store.close();
    await dropBenchDatabase(name);
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
