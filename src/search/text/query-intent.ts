import { stripAccents } from '../../domain/text-fold.js';

/**
 * What a job seeker's keyword text means beyond its words, read before the keyword search:
 *
 * - **stop words** of German, Spanish and English and job-board filler (`Jobs in Wien`,
 *   `especialista de SEO`) are never required while another word remains;
 * - **places**: a word or two that name a place (the index's places, and the exonyms below) become
 *   the location (`SEO Berlin`, `Marketing Vienna`);
 * - **qualifiers** that name a facet value (`Werkstudent`, `Praktikum`, `Teilzeit`, `remote`,
 *   `Junior` and their Spanish and English forms) become that facet's filter;
 * - **compounds written in camel case** are split (`SEOManager` -> `SEO Manager`) and multi-word
 *   names of a field are one word (`posicionamiento web` -> `posicionamiento`).
 *
 * A facet or location the request sets itself wins: the query's word then stays a keyword.
 */

export type QualifierField = 'seniority' | 'employmentType' | 'workModel';

export interface Qualifier {
  /** The words of the query that named it, as typed. */
  readonly text: string;
  readonly field: QualifierField;
  readonly value: string;
}

export interface QueryIntent {
  /** The keyword text that remains ('' when none). */
  readonly keywords: string;
  /** A place named in the query, as typed, and the location value it stands for. */
  readonly place: { readonly text: string; readonly value: string } | null;
  readonly qualifiers: readonly Qualifier[];
  /** Stop words left out, as typed. */
  readonly ignored: readonly string[];
}

/** Function words and job-board filler of German, Spanish and English (folded, lower case). */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  // German
  'der',
  'die',
  'das',
  'den',
  'dem',
  'des',
  'ein',
  'eine',
  'einen',
  'und',
  'oder',
  'in',
  'im',
  'am',
  'an',
  'auf',
  'bei',
  'fur',
  'mit',
  'von',
  'vom',
  'zu',
  'zum',
  'zur',
  'als',
  'nach',
  'aus',
  'stelle',
  'stellen',
  'stellenangebot',
  'stellenangebote',
  'job',
  'jobs',
  'arbeit',
  // Spanish
  'de',
  'del',
  'la',
  'las',
  'el',
  'los',
  'un',
  'una',
  'y',
  'o',
  'en',
  'para',
  'con',
  'por',
  'a',
  'al',
  'trabajo',
  'empleo',
  'empleos',
  'oferta',
  'ofertas',
  'puesto',
  // English
  'the',
  'a',
  'an',
  'of',
  'and',
  'or',
  'for',
  'at',
  'as',
  'to',
  'with',
  'near',
  'vacancy',
  'vacancies',
]);

/** Place names in other languages (folded) and the location value the index knows them by. */
export const EXONYMS: ReadonlyMap<string, string> = new Map([
  ['munich', 'münchen'],
  ['monaco di baviera', 'münchen'],
  ['vienna', 'wien'],
  ['viena', 'wien'],
  ['vienne', 'wien'],
  ['cologne', 'köln'],
  ['colonia', 'köln'],
  ['geneva', 'genève'],
  ['genf', 'genève'],
  ['ginebra', 'genève'],
  ['zurich', 'zürich'],
  ['zurigo', 'zürich'],
  ['seville', 'sevilla'],
  ['nuremberg', 'nürnberg'],
  ['hanover', 'hannover'],
  ['brunswick', 'braunschweig'],
  ['basle', 'basel'],
  ['basilea', 'basel'],
  ['lucerne', 'luzern'],
  ['berne', 'bern'],
  ['saragossa', 'zaragoza'],
  ['corunna', 'a coruña'],
  ['germany', 'deutschland'],
  ['alemania', 'deutschland'],
  ['austria', 'österreich'],
  ['switzerland', 'schweiz'],
  ['suiza', 'schweiz'],
  ['spain', 'españa'],
  ['spanien', 'españa'],
]);

/**
 * The location values whose exonyms begin with a typed prefix (3+ letters), for the location
 * autocomplete: `Muni` -> `münchen`, `Genev` -> `genève`.
 * @example exonymsFor('vien') // ['wien']
 */
export function exonymsFor(prefix: string): string[] {
  const p = stripAccents(prefix.trim().toLowerCase());
  if (p.length < 3) return [];
  const out: string[] = [];
  for (const [name, value] of EXONYMS) if (name.startsWith(p) && !out.includes(value)) out.push(value);
  return out;
}

/** Qualifier words (folded) and the facet value each names. */
export const QUALIFIERS: ReadonlyMap<string, { field: QualifierField; value: string }> = new Map<
  string,
  { field: QualifierField; value: string }
>([
  ...['werkstudent', 'werkstudentin', 'werkstudenten', 'werkstudierende', 'werkstudierender', 'working student'].map(
    (w) => [w, { field: 'seniority' as const, value: 'working-student' }] as const,
  ),
  ...[
    'praktikum',
    'praktika',
    'pflichtpraktikum',
    'praktikant',
    'praktikantin',
    'internship',
    'intern',
    'practicas',
    'becario',
    'becaria',
  ].map((w) => [w, { field: 'seniority' as const, value: 'intern' }] as const),
  ...[
    'ausbildung',
    'ausbildungsplatz',
    'lehrstelle',
    'lehre',
    'azubi',
    'auszubildende',
    'auszubildender',
    'lernende',
    'lernender',
    'apprenticeship',
    'apprentice',
    'aprendiz',
  ].map((w) => [w, { field: 'employmentType' as const, value: 'apprenticeship' }] as const),
  ...['junior', 'einsteiger', 'berufseinsteiger'].map(
    (w) => [w, { field: 'seniority' as const, value: 'junior' }] as const,
  ),
  ...['senior'].map((w) => [w, { field: 'seniority' as const, value: 'senior' }] as const),
  ...['teilzeit', 'part-time', 'part time', 'parttime', 'media jornada', 'jornada parcial', 'tiempo parcial'].map(
    (w) => [w, { field: 'employmentType' as const, value: 'part-time' }] as const,
  ),
  ...['vollzeit', 'full-time', 'full time', 'fulltime', 'jornada completa', 'tiempo completo'].map(
    (w) => [w, { field: 'employmentType' as const, value: 'full-time' }] as const,
  ),
  ...['remote', 'homeoffice', 'home office', 'home-office', 'teletrabajo', 'remoto', 'fernarbeit'].map(
    (w) => [w, { field: 'workModel' as const, value: 'remote' }] as const,
  ),
  ...['hybrid', 'hybride', 'hibrido'].map((w) => [w, { field: 'workModel' as const, value: 'hybrid' }] as const),
]);

/** Multi-word names of one field or role, and the one word that stands for them. */
export const PHRASES: ReadonlyMap<string, string> = new Map([
  ['posicionamiento web', 'posicionamiento'],
  ['posicionamiento seo', 'posicionamiento'],
  ['search engine optimization', 'seo'],
  ['search engine optimisation', 'seo'],
  ['suchmaschinen optimierung', 'suchmaschinenoptimierung'],
  ['suchmaschinen optimierer', 'suchmaschinenoptimierer'],
  ['recursos humanos', 'rrhh'],
  ['human resources', 'hr'],
]);

/** Folded form of a word for the tables above: lower case, no accents, ß as ss. */
function fold(text: string): string {
  return stripAccents(text.toLowerCase().replace(/ß/g, 'ss'));
}

/** `SEOManager` -> `SEO Manager`, `SeoManager` -> `Seo Manager`; other words unchanged. */
export function splitCamelCase(word: string): string {
  return word.replace(/(?<=\p{Lu})(?=\p{Lu}\p{Ll}{2})|(?<=\p{Ll})(?=\p{Lu})/gu, ' ');
}

/**
 * What a keyword text means: see the module comment. `resolvePlace` answers the location value of
 * a folded word or two (the index's places), or null; `taken` are the fields the request sets itself.
 * @example interpretQuery('SEO Berlin', (t) => (t === 'berlin' ? 'berlin' : null)).place // { text: 'Berlin', value: 'berlin' }
 */
export function interpretQuery(
  text: string,
  resolvePlace: (folded: string) => string | null,
  taken: ReadonlySet<QualifierField | 'location'> = new Set(),
): QueryIntent {
  // Words as typed: runs of letters, digits and the marks of gender notation and hyphens inside.
  const raw = (text.match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}:*/_.'’-]*/gu) ?? []).flatMap((w) =>
    splitCamelCase(w.replace(/[.'’]+$/u, '')).split(' '),
  );
  const words = raw.filter((w) => w !== '');
  const keep: string[] = [];
  const qualifiers: Qualifier[] = [];
  const ignored: string[] = [];
  const usedFields = new Set<string>();
  let place = null as QueryIntent['place'];
  for (let i = 0; i < words.length; i++) {
    const one = fold(words[i]!);
    const two = i + 1 < words.length ? `${one} ${fold(words[i + 1]!)}` : null;
    const joined = i + 1 < words.length ? `${one}-${fold(words[i + 1]!)}` : null;
    const three = i + 2 < words.length ? `${two!} ${fold(words[i + 2]!)}` : null;
    const long = three === null ? undefined : PHRASES.get(three);
    if (long !== undefined) {
      keep.push(long);
      i += 2;
      continue;
    }
    // Two-word names first: a phrase, a qualifier, a place.
    if (two !== null) {
      const phrase = PHRASES.get(two);
      if (phrase !== undefined) {
        keep.push(phrase);
        i++;
        continue;
      }
      const q = QUALIFIERS.get(two) ?? QUALIFIERS.get(joined!);
      if (q !== undefined && !taken.has(q.field) && !usedFields.has(q.field)) {
        qualifiers.push({ text: `${words[i]!} ${words[i + 1]!}`, ...q });
        usedFields.add(q.field);
        i++;
        continue;
      }
      if (place === null && !taken.has('location')) {
        const value = EXONYMS.get(two) ?? resolvePlace(two);
        if (value !== null) {
          place = { text: `${words[i]!} ${words[i + 1]!}`, value };
          i++;
          continue;
        }
      }
    }
    const spelled = PHRASES.get(one.replace(/-/g, ' '));
    if (spelled !== undefined) {
      keep.push(spelled);
      continue;
    }
    const q = QUALIFIERS.get(one);
    if (q !== undefined && !taken.has(q.field) && !usedFields.has(q.field)) {
      qualifiers.push({ text: words[i]!, ...q });
      usedFields.add(q.field);
      continue;
    }
    if (place === null && !taken.has('location') && !STOP_WORDS.has(one)) {
      const value = EXONYMS.get(one) ?? resolvePlace(one);
      if (value !== null) {
        place = { text: words[i]!, value };
        continue;
      }
    }
    keep.push(words[i]!);
  }
  // Stop words are never required: dropped while another word remains.
  const content = keep.filter((w) => !STOP_WORDS.has(fold(w)));
  const kept = content.length > 0 ? content : qualifiers.length > 0 || place !== null ? [] : keep;
  for (const w of keep) if (!kept.includes(w)) ignored.push(w);
  return { keywords: kept.join(' '), place, qualifiers, ignored };
}
