// The stats command lives in src/cli/commands/stats.ts; its test sits with the store tests it
// shares fixtures with.
import { PassThrough } from 'node:stream';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { collectStats, formatStats, registerStats } from '../../src/cli/commands/stats.js';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';
import { job, place } from '../builders.js';

const NOW = Date.UTC(2026, 11, 1);

async function seededStore(): Promise<SqliteJobStore> {
  const store = new SqliteJobStore(':memory:');
  await store.migrate();
  await store.upsert([
    job({ places: [place({ countryCode: 'DE' })] }),
    job({ places: [place({ countryCode: 'DE' })], isSeo: false }),
    job({ places: [place({ countryCode: 'ES' }), place({ countryCode: 'DE' })], source: 'partner', title: 'Content' }),
    job({ places: [] }),
    job({ places: [place({ countryCode: 'AT' })], validThrough: NOW - 1 }),
  ]);
  return store;
}

async function runStats(args: string[]): Promise<{ output: string; closed: boolean }> {
  const store = await seededStore();
  let closed = false;
  const close = store.close.bind(store);
  store.close = async () => {
    closed = true;
    await close();
  };
  const out = new PassThrough();
  let output = '';
  out.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const program = new Command('jobsearch').exitOverride();
  registerStats(program, async () => store, { out });
  await program.parseAsync(['stats', '--now', new Date(NOW).toISOString(), ...args], { from: 'user' });
  return { output, closed };
}

describe('jobsearch stats', () => {
  it('counts stored, live and expired postings and breaks the live ones down', async () => {
    const store = await seededStore();
    expect(await collectStats(store, NOW)).toEqual({
      stored: 5,
      live: 4,
      expired: 1,
      changeCursor: 1,
      byCountry: [
        { name: 'DE', count: 2 },
        { name: 'ES', count: 1 },
        { name: 'unknown', count: 1 },
      ],
      bySource: [
        { name: 'test', count: 3 },
        { name: 'partner', count: 1 },
      ],
      seo: { yes: 3, no: 1 },
    });
    await store.close();
  });

  it('prints JSON with --json and closes the store', async () => {
    const { output, closed } = await runStats(['--json']);
    expect(JSON.parse(output)).toMatchObject({ stored: 5, live: 4, expired: 1, changeCursor: 1 });
    expect(closed).toBe(true);
  });

  it('prints text in English with English number grouping', async () => {
    const { output } = await runStats([]);
    expect(output).toContain('Live postings      4\n');
    expect(
      formatStats({
        stored: 12_345,
        live: 0,
        expired: 12_345,
        changeCursor: 7,
        byCountry: [],
        bySource: [],
        seo: { yes: 0, no: 0 },
      }),
    ).toContain('Stored postings    12,345\n');
  });

  it('rejects a --now that is not a date', async () => {
    const program = new Command('jobsearch').exitOverride().configureOutput({ writeErr: () => undefined });
    registerStats(program, async () => seededStore(), { out: new PassThrough() });
    await expect(program.parseAsync(['stats', '--now', 'tomorrow'], { from: 'user' })).rejects.toThrow(/ISO 8601/);
  });
});
