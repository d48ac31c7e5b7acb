/**
 * A job title without its noise: gender tags, seniority and employment words, location, salary,
 * percentage and work-model tails removed. Import (the position of a posting) and search (the
 * position a query names) clean titles alike.
 */
const NOISE_PREFIX =
  /^(?:(?:stellenanzeige|stellenangebot|jobangebot|job|vacancy|oferta(?: de empleo)?|empleo)\s*:\s*|.{0,60}?\bsucht\s+(?:eine?n?\s+)?|(?:wir suchen|we are hiring|we're hiring|buscamos)\s*:?\s*(?:(?:a|un|una|unos)\s+)?(?:(?:nuestr[oa]|un|una)\s+)?)/i;
const GENDER_TAG =
  /\(\s*(?:[mwfdhxiv]|div|divers|all|gn)(?:\s*[/,|]\s*(?:[mwfdhxiv]|div|divers))+\s*\*?\)|\(\s*(?:all genders?|gn\*?|d\*?|m\/w\/d\*?)\s*\)/gi;
const GENDER_SUFFIX = /(?<=\p{L})(?:[:*_/](?:innen|in|r|a|as|es)|\((?:innen|in|r|e|n|a)\))(?![\p{L}\p{N}])/giu;
const LEADING_GROUP = /^\s*\([^)]*\)\s*/;
const TAIL_CUES = [
  /\s+[|–—]\s*|\s+-\s+|\s*:\s+|\s+\(/,
  /\s+(?:bis\s+(?:zu\s+)?)?(?:ca\.?\s*)?\d{1,3}(?:[.,]\d{3})+|\s+(?:bis\s+(?:zu\s+)?)?(?:ca\.?\s*)?\d+\s?k\b|\s+bis\s+(?:zu\s+)?ca\.?\s/i,
  /\s+(?:bis zu\s+)?\d{1,3}\s*(?:(?:-|–|bis)\s*\d{1,3}\s*)?%/i,
  /,?\s+(?:(?:100|full|fully)\s*%?\s*)?(?:remote|hybrid|homeoffice|home office|teletrabajo|h[ií]brido)\b/i,
  /,?\s+(?:in\s+)?(?:voll-?\s*(?:oder|und|\/)\s*teilzeit|vollzeit|teilzeit|full[- ]time|part[- ]time)\b/i,
];
const ROLE_WORDS =
  /\b(?:junior|senior|sr|jr|werkstudent(?:in|en)?|working students?|studentische (?:aushilfe|hilfskraft)|praktikant(?:in)?|pflichtpraktikum|praktikum|internship|intern|trainee|auszubildende[rn]?|azubi|ausbildung|minijob(?:ber)?|freelance[rs]?|freiberufliche[rn]?|teilzeitkraft|aushilfe|exam\.?|examinierte[rn]?)\b\.?(?:\s+(?:zum\/zur|zum|zur|als)\b)?/gi;
const EDGE_JUNK = /^[\s\-–—|,;:&/+.]+|[\s\-–—|,;:&/+.]+$|\s+(?:in|en|at|bei|für|for|de|und|and|y|m\/w\/d)$/i;

/**
 * Title without gender tags and tails, display-cased; '' when nothing is left. A gender tag ends
 * the role name ("Organic Search Manager (m/w/d) SEO & AI-Focused"), unless nothing but role
 * words stands before it ("Werkstudent (m/w/d) SEO, Website & B2B Digital Marketing").
 */
export function cleanTitle(title: string, localities: readonly string[] = []): string {
  const t = title.replace(GENDER_SUFFIX, '').replace(NOISE_PREFIX, '').replace(GENDER_TAG, '\u0000');
  const [before = '', ...after] = t.split('\u0000');
  const head = cleanPart(before, localities);
  return head !== '' || after.length === 0 ? head : cleanPart(after.join(' '), localities);
}

function cleanPart(part: string, localities: readonly string[]): string {
  let t = part.replace(/\s+/g, ' ').trim();
  if (LEADING_GROUP.test(t)) t = t.replace(LEADING_GROUP, '');
  t = cutAtLocality(cutAtTail(t), localities);
  t = t.replace(ROLE_WORDS, ' ').replace(/\s+/g, ' ').trim();
  for (let i = 0; i < 3; i++) t = t.replace(EDGE_JUNK, '').trim();
  return displayCase(t);
}

function cutAtTail(t: string): string {
  let cut = t.length;
  for (const cue of TAIL_CUES) {
    const m = cue.exec(t);
    if (m && m.index > 0 && m.index < cut) cut = m.index;
  }
  return t.slice(0, cut);
}

function cutAtLocality(t: string, localities: readonly string[]): string {
  const lower = t.toLowerCase();
  let cut = t.length;
  for (const loc of localities) {
    const at = lower.indexOf(` ${loc.toLowerCase()}`);
    if (at > 0 && at < cut) cut = at;
  }
  return t.slice(0, cut);
}

/** `t` with its first letter upper-cased; all lower-case first when it is shouted (all capitals). */
export function displayCase(t: string): string {
  if (t === '') return t;
  const letters = t.replace(/[^\p{L}]/gu, '');
  const shouting = letters.length > 3 && letters === letters.toUpperCase();
  const s = shouting ? t.toLowerCase() : t;
  return s.charAt(0).toUpperCase() + s.slice(1);
}
