/**
 * A throwaway PostgreSQL primary and a hot standby streaming from it, made with the machine's own
 * PostgreSQL programs (initdb, pg_ctl, pg_basebackup -R) in a temporary folder on free loopback
 * ports, for tests of a serving process that reads from a standby. `stop` stops both servers and
 * removes the folder; call it in `finally`.
 *
 * initdb refuses to run as root: a test run as root runs the programs as the `postgres` user
 * (`runuser`), which then owns the folder.
 */
import { execFile } from 'node:child_process';
import { chmod, chown, mkdtemp, readFile, rm, appendFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
type Program = 'initdb' | 'pg_ctl' | 'pg_basebackup';

export interface PgServer {
  port: number;
  /** The URL of `database` on this server (user postgres, trust authentication). */
  url: (database: string) => string;
  /** Everything the server logged so far (with `log_statement = all`, every statement). */
  log: () => Promise<string>;
}

export interface ReplicatedPair {
  primary: PgServer;
  standby: PgServer;
  /** Stops both servers at once and removes every file; safe to call twice. */
  stop: () => Promise<void>;
}

/**
 * Prefix of every log line: `@@<application_name>@@`, so a test can tell which process sent a
 * statement (node-postgres sends PGAPPNAME as the application name).
 */
export const LOG_PREFIX = '@@%a@@ ';

/** Where initdb and friends are: pg_config's bindir, else the PATH. */
async function programDir(): Promise<string | null> {
  try {
    const { stdout } = await run('pg_config', ['--bindir']);
    return stdout.trim();
  } catch {
    return null;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address !== null && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/** Runs a PostgreSQL program, as `postgres` when this process is root; a failure carries its stderr. */
async function runAs(program: string, args: string[]): Promise<string> {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
  try {
    const { stdout } = await run(file, argv, { timeout: 60_000 });
    return stdout;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`${[file, ...argv].join(' ')} failed: ${stderr.trim() || String(error)}`, { cause: error });
  }
}

/** Starts a primary (wal_level replica) and a hot standby made from it by pg_basebackup -R. */
export async function startReplicatedPair(): Promise<ReplicatedPair> {
  const bin = await programDir();
  const program = (name: Program): string => (bin === null ? name : join(bin, name));
  const dir = await mkdtemp(join(tmpdir(), 'jobsearch-standby-'));
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  await chmod(dir, 0o755);
  const started: string[] = [];
  const stop = async (): Promise<void> => {
    for (const data of started.splice(0).reverse())
      await runAs(program('pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const [primaryPort, standbyPort] = [await freePort(), await freePort()];
    const primaryData = join(dir, 'primary');
    const standbyData = join(dir, 'standby');
    await runAs(program('initdb'), ['-D', primaryData, '-U', 'postgres', '-A', 'trust', '--no-sync']);
    const settings = [
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'wal_level = replica',
      'max_wal_senders = 4',
      'hot_standby = on',
      'fsync = off',
      "log_statement = 'all'",
      `log_line_prefix = '${LOG_PREFIX}'`,
    ];
    await appendFile(primaryData + '/postgresql.conf', [...settings, `port = ${primaryPort}`, ''].join('\n'));
    await startServer(program('pg_ctl'), primaryData, join(dir, 'primary.log'));
    started.push(primaryData);
    await runAs(program('pg_basebackup'), [
      ...['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres'],
      ...['-D', standbyData, '-R', '-X', 'stream'],
    ]);
    // The copied configuration names the primary's port; the last setting of a file wins.
    await appendFile(standbyData + '/postgresql.conf', `port = ${standbyPort}\n`);
    await startServer(program('pg_ctl'), standbyData, join(dir, 'standby.log'));
    started.push(standbyData);
    const server = (port: number, log: string): PgServer => ({
      port,
      url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
      log: () => readFile(log, 'utf8'),
    });
    return {
      primary: server(primaryPort, join(dir, 'primary.log')),
      standby: server(standbyPort, join(dir, 'standby.log')),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function startServer(pgCtl: string, data: string, log: string): Promise<void> {
  await runAs(pgCtl, ['-D', data, '-l', log, '-w', '-t', '60', 'start']);
}

/** One statement on a server, on a connection of its own. */
export async function query<T extends unknown[] = unknown[]>(
  url: string,
  sql: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, application_name: 'jobsearch-test' });
  await client.connect();
  try {
    return (await client.query<T>({ text: sql, values, rowMode: 'array' })).rows;
  } finally {
    await client.end();
  }
}

/** The log's entries (a statement may span lines) sent by `application`. */
export function entriesOf(log: string, application: string): string[] {
  return log.split(/^(?=@@)/m).filter((entry) => entry.startsWith(`@@${application}@@`));
}
