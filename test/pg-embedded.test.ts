import { existsSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startEmbeddedServer } from './pg-embedded.js';

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  return client;
}

describe('the PostgreSQL server the tests start from the npm package', () => {
  it('accepts databases being made and dropped, and is gone with its folder after stop', async () => {
    const server = await startEmbeddedServer();
    let stopped = false;
    try {
      const client = await connect(server.url);
      const dataDirectory = (await client.query<{ d: string }>("SELECT current_setting('data_directory') AS d"))
        .rows[0]!.d;
      const version = (await client.query<{ v: string }>("SELECT current_setting('server_version_num') AS v")).rows[0]!
        .v;
      await client.query('CREATE DATABASE embedded_check');
      await client.query('DROP DATABASE embedded_check');
      await client.end();
      expect(Number(version)).toBeGreaterThanOrEqual(170000);
      expect(existsSync(dataDirectory)).toBe(true);

      await server.stop();
      stopped = true;
      expect(existsSync(dataDirectory)).toBe(false);
      await expect(connect(server.url)).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      if (!stopped) await server.stop();
    }
  });
});
