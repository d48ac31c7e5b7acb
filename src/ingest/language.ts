/**
 * Language of a posting (de / es / en) by counting frequent function words in the first ~1,500
 * characters of its text. Too few hits (a title only): letters typical of a language (ß ä ö ü /
 * ñ á é í ó ú ¿ ¡), then the country of the posting, then German (the board's main language).
 */
import { LANGUAGES, type Language } from '../domain/vocab.js';

const STOP_WORDS: Readonly<Record<Language, ReadonlySet<string>>> = {
  de: new Set(
    'der die das und ist mit für wir sie du dich dein deine ein eine einen einem einer zu von im auf bei unser unsere unseren uns oder auch nicht als sind wird werden ihre ihr den dem des über nach sowie bist hast kannst wenn'.split(' '),
  ),
  es: new Set(
    'de el la los las y es con para por en un una unos nuestro nuestra nuestros del que se su sus al como más o te tu ser este esta estos también sobre muy son hay trabajo'.split(' '),
  ),
  en: new Set(
    'the and is with for we you your our of to in an are be will as on at this that from have has or who what can us their it all'.split(' '),
  ),
};

const SAMPLE_CHARS = 1_500;
const MIN_HITS = 3;
const WORD = /[a-zäöüßáéíóúñ]+/g;

const COUNTRY_LANGUAGE: Readonly<Record<string, Language>> = { DE: 'de', AT: 'de', CH: 'de', LI: 'de', ES: 'es' };

export function detectLanguage(text: string, countryCode: string | null): Language {
  const sample = text.slice(0, SAMPLE_CHARS).toLowerCase();
  const hits = { de: 0, es: 0, en: 0 };
  for (const word of sample.match(WORD) ?? []) {
    if (STOP_WORDS.de.has(word)) hits.de += 1;
    if (STOP_WORDS.es.has(word)) hits.es += 1;
    if (STOP_WORDS.en.has(word)) hits.en += 1;
  }
  const best = LANGUAGES.reduce((a: Language, b: Language) => (hits[b] > hits[a] ? b : a));
  if (hits[best] >= MIN_HITS) return best;
  if (/[ñ¿¡]|ción\b/.test(sample)) return 'es';
  if (/[äöüß]/.test(sample)) return 'de';
  if (countryCode !== null) return COUNTRY_LANGUAGE[countryCode] ?? 'en';
  return 'de';
}
