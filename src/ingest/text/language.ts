/**
 * Language of a posting (de / es / en) by counting frequent function words in the first ~500
 * characters of its text. Too few hits (a title only): letters typical of a language (ß ä ö ü /
 * ñ á é í ó ú ¿ ¡), then the country of the posting, then German (the board's main language).
 */
import { LANGUAGES, type Language } from '../../domain/vocab.js';

const STOP_WORDS: Readonly<Record<Language, string>> = {
  de: 'der die das und ist mit für wir sie du dich dein deine ein eine einen einem einer zu von im auf bei unser unsere unseren uns oder auch nicht als sind wird werden ihre ihr den dem des über nach sowie bist hast kannst wenn',
  es: 'de el la los las y es con para por en un una unos nuestro nuestra nuestros del que se su sus al como más o te tu ser este esta estos también sobre muy son hay trabajo',
  en: 'the and is with for we you your our of to in an are be will as on at this that from have has or who what can us their it all',
};

/** Word -> bit mask of the languages it is a function word of (1 de, 2 es, 4 en). */
const WORD_LANGUAGES = new Map<string, number>();
LANGUAGES.forEach((language, i) => {
  for (const word of STOP_WORDS[language].split(' '))
    WORD_LANGUAGES.set(word, (WORD_LANGUAGES.get(word) ?? 0) | (1 << i));
});

const SAMPLE_CHARS = 500;
const MIN_HITS = 3;
/** What separates words: the sample's words are the runs of [a-zäöüßáéíóúñ] between (isWordChar). */
/** A longer word is no function word: it is not looked up. */
const LONGEST_WORD = Math.max(...[...WORD_LANGUAGES.keys()].map((w) => w.length));

const COUNTRY_LANGUAGE: Readonly<Record<string, Language>> = { DE: 'de', AT: 'de', CH: 'de', LI: 'de', ES: 'es' };

export function detectLanguage(text: string, countryCode: string | null): Language {
  const sample = text.slice(0, SAMPLE_CHARS).toLowerCase();
  const hits = functionWordHits(sample);
  let best = 0;
  for (let i = 1; i < hits.length; i++) if ((hits[i] ?? 0) > (hits[best] ?? 0)) best = i;
  const language = LANGUAGES[best];
  if (language !== undefined && (hits[best] ?? 0) >= MIN_HITS) return language;
  if (/[ñ¿¡]|ción\b/.test(sample)) return 'es';
  if (/[äöüß]/.test(sample)) return 'de';
  if (countryCode !== null) return COUNTRY_LANGUAGE[countryCode] ?? 'en';
  return 'de';
}

/**
 * Function words of each language in a lower-cased sample: [de, es, en]. The words are the runs of
 * [a-zäöüßáéíóúñ], read by char code (no array of words, no match objects); a word longer than
 * any function word is not looked up.
 */
export function functionWordHits(sample: string): number[] {
  const hits = [0, 0, 0];
  let start = -1;
  for (let i = 0; i <= sample.length; i++) {
    if (i < sample.length && isWordChar(sample.charCodeAt(i))) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    const mask = i - start > LONGEST_WORD ? undefined : WORD_LANGUAGES.get(sample.slice(start, i));
    start = -1;
    if (mask === undefined) continue;
    for (let l = 0; l < hits.length; l++) if (mask & (1 << l)) hits[l] = (hits[l] ?? 0) + 1;
  }
  return hits;
}

/** [a-zäöüßáéíóúñ] */
function isWordChar(c: number): boolean {
  if (c >= 97 && c <= 122) return true;
  return (
    c === 0xe4 ||
    c === 0xf6 ||
    c === 0xfc ||
    c === 0xdf ||
    c === 0xe1 ||
    c === 0xe9 ||
    c === 0xed ||
    c === 0xf3 ||
    c === 0xfa ||
    c === 0xf1
  );
}
