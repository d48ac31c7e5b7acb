/**
 * Reads JobPosting JSON-LD from a file or a stream: NDJSON (one posting per line, streamed), a JSON
 * array, a document with `@graph` or an `ItemList`, or a single object (the last three parsed whole).
 *
 * The format is told by the first non-space character and the first line: `[` is a JSON array; a
 * first line that opens and closes an object (`{...}`) is NDJSON; any other `{` document (pretty
 * printed) is parsed whole. A malformed NDJSON line is a reject for that line, never a crash; blank lines are skipped.
 * Positions are `line <n>` (1-based) for NDJSON and `item <i>` (the 0-based array index) otherwise.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { expandDocument } from './expand-document.js';

export type ReadResult =
  | { ok: true; position: string; record: unknown }
  | { ok: false; position: string; reason: string };

/** The input is not JSON at all, or a JSON document that does not parse. */
export class PostingsFormatError extends Error {
  override readonly name = 'PostingsFormatError';
}

/** Reads from a path (`-` is stdin) or a readable stream. */
export async function* readPostings(input: string | Readable): AsyncGenerator<ReadResult> {
  const stream = typeof input === 'string' ? openInput(input) : input;
  yield* readChunks(stream);
}

function openInput(path: string): Readable {
  return path === '-' ? process.stdin : createReadStream(path);
}

type Mode = 'undecided' | 'ndjson' | 'document';

/** Parses text chunks; exported for tests and for callers holding text in memory. */
export async function* readChunks(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<ReadResult> {
  const decoder = new StringDecoder('utf8');
  let buffer = '';
  let mode: Mode = 'undecided';
  let lineNo = 0;
  for await (const chunk of chunks) {
    buffer += typeof chunk === 'string' ? chunk : decoder.write(chunk);
    if (mode === 'undecided') {
      if (lineNo === 0 && buffer.charCodeAt(0) === 0xfeff) buffer = buffer.slice(1);
      mode = decideMode(buffer, false);
    }
    if (mode !== 'ndjson') continue;
    let start = 0;
    let nl = buffer.indexOf('\n', start);
    while (nl !== -1) {
      lineNo += 1;
      const result = parseLine(buffer.slice(start, nl), lineNo);
      if (result) yield* result;
      start = nl + 1;
      nl = buffer.indexOf('\n', start);
    }
    buffer = buffer.slice(start);
  }
  buffer += decoder.end();
  if (mode === 'undecided') mode = decideMode(buffer, true);
  if (mode === 'ndjson') {
    const result = parseLine(buffer, lineNo + 1);
    if (result) yield* result;
  } else if (mode === 'document') {
    yield* parseDocument(buffer);
  }
}

/** Decides once enough text is buffered; 'undecided' asks for more. */
function decideMode(buffer: string, atEnd: boolean): Mode {
  const first = /\S/.exec(buffer);
  if (!first) return atEnd ? 'ndjson' : 'undecided';
  const ch = first[0];
  if (ch === '[') return 'document';
  if (ch !== '{') {
    throw new PostingsFormatError(`input is not JSON: it starts with ${JSON.stringify(buffer.slice(first.index, first.index + 20))}`);
  }
  const nl = buffer.indexOf('\n', first.index);
  if (nl === -1 && !atEnd) return 'undecided';
  const line = (nl === -1 ? buffer.slice(first.index) : buffer.slice(first.index, nl)).trim();
  // A first line that closes its object is a record of its own (even a malformed one): NDJSON.
  return line.endsWith('}') ? 'ndjson' : 'document';
}

function parseLine(raw: string, lineNo: number): ReadResult[] | null {
  const line = raw.trim();
  if (line === '') return null;
  const position = `line ${lineNo}`;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return [{ ok: false, position, reason: `malformed JSON: ${messageOf(error)}` }];
  }
  // A line holding a whole JSON-LD document (@graph, ItemList) is expanded; a bare array is not a record.
  const items = Array.isArray(value) ? null : expandDocument(value);
  if (items === null) return [{ ok: true, position, record: value }];
  return items.map(({ index, record }) => ({ ok: true, position: `${position} item ${index}`, record }));
}

function* parseDocument(text: string): Generator<ReadResult> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new PostingsFormatError(`input is not valid JSON (read as a JSON document): ${messageOf(error)}`);
  }
  const items = expandDocument(value) ?? [{ index: 0, record: value }];
  for (const { index, record } of items) yield { ok: true, position: `item ${index}`, record };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
