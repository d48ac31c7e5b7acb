/**
 * Description HTML or markdown to plain text blocks. HTML is first rewritten to a markdown-like
 * form (headings `## `, list items `- `, bold `**`), so one line parser serves both. A block is one
 * paragraph, list item or heading; `heading` also marks a line that is only bold text or a short
 * label ending with a colon ("Dein Profil:"), which summaries skip.
 */
import { decodeEntities } from './entities.js';

export interface TextBlock {
  text: string;
  heading: boolean;
}

const LOOKS_LIKE_HTML = /<\/?(?:p|div|br|li|ul|ol|h[1-6]|b|strong|em|i|span|a|table|section)\b[^>]*>/i;
const DROP_ELEMENTS = /<(script|style|head|noscript)\b[^>]*>[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->/gi;
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>/g;
const BLOCK_TAGS = new Set(
  'p div br ul ol li h1 h2 h3 h4 h5 h6 tr table section article header footer hr blockquote dd dt dl'.split(' '),
);

/** Plain text blocks of a description (HTML or markdown). */
export function descriptionBlocks(description: string): TextBlock[] {
  const html = LOOKS_LIKE_HTML.test(description);
  const markdown = html ? htmlToMarkdown(description) : description;
  const blocks: TextBlock[] = [];
  for (const raw of markdown.split('\n')) {
    const block = markdownLine(raw, html);
    if (block) blocks.push(block);
  }
  return blocks;
}

/** The blocks as one plain text, one block per line. */
export function blocksText(blocks: readonly TextBlock[]): string {
  return blocks.map((b) => b.text).join('\n');
}

function htmlToMarkdown(html: string): string {
  // Entities are decoded per line afterwards, once. One pass over the tags: headings become `## `,
  // list items `- `, bold `**`, other block tags line breaks; inline tags vanish.
  return html
    .replace(DROP_ELEMENTS, ' ')
    .replace(/\s+/g, ' ')
    .replace(TAG, (_, close: string, name: string) => {
      const tag = name.toLowerCase();
      if (tag === 'b' || tag === 'strong') return '**';
      if (!BLOCK_TAGS.has(tag)) return '';
      if (close === '' && tag === 'li') return '\n- ';
      if (close === '' && tag.length === 2 && tag[0] === 'h' && tag !== 'hr') return '\n## ';
      return '\n';
    });
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
  if (marked) line = stripMarkup(line);
  if ((marked || !collapsed) && WHITESPACE_RUN.test(line)) line = line.replace(/\s+/g, ' ').trim();
  if (line === '' || !/[\p{L}\p{N}]/u.test(line)) return null;
  heading ||= (bold && line.length <= 80) || (line.endsWith(':') && LABEL.test(line));
  return { text: line, heading };
}

function stripMarkup(line: string): string {
  return decodeEntities(line)
    .replace(IMAGE, '')
    .replace(LINK, '$1')
    .replace(AUTOLINK, '$1')
    .replace(ESCAPE, '$1')
    .replace(EMPHASIS, '')
    .trim();
}
