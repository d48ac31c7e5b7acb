import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../src/domain/job.js';
import { importFile, type ImportSummary } from '../../src/ingest/run-import.js';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';
import {
  actualOf,
  enrichRealPostings,
  EXPECTED,
  expectedOf,
  FIELDS,
  scoreRealPostings,
} from './real-postings-score.js';

/** The real postings (see its README): imported into the real SQLite store, in memory. */
const FIXTURE = fileURLToPath(new URL('../fixtures/real-postings/postings.ndjson', import.meta.url));
const NOW = Date.UTC(2026, 10, 21);
const TOTAL = readFileSync(FIXTURE, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '').length;

/**
 * The first 54 lines are pinned field by field: every value right, so no change may lose one. The
 * lines after them are scored by part (tuned, held-out) against floors that only ever rise.
 */
const PINNED = EXPECTED.filter((e) => e.line <= 54);

let store: SqliteJobStore;
let summary: ImportSummary;
let jobs: Job[];
let inOrder: Job[];

function byTitle(start: string): Job {
  const job = jobs.find((j) => j.title.startsWith(start));
  if (!job) throw new Error(`no job titled ${start}`);
  return job;
}

beforeAll(async () => {
  store = new SqliteJobStore(':memory:');
  await store.migrate();
  summary = await importFile(FIXTURE, store, { source: 'real', now: NOW });
  jobs = await store.loadLive(0);
  // The jobs in the file's line order (titles are unique in the fixture).
  const lines = readFileSync(FIXTURE, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  inOrder = enrichRealPostings().map((job, i) => {
    if (!job) throw new Error(`line ${i + 1} rejected`);
    return job;
  });
  expect(inOrder).toHaveLength(lines.length);
});

/** Share of derived values right and SEO precision/recall each part must keep (raised as rules improve). */
const FLOORS: readonly (readonly ['tuned' | 'held-out', { values: number; seo: number }])[] = [
  ['tuned', { values: 0.98, seo: 1 }],
  ['held-out', { values: 0.96, seo: 1 }],
];

afterAll(async () => {
  await store.close();
});

describe('importing the real postings fixture', () => {
  it('imports or rejects with a reason every record, without crashing', () => {
    expect(summary.read).toBe(TOTAL);
    expect(summary.inserted + summary.rejected).toBe(TOTAL);
    expect(summary.rejects.every((r) => r.reason !== '')).toBe(true);
    expect(summary).toMatchObject({ read: TOTAL, updated: 0, rejected: 0 });
    // Postings that share title, employer and place are one job (the store's duplicate key).
    expect(jobs.length).toBe(summary.inserted);
    expect(summary.inserted + summary.duplicates).toBe(TOTAL);
  });

  it('gives every job a digits-only board id, a position slug and a language', () => {
    for (const job of jobs) {
      expect(job.boardId).toMatch(/^\d+$/);
      expect(job.position.slug).toMatch(/^[\p{Ll}\p{N}]+(?:-[\p{Ll}\p{N}]+)*$/u);
    }
    expect(new Set(jobs.map((j) => j.boardId)).size).toBe(jobs.length);
    const languages = jobs.map((j) => j.language);
    expect(languages.filter((l) => l === 'de').length).toBeGreaterThanOrEqual(25);
    expect(languages.filter((l) => l === 'es').length).toBeGreaterThanOrEqual(12);
    expect(languages.filter((l) => l === 'en').length).toBeGreaterThanOrEqual(11);
  });

  it('keeps the Hamburg Mayer Elektro postings but they are expired', async () => {
    const mayer = jobs.filter((j) => j.company.name.startsWith('Mayer Elektro'));
    expect(mayer).toHaveLength(3);
    for (const job of mayer) {
      expect(job.validThrough).not.toBeNull();
      expect(job.validThrough ?? Infinity).toBeLessThan(NOW);
      expect(job.places[0]?.city?.slug).toBe('hamburg');
    }
    expect(mayer[0]?.company).toMatchObject({ domain: 'mayerelektro.de', website: 'https://www.mayerelektro.de' });
    const live = await store.loadLive(NOW);
    expect(live.some((j) => j.company.name.startsWith('Mayer Elektro'))).toBe(false);
  });

  it('keeps every stated salary as stated: amount, currency, period, open bound; ×12 when no payments are stated', () => {
    expect(byTitle('Auxiliar Ayuda a Domicilio').salary).toMatchObject({
      min: 12_600,
      max: 13_200,
      stated: { min: 1050, max: 1100, period: 'MONTH' },
    });
    expect(byTitle('Elektroniker/in für Energie').salary).toMatchObject({ min: 38_400, max: 50_400 });
    expect(byTitle('Técnico HSE').salary).toMatchObject({
      min: 30_000,
      max: 30_000,
      stated: { min: 30_000, max: null },
    });
    expect(byTitle('(Junior/Senior) Technischer').salary).toMatchObject({
      min: 75_000,
      max: 75_000,
      stated: { min: null, max: 75_000 },
    });
    expect(byTitle('Agency 4E7').salary).toMatchObject({
      stated: { min: 21_000, max: null, currency: 'EUR', period: 'YEAR' },
    });
    expect(byTitle('Buchhalter:in in Berlin').salary).toMatchObject({ min: 40_000, max: 50_000 });
    expect(byTitle('Senior SEO Specialist PA').salary).toMatchObject({
      min: 33_120,
      max: 55_200,
      stated: { currency: 'USD' },
    });
    expect(byTitle('Freelance marketer').salary).toMatchObject({
      min: 133_952,
      max: 133_952,
      stated: { min: 70, currency: 'USD', period: 'HOUR' },
    });
  });

  it('flags as SEO only the jobs whose main work is SEO', () => {
    expect(byTitle('Exam. Pflegefachkraft')).toMatchObject({
      isSeo: false,
      position: { slug: 'pflegefachkraft' },
      industry: 'healthcare',
    });
    expect(byTitle('Organic Search Manager')).toMatchObject({
      isSeo: true,
      position: { slug: 'seo-manager', name: 'SEO Manager' },
      workModel: 'remote',
      remotePercentage: 100,
    });
    expect(
      inOrder
        .slice(0, PINNED.length)
        .filter((j) => j.isSeo)
        .map((j) => j.title)
        .sort(),
    ).toEqual(
      PINNED.filter((e) => e.isSeo)
        .map((e) => inOrder[e.line - 1]?.title)
        .sort(),
    );
    for (const title of [
      'SEA Manager - Google Ads',
      'Digital Marketing Manager (B2B)',
      'Paid Media Content Creator',
      'Head of Growth Marketing',
    ]) {
      expect(byTitle(title)).toMatchObject({ isSeo: false, seoContext: '' });
    }
    expect(byTitle('WordPress Content Writer').seoContext).toMatch(/organic traffic|SEO/);
  });

  it('reads work models and states a remote share only where the posting does', () => {
    expect(byTitle('SEA Manager - Google Ads')).toMatchObject({ workModel: 'onsite', remotePercentage: 0 });
    expect(byTitle('Online Marketing Manager (m/w/d): Fokus')).toMatchObject({
      workModel: 'hybrid',
      remotePercentage: 40,
    });
    expect(byTitle('Freelance Content & SEO Specialist')).toMatchObject({
      workModel: 'remote',
      remotePercentage: 80,
      employmentType: 'freelance',
    });
    expect(byTitle('Online Marketing Experte')).toMatchObject({ workModel: 'hybrid', remotePercentage: 20 });
    expect(byTitle('System Spezialist')).toMatchObject({ workModel: 'onsite', remotePercentage: null });
    expect(byTitle('(Senior) SEO Specialist')).toMatchObject({
      workModel: 'hybrid',
      remotePercentage: 40,
      seniority: 'senior',
    });
    expect(byTitle('Actuario')).toMatchObject({ workModel: 'hybrid', remotePercentage: null });
    const invented = PINNED.filter(
      (e) => e.remotePercentage === null && inOrder[e.line - 1]?.remotePercentage !== null,
    );
    expect(invented.map((e) => e.title)).toEqual([]);
  });

  it('reads employment types from titles, structured values and text', () => {
    expect(byTitle('Werkstudent (m/w/d) SEO')).toMatchObject({
      employmentType: 'working-student',
      seniority: 'working-student',
    });
    expect(byTitle('Pflichtpraktikum')).toMatchObject({ employmentType: 'internship' });
    expect(byTitle('Auszubildende/r')).toMatchObject({
      employmentType: 'apprenticeship',
      position: { slug: 'elektroniker' },
    });
    expect(byTitle('MONTADOR/A')).toMatchObject({ employmentType: 'temporary' });
    expect(byTitle('Referent:in Steuern')).toMatchObject({ employmentType: 'full-time', workModel: 'remote' });
    expect(byTitle('Buscamos a nuestro/a')).toMatchObject({ employmentType: 'part-time', seniority: 'head' });
  });

  it('resolves places, also multi-word, exonym and country-only ones', () => {
    expect(byTitle('Head of Growth Marketing').places[0]?.city?.slug).toBe('köln');
    expect(byTitle('IT Supplier & Finance Manager').places[0]).toMatchObject({
      city: { slug: 'zürich' },
      countryCode: 'CH',
    });
    expect(byTitle('Junior SEO Manager').places.map((p) => p.city?.name)).toEqual(['London', 'Hamburg', 'Düsseldorf']);
    expect(byTitle('Junior SEO Manager').places[0]).toMatchObject({
      countryCode: 'GB',
      country: { name: 'United Kingdom' },
    });
    expect(byTitle('WordPress Content Writer').places[0]).toMatchObject({
      city: { name: 'West Palm Beach' },
      countryCode: 'US',
    });
    expect(byTitle('Freelance Content & SEO').places[0]).toMatchObject({ city: { slug: 'wien' }, countryCode: 'AT' });
    expect(byTitle('System Spezialist').places[0]).toMatchObject({ city: { slug: 'zürich' }, countryCode: 'CH' });
    expect(byTitle('Paid Media Content Creator').places[0]).toMatchObject({ city: null, countryCode: 'ES' });
    expect(byTitle('Cocinero/a').places[0]).toMatchObject({ city: { slug: 'madrid' }, countryCode: 'ES' });
  });

  it('finds skills and writes short card texts', () => {
    expect(byTitle('Organic Search Manager').skills.map((s) => s.slug)).toEqual(
      expect.arrayContaining(['seo', 'sistrix', 'ahrefs', 'screaming-frog', 'looker-studio']),
    );
    for (const job of jobs) {
      expect(job.summary.length).toBeLessThanOrEqual(201);
      for (const text of [job.seoContext, job.salaryContext, job.remoteContext])
        expect(text.length).toBeLessThanOrEqual(241);
      expect(job.searchText.length).toBeLessThanOrEqual(2_600);
    }
    expect(byTitle('Agency 4E7').salaryContext).toContain('Mindestgehalt von 21.000 €');
  });
});

describe('each pinned real posting, field by field as a recruiter reads it (expected.json)', () => {
  it.each(PINNED.map((e) => [e.line, e.title, e] as const))('line %i: %s', (line, _title, e) => {
    const job = inOrder[line - 1];
    if (!job) throw new Error(`no job on line ${line}`);
    const actual = Object.fromEntries(FIELDS.map((f) => [f, actualOf(job, f)]));
    const expected = Object.fromEntries(FIELDS.map((f) => [f, expectedOf(e, f)]));
    expect(actual).toEqual(expected);
  });

  it('scores, on the tuned part and on the held-out third, at least the recorded floors', () => {
    for (const [part, floor] of FLOORS) {
      const report = scoreRealPostings(inOrder, part);
      expect(report.right / report.total, part).toBeGreaterThanOrEqual(floor.values);
      expect(report.seo.tp / Math.max(1, report.seo.tp + report.seo.fp), part).toBeGreaterThanOrEqual(floor.seo);
      expect(report.seo.tp / Math.max(1, report.seo.tp + report.seo.fn), part).toBeGreaterThanOrEqual(floor.seo);
      expect(report.salaries.right, part).toBe(report.salaries.stated);
    }
  });
});
