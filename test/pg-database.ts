import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A server the tests may create and drop their own databases on; other databases are never touched.
 * TEST_POSTGRES_URL names it; unset, the test run's global setup starts one (test/global-postgres.ts).
 */
export const ADMIN_URL = process.env['TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** `host:port` of ADMIN_URL, as the store's messages name a server. */
export const ADMIN_HOST_PORT = ((url) => `${url.hostname}:${url.port || '5432'}`)(new URL(ADMIN_URL));

const TEST_DATABASE = /^jobsearch_test_[0-9a-f]{12}$/;

/** Runs one statement on the server's admin database, with a clear error when there is no server. */
export async function adminQuery(sql: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The PostgreSQL tests need a server at ${redact(ADMIN_URL)} (${reason}). ` +
        'Start one, or set TEST_POSTGRES_URL to a server where databases may be created.',
      { cause: error },
    );
  }
  try {
    return await client.query(sql, values);
  } finally {
    await client.end();
  }
}

/** A new, uniquely named database, and its URL. */
export async function createTestDatabase(): Promise<{ name: string; url: string }> {
  const name = `jobsearch_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/** Drops a database this module made (only those names); FORCE ends connections a failed test left open. */
export async function dropTestDatabase(name: string): Promise<void> {
  if (!TEST_DATABASE.test(name)) throw new Error(`refusing to drop ${name}`);
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** Ends the sessions of a test database that show `application` in pg_stat_activity; how many. */
export async function terminateSessions(name: string, application: string): Promise<number> {
  if (!TEST_DATABASE.test(name)) throw new Error(`refusing to touch ${name}`);
  const result = await adminQuery(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = $2',
    [name, application],
  );
  return result.rowCount ?? 0;
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

/**
 * Cuts a test database off (no new connections, every session ended) or lets it be reached again:
 * to the processes using it, the store is down.
 */
export async function setReachable(name: string, reachable: boolean): Promise<void> {
  if (!TEST_DATABASE.test(name)) throw new Error(`refusing to touch ${name}`);
  await adminQuery(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS ${reachable ? 'true' : 'false'}`);
  if (!reachable) await adminQuery('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
}
