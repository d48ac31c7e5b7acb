import type { Language } from '../../domain/vocab.js';
import type { KeywordQuery } from './keyword-query.js';
import type { KeywordIndex } from './keywords.js';
import { scanWords, stemKey } from './tokenize.js';
import { indexKeys } from './word-forms.js';

/** A matched word: [start, end) in UTF-16 code units, so that `text.slice(start, end)` is the word. */
export type Range = [number, number];

/**
 * The words of `text` that match the query, as the index matches a document: a word is marked when
 * one of the terms it is indexed under in the document's language (its keys after word forms and,
 * in German, its compound parts, each stemmed) is a term of some query word — its stems, the
 * last word's prefix expansions, or its typo corrections. So `Entwicklerin` is marked for
 * `entwickler`, `Suchmaschinenoptimierung` for `optimierung`, `Marketing` for `markting`.
 * @example highlightRanges(keywords, parseKeywords(keywords, 'seo', true)!, 'de', 'SEO Manager') // [[0, 3]]
 */
export function highlightRanges(index: KeywordIndex, query: KeywordQuery, language: Language, text: string): Range[] {
  const wanted = new Set<number>();
  for (const word of query.words) for (const t of word.terms) wanted.add(t);
  const ranges: Range[] = [];
  scanWords(text, (start, end) => {
    for (const key of indexKeys(language, text.slice(start, end))) {
      const t = index.termOf.get(`${language}:${stemKey(language, key)}`);
      if (t !== undefined && wanted.has(t)) {
        ranges.push([start, end]);
        return;
      }
    }
  });
  return ranges;
}
