import { stemmer as stemDe } from '@orama/stemmers/german';
import { stemmer as stemEn } from '@orama/stemmers/english';
import { stemmer as stemEs } from '@orama/stemmers/spanish';
import { foldKeys } from '../domain/text-fold.js';
import type { Language } from '../domain/vocab.js';

/**
 * Words and their search keys. A word is a maximal run of letters, digits and combining marks.
 * Its keys are its accent-folded forms (`München` -> `munchen`, `muenchen`), so that umlaut
 * spellings meet; a key's term is its stem in the document's language.
 */

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
// 0 = not yet known, 1 = word character, 2 = separator; for the UTF-16 code units.
const charClass = new Uint8Array(65536);

function isWordUnit(text: string, i: number, code: number): boolean {
  if (code < 128) {
    return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
  }
  if (code >= 0xd800 && code <= 0xdbff) return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(i)!));
  if (code >= 0xdc00 && code <= 0xdfff) return isWordUnit(text, i - 1, text.charCodeAt(i - 1));
  let c = charClass[code]!;
  if (c === 0) {
    c = WORD_CHAR.test(String.fromCharCode(code)) ? 1 : 2;
    charClass[code] = c;
  }
  return c === 1;
}

/**
 * Calls `visit` with every word of `text` in order.
 * @example forEachWord('SEO-Manager (m/w/d)', w => words.push(w)) // SEO, Manager, m, w, d
 */
export function forEachWord(text: string, visit: (word: string) => void): void {
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    if (isWordUnit(text, i, text.charCodeAt(i))) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      visit(text.slice(start, i));
      start = -1;
    }
  }
  if (start >= 0) visit(text.slice(start));
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

const STEMMERS: Record<Language, (word: string) => string> = { de: stemDe, es: stemEs, en: stemEn };

/** The stem of a folded key in a language (the key itself if the stemmer returns nothing). */
export function stemKey(language: Language, key: string): string {
  const stemmer = STEMMERS[language] ?? ((w: string) => w);
  return stemmer(key) || key;
}

export const LANGUAGE_LIST: readonly Language[] = ['de', 'es', 'en'];

/** Calls `visit` with the start offset of every word of `text`. */
export function forEachWordStart(text: string, visit: (start: number) => void): void {
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const w = isWordUnit(text, i, text.charCodeAt(i));
    if (w && !inWord) visit(i);
    inWord = w;
  }
}
