/**
 * A throwaway PostgreSQL primary and a hot standby streaming from it, made with the binaries of
 * test/pg-embedded.ts in a temporary folder on free loopback ports, for tests of a serving process
 * that reads from a standby. `stop` stops both servers and removes the folder; call it in `finally`.
 *
 * The standby is a copy of the primary's data directory taken while the primary is shut down (a
 * cold base backup: the package ships no pg_basebackup), with `standby.signal` and the primary's
 * address, so it streams from the primary from its first start, as `pg_basebackup -R` would set up.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.js';
import {
  baseSettings,
  configure,
  initCluster,
  pgPrograms,
  runProgram,
  serverFolder,
  startCluster,
  stopCluster,
} from './pg-embedded.js';

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

/** Starts a primary (wal_level replica) and a hot standby made from a cold copy of it. */
export async function startReplicatedPair(): Promise<ReplicatedPair> {
  const programs = await pgPrograms();
  const { dir, account } = await serverFolder('jobsearch-standby-');
  const started: string[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(started.splice(0).map((data) => stopCluster(programs, account, data)));
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const [primaryPort, standbyPort] = [await freePort(), await freePort()];
    const primaryData = join(dir, 'primary');
    const standbyData = join(dir, 'standby');
    await initCluster(programs, account, primaryData);
    const settings = [
      'wal_level = replica',
      'hot_standby = on',
      "log_statement = 'all'",
      `log_line_prefix = '${LOG_PREFIX}'`,
    ];
    await configure(primaryData, [...baseSettings(dir, primaryPort), ...settings]);
    // initdb leaves the cluster shut down cleanly: its copy is a consistent base backup.
    await runProgram(account, 'cp', ['-a', primaryData, standbyData]);
    await configure(standbyData, [
      `port = ${standbyPort}`,
      `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres application_name=standby'`,
    ]);
    await runProgram(account, 'touch', [join(standbyData, 'standby.signal')]);
    await startCluster(programs, account, primaryData, join(dir, 'primary.log'));
    started.push(primaryData);
    await startCluster(programs, account, standbyData, join(dir, 'standby.log'));
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
