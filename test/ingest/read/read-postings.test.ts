import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  PostingsFormatError,
  readChunks,
  readPostings,
  type ReadResult,
} from '../../../src/ingest/read/read-postings.js';

const fixture = (name: string): string => fileURLToPath(new URL(`../../fixtures/ingest/${name}`, import.meta.url));

async function collect(source: AsyncIterable<ReadResult>): Promise<ReadResult[]> {
  const out: ReadResult[] = [];
  for await (const r of source) out.push(r);
  return out;
}

const fromText = (...chunks: string[]) => readChunks(Readable.from(chunks.map((c) => Buffer.from(c))));

describe('readPostings', () => {
  it('reads NDJSON line by line, skipping blank lines and rejecting a malformed line', async () => {
    const results = await collect(readPostings(fixture('mixed.ndjson')));
    expect(results.map((r) => r.position)).toEqual([
      'line 1',
      'line 3',
      'line 4',
      'line 5',
      'line 6',
      'line 7',
      'line 9',
      'line 10',
      'line 11',
      'line 12',
    ]);
    const bad = results[1];
    expect(bad?.ok).toBe(false);
    expect(bad?.ok === false && bad.reason).toMatch(/^malformed JSON: /);
    expect(results.filter((r) => r.ok)).toHaveLength(9);
  });

  it('keeps a JSON array on an NDJSON line as one record', async () => {
    const results = await collect(readPostings(fixture('mixed.ndjson')));
    expect(results.find((r) => r.position === 'line 10')).toEqual({ ok: true, position: 'line 10', record: [1, 2, 3] });
  });

  it('splits lines across chunk boundaries and handles CRLF, a BOM and a last line without newline', async () => {
    const results = await collect(fromText('\uFEFF{"a":1}\r\n{"b"', ':2}\n\n{"c":3}'));
    expect(results).toEqual([
      { ok: true, position: 'line 1', record: { a: 1 } },
      { ok: true, position: 'line 2', record: { b: 2 } },
      { ok: true, position: 'line 4', record: { c: 3 } },
    ]);
  });

  it('reads a JSON array with positions as array indexes', async () => {
    const results = await collect(readPostings(fixture('array.json')));
    expect(results.map((r) => r.position)).toEqual(['item 0', 'item 1', 'item 2']);
    expect(results.every((r) => r.ok)).toBe(true);
  });

  it('reads a @graph document, resolving node references, keeping graph indexes and passing over other schema.org nodes', async () => {
    const results = await collect(readPostings(fixture('graph.jsonld')));
    // The Organization is referenced, the WebPage is another kind of node: neither is a record.
    expect(results.map((r) => r.position)).toEqual(['item 1']);
    const posting = results[0];
    expect(posting?.ok && posting.record).toMatchObject({
      '@context': 'https://schema.org',
      title: 'Technical SEO Manager (m/w/d)',
      hiringOrganization: { '@id': '#org', name: 'Graph GmbH' },
    });
  });

  it('reads a pretty-printed single object as one record', async () => {
    const results = await collect(readPostings(fixture('single.json')));
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ ok: true, position: 'item 0', record: { title: 'Head of SEO (m/w/d)' } });
  });

  it('reads a one-line @graph document as NDJSON with item positions', async () => {
    const doc = JSON.stringify({
      '@graph': [
        { '@type': 'JobPosting', title: 'A' },
        { '@type': 'JobPosting', title: 'B' },
      ],
    });
    const results = await collect(fromText(`${doc}\n`));
    expect(results.map((r) => r.position)).toEqual(['line 1 item 0', 'line 1 item 1']);
  });

  it("gives a posting of a @graph without hiringOrganization the graph's Organization", async () => {
    const doc = JSON.stringify({
      '@graph': [
        { '@type': 'WebSite', name: 'Karriere' },
        { '@type': 'Organization', name: 'Seite GmbH' },
        { '@type': 'JobPosting', title: 'A' },
        { '@type': 'JobPosting', title: 'B', hiringOrganization: { name: 'Andere AG' } },
      ],
    });
    const results = await collect(fromText(`${doc}\n`));
    expect(
      results.map((r) => [
        r.position,
        r.ok && (r.record as { hiringOrganization: { name: string } }).hiringOrganization.name,
      ]),
    ).toEqual([
      ['line 1 item 2', 'Seite GmbH'],
      ['line 1 item 3', 'Andere AG'],
    ]);
  });

  it('reads an ItemList of ListItems', async () => {
    const doc = { '@type': 'ItemList', itemListElement: [{ '@type': 'ListItem', position: 1, item: { title: 'X' } }] };
    const results = await collect(fromText(JSON.stringify(doc, null, 2)));
    expect(results).toEqual([{ ok: true, position: 'item 0', record: { title: 'X' } }]);
  });

  it('fails with a clear error on a broken JSON document', async () => {
    const broken = '{\n  "@type": "JobPosting",\n  "title": "x" "y"\n}';
    await expect(collect(fromText(broken))).rejects.toThrow(PostingsFormatError);
    await expect(collect(fromText(broken))).rejects.toThrow(/input is not valid JSON \(read as a JSON document\)/);
  });

  it('reports where a JSON array breaks off with a syntax error', async () => {
    const results = await collect(readPostings(fixture('broken.json')));
    const last = results.at(-1);
    expect(last?.ok).toBe(false);
    expect(last?.ok === false && last.reason).toMatch(
      /^the JSON array breaks off here \(Parser cannot parse input: expected ','\)/,
    );
    expect(results.filter((r) => r.ok).map((r) => r.position)).toEqual(results.slice(0, -1).map((_, i) => `item ${i}`));
  });

  it('keeps every complete element of a JSON array that is cut short', async () => {
    const items = Array.from({ length: 3_000 }, (_, i) => ({
      '@type': 'JobPosting',
      title: `T${i}`,
      description: 'x'.repeat(i % 50),
    }));
    const whole = JSON.stringify(items);
    const cut = whole.slice(0, whole.indexOf('"T2500"') + 3);
    const results = await collect(fromText(cut));
    expect(results).toHaveLength(2_501);
    expect(
      results
        .slice(0, 2_500)
        .every((r, i) => r.ok && r.position === `item ${i}` && (r.record as { title: string }).title === `T${i}`),
    ).toBe(true);
    expect(results[2_500]).toMatchObject({ ok: false, position: 'item 2500' });
  });

  it('says what an unsupported input is and what is supported', async () => {
    await expect(collect(fromText('hello world\n'))).rejects.toThrow(
      /the input is text that is not JSON or HTML \(it starts with "hello world"\); supported: /,
    );
    await expect(collect(fromText('id;title;company\n1;SEO;Acme\n'))).rejects.toThrow(/text that looks like CSV/);
    await expect(collect(readChunks(Readable.from([Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])])))).rejects.toThrow(
      /a ZIP archive/,
    );
  });

  it('yields nothing for empty input', async () => {
    expect(await collect(fromText('  \n\n'))).toEqual([]);
  });

  it('streams NDJSON without waiting for the end of the input', async () => {
    let produced = 0;
    async function* endless(): AsyncGenerator<string> {
      for (;;) {
        produced += 1;
        yield `{"n":${produced}}\n`;
      }
    }
    const seen: ReadResult[] = [];
    for await (const r of readChunks(endless())) {
      seen.push(r);
      if (seen.length === 3) break;
    }
    expect(seen.map((r) => r.position)).toEqual(['line 1', 'line 2', 'line 3']);
    expect(produced).toBeLessThan(10);
  });
});
