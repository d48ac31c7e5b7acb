import type { Suggestion } from '../../src/domain/query.js';
import { expandUmlauts, stripAccents } from '../../src/domain/text-fold.js';
import type { FlatCorpus } from './flat-job.js';

/** A row of the places or companies table of a SQL peer. */
export interface NameRow {
  key: string;
  name: string;
  /** Accent-folded lower-case name: whole-name prefix matches rank first. */
  folded: string;
  jobs: number;
}

/** Every word under which a name is found: accent-stripped and umlaut-expanded forms. */
export function nameWords(name: string): string[] {
  const words = new Set<string>();
  for (const form of [stripAccents(name), expandUmlauts(name)]) {
    for (const w of form.match(/[\p{L}\p{N}]+/gu) ?? []) words.add(w);
  }
  return [...words];
}

/** The user's prefix as the words are stored: folded, letters and digits only (so no LIKE wildcards). */
export function foldPrefix(q: string): string {
  return (stripAccents(q).match(/[\p{L}\p{N}]+/gu) ?? []).join('');
}

/** Places and companies with their numbers of live jobs. */
export function nameRows(corpus: FlatCorpus): { places: NameRow[]; companies: NameRow[] } {
  const placeJobs = new Map<string, number>();
  const companyJobs = new Map<string, number>();
  for (const job of corpus.jobs) {
    for (const slug of job.places) placeJobs.set(slug, (placeJobs.get(slug) ?? 0) + 1);
    companyJobs.set(job.company, (companyJobs.get(job.company) ?? 0) + 1);
  }
  const row = (key: string, name: string, jobs: number): NameRow => ({ key, name, folded: stripAccents(name), jobs });
  return {
    places: corpus.places.map((p) => row(p.slug, p.name, placeJobs.get(p.slug) ?? 0)),
    companies: corpus.companies.map((c) => row(c.slug, c.name, companyJobs.get(c.slug) ?? 0)),
  };
}

const COLLATOR = new Intl.Collator('de');

/** The best matches the database returned, shown alphabetically as the contract wants. */
export function alphabetical(rows: readonly Suggestion[]): Suggestion[] {
  return [...rows].sort((a, b) => COLLATOR.compare(a.label, b.label));
}
