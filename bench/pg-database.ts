import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The server the PostgreSQL peer uses; the bench creates and drops its own database there. */
export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh, uniquely named database for one peer run. */
export async function createBenchDatabase(adminUrl = PG_ADMIN_URL): Promise<{ name: string; url: string }> {
  const name = `jobsearch_bench_${randomBytes(6).toString('hex')}`;
  await admin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export async function dropBenchDatabase(name: string, adminUrl = PG_ADMIN_URL): Promise<void> {
  if (!/^jobsearch_bench_[0-9a-f]+$/.test(name)) throw new Error(`refusing to drop '${name}': not a bench database`);
  await admin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

async function admin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
