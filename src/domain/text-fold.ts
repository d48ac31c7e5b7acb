/**
 * Text normalisation shared by slugs, location resolution, autocomplete and keyword search.
 * Two folds exist so that `münchen`, `muenchen` and `munchen` all meet: a key is indexed under
 * both `stripAccents` and `expandUmlauts` forms, and looked up by `foldKey` of the input.
 */

const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };
// eslint-disable-next-line no-control-regex -- the whole ASCII range, control characters included
const NON_ASCII = /[^\x00-\x7f]/;

/** Lower-case, accents removed, ß -> ss: `München` -> `munchen`, `Málaga` -> `malaga`. */
export function stripAccents(text: string): string {
  const lower = text.toLowerCase();
  // ASCII has no ß, nothing to decompose and no combining mark: the steps below would keep it as it is.
  if (!NON_ASCII.test(lower)) return lower;
  return lower
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** Lower-case with German umlauts transliterated, other accents removed: `München` -> `muenchen`. */
export function expandUmlauts(text: string): string {
  return stripAccents(text.toLowerCase().replace(/[äöüß]/g, (c) => UMLAUTS[c] ?? c));
}

/** The lookup key of user input: accent-stripped, separators unified to single hyphens. */
export function foldKey(text: string): string {
  return joinWords(stripAccents(text));
}

/** Both keys under which a canonical name is indexed. */
export function foldKeys(name: string): string[] {
  const a = joinWords(stripAccents(name));
  const b = joinWords(expandUmlauts(name));
  return a === b ? [a] : [a, b];
}

/** Lower-case slug that keeps accents: `Frankfurt am Main` -> `frankfurt-am-main`, `München` -> `münchen`. */
export function toSlug(name: string): string {
  return joinWords(name.toLowerCase());
}

function joinWords(text: string): string {
  return text.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
}
