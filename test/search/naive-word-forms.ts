/**
 * The oracle's own word forms, written out from the rules in src/search/DESIGN.md ("Word forms")
 * rather than imported from src/search/text/word-forms.ts, so that a bug there shows up as a
 * disagreement in the property tests instead of being wrong on both sides. Plain string work:
 * suffix checks, an exhaustive search over compound splits, a scan of parenthesised tags.
 *
 * Imported from src/ as data, not logic: the job-domain dictionary of compound parts
 * (compound-parts.ts). The position thesaurus (queryPosition) stays the import's own and is
 * tested with the import's title table.
 */
import { COMPOUND_PARTS } from '../../src/search/text/compound-parts.js';
import { foldKeys } from './naive-text.js';

const DE_AGENT_ENDINGS = ['er', 'ent', 'ant', 'eur', 'ist', 'or', 'at', 'ot', 'ar', 'ier', 'eut', 'oge', 'ekt'];

/**
 * One form of a gendered job noun: German `-in`/`-innen` after an agent ending (with at least two
 * letters before the ending); Spanish `-dora(s)`, `-tora(s)`, `-sora(s)` -> `-dor(es)`…, `-era(s)` ->
 * `-ero(s)` (with at least three letters before).
 */
export function genderFold(key: string): string {
  for (const suffix of ['innen', 'in']) {
    if (!key.endsWith(suffix)) continue;
    const stem = key.slice(0, key.length - suffix.length);
    if (DE_AGENT_ENDINGS.some((e) => stem.endsWith(e) && stem.length >= e.length + 2)) return stem;
  }
  for (const [feminine, plural] of [
    ['a', ''],
    ['as', 's'],
  ] as const) {
    if (!key.endsWith(feminine)) continue;
    const stem = key.slice(0, key.length - feminine.length);
    // desarrolladora -> desarrollador, desarrolladoras -> desarrolladores
    if (/^.{3,}[dts]or$/.test(stem)) return plural === '' ? stem : `${stem}es`;
    // ingeniera -> ingeniero, ingenieras -> ingenieros
    if (/^.{3,}er$/.test(stem)) return `${stem}o${plural}`;
  }
  return key;
}

/** The folded keys of one word, split at hyphens: what a word is looked up by before word forms. */
function plainKeys(word: string): string[] {
  const keys: string[] = [];
  for (const folded of foldKeys(word))
    for (const part of folded.split('-')) if (part && !keys.includes(part)) keys.push(part);
  return keys;
}

/** A query word's keys: its folded keys, each in its one gender form. */
export function queryKeys(word: string): string[] {
  return [...new Set(plainKeys(word).map(genderFold))];
}

const LINKERS = ['', 's', 'n', 'en', 'es', 'e', 'er'];

interface Part {
  start: number;
  word: string;
}

/** Every way to cut `key[from..]` into dictionary words (3+ letters), each followed by an optional linker. */
function splits(key: string, from: number): Part[][] {
  if (from === key.length) return [[]];
  const out: Part[][] = [];
  for (let end = from + 3; end <= key.length; end++) {
    const word = key.slice(from, end);
    if (!COMPOUND_PARTS.has(word)) continue;
    for (const linker of LINKERS) {
      if (!key.startsWith(linker, end)) continue;
      for (const rest of splits(key, end + linker.length)) out.push([{ start: from, word }, ...rest]);
    }
  }
  return out;
}

/**
 * The parts of a German compound (8+ letters): its split into the fewest dictionary words, when
 * there are two or more — among equally short splits, the one whose parts, read from the last,
 * start earliest and then are shortest; otherwise the longest dictionary word it ends with (at
 * least 4 letters, starting at the 4th letter or later); else none.
 */
export function compoundParts(key: string): string[] {
  if (key.length < 8) return [];
  const all = splits(key, 0);
  if (all.length > 0) {
    const fewest = Math.min(...all.map((s) => s.length));
    if (fewest >= 2) {
      const best = all
        .filter((s) => s.length === fewest)
        .sort((a, b) => {
          for (let i = fewest - 1; i >= 0; i--) {
            const d = a[i]!.start - b[i]!.start || a[i]!.word.length - b[i]!.word.length;
            if (d !== 0) return d;
          }
          return 0;
        })[0]!;
      return best.map((p) => p.word);
    }
  }
  for (let start = 3; start <= key.length - 4; start++) {
    if (COMPOUND_PARTS.has(key.slice(start))) return [key.slice(start)];
  }
  return [];
}

/** A document word's keys: the query keys, and in German also the parts of each compound key. */
export function indexKeys(language: string, word: string): string[] {
  const keys = queryKeys(word);
  if (language !== 'de') return keys;
  const out = [...keys];
  for (const key of keys) for (const part of compoundParts(key)) if (!out.includes(part)) out.push(part);
  return out;
}

const TAG_LETTERS = new Set(['m', 'w', 'f', 'd', 'h', 'x', 'div', 'divers']);
const TAG_WORDS = new Set(['all gender', 'all genders', 'gn', 'gn*']);

/** Whether a parenthesised text is a gender tag: `m/w/d`, `w, m, d`, `m|f|x*`, `all genders`, `gn*`. */
function isGenderTag(inside: string): boolean {
  const text = inside.trim().toLowerCase();
  if (TAG_WORDS.has(text)) return true;
  const items = text
    .replace(/\*$/, '')
    .split(/[/,|]/)
    .map((s) => s.trim());
  return items.length >= 2 && items.every((s) => TAG_LETTERS.has(s));
}

/**
 * Query text without gender notation: a letter followed by `:in`, `*in`, `_in`, `/in`, `(in)` (or
 * `innen`) that ends a word loses that ending; a gender tag in parentheses becomes a space.
 */
export function cleanQueryText(text: string): string {
  return text
    .replace(/(\p{L})(?:[:*_/](?:innen|in)|\((?:innen|in)\))(?![\p{L}\p{N}])/giu, '$1')
    .replace(/\(([^()]*)\)/g, (whole, inside: string) => (isGenderTag(inside) ? ' ' : whole));
}
