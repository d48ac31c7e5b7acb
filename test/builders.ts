import type { Job, JobPlace } from '../src/domain/job.js';

let next = 1;

/** A city place for tests; coordinates default to Berlin. */
export function place(overrides: Partial<JobPlace> = {}): JobPlace {
  return {
    city: { slug: 'berlin', name: 'Berlin' },
    region: { slug: 'berlin-land', name: 'Berlin' },
    country: { slug: 'deutschland', name: 'Deutschland' },
    countryCode: 'DE',
    lat: 52.52,
    lon: 13.405,
    ...overrides,
  };
}

/** München as the gazetteer gives it (GeoNames coordinates). */
export const MUNICH: JobPlace = place({
  city: { slug: 'münchen', name: 'München' },
  region: { slug: 'bayern', name: 'Bayern' },
  lat: 48.1374,
  lon: 11.5755,
});

/** A complete, plausible Job; override what the test is about. */
export function job(overrides: Partial<Job> = {}): Job {
  const n = next++;
  return {
    key: `test:${n}`,
    boardId: String(1000 + n),
    source: 'test',
    url: null,
    title: 'SEO Manager (m/w/d)',
    company: { name: 'Acme GmbH', domain: null, website: null, logoUrl: null, size: '51-200' },
    industry: 'online-marketing',
    position: { slug: 'seo-manager', name: 'SEO Manager' },
    seniority: 'mid',
    employmentType: 'full-time',
    workModel: 'hybrid',
    remotePercentage: 40,
    skills: [{ slug: 'sistrix', name: 'Sistrix' }],
    isSeo: true,
    language: 'de',
    places: [place()],
    salary: { min: 50_000, max: 60_000 },
    estimatedSalary: null,
    summary: 'Wir suchen eine SEO Managerin oder einen SEO Manager.',
    seoContext: 'Du verantwortest unsere SEO-Strategie.',
    salaryContext: '',
    remoteContext: 'Zwei Tage Homeoffice pro Woche.',
    searchText: 'SEO Manager Wir suchen eine SEO Managerin oder einen SEO Manager.',
    postedAt: Date.UTC(2026, 10, 1),
    validThrough: null,
    ...overrides,
  };
}
