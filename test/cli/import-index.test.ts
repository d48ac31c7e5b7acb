/**
 * `jobsearch import` keeps the store's saved index (INDEX_FILE): into a store without one it saves
 * the index once it has published, so that the next `serve` starts from the file instead of
 * building; a file that fits is left as it is; `--no-index`, INDEX_FILE=off and a failed import
 * leave it alone. Real processes on real SQLite files.
 */
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliFixture, type Run } from './cli-process.js';
import { getJson } from '../get-json.js';

const { dir, run } = cliFixture('import-index-');

const posting = (id: string, title: string, city: string): string =>
  JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    identifier: id,
    title,
    datePosted: '2026-10-01',
    hiringOrganization: { '@type': 'Organization', name: `Firma ${id}` },
    jobLocation: { '@type': 'Place', address: { addressLocality: city, addressCountry: 'DE' } },
    description: `<p>${title} in ${city}.</p>`,
  });

function feed(name: string, lines: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

async function finished(r: Run): Promise<number | null> {
  return (await r.exited).code;
}

/** Starts serve on `env`, returns what it said of the saved index and what /readyz and a count say. */
async function served(
  env: Record<string, string>,
  q: string,
): Promise<{ said: string; documents: number; total: number }> {
  const server = run(['serve'], env);
  try {
    const [, url] = await server.waitFor(/API docs +(http:\/\/127\.0\.0\.1:\d+)\/docs/);
    const ready = await getJson<{ documents: number }>(`${url}/readyz`);
    const count = await getJson<{ total_results: number }>(`${url}/jobs/api/job-search-results-count?q=${q}`);
    return { said: server.stderr(), documents: ready.documents, total: count.total_results };
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

describe('jobsearch import keeps the saved index', { timeout: 120_000 }, () => {
  it('saves the index of a store that has none, and serve starts from it without building', async () => {
    const db = join(dir, 'new.db');
    const first = run(
      ['import', '--create', feed('a.ndjson', [posting('1', 'Koch', 'Berlin'), posting('2', 'Gärtner', 'Köln')])],
      {
        DATABASE_URL: db,
      },
    );
    expect(await finished(first), first.stderr()).toBe(0);
    expect(first.stderr()).toMatch(/building the search index for .*new\.db\.index \(none saved yet\)/);
    expect(first.stderr()).toMatch(/saved the index of 2 postings to .*new\.db\.index \(\d+ MB\) in [\d.]+ s/);
    const saved = statSync(`${db}.index`);

    // A second import into the store: the file fits (same store, behind it), so it is left as it is.
    const second = run(['import', feed('b.ndjson', [posting('3', 'Gärtnerin', 'Bonn')])], { DATABASE_URL: db });
    expect(await finished(second), second.stderr()).toBe(0);
    expect(second.stderr()).not.toMatch(/search index/);
    const kept = statSync(`${db}.index`);
    expect([kept.ino, kept.mtimeMs, kept.size]).toEqual([saved.ino, saved.mtimeMs, saved.size]);

    const answer = await served({ DATABASE_URL: db }, 'gartner');
    expect(answer.said).toMatch(/started from the saved index .*new\.db\.index \(1 changes since it was saved\)/);
    expect(answer.documents).toBe(3);
    expect(answer.total).toBe(2);
  });

  it('replaces a file that cannot serve the store (another store’s), and saves despite rejected postings', async () => {
    const path = join(dir, 'shared.index');
    const other = run(['import', '--create', feed('c.ndjson', [posting('9', 'Maler', 'Halle')])], {
      DATABASE_URL: join(dir, 'other.db'),
      INDEX_FILE: path,
    });
    expect(await finished(other), other.stderr()).toBe(0);
    expect(other.stderr()).toMatch(/saved the index of 1 postings to .*shared\.index/);

    const db = join(dir, 'mine.db');
    const lines = [
      posting('4', 'Bäcker', 'Jena'),
      '{"@type": "JobPosting", "title": 7}',
      posting('5', 'Bäckerin', 'Gera'),
    ];
    const mine = run(['import', '--create', feed('d.ndjson', lines)], { DATABASE_URL: db, INDEX_FILE: path });
    expect(await finished(mine), mine.stderr()).toBe(2);
    expect(mine.stderr()).toMatch(/building the search index for .*shared\.index \(built from another store\)/);
    expect(mine.stderr()).toMatch(/saved the index of 2 postings to .*shared\.index/);

    const answer = await served({ DATABASE_URL: db, INDEX_FILE: path }, 'backer');
    expect(answer.said).toMatch(/started from the saved index .*shared\.index \(0 changes since it was saved\)/);
    expect([answer.documents, answer.total]).toEqual([2, 2]);
  });

  it('saves nothing with --no-index, with INDEX_FILE=off, or when nothing was imported', async () => {
    const lines = [posting('6', 'Tischler', 'Ulm')];
    const asked = run(['import', '--create', '--no-index', feed('e.ndjson', lines)], {
      DATABASE_URL: join(dir, 'asked.db'),
    });
    expect(await finished(asked), asked.stderr()).toBe(0);
    expect(existsSync(join(dir, 'asked.db.index'))).toBe(false);

    const off = run(['import', '--create', feed('f.ndjson', lines)], {
      DATABASE_URL: join(dir, 'off.db'),
      INDEX_FILE: 'off',
    });
    expect(await finished(off), off.stderr()).toBe(0);
    expect(off.stderr()).not.toMatch(/search index/);
    expect(existsSync(join(dir, 'off.db.index'))).toBe(false);

    const empty = run(['import', '--create', feed('g.ndjson', ['{"not": "a posting"}'])], {
      DATABASE_URL: join(dir, 'empty.db'),
    });
    expect(await finished(empty)).not.toBe(0);
    expect(existsSync(join(dir, 'empty.db.index'))).toBe(false);

    // Without the file, serve builds (and saves) as a first start does.
    const answer = await served({ DATABASE_URL: join(dir, 'asked.db') }, 'tischler');
    expect(answer.said).not.toMatch(/started from the saved index/);
    expect([answer.documents, answer.total]).toEqual([1, 1]);
    expect(existsSync(join(dir, 'asked.db.index'))).toBe(true);
  });
});
