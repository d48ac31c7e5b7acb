import type { Job, ListedJob, JobPlace, Named } from '../../src/domain/job.js';
import { DEFAULT_SALARY_BUCKETS } from '../../src/domain/salary-buckets.js';
import { SearchIndex } from '../../src/search/search-index.js';
import { place } from '../builders.js';

export const NOW = Date.UTC(2026, 10, 15);

export function indexOf(jobs: Job[], now = NOW): SearchIndex {
  return SearchIndex.build(jobs, { salaryBuckets: DEFAULT_SALARY_BUCKETS, now });
}

const n = (slug: string, name: string): Named => ({ slug, name });
export const DE = n('deutschland', 'Deutschland');
export const BERLIN = place();
export const POTSDAM = place({
  city: n('potsdam', 'Potsdam'),
  region: n('brandenburg', 'Brandenburg'),
  lat: 52.39,
  lon: 13.06,
});
export const MUENCHEN = place({
  city: n('münchen', 'München'),
  region: n('bayern', 'Bayern'),
  lat: 48.137,
  lon: 11.575,
});
export const HAMBURG = place({
  city: n('hamburg', 'Hamburg'),
  region: n('hamburg-land', 'Hamburg'),
  lat: 53.55,
  lon: 9.99,
});
export const WIEN: JobPlace = {
  city: n('wien', 'Wien'),
  region: n('wien-land', 'Wien'),
  country: n('österreich', 'Österreich'),
  countryCode: 'AT',
  lat: 48.21,
  lon: 16.37,
};

/** Board ids of a list result, for compact order assertions. */
export function ids(result: { jobs: readonly ListedJob[] }): string[] {
  return result.jobs.map((j) => j.boardId);
}
