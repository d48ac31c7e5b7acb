import { stemmer as stemDe } from '@orama/stemmers/german';
import { stemmer as stemEn } from '@orama/stemmers/english';
import { stemmer as stemEs } from '@orama/stemmers/spanish';
import { foldKeys } from '../../domain/text-fold.js';
import type { Language } from '../../domain/vocab.js';

/**
 * Words and their search keys. A word is a maximal run of letters, digits and combining marks.
 * Its keys are its accent-folded forms (`München` -> `munchen`, `muenchen`), so that umlaut
 * spellings meet; a key's term is its stem in the document's language.
 */

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
// 0 = not yet known, 1 = word character, 2 = separator; per UTF-16 code unit (ASCII filled now).
const charClass = new Uint8Array(65536);
for (let c = 0; c < 128; c++) charClass[c] = /[A-Za-z0-9]/.test(String.fromCharCode(c)) ? 1 : 2;

function isWordUnit(text: string, i: number, code: number): boolean {
  let c = charClass[code]!;
  if (c !== 0) return c === 1;
  if (code >= 0xd800 && code <= 0xdbff) return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(i)!));
  if (code >= 0xdc00 && code <= 0xdfff) return i > 0 && isWordUnit(text, i - 1, text.charCodeAt(i - 1));
  c = WORD_CHAR.test(String.fromCharCode(code)) ? 1 : 2;
  charClass[code] = c;
  return c === 1;
}

/** Whether the code unit at i belongs to a word. */
export function isWordChar(text: string, i: number, code: number): boolean {
  const cls = charClass[code]!;
  return cls === 1 || (cls === 0 && isWordUnit(text, i, code));
}

/**
 * Calls `visit(start, end, hash)` for every word of `text` in order, without creating strings:
 * `hash` is FNV-1a over the word's UTF-16 code units (for the index builder's word table).
 */
export function scanWords(text: string, visit: (start: number, end: number, hash: number) => void): void {
  let start = -1;
  let hash = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    const cls = charClass[code]!;
    if (cls === 1 || (cls === 0 && isWordUnit(text, i, code))) {
      if (start < 0) {
        start = i;
        hash = 0x811c9dc5;
      }
      hash = Math.imul(hash ^ code, 0x01000193);
    } else if (start >= 0) {
      visit(start, i, hash);
      start = -1;
    }
  }
  if (start >= 0) visit(start, length, hash);
}

/**
 * Calls `visit` with every word of `text` in order.
 * @example forEachWord('SEO-Manager (m/w/d)', w => words.push(w)) // SEO, Manager, m, w, d
 */
export function forEachWord(text: string, visit: (word: string) => void): void {
  scanWords(text, (start, end) => {
    visit(text.slice(start, end));
  });
}

export function wordsOf(text: string): string[] {
  const words: string[] = [];
  forEachWord(text, (w) => words.push(w));
  return words;
}

const ASCII_WORD = /^[A-Za-z0-9]+$/;

/**
 * The distinct keys of a word: its folded forms (see foldKeys), split where folding leaves a
 * separator.
 * @example wordKeys('München') // ['munchen', 'muenchen']
 */
export function wordKeys(word: string): string[] {
  if (ASCII_WORD.test(word)) return [word.toLowerCase()];
  const keys: string[] = [];
  for (const folded of foldKeys(word)) {
    for (const part of folded.split('-')) if (part !== '' && !keys.includes(part)) keys.push(part);
  }
  return keys;
}

// Partial: a posting's language comes from data, and one without a stemmer keeps its keys as they are.
const STEMMERS: Partial<Record<Language, (word: string) => string>> = { de: stemDe, es: stemEs, en: stemEn };

/**
 * Agent-noun endings (the worker, not the work): German `-er`, English `-er`/`-or`, Spanish `-dor`
 * and `-ista`, with their plural and case endings, on keys of 5+ letters.
 */
const AGENT_ENDINGS: Partial<Record<Language, RegExp>> = {
  de: /(?:er|ern|ers)$/,
  en: /(?:er|ers|or|ors)$/,
  es: /(?:dor|dores|ista|istas)$/,
};

/** What marks the stem of an agent noun, so that it never equals the stem of its process noun. */
export const AGENT_MARK = '~';

/**
 * The stem of a folded key in a language (the key itself if the stemmer returns nothing); an
 * agent noun's stem is marked (AGENT_MARK), so that the worker stays apart from the work:
 * `Entwickler` is not `Entwicklung`, `Berater` not `Beratung`, `manager` not `management`,
 * `desarrollador` not `desarrollo`.
 * @example stemKey('de', 'entwickler') // 'entwickl~'
 */
export function stemKey(language: Language, key: string): string {
  const stemmer = STEMMERS[language] ?? ((w: string) => w);
  const stem = stemmer(key) || key;
  return key.length >= 5 && AGENT_ENDINGS[language]?.test(key) === true ? `${stem}${AGENT_MARK}` : stem;
}

export const LANGUAGE_LIST: readonly Language[] = ['de', 'es', 'en'];

/** Calls `visit` with the start offset of every word of `text`. */
export function forEachWordStart(text: string, visit: (start: number) => void): void {
  scanWords(text, (start) => {
    visit(start);
  });
}
