import type { FastifyBaseLogger } from 'fastify';
import { expect } from 'vitest';
import type { Job, JobPlace } from '../../src/domain/job.js';
import { DEFAULT_SALARY_BUCKETS } from '../../src/domain/salary-buckets.js';
import { buildApp } from '../../src/http/build-app.js';
import type { ApiInstance, AppConfig } from '../../src/http/app-types.js';
import { LiveIndex } from '../../src/runtime/live-index.js';
import { SearchIndex } from '../../src/search/segments/search-index.js';
import type { JobStore } from '../../src/store/job-store.js';
import { job, place } from '../builders.js';

export const NOW = Date.UTC(2026, 10, 21, 12);

/** The keys of filter data's `selected`, in the contract's order (written from the contract). */
export const SELECTED_ORDER = [
  'salary_range',
  'work_model',
  'position',
  'seniority_level',
  'employment_type_normalized',
  'remote_percentage_min',
  'skill_tag',
  'location',
  'company',
  'industry',
  'seo-jobs-only',
  'company_size',
  'radius',
  'sort',
  'order',
];
const DAY = 86_400_000;

const de = { slug: 'deutschland', name: 'Deutschland' };
const at = { slug: 'österreich', name: 'Österreich' };
const es = { slug: 'españa', name: 'España' };

export const PLACES = {
  berlin: place(),
  muenchen: place({
    city: { slug: 'münchen', name: 'München' },
    region: { slug: 'bayern', name: 'Bayern' },
    country: de,
    lat: 48.137,
    lon: 11.575,
  }),
  augsburg: place({
    city: { slug: 'augsburg', name: 'Augsburg' },
    region: { slug: 'bayern', name: 'Bayern' },
    country: de,
    lat: 48.366,
    lon: 10.898,
  }),
  hamburg: place({
    city: { slug: 'hamburg', name: 'Hamburg' },
    region: { slug: 'hamburg-region', name: 'Hamburg' },
    country: de,
    lat: 53.55,
    lon: 9.993,
  }),
  wien: place({
    city: { slug: 'wien', name: 'Wien' },
    region: { slug: 'wien-region', name: 'Wien' },
    country: at,
    countryCode: 'AT',
    lat: 48.208,
    lon: 16.373,
  }),
  madrid: place({
    city: { slug: 'madrid', name: 'Madrid' },
    region: { slug: 'comunidad-de-madrid', name: 'Comunidad de Madrid' },
    country: es,
    countryCode: 'ES',
    lat: 40.417,
    lon: -3.704,
  }),
  malaga: place({
    city: { slug: 'málaga', name: 'Málaga' },
    region: { slug: 'andalucía', name: 'Andalucía' },
    country: es,
    countryCode: 'ES',
    lat: 36.721,
    lon: -4.421,
  }),
} satisfies Record<string, JobPlace>;

/**
 * A small corpus with every kind of variety the contract tests need: several cities, regions and
 * countries, work models, salaries given/missing/monthly-annualised, SEO and non-SEO, expired jobs.
 */
export function corpus(): Job[] {
  const jobs: Job[] = [];
  const companies = ['Acme GmbH', 'Zeta Media AG', 'Ñandú Digital S.L.', 'Über Search GmbH', 'Kraut & Rüben KG'];
  const places = Object.values(PLACES);
  const models = ['remote', 'hybrid', 'onsite'] as const;
  const positions = [
    { slug: 'seo-manager', name: 'SEO Manager', seo: true },
    { slug: 'content-marketing-manager', name: 'Content Marketing Manager', seo: true },
    { slug: 'softwareentwickler', name: 'Softwareentwickler', seo: false },
    { slug: 'pflegefachkraft', name: 'Pflegefachkraft', seo: false },
  ];
  for (let i = 0; i < 60; i++) {
    const p = positions[i % positions.length]!;
    const pl = places[i % places.length]!;
    const model = models[i % 3]!;
    const salary = i % 4 === 3 ? null : { min: 30_000 + (i % 7) * 9_000, max: 42_000 + (i % 7) * 11_000 };
    jobs.push(
      job({
        key: `fixture:${i}`,
        boardId: String(5000 + i),
        title: `${p.name} (m/w/d)`,
        company: {
          name: companies[i % companies.length]!,
          domain: 'www.example.com',
          website: 'https://www.example.com',
          logoUrl: 'https://www.example.com/logo.png',
          size: i % 2 ? '51-200' : '1001-5000',
        },
        industry: p.seo ? 'online-marketing' : 'healthcare',
        position: { slug: p.slug, name: p.name },
        seniority: (['junior', 'mid', 'senior'] as const)[i % 3]!,
        employmentType: i % 5 === 0 ? 'part-time' : 'full-time',
        workModel: model,
        remotePercentage: model === 'remote' ? 100 : model === 'hybrid' ? 40 : 0,
        skills: p.seo
          ? [
              { slug: 'sistrix', name: 'Sistrix' },
              { slug: 'google-analytics', name: 'Google Analytics' },
            ]
          : [{ slug: 'excel', name: 'Excel' }],
        isSeo: p.seo,
        language: pl.countryCode === 'ES' ? 'es' : 'de',
        places: i % 9 === 0 ? [pl, PLACES.hamburg] : [pl],
        salary,
        searchText: `${p.name} ${i % 2 ? 'Suchmaschinenoptimierung Strategie' : 'Teamarbeit'}`,
        // Two jobs share each date so the board_id tie-break shows.
        postedAt: NOW - Math.floor(i / 2) * DAY,
        validThrough: i === 59 ? NOW - DAY : null,
      }),
    );
  }
  return jobs;
}

/**
 * An app over an index of `jobs` (not ready: none). Tests make their app in a `beforeEach` and
 * close it in an `afterEach`, a fresh one per test: mutation testing counts what a test's
 * `beforeEach` runs as that test's, so every test that relies on a route's registration, its
 * schema or its hooks is one that can kill a mutant there. Built once in a `beforeAll`, the app's
 * code belonged to no test, and such mutants were tried only against the few tests that happened
 * to reach that code themselves (docs/mutation-testing.md, "Hybrid mutants"). The index, which is
 * not what these tests test, is built once per set of jobs and shared.
 */
export async function testApp(
  jobs: readonly Job[] = corpus(),
  options: {
    ready?: boolean;
    config?: Partial<AppConfig>;
    webRoot?: string;
    logger?: FastifyBaseLogger;
    store?: JobStore;
  } = {},
): Promise<ApiInstance> {
  const live = new LiveIndex();
  if (options.ready !== false) live.swap(sharedIndex(jobs), 7, NOW);
  return buildApp({
    live,
    config: testConfig(options.config),
    logger: options.logger ?? false,
    now: () => NOW,
    ...(options.webRoot === undefined ? {} : { webRoot: options.webRoot }),
    ...(options.store === undefined ? {} : { store: options.store }),
  });
}

/** The app settings the HTTP tests start from; a test writes over them the ones it is about. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    newWithinDays: 7,
    salaryBuckets: DEFAULT_SALARY_BUCKETS,
    corsOrigin: '*',
    cacheMaxAgeSeconds: 10,
    ...overrides,
  };
}

const indexes = new Map<string, SearchIndex>();

/** The index of these jobs at NOW, built the first time it is asked for (see testApp). */
export function sharedIndex(jobs: readonly Job[]): SearchIndex {
  const key = JSON.stringify(jobs);
  let index = indexes.get(key);
  if (index === undefined) {
    index = SearchIndex.build(jobs, { salaryBuckets: DEFAULT_SALARY_BUCKETS, now: NOW });
    indexes.set(key, index);
  }
  return index;
}

/** GET a path, expect 200 JSON, and parse the body as the given wire type. */
export async function getOk<T>(app: ApiInstance, url: string): Promise<T> {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json<T>();
}

/** Every sample of `/metrics` whose name (and labels) start with `prefix`: `name{labels}` -> value. */
export async function metricSamples(app: ApiInstance, prefix: string): Promise<Record<string, number>> {
  const res = await app.inject('/metrics');
  expect(res.statusCode).toBe(200);
  const found: Record<string, number> = {};
  for (const line of res.body.split('\n')) {
    if (!line.startsWith(prefix)) continue;
    const at = line.lastIndexOf(' ');
    found[line.slice(0, at)] = Number(line.slice(at + 1));
  }
  return found;
}
