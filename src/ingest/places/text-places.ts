/**
 * Places and countries named in a posting's text, read when its structured place is thin (no city,
 * or nothing at all). Candidates, in order: groups in the title ("(Wien/Remote)", "| Berlin"),
 * labelled lines ("Einsatzort: Zürich und Region", "Standort: Hamburg", "Location: London",
 * "Ubicación: Madrid"), and "in <City>, <City> or <City>" lists. Only names that resolve to a known
 * city become places (PlaceResolver.placesNamed), so ordinary capitalised words are harmless.
 * Country, when still unknown: a country named in the text ("within Spain", "Eastern US",
 * "deutschlandweit"), else the country domain of the posting's or the employer's site or of an
 * address in the text (freelancermap.at, jobs@hotfeet.ch).
 */
import { stripAccents } from '../../domain/text-fold.js';

const LABEL =
  /(?:^|\n)\s*[-*•]?\s*\**(?:einsatzort|arbeitsort|dienstort|standort|standorte|ort|location|locations|based in|ubicaci[oó]n|localidad|lugar de trabajo)\**\s*:\**\s*([^\n]{2,120})/gi;
const NAME = String.raw`\p{Lu}[\p{L}.-]+(?:[ -]\p{Lu}[\p{L}.-]+){0,2}(?![\p{L}’']|[’']s\b)`;
const IN_LIST = new RegExp(
  String.raw`\b(?:in|en|nach|bei|aus)\s+(${NAME}(?:\s*(?:,|/|\bor\b|\boder\b|\bund\b|\band\b|\by\b|\bo\b)\s*${NAME}){0,5})`,
  'gu',
);
const SPLIT = /\s*(?:,|\/|;|\||\bor\b|\boder\b|\bund\b|\band\b|\by\b|\bo\b|&|\(|\))\s*/;
const TRIM_WORDS = /\b(?:region|umgebung|raum|area|zentral|remote|hybrid|bevorzugt|und|oder)\b/gi;
const MAX_NAMES = 12;

/** Candidate place names in the title and text, in order of appearance, title first. */
export function placeNamesInText(title: string, text: string): string[] {
  const names: string[] = [];
  const add = (chunk: string): void => {
    for (const raw of chunk.split(SPLIT)) {
      const name = raw.replace(/\*+/g, '').replace(TRIM_WORDS, ' ').replace(/\s+/g, ' ').trim();
      if (name.length >= 3 && names.length < MAX_NAMES && !names.includes(name)) names.push(name);
    }
  };
  for (const m of title.matchAll(/\(([^)]{3,60})\)|[|–-]\s*([^|–()]{3,60})$/g)) add(m[1] ?? m[2] ?? '');
  const head = text.slice(0, 4000);
  for (const m of head.matchAll(LABEL)) add(m[1] ?? '');
  for (const m of `${title}\n${head}`.matchAll(IN_LIST)) add(m[1] ?? '');
  return names;
}

const COUNTRY_WORDS: readonly (readonly [RegExp, string])[] = [
  [/\b(?:deutschland|germany|deutschlandweit|bundesweit|alemania)\b/, 'DE'],
  [/\b(?:osterreich|austria|osterreichweit)\b/, 'AT'],
  [/\b(?:schweiz|switzerland|suisse|svizzera|suiza|schweizweit)\b/, 'CH'],
  [/\b(?:espana|spain|spanien)\b/, 'ES'],
  [/\b(?:united kingdom|england|reino unido|grossbritannien)\b/, 'GB'],
  [/\b(?:united states|usa|estados unidos|vereinigte staaten)\b/, 'US'],
];
const US_WORD = /\bUS\b/;
const DOMAIN = /(?:[a-z0-9-]+\.)+(de|at|ch|es|li|uk)\b(?![.\w-])/gi;
const TLD_COUNTRY: Readonly<Record<string, string>> = { de: 'DE', at: 'AT', ch: 'CH', es: 'ES', li: 'LI', uk: 'GB' };

/** The country the text names (first in order of the table), else the country domain of a URL or address. */
export function countryHint(text: string, urls: readonly string[]): string | null {
  const folded = stripAccents(text.slice(0, 6000));
  let best: { at: number; code: string } | null = null;
  for (const [re, code] of COUNTRY_WORDS) {
    const at = folded.search(re);
    if (at >= 0 && (best === null || at < best.at)) best = { at, code };
  }
  const us = text.slice(0, 6000).search(US_WORD);
  if (us >= 0 && (best === null || us < best.at)) best = { at: us, code: 'US' };
  if (best !== null) return best.code;
  for (const source of [...urls, text]) {
    for (const m of source.matchAll(DOMAIN)) {
      const code = TLD_COUNTRY[(m[1] ?? '').toLowerCase()];
      if (code !== undefined) return code;
    }
  }
  return null;
}
