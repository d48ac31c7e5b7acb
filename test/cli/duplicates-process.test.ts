import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExportedPosting } from '../../src/cli/commands/export.js';

/** Duplicates across sources as an operator meets them: `jobsearch` processes on a real SQLite file. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'duplicates-process-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  out: string;
  err: string;
}

function jobsearch(db: string, args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: db, LOG_LEVEL: 'silent', IMPORT_PROGRESS_MS: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ code, out, err });
    });
  });
}

const posting = (fields: { id: string; title: string; company: string; city: string; url?: string }): string =>
  JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    identifier: fields.id,
    title: fields.title,
    datePosted: '2026-10-01',
    hiringOrganization: { '@type': 'Organization', name: fields.company },
    jobLocation: { '@type': 'Place', address: { addressLocality: fields.city, addressCountry: 'DE' } },
    description: '<p>Du verantwortest unsere SEO-Strategie.</p>',
    ...(fields.url === undefined ? {} : { url: fields.url }),
  });

function feed(name: string, lines: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

async function exported(db: string): Promise<Map<string, ExportedPosting>> {
  const out = join(dir, `export-${Date.now()}.ndjson`);
  const run = await jobsearch(db, ['export', '--out', out, '--no-estimates']);
  expect(run.code).toBe(0);
  const lines = readFileSync(out, 'utf8').trim().split('\n');
  return new Map(
    lines.map((l) => {
      const p = JSON.parse(l) as ExportedPosting;
      return [p.identity.key, p];
    }),
  );
}

describe('duplicates across sources, through the CLI on a SQLite file', { timeout: 180_000 }, () => {
  it('attaches the second source’s copies, says how many, exports the groups, and serves a copy again when the first source drops its posting', async () => {
    const db = join(dir, 'jobs.db');
    const seo = { title: 'SEO Manager (m/w/d)', company: 'Acme GmbH', city: 'Hamburg' };
    const content = { title: 'Content Lead', company: 'Beta AG', city: 'Köln', url: 'https://beta.example/jobs/7' };
    const first = feed('board-a.ndjson', [
      posting({ id: '1', ...seo }),
      posting({ id: '2', ...content }),
      posting({ id: '3', title: 'SEA Manager', company: 'Acme GmbH', city: 'Hamburg' }),
    ]);
    const second = feed('board-b.ndjson', [
      // The same job: another gender tag, the company without its legal form.
      posting({ id: 'x1', title: 'SEO Manager (w/m/d)', company: 'ACME', city: 'Hamburg' }),
      // The same apply URL (with tracking and www.), another title.
      posting({
        id: 'x2',
        title: 'Redakteur',
        company: 'Beta AG',
        city: 'Köln',
        url: 'https://www.beta.example/jobs/7/?utm_source=b',
      }),
      posting({ id: 'x3', title: 'SEO Manager', company: 'Acme GmbH', city: 'Berlin' }),
    ]);

    const a = await jobsearch(db, ['import', first, '--source', 'board-a', '--create']);
    expect(a.code).toBe(0);
    expect(a.err + a.out).not.toMatch(/attached to an existing posting/);
    const b = await jobsearch(db, ['import', second, '--source', 'board-b']);
    expect(b.code).toBe(0);
    expect(b.err + b.out).toMatch(/attached to an existing posting of another source: 2\b/);

    let groups = await exported(db);
    expect(groups.size).toBe(6);
    expect(groups.get('board-a:id::1')?.group).toEqual({ duplicateOf: null, duplicates: ['board-b:id::x1'] });
    expect(groups.get('board-b:id::x1')?.group).toEqual({ duplicateOf: 'board-a:id::1', duplicates: [] });
    expect(groups.get('board-a:id::2')?.group).toEqual({ duplicateOf: null, duplicates: ['board-b:id::x2'] });
    expect(groups.get('board-b:id::x3')?.group).toEqual({ duplicateOf: null, duplicates: [] });
    const stats = await jobsearch(db, ['stats', '--json']);
    expect(JSON.parse(stats.out)).toMatchObject({ stored: 6, live: 4 });

    // board-a's feed no longer holds posting 1: --sync removes it and board-b's copy is served.
    const again = await jobsearch(db, [
      'import',
      feed('board-a-2.ndjson', [posting({ id: '2', ...content })]),
      '--source',
      'board-a',
      '--sync',
    ]);
    expect(again.code).toBe(0);
    groups = await exported(db);
    expect(groups.has('board-a:id::1')).toBe(false);
    expect(groups.get('board-b:id::x1')?.group).toEqual({ duplicateOf: null, duplicates: [] });
    expect(JSON.parse((await jobsearch(db, ['stats', '--json'])).out)).toMatchObject({ stored: 4, live: 3 });
  });
});
