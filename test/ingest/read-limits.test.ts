/** Bounds on what one import reads: line length, decompressed size, gzip ratio. */
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_READ_LIMITS, readLimitsFrom, type ReadLimits } from '../../src/ingest/read/read-limits.js';
import { InputLimitError, readChunks, type ReadResult } from '../../src/ingest/read/read-postings.js';

const MIB = 1024 * 1024;
const limits = (over: Partial<ReadLimits>): ReadLimits => ({ ...DEFAULT_READ_LIMITS, ...over });

async function collect(source: AsyncIterable<ReadResult>): Promise<ReadResult[]> {
  const out: ReadResult[] = [];
  for await (const r of source) out.push(r);
  return out;
}

const line = (title: string): string => JSON.stringify({ '@type': 'JobPosting', title });
const summary = (results: readonly ReadResult[]): [string, boolean][] => results.map((r) => [r.position, r.ok]);

/**
 * A gzip bomb: `mib` MiB of one byte after `prefix`, as concatenated gzip members (which gunzip
 * reads as one stream), so that the test compresses 1 MiB once, not the whole of it.
 */
function bomb(prefix: string, mib: number): Readable {
  const member = gzipSync(Buffer.alloc(MIB, 'x'), { level: 9 });
  return Readable.from(
    (function* () {
      yield gzipSync(prefix);
      for (let i = 0; i < mib; i++) yield member;
    })(),
  );
}

describe('the longest line', () => {
  it('rejects an NDJSON line past the limit by its number and reads the lines around it', async () => {
    const long = line('x'.repeat(3 * MIB));
    const input = [line('a'), long, line('b'), ''].join('\n');
    const results = await collect(readChunks(Readable.from([Buffer.from(input)]), limits({ maxLineBytes: MIB })));
    expect(summary(results)).toEqual([
      ['line 1', true],
      ['line 2', false],
      ['line 3', true],
    ]);
    expect(results[1]?.ok === false && results[1].reason).toMatch(/longer than 1 MiB.*--max-line-mb/);
  });

  it('drops a long line as it streams, without holding it: 64 MiB of one line in 64 KiB chunks', async () => {
    async function* chunks(): AsyncGenerator<Buffer> {
      yield Buffer.from(`${line('a')}\n{"title":"`);
      const filler = Buffer.alloc(64 * 1024, 'x');
      let peak = 0;
      for (let i = 0; i < 1024; i++) {
        yield filler;
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
      yield Buffer.from(`"}\n${line('b')}`);
    }
    const results = await collect(readChunks(chunks(), limits({ maxLineBytes: MIB })));
    expect(summary(results)).toEqual([
      ['line 1', true],
      ['line 2', false],
      ['line 3', true],
    ]);
  });

  it('rejects the last line past the limit when no newline ends it', async () => {
    const input = `${line('a')}\n${line('y'.repeat(2 * MIB))}`;
    const results = await collect(readChunks(Readable.from([Buffer.from(input)]), limits({ maxLineBytes: MIB })));
    expect(summary(results)).toEqual([
      ['line 1', true],
      ['line 2', false],
    ]);
  });

  it('reads a one-line JSON document longer than a line as a document (a minified @graph)', async () => {
    const graph = {
      '@graph': Array.from({ length: 300 }, (_, i) => ({ '@type': 'JobPosting', title: `T${i}`, d: 'z'.repeat(5000) })),
    };
    const results = await collect(
      readChunks(Readable.from([Buffer.from(JSON.stringify(graph))]), limits({ maxLineBytes: MIB })),
    );
    expect(results).toHaveLength(300);
    expect(results.every((r) => r.ok)).toBe(true);
  });

  it('ends a JSON array at an item past the limit, keeping the items before it', async () => {
    const input = `[${line('a')},${line('x'.repeat(3 * MIB))},${line('b')}]`;
    const results = await collect(readChunks(Readable.from([Buffer.from(input)]), limits({ maxLineBytes: MIB })));
    expect(summary(results)).toEqual([
      ['item 0', true],
      ['item 1', false],
    ]);
    expect(results[1]?.ok === false && results[1].reason).toMatch(/longer than 1 MiB/);
  });
});

describe('the decompressed size and the gzip ratio', () => {
  it('refuses a gzip bomb after a few MiB: one NDJSON line of 1 GiB in 1 MiB of gzip', async () => {
    const started = process.memoryUsage().rss;
    for (const maxLineBytes of [DEFAULT_READ_LIMITS.maxLineBytes, 2048 * MIB]) {
      const reading = collect(readChunks(bomb('{"title":"', 1024), limits({ maxLineBytes })));
      await expect(reading).rejects.toThrow(InputLimitError);
      await expect(reading).rejects.toThrow(/expands more than 100 times.*gzip bomb.*--max-gzip-ratio/);
    }
    // It stopped early: nowhere near the GiB it would have decompressed to.
    expect(process.memoryUsage().rss - started).toBeLessThan(256 * MIB);
  });

  it('refuses a bomb in a JSON array too, and keeps nothing of it', async () => {
    await expect(collect(readChunks(bomb('[{"title":"', 1024), limits({ maxLineBytes: 2048 * MIB })))).rejects.toThrow(
      InputLimitError,
    );
  });

  it('reads a gzip input that compresses well but within the ratio', async () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => line(`SEO Manager ${i}`)).join('\n');
    const results = await collect(readChunks(Readable.from([gzipSync(lines)]), DEFAULT_READ_LIMITS));
    expect(results).toHaveLength(20_000);
  });

  it('refuses an input larger than the size limit, plain or decompressed, and imports none of it', async () => {
    const lines = `${Array.from({ length: 50_000 }, (_, i) => line(`T${i}`)).join('\n')}\n`;
    const small = limits({ maxInputBytes: MIB });
    await expect(collect(readChunks(Readable.from([Buffer.from(lines)]), small))).rejects.toThrow(
      /larger than 1 MiB.*--max-input-mb/,
    );
    await expect(collect(readChunks(Readable.from([gzipSync(lines)]), small))).rejects.toThrow(InputLimitError);
  });
});

describe('the settings', () => {
  it('take a CLI flag before the environment, in megabytes, and name a bad value', () => {
    expect(readLimitsFrom({}, {})).toEqual({ ok: true, limits: DEFAULT_READ_LIMITS });
    expect(
      readLimitsFrom(
        { maxLineBytes: '2' },
        { IMPORT_MAX_LINE_MB: '8', IMPORT_MAX_INPUT_MB: '0.5', IMPORT_MAX_GZIP_RATIO: '20' },
      ),
    ).toEqual({ ok: true, limits: { maxLineBytes: 2 * MIB, maxInputBytes: MIB / 2, maxGzipRatio: 20 } });
    for (const [flags, env, named] of [
      [{ maxLineBytes: '0' }, {}, '--max-line-mb'],
      [{ maxGzipRatio: 'lots' }, {}, '--max-gzip-ratio'],
      [{}, { IMPORT_MAX_INPUT_MB: '-3' }, 'IMPORT_MAX_INPUT_MB'],
      [{}, { IMPORT_MAX_LINE_MB: '1e3' }, 'IMPORT_MAX_LINE_MB'],
    ] as const) {
      const result = readLimitsFrom(flags, env);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.message).toContain(named);
    }
  });
});
