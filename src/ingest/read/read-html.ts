/**
 * Postings in HTML pages (Google for Jobs markup): every `<script type="application/ld+json">`
 * block, found with htmlparser2 (which keeps a script's text raw, as browsers do). Each block may
 * hold one node, a list of nodes, or a document with `@graph` (nested graphs included); every
 * JobPosting in it is a record. Other nodes (Organization, BreadcrumbList, WebPage) are page
 * markup and are skipped, not rejected. A block that is not valid JSON is a reject of its own.
 * Positions: `block <n>` (1-based, in page order) and `item <i>` within the block's list or graph.
 */
import { Parser } from 'htmlparser2';
import { expandDocument } from './expand-document.js';
import { hasType, isObject } from '../json-ld.js';
import type { ReadResult } from './read-postings.js';

/** The text of each JSON-LD script block of a page, in order. */
export function jsonLdBlocks(html: string): string[] {
  const blocks: string[] = [];
  let current: string[] | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'script' && /^\s*application\/ld\+json\s*(;|$)/i.test(attributes['type'] ?? '')) current = [];
      },
      ontext(text) {
        current?.push(text);
      },
      onclosetag(name) {
        if (name === 'script' && current !== null) {
          blocks.push(current.join(''));
          current = null;
        }
      },
    },
    { decodeEntities: false },
  );
  parser.write(html);
  parser.end();
  return blocks;
}

/** The posting records of a page. */
export function* readHtml(html: string): Generator<ReadResult> {
  const blocks = jsonLdBlocks(html);
  for (const [b, text] of blocks.entries()) {
    const position = `block ${b + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(stripCdata(text));
    } catch (error) {
      yield {
        ok: false,
        position,
        reason: `malformed JSON-LD: ${error instanceof Error ? error.message : String(error)}`,
      };
      continue;
    }
    for (const { path, record } of postingsIn(value, '')) yield { ok: true, position: `${position}${path}`, record };
  }
}

/** Some pages wrap the JSON in a CDATA section or an HTML comment (for old XHTML validators). */
function stripCdata(text: string): string {
  return text
    .trim()
    .replace(/^(\/\/\s*)?<!\[CDATA\[/, '')
    .replace(/(\/\/\s*)?\]\]>$/, '')
    .replace(/^<!--/, '')
    .replace(/-->$/, '');
}

function* postingsIn(value: unknown, path: string): Generator<{ path: string; record: unknown }> {
  if (isObject(value) && hasType(value, 'JobPosting')) {
    yield { path, record: value };
    return;
  }
  const items = expandDocument(value);
  if (items === null) return;
  for (const { index, record } of items) yield* postingsIn(record, `${path} item ${index}`);
}
