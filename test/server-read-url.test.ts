/**
 * The start of a serving process with DATABASE_READ_URL, in-process against the real PostgreSQL
 * server: the read database is opened without migrating, the primary is migrated only when the
 * read database lacks the schema, and a read database with the schema is enough to serve while
 * the primary is unreachable. (A real streaming standby is in test/cli/standby.test.ts.)
 */
import pg from 'pg';
import { pino, type Logger } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startServer, StartAborted } from '../src/server.js';
import { POSTGRES_MIGRATIONS } from '../src/store/migrations/postgres.js';
import { PostgresJobStore } from '../src/store/postgres-store.js';
import { job } from './builders.js';
import { ADMIN_HOST_PORT, createTestDatabase, dropTestDatabase } from './pg-database.js';
import { getJson } from './get-json.js';
import { freePort } from './free-port.js';

async function tablesOf(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ t: string }>(
      "SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1",
    );
    return result.rows.map((r) => r.t);
  } finally {
    await client.end();
  }
}

interface Readyz {
  status: string;
  reason?: string;
  documents?: number;
}

/** Polls /readyz until `accept` holds; generous, the machine is shared. */
async function readyzUntil(base: string, accept: (r: Readyz) => boolean): Promise<Readyz> {
  const end = Date.now() + 30_000;
  let last: Readyz | null = null;
  while (Date.now() < end) {
    try {
      const body = (await (await fetch(`${base}/readyz`)).json()) as Readyz;
      if (accept(body)) return body;
      last = body;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`/readyz never as expected; last ${JSON.stringify(last)}`);
}

/** Starts the server on a known port (its URL is returned only once ready) and stops it after `test`. */
async function withServer(
  env: Record<string, string>,
  test: (base: string, started: Promise<unknown>) => Promise<void>,
  log: Logger = pino({ level: 'silent' }),
): Promise<void> {
  const port = await freePort();
  const config = loadConfig({ PORT: String(port), HOST: '127.0.0.1', REFRESH_INTERVAL_MS: '100', ...env });
  const abort = new AbortController();
  const starting = startServer(config, log, { signal: abort.signal });
  const started = starting.then(
    (server) => server,
    (error: unknown) => error,
  );
  try {
    await test(`http://127.0.0.1:${port}`, started);
  } finally {
    abort.abort();
    const outcome = await started;
    if (!(outcome instanceof Error)) await (outcome as { close(): Promise<void> }).close();
    else expect(outcome).toBeInstanceOf(StartAborted);
  }
}

describe('starting with DATABASE_READ_URL', { timeout: 60_000 }, () => {
  it('refuses a read database of a newer release, naming DATABASE_READ_URL, and leaves the primary alone', async () => {
    const primary = await createTestDatabase();
    const reader = await createTestDatabase();
    try {
      const store = new PostgresJobStore(reader.url);
      await store.migrate();
      await store.close();
      const future = Math.max(...POSTGRES_MIGRATIONS.map((m) => m.version)) + 1;
      const client = new pg.Client({ connectionString: reader.url });
      await client.connect();
      await client.query("INSERT INTO schema_migrations (version, name) VALUES ($1, 'future')", [future]);
      await client.end();

      await withServer({ DATABASE_URL: primary.url, DATABASE_READ_URL: reader.url }, async (base) => {
        const r = await readyzUntil(base, (b) => b.reason !== undefined);
        expect(r.status).toBe('loading');
        expect(r.reason).toMatch(
          new RegExp(
            `^DATABASE_READ_URL: cannot open the store \\(PostgreSQL at ${ADMIN_HOST_PORT.replaceAll('.', '\\.')}, database ${reader.name}.*` +
              `schema version\\(s\\) ${future} that this program does not know`,
          ),
        );
      });
      expect(await tablesOf(primary.url)).toEqual([]);
    } finally {
      await dropTestDatabase(primary.name);
      await dropTestDatabase(reader.name);
    }
  });

  it('migrates the primary, never the read database, when the read database has no schema', async () => {
    const primary = await createTestDatabase();
    const reader = await createTestDatabase();
    try {
      await withServer({ DATABASE_URL: primary.url, DATABASE_READ_URL: reader.url }, async (base) => {
        // Two unrelated databases: the read one never replays the migration, so the start waits, saying why.
        const r = await readyzUntil(base, (b) => b.reason !== undefined);
        expect(r.status).toBe('loading');
        expect(r.reason).toMatch(new RegExp(`^DATABASE_READ_URL: .*database ${reader.name}.*has no schema yet`));
        expect(await tablesOf(primary.url)).toContain('schema_migrations');
      });
      expect(await tablesOf(reader.url)).toEqual([]);
    } finally {
      await dropTestDatabase(primary.name);
      await dropTestDatabase(reader.name);
    }
  });

  it('serves from a read database with this release schema while the primary is unreachable, following it by polling', async () => {
    const reader = await createTestDatabase();
    try {
      const store = new PostgresJobStore(reader.url);
      await store.migrate();
      await store.upsert([job({ key: 'a:1' }), job({ key: 'a:2' }), job({ key: 'a:3' })]);
      const nobody = `postgres://postgres@127.0.0.1:${await freePort()}/nowhere`;
      const lines: string[] = [];
      const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
      const messages = () => lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
      await withServer(
        { DATABASE_URL: nobody, DATABASE_READ_URL: reader.url },
        async (base, started) => {
          const outcome = await started;
          expect(outcome).not.toBeInstanceOf(Error);
          const r = await readyzUntil(base, (b) => b.status === 'ready');
          expect(r.documents).toBe(3);
          const count = await getJson<{ total_results: number }>(`${base}/jobs/api/job-search-results-count`);
          expect(count.total_results).toBe(3);

          // No primary to listen on: the poll (every 100 ms here) follows the read database.
          await store.upsert([job({ key: 'a:4' })]);
          await readyzUntil(base, (b) => b.documents === 4);
          // The listening connection is retried (250 ms, 500 ms, 1 s, ...) and its loss said once.
          await new Promise((resolve) => setTimeout(resolve, 2_000));
          expect(messages().filter((m) => m === 'change notifications lost; polling until back')).toHaveLength(1);
          expect(messages()).toContain(
            'reading a standby: listening on the primary, reading each change once the standby replayed it',
          );
        },
        log,
      ).finally(() => store.close());
    } finally {
      await dropTestDatabase(reader.name);
    }
  });
});
