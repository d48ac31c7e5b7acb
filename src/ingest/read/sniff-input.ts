/**
 * What an input is, told from its first bytes: gzip (magic bytes 1f 8b, whatever the file is
 * called), text we read (JSON, HTML), or something we do not read, described by name so that
 * the message tells the operator what they sent rather than showing bytes.
 */

export type InputKind =
  | { kind: 'gzip' }
  | { kind: 'empty' }
  | { kind: 'json-array' }
  | { kind: 'json-object' }
  | { kind: 'html' }
  | { kind: 'unsupported'; what: string };

export const SUPPORTED_FORMATS =
  'supported: schema.org JobPosting JSON-LD as NDJSON, a JSON array, one object or an @graph document; ' +
  'HTML pages with <script type="application/ld+json"> blocks; any of them gzip-compressed; a directory of such files';

const MAGIC: readonly { bytes: readonly number[]; what: string }[] = [
  { bytes: [0x50, 0x4b, 0x03, 0x04], what: 'a ZIP archive (unpack it and import the files or their directory)' },
  { bytes: [0x42, 0x5a, 0x68], what: 'a bzip2-compressed file (decompress it, or compress with gzip)' },
  { bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], what: 'an xz-compressed file (decompress it, or compress with gzip)' },
  { bytes: [0x28, 0xb5, 0x2f, 0xfd], what: 'a zstd-compressed file (decompress it, or compress with gzip)' },
  { bytes: [0x25, 0x50, 0x44, 0x46], what: 'a PDF document' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf], what: 'a 7-Zip archive' },
  { bytes: [0x89, 0x50, 0x4e, 0x47], what: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], what: 'a JPEG image' },
];

/** Bytes the sniffer wants to see before it decides (fewer at the end of the input). */
export const SNIFF_BYTES = 64;

/** Decides from the first bytes of the input (up to SNIFF_BYTES; all of it when shorter). */
export function sniffInput(head: Buffer): InputKind {
  if (head[0] === 0x1f && head[1] === 0x8b) return { kind: 'gzip' };
  const magic = MAGIC.find((m) => m.bytes.every((b, i) => head[i] === b));
  if (magic) return { kind: 'unsupported', what: magic.what };
  let text = head.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const first = /\S/.exec(text);
  if (first === null) return head.includes(0) ? { kind: 'unsupported', what: 'binary data' } : { kind: 'empty' };
  if (looksBinary(head)) return { kind: 'unsupported', what: 'binary data' };
  const ch = first[0];
  if (ch === '[') return { kind: 'json-array' };
  if (ch === '{') return { kind: 'json-object' };
  if (ch === '<') return { kind: 'html' };
  return { kind: 'unsupported', what: describeText(text.slice(first.index)) };
}

function looksBinary(head: Buffer): boolean {
  let control = 0;
  for (const b of head) if (b === 0 || b < 0x09 || (b > 0x0d && b < 0x20)) control += 1;
  return control > head.length / 20;
}

function describeText(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const shown = JSON.stringify(firstLine.length > 40 ? `${firstLine.slice(0, 37)}...` : firstLine);
  if (/^[^,;\t]+([,;\t][^,;\t]*){2,}$/.test(firstLine)) return `text that looks like CSV (it starts with ${shown})`;
  return `text that is not JSON or HTML (it starts with ${shown})`;
}
