import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { Command } from 'commander';
import { afterEach, describe, expect, it } from 'vitest';
import { registerImport } from '../../src/cli/commands/import.js';
import { MemoryStore } from './memory-store.js';

const fixture = (name: string): string => fileURLToPath(new URL(`../fixtures/ingest/${name}`, import.meta.url));

function capture(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

async function run(args: string[]) {
  const store = new MemoryStore();
  const out = capture();
  const err = capture();
  const program = new Command('jobsearch').exitOverride();
  registerImport(program, async () => store, { out: out.stream, err: err.stream });
  // Normal priority: a lowered one would stay with this test process (the process test checks `low`).
  await program.parseAsync(['node', 'jobsearch', 'import', ...args, '--priority', 'normal']);
  return { store, out: out.text(), err: err.text() };
}

afterEach(() => {
  process.exitCode = undefined;
});

describe('jobsearch import', () => {
  it('imports a file, prints the summary with the first rejects, and exits 2 for the rejects', async () => {
    const { store, out, err } = await run([fixture('mixed.ndjson'), '--source', 'feed']);
    expect(out).toContain('  read:      10\n  inserted:  2\n  updated:   0\n  unchanged: 0\n  rejected:  8\n');
    expect(out).toContain("line 6: datePosted is not a date: 'foo'");
    expect(err).toMatch(/import: 10 read, 2 staged, 8 rejected/);
    expect([...store.jobs.keys()]).toEqual(['feed:id::1001', 'feed:id:board:ws-77']);
    expect(process.exitCode).toBe(2);
  });

  it('reports an empty file and exits 1, even with --sync, without touching the store', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-'));
    try {
      const empty = join(dir, 'empty.ndjson');
      writeFileSync(empty, '\n');
      const { out, store } = await run([empty, '--sync']);
      expect(out).toContain('no posting: the input is empty; nothing was changed');
      expect(process.exitCode).toBe(1);
      expect(store.upserts).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits 0 despite rejects with --allow-rejects', async () => {
    await run([fixture('mixed.ndjson'), '--allow-rejects']);
    expect(process.exitCode ?? 0).toBe(0);
  });

  it('refuses a source name with characters an identity cannot hold', async () => {
    const { err, store } = await run([fixture('mixed.ndjson'), '--source', 'a:b']);
    expect(err).toMatch(/--source must be 1 to 64 letters/);
    expect(process.exitCode).toBe(1);
    expect(store.jobs.size).toBe(0);
  });

  it('refuses a --workers value that is not a thread count, naming the parameter', async () => {
    for (const bad of ['-1', 'two', '1.5', '99']) {
      const { err, store } = await run([fixture('mixed.ndjson'), '--workers', bad]);
      expect(err).toMatch(/--workers must be a whole number from 0 to \d+/);
      expect(store.jobs.size).toBe(0);
      expect(process.exitCode).toBe(1);
    }
  });

  it('takes the read limits from flags: a line past --max-line-mb is a reject, a gzip bomb imports nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-'));
    try {
      const posting = (title: string, extra = ''): string =>
        JSON.stringify({
          '@type': 'JobPosting',
          identifier: title,
          title,
          description: `SEO ${extra}`,
          datePosted: '2026-11-01',
          hiringOrganization: { name: 'Acme' },
          jobLocation: { address: { addressLocality: 'Berlin', addressCountry: 'DE' } },
        });
      const feed = join(dir, 'feed.ndjson');
      writeFileSync(
        feed,
        [posting('SEO Manager'), posting('SEO Lead', 'x'.repeat(300_000)), posting('SEO Analyst')].join('\n'),
      );
      const lined = await run([feed, '--max-line-mb', '0.25']);
      expect(lined.out).toMatch(/line 2: the line is longer than 0\.25 MiB; skipped to its end/);
      expect(lined.store.jobs.size).toBe(2);
      expect(process.exitCode).toBe(2);

      const member = gzipSync(Buffer.alloc(1024 * 1024, 'x'), { level: 9 });
      const bomb = join(dir, 'bomb.gz');
      writeFileSync(
        bomb,
        Buffer.concat([gzipSync(`${posting('SEO Manager')}\n{"title":"`), ...Array<Buffer>(64).fill(member)]),
      );
      const bombed = await run([bomb, '--sync']);
      expect(bombed.err).toMatch(/cannot read bomb\.gz: the gzip input expands more than 100 times.*gzip bomb/);
      expect(bombed.store.upserts).toBe(0);
      expect(process.exitCode).toBe(1);

      const bad = await run([feed, '--max-gzip-ratio', 'none']);
      expect(bad.err).toContain('--max-gzip-ratio must be a positive number');
      expect(process.exitCode).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("prints the rejects with the feed's control bytes escaped (ESC, NUL, bidi overrides), never raw", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-'));
    try {
      const feed = join(dir, 'feed.ndjson');
      writeFileSync(
        feed,
        [
          JSON.stringify({
            '@type': 'JobPosting',
            title: 'x',
            hiringOrganization: { name: 'A' },
            datePosted: '\u001b[2J\u001b[31mboom\u0000',
          }),
          JSON.stringify({
            '@type': 'JobPosting',
            title: 'y',
            hiringOrganization: { name: 'B' },
            datePosted: 'a\u202etxt.exe',
          }),
          '{"broken": "\u0007',
        ].join('\n'),
      );
      const { out } = await run([feed]);
      // eslint-disable-next-line no-control-regex -- no control character may reach the terminal
      expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u202e]/);
      expect(out).toContain('\\x1b[2J\\x1b[31mboom\\x00');
      expect(out).toContain('a\\u202etxt.exe');
      expect(process.exitCode).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes every reject to the reject report as JSON lines', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-'));
    try {
      const report = join(dir, 'rejects.ndjson');
      await run([fixture('mixed.ndjson'), '--reject-report', report]);
      const lines = readFileSync(report, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown);
      expect(lines).toHaveLength(8);
      expect(lines[1]).toEqual({ position: 'line 4', reason: 'title is missing' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits 1 when the file cannot be read', async () => {
    const { out, err } = await run(['/nonexistent/postings.ndjson']);
    expect(out).toBe('');
    expect(err).toMatch(/cannot read \/nonexistent\/postings\.ndjson/);
    expect(process.exitCode).toBe(1);
  });

  it('exits 1 when the file is not a supported format, saying what it is', async () => {
    const { err, store } = await run([fixture('page.html').replace('page.html', '../real-postings/README.md')]);
    expect(err).toMatch(/cannot read README\.md: the input is text that is not JSON or HTML \(it starts with "# /);
    expect(err).toMatch(/supported: schema\.org JobPosting JSON-LD/);
    expect(process.exitCode).toBe(1);
    expect(store.jobs.size).toBe(0);
  });
});
