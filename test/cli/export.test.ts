import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { registerExport, type ExportedPosting } from '../../src/cli/commands/export.js';
import type { Job } from '../../src/domain/job.js';
import { importFile } from '../../src/ingest/run-import.js';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';
import { job } from '../builders.js';

const REAL = fileURLToPath(new URL('../fixtures/real-postings/postings.ndjson', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'export-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function exportFrom(path: string, args: string[] = []): Promise<ExportedPosting[]> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const program = new Command('jobsearch').exitOverride();
  registerExport(
    program,
    async () => {
      const store = new SqliteJobStore(path);
      await store.migrate();
      return store;
    },
    { out, err: new PassThrough() },
  );
  await program.parseAsync(['node', 'jobsearch', 'export', ...args]);
  const text = Buffer.concat(chunks).toString('utf8');
  return text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as ExportedPosting);
}

describe('jobsearch export', () => {
  it('writes every stored posting, expired included, with its identity and every derived field', async () => {
    const path = join(dir, 'real.db');
    const store = new SqliteJobStore(path);
    await store.migrate();
    const summary = await importFile(REAL, store, { source: 'real', now: Date.now() });
    const stored = await store.count();
    const expiredKeys = new Set<string>();
    for await (const chunk of store.scanAll())
      for (const j of chunk) if (j.validThrough !== null && j.validThrough < Date.now()) expiredKeys.add(j.key);
    await store.close();
    // Every line of the fixture is imported: as a job of its own or as a duplicate of one.
    const lines0 = readFileSync(REAL, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '').length;
    expect(summary.rejected).toBe(0);
    expect(summary.inserted + summary.duplicates).toBe(lines0);

    const lines = await exportFrom(path);
    expect(lines).toHaveLength(stored);
    expect(
      lines
        .filter((l) => !l.live)
        .map((l) => l.identity.key)
        .sort(),
    ).toEqual([...expiredKeys].sort());
    // Imported postings also keep what the detail view shows (`detail`), which the builder leaves out.
    const jobFields = [...Object.keys(job()), 'detail']
      .filter((k) => !['key', 'boardId', 'source', 'url'].includes(k))
      .sort();
    // Where a remote posting states where its applicants may live, it also keeps that (codes).
    const withEligibility = lines.filter((l) => 'remoteEligibility' in l);
    expect(withEligibility.length).toBeGreaterThan(0);
    for (const line of withEligibility)
      expect((line as { remoteEligibility: unknown }).remoteEligibility).toEqual(
        expect.arrayContaining([expect.stringMatching(/^(?:[A-Z]{2}|EU|150|001)$/)]),
      );
    for (const line of lines) {
      expect(
        Object.keys(line)
          .filter((k) => k !== 'identity' && k !== 'live' && k !== 'group' && k !== 'remoteEligibility')
          .sort(),
      ).toEqual(jobFields);
      expect(line.identity.source).toBe('real');
      expect(line.identity.boardId).toMatch(/^\d+$/);
      expect(
        line.identity.key.startsWith(`real:${line.identity.keyedBy === 'identifier' ? 'id' : line.identity.keyedBy}:`),
      ).toBe(true);
    }
    expect(new Set(lines.map((l) => l.identity.boardId)).size).toBe(lines.length);
  });

  it('reads the identifier and its name back from the key, and gives the estimate the index would show', async () => {
    const path = join(dir, 'estimates.db');
    const store = new SqliteJobStore(path);
    await store.migrate();
    const paid = (n: number, min: number): Job =>
      job({
        key: `feed:id:board:${n}`,
        source: 'feed',
        url: `https://jobs.example/${n}`,
        salary: { min, max: min + 10_000 },
      });
    const unpaid = job({ key: 'feed:id:board%3Ax:99', source: 'feed', salary: null });
    await store.upsert([
      paid(1, 50_000),
      paid(2, 52_000),
      paid(3, 54_000),
      paid(4, 56_000),
      paid(5, 58_000),
      paid(6, 60_000),
      unpaid,
    ]);
    await store.close();

    const lines = await exportFrom(path);
    const byKey = new Map(lines.map((l) => [l.identity.key, l]));
    expect(byKey.get('feed:id:board:1')?.identity).toMatchObject({
      identifier: { name: 'board', value: '1' },
      url: 'https://jobs.example/1',
      keyedBy: 'identifier',
    });
    expect(byKey.get(unpaid.key)?.identity.identifier).toEqual({ name: 'board:x', value: '99' });
    const estimate = byKey.get(unpaid.key)?.estimatedSalary;
    expect(estimate?.min).toBeGreaterThanOrEqual(50_000);
    expect(estimate?.max).toBeLessThanOrEqual(70_000);
    expect(byKey.get('feed:id:board:1')?.estimatedSalary).toBeNull();

    const without = await exportFrom(path, ['--no-estimates']);
    expect(without.find((l) => l.identity.key === unpaid.key)?.estimatedSalary).toBeNull();
  });
});
