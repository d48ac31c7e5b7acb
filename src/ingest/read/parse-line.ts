/**
 * One NDJSON line as read results: nothing for a blank line, a reject for malformed JSON, the
 * records of a whole JSON-LD document on one line (`@graph`, `ItemList`: `<position> item <i>`),
 * else the record. The reader calls it for each line, or leaves it to the import (an
 * `UnparsedLine`), which then parses the line in the thread that enriches it: the text crosses to
 * a thread as one string, where a parsed record would be copied object by object.
 */
import { expandDocument } from './expand-document.js';

export type ReadResult =
  { ok: true; position: string; record: unknown } | { ok: false; position: string; reason: string };

/** An NDJSON line read but not parsed (readPostings with `unparsedLines`); parseLine gives its results. */
export interface UnparsedLine {
  ok: 'unparsed';
  position: string;
  line: string;
}

export function parseLine(raw: string, position: string): ReadResult[] | null {
  const line = raw.trim();
  if (line === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return [
      { ok: false, position, reason: `malformed JSON: ${error instanceof Error ? error.message : String(error)}` },
    ];
  }
  // A line holding a whole JSON-LD document (@graph, ItemList) is expanded; a bare array is not a record.
  const items = Array.isArray(value) ? null : expandDocument(value);
  if (items === null) return [{ ok: true, position, record: value }];
  return items.map(({ index, record }) => ({ ok: true, position: `${position} item ${index}`, record }));
}
