/**
 * Card texts from the plain description: a summary and three relevance excerpts.
 *
 * summary: the first meaningful text (headings, "Label:" lines and short key/value lines such as
 * "Start: ab sofort" skipped), about 200 characters, cut at a word boundary with "…".
 * seo / salary / remote context: the first sentences (at most two, ≤ 240 characters) that mention
 * search-engine work, pay, or remote work; '' when none does. The title is the last resort for the
 * salary and remote excerpts ("Buchhalter:in in Berlin Süd 40.000 - 50.000, hybrid").
 */
import type { TextBlock } from './html-to-text.js';

export const SUMMARY_CHARS = 200;
export const CONTEXT_CHARS = 240;

const KEY_VALUE = /^[\p{L}\d][\p{L}\d\s./-]{0,24}:\s*\S.{0,40}$/u;

export function summaryOf(blocks: readonly TextBlock[], fallback: string): string {
  const parts: string[] = [];
  let length = 0;
  for (const block of blocks) {
    if (block.heading || KEY_VALUE.test(block.text) || block.text.length < 25) continue;
    parts.push(block.text);
    length += block.text.length + 1;
    if (length > SUMMARY_CHARS) break;
  }
  const text = parts.length > 0 ? parts.join(' ') : fallback.replace(/\s+/g, ' ').trim();
  return cutAtWord(text, SUMMARY_CHARS);
}

/** `text` when short enough, else cut at the last word boundary before `max` with "…". */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const slice = text.slice(0, max);
  const space = slice.lastIndexOf(' ');
  const head = space > max * 0.6 ? slice.slice(0, space) : slice;
  return `${head.replace(/[\s,;:–—-]+$/, '')}…`;
}

export const SEO_TERMS =
  /\b(?:seo|sea|sem|suchmaschin\w*|search engine|organic (?:search|traffic)|google ads|adwords|sistrix|ahrefs|semrush|search console|keyword\w*|ranking\w*|serps?|backlinks?|linkbuilding|onpage|offpage|content[- ]marketing|sichtbarkeit)\b/i;
export const SALARY_TERMS =
  /\b(?:gehalt\w*|jahresgehalt|mindestgehalt|salary|salaries|salario|sueldo|verg[uü]tung|verdienst|compensation|brutto|bruto|retribuci[oó]n|remuneraci[oó]n|stundensatz|per hour|pro stunde|pay range)\b|\d\s?(?:€|k€|eur\b)|[$€£]\s?\d/i;
export const REMOTE_TERMS =
  /\b(?:remote\w*|home ?office|homeoffice|mobiles? arbeiten|mobile office|teletrabajo|a distancia|work(?:ing)? from home|hybrid\w*|h[ií]brid[oa])\b/i;

const SENTENCE = /(?<=[.!?])\s+(?=[\p{Lu}\d"„“(])/u;

/** Sentences of the text that match `terms`, joined, at most CONTEXT_CHARS long. */
export function contextOf(blocks: readonly TextBlock[], terms: RegExp, fallback = ''): string {
  const picked: string[] = [];
  for (const block of blocks) {
    if (!terms.test(block.text)) continue;
    for (const sentence of block.text.split(SENTENCE)) {
      if (!terms.test(sentence)) continue;
      picked.push(sentence.trim());
      if (picked.length === 2 || picked.join(' ').length >= CONTEXT_CHARS) return finish(picked, terms);
    }
  }
  if (picked.length > 0) return finish(picked, terms);
  return terms.test(fallback) ? cutAtWord(fallback, CONTEXT_CHARS) : '';
}

function finish(picked: readonly string[], terms: RegExp): string {
  const joined = picked.join(' ');
  if (joined.length <= CONTEXT_CHARS) return joined;
  const first = picked[0] ?? '';
  if (first.length <= CONTEXT_CHARS) return first;
  return windowAround(first, terms);
}

/** A long sentence: the window of CONTEXT_CHARS around the first match, "…" where cut. */
function windowAround(sentence: string, terms: RegExp): string {
  const at = sentence.search(terms);
  if (at < CONTEXT_CHARS / 2) return cutAtWord(sentence, CONTEXT_CHARS);
  let start = sentence.lastIndexOf(' ', at - CONTEXT_CHARS / 3);
  start = start < 0 ? 0 : start + 1;
  return `…${cutAtWord(sentence.slice(start), CONTEXT_CHARS - 1)}`;
}
