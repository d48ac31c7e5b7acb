import { expect } from 'vitest';
import type { Job, ListedJob, JobPlace, Named } from '../../src/domain/job.js';
import { DEFAULT_SALARY_BUCKETS } from '../../src/domain/salary-buckets.js';
import { SearchIndex, type SearchReader } from '../../src/search/segments/search-index.js';
import type { EngineTuning } from '../../src/search/engine.js';
import { place } from '../builders.js';

export const NOW = Date.UTC(2026, 10, 15);

export function indexOf(jobs: Job[], now = NOW, tuning: Partial<EngineTuning> = {}): SearchIndex {
  return SearchIndex.build(jobs, { salaryBuckets: DEFAULT_SALARY_BUCKETS, now, tuning });
}

/** A named slug (city, region, country) for test places. */
export const named = (slug: string, name: string): Named => ({ slug, name });
export const DE = named('deutschland', 'Deutschland');
export const BERLIN = place();
export const POTSDAM = place({
  city: named('potsdam', 'Potsdam'),
  region: named('brandenburg', 'Brandenburg'),
  lat: 52.39,
  lon: 13.06,
});
export const MUENCHEN = place({
  city: named('münchen', 'München'),
  region: named('bayern', 'Bayern'),
  lat: 48.137,
  lon: 11.575,
});
export const HAMBURG = place({
  city: named('hamburg', 'Hamburg'),
  region: named('hamburg-land', 'Hamburg'),
  lat: 53.55,
  lon: 9.99,
});
export const WIEN: JobPlace = {
  city: named('wien', 'Wien'),
  region: named('wien-land', 'Wien'),
  country: named('österreich', 'Österreich'),
  countryCode: 'AT',
  lat: 48.21,
  lon: 16.37,
};

/** Board ids of a list result, for compact order assertions. */
export function ids(result: { jobs: readonly ListedJob[] }): string[] {
  return result.jobs.map((j) => j.boardId);
}

/**
 * Highlighting agrees with searching: a word of some text of a job is marked exactly when the
 * query finds the job, and what is marked in its first text is a whole word.
 */
export function expectMarkedWhenFound(
  index: SearchReader,
  jobs: readonly Job[],
  q: string,
  typos: boolean,
  textsOf: (j: Job) => string[],
): void {
  const found = new Set(
    index
      .list({ filter: { keywords: q, typos }, sort: 'date', order: 'desc', page: 1, perPage: 1000 })
      .jobs.map((j) => j.key),
  );
  const ranges = index.highlight(
    q,
    typos,
    jobs.map((j) => ({ language: j.language, texts: textsOf(j) })),
  );
  jobs.forEach((j, i) => {
    const marks = ranges[i]!;
    const first = textsOf(j)[0]!;
    expect(
      marks.some((m) => m.length > 0),
      `${q} in ${textsOf(j).join(' / ')}`,
    ).toBe(found.has(j.key));
    for (const [a, b] of marks[0]!) expect(/^[\p{L}\p{N}]+$/u.test(first.slice(a, b))).toBe(true);
  });
}
