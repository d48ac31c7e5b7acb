import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePostings } from '../../src/demo/generate.js';
import { bundleCli, type CliBundle } from './cli-process.js';

/** `jobsearch import` as an operator runs it: its own process, a real SQLite file. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const REAL = join(ROOT, 'test/fixtures/real-postings/postings.ndjson');
const dir = mkdtempSync(join(tmpdir(), 'import-process-'));
/** The CLI bundled once for the file: each process then starts without compiling the sources. */
let cli: CliBundle | null = null;
beforeAll(async () => {
  cli = await bundleCli();
}, 60_000);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  cli?.remove();
});

/** `node <the bundled CLI> ...args`. */
function cliArgs(args: string[]): string[] {
  if (cli === null) throw new Error('the CLI is bundled in beforeAll');
  return [cli.main, ...args];
}

interface Run {
  code: number | null;
  out: string;
  err: string;
}

function jobsearch(db: string, args: string[], options: { stdin?: Buffer; killAfter?: RegExp } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, cliArgs(args), {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: db, LOG_LEVEL: 'silent', IMPORT_PROGRESS_MS: '0' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      if (options.killAfter?.test(err)) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ code, out, err });
    });
    child.stdin.end(options.stdin ?? Buffer.alloc(0));
  });
}

function query(db: string, sql: string): unknown {
  const conn = new Database(db, { readonly: true });
  try {
    return conn.prepare(sql).pluck().get();
  } finally {
    conn.close();
  }
}

// Each test starts two or three processes; on a loaded machine that takes a while.
describe('jobsearch import, run as a process on a SQLite file', { timeout: 180_000 }, () => {
  it('runs at low CPU priority unless asked for normal, and refuses any other level', async () => {
    /** The nice value of a running process and of each of its threads (fields 19 of /proc's stat). */
    const niceOf = (pid: number): number[] =>
      readdirSync(`/proc/${pid}/task`).map((tid) => {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      });
    // Reading stdin that stays open, the import waits after it has set its priority.
    const watch = async (args: string[]): Promise<number[]> => {
      const child = spawn(process.execPath, cliArgs(['import', '-', '--create', ...args]), {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: join(dir, `nice-${args.join('')}.db`), LOG_LEVEL: 'silent' },
        stdio: ['pipe', 'ignore', 'ignore'],
      });
      const closed = new Promise((resolve) => child.on('close', resolve));
      let seen: number[] = [];
      // The store is open once its file exists: by then the priority is set (it comes first).
      for (let i = 0; i < 600 && !existsSync(join(dir, `nice-${args.join('')}.db`)); i++) await sleep(50);
      seen = niceOf(child.pid!);
      child.stdin.end();
      await closed;
      return seen;
    };
    const low = await watch([]);
    expect(low.length).toBeGreaterThan(0);
    expect(new Set(low)).toEqual(new Set([10]));
    expect(new Set(await watch(['--priority', 'normal']))).toEqual(new Set([getPriority()]));
    const refused = await jobsearch(join(dir, 'refused.db'), ['import', REAL, '--priority', 'fast']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('--priority must be low or normal (got "fast")');
  });

  it('imports the real postings, and says that a re-import of the same file changes nothing', async () => {
    const db = join(dir, 'real.db');
    const first = await jobsearch(db, ['import', REAL, '--source', 'real', '--create']);
    expect(first.code).toBe(0);
    expect(first.out).toContain('  read:      201\n  inserted:  201\n  updated:   0\n  unchanged: 0\n');
    expect(first.out).toMatch(/expired on arrival: 3 \(stored, not served/);
    const cursor = query(db, "SELECT value FROM store_meta WHERE name = 'change_cursor'");
    const again = await jobsearch(db, ['import', REAL, '--source', 'real']);
    expect(again.code).toBe(0);
    expect(again.out).toContain('  inserted:  0\n  updated:   0\n  unchanged: 201\n');
    expect(again.out).toContain('nothing changed: every posting is stored exactly like this already');
    expect(query(db, "SELECT value FROM store_meta WHERE name = 'change_cursor'")).toBe(cursor);
  });

  it('reads gzip from stdin, and with --sync removes what the feed no longer holds', async () => {
    const db = join(dir, 'sync.db');
    const lines = readFileSync(REAL, 'utf8').trim().split('\n');
    const all = await jobsearch(db, ['import', '-', '--source', 'feed', '--create'], {
      stdin: gzipSync(`${lines.join('\n')}\n`),
    });
    expect(all.out).toContain('  inserted:  201\n');
    const snapshot = await jobsearch(db, ['import', '-', '--source', 'feed', '--sync'], {
      stdin: gzipSync(lines.slice(0, 50).join('\n')),
    });
    expect(snapshot.code).toBe(0);
    expect(snapshot.out).toContain('  unchanged: 50\n');
    expect(snapshot.out).toContain('  removed:   151 (postings of feed absent from this import)\n');
    expect(query(db, 'SELECT count(*) FROM jobs')).toBe(50);
  });

  it('serves nothing of an import killed midway, and a re-run completes it', async () => {
    const db = join(dir, 'killed.db');
    const file = join(dir, 'big.ndjson');
    const now = Date.UTC(2026, 10, 20);
    const postings = [...generatePostings({ count: 6_000, seed: 5, now })].map((p) => JSON.stringify(p));
    writeFileSync(file, `${postings.join('\n')}\n`);
    const killed = await jobsearch(db, ['import', file, '--source', 'big', '--create'], { killAfter: /1,000 staged/ });
    expect(killed.code).toBe(null);
    expect(query(db, 'SELECT count(*) FROM jobs')).toBe(0);
    expect(query(db, "SELECT value FROM store_meta WHERE name = 'change_cursor'")).toBe(0);
    expect(query(db, 'SELECT count(*) FROM import_staging')).toBeGreaterThanOrEqual(1_000);
    const rerun = await jobsearch(db, ['import', file, '--source', 'big']);
    expect(rerun.code).toBe(0);
    expect(rerun.out).toContain('  inserted:  6,000\n');
    expect(query(db, 'SELECT count(*) FROM jobs')).toBe(6_000);
    expect(query(db, 'SELECT count(*) FROM import_staging')).toBe(0);
  });
});
