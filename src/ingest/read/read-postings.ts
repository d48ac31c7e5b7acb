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
import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import streamArray from 'stream-json/streamers/stream-array.js';
import { expandDocument } from './expand-document.js';
import { parseLine, type ReadResult, type UnparsedLine } from './parse-line.js';
import { readHtml } from './read-html.js';
import { SNIFF_BYTES, sniffInput, SUPPORTED_FORMATS } from './sniff-input.js';
import {
  BOMB_GRACE_BYTES,
  DEFAULT_READ_LIMITS,
  formatMib,
  MAX_DOCUMENT_BYTES,
  READ_LIMIT_SETTINGS,
  type ReadLimits,
} from './read-limits.js';

export type { ReadResult, UnparsedLine } from './parse-line.js';

export interface ReadOptions {
  /**
   * NDJSON lines come as `UnparsedLine`s, to be parsed by `parseLine` where they are enriched
   * (run-import.ts with enrichment threads); every other kind of input comes as `ReadResult`s.
   */
  unparsedLines?: boolean;
}

/** The input cannot be read as postings at all (unsupported kind, or a broken JSON document). */
export class PostingsFormatError extends Error {
  override readonly name = 'PostingsFormatError';
}

/**
 * The input passed one of the import's limits (its size decompressed, its gzip ratio): nothing of
 * it is imported, as a truncated feed must not be published (with --sync it would delete postings).
 */
export class InputLimitError extends PostingsFormatError {}

/** Reads from a path (`-` is stdin; a directory is read file by file) or a readable stream. */
export function readPostings(input: string | Readable, limits?: ReadLimits): AsyncGenerator<ReadResult>;
export function readPostings(
  input: string | Readable,
  limits: ReadLimits | undefined,
  options: ReadOptions,
): AsyncGenerator<ReadResult | UnparsedLine>;
export async function* readPostings(
  input: string | Readable,
  limits: ReadLimits = DEFAULT_READ_LIMITS,
  options: ReadOptions = {},
): AsyncGenerator<ReadResult | UnparsedLine> {
  if (typeof input !== 'string') {
    yield* readChunks(input, limits, options);
  } else if (input === '-') {
    yield* readChunks(process.stdin, limits, options);
  } else if ((await stat(input)).isDirectory()) {
    yield* readDirectory(input, limits, options);
  } else {
    yield* readChunks(createReadStream(input), limits, options);
  }
}

async function* readDirectory(
  root: string,
  limits: ReadLimits,
  options: ReadOptions,
): AsyncGenerator<ReadResult | UnparsedLine> {
  for (const path of await filesUnder(root)) {
    const name = relative(root, path);
    try {
      for await (const r of readChunks(createReadStream(path), limits, options))
        yield { ...r, position: `${name}: ${r.position}` };
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
export function readChunks(chunks: AsyncIterable<Buffer | string>, limits?: ReadLimits): AsyncGenerator<ReadResult>;
export function readChunks(
  chunks: AsyncIterable<Buffer | string>,
  limits: ReadLimits | undefined,
  options: ReadOptions,
): AsyncGenerator<ReadResult | UnparsedLine>;
export async function* readChunks(
  chunks: AsyncIterable<Buffer | string>,
  limits: ReadLimits = DEFAULT_READ_LIMITS,
  options: ReadOptions = {},
): AsyncGenerator<ReadResult | UnparsedLine> {
  const source = chunks[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headBytes = 0;
  // Blank lines before the first record do not make a feed empty: read on past them (as far as
  // the longest line), so that the sniffer sees the first character that is not blank.
  let blank = true;
  while (headBytes < SNIFF_BYTES || (blank && headBytes <= limits.maxLineBytes)) {
    const next = await source.next();
    if (next.done === true) break;
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    head.push(chunk);
    headBytes += chunk.length;
    blank &&= isBlank(chunk, head.length === 1);
  }
  const rest = bounded(replay(head, source), limits.maxInputBytes);
  const kind = sniffInput(Buffer.concat(head));
  switch (kind.kind) {
    case 'empty':
      return;
    case 'gzip':
      yield* readChunks(gunzipped(rest, limits.maxGzipRatio), limits, options);
      return;
    case 'json-array':
      yield* readJsonArray(utf8Only(rest), limits.maxLineBytes);
      return;
    case 'json-object':
      yield* readJsonText(utf8Only(rest), limits.maxLineBytes, options.unparsedLines === true);
      return;
    case 'html':
      yield* readHtml(await wholeText(rest, MAX_DOCUMENT_BYTES));
      return;
    case 'unsupported':
      throw new PostingsFormatError(`the input is ${kind.what}; ${SUPPORTED_FORMATS}`);
  }
}

/** Whether the bytes are only ASCII blank space (and, at the start, a UTF-8 byte order mark). */
function isBlank(bytes: Buffer, atStart: boolean): boolean {
  const from = atStart && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  for (let i = from; i < bytes.length; i++) {
    const b = bytes[i];
    if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) return false;
  }
  return true;
}

async function* replay(head: readonly Buffer[], rest: AsyncIterator<Buffer | string>): AsyncGenerator<Buffer> {
  yield* head;
  for (;;) {
    const next = await rest.next();
    if (next.done === true) return;
    yield typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
  }
}

/**
 * JSON is UTF-8 (RFC 8259). A feed in Latin-1 or Windows-1252 would import as `K\uFFFDchenhilfe`
 * in every posting, so bytes that are not UTF-8 refuse the input (InputLimitError: nothing of it
 * is imported) with what to do. Checked chunk by chunk; a character split between two chunks is
 * carried over.
 */
async function* utf8Only(bytes: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let carry: Buffer = Buffer.alloc(0);
  let offset = 0;
  for await (const b of bytes) {
    const chunk = carry.length === 0 ? b : Buffer.concat([carry, b]);
    const whole = chunk.length - incompleteTail(chunk);
    if (!isUtf8(chunk.subarray(0, whole))) throw notUtf8(offset, chunk.subarray(0, whole));
    offset += whole;
    carry = Buffer.from(chunk.subarray(whole));
    yield chunk.subarray(0, whole);
  }
  if (carry.length > 0) throw notUtf8(offset, carry);
}

/** Bytes at the end of `b` that begin a UTF-8 sequence the chunk does not finish (0 to 3). */
function incompleteTail(b: Buffer): number {
  for (let back = 1; back <= Math.min(3, b.length); back++) {
    const byte = b[b.length - back] ?? 0;
    if ((byte & 0xc0) === 0x80) continue;
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return need > back ? back : 0;
  }
  return 0;
}

function notUtf8(offset: number, bytes: Buffer): InputLimitError {
  const at = firstInvalid(bytes);
  const byte = bytes[at] ?? 0;
  const legacy = byte >= 0x80 ? ' (it looks like Latin-1 or Windows-1252)' : '';
  return new InputLimitError(
    `the input is not UTF-8: byte 0x${byte.toString(16)} at offset ${offset + at}${legacy}; nothing of it is imported. ` +
      'JSON feeds must be UTF-8: convert it first, e.g. iconv -f WINDOWS-1252 -t UTF-8',
  );
}

/** Where the first byte that is not part of a well-formed UTF-8 sequence is (the length when none is). */
function firstInvalid(bytes: Buffer): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] ?? 0;
    const need = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (need === 0 || i + need > bytes.length) return i;
    for (let k = 1; k < need; k++) if (((bytes[i + k] ?? 0) & 0xc0) !== 0x80) return i;
    if (!isUtf8(bytes.subarray(i, i + need))) return i;
    i += need;
  }
  return i;
}

/** The bytes, refused with InputLimitError once there are more than `max`. */
async function* bounded(bytes: AsyncIterable<Buffer>, max: number): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const b of bytes) {
    total += b.length;
    if (total > max) {
      throw new InputLimitError(
        `the input is larger than ${formatMib(max)} (decompressed); nothing of it is imported ` +
          `(raise ${READ_LIMIT_SETTINGS.maxInputBytes.flag} or ${READ_LIMIT_SETTINGS.maxInputBytes.env})`,
      );
    }
    yield b;
  }
}

/**
 * Decompressed gzip, refused with InputLimitError once it has given more than BOMB_GRACE_BYTES at
 * more than `maxRatio` bytes per compressed byte read: a gzip bomb stops within a few MiB.
 */
async function* gunzipped(bytes: AsyncIterable<Buffer>, maxRatio: number): AsyncGenerator<Buffer> {
  let compressed = 0;
  async function* counted(): AsyncGenerator<Buffer> {
    for await (const b of bytes) {
      compressed += b.length;
      yield b;
    }
  }
  const gunzip = createGunzip();
  pipeline(Readable.from(counted()), gunzip, () => undefined);
  let out = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      out += chunk.length;
      if (out > BOMB_GRACE_BYTES && out > compressed * maxRatio) {
        throw new InputLimitError(
          `the gzip input expands more than ${maxRatio} times (${formatMib(compressed)} to more than ` +
            `${formatMib(out)}): refused as a likely gzip bomb, nothing of it is imported ` +
            `(raise ${READ_LIMIT_SETTINGS.maxGzipRatio.flag} or ${READ_LIMIT_SETTINGS.maxGzipRatio.env})`,
        );
      }
      yield chunk;
    }
  } finally {
    gunzip.destroy();
  }
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
async function* readJsonArray(bytes: AsyncIterable<Buffer>, maxElement: number): AsyncGenerator<ReadResult> {
  const elements = streamArray.withParserAsStream();
  // Bytes the parser was given since it last completed an element: one element's size at most.
  const pending = { bytes: 0 };
  async function* guarded(): AsyncGenerator<Buffer> {
    for await (const b of sliced(withoutBom(bytes), ARRAY_SLICE)) {
      pending.bytes += b.length;
      if (pending.bytes > maxElement + ARRAY_SLICE) {
        throw new Error(`an item is longer than ${formatMib(maxElement)} (${READ_LIMIT_SETTINGS.maxLineBytes.flag})`);
      }
      yield b;
    }
  }
  pipeline(Readable.from(guarded()), elements, () => undefined);
  elements.on('data', () => {
    pending.bytes = 0;
  });
  let next = 0;
  try {
    for await (const item of drain<{ key: number; value: unknown }>(elements)) {
      next = item.key + 1;
      yield { ok: true, position: `item ${item.key}`, record: item.value };
    }
  } catch (error) {
    if (error instanceof InputLimitError) throw error;
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

/**
 * NDJSON or one JSON document (the input starts with `{`). An NDJSON line longer than `maxLine`
 * is a reject of that line, skipped to its end without being held; a first line that long makes
 * the input one JSON document, read whole up to MAX_DOCUMENT_BYTES.
 */
async function* readJsonText(
  bytes: AsyncIterable<Buffer>,
  maxLine: number,
  unparsed: boolean,
): AsyncGenerator<ReadResult | UnparsedLine> {
  const decoder = new StringDecoder('utf8');
  let buffer = '';
  let mode: Mode = 'undecided';
  let lineNo = 0;
  let broken: unknown = null;
  /** Inside a line too long to read: its bytes are dropped up to its end. */
  let skipping = false;
  /** Undecided: the text so far in pieces (joined once, when it decides) and whether it has begun. */
  const pieces: string[] = [];
  let pending = 0;
  let begun = false;
  try {
    for await (const chunk of bytes) {
      let text = decoder.write(chunk);
      if (mode === 'undecided') {
        if (pieces.length === 0) text = stripBom(text);
        pieces.push(text);
        pending += text.length;
        // Only the new text is searched: a growing string searched whole is quadratic.
        const first: number = begun ? 0 : text.search(/\S/);
        begun ||= first !== -1;
        const decided = begun && text.includes('\n', Math.max(first, 0));
        // No newline yet past the longest line: not NDJSON, one (minified) document.
        if (!decided && pending <= maxLine) continue;
        text = pieces.join('');
        pieces.length = 0;
        mode = decided ? decideMode(text, false) : 'document';
      }
      if (mode === 'document') {
        buffer += text;
        if (buffer.length > MAX_DOCUMENT_BYTES) throw documentTooLarge();
        continue;
      }
      if (skipping) {
        const end = text.indexOf('\n');
        if (end === -1) continue;
        skipping = false;
        lineNo += 1;
        text = text.slice(end + 1);
      }
      if (!text.includes('\n') && buffer.length > 0) {
        // Still inside one line: appended without reading the whole line again.
        buffer += text;
      } else {
        buffer += text;
        let start = 0;
        let nl = buffer.indexOf('\n', start);
        while (nl !== -1) {
          lineNo += 1;
          const result =
            nl - start > maxLine
              ? [{ ok: false as const, position: `line ${lineNo}`, reason: lineTooLong(maxLine) }]
              : lineResults(buffer.slice(start, nl), lineNo, unparsed);
          if (result) yield* result;
          start = nl + 1;
          nl = buffer.indexOf('\n', start);
        }
        buffer = buffer.slice(start);
      }
      if (buffer.length > maxLine) {
        skipping = true;
        buffer = '';
        yield { ok: false, position: `line ${lineNo + 1}`, reason: lineTooLong(maxLine) };
      }
    }
    if (mode === 'undecided') buffer = pieces.join('');
  } catch (error) {
    if (error instanceof InputLimitError) throw error;
    // The bytes stopped coming (a truncated gzip stream): keep what was read, report the rest.
    if (mode !== 'ndjson') throw new PostingsFormatError(`the input cannot be read to its end: ${messageOf(error)}`);
    broken = error;
  }
  if (skipping) {
    // The overlong line was the last one: it is reported, and nothing of it is left to read.
    lineNo += 1;
    buffer = '';
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
    const result = lineResults(buffer, lineNo + 1, unparsed);
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

/** A line's read results, or the line itself to parse later (null for a blank line either way). */
function lineResults(raw: string, lineNo: number, unparsed: boolean): (ReadResult | UnparsedLine)[] | null {
  const position = `line ${lineNo}`;
  if (!unparsed) return parseLine(raw, position);
  return raw.trim() === '' ? null : [{ ok: 'unparsed', position, line: raw }];
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

function lineTooLong(maxLine: number): string {
  return (
    `the line is longer than ${formatMib(maxLine)}; skipped to its end ` +
    `(raise ${READ_LIMIT_SETTINGS.maxLineBytes.flag} or ${READ_LIMIT_SETTINGS.maxLineBytes.env})`
  );
}

function documentTooLarge(): InputLimitError {
  return new InputLimitError(
    `the input is one JSON document larger than ${formatMib(MAX_DOCUMENT_BYTES)}, which is read whole; ` +
      'send NDJSON or a JSON array, which are read one posting at a time',
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
