/**
 * Where applicants of a remote job may live, as its text states it, in German, Spanish or English:
 * a phrase of residence or reach ("remote from anywhere in", "must be based in", "residents of",
 * "innerhalb", "Wohnsitz in", "aus ganz", "residentes en", "desde cualquier parte de", "dentro de")
 * followed by an area, or an area with "only"/"weit" ("EU only", "deutschlandweit"). Areas: the
 * countries of the table (German, Spanish and English names, genitive "Deutschlands"), the EU,
 * Europe, the DACH region and the world, as codes: ISO 3166-1 alpha-2, `EU`, UN M49 `150`
 * (Europe) and `001` (the world). DACH is DE, AT and CH.
 */

/** Area names (accent-folded, lower case) -> codes. */
const AREAS: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ...names(['DE'], 'deutschland', 'deutschlands', 'germany', 'alemania', 'bundesgebiet'),
  ...names(['AT'], 'osterreich', 'oesterreich', 'osterreichs', 'austria'),
  ...names(['CH'], 'schweiz', 'der schweiz', 'switzerland', 'suiza', 'suisse'),
  ...names(['ES'], 'spanien', 'spaniens', 'spain', 'espana', 'toda espana'),
  ...names(['PT'], 'portugal'),
  ...names(['FR'], 'frankreich', 'france', 'francia'),
  ...names(['IT'], 'italien', 'italy', 'italia'),
  ...names(['NL'], 'niederlande', 'netherlands', 'paises bajos'),
  ...names(['GB'], 'uk', 'the uk', 'united kingdom', 'grossbritannien', 'reino unido'),
  ...names(['US'], 'us', 'the us', 'usa', 'the usa', 'united states', 'the united states', 'estados unidos', 'u.s'),
  ...names(['CA'], 'canada', 'kanada'),
  ...names(
    ['EU'],
    'eu',
    'the eu',
    'der eu',
    'european union',
    'the european union',
    'europaischen union',
    'der europaischen union',
    'ue',
    'la ue',
    'union europea',
    'la union europea',
  ),
  ...names(['150'], 'europe', 'europa', 'ganz europa', 'toda europa'),
  ...names(
    ['DE', 'AT', 'CH'],
    'dach',
    'der dach-region',
    'dach-region',
    'the dach region',
    'dach region',
    'la region dach',
  ),
  ...names(['001'], 'the world', 'the globe', 'der welt', 'el mundo', 'todo el mundo'),
]);

function names(codes: readonly string[], ...words: string[]): [string, readonly string[]][] {
  return words.map((w) => [w, codes]);
}

/** Words before an area that say where applicants may live or work from. */
const BEFORE = [
  // English
  String.raw`(?:remote|work|working)\s+(?:from\s+)?anywhere\s+in`,
  String.raw`anywhere\s+(?:with)?in`,
  String.raw`remote\s+(?:with)?in`,
  String.raw`remotely\s+(?:from\s+)?(?:with)?in`,
  String.raw`(?:must|need to|have to|should)\s+(?:be\s+)?(?:based|located|living|resident|residing|live|reside)\s+in`,
  String.raw`(?:candidates|applicants|residents)\s+(?:based\s+|located\s+|living\s+)?(?:in|of)`,
  String.raw`(?:authori[sz]ed|eligible)\s+to\s+work\s+in`,
  // German
  String.raw`(?:homeoffice|home-office|remote|mobiles arbeiten|mobil)\s+(?:\S+\s+){0,2}?innerhalb(?:\s+von)?`,
  String.raw`von\s+überall\s+(?:in|aus)`,
  String.raw`aus\s+ganz`,
  String.raw`(?:wohnsitz|wohnort|aufenthalt|arbeitserlaubnis)\s+in`,
  String.raw`(?:remote|homeoffice)\s+(?:aus|in)`,
  // Spanish
  String.raw`(?:solo\s+|sólo\s+|únicamente\s+)?residentes\s+en`,
  String.raw`residencia\s+en`,
  String.raw`desde\s+cualquier\s+(?:parte|lugar|punto|sitio)\s+(?:de|del)`,
  String.raw`(?:teletrabajo|remoto|en remoto)\s+(?:desde|en)`,
  String.raw`dentro\s+(?:de|del)`,
].join('|');

const AREA = String.raw`((?:the|der|la|el|ganz|toda|todo)?\s?[\p{L}.-]+(?:\s+[\p{L}.-]+){0,2})`;
// The word boundary before a match is checked in code (a leading look-behind makes every position slow).
const AFTER = new RegExp(String.raw`(?:${BEFORE})\s+${AREA}`, 'giu');
/** "solo España", "nur in Deutschland"; "deutschlandweit", "europaweit", "bundesweit". */
const ONLY =
  /(?:solo|sólo|nur)\s+(?:en\s+|in\s+)?([\p{L}]+)|(deutschland|österreich|schweiz|europa|bundes)weit(?![\p{L}])/giu;
/** "EU only", "US-only": found by "only", the area read before it. */
const ONLY_AFTER = /[\s-]only(?![\p{L}])/gu;
const WORD_BEFORE = /([\p{L}.]+)$/u;
const LETTER = /\p{L}/u;

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The codes an area phrase names: its longest leading run of words that the table knows. */
function areaCodes(phrase: string): readonly string[] | null {
  const words = fold(phrase)
    .split(/\s+/)
    .filter((w) => w !== '');
  for (let n = Math.min(words.length, 4); n >= 1; n--) {
    const hit = AREAS.get(
      words
        .slice(0, n)
        .join(' ')
        .replace(/[.,;:)]+$/, ''),
    );
    if (hit) return hit;
  }
  return null;
}

const WEIT: Record<string, string> = {
  deutschland: 'DE',
  bundes: 'DE',
  österreich: 'AT',
  schweiz: 'CH',
  europa: '150',
};

/** Where applicants may live, as the lower-cased text states it: codes in order of mention, or []. */
export function remoteEligibility(lower: string): string[] {
  const out: string[] = [];
  const add = (codes: readonly string[] | null | undefined): void => {
    for (const c of codes ?? []) if (!out.includes(c)) out.push(c);
  };
  AFTER.lastIndex = 0;
  for (let m = AFTER.exec(lower); m !== null; m = AFTER.exec(lower)) {
    const codes = m.index > 0 && LETTER.test(lower[m.index - 1]!) ? null : areaCodes(m[1]!);
    add(codes);
    // No known area: a shorter phrase starting inside this one may still name one.
    if (codes === null) AFTER.lastIndex = m.index + 1;
  }
  ONLY.lastIndex = 0;
  for (let m = ONLY.exec(lower); m !== null; m = ONLY.exec(lower)) {
    if (m.index > 0 && LETTER.test(lower[m.index - 1]!)) continue;
    add(m[2] !== undefined ? [WEIT[m[2]]!] : areaCodes(m[1]!));
  }
  ONLY_AFTER.lastIndex = 0;
  for (let m = ONLY_AFTER.exec(lower); m !== null; m = ONLY_AFTER.exec(lower)) {
    const word = WORD_BEFORE.exec(lower.slice(Math.max(0, m.index - 20), m.index))?.[1];
    if (word !== undefined) add(areaCodes(word));
  }
  return out;
}

/**
 * The board's markets inside each area code (a location filter on them finds the job). The world
 * restricts nothing and places the job nowhere: it is found as remote, not by a country.
 */
export const MARKETS_OF: Readonly<Record<string, readonly string[]>> = {
  EU: ['DE', 'AT', 'ES'],
  '150': ['DE', 'AT', 'CH', 'ES'],
  '001': [],
};
