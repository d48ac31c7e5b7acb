import type { Suggestion } from '../../src/domain/query.js';
import { companyKey } from '../../src/domain/company-key.js';
import { foldKey, foldKeys } from './naive-text.js';
import { cmp, collator, slugsOf, type NaiveSearch } from './naive-search.js';

/**
 * Autocomplete by the rules: every entity tested against every word start of its label; those
 * with a whole-name match first, then by jobs, label and value; the kept ones by label.
 */
export function rankByPrefix<T extends { value: string; label: string; jobs: number }>(
  entities: readonly T[],
  q: string,
  limit: number,
): T[] {
  const k = foldKey(q);
  if (k === '' || limit < 1) return [];
  const hits: (T & { whole: boolean })[] = [];
  for (const e of entities) {
    if (e.jobs === 0) continue; // known to a segment, but no live job has it
    const starts = [...e.label.matchAll(/[\p{L}\p{N}\p{M}]+/gu)].map((m) => m.index);
    const at = starts.filter((s) => foldKeys(e.label.slice(s)).some((x) => x.startsWith(k)));
    if (at.length > 0) hits.push({ ...e, whole: at.includes(starts[0]!) });
  }
  hits.sort(
    (a, b) =>
      Number(b.whole) - Number(a.whole) ||
      b.jobs - a.jobs ||
      collator.compare(a.label, b.label) ||
      cmp(a.value, b.value),
  );
  return hits.slice(0, limit).sort((a, b) => collator.compare(a.label, b.label) || cmp(a.value, b.value));
}

function suggest(entities: { value: string; label: string; jobs: number }[], q: string, limit: number): Suggestion[] {
  return rankByPrefix(entities, q, limit).map(({ value, label }) => ({ value, label }));
}

export function naiveSuggestLocations(n: NaiveSearch, q: string, limit: number): Suggestion[] {
  const entities = n.placeSlugs().map((slug) => ({
    value: slug,
    label: n.placeName(slug),
    jobs: n.live.filter((j) => slugsOf(j).includes(slug)).length,
  }));
  return suggest(entities, q, limit);
}

export function naiveSuggestCompanies(s: NaiveSearch, q: string, limit: number): Suggestion[] {
  const lowers = [...new Set(s.corpus.map((j) => companyKey(j.company.name)))];
  const entities = lowers.map((l) => {
    const label = s.companyLabel(l);
    return { value: label, label, jobs: s.live.filter((j) => companyKey(j.company.name) === l).length };
  });
  return suggest(entities, q, limit);
}

export function naiveResolveLocation(
  s: NaiveSearch,
  value: string,
): { slug: string; name: string; kind: string } | null {
  const c = s.canonical(value);
  return c === null ? null : { slug: c, name: s.placeName(c), kind: s.kindOf(c) };
}

export function naiveResolveCompany(s: NaiveSearch, value: string): string | null {
  const l = companyKey(value);
  return s.corpus.some((j) => companyKey(j.company.name) === l) ? l : null;
}
