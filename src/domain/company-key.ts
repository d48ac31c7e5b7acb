/**
 * The employer key: one value per employer however its postings write its name. The companies facet,
 * the company filter and the company autocomplete compare names by it; cards keep the posting's name.
 *
 *   1. a slogan or place after a spaced dash or bar is not the name:
 *      `Hays – Working for your tomorrow` -> `Hays`, `QTalents - Real Estate Recruiting` -> `QTalents`;
 *   2. legal forms at the end name no employer, however dotted or spaced, also several in a row:
 *      German, Austrian, Swiss (GmbH, AG, SE, KG, GmbH & Co. KG, UG (haftungsbeschränkt), e.V., OG,
 *      GesmbH, e.U., Sàrl, Sagl, SA), Spanish (S.L., S.L.U., S.A., S.Coop., Sociedad Limitada),
 *      English and Dutch (Ltd, Inc., LLC, plc, B.V.);
 *   3. lower case, single spaces, no trailing punctuation.
 * A name that is only a legal form or slogan keeps it (never an empty key).
 */

/** Legal forms, written as their letters without dots or spaces (`S.L.U.` -> `slu`). */
export const LEGAL_FORMS: ReadonlySet<string> = new Set([
  // Germany, Austria, Switzerland
  'gmbh',
  'ggmbh',
  'mbh',
  'gesmbh',
  'gesellschaftmbh',
  'ag',
  'aktiengesellschaft',
  'se',
  'kg',
  'kgaa',
  'ohg',
  'og',
  'gbr',
  'ug',
  'ughaftungsbeschränkt',
  'ev',
  'ek',
  'eu',
  'eg',
  '&co',
  'co',
  'sàrl',
  'sarl',
  'sagl',
  'sa',
  // Spain
  'sl',
  'slu',
  'sau',
  'sll',
  'slp',
  'scoop',
  'sociedadlimitada',
  'sociedadanónima',
  'sociedadanonima',
  // English, Dutch
  'ltd',
  'limited',
  'inc',
  'incorporated',
  'llc',
  'llp',
  'plc',
  'corp',
  'corporation',
  'bv',
  'nv',
]);

/** The longest legal form in words (`ug (haftungsbeschränkt)`, `sociedad limitada`, `s.l.u.`). */
const MAX_FORM_WORDS = 4;
/** A spaced dash or a bar: what follows is a slogan, a department or a place. */
const SLOGAN = /\s+[-–—]\s+|\s*[|·]\s*/u;
/** A word of the name; dots, commas and brackets only separate. */
const WORD = /[^\s.,()]+/gu;

const cache = new Map<string, string>();
const CACHE_LIMIT = 50_000;

/** The employer key of a company name. @example companyKey('Stowasserplan GmbH & Co. KG') // 'stowasserplan' */
export function companyKey(name: string): string {
  let key = cache.get(name);
  if (key === undefined) {
    key = keyOf(name);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(name, key);
  }
  return key;
}

function keyOf(name: string): string {
  const head = name.split(SLOGAN)[0]!;
  const base = /[\p{L}\p{N}]/u.test(head) ? head : name;
  const words = [...base.matchAll(WORD)];
  let end = base.length;
  let n = words.length;
  for (let found = true; found && n > 1;) {
    found = false;
    for (let k = Math.min(MAX_FORM_WORDS, n - 1); k >= 1; k--) {
      let joined = '';
      for (let i = n - k; i < n; i++) joined += words[i]![0].toLowerCase();
      if (LEGAL_FORMS.has(joined)) {
        n -= k;
        end = words[n]!.index;
        found = true;
        break;
      }
    }
  }
  const key = tidy(base.slice(0, end));
  return key === '' ? tidy(name) : key;
}

function tidy(text: string): string {
  return text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s,;:&+\-–—|·]+$/u, '')
    .trim();
}
