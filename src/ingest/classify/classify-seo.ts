/**
 * The SEO flag: is the job's main work search engine optimisation / organic search? A scorer a
 * reader can follow, in three steps, on accent-folded lower-case text:
 *
 * 1. Title names SEO (`SEO_TITLE`: SEO, Suchmaschinenoptimierung, organic search, posicionamiento
 *    web, GEO / generative engine optimisation, ...) -> SEO. "SEO/SEA Manager", "Offpage SEO &
 *    Media Buying", "Werkstudent SEO, Website & B2B Marketing" are SEO jobs: the title puts SEO first.
 * 2. Title names another discipline and no SEO (`OTHER_TITLE`: SEA, SEM, PPC, Google Ads, paid,
 *    performance, social media, community, media buying, e-mail / newsletter / CRM, affiliate,
 *    influencer, growth) -> not SEO, whatever the text mentions.
 * 3. Title of the marketing / content / web family without a discipline (`FAMILY_TITLE`: online /
 *    digital marketing, content, writer, Redakteur, editor, web, e-commerce, ...) -> the weight of
 *    the text decides: SEO terms (`SEO_STRONG` count 2, `SEO_WEAK` count 1) against the other
 *    disciplines' terms (`OTHER_TERMS`, 1 each). SEO when the SEO weight is at least
 *    `MIN_TEXT_WEIGHT` and at least twice the others'. Any other title (developer, nurse, ...) is
 *    not an SEO job.
 *
 * The reason (`seo_relevance_context`) quotes the sentences with a strong SEO term (else a weak one,
 * else the title) for an SEO job, and is empty for any other.
 */
import { stripAccents } from '../../domain/text-fold.js';

export const SEO_TITLE =
  /\bseo\b|suchmaschinenoptimier\w*|search engine optimi[sz]\w*|\borganic search\b|\borganische suche\b|\bposicionamiento (?:web|seo|organico|en buscadores)\b|\bbusqueda organica\b|generative engine optimi[sz]\w*|\bseo\/geo\b|\bgeo\/seo\b/;

export const OTHER_TITLE =
  /\b(?:sea|sem|ppc|google ads|adwords|paid|performance|social[- ]?media|redes sociales|community|media[- ]?buy\w*|e-?mail|newsletter|crm|affiliate|influencer|growth|suchmaschinenwerbung|suchmaschinenmarketing|search engine (?:advertising|marketing)|publicidad|campaign|kampagnen\w*)\b/;

export const FAMILY_TITLE =
  /\b(?:marketing\w*|online|digital|content|inhalte|writer|copywriter|texter\w*|redakteur\w*|redaktion|redactor\w*|redaccion|editor\w*|web|website|webseite|webmaster|e-?commerce|onlineshop|shop|search|suche|traffic|contenidos?|marketer|visibility|sichtbarkeit)\b/;

/** Terms that name SEO itself (weight 2). */
export const SEO_STRONG =
  /\bseo\b|suchmaschinenoptimier\w*|search engine optimi[sz]\w*|organic (?:search|traffic|rankings?|visibility)|organische[nr]? (?:suche|traffic|sichtbarkeit)|organischen? traffic|posicionamiento (?:web|seo|organico|en buscadores)|busqueda organica|trafico organico|generative engine optimi[sz]\w*/g;
/** SEO craft words (weight 1). */
export const SEO_WEAK =
  /\bkeyword[- ]?(?:research|recherche\w*|analys\w*)|investigacion de palabras clave|\brankings?\b|\bserps?\b|\bbacklinks?\b|link[- ]?building|\bon-?page\b|\boff-?page\b|\bsistrix\b|\bahrefs\b|\bsemrush\b|screaming frog|search console|schema markup|structured data|strukturierte(?:n)? daten|datos estructurados|core web vitals|\bcrawl\w*|\bindexier\w*|\bindexing\b|\bindexacion\b/g;
/** Other disciplines (weight 1 each). */
export const OTHER_TERMS =
  /\bsea\b|\bsem\b|\bppc\b|google ads|adwords|paid (?:search|social|media)|performance[- ]marketing|social[- ]media|redes sociales|newsletter|e-?mail[- ]marketing|\baffiliate\b|influencer|meta ads|facebook ads|tiktok|media[- ]?buy\w*|\bcrm\b|growth marketing|conversion rate/g;

export const MIN_TEXT_WEIGHT = 6;

export interface SeoInput {
  title: string;
  /** Plain description (any case). */
  text: string;
}

export interface SeoVerdict {
  isSeo: boolean;
  /** Which step decided: 'title', 'other-title', 'text', 'not-family'. */
  step: 'title' | 'other-title' | 'text' | 'not-family';
}

/** Whether the title alone names SEO. */
export function titleNamesSeo(title: string): boolean {
  return SEO_TITLE.test(stripAccents(title));
}

export function classifySeo(input: SeoInput): SeoVerdict {
  const title = stripAccents(input.title);
  if (SEO_TITLE.test(title)) return { isSeo: true, step: 'title' };
  if (OTHER_TITLE.test(title)) return { isSeo: false, step: 'other-title' };
  if (!FAMILY_TITLE.test(title)) return { isSeo: false, step: 'not-family' };
  const text = stripAccents(input.text);
  const seo = 2 * count(SEO_STRONG, text) + count(SEO_WEAK, text);
  const other = count(OTHER_TERMS, text);
  return { isSeo: seo >= MIN_TEXT_WEIGHT && seo >= 2 * other, step: 'text' };
}

function count(re: RegExp, text: string): number {
  re.lastIndex = 0;
  let n = 0;
  while (re.exec(text) !== null) n++;
  return n;
}

/** Strong SEO terms on original text (case-insensitive, accents as written): the sentences to quote. */
export const SEO_QUOTE_STRONG =
  /\bSEO\b|suchmaschinenoptimier\w*|search engine optimi[sz]\w*|organic (?:search|traffic|rankings?|visibility)|organische[nr]? (?:Suche|Traffic|Sichtbarkeit)|posicionamiento (?:web|SEO|org[aá]nico|en buscadores)|b[uú]squeda org[aá]nica|tr[aá]fico org[aá]nico/i;
export const SEO_QUOTE_WEAK =
  /\bkeyword[- ]?(?:research|recherche\w*|analys\w*)|\brankings?\b|\bSERPs?\b|\bbacklinks?\b|link[- ]?building|\bon-?page\b|\boff-?page\b|\bsistrix\b|\bahrefs\b|\bsemrush\b|search console|schema markup|structured data|strukturierte(?:n)? Daten|core web vitals/i;
