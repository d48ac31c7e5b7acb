import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Job } from '../../src/domain/job.js';
import { DETAIL_TEXT_CHARS, SEARCH_TEXT_CHARS } from '../../src/ingest/enrich.js';
import { recordToJob } from '../../src/ingest/record-to-job.js';
import { MUNICH } from '../builders.js';

const NOW = Date.UTC(2026, 10, 21);
const fixtureLines = readFileSync(
  fileURLToPath(new URL('../fixtures/ingest/mixed.ndjson', import.meta.url)),
  'utf8',
).split('\n');
const recordAt = (line: number): unknown => JSON.parse(fixtureLines[line - 1] ?? 'null');

function enrich(record: unknown): Job {
  const result = recordToJob(record, { source: 'test', now: NOW });
  if (!result.ok) throw new Error(result.reason);
  return result.job;
}

describe('recordToJob', () => {
  it('enriches a complete posting into a Job', () => {
    const record = recordAt(1) as { title: string; description: string };
    // The description's two paragraphs, as a reader sees them in the record.
    const [strategy, homeOffice] = record.description.split('</p><p>').map((p) => p.replace(/<\/?p>/g, ''));
    expect([strategy, homeOffice]).toEqual([
      'Du verantwortest unsere SEO-Strategie mit Sistrix und der Google Search Console.',
      'Zwei Tage Homeoffice pro Woche.',
    ]);
    const job = enrich(record);
    // Read straight from the record's fields.
    expect(job).toMatchObject({
      key: 'test:id::1001',
      boardId: '1001',
      source: 'test',
      url: null,
      title: record.title,
      company: { name: 'Acme GmbH', domain: 'acme.de', website: 'https://www.acme.de', logoUrl: null, size: '51-200' },
      places: [MUNICH],
      // baseSalary: 55,000-65,000 EUR a year, kept as stated
      salary: {
        min: 55_000,
        max: 65_000,
        stated: { min: 55_000, max: 65_000, currency: 'EUR', period: 'YEAR', paymentsPerYear: 12 },
      },
      estimatedSalary: null,
      postedAt: Date.UTC(2026, 9, 1),
      validThrough: null,
    });
    // Derived: an SEO Manager (title) in online marketing, nothing said of hours, no level signal
    // (a qualified role: mid), two of five days at home (40 %), German text, the three tools named.
    expect(job).toMatchObject({
      industry: 'online-marketing',
      position: { slug: 'seo-manager', name: 'SEO Manager' },
      seniority: 'mid',
      employmentType: null,
      workModel: 'hybrid',
      remotePercentage: 40,
      isSeo: true,
      language: 'de',
    });
    expect(job.skills.map((k) => k.name).sort()).toEqual(['Google Search Console', 'SEO', 'Sistrix']);
    // Card texts quote the description's own sentences: the one about SEO, the one about home office.
    expect(job.seoContext).toBe(strategy);
    expect(job.remoteContext).toBe(homeOffice);
    expect(job.summary).toBe(`${strategy} ${homeOffice}`);
    expect(job.salaryContext).toBe(''); // the salary is structured data; no sentence states it
    // Everything searchable, and no markup.
    for (const part of [record.title, 'Acme GmbH', 'Sistrix', strategy!, homeOffice!])
      expect(job.searchText).toContain(part);
    expect(job.searchText).not.toMatch(/[<>]/);
    expect(Object.keys(job).sort()).toEqual([
      'boardId',
      'company',
      'detail',
      'employmentType',
      'estimatedSalary',
      'industry',
      'isSeo',
      'key',
      'language',
      'places',
      'position',
      'postedAt',
      'remoteContext',
      'remoteEligibility',
      'remotePercentage',
      'salary',
      'salaryContext',
      'searchText',
      'seniority',
      'seoContext',
      'skills',
      'source',
      'summary',
      'title',
      'url',
      'validThrough',
      'workModel',
    ]);
  });

  it('keeps the whole description, the apply URL and the stated salary for the detail view', () => {
    const long = Array.from({ length: 3000 }, (_, i) => `<p>Absatz ${i} über SEO und Inhalte.</p>`).join('');
    const job = enrich({
      '@type': 'JobPosting',
      title: 'SEO Lead',
      identifier: '77',
      url: 'https://jobs.example.com/77',
      hiringOrganization: { name: 'Acme GmbH' },
      jobLocation: { address: { addressLocality: 'Wien', addressCountry: 'AT' } },
      description: long,
      baseSalary: { currency: 'CHF', value: { value: 7000, unitText: 'MONTH' } },
    });
    expect(job.detail?.applyUrl).toBe('https://jobs.example.com/77');
    expect(job.detail?.statedSalary).toEqual({ currency: 'CHF', min: 7000, max: 7000, unit: 'MONTH', text: null });
    const description = job.detail?.description ?? '';
    expect(description.startsWith('Absatz 0 über SEO und Inhalte.\nAbsatz 1 über')).toBe(true);
    // longer than the searched text, cut at a line within the bound
    expect(description.length).toBeGreaterThan(SEARCH_TEXT_CHARS * 5);
    expect(description.length).toBeLessThanOrEqual(DETAIL_TEXT_CHARS + 2);
    expect(description.endsWith('Inhalte.\n…')).toBe(true);
  });

  it('enriches a sparse posting: multi-city place, title cues, derived board id, end-of-day validThrough', () => {
    const job = enrich(recordAt(12));
    expect(job).toMatchObject({
      key: 'test:id:board:ws-77',
      title: 'Werkstudent:in Online-Marketing',
      position: { slug: 'online-marketing-manager', name: 'Online Marketing Manager' },
      seniority: 'working-student',
      employmentType: 'working-student',
      workModel: 'onsite',
      remotePercentage: null,
      isSeo: false,
      salary: null,
      summary: '',
      validThrough: Date.UTC(2026, 11, 31, 23, 59, 59, 999),
    });
    expect(job.boardId).toMatch(/^9\d{16}$/);
    expect(job.places.map((p) => p.city?.slug)).toEqual(['düsseldorf', 'hamburg']);
  });

  it('rejects an invalid record with the validation reason', () => {
    expect(recordToJob(recordAt(5), { source: 'test', now: NOW })).toEqual({
      ok: false,
      reason: 'hiringOrganization.name is missing',
    });
  });

  it('bounds searchText and keeps card texts short', () => {
    const description = `<p>${'Wir suchen Verstärkung für unser SEO-Team in München. '.repeat(200)}</p>`;
    const job = enrich({ '@type': 'JobPosting', title: 'SEO Manager', hiringOrganization: 'A', description });
    expect(job.searchText.length).toBeLessThan(2_100);
    expect(job.summary.length).toBeLessThanOrEqual(201);
    expect(job.seoContext.length).toBeLessThanOrEqual(241);
  });

  it('reads a salary stated only in the title', () => {
    expect(
      enrich({
        '@type': 'JobPosting',
        title: 'Buchhalter:in in Berlin Süd 40.000 - 50.000, hybrid',
        hiringOrganization: 'W',
      }).salary,
    ).toEqual({
      min: 40_000,
      max: 50_000,
      stated: { min: 40_000, max: 50_000, currency: 'EUR', period: 'YEAR', paymentsPerYear: 12 },
    });
  });

  it('gives a remote posting without places the country of its applicant location', () => {
    const job = enrich({
      '@type': 'JobPosting',
      title: 'QA Tester (Remote within Spain)',
      hiringOrganization: 'Leadtech',
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'Spain' },
    });
    expect(job.places).toEqual([
      {
        city: null,
        region: null,
        country: { slug: 'españa', name: 'España' },
        countryCode: 'ES',
        lat: null,
        lon: null,
      },
    ]);
    expect(job).toMatchObject({ workModel: 'remote', remotePercentage: 100 });
  });
});

describe('recordToJob on arbitrary input', () => {
  it('never throws and never fails inside enrichment: any JSON value is a Job or a validation reject', () => {
    const field = fc.oneof(fc.jsonValue(), fc.string(), fc.constantFrom('', 'TELECOMMUTE', '2026-01-01', '40.000 €'));
    const postingLike = fc.record(
      {
        '@type': fc.constantFrom('JobPosting', ['JobPosting'], 'Organization'),
        title: fc.oneof(fc.string(), fc.jsonValue()),
        hiringOrganization: fc.oneof(fc.string(), fc.record({ name: field, sameAs: field, numberOfEmployees: field })),
        description: field,
        jobLocation: fc.oneof(
          field,
          fc.record({ address: fc.record({ addressLocality: field, addressCountry: field }) }),
        ),
        baseSalary: fc.oneof(
          field,
          fc.record({
            currency: field,
            value: fc.oneof(field, fc.record({ minValue: field, maxValue: field, unitText: field })),
          }),
        ),
        employmentType: field,
        identifier: field,
        datePosted: field,
        validThrough: field,
        jobLocationType: field,
        skills: field,
      },
      { requiredKeys: ['@type'] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), postingLike), (record) => {
        const result = recordToJob(record, { source: 'fuzz', now: NOW });
        if (result.ok) expect(result.job.boardId).toMatch(/^\d+$/);
        else expect(result.reason).not.toMatch(/^enrichment failed/);
      }),
      // INGEST_PROPERTY_RUNS: fewer under mutation testing (vitest.stryker.config.ts), where this
      // property runs for every mutant of the ingest scope it reaches.
      { numRuns: Number(process.env.INGEST_PROPERTY_RUNS ?? 2_000) },
    );
  });
});
