import { cleanTitle } from '../../domain/clean-title.js';
import { CANONICAL_POSITIONS } from '../../domain/positions.js';
import { stripAccents, toSlug } from '../../domain/text-fold.js';
import type { Language } from '../../domain/vocab.js';
import { COMPOUND_PARTS } from './compound-parts.js';
import { wordKeys, wordsOf } from './tokenize.js';

/**
 * Word forms for keyword search, applied the same way at index and at query time, one word at a
 * time (so every rule is a property of a single document and answers merge across indexes):
 *
 * - gendered job nouns fold to one form: German `-in`/`-innen` after an agent ending
 *   (`Entwicklerin`, `Managerinnen`, `Referentin` -> `entwickler`, `manager`, `referent`), Spanish
 *   `-dora`/`-tora`/`-sora` and `-era` (`desarrolladora` -> `desarrollador`, `ingeniera` -> `ingeniero`);
 *   the other Spanish -a/-o pairs already share their stem;
 * - German compounds of a document are also indexed under their parts (`Suchmaschinenoptimierung`
 *   under `suchmaschine` and `optimierung`), from a dictionary of job-domain parts;
 * - query text loses its gender notation first: `Manager:in`, `Manager*in`, `Entwickler/innen`,
 *   `Berater(in)` and tags such as `(m/w/d)`.
 */

/** German agent endings that take a feminine `-in` / plural `-innen`. */
const DE_FEMININE = /^(.{2,}(?:er|ent|ant|eur|ist|or|at|ot|ar|ier|eut|oge|ekt))(?:in|innen)$/;
const ES_FEMININE_OR = /^(.{3,}[dts]or)a(s?)$/;
const ES_FEMININE_ERA = /^(.{3,}er)a(s?)$/;

/**
 * The one form of a gendered job noun (a folded, lower-case key); other keys unchanged.
 * @example foldGender('entwicklerin') // 'entwickler'
 * @example foldGender('desarrolladoras') // 'desarrolladores'
 * @example foldGender('berlin') // 'berlin'
 */
export function foldGender(key: string): string {
  let m = DE_FEMININE.exec(key);
  if (m) return m[1]!;
  m = ES_FEMININE_OR.exec(key);
  if (m) return m[2] === 's' ? `${m[1]!}es` : m[1]!;
  m = ES_FEMININE_ERA.exec(key);
  if (m) return `${m[1]!}o${m[2]!}`;
  return key;
}

/** Parts of a compound are at least this long (shorter dictionary words are never split off). */
const MIN_PART = 3;
/** Only words at least this long are split. */
const MIN_COMPOUND = 8;
/** Linking elements (Fugenelemente) allowed after a part. */
const LINKERS = ['', 's', 'n', 'en', 'es', 'e', 'er'];

/**
 * The parts of a German compound key (accent-folded, lower-case), by the dictionary of job-domain
 * parts: the segmentation into the fewest dictionary words (each may carry a linking element);
 * without one, the longest dictionary word the compound ends with (its head, which names what the
 * compound is). [] when the key is no compound the dictionary knows.
 * @example compoundParts('suchmaschinenoptimierung') // ['suchmaschine', 'optimierung']
 * @example compoundParts('fullstackentwickler') // ['entwickler'] (no full segmentation)
 */
export function compoundParts(key: string): string[] {
  if (key.length < MIN_COMPOUND) return [];
  const n = key.length;
  // best[i]: fewest parts covering key[0, i); from[i]/word[i]: where the last part starts and its word.
  const best = new Array<number>(n + 1).fill(Infinity);
  const from = new Array<number>(n + 1).fill(-1);
  const word = new Array<string>(n + 1).fill('');
  best[0] = 0;
  for (let j = 0; j < n; j++) {
    if (best[j] === Infinity) continue;
    for (let end = j + MIN_PART; end <= n; end++) {
      const w = key.slice(j, end);
      if (!COMPOUND_PARTS.has(w)) continue;
      for (const l of LINKERS) {
        const i = end + l.length;
        if (i > n || (l !== '' && key.slice(end, i) !== l)) continue;
        if (best[j]! + 1 < best[i]!) {
          best[i] = best[j]! + 1;
          from[i] = j;
          word[i] = w;
        }
      }
    }
  }
  if (best[n]! >= 2 && best[n]! !== Infinity) {
    const parts: string[] = [];
    for (let i = n; i > 0; i = from[i]!) parts.push(word[i]!);
    return parts.reverse();
  }
  for (let j = MIN_PART; j <= n - 4; j++) {
    const tail = key.slice(j);
    if (COMPOUND_PARTS.has(tail)) return [tail];
  }
  return [];
}

/**
 * The keys a document word is indexed under: its folded keys in their one gender form, and in a
 * German document also the parts of compounds.
 * @example indexKeys('de', 'Softwareentwicklerin') // ['softwareentwickler', 'software', 'entwickler']
 */
export function indexKeys(lang: Language, word: string): string[] {
  const keys = queryKeys(word);
  if (lang !== 'de') return keys;
  const out = [...keys];
  for (const key of keys) for (const part of compoundParts(key)) if (!out.includes(part)) out.push(part);
  return out;
}

/**
 * The keys a query word is looked up by: its folded keys in their one gender form.
 * @example queryKeys('Managerin') // ['manager']
 */
export function queryKeys(word: string): string[] {
  const keys: string[] = [];
  for (const key of wordKeys(word)) {
    const k = foldGender(key);
    if (!keys.includes(k)) keys.push(k);
  }
  return keys;
}

const GENDER_NOTATION = /(?<=\p{L})(?:[:*_/](?:innen|in)|\((?:innen|in)\))(?![\p{L}\p{N}])/giu;
const GENDER_TAG =
  /\(\s*(?:[mwfdhx]|div|divers)(?:\s*[/,|]\s*(?:[mwfdhx]|div|divers))+\s*\*?\)|\(\s*(?:all genders?|gn\*?)\s*\)/gi;

/**
 * Query text without gender notation: `Manager:in` -> `Manager`, `SEO-Manager (m/w/d)` -> `SEO-Manager `.
 * @example cleanQueryText('Entwickler*in (m/w/d)') // 'Entwickler '
 */
export function cleanQueryText(text: string): string {
  return text.replace(GENDER_NOTATION, '').replace(GENDER_TAG, ' ');
}

/**
 * The position slug a query names as a whole, by the import's position thesaurus
 * (src/domain/positions.ts): the first canonical position whose pattern matches the whole query,
 * after the import's title cleaning (seniority and role words) of its words (so only the words
 * count, as for the cache key) and gender folding of each word.
 * Null when the query is more than a position (`seo manager berlin`) or none.
 * @example queryPosition('Gerente SEO') // 'seo-manager'
 * @example queryPosition('SEO-Managerin') // 'seo-manager'
 */
export function queryPosition(text: string): string | null {
  const cleaned = stripAccents(cleanTitle(wordsOf(cleanQueryText(text)).join(' ')))
    .replace(/[\p{L}\p{N}]+/gu, (w) => foldGender(w))
    .replace(/\s+/g, ' ')
    .trim();
  if (cleaned === '') return null;
  for (const c of CANONICAL_POSITIONS) {
    const m = c.pattern.exec(cleaned);
    if (!m) continue;
    return m.index === 0 && m[0].length === cleaned.length ? toSlug(c.name) : null;
  }
  return null;
}
