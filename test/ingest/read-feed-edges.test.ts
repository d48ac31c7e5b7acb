/** Feeds that are valid but unusual: leading blank space, legacy encodings. */
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { InputLimitError, readChunks, type ReadResult } from '../../src/ingest/read/read-postings.js';

async function collect(source: AsyncIterable<ReadResult>): Promise<ReadResult[]> {
  const out: ReadResult[] = [];
  for await (const r of source) out.push(r);
  return out;
}

const line = (title: string): string => JSON.stringify({ '@type': 'JobPosting', title });
const positions = (results: readonly ReadResult[]): string[] => results.map((r) => r.position);

describe('blank space before the first record', () => {
  it('reads a feed after 65,536 blank lines, with the lines numbered as in the file, in any chunking', async () => {
    const text = `${'\n'.repeat(65_536)}${line('a')}\n${line('b')}\n`;
    for (const chunks of [[Buffer.from(text)], split(text, 1000)]) {
      const results = await collect(readChunks(Readable.from(chunks)));
      expect(positions(results)).toEqual(['line 65537', 'line 65538']);
      expect(results.every((r) => r.ok)).toBe(true);
    }
  });

  it('reads a gzip feed and a JSON array after blank space and a byte order mark', async () => {
    const gz = gzipSync(`\r\n\t ${'\n'.repeat(100_000)}${line('a')}\n`);
    expect(positions(await collect(readChunks(Readable.from([gz]))))).toEqual(['line 100002']);
    const array = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${' '.repeat(70_000)}[${line('a')}]`)]);
    expect(positions(await collect(readChunks(Readable.from([array]))))).toEqual(['item 0']);
  });

  it('still calls an input of blank space alone empty', async () => {
    expect(await collect(readChunks(Readable.from([Buffer.from('\n'.repeat(200_000))])))).toEqual([]);
  });
});

function split(text: string, size: number): Buffer[] {
  const bytes = Buffer.from(text);
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

describe('the encoding', () => {
  const posting = (title: string): string => `${JSON.stringify({ '@type': 'JobPosting', title })}\n`;

  it('refuses a Latin-1 or Windows-1252 feed as a whole, saying where and what to do, plain or gzip', async () => {
    const latin1 = Buffer.concat([
      Buffer.from(posting('SEO Manager')),
      Buffer.from(posting('Küchenhilfe – SEO'), 'latin1'),
    ]);
    for (const input of [latin1, gzipSync(latin1)]) {
      const reading = collect(readChunks(Readable.from([input])));
      await expect(reading).rejects.toThrow(InputLimitError);
      await expect(reading).rejects.toThrow(
        /not UTF-8: byte 0xfc at offset \d+ \(it looks like Latin-1 or Windows-1252\).*iconv/,
      );
    }
    const array = Buffer.from(`[${JSON.stringify({ title: 'Küche' })}]`, 'latin1');
    await expect(collect(readChunks(Readable.from([array])))).rejects.toThrow(/not UTF-8/);
  });

  it('reads UTF-8 whose characters are split between chunks at every byte', async () => {
    const text = posting('Küchenhilfe – SEO 🏔 Zürich');
    const bytes = Buffer.from(text);
    const results = await collect(readChunks(Readable.from(split(text, 1))));
    expect(results).toEqual([{ ok: true, position: 'line 1', record: JSON.parse(bytes.toString()) }]);
  });
});
