import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '../../src/domain/job.js';
import { importFile, type ImportSummary } from '../../src/ingest/run-import.js';
import { SqliteJobStore } from '../../src/store/sqlite-store.js';

/** 54 real postings (see its README): imported into the real SQLite store, in memory. */
const FIXTURE = fileURLToPath(new URL('../fixtures/real-postings/postings.ndjson', import.meta.url));
const NOW = Date.UTC(2026, 10, 21);
const TOTAL = readFileSync(FIXTURE, 'utf8').split('\n').filter((l) => l.trim() !== '').length;

let store: SqliteJobStore;
let summary: ImportSummary;
let jobs: Job[];

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
});

afterAll(async () => {
  await store.close();
});

describe('importing the real postings fixture', () => {
  it('imports or rejects with a reason every record, without crashing', () => {
    expect(summary.read).toBe(TOTAL);
    expect(summary.inserted + summary.rejected).toBe(TOTAL);
    expect(summary.rejects.every((r) => r.reason !== '')).toBe(true);
    expect(summary).toMatchObject({ read: 54, inserted: 54, updated: 0, rejected: 0 });
    expect(jobs).toHaveLength(54);
  });

  it('gives every job a digits-only board id, a position slug and a language', () => {
    for (const job of jobs) {
      expect(job.boardId).toMatch(/^\d+$/);
      expect(job.position.slug).toMatch(/^[\p{Ll}\p{N}]+(?:-[\p{Ll}\p{N}]+)*$/u);
    }
    expect(new Set(jobs.map((j) => j.boardId)).size).toBe(54);
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

  it('annualises monthly salaries: InfoJobs ×14 in Spain, ×12 in Germany', () => {
    expect(byTitle('Auxiliar Ayuda a Domicilio').salary).toEqual({ min: 14_700, max: 15_400 });
    expect(byTitle('Elektroniker/in für Energie').salary).toEqual({ min: 38_400, max: 50_400 });
    expect(byTitle('Técnico HSE').salary).toEqual({ min: 30_000, max: 30_000 });
    expect(byTitle('Buchhalter:in in Berlin').salary).toEqual({ min: 40_000, max: 50_000 });
    expect(byTitle('Senior SEO Specialist PA').salary).toEqual({ min: 33_120, max: 55_200 });
    expect(byTitle('Freelance marketer').salary).toEqual({ min: 133_952, max: 133_952 });
  });

  it('does not flag a nurse as SEO, and flags an SEO manager as SEO and remote', () => {
    expect(byTitle('Exam. Pflegefachkraft')).toMatchObject({ isSeo: false, position: { slug: 'pflegefachkraft' }, industry: 'healthcare' });
    expect(byTitle('Organic Search Manager')).toMatchObject({
      isSeo: true,
      position: { slug: 'seo-manager', name: 'SEO Manager' },
      workModel: 'remote',
      remotePercentage: 100,
    });
  });

  it('counts the SEO / SEA / content / online-marketing roles the README counts', () => {
    expect(jobs.filter((j) => j.isSeo)).toHaveLength(22);
  });

  it('reads work models and remote shares as written', () => {
    expect(byTitle('SEA Manager - Google Ads')).toMatchObject({ workModel: 'onsite', remotePercentage: 0 });
    expect(byTitle('Online Marketing Manager (m/w/d): Fokus')).toMatchObject({ workModel: 'hybrid', remotePercentage: 40 });
    expect(byTitle('Freelance Content & SEO Specialist')).toMatchObject({ workModel: 'remote', remotePercentage: 80, employmentType: 'freelance' });
    expect(byTitle('Online Marketing Experte')).toMatchObject({ workModel: 'hybrid', remotePercentage: 20 });
    expect(byTitle('System Spezialist')).toMatchObject({ workModel: 'onsite', remotePercentage: 0 });
    expect(byTitle('(Senior) SEO Specialist')).toMatchObject({ workModel: 'hybrid', remotePercentage: 40, seniority: 'senior' });
    expect(byTitle('Actuario')).toMatchObject({ workModel: 'hybrid' });
  });

  it('reads employment types from titles, structured values and text', () => {
    expect(byTitle('Werkstudent (m/w/d) SEO')).toMatchObject({ employmentType: 'working-student', seniority: 'intern' });
    expect(byTitle('Pflichtpraktikum')).toMatchObject({ employmentType: 'internship' });
    expect(byTitle('Auszubildende/r')).toMatchObject({ employmentType: 'apprenticeship', position: { slug: 'elektroniker' } });
    expect(byTitle('MONTADOR/A')).toMatchObject({ employmentType: 'temporary' });
    expect(byTitle('Referent:in Steuern')).toMatchObject({ employmentType: 'full-time', workModel: 'remote' });
    expect(byTitle('Buscamos a nuestro/a')).toMatchObject({ employmentType: 'part-time', seniority: 'head' });
  });

  it('resolves places, also multi-word, exonym and country-only ones', () => {
    expect(byTitle('Head of Growth Marketing').places[0]?.city?.slug).toBe('köln');
    expect(byTitle('IT Supplier & Finance Manager').places[0]).toMatchObject({ city: { slug: 'zürich' }, countryCode: 'CH' });
    expect(byTitle('Junior SEO Manager').places[0]).toMatchObject({ city: null, country: { name: 'United Kingdom' } });
    expect(byTitle('Paid Media Content Creator').places[0]).toMatchObject({ city: null, countryCode: 'ES' });
    expect(byTitle('Cocinero/a').places[0]).toMatchObject({ city: { slug: 'madrid' }, countryCode: 'ES' });
  });

  it('finds skills and writes short card texts', () => {
    expect(byTitle('Organic Search Manager').skills.map((s) => s.slug)).toEqual(
      expect.arrayContaining(['seo', 'sistrix', 'ahrefs', 'screaming-frog', 'looker-studio']),
    );
    for (const job of jobs) {
      expect(job.summary.length).toBeLessThanOrEqual(201);
      for (const text of [job.seoContext, job.salaryContext, job.remoteContext]) expect(text.length).toBeLessThanOrEqual(241);
      expect(job.searchText.length).toBeLessThanOrEqual(2_600);
    }
    expect(byTitle('Agency 4E7').salaryContext).toContain('Mindestgehalt von 21.000 €');
  });
});
