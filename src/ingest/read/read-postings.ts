/**
 * Reads JobPosting JSON-LD from a file, a directory, stdin or a stream, in whatever form a partner
 * sends it. The form is told by the content, never by the file name (see sniff-input.ts):
 *
 * - gzip (magic bytes): decompressed on the fly, then read as below;
 * - `[`: a JSON array, parsed as a stream (stream-json): one element at a time, so memory stays
 *   flat, and an array cut short or broken midway keeps every complete element before the break
 *   (the break itself is a reject);
 * - `{`: a first line that opens and closes an object is NDJSON (streamed line by line; a malformed
 *   line is a reject of that line); any other `{` document (pretty printed, `@graph`, `ItemList`)
 *   is parsed whole;
 * - `<`: an HTML page, read for its `<script type="application/ld+json">` blocks (read-html.ts);
 * - empty: nothing; anything else: a PostingsFormatError that says what the input is and what is
 *   supported.
 *
 * A directory is read file by file (sorted by path, sub-directories included, hidden files
 * skipped); each file's positions start with its path, and a file of an unsupported kind is a
 * reject of that file, not the end of the import. Positions: `line <n>` (1-based) for NDJSON,
 * `item <i>` (0-based index in the array or graph), `block <n>` for HTML script blocks.
 */
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import streamArray from 'stream-json/streamers/stream-array.js';
import { expandDocument } from './expand-document.js';
import { readHtml } from './read-html.js';
import { SNIFF_BYTES, sniffInput, SUPPORTED_FORMATS } from './sniff-input.js';

export type ReadResult =
  { ok: true; position: string; record: unknown } | { ok: false; position: string; reason: string };

/** The input cannot be read as postings at all (unsupported kind, or a broken JSON document). */
export class PostingsFormatError extends Error {
  override readonly name = 'PostingsFormatError';
}

/** An HTML page is read whole; a bigger one is refused rather than filling memory. */
const MAX_HTML_BYTES = 64 * 1024 * 1024;

/** Reads from a path (`-` is stdin; a directory is read file by file) or a readable stream. */
export async function* readPostings(input: string | Readable): AsyncGenerator<ReadResult> {
  if (typeof input !== 'string') {
    yield* readChunks(input);
  } else if (input === '-') {
    yield* readChunks(process.stdin);
  } else if ((await stat(input)).isDirectory()) {
    yield* readDirectory(input);
  } else {
    yield* readChunks(createReadStream(input));
  }
}

async function* readDirectory(root: string): AsyncGenerator<ReadResult> {
  for (const path of await filesUnder(root)) {
    const name = relative(root, path);
    try {
      for await (const r of readChunks(createReadStream(path))) yield { ...r, position: `${name}: ${r.position}` };
    } catch (error) {
      if (!(error instanceof PostingsFormatError)) throw error;
      yield { ok: false, position: name, reason: error.message };
    }
  }
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files: string[] = [];
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (e.name.startsWith('.')) continue;
    const path = join(dir, e.name);
    if (e.isDirectory()) files.push(...(await filesUnder(path)));
    else if (e.isFile()) files.push(path);
  }
  return files;
}

/** Reads one stream of bytes (or text) of any supported kind; exported for tests and callers holding text. */
export async function* readChunks(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<ReadResult> {
  const source = chunks[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headBytes = 0;
  while (headBytes < SNIFF_BYTES) {
    const next = await source.next();
    if (next.done === true) break;
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    head.push(chunk);
    headBytes += chunk.length;
  }
  const rest = replay(head, source);
  const kind = sniffInput(Buffer.concat(head));
  switch (kind.kind) {
    case 'empty':
      return;
    case 'gzip':
      yield* readChunks(gunzipped(rest));
      return;
    case 'json-array':
      yield* readJsonArray(rest);
      return;
    case 'json-object':
      yield* readJsonText(rest);
      return;
    case 'html':
      yield* readHtml(await wholeText(rest, MAX_HTML_BYTES));
      return;
    case 'unsupported':
      throw new PostingsFormatError(`the input is ${kind.what}; ${SUPPORTED_FORMATS}`);
  }
}

async function* replay(head: readonly Buffer[], rest: AsyncIterator<Buffer | string>): AsyncGenerator<Buffer> {
  yield* head;
  for (;;) {
    const next = await rest.next();
    if (next.done === true) return;
    yield typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
  }
}

function gunzipped(bytes: AsyncIterable<Buffer>): Readable {
  const gunzip = createGunzip();
  pipeline(Readable.from(bytes), gunzip, () => undefined);
  return gunzip;
}

async function wholeText(bytes: AsyncIterable<Buffer>, limit: number): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const b of bytes) {
    size += b.length;
    if (size > limit)
      throw new PostingsFormatError(`the HTML page is larger than ${limit / 1024 / 1024} MiB; ${SUPPORTED_FORMATS}`);
    parts.push(b);
  }
  return stripBom(Buffer.concat(parts).toString('utf8'));
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The elements of a top-level JSON array, one at a time. Where the array breaks off (cut short,
 * or a syntax error) a reject says so; every element before the break that the parser completed
 * is read. The parser is fed in slices of ARRAY_SLICE bytes: an error fails the slice it is in,
 * so at most the elements of that one slice before the error are not read (the reject covers them).
 */
async function* readJsonArray(bytes: AsyncIterable<Buffer>): AsyncGenerator<ReadResult> {
  const elements = streamArray.withParserAsStream();
  pipeline(Readable.from(sliced(withoutBom(bytes), ARRAY_SLICE)), elements, () => undefined);
  let next = 0;
  try {
    for await (const item of drain<{ key: number; value: unknown }>(elements)) {
      next = item.key + 1;
      yield { ok: true, position: `item ${item.key}`, record: item.value };
    }
  } catch (error) {
    yield {
      ok: false,
      position: `item ${next}`,
      reason: `the JSON array breaks off here (${messageOf(error)}); the ${next} item(s) before it are read`,
    };
  }
}

const ARRAY_SLICE = 4_096;

async function* sliced(bytes: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  for await (const b of bytes) {
    for (let i = 0; i < b.length; i += size) yield b.subarray(i, i + size);
  }
}

/**
 * A readable's items as they are emitted. Async iteration of a stream would drop the items
 * still buffered when it fails; 'data' events hand them over first, then the error.
 */
async function* drain<T>(stream: Readable): AsyncGenerator<T> {
  const queue: T[] = [];
  // Set by the stream's listeners between awaits: typed wide so that the checks are not narrowed away.
  let failure = null as { error: unknown } | null;
  let ended = false as boolean;
  let wake: (() => void) | null = null;
  const signal = (): void => {
    wake?.();
    wake = null;
  };
  stream.on('data', (item: T) => {
    queue.push(item);
    if (queue.length >= 1_000) stream.pause();
    signal();
  });
  stream.on('error', (error) => {
    failure = { error };
    signal();
  });
  stream.on('end', () => {
    ended = true;
    signal();
  });
  for (;;) {
    while (queue.length > 0) yield queue.shift() as T;
    if (failure !== null) throw failure.error;
    if (ended) return;
    stream.resume();
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
  }
}

async function* withoutBom(bytes: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let first = true;
  for await (const b of bytes) {
    yield first && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? b.subarray(3) : b;
    first = false;
  }
}

type Mode = 'undecided' | 'ndjson' | 'document';

/** NDJSON or one JSON document (the input starts with `{`). */
async function* readJsonText(bytes: AsyncIterable<Buffer>): AsyncGenerator<ReadResult> {
  const decoder = new StringDecoder('utf8');
  let buffer = '';
  let mode: Mode = 'undecided';
  let lineNo = 0;
  let broken: unknown = null;
  try {
    for await (const chunk of bytes) {
      buffer += decoder.write(chunk);
      if (mode === 'undecided') {
        buffer = stripBom(buffer);
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
  } catch (error) {
    // The bytes stopped coming (a truncated gzip stream): keep what was read, report the rest.
    if (mode !== 'ndjson') throw new PostingsFormatError(`the input cannot be read to its end: ${messageOf(error)}`);
    broken = error;
  }
  buffer += decoder.end();
  if (mode === 'undecided') mode = decideMode(buffer, true);
  if (broken !== null) {
    yield {
      ok: false,
      position: `line ${lineNo + 1}`,
      reason: `the input breaks off here (${messageOf(broken)}); the lines before it are read`,
    };
  } else if (mode === 'ndjson') {
    const result = parseLine(buffer, lineNo + 1);
    if (result) yield* result;
  } else {
    yield* parseDocument(buffer);
  }
}

/** Decides once enough text is buffered; 'undecided' asks for more. */
function decideMode(buffer: string, atEnd: boolean): Mode {
  const first = /\S/.exec(buffer);
  if (!first) return atEnd ? 'ndjson' : 'undecided';
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
