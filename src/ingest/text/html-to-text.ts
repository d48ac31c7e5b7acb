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

function htmlToMarkdown(html: string): string {
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
