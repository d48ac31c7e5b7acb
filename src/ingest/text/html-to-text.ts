/**
 * Description HTML or markdown to plain text blocks. HTML goes through a real parser (htmlparser2:
 * attributes containing ">", CDATA, comments, unclosed tags, entities with or without ";") and is
 * rewritten to a markdown-like form (headings `## `, list items `- `, bold `**`), so one line
 * parser serves both. A block is one paragraph, list item or heading; `heading` also marks a line
 * that is only bold text or a short label ending with a colon ("Dein Profil:"), which summaries
 * skip. A line that starts with "%" continues the line before ("Einsatzart: 80\n% Remote"), so
 * numbers survive cleaning.
 */
import { Parser } from 'htmlparser2';
import { decodeEntities } from './entities.js';

export interface TextBlock {
  text: string;
  heading: boolean;
}

const LOOKS_LIKE_HTML = /<\/?(?:p|div|br|li|ul|ol|h[1-6]|b|strong|em|i|span|a|table|section)\b[^>]*>/i;
const DROPPED = new Set(['script', 'style', 'head', 'noscript', 'template']);
const BLOCK_TAGS = new Set(
  'p div br ul ol li h1 h2 h3 h4 h5 h6 tr table section article header footer hr blockquote dd dt dl'.split(' '),
);

/** Plain text blocks of a description (HTML or markdown). */
export function descriptionBlocks(description: string): TextBlock[] {
  const html = LOOKS_LIKE_HTML.test(description);
  const markdown = html ? htmlToMarkdown(description) : description;
  const blocks: TextBlock[] = [];
  for (const raw of joinContinuations(markdown.split('\n'))) {
    const block = markdownLine(raw, html);
    if (block) blocks.push(block);
  }
  return blocks;
}

/** Lines starting with "%" belong to the line before ("- **Einsatzart:** 80" + "% Remote"). */
function joinContinuations(lines: string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const t = line.trim();
    if (t.startsWith('%') && out.length > 0) {
      let i = out.length - 1;
      while (i > 0 && out[i]!.trim() === '') i--;
      out[i] = `${out[i]!.trimEnd()} ${t}`;
      out.length = i + 1;
    } else out.push(line);
  }
  return out;
}

/** The blocks as one plain text, one block per line. */
export function blocksText(blocks: readonly TextBlock[]): string {
  return blocks.map((b) => b.text).join('\n');
}

/**
 * The description as markdown: through `simpleHtmlToMarkdown` when the HTML is of the plain kind
 * most feeds send, else through the parser.
 */
export function htmlToMarkdown(html: string): string {
  return simpleHtmlToMarkdown(html) ?? parsedHtmlToMarkdown(html);
}

/** The parser's conversion (any HTML). */
export function parsedHtmlToMarkdown(html: string): string {
  // One pass of the parser: headings become `## `, list items `- `, bold `**`, other block tags
  // line breaks; inline tags vanish; text arrives with its entities decoded.
  const out: string[] = [];
  let dropped = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (DROPPED.has(name)) dropped++;
        else if (dropped === 0) out.push(tagMark(name, true));
      },
      onclosetag(name) {
        if (DROPPED.has(name)) dropped = Math.max(0, dropped - 1);
        else if (dropped === 0) out.push(tagMark(name, false));
      },
      ontext(text) {
        if (dropped === 0) out.push(text.replace(/\s+/g, ' '));
      },
    },
    { decodeEntities: true, recognizeCDATA: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return out.join('');
}

/**
 * Tags the simple conversion knows, with the open tags htmlparser2 (HTML mode) closes before each
 * (its `openImpliesClose` for these names). Every other tag (raw-text, form, foreign, dropped or
 * unknown elements) leaves the description to the parser.
 */
const P_ONLY = ['p'];
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p'];
const SIMPLE_TAGS = new Map<string, ReadonlySet<string>>(
  (
    [
      ['p', P_ONLY],
      ['div', P_ONLY],
      ['ul', P_ONLY],
      ['ol', P_ONLY],
      ['section', P_ONLY],
      ['article', P_ONLY],
      ['header', P_ONLY],
      ['footer', P_ONLY],
      ['blockquote', P_ONLY],
      ['dl', P_ONLY],
      ['hr', P_ONLY],
      ['table', P_ONLY],
      ['li', ['li']],
      ['dd', ['dd', 'dt']],
      ['dt', ['dd', 'dt']],
      ['h1', HEADINGS],
      ['h2', HEADINGS],
      ['h3', HEADINGS],
      ['h4', HEADINGS],
      ['h5', HEADINGS],
      ['h6', HEADINGS],
      ['a', ['a']],
      ['tr', ['tr', 'th', 'td']],
      ['th', ['th']],
      ['td', ['thead', 'th', 'td']],
      ['tbody', ['thead', 'tbody']],
      ['tfoot', ['thead', 'tbody']],
      ['thead', []],
      ['br', []],
      ['b', []],
      ['strong', []],
      ['em', []],
      ['i', []],
      ['u', []],
      ['s', []],
      ['span', []],
      ['small', []],
      ['sup', []],
      ['sub', []],
      ['font', []],
      ['center', []],
      ['code', []],
    ] as const
  ).map(([tag, closes]) => [tag, new Set<string>(closes)]),
);
const VOID_TAGS = new Set(['br', 'hr']);
/** A tag of the simple kind: `<name>`, `</name>`, `<name/>`, `<name />`, attributes quoted, no `<` in them (HTML whitespace). */
const SIMPLE_TAG =
  /<(\/?)([A-Za-z][A-Za-z0-9]*)((?:[ \t\n\r\f]+[A-Za-z_:][-A-Za-z0-9_:.]*(?:="[^"<]*"|='[^'<]*'))*)([ \t\n\r\f]*\/)?>/y;
const WHITESPACE = /\s+/g;
/** Text that `WHITESPACE` changes: a run of two, or any whitespace but a space. */
const COLLAPSIBLE = /[^\S ]| {2}/;
/** A character reference ended by ";": named, decimal or hexadecimal. */
const REFERENCE = /&(?:[A-Za-z][A-Za-z0-9]{0,31}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});/y;

function collapsed(text: string): string {
  return COLLAPSIBLE.test(text) ? text.replace(WHITESPACE, ' ') : text;
}

/**
 * Text with its character references decoded as the parser decodes them: each reference is a text
 * event of its own (so its whitespace collapses apart from the text around it). A reference must
 * end with ";" and decode to one character; `&` before HTML whitespace stays as it is; any other
 * `&` gives null (the parser's legacy forms, "&auml" or "&notit;", are left to it).
 */
function textWithEntities(text: string): string | null {
  let out = '';
  let from = 0;
  for (let amp = text.indexOf('&'); amp >= 0; amp = text.indexOf('&', amp + 1)) {
    const next = text.charCodeAt(amp + 1);
    if (next === 32 || next === 9 || next === 10 || next === 13 || next === 12) continue;
    REFERENCE.lastIndex = amp;
    const m = REFERENCE.exec(text);
    if (m === null) return null;
    const decoded = decodeEntities(m[0]);
    const cp = decoded.codePointAt(0) ?? 0;
    if (decoded === m[0] || decoded.length !== (cp > 0xffff ? 2 : 1)) return null;
    out += collapsed(text.slice(from, amp)) + collapsed(decoded);
    from = amp + m[0].length;
    amp = from - 1;
  }
  return out + collapsed(text.slice(from));
}

/**
 * The parser's conversion for HTML of the plain kind (known tags, quoted attributes, character
 * references ended by ";", no comment, CDATA or stray `<`), without the parser: the same open and close events (implied closes,
 * void elements, `</p>` and `</br>` without an open tag, the elements left open at the end) as
 * htmlparser2 gives, so the same text. Null for any other HTML.
 */
export function simpleHtmlToMarkdown(html: string): string | null {
  let out = '';
  const stack: string[] = [];
  let at = 0;
  while (at < html.length) {
    const lt = html.indexOf('<', at);
    const end = lt < 0 ? html.length : lt;
    if (end > at) {
      const text = html.slice(at, end);
      if (text.includes('&')) {
        const decoded = textWithEntities(text);
        if (decoded === null) return null;
        out += decoded;
      } else out += collapsed(text);
    }
    if (lt < 0) break;
    // `<name>` and `</name>` read by hand, any other tag through SIMPLE_TAG.
    const closing = html.charCodeAt(lt + 1) === 47; /* / */
    const nameStart = closing ? lt + 2 : lt + 1;
    let nameEnd = nameStart;
    while (nameEnd < html.length && isAsciiAlphanumeric(html.charCodeAt(nameEnd))) nameEnd++;
    let name: string;
    if (nameEnd > nameStart && html.charCodeAt(nameEnd) === 62 /* > */ && !isDigit(html.charCodeAt(nameStart))) {
      name = html.slice(nameStart, nameEnd).toLowerCase();
      at = nameEnd + 1;
    } else {
      SIMPLE_TAG.lastIndex = lt;
      const tag = SIMPLE_TAG.exec(html);
      if (tag === null || (closing && (tag[3] !== '' || tag[4] !== undefined))) return null;
      name = tag[2]!.toLowerCase();
      at = SIMPLE_TAG.lastIndex;
    }
    const closes = SIMPLE_TAGS.get(name);
    if (closes === undefined) return null;
    if (closing) {
      if (VOID_TAGS.has(name)) {
        if (name === 'br') out += tagMark('br', true) + tagMark('br', false);
      } else {
        const pos = stack.lastIndexOf(name);
        if (pos >= 0) while (stack.length > pos) out += tagMark(stack.pop()!, false);
        else if (name === 'p') {
          for (let top = stack.at(-1); top !== undefined && closes.has(top); top = stack.at(-1))
            out += tagMark(stack.pop()!, false);
          out += tagMark('p', true) + tagMark('p', false);
        }
      }
    } else {
      for (let top = stack.at(-1); top !== undefined && closes.has(top); top = stack.at(-1))
        out += tagMark(stack.pop()!, false);
      out += tagMark(name, true);
      if (VOID_TAGS.has(name)) out += tagMark(name, false);
      else stack.push(name);
    }
  }
  while (stack.length > 0) out += tagMark(stack.pop()!, false);
  return out;
}

function isAsciiAlphanumeric(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function tagMark(tag: string, open: boolean): string {
  if (tag === 'b' || tag === 'strong') return '**';
  if (!BLOCK_TAGS.has(tag)) return '';
  if (open && tag === 'li') return '\n- ';
  if (open && tag.length === 2 && tag[0] === 'h' && tag !== 'hr') return '\n## ';
  return '\n';
}

const QUOTE_AND_BULLETS = /^(?:(?:[-*+>]|\d{1,2}[.)])(?:\s+|$)|[•·▪►✓✔➤–—]\s*)+/u;
const HEADING_MARK = /^#{1,6}\s*/;
const IMAGE = /!\[[^\]]*\]\([^)]*\)/g;
const LINK = /\[([^\]]*)\]\([^)]*\)/g;
const AUTOLINK = /<((?:https?:|mailto:)[^>\s]+)>/g;
const ESCAPE = /\\([\\`*_{}[\]()#+\-.!>|~])/g;
const EMPHASIS = /\*\*|__|(?<![\p{L}\p{N}])[*_]+|[*_]+(?![\p{L}\p{N}])/gu;
const FULLY_BOLD = /^(?:\*\*|__)[^*_]+(?:\*\*|__)[:.]?$/;
const LABEL = /^[^.!?]{2,60}:$/;

const LETTER_START = /^[A-Za-zÄÖÜäöüÁÉÍÓÚáéíóúÑñ]/;
const MARKUP = /[*_[\]<>\\&!]/;
const WHITESPACE_RUN = /\s{2,}|[\t\n\r\f\v\u00a0]/;

/** One line of markdown; `collapsed` when its whitespace is already single spaces (from HTML). */
function markdownLine(raw: string, collapsed: boolean): TextBlock | null {
  let line = raw.trim();
  if (line === '') return null;
  let heading = line.charCodeAt(0) === 35 /* # */ && HEADING_MARK.test(line);
  if (heading) line = line.replace(HEADING_MARK, '');
  if (!LETTER_START.test(line)) line = line.replace(QUOTE_AND_BULLETS, '');
  const bold = FULLY_BOLD.test(line);
  // Most lines are plain prose: skip the markup pass for them.
  const marked = MARKUP.test(line);
  if (marked) line = stripMarkup(line, !collapsed);
  if ((marked || !collapsed) && WHITESPACE_RUN.test(line)) line = line.replace(/\s+/g, ' ').trim();
  if (line === '' || !/[\p{L}\p{N}]/u.test(line)) return null;
  heading ||= (bold && line.length <= 80) || (line.endsWith(':') && LABEL.test(line));
  return { text: line, heading };
}

/** `decode`: the line comes from markdown, whose entities nothing has decoded yet. */
function stripMarkup(line: string, decode: boolean): string {
  return (decode ? decodeEntities(line) : line)
    .replace(IMAGE, '')
    .replace(LINK, '$1')
    .replace(AUTOLINK, '$1')
    .replace(ESCAPE, '$1')
    .replace(EMPHASIS, '')
    .trim();
}
