import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { PostingsFormatError, readPostings, type ReadResult } from '../../../src/ingest/read/read-postings.js';

const fixture = (name: string): string => fileURLToPath(new URL(`../../fixtures/ingest/${name}`, import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'read-formats-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function collect(source: AsyncIterable<ReadResult>): Promise<ReadResult[]> {
  const out: ReadResult[] = [];
  for await (const r of source) out.push(r);
  return out;
}

function file(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
  return path;
}

const titles = (results: readonly ReadResult[]): unknown[] =>
  results.map((r) => (r.ok ? (r.record as { title?: unknown }).title : r.reason));

describe('reading every form a feed arrives in', () => {
  it('reads the JobPostings of an HTML page: several blocks, nested @graph, CDATA, skipping other markup', async () => {
    const results = await collect(readPostings(fixture('page.html')));
    expect(results.map((r) => [r.position, r.ok])).toEqual([
      ['block 2 item 1 item 0', true],
      ['block 3', false],
      ['block 4 item 0', true],
    ]);
    expect(titles(results)[0]).toBe('SEO Manager (m/w/d) <b>Remote</b>');
    expect(results[1]?.ok === false && results[1].reason).toMatch(/^malformed JSON-LD: /);
    expect(titles(results)[2]).toBe('Content SEO Specialist');
  });

  it('tells gzip by its magic bytes, whatever the file is called, for every inner format', async () => {
    const ndjson = readFileSync(fixture('mixed.ndjson'));
    const plain = await collect(readPostings(fixture('mixed.ndjson')));
    expect(await collect(readPostings(file('feed.ndjson.gz', gzipSync(ndjson))))).toEqual(plain);
    expect(await collect(readPostings(file('feed-without-suffix', gzipSync(ndjson))))).toEqual(plain);
    const html = await collect(readPostings(file('page.html.gz', gzipSync(readFileSync(fixture('page.html'))))));
    expect(html.map((r) => r.position)).toEqual(['block 2 item 1 item 0', 'block 3', 'block 4 item 0']);
    const array = await collect(readPostings(file('array.json.gz', gzipSync(readFileSync(fixture('array.json'))))));
    expect(array.map((r) => r.position)).toEqual(['item 0', 'item 1', 'item 2']);
  });

  it('keeps the lines of a truncated gzip stream that arrived whole and reports the break', async () => {
    const lines = Array.from({ length: 2_000 }, (_, i) =>
      JSON.stringify({ '@type': 'JobPosting', title: `T${i}`, n: Math.random() }),
    );
    const gz = gzipSync(`${lines.join('\n')}\n`);
    const results = await collect(readPostings(file('cut.ndjson.gz', gz.subarray(0, Math.floor(gz.length * 0.6)))));
    const last = results.at(-1);
    expect(last?.ok).toBe(false);
    expect(last?.ok === false && last.reason).toMatch(/the input breaks off here \(unexpected end of file\)/);
    const read = results.slice(0, -1);
    expect(read.length).toBeGreaterThan(100);
    expect(
      read.every((r, i) => r.ok && r.position === `line ${i + 1}` && (r.record as { title: string }).title === `T${i}`),
    ).toBe(true);
  });

  it('reads a directory file by file in path order, naming each file in positions', async () => {
    const root = join(dir, 'feeds');
    file('feeds/b.ndjson', '{"@type":"JobPosting","title":"B"}\n');
    file('feeds/a/page.html.gz', gzipSync(readFileSync(fixture('page.html'))));
    file('feeds/c.json', '[{"@type":"JobPosting","title":"C"}]');
    file('feeds/d.csv', 'id;title;company\n1;SEO;Acme\n');
    file('feeds/.hidden', 'ignored');
    file('feeds/e.json', '');
    const results = await collect(readPostings(root));
    expect(results.map((r) => r.position)).toEqual([
      'a/page.html.gz: block 2 item 1 item 0',
      'a/page.html.gz: block 3',
      'a/page.html.gz: block 4 item 0',
      'b.ndjson: line 1',
      'c.json: item 0',
      'd.csv',
    ]);
    expect(results.at(-1)?.ok === false && results.at(-1)).toMatchObject({
      reason: expect.stringMatching(/^the input is text that looks like CSV/),
    });
  });

  it('yields nothing for an empty file and says what an unsupported file is', async () => {
    expect(await collect(readPostings(file('empty.json', '')))).toEqual([]);
    const error = await collect(readPostings(file('x.zst', Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0, 0])))).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PostingsFormatError);
    expect((error as Error).message).toMatch(
      /^the input is a zstd-compressed file .*; supported: schema.org JobPosting JSON-LD as NDJSON/,
    );
    const binary = await collect(readPostings(file('x.bin', Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 0])))).catch(
      (e: unknown) => e,
    );
    expect((binary as Error).message).toMatch(/^the input is binary data; supported/);
  });
});
