import { describe, expect, it } from 'vitest';
import { validatePosting } from '../../src/ingest/validate.js';

const base = { '@type': 'JobPosting', title: 'SEO Manager (m/w/d)', hiringOrganization: { name: 'Acme GmbH' } };
const reasonOf = (record: unknown): string | null => {
  const v = validatePosting(record);
  return v.ok ? null : v.reason;
};

describe('validatePosting', () => {
  it('accepts a minimal posting and narrows it to one shape', () => {
    const v = validatePosting(base);
    expect(v).toEqual({
      ok: true,
      posting: {
        title: 'SEO Manager (m/w/d)',
        description: null,
        identifier: null,
        url: null,
        datePosted: null,
        validThrough: null,
        employmentTypes: [],
        jobLocationType: null,
        organization: { name: 'Acme GmbH', urls: [], logo: null, industry: null, employees: null },
        industry: null,
        locations: [],
        applicantLocations: [],
        salary: null,
        skills: '',
        workHours: null,
        occupationalCategories: [],
        qualifications: null,
        responsibilities: null,
        experienceRequirements: null,
      },
    });
  });

  it.each([
    ['a non-object', 'just text', "record is not a JSON object: 'just text'"],
    ['no @type', { title: 'x', hiringOrganization: 'A' }, '@type is missing (expected JobPosting)'],
    ['another @type', { ...base, '@type': 'Organization' }, "@type is not JobPosting: 'Organization'"],
    ['no title', { ...base, title: undefined }, 'title is missing'],
    ['a numeric title', { ...base, title: 7 }, "title is not a string: '7'"],
    ['a blank title', { ...base, title: '  ' }, 'title is empty'],
    [
      'an organisation without name',
      { ...base, hiringOrganization: { '@type': 'Organization' } },
      'hiringOrganization.name is missing',
    ],
    ['a bad datePosted', { ...base, datePosted: 'foo' }, "datePosted is not a date: 'foo'"],
    ['a date without year', { ...base, datePosted: '12.03.' }, "datePosted is not a date: '12.03.'"],
    ['an impossible validThrough', { ...base, validThrough: '2026-02-30' }, "validThrough is not a date: '2026-02-30'"],
    ['a text baseSalary', { ...base, baseSalary: '50000' }, "baseSalary is not a MonetaryAmount: '50000'"],
    [
      'a non-numeric minValue',
      { ...base, baseSalary: { value: { minValue: 'viel' } } },
      "baseSalary.value.minValue is not a number: 'viel'",
    ],
    [
      'a boolean salary value',
      { ...base, baseSalary: { value: true } },
      "baseSalary.value is not a number, text or QuantitativeValue: 'true'",
    ],
    ['a numeric jobLocation', { ...base, jobLocation: 5 }, "jobLocation is not a Place or a list of Places: '5'"],
    ['a bad place in a list', { ...base, jobLocation: [{ address: {} }, 3] }, "jobLocation[1] is not a Place: '3'"],
    [
      'a boolean identifier',
      { ...base, identifier: true },
      "identifier is not a string, number or PropertyValue: 'true'",
    ],
    [
      'a PropertyValue without value',
      { ...base, identifier: { '@type': 'PropertyValue', name: 'x' } },
      'identifier.value is missing',
    ],
    ['a description object', { ...base, description: { text: 'x' } }, 'description is not a string: \'{"text":"x"}\''],
    [
      'a numeric employmentType',
      { ...base, employmentType: ['FULL_TIME', 3] },
      'employmentType is not a string or list of strings: \'["FULL_TIME",3]\'',
    ],
  ])('rejects %s with a reason naming the field', (_, record, reason) => {
    expect(reasonOf(record)).toBe(reason);
  });

  it('keeps a posting that names no employer, under the unknown company', () => {
    const v = validatePosting({ ...base, hiringOrganization: undefined });
    expect(v.ok && v.posting.organization.name).toBe('unknown');
  });

  it('accepts the lenient forms of real feeds', () => {
    const v = validatePosting({
      ...base,
      '@type': ['JobPosting'],
      hiringOrganization: 'Acme GmbH',
      jobLocationType: 'HYBRID',
      baseSalary: { '@type': 'MonetaryAmount', currency: 'EUR', value: 'Más de 30.000€' },
      workHours: '80% – 100%',
      identifier: { '@type': 'PropertyValue', name: 'infojobs', value: 'cf18' },
      datePosted: '2023-05-29T16:51:12.000Z',
      validThrough: '2025-12-31',
      employmentType: 'FULL_TIME',
      skills: ['SEO', { '@type': 'DefinedTerm', name: 'Sistrix' }],
    });
    expect(v.ok).toBe(true);
    if (!v.ok) return;
    expect(v.posting).toMatchObject({
      jobLocationType: 'HYBRID',
      salary: { currency: 'EUR', min: null, max: null, unit: null, text: 'Más de 30.000€' },
      workHours: '80% – 100%',
      identifier: { name: 'infojobs', value: 'cf18' },
      datePosted: Date.UTC(2023, 4, 29, 16, 51, 12),
      validThrough: Date.UTC(2025, 11, 31, 23, 59, 59, 999),
      employmentTypes: ['FULL_TIME'],
      skills: 'SEO, Sistrix',
    });
  });

  it('reads dates as ISO dates, date-times (also with a space), German dates and epoch numbers', () => {
    const dates = ['2026-11-02', '2026-11-02T08:30:00Z', '2026-11-02 08:30:00Z', '02.11.2026', Date.UTC(2026, 10, 2)];
    const parsed = dates.map((d) => {
      const v = validatePosting({ ...base, datePosted: d });
      return v.ok ? v.posting.datePosted : null;
    });
    expect(parsed).toEqual([
      Date.UTC(2026, 10, 2),
      Date.UTC(2026, 10, 2, 8, 30),
      Date.UTC(2026, 10, 2, 8, 30),
      Date.UTC(2026, 10, 2),
      Date.UTC(2026, 10, 2),
    ]);
  });

  it('reads places, geo, applicant locations and the organisation', () => {
    const v = validatePosting({
      ...base,
      hiringOrganization: {
        name: 'Mayer',
        sameAs: 'https://www.mayerelektro.de',
        logo: { '@type': 'ImageObject', url: 'https://x.de/logo.png' },
        numberOfEmployees: { '@type': 'QuantitativeValue', minValue: 50, maxValue: 150 },
      },
      jobLocation: [
        {
          '@type': 'Place',
          address: { addressLocality: 'Hamburg', addressCountry: { '@type': 'Country', name: 'DE' } },
          geo: { latitude: '53.55', longitude: 9.99 },
        },
        { '@type': 'Place', address: 'Wien' },
      ],
      applicantLocationRequirements: [{ '@type': 'Country', name: 'Spain' }],
      baseSalary: { currency: 'usd', value: { minValue: '36000.0', maxValue: 60000, unitText: 'year' } },
    });
    expect(v.ok && v.posting).toMatchObject({
      organization: {
        name: 'Mayer',
        urls: ['https://www.mayerelektro.de'],
        logo: 'https://x.de/logo.png',
        employees: 100,
      },
      locations: [
        { locality: 'Hamburg', region: null, country: 'DE', lat: 53.55, lon: 9.99 },
        { locality: 'Wien', region: null, country: null, lat: null, lon: null },
      ],
      applicantLocations: ['Spain'],
      salary: { currency: 'USD', min: 36000, max: 60000, unit: 'YEAR', text: null },
    });
  });

  it('takes only absolute http(s) URLs into the apply link and the logo, naming the field of any other', () => {
    for (const url of [
      'javascript:alert(14)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>x</script>',
      'vbscript:x',
      'file:///etc/passwd',
      '/jobs/7',
      'www.acme.de/jobs/7',
      'https://',
      'mailto:jobs@acme.de',
    ]) {
      expect(reasonOf({ ...base, url }), url).toMatch(/^url is not an http\(s\) URL: '/);
      expect(reasonOf({ ...base, hiringOrganization: { name: 'Acme', logo: url } }), url).toMatch(
        /^hiringOrganization\.logo is not an http\(s\) URL/,
      );
    }
    for (const url of ['https://acme.de/jobs/7', 'http://acme.de', 'HTTPS://ACME.DE/x?y=1#z']) {
      expect(reasonOf({ ...base, url, hiringOrganization: { name: 'Acme', logo: url } }), url).toBeNull();
    }
    const org = validatePosting({
      ...base,
      hiringOrganization: { name: 'Acme', url: 'javascript:void(0)', sameAs: ['https://acme.de', 'data:,x'] },
    });
    expect(org.ok && org.posting.organization.urls).toEqual(['https://acme.de']);
  });
});
